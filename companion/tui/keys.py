"""Footer words in the table's language.

Textual takes a key's footer label from its `Binding.description`, fixed
when the class is defined. `translate_keys` swaps each binding of a screen
for a copy whose description is the pack line `ui.key.<action>` (the
action's name without arguments; a screen's `KEY_LINES` may name another
line), keeping the class's English where no line exists. It reaches into the screen's binding map, the only place Textual
keeps them; that is confined to this one function.
"""

from __future__ import annotations

import re
from dataclasses import replace

from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode

from .i18n import ui


def action_name(action: str) -> str:
    """`app.mute` -> `mute`, `choose(1)` -> `choose`."""
    return action.split("(", 1)[0].rsplit(".", 1)[-1]


def action_values(action: str) -> dict[str, str]:
    """`free_roll('d6')` -> {"dice": "d6", "n": "d6"}: fills a label such as "Roll {dice}"."""
    match = re.search(r"\((.*)\)", action)
    arg = match.group(1).strip().strip("'\"") if match else ""
    return {"dice": arg, "n": arg}


def own_label(node: object, action: str) -> str | None:
    """A key's words that a screen gives itself for now (Gauekos names a forced step on its key:
    `␣ Gus dies of grief`), from its `key_label(action)`; None: the packs' words."""
    hook = getattr(node, "key_label", None)
    return hook(action) if callable(hook) else None


def key_lines(node: object) -> dict[str, str]:
    """A node's `KEY_LINES`, a subclass's over its bases' (a game's screen keeps the frame's)."""
    lines: dict[str, str] = {}
    for cls in reversed(type(node).__mro__):
        lines.update(vars(cls).get("KEY_LINES", {}))
    return lines


def key_line(action: str, own_lines: dict[str, str]) -> str:
    """The pack line naming a key's action: the node's KEY_LINES entry, else `ui.key.<action>`."""
    name = action_name(action)
    return own_lines.get(name, f"ui.key.{name}")


def translate_keys(node: DOMNode, lang: str) -> None:
    """Relabel `node`'s key bindings in `lang` and refresh the footer."""
    originals = getattr(node, "_original_keys", None)
    if originals is None:
        originals = {key: list(bs) for key, bs in node._bindings.key_to_bindings.items()}
        node._original_keys = originals  # type: ignore[attr-defined]
    own_lines = key_lines(node)
    for key, bindings in originals.items():
        node._bindings.key_to_bindings[key] = [
            replace(b, description=ui(key_line(b.action, own_lines), lang, **action_values(b.action)))
            if b.description else b
            for b in bindings
        ]
    node.refresh_bindings()


# -- what the footer shows, and the full list behind `?` ------------------------------

def key_cost(key_display: str, description: str) -> int:
    """The cells one key takes in a compact footer: `key description` and a space after it."""
    from rich.cells import cell_len

    return cell_len(key_display) + (1 + cell_len(description) if description else 0) + 1


def fit_keys(items: list[Any], costs: list[int], actions: list[str], width: int,
             spare: tuple[str, ...]) -> list[Any]:
    """The items (in their order) that fit `width`: those whose action is named in `spare`
    are dropped first, in that order, then the rightmost; `help` (the `?` key) stays."""
    keep = list(range(len(items)))
    total = sum(costs)
    order = [i for name in spare for i in keep if action_name(actions[i]) == name]
    order += [i for i in reversed(keep) if i not in order and action_name(actions[i]) != "help"]
    for index in order:
        if total <= width:
            break
        keep.remove(index)
        total -= costs[index]
    return [items[i] for i in keep]


def has_line(line_id: str, lang: str) -> bool:
    from companion.core.language import template

    return template(line_id, lang) != line_id


def key_list(screen: Any, lang: str) -> list[tuple[str, str]]:
    """Every key of `screen` and of the app, as (keys, what it does) in `lang`: the keys of one
    action together (`1-9`), a key without words only when the packs name its action."""
    app = screen.app
    rows: dict[str, tuple[list[str], str]] = {}
    seen: set[str] = set()
    # A focused widget's keys are its own while it has the focus (the choice bar's arrows and
    # Enter): listed after the screen's, even where the screen uses the same keys for itself.
    focused_keys = [(bar, set()) for bar in screen.query("ChoiceBar") if bar.display]
    bar_groups: set[str] = set()
    for node, skip in ((screen, seen), *focused_keys, (app, seen)):
        own_lines = key_lines(node)
        for key, bindings in node._bindings.key_to_bindings.items():
            if key in skip:
                continue
            skip.add(key)
            for binding in bindings:
                name = action_name(binding.action)
                if name in ("command_palette",):
                    continue
                line = key_line(binding.action, own_lines)
                label = own_label(node, binding.action)
                if label:
                    words = label
                elif has_line(line, lang):
                    words = ui(line, lang, **action_values(binding.action))
                elif binding.description and binding.description != line:  # (relabelled to the bare id)
                    words = binding.description
                else:
                    continue
                display = app.get_key_display(binding)
                group = f"{name}:{words}"
                if skip is not seen:
                    bar_groups.add(group)
                keys, _ = rows.setdefault(group, ([], words))
                if binding.key_display and binding.show:  # `1-9`: the shown one names them all
                    keys[:] = [display]
                elif not (keys and "-" in keys[0] and len(keys[0]) > 1 and keys[0][0].isdigit()):
                    keys.append(display)
    palette = app.COMMAND_PALETTE_BINDING
    if app.ENABLE_COMMAND_PALETTE:
        rows["command_palette"] = ([app.get_key_display(Binding(palette, "command_palette"))],
                                   ui("ui.key.command_palette", lang))
    last = [group for group in rows if group.split(":", 1)[0] in GENERIC]  # Textual's own keys go last
    if focused_keys:  # Tab and shift+Tab just before the keys of the bar they reach
        focus = [group for group in last if group.split(":", 1)[0] in ("focus_next", "focus_previous")]
        bar = next((group for group in rows if group in bar_groups), None)
        last = [group for group in last if group not in focus]
        ordered = [group for group in rows if group not in last and group not in focus]
        at = ordered.index(bar) if bar is not None else len(ordered)
        ordered[at:at] = focus
    else:
        ordered = [group for group in rows if group not in last]
    ordered += last
    return [(" ".join(rows[g][0]), rows[g][1]) for g in ordered if rows[g][0]]


GENERIC = ("focus_next", "focus_previous", "copy_text", "command_palette", "quit")

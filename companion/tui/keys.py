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
    own_lines = getattr(node, "KEY_LINES", {})
    for key, bindings in originals.items():
        node._bindings.key_to_bindings[key] = [
            replace(b, description=ui(key_line(b.action, own_lines), lang, **action_values(b.action)))
            if b.description else b
            for b in bindings
        ]
    node.refresh_bindings()

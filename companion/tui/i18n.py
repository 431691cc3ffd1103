"""UI words by id, in the table's language.

Every word the TUI shows comes from the voice packs (ids prefixed `ui.`),
through `companion.core.language.render`, so the screen speaks the same
language as the narrator. Values are filled in as plain text; to put them
on screen wrap the result in `Content(...)`, never in markup.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Line, Text
from companion.core.language import render


def ui(line_id: str, lang: str, **values: Any) -> str:
    """The UI line `line_id` in `lang` (English, then the id, as fallback)."""
    return render(Line(line_id, values), lang)


def say(text: Text, lang: str) -> str:
    """A game's Line (or plain text) as words in `lang`."""
    return render(text, lang)


def game_title(game_cls: Any, lang: str) -> str:
    """A game's title in the table's language (`game.<name>.title`)."""
    return render(Line(f"game.{game_cls.name}.title"), lang)


def game_summary(game_cls: Any, lang: str) -> str:
    return render(Line(f"game.{game_cls.name}.summary"), lang)


def option_label(game_name: str, option: Any, lang: str) -> str:
    return render(Line(f"game.{game_name}.option.{option.key}"), lang)


def option_help(game_name: str, option: Any, lang: str) -> str:
    return render(Line(f"game.{game_name}.option.{option.key}.help"), lang)


def option_value(game_name: str, option: Any, value: Any, lang: str) -> str:
    """A choice of an option in words (`both` -> "both powers"); on/off for switches."""
    if isinstance(value, bool):
        return render(Line("ui.on" if value else "ui.off"), lang)
    if option.choices:
        return render(Line(f"game.{game_name}.option.{option.key}.{value}"), lang)
    return str(value)


def state_label(game_name: str, key: str, lang: str) -> str:
    """A state key as a label: `state.<game>.<key>` in the packs."""
    return render(Line(f"state.{game_name}.{key}"), lang)

"""UI words by id, in the table's language.

Every word the TUI shows comes from the voice packs (ids prefixed `ui.`),
through `companion.core.language.render`, so the screen speaks the same
language as the narrator. Values are filled in as plain text; to put them
on screen wrap the result in `Content(...)`, never in markup.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Line, Text
from companion.core.language import fill, render, template


def ui(line_id: str, lang: str, **values: Any) -> str:
    """The UI line `line_id` in `lang` (English, then the id, as fallback)."""
    return render(Line(line_id, values), lang)


def say(text: Text, lang: str) -> str:
    """A game's Line (or plain text) as words in `lang`."""
    return render(text, lang)


def text_or(line_id: str, lang: str, default: str, **values: Any) -> str:
    """A pack line if some pack has it, else `default` (a game's own English)."""
    found = template(line_id, lang)
    if found == line_id:
        return default
    return fill(found, values)


def game_title(game_cls: Any, lang: str) -> str:
    """A game's title: `game.<name>.title` in the packs, else the class's title."""
    return text_or(f"game.{game_cls.name}.title", lang, game_cls.title)


def game_summary(game_cls: Any, lang: str) -> str:
    return text_or(f"game.{game_cls.name}.summary", lang, getattr(game_cls, "summary", ""))


def option_label(game_name: str, option: Any, lang: str) -> str:
    return text_or(f"game.{game_name}.option.{option.key}", lang, option.label)


def option_help(game_name: str, option: Any, lang: str) -> str:
    return text_or(f"game.{game_name}.option.{option.key}.help", lang, option.help)


def state_label(game_name: str, key: str, lang: str) -> str:
    """A state key as a label: `state.<game>.<key>` in the packs, else the key in words."""
    return text_or(f"state.{game_name}.{key}", lang, key.replace("_", " ").capitalize())

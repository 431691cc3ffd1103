"""A `Line`: something to show or say, as a voice-pack line id and its values.

It sits below everything else in the core (errors, notation, games and the
language module all speak in Lines), so it imports nothing of ours.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True, slots=True)
class Line:
    """Something to show or say: a voice-pack line id and its values."""

    id: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted((k, str(v)) for k, v in self.values.items()))))


Text = Line | str


@dataclass(frozen=True, slots=True)
class Notation:
    """Notation a line quotes (`Se puede: tirar, plantarse`): canonical in `str()` (so a Line's
    hash and its English words are those of the saved form), spelled in the table's words
    when a line is rendered for a language (`language.render` calls `words`); `spell` is the
    game's speller, `spell(text, lang)`."""

    texts: tuple[str, ...]
    spell: Callable[[str, str], str] | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return ", ".join(self.texts)

    def words(self, lang: str) -> str:
        spell = self.spell
        return ", ".join(spell(t, lang) if spell is not None else t for t in self.texts)


def joined(items: list[Any], game: str, empty: str = "nobody") -> Any:
    """Items (names, or Lines) joined the table's way with the game's `list.comma` and
    `list.and` lines ("Ana, Bea y Carlos"); the game's `empty` line when there are none."""
    if not items:
        return Line(f"{game}.{empty}")
    result = items[0]
    for item in items[1:-1]:
        result = Line(f"{game}.list.comma", {"a": result, "b": item})
    return result if len(items) == 1 else Line(f"{game}.list.and", {"a": result, "b": items[-1]})

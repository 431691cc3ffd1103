"""The game's words: every line is `alien-1979.<id>` in voices/<lang>/alien-1979.toml.

Cards and sectors are Lines too, so a card reads "Rey de oros", "King of
coins" or "urreetako erregea" in the table's language. Spanish and English
lines name a sector with its article where it needs one (`sector.nave` is
"la nave auxiliar", "the shuttle"); Basque lines say "{sector} sektorea" and
put the case ending on the word `sektore`, so a sector's name never declines.
"""

from __future__ import annotations

from typing import Any, Iterable

from companion.core.game import Event, Line
from companion.core.lines import joined

from .cards import rank, suit
from .notation import NAME


def line(name: str, **values: Any) -> Line:
    return Line(f"{NAME}.{name}", values)


def event(name: str, *, private: bool = False, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), private=private, speak=speak and not private)


def sector(s: str | None) -> Line:
    return line(f"sector.{s}")


def card(c: str) -> Line:
    """`Rey de oros` / `King of coins` / `urreetako erregea`."""
    return line("card", rank=line(f"rank.{rank(c)}"), suit=line(f"suit.{suit(c)}"))


def cards(cs: Iterable[str]) -> Line:
    """Several cards, joined the table's way ("Sota de oros, Sota de copas y Sota de bastos")."""
    return joined([card(c) for c in cs], NAME, "none")


def names(players: list[str]) -> Line | str:
    """Players' names joined the table's way, or "nobody"."""
    return joined(list(players), NAME)

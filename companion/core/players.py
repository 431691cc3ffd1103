"""Players given by name or by count (`5` -> seats named in the language)."""

from __future__ import annotations

from typing import Sequence

from .game import Line
from .language import render


def players_from(given: Sequence[str], lang: str = "en") -> list[str]:
    """`["5"]` means five seats named "Player 1".."Player 5"; names stay as typed."""
    if len(given) == 1 and given[0].strip().isdigit():
        count = int(given[0])
        return [render(Line("seat.name", {"n": n}), lang) for n in range(1, count + 1)]
    return list(given)

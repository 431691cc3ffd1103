"""Players given by name or by count (`5` -> seats named in the language)."""

from __future__ import annotations

from typing import Sequence

from .errors import SetupError
from .game import MAX_SEATS, Line
from .language import render
from .notation import shown


def players_from(given: Sequence[str], lang: str = "en") -> list[str]:
    """`["5"]` means five seats named "Player 1".."Player 5"; names stay as typed
    (the game strips control characters and bounds their length)."""
    if len(given) == 1 and given[0].strip().isascii() and given[0].strip().isdigit():
        text = given[0].strip()
        if len(text) > 2 or not 1 <= int(text) <= MAX_SEATS:
            raise SetupError(Line("error.setup.seat_count", {"text": shown(text, 12), "high": MAX_SEATS}))
        return [render(Line("seat.name", {"n": n}), lang) for n in range(1, int(text) + 1)]
    return list(given)

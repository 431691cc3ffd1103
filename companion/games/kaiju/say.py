"""The games' words: every line is `kaijupoly.<id>` in voices/<lang>/kaijupoly.toml
(Rey de los Monstruos adds its own in rey-de-los-monstruos.toml and shares
the battle's).

Square names are the table's own board's, as printed: data, passed as plain
values, never looked up in a pack. Money is a whole number with the board's
currency sign, one `money` line so each language places the sign its way.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Event, Line
from companion.core.lines import joined

from .notation import CUARTEL, NAME


def line(name: str, **values: Any) -> Line:
    return Line(f"{NAME}.{name}", values)


def event(name: str, *, private: bool = False, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), private=private, speak=speak and not private)


def money(g, amount: int) -> Line:
    return line("money", amount=amount, currency=g.board.currency)


def square(g, position: int) -> str:
    return g.board[position].name


def troops(level: int) -> Line:
    """"3 platoons", "a Cuartel", "no troops"."""
    if level >= CUARTEL:
        return line("troops.cuartel")
    return line("troops.platoons", count=level) if level else line("troops.none")


def names(players: list[str]) -> Line | str:
    """Players' names joined the table's way, or "nobody"."""
    return joined(list(players), NAME)

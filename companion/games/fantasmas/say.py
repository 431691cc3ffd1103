"""The game's words: every line is `18-fantasmas.<id>` in voices/<lang>/18-fantasmas.toml.

Colours come in two forms because Spanish agrees them with the noun
(`fantasma rojo`, `habitación roja`): `colour.R` goes with a ghost or a
portal, `colour_f.R` with a room or a carpet (English and Basque write the
same word twice; Basque lines add the article to the stem: `gorri` + `a`).
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Event, Line

from .board import cell_name
from .notation import NAME


def line(name: str, **values: Any) -> Line:
    return Line(f"{NAME}.{name}", values)


def event(name: str, *, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), speak=speak)


def colour(c: str) -> Line:
    """`rojo` / `red` / `gorri`: with a ghost or a portal."""
    return Line(f"{NAME}.colour.{c}")


def colour_f(c: str) -> Line:
    """`roja` / `red` / `gorri`: with a room or a carpet."""
    return Line(f"{NAME}.colour_f.{c}")


def facing(f: int) -> Line:
    return Line(f"{NAME}.facing.{f}")


def room(cell: int) -> str:
    return cell_name(cell)

"""Who has won, checked after every death (RULINGS.md, "End").

Lovers are their own side: they win only alive. A mixed pair (or two
gaueko lovers) wins only as the last two alive; two campesino lovers also
win with the village. Everyone on the winning side wins, dead or alive,
except dead lovers.
"""

from __future__ import annotations

from typing import Sequence

from .roles import GAUEKO


def winner(roles: Sequence[str], alive: Sequence[bool],
           lovers: tuple[int, int] | None) -> tuple[str, tuple[int, ...]] | None:
    """(side, winning seats) once a side has won, else None. Sides: village, gauekos, lovers, draw."""
    living = [s for s, a in enumerate(alive) if a]
    if not living:
        return "draw", ()
    lover_set = set(lovers or ())
    plain_lovers = bool(lovers) and all(roles[s] != GAUEKO for s in lover_set)
    if lovers and not plain_lovers and set(living) == lover_set:
        return "lovers", tuple(sorted(lover_set))
    if all(roles[s] != GAUEKO for s in living):
        side = [s for s, r in enumerate(roles) if r != GAUEKO and s not in lover_set]
        if plain_lovers:
            side += [s for s in lover_set if alive[s]]
        return "village", tuple(sorted(side))
    if all(roles[s] == GAUEKO for s in living):
        return "gauekos", tuple(s for s, r in enumerate(roles) if r == GAUEKO and s not in lover_set)
    return None

"""18 fantasmas as data (companion/core/observe.py): the castle's 25 rooms (carpet
colours, mirrors, portals: `kinds`, row by row from a1), each portal's room and facing
(0 up, 1 right, 2 down, 3 left), the ghosts in the rooms by owner's seat and colour, and
what each seat has escaped, in the dungeon and still to place. Nothing is secret."""

from __future__ import annotations

from typing import Any

from .board import COLOURS


def observe(g, private: bool = False) -> dict[str, Any]:
    board = g.board
    turn = g._turn()
    seen: dict[str, Any] = {
        "turn": g.players.index(turn) if turn is not None else None,
        "kinds": g.castle.kinds,
        "portals": {c.lower(): {"room": g.castle.portal[c], "facing": board.facing[c]} for c in COLOURS},
        "ghosts": [{"room": room, "seat": ghost[0], "colour": ghost[1].lower()}
                   for room, ghost in enumerate(board.ghosts) if ghost is not None],
        "escaped": [{c.lower(): board.escaped[p][c] for c in COLOURS} for p in (0, 1)],
        "dungeon": [{c.lower(): board.dungeon[p][c] for c in COLOURS} for p in (0, 1)],
        "to_place": [{c.lower(): board.hand[p][c] for c in COLOURS} for p in (0, 1)],
        "released": g.put_colour.lower() if g.put_colour else None,
    }
    if private:
        seen["private"] = {}
    return seen

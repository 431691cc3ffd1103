"""Alien 1979 as data (companion/core/observe.py): the six sectors in order (who stands in
each, the Alien, the codes face down), each seat's pursuit pips, weapon, protection, cards
in hand (a count) and life, the countdown and the shuttle. The private observation adds the
hands and the face-down codes."""

from __future__ import annotations

from typing import Any

from .cards import MAIN, SECTORS


def observe(g, private: bool = False) -> dict[str, Any]:
    board = g.board
    crew = board.crew
    seen: dict[str, Any] = {
        "turn": g.current if g.phase in ("card", "act") else None,
        "actions_left": g.actions_left if g.phase == "act" else None,
        "sectors": [{"id": s, "alien": board.alien == s,
                     "crew": [seat for seat, c in enumerate(crew) if c.alive and c.sector == s],
                     "face_down": len(board.down[s]) if s in MAIN else 0} for s in SECTORS],
        "crew": [{"sector": c.sector if c.alive else None, "markers": c.markers, "weapon": c.weapon,
                  "protected": c.protected, "hand": len(c.hand) if c.alive else 0, "alive": c.alive}
                 for c in crew],
        "alien": board.alien,
        "entered_by": g.enterer,
        "mad": g.mad,
        "countdown": g.countdown,
        "aboard": list(board.aboard()),
        "capacity": g.capacity,
        "deck": len(board.deck_left()),
        "reshuffles": g.reshuffles,
        "saved": list(g.saved) if g.end else None,
    }
    if private:
        seen["private"] = {"hands": [sorted(c.hand) if c.alive else [] for c in crew],
                           "codes_down": {s: [c or "?" for c in board.down[s]] for s in MAIN}}
    return seen

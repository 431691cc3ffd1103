"""The score sheet as data (companion/core/observe.py): each seat's points per round,
totals, ranks and leaders by seat, the round and whose turn. A score pad keeps no secret,
so the private observation adds an empty `private`."""

from __future__ import annotations

from typing import Any


def observe(g, private: bool = False) -> dict[str, Any]:
    table, totals, ranks = g.table(), g.totals(), g.ranks()
    over = g.ended is not None
    seen: dict[str, Any] = {
        "scores": [[row[seat] for row in table] for seat in range(len(g.players))],
        "totals": totals,
        "ranks": ranks,
        "leaders": [seat for seat, rank in enumerate(ranks) if rank == 1] if g.entries else [],
        "round": g.round,
        "rounds": g.settings["rounds"] or None,
        "turn": None if over or not g.started else g.current,
        "turns": g.turns,
        "target": g.settings["target"] or None,
        "lowest_wins": g.settings["lowest_wins"],
        "timer": g.settings["timer"] or None,
        "ended": g.ended,
    }
    if private:
        seen["private"] = {}
    return seen

"""Gauekos as data for the table page and `show --json` (companion/core/observe.py):
seats alive or dead, the cards turned face up, the mayor, the deck, the call under way and
the vote's tally by seat. The private observation adds every card and role."""

from __future__ import annotations

from typing import Any

from companion.core.observe import jsonable


def observe(g, private: bool = False) -> dict[str, Any]:
    public = g.public_state()
    over = g.result is not None
    ballot = g.ballot or {}
    vote = None
    if ballot:
        n = len(g.players)
        vote = {"stage": ballot["stage"],
                "tally": [int(ballot["tally"].get(s, 0)) for s in range(n)] if "tally" in ballot else None,
                "candidates": list(ballot.get("candidates", [])) or None,
                "tied": list(ballot["tied"]) if "tied" in ballot and ballot["stage"] in ("tiebreak", "tied") else None,
                "proposals": [list(p) for p in ballot["proposals"]]
                if "proposals" in ballot and ballot["stage"] == "candidates" else None}
    seen: dict[str, Any] = {
        "phase": g.phase,
        "night": g.night,
        "day": g.day,
        "alive": [bool(a) for a in g.alive],
        "revealed": [g.cards[s] if (over or not a) else None for s, a in enumerate(g.alive)],
        "mayor": g.mayor,
        "deck": dict(g.deck()),
        "call": public["call"],
        "countdown": public["countdown"],
        "day_timer": public["day_timer"],
        "pending": {"kind": g.pending[0]["kind"], "seat": g.pending[0]["seat"]} if g.pending else None,
        "vote": vote,
        "votes": len(g.history),
    }
    if private:
        seen["private"] = {"cards": list(g.cards), "roles": list(g.roles),
                           "lovers": list(g.lovers) if g.lovers else [],
                           "state": jsonable(g.private_state())}
    return seen

"""Kaijupoly and Rey de los Monstruos as data (companion/core/observe.py): the ring of 40
squares in play order (kind, the name printed on the table's board, its group, the owner's
seat, the troops as a level 0-5 where 5 is a Cuartel, rubble, the odds a city repels the
Kaiju), where each general or monster stands, the money, and the battle under way with its
rounds and odds (a probability, 0 to 1). Nothing is secret in either game."""

from __future__ import annotations

from typing import Any

from .bank import standing
from .odds import survival


def _odds(level: int) -> float:
    return round(float(survival(level)), 4)


def _battle(g) -> dict[str, Any] | None:
    b = getattr(g, "battle", None)
    if not b:
        return None
    return {"square": b["square"], "start": b["start"], "level": b["level"], "odds": _odds(b["level"]),
            "attacker": b.get("attacker"), "end": b["end"],
            "rounds": [{"kaiju": list(r["kaiju"]), "die": r["die"], "bonus": r["bonus"], "result": r.get("result"),
                        "before": r["before"], "after": r.get("after")} for r in b["rounds"]]}


def _ring(g, owner) -> list[dict[str, Any]]:
    ring = []
    for square in g.board.squares:
        pos = square.position
        city = square.kind == "city"
        ring.append({"pos": pos, "kind": square.kind, "name": square.name, "short": square.short,
                     "group": square.group, "owner": owner(pos),
                     "level": g.level.get(pos, 0) if city and pos not in g.destroyed else 0,
                     "rubble": pos in g.destroyed,
                     "odds": _odds(g.level.get(pos, 0)) if city and pos not in g.destroyed else None})
    return ring


def observe_kaijupoly(g, private: bool = False) -> dict[str, Any]:
    n = len(g.players)
    seen: dict[str, Any] = {
        "phase": g.phase,
        "round": g.round,
        "turn": g.current if g.phase == "play" and g.stage in ("roll", "end") else None,
        "ring": _ring(g, lambda pos: g.owner.get(pos)),
        "kaiju": g.kaiju,
        "kaijus": [g.kaiju] if g.kaiju is not None else [],
        "at": [None if g.out[s] else g.pos[s] for s in range(n)],
        "money": list(g.money),
        "in_jail": [g.jailed[s] is not None for s in range(n)],
        "out": list(g.eliminated),
        "standing": list(standing(g)),
        "battle": _battle(g),
        "currency": g.board.currency,
        "winner": g.winner,
    }
    if private:
        seen["private"] = {}
    return seen


def observe_king(g, private: bool = False) -> dict[str, Any]:
    n = len(g.players)
    seen: dict[str, Any] = {
        "phase": g.phase,
        "round": g.round,
        "turn": g.current if g.phase == "play" else None,
        "ring": _ring(g, lambda pos: g.taken.get(pos)),
        "kaijus": [g.pos[s] for s in range(n)],
        "at": [g.pos[s] for s in range(n)],
        "down": [bool(d) for d in g.down],
        "cities_left": sum(1 for c in g.board.cities if c not in g.destroyed),
        "battle": _battle(g),
        "fight": g.fight and {"mover": g.fight["mover"], "other": g.fight["other"]},
    }
    if private:
        seen["private"] = {}
    return seen

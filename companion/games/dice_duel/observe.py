"""The dice duel as data (companion/core/observe.py): banked points by seat, whose turn,
the points at stake this turn and the target. The private observation adds the lucky numbers."""

from __future__ import annotations

from typing import Any


def observe(g, private: bool = False) -> dict[str, Any]:
    seen: dict[str, Any] = {"banked": list(g.banked), "turn": g.current, "turn_points": g.turn_points,
                            "target": g.settings["target"], "choosing_lucky": None in g.lucky}
    if private:
        seen["private"] = {"lucky": list(g.lucky)}
    return seen

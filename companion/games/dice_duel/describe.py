"""The dice duel's state in the table's words (`companion show`): whose turn and its
points, the banked scores; with `private`, the lucky numbers. Pure: Lines only."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import Describer, label, pair
from companion.core.lines import Line

G = "dice-duel"


D = Describer(G)
_l, _counts = D.line, D.counts


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """The game's `describe` (companion/core/describe.py): the public state, or the private one."""
    if private:
        return [pair(label(G, "lucky"), _counts(state["lucky"]))]
    lines = [_l("choosing") if state["choosing_lucky"] else
             _l("turn", player=state["turn"], points=state["turn_points"], target=state["target"]),
             pair(label(G, "banked"), _counts(state["banked"]))]
    return lines

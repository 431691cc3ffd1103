"""Marcador's state in the table's words (`companion show`): the round and whose turn,
then one line per player, best first: rank, total and the points of each round. Pure."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import Describer
from companion.core.lines import Line

G = "marcador"
D = Describer(G)


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    if private:
        return []
    rounds = state.get("rounds")
    head = (Line(f"{G}.round_of", {"round": state["round"], "rounds": rounds}) if rounds
            else Line(f"{G}.round_open", {"round": state["round"]}))
    lines = [D.line("head", round=head, player=state["turn"]) if state.get("turn")
             else D.line("head_over", round=head)]
    ranks, totals, scores = state["ranks"], state["totals"], state["by_round"]
    for name in sorted(state["players"], key=lambda p: ranks[p]):
        per_round = " ".join(f"{p:+d}" for p in scores[name]) or "-"
        lines.append(D.line("row", rank=ranks[name], player=name, total=totals[name], rounds=per_round))
    return lines

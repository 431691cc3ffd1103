"""Counting the day's votes and proposing the runoff's two candidates.

Pure functions over seat numbers (0-based) so the rules stay readable: the
Pariente mayor's ballot weighs two when the house rule gives him the double
vote; counts typed per candidate are taken as counted at the table.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Mapping


def tally(ballots: Iterable[tuple[int, int]], mayor: int | None, double: bool) -> dict[int, int]:
    """Votes per target from (voter, target) ballots."""
    counts: dict[int, int] = {}
    for voter, target in ballots:
        weight = 2 if double and voter == mayor else 1
        counts[target] = counts.get(target, 0) + weight
    return counts


def leaders(counts: Mapping[int, int], among: Iterable[int]) -> list[int]:
    """The seats among `among` with the most votes (all of them when nobody got any)."""
    seats = list(among)
    best = max((counts.get(s, 0) for s in seats), default=0)
    return [s for s in seats if counts.get(s, 0) == best]


def runoff_proposals(counts: Mapping[int, int], living: list[int]) -> list[tuple[int, int]]:
    """The pairs the app proposes: the two most voted, every tied pair when places tie."""
    order = sorted({counts.get(s, 0) for s in living}, reverse=True)
    first = [s for s in living if counts.get(s, 0) == order[0]]
    if len(first) >= 2:
        return [tuple(p) for p in combinations(first, 2)]  # type: ignore[misc]
    second = [s for s in living if len(order) > 1 and counts.get(s, 0) == order[1]]
    return [(min(first[0], s), max(first[0], s)) for s in second]

"""The score sheet's arithmetic, in one place: each player's entries per round, totals,
ranks with ties shared, and running totals for the chart. Pure functions on plain lists
(the rules, the screen, `companion show --json` and the CSV export read the same numbers)."""

from __future__ import annotations

from typing import Sequence


def round_sums(entries: Sequence[tuple[int, int, int]], players: int, rounds: int) -> list[list[int]]:
    """`[round][seat]` sums of the entries `(round, seat, points)` (rounds from 1)."""
    table = [[0] * players for _ in range(rounds)]
    for number, seat, points in entries:
        table[number - 1][seat] += points
    return table


def totals(entries: Sequence[tuple[int, int, int]], players: int) -> list[int]:
    """Each seat's total: the sum of its entries, nothing else."""
    sums = [0] * players
    for _round, seat, points in entries:
        sums[seat] += points
    return sums


def ranks(scores: Sequence[int], lowest_wins: bool = False) -> list[int]:
    """Competition ranking, ties shared: totals 30 30 12 -> ranks 1 1 3 (golf: lowest first)."""
    def better(a: int, b: int) -> bool:
        return a < b if lowest_wins else a > b

    return [1 + sum(1 for other in scores if better(other, mine)) for mine in scores]


def running(table: Sequence[Sequence[int]], seat: int) -> list[int]:
    """A seat's total after each round, for the chart."""
    out, total = [], 0
    for row in table:
        total += row[seat]
        out.append(total)
    return out


def places(names: Sequence[str], scores: Sequence[int], lowest_wins: bool) -> list[tuple[int, list[str], int]]:
    """The final ranking as (rank, names sharing it, their total), best first."""
    ranked = ranks(scores, lowest_wins)
    out: list[tuple[int, list[str], int]] = []
    for rank in sorted(set(ranked)):
        seats = [s for s, r in enumerate(ranked) if r == rank]
        out.append((rank, [names[s] for s in seats], scores[seats[0]]))
    return out

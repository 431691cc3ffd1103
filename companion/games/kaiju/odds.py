"""The exact odds of a Kaiju battle and of the Kaiju's next move
(`fractions.Fraction`, computed, never simulated).

A city's defence is a level: 1 to 4 platoons, or 5 for a Cuartel. A round:
the Kaiju rolls 2d6, the city 1d6 plus its platoons (or +5 with a Cuartel).
A tie is rolled again, so a round that counts is one without a tie. The city
higher: the Kaiju is repelled and the battle ends. The Kaiju higher: a
Cuartel becomes 4 platoons, else one platoon falls; a double six (the mega
attack, which always wins: 12 beats any defence) makes a Cuartel 3 platoons
or takes two platoons. A city left with no platoon is destroyed.

So `survival(level)` is the chance of the absorbing state "repelled" of a
small Markov chain that only goes down: solved exactly from level 1 upwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

CUARTEL = 5  # the level of a city with a Cuartel
ZERO, ONE = Fraction(0), Fraction(1)


def bonus(level: int) -> int:
    """What the city adds to its die: +1 a platoon, +5 with a Cuartel."""
    return 5 if level >= CUARTEL else level


def after_hit(level: int, mega: bool) -> int:
    """The level once the Kaiju wins a round (0: the city is destroyed)."""
    if level >= CUARTEL:
        return 3 if mega else 4
    return max(0, level - (2 if mega else 1))


@dataclass(frozen=True)
class Round:
    """One round of a battle at a level: the chances it is repelled, hit, mega-hit or tied."""

    repel: Fraction
    hit: Fraction  # the Kaiju wins without a double six
    mega: Fraction  # the Kaiju rolls a double six
    tie: Fraction


@lru_cache(maxsize=None)
def round_odds(level: int) -> Round:
    """The 216 equally likely rolls of a round (2d6 against 1d6), counted."""
    repel = hit = mega = tie = 0
    add = bonus(level)
    for a in range(1, 7):
        for b in range(1, 7):
            for d in range(1, 7):
                kaiju, city = a + b, d + add
                if a == b == 6:
                    mega += 1
                elif kaiju > city:
                    hit += 1
                elif kaiju < city:
                    repel += 1
                else:
                    tie += 1
    return Round(Fraction(repel, 216), Fraction(hit, 216), Fraction(mega, 216), Fraction(tie, 216))


@lru_cache(maxsize=None)
def survival(level: int) -> Fraction:
    """The exact chance that a city at `level` repels the Kaiju (0: it has no troops)."""
    if level <= 0:
        return ZERO
    r = round_odds(level)
    decided = ONE - r.tie  # ties are rolled again: only decided rounds count
    return (r.repel + r.hit * survival(after_hit(level, False)) + r.mega * survival(after_hit(level, True))) / decided


def outcomes(level: int) -> dict[int, Fraction]:
    """How a battle at `level` ends: the level the city keeps once the Kaiju is repelled
    (1..5), or 0 for destroyed. The values sum to exactly 1."""
    ends: dict[int, Fraction] = {}
    _walk(level, ONE, ends)
    return dict(sorted(ends.items()))


def _walk(level: int, weight: Fraction, ends: dict[int, Fraction]) -> None:
    if level <= 0:
        ends[0] = ends.get(0, ZERO) + weight
        return
    r = round_odds(level)
    decided = ONE - r.tie
    ends[level] = ends.get(level, ZERO) + weight * r.repel / decided
    _walk(after_hit(level, False), weight * r.hit / decided, ends)
    _walk(after_hit(level, True), weight * r.mega / decided, ends)


@lru_cache(maxsize=4096)
def percent(chance: Fraction) -> str:
    """A chance as a person reads it: "63 %"-style whole percent, "<1" and ">99" at the edges."""
    value = chance * 100
    if 0 < value < 1:
        return "<1"
    if 99 < value < 100:
        return ">99"
    return str(round(value))


# -- where the Kaiju goes next ---------------------------------------------------------

TWO_D6 = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
ONE_D6 = {total: Fraction(1, 6) for total in range(1, 7)}


def landing(position: int, squares: int = 40, *, backwards: bool = True, dice: int = 2) -> dict[int, Fraction]:
    """The chance of each square the next move lands on: 2d6 (or 1d6) from `position`,
    counter-clockwise for the Kaiju of Kaijupoly, clockwise for a player-kaiju."""
    step = -1 if backwards else 1
    table = TWO_D6 if dice == 2 else ONE_D6
    return {(position + step * total) % squares: chance for total, chance in table.items()}

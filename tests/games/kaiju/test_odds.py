"""The exact odds of Kaijupoly (odds.py): a battle's survival chance and how it
ends, checked against a seeded simulation written here from the rule text
alone, against values counted by hand, and the chance of each square the
next move lands on."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest

from companion.games.kaiju.odds import CUARTEL, landing, outcomes, percent, round_odds, survival

LEVELS = (1, 2, 3, 4, CUARTEL)  # 1-4 platoons, 5: a Cuartel
BATTLES = 100_000


# -- the rule text, simulated ---------------------------------------------------------------


def simulate(level: int, rng: random.Random) -> int:
    """One battle as rules/kaijupoly.txt (6º) tells it; the level the city keeps once the
    Kaiju is repelled, or 0 when the city is destroyed.

    The Kaiju rolls two dice and adds them; the general one die, +1 a platoon or +5 with a
    Cuartel. A tie is fought again. The Kaiju higher: the Cuartel becomes four platoons, else
    a platoon falls. A double six is the mega attack: the Cuartel and a platoon (three
    platoons left), or two platoons. The last platoon gone: the city is destroyed. The city
    higher: the Kaiju is repelled and the battle ends."""
    rnd = rng.random
    cuartel = level == 5
    platoons = 4 if cuartel else level
    while True:
        a, b, d = int(rnd() * 6) + 1, int(rnd() * 6) + 1, int(rnd() * 6) + 1
        kaiju = a + b
        city = d + (5 if cuartel else platoons)
        if kaiju == city:
            continue
        if city > kaiju:
            return CUARTEL if cuartel else platoons
        mega = a == 6 and b == 6
        if cuartel:
            cuartel, platoons = False, (3 if mega else 4)
        else:
            platoons -= 2 if mega else 1
        if platoons <= 0:
            return 0


@pytest.fixture(scope="module")
def simulated() -> dict[int, dict[int, int]]:
    """How 100,000 seeded battles at each level ended: {level: {end state: count}}."""
    found = {}
    for level in LEVELS:
        rng = random.Random(f"kaijupoly-battles-{level}")
        ends: dict[int, int] = {}
        for _ in range(BATTLES):
            end = simulate(level, rng)
            ends[end] = ends.get(end, 0) + 1
        found[level] = ends
    return found


def within_four_standard_errors(exact: F, count: int, n: int = BATTLES) -> bool:
    p = float(exact)
    error = math.sqrt(p * (1 - p) / n)
    return abs(count / n - p) <= 4 * error


@pytest.mark.parametrize("level", LEVELS)
def test_the_exact_survival_chance_agrees_with_100_000_simulated_battles(simulated, level):
    repelled = sum(count for end, count in simulated[level].items() if end > 0)
    assert within_four_standard_errors(survival(level), repelled), (level, float(survival(level)),
                                                                    repelled / BATTLES)


@pytest.mark.parametrize("level", LEVELS)
def test_every_end_state_s_chance_agrees_with_the_simulation(simulated, level):
    exact = outcomes(level)
    assert set(simulated[level]) <= set(exact)  # the simulation ends nowhere the odds miss
    for end, chance in exact.items():
        count = simulated[level].get(end, 0)
        assert within_four_standard_errors(chance, count), (level, end, float(chance), count / BATTLES)


# -- the exact values --------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_the_end_states_sum_to_one_and_their_standing_part_is_the_survival_chance(level):
    ends = outcomes(level)
    assert sum(ends.values()) == 1
    assert all(isinstance(v, F) and v > 0 for v in ends.values())
    assert set(ends) == set(range(0, level + 1))  # a battle ends at any lower level, or in ruins
    assert sum(v for end, v in ends.items() if end > 0) == survival(level)
    assert ends[0] == 1 - survival(level)


def test_more_troops_always_mean_better_odds():
    chances = [survival(level) for level in (0,) + LEVELS]
    assert chances[0] == 0  # no troops: destroyed at once
    assert all(a < b for a, b in zip(chances, chances[1:]))
    assert all(0 < c < 1 for c in chances[1:])


@pytest.mark.parametrize("level", LEVELS)
def test_a_round_s_parts_sum_to_one_and_the_mega_attack_is_a_double_six(level):
    r = round_odds(level)
    assert r.repel + r.hit + r.mega + r.tie == 1
    assert r.mega == F(1, 36)


def test_level_one_by_hand():
    """One platoon: the city scores 2 to 7. It repels the Kaiju when 2d6 is lower:
    0 + 1 + 3 + 6 + 10 + 15 = 35 of the 216 rolls; a tie: 1 + 2 + 3 + 4 + 5 + 6 = 21.
    Every other roll destroys the city (its only platoon falls), so of the 195 decided
    rounds the city wins 35: 7/39."""
    r = round_odds(1)
    assert r.repel == F(35, 216) and r.tie == F(21, 216)
    assert r.hit + r.mega == F(160, 216)
    assert survival(1) == F(35, 195) == F(7, 39)
    assert outcomes(1) == {0: F(32, 39), 1: F(7, 39)}


def test_level_two_by_hand():
    """Two platoons: the city scores 3 to 8. Repelled: 1 + 3 + 6 + 10 + 15 + 21 = 56; tied:
    2 + 3 + 4 + 5 + 6 + 5 = 25; a double six: 6 (two platoons at once: destroyed); the other
    129 rolls leave one platoon, which then holds with 7/39."""
    r = round_odds(2)
    assert (r.repel, r.tie, r.mega, r.hit) == (F(56, 216), F(25, 216), F(6, 216), F(129, 216))
    assert survival(2) == (F(56) + 129 * F(7, 39)) / 191 == F(1029, 2483)
    assert outcomes(2)[2] == F(56, 191)  # repelled in the first decided round
    assert outcomes(2)[1] == F(129, 191) * F(7, 39)


def test_a_cuartel_by_hand():
    """A Cuartel: the city scores 6 to 11, so a double six (12) always wins. Repelled:
    10 + 15 + 21 + 26 + 30 + 33 = 135; tied: 5 + 6 + 5 + 4 + 3 + 2 = 25; the Kaiju higher
    without a double six: 50 (the Cuartel becomes 4 platoons), a double six 6 (3 platoons)."""
    r = round_odds(CUARTEL)
    assert (r.repel, r.tie, r.hit, r.mega) == (F(135, 216), F(25, 216), F(50, 216), F(6, 216))
    assert outcomes(CUARTEL)[CUARTEL] == F(135, 191)
    assert survival(CUARTEL) == (135 + 50 * survival(4) + 6 * survival(3)) / 191
    # Three and four platoons likewise: repelled 81 and 108 of the 189 decided rounds.
    assert outcomes(3)[3] == F(81, 189) == F(3, 7)
    assert outcomes(4)[4] == F(108, 189) == F(4, 7)


def test_a_city_with_no_troops_never_survives():
    assert survival(0) == 0
    assert outcomes(0) == {0: 1}


def test_percent_as_a_person_reads_it():
    assert percent(survival(1)) == "18"
    assert percent(survival(CUARTEL)) == "95"
    assert percent(F(0)) == "0" and percent(F(1)) == "100"
    assert percent(F(1, 1000)) == "<1" and percent(F(999, 1000)) == ">99"


# -- where the next move lands ------------------------------------------------------------------


TWO_DICE = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # ways of 36


def test_the_kaiju_goes_counter_clockwise_with_two_dice_and_wraps_past_go():
    odds = landing(3)
    assert sum(odds.values()) == 1
    assert len(odds) == 11
    assert odds == {(3 - total) % 40: F(ways, 36) for total, ways in TWO_DICE.items()}
    assert odds[1] == F(1, 36)  # 2 back
    assert odds[36] == F(6, 36)  # 7 back, past GO
    assert odds[31] == F(1, 36)  # 12 back
    assert 3 not in odds and 4 not in odds  # never stays, never goes clockwise
    assert set(landing(0)) == set(range(28, 39))
    assert landing(0)[33] == F(1, 6)


def test_every_square_s_landing_odds_sum_to_one():
    for position in range(40):
        for backwards in (True, False):
            for dice in (1, 2):
                odds = landing(position, backwards=backwards, dice=dice)
                assert sum(odds.values()) == 1
                assert len(odds) == (6 if dice == 1 else 11)


def test_a_player_kaiju_goes_clockwise_with_one_die_or_two():
    one = landing(37, backwards=False, dice=1)
    assert one == {38: F(1, 6), 39: F(1, 6), 0: F(1, 6), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6)}
    two = landing(37, backwards=False)
    assert two == {(37 + total) % 40: F(ways, 36) for total, ways in TWO_DICE.items()}
    assert two[4] == F(6, 36)  # 7 on, past GO
    assert landing(5, backwards=False, dice=1)[10] == F(1, 6)  # a die of 5: five squares on

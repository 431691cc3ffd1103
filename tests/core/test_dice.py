import random

import pytest
from hypothesis import given, strategies as st

from companion.core.dice import (
    DiceSpec, Draw, LiveChance, ReplayChance, ReplayMismatch, check_face, parse_dice,
    roll_expression, split_table_values,
)
from companion.core.errors import IllegalActionError, InvalidActionError
from companion.core.language import explain


@pytest.mark.parametrize("expr, spec", [
    ("d6", DiceSpec(1, 6)), ("2d6", DiceSpec(2, 6)), ("d8", DiceSpec(1, 8)),
    ("3d6+1", DiceSpec(3, 6, 1)), (" 2D6 - 2 ", DiceSpec(2, 6, -2)),
])
def test_parse_dice(expr, spec):
    assert parse_dice(expr) == spec


@pytest.mark.parametrize("expr", ["", "6", "d", "d1", "dd6", "0d6", "2d6+", "d6x", "101d6"])
def test_parse_dice_refuses_with_a_hint(expr):
    with pytest.raises(InvalidActionError) as err:
        parse_dice(expr)
    assert expr in str(err.value) or "dice" in str(err.value)


def test_roll_ranges_and_total():
    rng = random.Random(7)
    for _ in range(500):
        spec, faces, total = roll_expression("2d6+1", rng)
        assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
        assert total == sum(faces) + 1
        assert spec.low <= total <= spec.high


def test_physical_face_is_range_checked():
    assert check_face(parse_dice("d8"), 8) == 8
    with pytest.raises(IllegalActionError, match="d8 cannot show 9"):
        check_face(parse_dice("d8"), 9)
    with pytest.raises(IllegalActionError):
        check_face(parse_dice("d6"), 0)


def test_live_chance_records_app_and_table_values():
    chance = LiveChance(random.Random(1), ["4", "5"])
    assert chance.roll("2d6") == (4, 5)
    roll = chance.roll("d8")
    assert 1 <= roll[0] <= 8
    assert [d.source for d in chance.records] == ["table", "app"]
    assert chance.records[0] == Draw("roll", "2d6", (4, 5), "table")


def test_table_values_refused_out_of_range_or_left_over():
    with pytest.raises(IllegalActionError, match="d6 cannot show 7"):
        LiveChance(random.Random(1), ["7", "1"]).roll("2d6")
    with pytest.raises(IllegalActionError, match="fewer values"):
        LiveChance(random.Random(1), ["3"]).roll("2d6")
    chance = LiveChance(random.Random(1), ["3", "4"])
    chance.roll("d6")
    with pytest.raises(IllegalActionError, match="left over"):
        chance.leftover()


def test_draws_from_app_and_table():
    cards = ["as de oros", "rey de copas"]
    chance = LiveChance(random.Random(3), ["REY DE COPAS"])
    assert chance.draw("codes", cards) == "rey de copas"
    assert chance.draw("codes", cards) in cards
    with pytest.raises(IllegalActionError, match="cannot be drawn"):
        LiveChance(random.Random(3), ["sota de bastos"]).draw("codes", cards)
    with pytest.raises(IllegalActionError, match="Nothing is left to draw in the sector's face-down") as caught:
        LiveChance(random.Random(3)).draw("codes", [])
    said = explain(caught.value, "es")  # the deck in the table's words, not 'codes'
    assert said == "No queda nada que robar en los códigos boca abajo del sector."



def test_replay_never_rolls_and_checks_what_it_gives():
    recorded = [Draw("roll", "2d6", (6, 6)), Draw("draw", "codes", ("rey de copas",))]
    chance = ReplayChance(recorded)
    assert chance.roll("2d6") == (6, 6)
    assert chance.draw("codes", ["rey de copas"]) == "rey de copas"
    chance.leftover()
    with pytest.raises(ReplayMismatch):
        ReplayChance([Draw("roll", "d8", (3,))]).roll("2d6")
    with pytest.raises(ReplayMismatch):
        ReplayChance([Draw("roll", "d6", (9,))]).roll("d6")
    with pytest.raises(ReplayMismatch):
        ReplayChance([]).roll("d6")
    with pytest.raises(ReplayMismatch):
        ReplayChance([Draw("draw", "codes", ("sota",))]).draw("codes", ["rey"])


def test_split_table_values():
    assert split_table_values("roll @ 3 5") == ("roll", ["3", "5"])
    assert split_table_values("  roll  ") == ("roll", [])
    assert split_table_values("name a@b") == ("name a@b", [])


@given(st.text(max_size=20))
def test_parse_dice_never_crashes(text):
    try:
        spec = parse_dice(text)
    except InvalidActionError:
        return
    assert spec.count >= 1 and spec.sides >= 2


def test_a_superscript_digit_after_at_is_refused_not_a_crash():
    """`roll @ ²`: "²" is a Unicode digit that int() refuses; a refusal, never a ValueError
    (found by tests/test_cli_fuzz.py)."""
    import random as _random

    import pytest as _pytest

    from companion.core.dice import LiveChance
    from companion.core.errors import IllegalActionError

    with _pytest.raises(IllegalActionError):
        LiveChance(_random.Random(1), table=["²"]).roll("d6")

"""The reference game's own rules."""

import pytest

from companion.core.errors import IllegalActionError
from companion.core.session import Session


def started(**options):
    session = Session.new("duel", ["Ana", "Luis"], {"target": 15, **options}, seed=2)
    session.act("lucky 1 3")
    session.act("lucky 2 5")
    return session


def test_lucky_numbers_in_seat_order_and_secret():
    session = Session.new("duel", ["Ana", "Luis"], seed=2)
    with pytest.raises(IllegalActionError, match="It is Ana's turn to choose"):
        session.act("lucky 2 3")
    with pytest.raises(IllegalActionError, match="no seat 5"):
        session.act("lucky 5 3")
    events = session.act("lucky 1 4")
    assert [e.private for e in events] == [False, True]
    assert "lucky" not in str(session.game.public_state()["banked"])
    assert session.game.private_state() == {"lucky": {"Ana": 4, "Luis": None}}
    with pytest.raises(IllegalActionError, match="Ana has already chosen"):
        session.act("lucky 1 2")


def test_a_one_loses_the_turn_points():
    session = started()
    session.act("roll @ 4 5")
    assert session.game.turn_points == 9
    session.act("roll @ 1 6")
    assert session.game.turn_points == 0 and session.game.current == 1
    assert session.game.banked == [0, 0]


def test_hold_banks_and_wins_at_target():
    session = started()
    with pytest.raises(IllegalActionError, match="nothing to bank"):
        session.act("hold")
    session.act("roll @ 3 3")  # Ana's lucky double: 6 + 5
    assert session.game.turn_points == 11
    session.act("roll @ 2 4")
    session.act("hold")
    assert session.game.banked == [17, 0]
    assert session.outcome().winners == ("Ana",)
    with pytest.raises(IllegalActionError, match="over"):
        session.act("roll")


def test_snake_eyes_house_rule():
    plain = started()
    plain.act("roll @ 5 5"); plain.act("hold")
    plain.act("roll @ 6 5"); plain.act("hold")
    plain.act("roll @ 1 1")
    assert plain.game.banked == [10, 11]
    house = started(snake_eyes_reset=True)
    house.act("roll @ 5 5"); house.act("hold")
    house.act("roll @ 6 5"); house.act("hold")
    house.act("roll @ 1 1")
    assert house.game.banked == [0, 11]

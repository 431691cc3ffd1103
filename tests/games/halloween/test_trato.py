"""Trato: the worked example of the rule text, ties, and the treat deck count."""

from companion.core.language import render

from .helpers import candies, knock_on, refused, start, step, turn


def test_worked_example_luis_and_ana_13_minus_9_is_4():
    """Luis owns the house, Ana's child asks: Ana +6 and a 7, Luis +4 and a 5: Luis gives Ana 4."""
    session = start()
    knock_on(session, "green")  # Luis's colour
    session.act("trato")
    session.act("treat 6 4")  # the child's modifier, then the owner's
    session.act("roll @ 7")   # Ana, the child, rolls first
    events = session.act("roll @ 5")  # then Luis
    assert candies(session)["Ana"] == 22 and candies(session)["Luis"] == 14
    said = [render(e.line, "en") for e in events]
    assert "Luis rolls 5, plus 4: 9." in said
    assert "13 against 9: Luis gives Ana 4 candies." in said
    assert turn(session) == "Luis"


def test_a_tie_pays_nothing_and_the_child_can_pay_too():
    session = start()
    knock_on(session, "green")
    session.act("trato")
    session.act("treat 0 2")
    session.act("roll @ 6")
    session.act("roll @ 4")
    assert candies(session)["Ana"] == 18 and candies(session)["Luis"] == 18
    knock_on(session, "red")  # Luis's child knocks at Ana
    session.act("trato")
    session.act("treat 0 0")
    session.act("roll @ 2")
    session.act("roll @ 8")  # Ana, the owner, is higher: Luis's child pays the difference
    assert candies(session)["Luis"] == 12 and candies(session)["Ana"] == 24


def test_treat_deck_is_counted_and_reshuffled_after_18_cards():
    session = start()
    assert session.game.public_state()["treat_deck"] == 18
    for count in range(9):
        knock_on(session, "yellow" if turn(session) != "Eva" else "red")
        events = session.act("trato")
        if count < 8:
            assert session.game.treat_left == 16 - 2 * count
        else:
            assert session.game.treat_left == 18
            assert any(e.line.id == "halloween.trato.reshuffled" for e in events)
        session.act("treat 0 0")
        session.act("roll @ 3")
        session.act("roll @ 3")


def test_treat_modifiers_are_range_checked():
    session = start()
    knock_on(session, "green")
    session.act("trato")
    refused(session, "treat 40 0", "out of range")
    assert step(session) == "trato_treat"

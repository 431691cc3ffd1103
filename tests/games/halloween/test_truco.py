"""Truco: every branch of the text and the RULINGS (believe, helper, disbelieve)."""

from companion.core.language import render

from .helpers import candies, choices, hand, knock_on, refused, start, step


def truco(session, die=None, claim=7):
    """Ana's child knocks at Luis's door and claims; the app's die (or the table's, hidden)."""
    knock_on(session, "green")
    session.act("truco")
    if die is None:
        session.act(f"claim {claim}")
    else:
        events = session.act(f"roll @ {die}")
        assert [e.private for e in events] == [False, True]  # only the child sees the die
        assert session.expects().private
        session.act(f"claim {claim}")
    assert step(session) == "truco_owner"


def test_believe_pays_the_candy_table():
    session = start()
    truco(session, die=2, claim=7)
    assert session.expects().say.values == {"claim": 7, "candies": 4}
    session.act("believe")
    assert candies(session)["Ana"] == 22 and candies(session)["Luis"] == 14
    # The lie is never revealed publicly.
    assert session.game.public_state()["knock"] is None


def test_disbelieve_a_lie_both_roll_and_the_child_pays_the_difference():
    session = start()
    truco(session, die=3, claim=8)
    events = session.act("disbelieve")
    assert any(render(e.line, "en") == "The die shows 3, not 8: Ana lied!" for e in events)
    session.act("roll @ 2")  # the child
    session.act("roll @ 6")  # the owner
    assert candies(session)["Ana"] == 14 and candies(session)["Luis"] == 22


def test_disbelieve_a_lie_tie_costs_one_candy():
    session = start()
    truco(session, die=3, claim=8)
    session.act("disbelieve")
    session.act("roll @ 5")
    session.act("roll @ 5")
    assert candies(session)["Ana"] == 17 and candies(session)["Luis"] == 19


def test_disbelieve_the_truth_owner_rolls_on_the_candy_table():
    session = start()
    truco(session, die=6, claim=6)
    session.act("disbelieve")
    assert step(session) == "truco_table"
    events = session.act("roll @ 8")
    assert render(events[0].line, "en") == "The die shows 8: that is 5 candies."
    assert candies(session)["Ana"] == 23 and candies(session)["Luis"] == 13


def test_table_die_kept_hidden_is_revealed_by_typing_it():
    session = start()
    truco(session, claim=5)  # claimed straight away: the die stays under the cup
    session.act("disbelieve")
    assert step(session) == "truco_reveal"
    session.act("reveal 5")
    assert step(session) == "truco_table"
    session.act("roll @ 1")  # the owner's roll: table[1] = 0
    assert candies(session)["Ana"] == 18


def test_honest_helper_believed_gets_the_fee_out_of_the_child_s_candies():
    session = start()
    truco(session, die=7, claim=7)  # 4 candies at stake
    assert "helper 3 fee 2" in choices(session)
    session.act("helper 3 fee 2")
    assert session.expects().who == "Eva"
    session.act("says true")
    events = session.act("believe")
    assert any(e.line.id == "halloween.truco.revealed_truth" for e in events)  # revealed to settle the helper
    assert candies(session) == {"Ana": 20, "Luis": 14, "Eva": 20, "Iker": 18}


def test_lying_helper_believed_pays_one_and_gets_no_fee():
    session = start()
    truco(session, die=2, claim=7)
    session.act("helper 3 fee 1")
    session.act("says true")  # a lie: the child lied
    session.act("believe")
    # The child still gets 4 - 1; the fee is not paid; Eva pays 1 to the pot.
    assert candies(session) == {"Ana": 21, "Luis": 15, "Eva": 17, "Iker": 18}
    assert session.game.ledger.pot == 29


def test_lying_helper_disbelieved_truth_pays_one_and_owner_rolls_the_table():
    session = start()
    truco(session, die=6, claim=6)
    session.act("helper 4 no fee")
    session.act("says false")  # a lie: the child told the truth
    session.act("disbelieve")
    assert candies(session)["Iker"] == 17
    session.act("roll @ 6")  # table[6] = 3
    assert candies(session) == {"Ana": 21, "Luis": 15, "Eva": 18, "Iker": 17}


def test_honest_helper_disbelieved_lie_gets_two_candies_instead_of_the_fee():
    session = start()
    truco(session, die=1, claim=8)
    session.act("helper 3 fee 2")
    session.act("says false")
    session.act("disbelieve")
    session.act("roll @ 7")
    session.act("roll @ 4")
    # The child pays 3; Luis pays the honest helper 2 (not the agreed fee).
    assert candies(session) == {"Ana": 15, "Luis": 19, "Eva": 20, "Iker": 18}


def test_small_stakes_fee_must_be_a_card():
    session = start()
    truco(session, die=3, claim=3)  # 1 candy at stake
    refused(session, "helper 3 fee 1", "the helper may ask for an action card, not candies")
    refused(session, "helper 3 fee card", "Luis has no action card to pay with")
    hand(session, 2, 9)
    assert "helper 3 fee card" in choices(session)
    session.act("helper 3 fee card")
    session.act("says true")
    session.act("believe")
    assert step(session) == "fee_card" and session.expects().private
    session.act("give card 9")
    assert session.game.hands[2] == [9] and session.game.hands[1] == []
    assert candies(session)["Ana"] == 19


def test_helper_with_a_full_hand_cannot_ask_for_a_card():
    session = start()
    truco(session, die=3, claim=3)
    hand(session, 2, 9)
    hand(session, 3, 4, 11, 13)
    refused(session, "helper 3 fee card", "already holds 3 action cards")


def test_helper_is_a_third_player():
    session = start()
    truco(session, die=3, claim=3)
    refused(session, "helper 2 no fee", "a third player")
    refused(session, "helper 1 no fee", "a third player")


def test_claims_are_die_faces():
    session = start()
    knock_on(session, "green")
    session.act("truco")
    refused(session, "claim 9", "A d8 shows 1 to 8")


def test_with_a_helper_the_die_is_revealed_only_after_the_owner_decides():
    session = start()
    truco(session, die=4, claim=4)
    session.act("helper 3 no fee")
    session.act("says true")
    assert step(session) == "truco_decide"
    assert session.game.public_state()["knock"]["die"] is None  # the owner decides on the helper's word
    session.act("believe")
    assert candies(session)["Ana"] == 20


def test_the_honest_helper_s_two_candies_say_why():
    """A fee of 1 agreed, the child disbelieved: the helper's 2 candies are named as the
    honest helper's 2, not left as a bare payment (issue 13, item 10)."""
    session = start()
    truco(session, die=1, claim=8)
    session.act("helper 3 fee 1")
    session.act("says false")
    session.act("disbelieve")
    session.act("roll @ 7")
    events = session.act("roll @ 4")
    ids = [e.line.id for e in events]
    why = ids.index("halloween.truco.honest_helper_two")
    paid = events[why + 1]
    assert paid.line.id == "halloween.pay.helper_two"  # the payment itself says why
    assert (paid.line.values["to"], paid.line.values["amount"]) == ("Eva", 2)
    assert render(paid.line, "en") == "Luis gives Eva 2 candies: the honest helper's 2."
    assert "honest helper then gets 2 candies, not the agreed fee" in render(events[why].line, "en")
    assert candies(session)["Eva"] == 20


def test_the_agreed_fee_is_paid_on_a_line_that_says_it_is_the_fee():
    """An honest helper, the child believed: the fee's payment names the agreed fee."""
    session = start()
    truco(session, die=7, claim=7)
    session.act("helper 3 fee 1")
    session.act("says true")
    events = session.act("believe")
    fee = [e for e in events if e.line.id.startswith("halloween.pay.helper")]
    assert [f.line.id for f in fee] == ["halloween.pay.helper_fee"]
    assert render(fee[0].line, "en") == "Luis gives Eva 1 candy: the agreed fee for an honest help."
    assert render(fee[0].line, "eu").startswith("Luis(e)k 1 goxoki ematen dio Eva(r)i: ")
    assert candies(session)["Eva"] == 19


def test_a_helper_paid_less_than_due_is_told_so(monkeypatch):
    """The owner holds fewer candies than the honest helper's 2: the line says it was all."""
    from companion.games.halloween import truco as module

    session = start()
    truco(session, die=1, claim=8)
    session.act("helper 3 fee 1")
    session.act("says false")
    session.act("disbelieve")
    session.act("roll @ 7")
    session.game.ledger.candies[1] = 1  # Luis, the owner, has 1 left before the helper is paid
    events = module._helper_paid(session.game, "two", 2)
    assert events[0].line.id == "halloween.pay.helper_two_short"
    assert render(events[0].line, "en") == "Luis gives Eva 1 candy of the honest helper's 2: Luis had no more."
    assert "1 goxoki ematen dio" in render(events[0].line, "eu")

"""Ripping a costume: every outcome of the RULINGS, with the pot, the
cooldowns and the crying child's card."""

from .helpers import candies, choices, quiet_turn, refused, start, step, to_round, turn


def fight(children=("montse", "david", "rosa", "lucia")):
    """Round 3, Eva's turn: Simoncito stops on a neutral square beside Montse (Ana's child)."""
    session = start(children=children)
    to_round(session, 3)
    assert turn(session) == "Eva"
    session.act("move simoncito")
    session.act("roll @ 2")
    session.act("land neutral")
    assert step(session) == "after"
    session.act("rip montse")
    assert step(session) == "auction"
    return session


def test_attacker_wins_the_target_goes_home_and_its_owner_cries():
    session = fight()
    session.act("defend 1")  # Ana: 2 in front
    events = session.act("bids 5 2")
    assert candies(session) == {"Ana": 16, "Luis": 18, "Eva": 12, "Iker": 18}
    assert session.game.ledger.pot == 36
    state = session.game.public_state()
    assert not state["children"]["montse"]["in_play"]
    assert state["children"]["montse"]["sent_home_by"] == "Eva"
    assert state["cries"] == {"Montse": "Ana"}
    cries = [e for e in events if e.line.id == "halloween.rip.cries"]
    assert cries and not cries[0].private
    assert state["sent_home"]["Eva"] == 1 and turn(session) == "Iker"


def test_defenders_win_every_top_defender_pays_bid_and_front():
    session = fight()
    session.act("defend 1")  # Ana 2
    session.act("defend 2")  # Luis 3
    assert session.game.public_state()["fight"]["front"] == {"Eva": 1, "Ana": 2, "Luis": 3}
    session.act("bids 1 4 4")
    assert candies(session) == {"Ana": 12, "Luis": 11, "Eva": 17, "Iker": 18}
    assert session.game.ledger.pot == 42
    assert session.game.public_state()["children"]["montse"]["in_play"]


def test_a_lower_defender_keeps_the_bid_and_loses_the_front():
    session = fight()
    session.act("defend 1")
    session.act("defend 4")
    session.act("bids 2 5 0")
    assert candies(session) == {"Ana": 11, "Luis": 18, "Eva": 17, "Iker": 15}


def test_tie_is_void_bids_return_fronts_are_lost():
    session = fight()
    session.act("defend 1")
    events = session.act("bids 3 3")
    assert any(e.line.id == "halloween.rip.void" for e in events)
    assert candies(session) == {"Ana": 16, "Luis": 18, "Eva": 17, "Iker": 18}
    assert session.game.public_state()["children"]["montse"]["in_play"]
    assert turn(session) == "Iker"


def test_no_defender_attacker_pays_three_and_the_child_goes_home():
    session = fight()
    assert "withdraw" not in choices(session)
    refused(session, "withdraw", "Nobody defends")
    session.act("no defenders")
    assert candies(session)["Eva"] == 15 and session.game.ledger.pot == 31
    assert "montse" in session.game.gone and session.game.sent_home[2] == 1


def test_withdrawal_sends_every_front_candy_to_the_pot_and_ends_the_turn():
    session = fight()
    session.act("defend 1")
    session.act("defend 4")
    session.act("withdraw")
    assert candies(session) == {"Ana": 16, "Luis": 18, "Eva": 17, "Iker": 15}
    assert session.game.ledger.pot == 34 and turn(session) == "Iker"
    assert session.game.public_state()["children"]["montse"]["rip_cooldown"] == "Eva"


def test_hidden_bids_typed_one_by_one_stay_private_until_the_last():
    session = fight()
    session.act("defend 1")
    events = session.act("bid 3 4")
    assert [e.private for e in events] == [False, True]
    assert step(session) == "auction_bids" and session.expects().private
    assert session.expects().who == "Ana"
    state = session.game.public_state()["fight"]
    assert state["bid_in"] == ["Eva"] and state["bids"] is None
    assert session.game.private_state()["bids"] == {"Eva": 4, "Ana": None}
    refused(session, "bid 3 1", "Eva has bid already")
    refused(session, "bid 2 1", "Luis takes no part")
    refused(session, "defend 2", "Not now")
    session.act("bid 1 4")
    assert candies(session) == {"Ana": 16, "Luis": 18, "Eva": 17, "Iker": 18}  # a tie


def test_a_bid_above_what_the_bidder_holds_is_refused():
    session = fight()
    session.act("defend 1")
    refused(session, "bids 18 0", "Eva does not hold 18 candies besides the ones in front")
    refused(session, "bids 0 17", "Ana does not hold 17 candies")
    refused(session, "bids 1", "Type 2 bids")
    refused(session, "bid 1 17", "Ana does not hold 17")
    session.act("bids 17 16")  # everything but the front candies
    assert candies(session)["Eva"] == 0 and candies(session)["Ana"] == 16


def test_defending_needs_the_front_candies_and_a_third_player():
    session = fight()
    refused(session, "defend 3", "The attacker cannot defend")
    session.game.ledger.candies[0], session.game.ledger.pot = 1, 45
    refused(session, "defend 1", "Ana cannot put 2 candies in front")


def test_no_ripping_before_round_3():
    session = start()
    session.act("move simoncito")
    session.act("roll @ 2")
    session.act("land neutral")
    assert turn(session) == "Luis"  # no fight offered in round 1: the turn ends
    refused(session, "rip montse", "No costume may be ripped before round 3; this is round 1")


def test_the_target_rests_until_the_attacker_s_next_turn_and_so_does_the_attacker():
    session = fight()
    session.act("defend 1")
    session.act("bids 0 1")
    state = session.game.public_state()
    assert state["rip_cooldown"] == ["Eva"] and state["children"]["montse"]["rip_cooldown"] == "Eva"
    session.act("move david")  # Iker
    session.act("roll @ 2")
    session.act("land neutral")
    assert "rip montse" not in choices(session)
    refused(session, "rip montse", "nobody may try again before Eva's next turn")
    refused(session, "rip david", "David is the child you moved")
    session.act("end")
    while turn(session) != "Eva":
        quiet_turn(session)
    state = session.game.public_state()
    assert state["rip_cooldown"] == [] and state["children"]["montse"]["rip_cooldown"] is None


def test_a_card_kept_for_later_is_asked_when_its_child_goes_home():
    session = fight(children=("later", "david", "rosa", "lucia"))
    session.act("no defenders")
    assert step(session) == "crying"
    assert choices(session) == ["crying 1", "crying none"]
    refused(session, "crying 2", "Only a player whose card is still unknown")
    session.act("crying 1")
    assert session.game.public_state()["cries"] == {"Montse": "Ana"}
    assert session.game.secret[0] == "montse" and turn(session) == "Iker"


def test_a_child_nobody_holds_goes_home_without_tears():
    session = start()
    to_round(session, 3)
    session.act("move montse")
    session.act("roll @ 2")
    session.act("land neutral")
    session.act("rip simoncito")
    events = session.act("no defenders")
    assert any(e.line.id == "halloween.rip.nobodys" for e in events)
    refused(session, "move simoncito", "Simoncito went home")

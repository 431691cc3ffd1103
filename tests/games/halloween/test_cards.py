"""The 17 action cards: each effect, and each offered only at its moment."""

import pytest

from .helpers import candies, choices, hand, knock_on, quiet_turn, refused, start, step, turn


def land_on_action(session, child=None):
    session.act(f"move {child}" if child else next(n for n in choices(session) if n.startswith("move")))
    session.act("roll @ 4")
    session.act("land action")
    assert step(session) == "draw"


# -- drawing -------------------------------------------------------------------

def test_a_kept_card_is_secret_and_the_app_or_the_table_is_the_deck():
    session = start()
    land_on_action(session)
    events = session.act("draw @ 13")
    assert [(e.line.id, e.private) for e in events[:2]] == [("halloween.draw.kept", False),
                                                           ("halloween.draw.kept_secret", True)]
    assert session.game.hands[0] == [13]
    assert session.game.public_state()["hands"]["Ana"] == 1
    assert "13" not in session.game.pool
    land_on_action(session)  # Luis: the app draws one of the 16 left
    session.act("draw")
    assert len(session.game.pool) == 15


def test_a_card_no_longer_in_the_deck_cannot_be_typed():
    session = start()
    hand(session, 2, 9)
    land_on_action(session)
    refused(session, "draw @ 9", "cannot be drawn")


@pytest.mark.parametrize("card, ana, pot", [(3, 16, 30), (5, 20, 26), (6, 17, 29)])
def test_cards_3_5_6_resolve_when_drawn(card, ana, pot):
    session = start()
    land_on_action(session)
    session.act(f"draw @ {card}")
    assert candies(session)["Ana"] == ana and session.game.ledger.pot == pot
    assert session.game.hands[0] == [] and card in session.game.played


def test_card_5_takes_only_what_the_pot_holds():
    session = start()
    session.game.ledger.pot, session.game.ledger.candies[1] = 1, 45
    land_on_action(session)
    session.act("draw @ 5")
    assert candies(session)["Ana"] == 19 and session.game.ledger.pot == 0


def test_card_7_rolls_and_pays_half_rounded_up_to_the_pot():
    session = start()
    land_on_action(session)
    session.act("draw @ 7")
    assert step(session) == "card_roll"
    session.act("roll @ 5")
    assert candies(session)["Ana"] == 15 and session.game.ledger.pot == 31


def test_card_8_gives_half_to_a_neighbour():
    session = start()
    land_on_action(session)
    session.act("draw @ 8")
    session.act("roll @ 3")
    assert choices(session) == ["give 2", "give 4"]  # left and right of seat 1
    refused(session, "give 3", "a player beside you")
    session.act("give 4")
    assert candies(session)["Ana"] == 16 and candies(session)["Iker"] == 20


def test_hand_of_three_discard_to_draw_or_pass():
    session = start()
    hand(session, 1, 4, 9, 11)
    land_on_action(session)
    assert choices(session) == ["discard 4", "discard 9", "discard 11", "pass"]
    refused(session, "draw", "holds 3 action cards already")
    session.act("discard 9")
    session.act("draw @ 12")
    assert sorted(session.game.hands[0]) == [4, 11, 12]
    assert session.game.discarded == [9]
    assert session.game.public_state()["action_discarded"] == 1


def test_declining_to_draw_with_a_full_hand():
    session = start()
    hand(session, 1, 4, 9, 11)
    land_on_action(session)
    session.act("pass")
    assert turn(session) == "Luis" and len(session.game.hands[0]) == 3


def test_simoncito_may_draw_two():
    session = start(children=("simoncito", "david", "rosa", "lucia"))
    land_on_action(session, "simoncito")
    session.act("draw @ 9")
    assert step(session) == "draw"
    session.act("draw @ 8")  # resolves at once, then the turn goes on
    session.act("roll @ 1")
    session.act("give 2")
    assert session.game.hands[0] == [9] and turn(session) == "Luis"


def test_miguelin_looks_at_two_keeps_one_and_the_other_is_drawn_last():
    session = start(children=("miguelin", "david", "rosa", "lucia"))
    land_on_action(session, "miguelin")
    assert choices(session)[0] == "draw"
    events = session.act("draw @ 3 9")
    assert step(session) == "keep" and session.expects().private
    assert [e.private for e in events] == [False, True]
    session.act("keep 9")  # card 3 goes to the bottom, never resolved
    assert session.game.hands[0] == [9] and session.game.bottom == ["3"]
    assert candies(session)["Ana"] == 18
    # The bottom card comes only once the unseen cards are gone.
    session.game.pool = []
    land_on_action(session)
    refused(session, "draw @ 4", "cannot be drawn")
    session.act("draw @ 3")
    assert candies(session)["Luis"] == 16


def test_rosa_draws_on_her_start_square_and_eduardito_picks_there():
    session = start(children=("rosa", "eduardito", "montse", "lucia"))
    session.act("move rosa")
    session.act("roll @ 4")
    assert "land start" in choices(session)
    session.act("land start")
    session.act("draw @ 9")
    assert session.game.hands[0] == [9]
    session.act("move eduardito")
    session.act("roll @ 4")
    session.act("land start")
    session.act("draw @ 11 13")
    session.act("keep 11")
    assert session.game.hands[1] == [11] and session.game.bottom == ["13"]


def test_other_children_on_their_start_get_nothing():
    session = start()
    session.act("move montse")
    session.act("roll @ 4")
    assert "land start" not in choices(session)
    session.act("land start")  # a grey square like any other
    assert turn(session) == "Luis"


def test_deck_is_never_reshuffled_and_abilities_lose_their_cards():
    session = start(children=("simoncito", "david", "rosa", "lucia"))
    session.game.pool = ["9"]
    land_on_action(session, "simoncito")
    events = session.act("draw")
    assert session.game.hands[0] == [9]
    assert any(e.line.id == "halloween.draw.deck_empty" for e in events)
    assert turn(session) == "Luis"  # the second draw is gone with the deck
    session.act("move rosa")
    session.act("roll @ 4")
    events = session.act("land action")
    assert any(e.line.id == "halloween.draw.deck_empty" for e in events) and turn(session) == "Eva"


# -- on your turn: 1, 2, 10 ------------------------------------------------------

def test_card_1_moves_a_moved_child_and_leaves_only_trato():
    session = start()
    session.act("move montse")
    session.act("roll @ 2")
    session.act("land neutral")
    hand(session, 2, 1)
    refused(session, "move montse", "Montse has already moved this round")
    assert "play 1" in choices(session)
    session.act("play 1")
    session.act("move montse")
    session.act("roll @ 3")
    session.act("land red")
    assert "truco" not in choices(session) and "trato" in choices(session)
    refused(session, "truco", "may only choose trato")
    assert session.game.public_state()["children"]["montse"]["moved"] == 2
    assert session.game.extra_moves == 1


def test_card_2_costs_two_candies_and_the_next_turn():
    session = start()
    hand(session, 1, 2)
    refused(session, "play 2 1", "another player")
    session.act("play 2 3")
    assert candies(session)["Eva"] == 16 and session.game.ledger.pot == 30
    quiet_turn(session)  # Ana still moves
    quiet_turn(session)  # Luis
    assert turn(session) == "Iker"  # Eva's turn was lost
    assert session.game.public_state()["blocked"] == {}


def test_card_10_no_move_this_turn_and_a_child_frozen_for_two_turns():
    session = start()
    hand(session, 1, 10)
    session.act("play 10 david")
    assert choices(session) == ["end"]
    refused(session, "move montse", "cannot move a child this turn")
    session.act("end")
    refused(session, "move david", "David is frozen by card 10")
    quiet_turn(session)
    while turn(session) != "Ana":  # until Ana's next turn: still frozen, for everyone
        assert "move david" not in choices(session)
        quiet_turn(session)
    assert "move david" not in choices(session)  # her first turn after playing it
    quiet_turn(session)
    while turn(session) != "Ana":
        assert "move david" not in choices(session)
        quiet_turn(session)
    assert "david" not in session.game.frozen  # two full turns later it thaws
    assert "move david" in choices(session)


def test_my_turn_cards_are_not_played_at_a_door():
    session = start()
    hand(session, 2, 10)
    knock_on(session, "green")
    refused(session, "play 10", "Card 10: it is played at the start of your turn")


# -- at my door: 4, 9, 11, 12, 13, 14, 15, 17 -------------------------------------

def test_door_cards_are_not_played_on_your_turn():
    session = start()
    hand(session, 1, 9)
    refused(session, "play 9", "Card 9: it is played when a child knocks at your door")


@pytest.mark.parametrize("card, child", [(4, "rosa"), (12, "lucia"), (17, "montse")])
def test_cards_4_12_17_send_the_named_children_home(card, child):
    session = start(children=("montse", "lucia", "rosa", "david"))
    hand(session, 2, card)
    knock_on(session, "green", child)
    assert f"play {card}" in choices(session)
    session.act(f"play {card}")
    assert turn(session) == "Luis"  # Ana lost the rest of her turn
    assert candies(session)["Ana"] == 18


def test_card_4_answers_only_rosa_or_miguelin():
    session = start()
    hand(session, 2, 4)
    knock_on(session, "green", "montse")
    assert "play 4" not in choices(session)
    refused(session, "play 4", "answers only Rosa or Miguelín")


def test_card_9_no_question_and_the_turn_is_lost():
    session = start()
    hand(session, 2, 9)
    knock_on(session, "green")
    session.act("play 9")
    assert turn(session) == "Luis" and 9 in session.game.played


def test_card_11_the_mover_pays_three():
    session = start()
    hand(session, 2, 11)
    knock_on(session, "green")
    session.act("play 11")
    assert candies(session)["Ana"] == 15 and candies(session)["Luis"] == 21


def test_card_14_the_owner_takes_three_from_the_pot():
    session = start()
    hand(session, 2, 14)
    knock_on(session, "green")
    session.act("play 14")
    assert candies(session)["Luis"] == 21 and session.game.ledger.pot == 25


def test_card_13_the_child_passes_by_to_the_next_house():
    session = start()
    hand(session, 2, 13)
    knock_on(session, "green")
    session.act("play 13")
    assert step(session) == "passby"
    refused(session, "land red", "never lands on the colour of the player who moves it")
    refused(session, "land start", "Card 13 moves the child to the next square")
    session.act("land yellow")  # a new knock, at Eva's
    assert step(session) == "knock" and session.expects().who == "Eva"


def test_card_13_onto_an_action_square_draws():
    session = start()
    hand(session, 2, 13)
    knock_on(session, "green")
    session.act("play 13")
    session.act("land action")
    assert step(session) == "draw"


def test_card_15_walk_on_and_play_on_or_stop_on_your_own_colour():
    session = start()
    hand(session, 2, 15)
    knock_on(session, "green")
    session.act("play 15")
    session.act("roll @ 5")
    assert "land red" in choices(session) and "stuck" not in choices(session)
    session.act("land red")  # the mover's own colour: the child stays, the turn ends
    assert turn(session) == "Luis"
    session = start()
    hand(session, 2, 15)
    knock_on(session, "green")
    session.act("play 15")
    session.act("roll @ 2")
    session.act("land orange")  # plays on: a knock at Iker's
    assert session.expects().who == "Iker"


def test_card_16_the_owner_rolls_and_pays_half():
    session = start()
    hand(session, 1, 16)
    knock_on(session, "green")
    assert "play 16" in choices(session)
    session.act("play 16")
    session.act("roll @ 5")
    assert candies(session)["Ana"] == 21 and candies(session)["Luis"] == 15


def test_card_16_is_the_mover_s_card_not_the_owner_s():
    session = start()
    hand(session, 2, 16)
    knock_on(session, "green")
    assert "play 16" not in choices(session)
    refused(session, "play 16", "Card 16: it is played when the child you move knocks at a door")


def test_card_16_can_be_answered_with_a_door_card():
    session = start()
    hand(session, 1, 16)
    hand(session, 2, 9)
    knock_on(session, "green")
    session.act("play 16")
    assert choices(session) == ["roll", "play 9"]
    session.act("play 9")
    assert turn(session) == "Luis" and candies(session)["Ana"] == 18


def test_seventeen_cards_accounted_for():
    session = start()
    hand(session, 1, 2, 10)
    session.act("play 2 2")
    land = session.game.public_state()
    assert land["action_deck"] + sum(land["hands"].values()) + len(land["action_played"]) + land["action_discarded"] == 17


def test_miguelin_keeping_an_on_draw_card_resolves_it():
    session = start(children=("miguelin", "david", "rosa", "lucia"))
    land_on_action(session, "miguelin")
    session.act("draw @ 5 9")
    session.act("keep 5")
    assert candies(session)["Ana"] == 20 and session.game.hands[0] == [] and session.game.bottom == ["9"]


def test_card_13_onto_a_neutral_square_jorgito_stays():
    session = start()
    hand(session, 2, 13)
    knock_on(session, "green", "jorgito")
    session.act("play 13")
    session.act("land neutral")
    assert turn(session) == "Luis"  # no hop: the card says the child stays


def test_card_15_moves_the_raw_roll_without_abilities():
    session = start()
    hand(session, 2, 15)
    knock_on(session, "green", "montse")
    session.act("play 15")
    session.act("roll @ 3")
    assert session.game.turn["distance"] == 3 and "double" not in choices(session)
    refused(session, "double", "Card 15's move is the roll as it is")

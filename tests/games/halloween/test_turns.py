"""Setup, rounds and the turn card, moving children and their abilities,
and the refusals that leave the game as it was."""

from companion.core.language import render
from companion.core.session import Session

from .helpers import COLOURS, PLAYERS, candies, choices, hand, knock_on, quiet_turn, refused, start, step, to_round, turn


# -- setup ---------------------------------------------------------------------------

def test_candies_and_pot_make_100_for_4_and_5_players():
    four, five = start(), start(children=("montse", "david", "rosa", "lucia", "jorgito"), count=5)
    assert set(candies(four).values()) == {18} and four.game.ledger.pot == 28
    assert set(candies(five).values()) == {15} and five.game.ledger.pot == 25


def test_setup_colours_youngest_and_secret_children():
    session = Session.new("halloween", PLAYERS[:4], seed=3, lang="en")
    assert session.expects().who == "Ana" and len(choices(session)) == 5
    refused(session, "colour 2 red", "It is Ana's turn to choose a colour")
    session.act("colour 1 rojo")  # Spanish colour names are understood
    refused(session, "colour 2 red", "Ana has red already")
    for seat in (2, 3, 4):
        session.act(f"colour {seat} {COLOURS[seat - 1]}")
    session.act("youngest 3")
    assert session.expects().private  # the secret child is typed unseen
    events = session.act("child 1 Miguelín")
    assert [e.private for e in events] == [False, True]
    refused(session, "child 2 miguelin", "already another player's")
    session.act("child 2 later")
    events = session.act("deal")  # the app deals seats 3 and 4
    assert sum(e.private for e in events) == 2
    secret = session.game.private_state()["secret_children"]
    assert secret["Ana"] == "Miguelín" and secret["Luis"] is None and None not in (secret["Eva"], secret["Iker"])
    public = session.game.public_state()
    assert "secret_children" not in public and public["revealed_children"] == {}
    state = session.game.public_state()
    assert state["turn"] == "Eva" and state["turn_card"] == "Eva" and state["round"] == 1


# -- turns and rounds -------------------------------------------------------------------

def test_the_turn_card_passes_left_each_round_and_its_holder_starts():
    session = start(youngest=2)
    order = []
    while session.game.round < 4:
        order.append((session.game.round, turn(session), session.game.public_state()["turn_card"]))
        quiet_turn(session)
    assert [t for r, t, _ in order if r == 1] == ["Luis", "Eva", "Iker", "Ana"]
    assert [t for r, t, _ in order if r == 2] == ["Eva", "Iker", "Ana", "Luis"]
    assert {c for r, _, c in order if r == 3} == {"Iker"}


def test_a_child_moves_once_a_round():
    session = start()
    quiet_turn(session)  # Ana moves Montse
    refused(session, "move montse", "Montse has already moved this round")
    assert "move montse" not in choices(session)
    while session.game.round == 1:
        quiet_turn(session)
    assert "move montse" in choices(session)  # the turn card changed hands


def test_a_child_never_lands_on_its_mover_s_colour():
    session = start()
    session.act("move montse")
    session.act("roll @ 4")
    assert "land red" not in choices(session)
    refused(session, "land red", "never lands on the colour of the player who moves it")
    refused(session, "land blue", "Nobody plays blue in this game")


def test_stuck_rolls_again_and_the_child_has_not_moved():
    session = start()
    session.act("move montse")
    session.act("roll @ 4")
    session.act("stuck")
    assert step(session) == "start" and "move montse" in choices(session)
    session.act("move david")
    assert session.game.moved == {"david": 1}


def test_montse_may_double_once():
    session = start()
    session.act("move montse")
    events = session.act("roll @ 4")
    assert events[0].line.values["double"] == 8
    assert "double" in choices(session)
    session.act("double")
    assert session.game.turn["distance"] == 8 and "double" not in choices(session)
    refused(session, "double", "Montse has doubled already")


def test_david_moves_half_rounded_up():
    session = start()
    session.act("move david")
    session.act("roll @ 5")
    assert session.game.turn["distance"] == 3
    refused(session, "double", "Only Montse may double")


def test_lucia_may_roll_again_once_and_keeps_the_second_roll():
    session = start()
    session.act("move lucia")
    session.act("roll @ 1")
    session.act("reroll @ 6")
    assert session.game.turn["roll"] == 6 and "reroll" not in choices(session)
    refused(session, "reroll", "rolled again already")


def test_jorgito_may_step_from_a_neutral_square_onto_a_house():
    session = start()
    session.act("move jorgito")
    session.act("roll @ 3")
    session.act("land neutral")
    assert step(session) == "jorgito"
    assert "hop red" not in choices(session) and "stay" in choices(session)
    refused(session, "hop red", "never lands on the colour")
    session.act("hop orange")
    assert step(session) == "knock" and session.expects().who == "Iker"


def test_out_of_turn_actions_are_refused_with_what_is_allowed():
    session = start()
    error = refused(session, "roll", "Not now")
    assert "move montse" in render(error.allowed)  # a Line: what is allowed, in the table's language
    refused(session, "trato", "Not now")


def test_when_no_child_can_move_the_turn_just_ends():
    session = start()
    session.game.gone = {c: {"by": 0, "owner": None} for c in ("simoncito", "jorgito", "rosa", "miguelin",
                                                               "lucia", "eduardito")}
    quiet_turn(session)
    quiet_turn(session)
    assert choices(session) == ["end"]
    refused(session, "move montse", "already moved this round")
    session.act("end")
    assert turn(session) == "Iker"


# -- eliminations, end and score ---------------------------------------------------------

def test_a_player_at_zero_is_out_and_skipped():
    session = start()
    session.game.ledger.candies[1], session.game.ledger.pot = 1, 45
    session.act("move montse")
    session.act("roll @ 3")
    session.act("land green")
    session.act("truco")
    session.act("claim 8")
    session.act("believe")  # Luis pays his only candy
    assert session.game.public_state()["out"] == ["Luis"]
    assert turn(session) == "Eva"
    while session.game.round == 1:
        quiet_turn(session)
    assert turn(session) == "Eva"  # the turn card skips Luis
    session.act("move montse")
    session.act("roll @ 3")
    assert "land green" not in choices(session)
    refused(session, "land green", "Luis is out of the game: those houses count as neutral now")


def test_three_players_out_end_the_night():
    session = start()
    for seat in (1, 2):
        session.game.out[seat] = True
        session.game.out_order.append(seat)
        session.game.ledger.pot += session.game.ledger.candies[seat]
        session.game.ledger.candies[seat] = 0
    session.game.ledger.pot += session.game.ledger.candies[3] - 1
    session.game.ledger.candies[3] = 1
    session.act("move montse")
    session.act("roll @ 3")
    refused(session, "land green", "Luis is out of the game")
    session.act("land orange")
    session.act("truco")
    session.act("claim 8")
    session.act("believe")
    outcome = session.outcome()
    assert outcome is not None and outcome.termination == "eliminations"
    assert outcome.winners == ("Ana",)
    assert session.game.legal_actions() == []
    refused(session, "roll", "The game is over")


def test_score_secret_child_and_children_sent_home():
    session = start(children=("montse", "david", "rosa", "lucia"))
    to_round(session, 3)
    session.act("move simoncito")  # Eva sends Montse (Ana's) home
    session.act("roll @ 2")
    session.act("land neutral")
    session.act("rip montse")
    session.act("no defenders")
    rows = {r["player"]: r for r in session.game.private_state()["scores"]}
    assert rows["Ana"]["total"] == 18 - 10
    assert rows["Eva"]["total"] == 15 + 5 + 2
    assert rows["Luis"]["total"] == 18 + 5


def test_a_full_night_ends_after_round_8_with_shared_wins_and_late_reveals():
    session = start(children=("montse", "later", "rosa", "later"))
    while session.game.phase == "play":
        quiet_turn(session)
    assert session.game.round == 8 and session.game.phase == "final"
    assert session.expects().who == "Luis"
    refused(session, "child 2 montse", "Montse is another player's child")
    session.act("child 2 david")
    assert session.outcome() is None
    session.act("child 4 lucia")
    outcome = session.outcome()
    assert outcome.termination == "rounds"
    assert outcome.winners == ("Ana", "Luis", "Eva", "Iker")  # 18 + 5 each: a shared win
    ranking = session.game.public_state()["ranking"]
    assert [r["place"] for r in ranking] == [1, 1, 1, 1]
    assert session.game.public_state()["revealed_children"]["Luis"] == "David"


def test_payments_are_capped_by_what_the_payer_holds():
    session = start()
    session.game.ledger.candies[1], session.game.ledger.pot = 2, 44
    knock_on(session, "green")
    session.act("trato")
    session.act("treat 0 0")
    session.act("roll @ 8")
    events = session.act("roll @ 1")  # Luis owes 7 and holds 2
    said = [render(e.line, "en") for e in events]
    assert "8 against 1: Luis gives Ana 7 candies." in said and "Luis gives Ana 2 candies." in said
    assert candies(session)["Ana"] == 20 and session.game.public_state()["out"] == ["Luis"]
    assert session.game.ledger.total() == 100


def test_a_player_sees_their_own_candies_on_request():
    session = start()
    assert render(session.game.holding(1), "es") == "Luis tiene 18 caramelos."
    assert "candies" not in session.game.public_state()


def test_the_final_ranking_is_read_to_everyone():
    session = start()
    while session.outcome() is None:
        events = quiet_turn(session)
    rows = [render(e.line, "en") for e in events if e.line.id == "halloween.score.row"]
    assert rows[0] == "1. Ana: 23 points (18 candies; Montse: +5; children sent home: +0)."
    assert len(rows) == 4 and not any(e.private for e in events)
    assert events[-1].line.id == "halloween.end.winners"


def test_a_blocked_player_may_still_play_card_10():
    session = start()
    hand(session, 1, 2)
    hand(session, 3, 10)
    session.act("play 2 3")
    quiet_turn(session)
    quiet_turn(session)
    assert turn(session) == "Eva" and step(session) == "start"
    assert choices(session)[-1] == "end" and "play 10 montse" in choices(session)
    refused(session, "move rosa", "Eva cannot move a child this turn")
    session.act("play 10 rosa")
    session.act("end")
    assert turn(session) == "Iker" and "rosa" in session.game.frozen


def test_a_card_shown_at_the_end_settles_an_unclaimed_child_that_went_home():
    session = start(children=("montse", "later", "rosa", "lucia"))
    to_round(session, 3)
    session.act("move simoncito")  # Eva sends David home; nobody claims the card then
    session.act("roll @ 2")
    session.act("land neutral")
    session.act("rip david")
    session.act("no defenders")
    session.act("crying none")
    while session.game.phase == "play":
        quiet_turn(session)
    session.act("child 2 david")  # the card shown is the truth
    rows = {r["player"]: r for r in session.game.private_state()["scores"]}
    assert rows["Luis"]["secret_points"] == -10 and session.outcome() is not None

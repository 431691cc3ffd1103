"""Setup: the deck, the recommended gaueko count and its warnings, roles by seat or dealt."""

import pytest

from companion.core.errors import InvalidActionError
from companion.core.session import Session
from companion.games.gauekos.notation import Deck, Lovers, Role, Target, Vote, Votes, Word, parse
from companion.games.gauekos.roles import recommended_gauekos

from .helpers import NAMES, ids, play, refused


def new(players: int = 8, **options) -> Session:
    return Session.new("gauekos", NAMES[:players] if players <= len(NAMES) else [f"P{n}" for n in range(players)],
                       options, seed=3, lang="en")


@pytest.mark.parametrize("players, gauekos", [(6, 1), (7, 1), (8, 2), (11, 2), (12, 3), (15, 3), (16, 4), (28, 4)])
def test_recommended_gauekos_follow_the_rulings(players, gauekos):
    assert recommended_gauekos(players) == gauekos
    session = new(players)
    prompt = session.expects()
    assert prompt.title.values["recommended"] == gauekos
    assert prompt.choices[0].notation == f"deck gaueko {gauekos}"
    assert session.game.public_state()["deck"]["gaueko"] == gauekos


def test_odd_decks_are_warned_about_privately_never_refused():
    session = new(6)
    events = play(session, "deck gaueko 3 sorgina")
    warnings = [e for e in events if e.line.id.startswith("gauekos.warn.")]
    assert {e.line.id for e in warnings} == {"gauekos.warn.few_players", "gauekos.warn.gaueko_count",
                                            "gauekos.warn.too_many_gauekos"}
    assert all(e.private and not e.speak for e in warnings)
    session = new(28)
    events = play(session, "deck gaueko 5")
    box = [e.line for e in events if e.line.id == "gauekos.warn.box"]
    assert [(w.values["count"], w.values["box"]) for w in box] == [(5, 4), (23, 20)]


def test_impossible_decks_are_refused():
    session = new(6)
    refused(session, "deck gaueko 0", "at least one gaueko")
    refused(session, "deck gaueko 3 galtzagorri sorgina lamia cazador akerbeltz", "do not fit in a deck of 6")
    play(session, "deck gaueko 2 galtzagorri sorgina lamia samartintxiki cazador akerbeltz")  # 8 cards: fits


def test_roles_by_seat_must_come_from_the_deck():
    session = new(8)
    play(session, "deck gaueko 2 sorgina")
    refused(session, "role 1 cazador", "The deck has no cazador card left for Ana")
    play(session, "role 1 sorgina")
    refused(session, "role 2 sorgina", "no sorgina card left for Bo")
    play(session, "role 1 gaueko", "role 2 sorgina")  # a seat's card may be corrected
    refused(session, "deck gaueko 3", "The deck is fixed once roles are entered")
    refused(session, "start", "Cy has no card yet")
    refused(session, "role 9 gaueko", "There is no seat 9")


def test_deal_hands_out_the_rest_with_two_leftovers_for_samartintxiki():
    session = new(8)
    play(session, "deck gaueko 2 samartintxiki sorgina", "role 1 samartintxiki")
    events = play(session, "deal")
    assert all(e.private for e in events if e.line.id == "gauekos.setup.role")
    assert "gauekos.setup.dealt" in ids(events) and "gauekos.setup.leftovers" in ids(events)
    cards = session.game.private_state()["cards"]
    assert cards["Ana"] == "samartintxiki" and None not in cards.values()
    assert session.game.remaining_cards() and len(session.game.remaining_cards()) == 2
    refused(session, "deal", "Every seat has a card already")
    play(session, "start")
    assert len(session.game.private_state()["leftovers"]) == 2
    assert len(session.played[-2].entry.draws) == 7  # every card the app dealt is in the journal


def test_deal_takes_the_physical_cards_typed_after_at():
    session = new(6)
    play(session, "deck gaueko 1 sorgina")
    play(session, "deal @ sorgina gaueko campesino campesino campesino campesino")
    assert session.game.private_state()["cards"]["Ana"] == "sorgina"
    assert session.game.private_state()["cards"]["Bo"] == "gaueko"
    session = new(6)
    play(session, "deck gaueko 1")
    refused(session, "deal @ sorgina", "'sorgina' cannot be drawn from the Gauekos deck now")


def test_the_first_prompt_offers_only_playable_choices():
    session = new(9)
    for choice in session.expects().choices:
        trial = new(9)
        trial.act(choice.notation)


@pytest.mark.parametrize("text, action", [
    ("deck gaueko 2 Sorgiña cazador", Deck(2, ("sorgina", "cazador"))),
    ("deck cazador sorgina", Deck(2, ("sorgina", "cazador"))),  # the recommended count for 8
    ("deck hunter seer wolf 3", Deck(3, ("sorgina", "cazador"))),
    ("role 3 Sorgiña", Role(3, "sorgina")),
    ("lovers 5 2", Lovers(2, 5)),
    ("victim none", Word("no agreement")),
    ("No Agreement", Word("no agreement")),
    ("inspect 4", Target("sorgina", 4)),
    ("vote 3>1 1>2", Vote(((1, 2), (3, 1)))),
    ("vote", Vote(())),
    ("votes 7:5 3:2", Votes(((3, 2), (7, 5)))),
    ("shoot none", Word("no shot")),
    ("phantom", Word("pass")),
])
def test_notation_reads_aliases_and_writes_the_canonical_form(text, action):
    parsed = parse(text, 8)
    assert parsed == action
    assert parse(str(parsed), 8) == parsed


@pytest.mark.parametrize("text, message", [
    ("deck gaueko 2 mago", "'mago' is not a card"),
    ("deck campesino 3", "campesinos fill the deck"),
    ("deck gaueko 2 sorgina 2", "the box has one sorgina card"),
    ("lovers 3 3", "name two different seats"),
    ("vote 1>2 1>3", "a voter appears twice"),
    ("votes 1:2 1:3", "a candidate appears twice"),
    ("vote 1:2", "is not a SEAT>SEAT pair"),
    ("victim Ana", "'ana' is not a seat number"),
    ("dance", "is not an action of Gauekos"),
])
def test_bad_notation_says_what_it_looks_like(text, message):
    with pytest.raises(InvalidActionError, match=message):
        parse(text, 8)

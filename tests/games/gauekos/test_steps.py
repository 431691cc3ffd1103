"""Gauekos on the step engine: secret calls, choices that say how to offer
themselves, facts for the screen, and notation mistakes explained."""

import pytest

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.language import explain
from companion.games.gauekos.notation import parse

from .helpers import play, refused, table

ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "cazador", "lamia", "galtzagorri", "campesino"]
PLAIN = ["gaueko", "gaueko", "sorgina", "akerbeltz", "campesino", "campesino", "campesino", "campesino"]


def test_night_calls_are_secret_and_the_table_hears_only_that_the_role_chose():
    session = table(ROLES)
    prompt = session.expects()
    assert (prompt.step, prompt.private, prompt.secret, prompt.who) == ("lamia", True, True, "Flo")
    assert prompt.public == Line("gauekos.public.lamia")
    play(session, "lovers 5 8")
    assert session.expects().who == "Ed, Hal"  # every seat that wakes
    play(session, "done")
    election = session.expects()
    assert (election.step, election.private, election.secret, election.public) == ("election", False, False, None)
    play(session, "later", "sorgina 1", "shown")
    prompt = session.expects()
    assert prompt.step == "gauekos" and prompt.who == "Ana, Bo" and prompt.public == Line("gauekos.public.gauekos")


def test_a_phantom_call_tells_the_table_what_a_real_one_does():
    session = table(PLAIN)
    play(session, "later")
    real = session.expects()
    play(session, "sorgina 1", "shown", "victim 3", "close", "no life", "no death", "vote 5>6", "runoff 5 6", "vote 5>6 6>6 7>6",
         "night")
    phantom = session.expects()
    assert phantom.step == "phantom" and phantom.who is None
    assert (phantom.say, phantom.public, phantom.private) == (real.say, real.public, real.private)
    assert phantom.facts == {"call": "sorgina", "step": "pass", "phantom": True, "holders": [], "countdown": None,
                             "spoken": True}


def test_choices_carry_their_seat_key_and_group():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later", "sorgina 1", "shown")
    choices = session.expects().choices
    victims = [c for c in choices if c.group == "victim"]
    assert [(c.seat, c.key, c.notation) for c in victims][:2] == [(3, "3", "victim 3"), (4, "4", "victim 4")]
    assert [(c.notation, c.key, c.group) for c in choices if c.seat is None] == [
        ("no agreement", "n", "word"), ("caught", "x", "word")]
    assert session.expects().facts["countdown"] == 45
    assert session.game.call_info() == dict(session.expects().facts)
    play(session, "victim 3", "close")
    assert [(c.notation, c.key) for c in session.expects().choices] == [("life", "l"), ("no life", "n")]


def test_the_things_space_plays_are_grouped_go_on():
    session = table(ROLES)
    play(session, "lovers 5 8")
    assert [(c.notation, c.group) for c in session.expects().choices] == [("done", "go_on")]
    play(session, "done")
    later = session.expects().choice_for("n")
    assert later is not None and later.notation == "later" and later.group == "go_on"
    assert session.expects().choice_for("4").notation == "mayor 4"


def test_samartintxiki_takes_a_leftover_by_its_number():
    roles = ["samartintxiki", "gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("lamia", "campesino"))
    prompt = session.expects()
    assert [(c.notation, c.key) for c in prompt.choices] == [("keep", "k"), ("take campesino", "1"),
                                                             ("take lamia", "2")]
    assert prompt.choice_for("2").notation == "take lamia"


@pytest.mark.parametrize("text, shown", [
    ("tiebrek 6", "Did you mean 'tiebreak 6'?"),
    ("lovers 3", "Write it like: lovers 2 5."),
    ("victim 99999", "not a whole number a player would report"),
    ("victim " + "9" * 5000, "too long to be an action"),
])
def test_notation_mistakes_are_explained_never_a_crash(text, shown):
    with pytest.raises(InvalidActionError) as info:
        parse(text, 8)
    assert shown in str(info.value)
    assert "{" not in explain(info.value, "eu")


def test_the_allowed_now_of_a_refusal_comes_from_the_step():
    session = table(ROLES)
    err = refused(session, "victim 3", "Not now: it is the Lamia call")
    assert err.allowed.id == "error.allowed_hint" and err.allowed.values["hint"] == Line("gauekos.hint.lovers")
    play(session, "lovers 5 8", "done", "later")
    err = refused(session, "life", "Night actions go in order")
    assert "sorgina 1" in explain(err, "en") and "sorgina 3" not in explain(err, "en")

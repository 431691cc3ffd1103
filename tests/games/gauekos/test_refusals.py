"""Every refusal the issue names: the message says why, and the game is unchanged."""

import pytest

from .helpers import alive, play, refused, table

# Ana, Bo: gauekos; Cy: Sorgiña; Di: Akerbeltz; Ed: Cazador; Flo: Lamia; Gus: Galtzagorri; Hal: campesino.
ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "cazador", "lamia", "galtzagorri", "campesino"]


@pytest.fixture
def night1():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later")  # Ed (Cazador) and Hal fall in love
    assert session.game.public_state()["call"] == "sorgina"
    return session


def test_the_sorgina_cannot_inspect_herself(night1):
    refused(night1, "sorgina 3", "The Sorgiña cannot inspect herself")


def test_a_night_action_out_of_order(night1):
    refused(night1, "victim 8", "Night actions go in order: now it is the Sorgiña call")
    refused(night1, "life", "Night actions go in order")
    play(night1, "sorgina 1", "shown")
    refused(night1, "sorgina 2", "now it is the Gauekos call")
    refused(night1, "death 2", "now it is the Gauekos call")


def test_the_gauekos_cannot_choose_a_gaueko(night1):
    play(night1, "sorgina 1", "shown")
    refused(night1, "victim 2", r"The gauekos cannot choose a gaueko \(Bo is one\)")


def test_a_lovers_death_must_be_followed_through_and_the_dead_stay_dead(night1):
    play(night1, "sorgina 1", "shown", "victim 8", "close", "no life", "no death")
    assert "Hal" not in alive(night1)
    # Hal's lover Ed must die of grief before anything else happens.
    refused(night1, "vote 1>2", "Ed must die of grief first: Hal was their lover")
    refused(night1, "night", "Ed must die of grief first")
    refused(night1, "shoot 1", "Ed must die of grief first")
    refused(night1, "grief 4", "Ed must die of grief first")
    play(night1, "grief 5", "no shot")  # Ed was the Cazador: he may shoot, he holds his fire
    assert night1.game.phase == "day"
    refused(night1, "vote 8>1", "Hal is dead and cannot vote")
    refused(night1, "vote 1>8", "Hal is dead")
    refused(night1, "votes 5:3", "Ed is dead")
    play(night1, "vote 1>2 2>2 3>2 4>2 6>2 7>2", "runoff 1 2", "vote 1>2 3>2 4>2 6>2 7>2")
    assert alive(night1) == ["Ana", "Cy", "Di", "Flo", "Gus"]
    play(night1, "night", "sorgina 4", "shown")
    refused(night1, "victim 8", "Hal is dead")
    refused(night1, "victim 2", "Bo is dead")


def test_a_second_life_spell(night1):
    play(night1, "sorgina 1", "shown", "victim 7", "close", "life", "no death")
    assert alive(night1) == ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    play(night1, "vote 1>2", "runoff 1 2", "vote 1>2 3>2 4>2", "night", "sorgina 5", "shown", "victim 7", "close")
    assert night1.game.step == "death"  # her life spell is spent: not offered
    assert "life" not in [c.notation for c in night1.expects().choices]
    refused(night1, "life", "Akerbeltz has already used her life spell")
    play(night1, "death 6")
    assert alive(night1) == ["Ana", "Cy", "Di", "Ed", "Hal"]
    play(night1, "vote 3>3", "runoff 3 4", "vote 3>3 4>3 5>3", "night", "pass", "victim 5", "close")
    assert night1.game.step == "done"  # both spells spent
    refused(night1, "death 6", "Akerbeltz has already used her death spell")
    refused(night1, "life", "Akerbeltz has already used her life spell")


def test_refusals_outside_the_night():
    session = table(ROLES)
    refused(session, "victim 3", "Not now: it is the Lamia call")
    refused(session, "lovers 3 9", "There is no seat 9")
    refused(session, "deck gaueko 2", "The game is still being set up|Not now")
    play(session, "lovers 1 2")
    refused(session, "pass", "not a phantom")


def test_nothing_is_allowed_once_the_game_is_over():
    session = table(["gaueko", "campesino", "campesino", "campesino", "campesino", "campesino"])
    play(session, "later", "victim 2", "close", "vote 1>1", "runoff 1 3", "vote 1>1 3>1 4>1")
    assert session.outcome().termination == "village"
    refused(session, "night", "The game is over")

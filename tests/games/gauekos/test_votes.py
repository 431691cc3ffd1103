"""The day: first vote, runoff proposals, the runoff, elections and the vote history."""

import pytest

from companion.games.gauekos.votes import runoff_proposals, tally
from companion.games.gauekos.win import winner

from .helpers import alive, ids, play, refused, table

PLAIN8 = ["gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"]


@pytest.fixture
def day1():
    session = table(PLAIN8)
    play(session, "later", "victim 8", "close")
    return session


def test_the_app_proposes_the_two_most_voted_and_asks_when_places_tie(day1):
    play(day1, "vote 1>2 2>3 3>2 4>3 5>4 6>2")
    assert day1.game.public_state()["vote"]["proposals"] == [["Bo", "Cy"]]
    assert [c.notation for c in day1.expects().choices] == ["runoff 2 3"]
    assert runoff_proposals({1: 3, 2: 2, 3: 2}, [0, 1, 2, 3]) == [(1, 2), (1, 3)]
    assert runoff_proposals({0: 2, 1: 2, 2: 2}, [0, 1, 2, 3]) == [(0, 1), (0, 2), (1, 2)]
    refused(day1, "vote 1>2", "Not now: name the two runoff candidates")
    play(day1, "runoff 4 5")  # the Kontalari may name any two living players
    refused(day1, "vote 1>2", "The runoff is between Di and Ed: Bo is not a candidate")
    refused(day1, "runoff 1 2", "Not now: the runoff vote comes now")


def test_counts_per_candidate_and_the_history_of_votes(day1):
    play(day1, "votes 1:4 2:3", "runoff 1 2")
    events = play(day1, "votes 2:5 1:1")
    assert "gauekos.death.lynch" in ids(events) and "Bo" not in alive(day1)
    history = day1.game.public_state()["votes"]
    assert history == [
        {"day": 1, "round": "first", "ballots": None, "tally": {"Ana": 4, "Bo": 3}},
        {"day": 1, "round": "runoff", "ballots": None, "tally": {"Ana": 1, "Bo": 5}},
    ]


def test_per_voter_ballots_are_kept_by_name(day1):
    play(day1, "vote 1>3 3>1")
    assert day1.game.history[0]["ballots"] == {"Ana": "Cy", "Cy": "Ana"}


def test_the_mayor_is_elected_before_the_vote_or_at_dusk_never_during_it(day1):
    play(day1, "mayor 4")
    refused(day1, "mayor 5", "Di is the Pariente mayor already")
    play(day1, "vote 1>2", "runoff 1 2")
    refused(day1, "mayor 5", "Not now|before the day's vote")
    play(day1, "vote 1>1 2>1 3>1")
    assert day1.game.phase == "dusk"
    assert day1.game.public_state()["mayor"] == "Di"


def test_the_successor_of_a_dead_mayor_is_named_at_once():
    session = table(PLAIN8)
    play(session, "mayor 4", "victim 4", "close")
    assert session.game.public_state()["pending"] == {"kind": "successor", "player": "Di"}
    refused(session, "vote 1>2", "Di, the dead Pariente mayor, names a successor first")
    refused(session, "successor 4", "Di is dead")
    events = play(session, "successor 5")
    assert ids(events) == ["gauekos.mayor.successor", "gauekos.day.debate"]
    assert session.game.public_state()["mayor"] == "Ed"


def test_a_tie_without_a_mayor_asks_no_lynch_or_vote_again(day1):
    play(day1, "vote 1>2", "runoff 1 2", "vote")
    assert day1.game.ballot["stage"] == "tied"  # nobody voted: 0 to 0
    play(day1, "vote again", "vote 3>1")
    assert "Ana" not in alive(day1)


def test_tally_weighs_the_mayor_twice_only_with_the_double_vote():
    assert tally([(0, 1), (2, 1), (3, 0)], mayor=3, double=True) == {1: 2, 0: 2}
    assert tally([(0, 1), (2, 1), (3, 0)], mayor=3, double=False) == {1: 2, 0: 1}


G, C = "gaueko", "campesino"


@pytest.mark.parametrize("roles, alive_, lovers, expected", [
    ([G, C, C], [True, True, True], None, None),
    ([G, C, C], [False, True, False], None, ("village", (1, 2))),
    ([G, G, C], [True, False, False], None, ("gauekos", (0, 1))),
    ([G, C, C], [False, False, False], None, ("draw", ())),
    # a mixed pair wins only as the last two alive
    ([G, C, C, G], [True, True, False, False], (0, 1), ("lovers", (0, 1))),
    ([G, C, C, G], [True, True, True, False], (0, 1), None),
    ([G, C, C, G], [True, True, False, True], (0, 1), None),
    # two gaueko lovers: the last two alive are the lovers, not the gauekos
    ([G, G, C, G], [True, True, False, False], (0, 1), ("lovers", (0, 1))),
    ([G, G, C, G], [True, True, False, True], (0, 1), ("gauekos", (3,))),
    # two campesino lovers win with the village, alive only
    ([G, C, C, C], [False, True, True, False], (1, 2), ("village", (1, 2, 3))),
    ([G, C, C, C], [False, False, False, True], (1, 2), ("village", (3,))),
    ([G, C, C, C], [True, False, False, False], (1, 2), ("gauekos", (0,))),
])
def test_who_wins(roles, alive_, lovers, expected):
    assert winner(roles, alive_, lovers) == expected

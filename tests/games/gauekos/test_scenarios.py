"""The scenarios of the rule text, played through the session as at a table."""

from .helpers import alive, ids, play, refused, table

PLAIN8 = ["gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"]


def lynch(session, seat: int, other: int) -> list:
    """The whole village votes `seat` out (first vote, runoff against `other`)."""
    living = [n + 1 for n, name in enumerate(session.game.players) if name in alive(session)]
    ballots = " ".join(f"{v}>{seat}" for v in living)
    return play(session, f"vote {ballots}", f"runoff {min(seat, other)} {max(seat, other)}", f"vote {ballots}")


def test_lovers_gaueko_and_campesino_win_as_the_last_two():
    session = table(["gaueko", "gaueko", "lamia", "campesino", "campesino", "campesino", "campesino", "campesino"])
    play(session, "lovers 1 4", "done", "later")  # Ana (gaueko) loves Di (campesino)
    play(session, "victim 3", "close")
    lynch(session, 2, 5)  # Bo, the other gaueko
    assert session.outcome() is None  # Ana is a gaueko and alive: the village has not won
    play(session, "night", "victim 5", "close")
    lynch(session, 6, 7)
    play(session, "night", "victim 7", "close")
    assert alive(session) == ["Ana", "Di", "Hal"]
    events = lynch(session, 8, 4)
    outcome = session.outcome()
    assert outcome.termination == "lovers" and outcome.winners == ("Ana", "Di")
    assert "gauekos.outcome.lovers" in ids(events)
    state = session.game.public_state()
    assert state["cards"]["Ana"] == "gaueko" and state["phase"] == "over"
    assert [e["id"] for e in state["story"]][-1] == "gauekos.story.end.lovers"


def test_the_cazador_shoots_a_lover_a_chain_of_three_deaths():
    session = table(["gaueko", "gaueko", "cazador", "lamia", "campesino", "campesino", "campesino", "campesino"])
    play(session, "lovers 5 6", "done", "later")
    events = play(session, "victim 3", "close")
    assert ids(events)[-2:] == ["gauekos.dawn", "gauekos.death.night"]
    prompt = session.expects()
    assert prompt.say.id == "gauekos.shot.say" and prompt.title.values["player"] == "Cy"
    assert session.game.public_state()["pending"] == {"kind": "shot", "player": "Cy"}
    refused(session, "vote 1>2", "Cy, the Cazador, shoots first")
    refused(session, "shoot 3", "Cy is dead")
    events = play(session, "shoot 5")
    assert ids(events) == ["gauekos.death.shot"]
    assert events[0].line.values["card"].id == "gauekos.role.campesino"
    refused(session, "shoot 1", "Flo must die of grief first: Ed was their lover")
    events = play(session, "grief 6")
    assert ids(events) == ["gauekos.death.grief", "gauekos.day.debate"]
    assert alive(session) == ["Ana", "Bo", "Di", "Gus", "Hal"]
    story = [e["id"] for e in session.game.story]
    assert story[-3:] == ["gauekos.story.death.gauekos", "gauekos.story.death.shot", "gauekos.story.death.grief"]


def test_akerbeltz_saves_herself():
    session = table(["gaueko", "gaueko", "akerbeltz", "campesino", "campesino", "campesino", "campesino", "campesino"])
    play(session, "later", "victim 3", "close")
    prompt = session.expects()
    assert prompt.say.id == "gauekos.call.akerbeltz.wake"
    assert prompt.detail.values["victim"] == "Cy"  # she is shown the victim: herself
    events = play(session, "life")
    assert session.expects().say is None  # same call, no second wake line
    events += play(session, "no death")
    assert "gauekos.dawn.nobody" in ids(events)
    assert "Cy" in alive(session)
    assert session.game.private_state()["life_spell"] == "used"


def test_galtzagorri_caught_spying_becomes_the_victim():
    session = table(["gaueko", "gaueko", "campesino", "galtzagorri", "campesino", "campesino", "campesino", "campesino"])
    play(session, "later")
    assert "caught" in [c.notation for c in session.expects().choices]
    events = play(session, "caught", "close")
    death = [e for e in events if e.line.id == "gauekos.death.night"][0]
    assert death.line.values["player"] == "Di" and death.line.values["card"].id == "gauekos.role.galtzagorri"
    assert "gauekos.story.caught" in [e["id"] for e in session.game.story]
    lynch(session, 3, 5)
    play(session, "night")
    assert "caught" not in [c.notation for c in session.expects().choices]
    refused(session, "caught", "Nobody alive holds Galtzagorri")


def test_samartintxiki_is_forced_to_take_a_gaueko():
    roles = ["samartintxiki", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("gaueko", "gaueko"))
    prompt = session.expects()
    assert prompt.detail.id == "gauekos.ask.samartintxiki.forced"
    assert [c.notation for c in prompt.choices] == ["take gaueko"]
    refused(session, "keep", "Both leftover cards are gauekos: Samartintxiki must take one")
    refused(session, "take campesino", "There is no campesino card among the leftovers")
    play(session, "take gaueko", "later")
    private = session.game.private_state()
    assert private["cards"]["Ana"] == private["roles"]["Ana"] == "gaueko"
    assert sorted(private["leftovers"]) == ["gaueko", "samartintxiki"]
    assert session.game.call_info()["holders"] == ["Ana", "Bo"]  # he wakes with the gauekos


def test_samartintxiki_who_keeps_his_card_plays_as_a_campesino():
    roles = ["samartintxiki", "gaueko", "sorgina", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("gaueko", "campesino"))
    play(session, "keep", "later")
    assert session.game.private_state()["roles"]["Ana"] == "campesino"
    choices = {c.notation: c.label for c in session.expects().choices}
    label = choices["sorgina 1"]  # the Sorgiña is shown his card, the Kontalari also his current role
    assert label.id == "gauekos.choice.inspect_as" and label.values["role"].id == "gauekos.role.campesino"


def test_the_mayor_breaks_a_tie_and_his_vote_counts_double():
    session = table(PLAIN8)
    play(session, "mayor 3", "victim 8", "close")
    assert session.game.public_state()["mayor"] == "Cy"
    play(session, "vote 1>2", "runoff 1 2")
    events = play(session, "vote 1>2 2>1 3>1 4>2 5>2")  # Bo 1 + Cy 2 = 3 for Ana; 3 for Bo
    assert session.game.ballot["tally"] == {0: 3, 1: 3}
    assert "gauekos.vote.tie_mayor" in ids(events)
    refused(session, "tiebreak 4", "breaks the tie between Ana or Bo only")
    refused(session, "no lynch", "Not now")
    events = play(session, "tiebreak 1")
    assert "Ana" not in alive(session) and "gauekos.death.lynch" in ids(events)
    assert session.game.history[-1]["tally"] == {"Ana": 3, "Bo": 3}


def test_with_double_vote_only_a_tie_is_no_lynch_or_vote_again():
    session = table(PLAIN8, mayor_power="double_vote")
    play(session, "mayor 3", "victim 8", "close", "vote 1>2", "runoff 1 2", "vote 1>2 2>1 3>1 4>2 5>2")
    assert session.game.ballot["stage"] == "tied"
    assert [c.notation for c in session.expects().choices] == ["no lynch", "vote again"]
    refused(session, "tiebreak 1", "Not now")
    play(session, "vote again")
    play(session, "votes 1:2 2:2")
    events = play(session, "no lynch")
    assert ids(events) == ["gauekos.vote.no_lynch"] and session.game.phase == "dusk"
    assert len(alive(session)) == 7
    assert [v["round"] for v in session.game.history] == ["first", "runoff", "runoff"]


def test_with_tiebreak_only_the_mayor_votes_once_and_breaks_ties():
    session = table(PLAIN8, mayor_power="tiebreak")
    play(session, "mayor 3", "victim 8", "close")
    refused(session, "votes 1:5 2:3", "8 votes counted, but at most 7 can be cast")
    play(session, "vote 1>2", "runoff 1 2", "vote 3>1 4>2")
    assert session.game.ballot["stage"] == "tiebreak"
    play(session, "tiebreak 2")
    assert "Bo" not in alive(session)


def test_nobody_left_alive_is_a_draw():
    session = table(["gaueko", "akerbeltz", "campesino", "campesino", "campesino", "campesino"])
    play(session, "later", "victim 3", "close", "no life", "no death")
    lynch(session, 4, 5)
    play(session, "night", "victim 5", "close", "no life", "no death")
    lynch(session, 6, 1)
    assert alive(session) == ["Ana", "Bo"]
    play(session, "night", "victim 2", "close", "no life")
    events = play(session, "death 1")  # she strikes the last gaueko as she dies
    outcome = session.outcome()
    assert outcome.termination == "draw" and outcome.winners == ()
    assert ids(events)[-1] == "gauekos.reveal" and "gauekos.outcome.draw" in ids(events)


def test_the_cazadors_last_shot_turns_a_gaueko_win_into_a_draw():
    session = table(["gaueko", "cazador", "campesino", "campesino", "campesino", "campesino"])
    play(session, "later", "victim 3", "close")
    lynch(session, 4, 5)
    play(session, "night", "victim 5", "close")
    lynch(session, 6, 1)
    play(session, "night", "victim 2", "close")
    assert alive(session) == ["Ana"]
    assert session.outcome() is None  # the Cazador's shot is still to come
    play(session, "shoot 1")
    assert session.outcome().termination == "draw"


def test_two_campesino_lovers_win_with_the_village_only_alive():
    roles = ["gaueko", "lamia", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles)
    play(session, "lovers 2 3", "done", "later", "victim 4", "close")
    lynch(session, 1, 5)
    outcome = session.outcome()
    assert outcome.termination == "village"
    assert outcome.winners == ("Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")  # Di won dead; lovers alive


def test_no_gaueko_left_in_play_after_the_preparation_turn_is_a_village_win():
    roles = ["samartintxiki", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("gaueko", "campesino"))
    events = play(session, "keep", "later")
    assert session.outcome().termination == "village"
    assert "gauekos.outcome.village" in ids(events)


def test_the_life_spell_saves_galtzagorri_caught_spying():
    session = table(["gaueko", "gaueko", "akerbeltz", "galtzagorri", "campesino", "campesino", "campesino",
                     "campesino"])
    play(session, "later", "caught", "close")
    assert session.expects().detail.values["victim"] == "Di"
    events = play(session, "life", "no death")
    assert "gauekos.dawn.nobody" in ids(events) and "Di" in alive(session)

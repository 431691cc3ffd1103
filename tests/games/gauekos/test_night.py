"""The call sequence: built from the deck and the state, with phantom calls."""

from companion.core.game import Line

from .helpers import alive, ids, play, refused, table

ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "campesino", "campesino", "campesino", "campesino"]


def calls(session, *answers):
    """The (call, phantom, wake line) of each prompt while the answers are played."""
    seen = []
    for answer in answers:
        info = session.game.call_info()
        say = session.expects().say
        seen.append((info["call"], info["phantom"], say.id if say else None))
        session.act(answer)
    return seen


def test_every_night_calls_sorgina_gauekos_akerbeltz_with_wake_and_sleep_lines():
    session = table(ROLES)
    events = play(session, "later")
    assert ids(events) == ["gauekos.night.falls"]
    prompt = session.expects()
    assert prompt.private and prompt.say == Line("gauekos.call.sorgina.wake")
    assert [c.notation for c in prompt.choices] == [f"sorgina {n}" for n in (1, 2, 4, 5, 6, 7, 8)]
    events = play(session, "sorgina 1", "shown")
    assert ids(events) == ["gauekos.sorgina.show", "gauekos.call.sorgina.sleep"]
    assert events[0].private and not events[1].private
    assert session.expects().say == Line("gauekos.call.gauekos.wake")
    events = play(session, "victim 5", "close")
    assert ids(events) == ["gauekos.gauekos.chose", "gauekos.call.gauekos.sleep"]
    assert session.expects().say == Line("gauekos.call.akerbeltz.wake")
    events = play(session, "no life", "no death")
    assert ids(events) == ["gauekos.call.akerbeltz.sleep", "gauekos.dawn", "gauekos.death.night",
                           "gauekos.day.debate"]


def test_a_dead_role_gets_a_phantom_call_with_the_same_words():
    session = table(ROLES)
    play(session, "later", "sorgina 1", "shown", "victim 3", "close", "no life", "no death")
    assert "Cy" not in alive(session)
    lynch = "vote 5>6 6>6 7>6", "runoff 5 6", "vote 5>6 6>6 7>6"
    play(session, *lynch, "night")
    prompt = session.expects()
    assert session.game.call_info() == {"call": "sorgina", "step": "pass", "phantom": True, "holders": [],
                                        "countdown": None, "spoken": True}
    assert session.game.private_state()["call_info"]["phantom"] is True
    assert session.game.public_state()["call"] == "sorgina"  # the table hears the call either way
    assert prompt.say == Line("gauekos.call.sorgina.wake") and prompt.private
    assert [c.notation for c in prompt.choices] == ["pass"]
    refused(session, "sorgina 1", "This Sorgiña call is a phantom")
    events = play(session, "pass")
    assert ids(events) == ["gauekos.phantom.done", "gauekos.call.sorgina.sleep"]
    assert events[0].private and not events[1].private
    assert session.game.call_info()["call"] == "gauekos"


def test_without_the_house_rule_a_dead_role_is_not_called():
    session = table(ROLES, phantom_calls=False)
    play(session, "later", "sorgina 1", "shown", "victim 3", "close", "no life", "no death")
    play(session, "vote 5>6", "runoff 5 6", "vote 5>6 6>6 7>6", "night")
    assert session.game.call_info()["call"] == "gauekos"
    assert session.expects().say == Line("gauekos.call.gauekos.wake")


def test_leftover_lamia_gets_phantom_lamia_and_lovers_calls():
    roles = ["samartintxiki", "gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("lamia", "campesino"))
    seen = calls(session, "keep", "pass", "pass")
    assert seen == [("samartintxiki", False, "gauekos.call.samartintxiki.wake"),
                    ("lamia", True, "gauekos.call.lamia.wake"),
                    ("lovers", True, "gauekos.call.lovers.wake")]
    assert session.game.call_info()["call"] == "election"
    assert session.expects().say is None  # the election is not a night call
    assert session.game.lovers is None


def test_samartintxiki_taking_the_lamia_card_makes_her_calls_real():
    roles = ["samartintxiki", "gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("lamia", "campesino"))
    seen = calls(session, "take lamia", "lovers 1 4", "done")
    assert [(c, p) for c, p, _ in seen] == [("samartintxiki", False), ("lamia", False), ("lovers", False)]
    private = session.game.private_state()
    assert private["lovers"] == ["Ana", "Di"] and private["cards"]["Ana"] == "lamia"
    assert private["roles"]["Ana"] == "campesino"  # the Lamia is a plain campesino once her spell is cast


def test_a_leftover_samartintxiki_gets_a_phantom_call():
    roles = ["gaueko", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"]
    session = table(roles, leftovers=("samartintxiki", "campesino"))
    assert calls(session, "pass") == [("samartintxiki", True, "gauekos.call.samartintxiki.wake")]
    refused(session, "pass", "Not now: it is the election call")


def test_akerbeltz_is_shown_the_victim_only_while_her_life_spell_is_unused():
    session = table(ROLES)
    play(session, "later", "sorgina 1", "shown", "victim 5", "close")
    prompt = session.expects()
    assert session.game.step == "life" and prompt.detail.id == "gauekos.ask.life.detail"
    assert [c.notation for c in prompt.choices] == ["life", "no life"]
    play(session, "life", "no death", "vote 5>6", "runoff 5 6", "vote 5>6 6>6 7>6", "night", "sorgina 2", "shown",
         "victim 7", "close")
    prompt = session.expects()
    assert session.game.step == "death" and prompt.detail.id == "gauekos.ask.akerbeltz.spent"
    assert "Gus" not in str(prompt.title) + str(prompt.detail)
    assert prompt.say == Line("gauekos.call.akerbeltz.wake")


def test_no_agreement_means_no_victim_to_show_and_nobody_dies():
    session = table(ROLES)
    play(session, "later", "sorgina 1", "shown", "no agreement", "close")
    prompt = session.expects()
    assert session.game.step == "death" and prompt.detail.id == "gauekos.ask.akerbeltz.nobody"
    refused(session, "life", "Nobody is about to die tonight")
    events = play(session, "no death")
    assert "gauekos.dawn.nobody" in ids(events)


def test_the_death_spell_on_the_victim_kills_once_and_after_a_save_still_kills():
    session = table(ROLES)
    events = play(session, "later", "sorgina 1", "shown", "victim 5", "close", "no life", "death 5")
    assert ids(events).count("gauekos.death.night") == 1
    session = table(ROLES)
    events = play(session, "later", "sorgina 1", "shown", "victim 5", "close", "life", "death 6")
    deaths = [e.line.values["player"] for e in events if e.line.id == "gauekos.death.night"]
    assert deaths == ["Flo"]


def test_countdown_and_day_timer_are_in_the_state():
    session = table(ROLES, gaueko_countdown=30, day_timer=120)
    play(session, "later")
    assert session.game.public_state()["countdown"] is None
    play(session, "sorgina 1", "shown")
    assert session.game.public_state()["countdown"] == 30
    assert session.game.call_info()["countdown"] == 30
    assert session.expects().detail.values["seconds"] == 30
    play(session, "victim 5", "close", "no life", "no death")
    state = session.game.public_state()
    assert state["day_timer"] == 120 and state["countdown"] is None and state["phase"] == "day"
    play(session, "vote 6>6")
    assert session.game.public_state()["day_timer"] is None

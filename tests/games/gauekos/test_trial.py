"""What a game master ran into in a real trial (issue 13): notation in the table's language,
players' names for seats, `lovers 3`, and Galtzagorri caught at any instant of the gauekos' turn."""

from __future__ import annotations

import pytest

from companion.core.errors import InvalidActionError
from companion.core.language import explain
from companion.games.gauekos.notation import WORDS, parse

from .helpers import alive, ids, play, refused, table

ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "cazador", "lamia", "galtzagorri", "campesino"]
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@pytest.mark.parametrize(("typed", "canonical"), [
    ("víctima 5", "victim 5"), ("biktima 5", "victim 5"), ("kill 5", "victim 5"),
    ("enamorados 2 5", "lovers 2 5"), ("maitaleak 5 2", "lovers 2 5"), ("hecho", "done"), ("eginda", "done"),
    ("pasar", "pass"), ("sin acuerdo", "no agreement"), ("voto 1>5 2>5", "vote 1>5 2>5"),
    ("botoak 5:3", "votes 5:3"), ("candidatos 1 5", "runoff 1 5"), ("votar otra vez", "vote again"),
    ("sin linchar", "no lynch"), ("noche", "night"), ("carta mostrada", "shown"), ("karta erakutsita", "shown"),
    ("cerrar", "close"), ("itxi", "close"), ("Pariente 3", "mayor 3"), ("desempate 4", "tiebreak 4"),
])
def test_spanish_and_basque_words_read_as_the_canonical_line(typed, canonical):
    assert str(parse(typed, NAMES)) == canonical


@pytest.mark.parametrize(("typed", "canonical"), [
    ("victim Ed", "victim 5"), ("víctima ed", "victim 5"), ("lovers Bo Ed", "lovers 2 5"),
    ("vote Ana>Ed Bo>5", "vote 1>5 2>5"), ("votes Ed:3", "votes 5:3"), ("role Cy sorgina", "role 3 sorgina"),
])
def test_a_players_name_stands_for_their_seat(typed, canonical):
    assert str(parse(typed, NAMES)) == canonical


def test_an_unknown_name_says_how_a_seat_is_written():
    with pytest.raises(InvalidActionError) as info:
        parse("victim Zoe", NAMES)
    assert info.value.line.id == "gauekos.error.notation.seat"


def test_no_spelling_is_claimed_twice():
    spellings = [*WORDS.phrase_of, *WORDS.verb_of]
    assert len(spellings) == len(set(spellings))


def test_the_save_keeps_the_canonical_line():
    session = table(ROLES)
    play(session, "enamorados Ed Hal", "hecho", "luego", "sorgina 1", "víctima Hal")
    assert [p.entry.notation for p in session.played][-5:] == ["lovers 5 8", "done", "later", "sorgina 1",
                                                                  "victim 8"]


@pytest.mark.parametrize("typed", ["lovers 3", "enamorados 3", "lovers 1 2 3"])
def test_one_seat_for_the_lovers_asks_for_two(typed):
    session = table(ROLES)
    err = refused(session, typed, "name two seats")
    assert err.line.id == "gauekos.error.notation.two_seats"
    assert "nombra dos asientos" in explain(err, "es")


def test_galtzagorri_caught_after_the_victim_is_recorded_replaces_the_victim():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later", "sorgina 1", "shown", "victim 8")
    prompt = session.expects()
    assert prompt.step == "gauekos_close" and prompt.say is None  # their call goes on, not woken again
    assert [c.notation for c in prompt.choices] == ["close", "caught"]
    events = play(session, "caught")
    assert ids(events) == ["gauekos.gauekos.caught"]
    assert [c.notation for c in session.expects().choices] == ["close"]  # caught once: only closing is left
    refused(session, "caught", "already caught")
    events = play(session, "close")
    assert ids(events) == ["gauekos.call.gauekos.sleep"]
    prompt = session.expects()
    assert prompt.title.values == {"player": "Di", "victim": "Gus"}  # Akerbeltz is shown the new victim
    assert prompt.say.id == "gauekos.call.akerbeltz.wake"
    play(session, "no life", "no death")
    assert "Gus" not in alive(session) and "Hal" in alive(session)
    story = [e["id"] for e in session.game.private_state()["story"]]
    assert story[-4:-2] == ["gauekos.story.victim", "gauekos.story.caught"]


def test_caught_after_no_agreement_makes_galtzagorri_the_victim():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later", "sorgina 1", "shown", "no agreement")
    assert session.expects().step == "gauekos_close"
    play(session, "caught", "close")
    assert session.expects().step == "akerbeltz_life"
    play(session, "life", "no death")
    assert alive(session) == NAMES


def test_caught_is_refused_once_the_kontalari_closed_the_call():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later", "sorgina 1", "shown", "victim 8", "close")
    refused(session, "caught", "Akerbeltz")


def test_caught_when_the_gauekos_call_is_the_nights_last():
    """No Akerbeltz in the deck: dawn used to come with the victim, so `caught` was refused."""
    roles = ["gaueko", "gaueko", "sorgina", "campesino", "cazador", "campesino", "galtzagorri", "campesino"]
    session = table(roles)
    play(session, "later", "sorgina 1", "shown", "victim 5")
    assert session.game.phase == "night" and "Ed" in alive(session)
    play(session, "caught")
    events = play(session, "close")
    assert "gauekos.dawn" in ids(events)
    assert "Gus" not in alive(session) and "Ed" in alive(session)


def test_caught_during_a_phantom_akerbeltz_call_of_an_old_save():
    """Akerbeltz's card lies among the leftovers: a save made before the Kontalari closed the calls
    went `victim 8`, `caught` (during her phantom call), `pass`; it replays to the same end."""
    roles = ["gaueko", "gaueko", "sorgina", "samartintxiki", "cazador", "lamia", "galtzagorri", "campesino"]
    session = table(roles, leftovers=("akerbeltz", "campesino"))
    play(session, "keep", "lovers 5 8", "done", "later", "sorgina 1", "victim 8", "caught", "pass")
    assert "Gus" not in alive(session) and "Hal" in alive(session)


def test_caught_late_is_undone_like_any_action():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later", "sorgina 1", "shown", "victim 8", "caught")
    session.undo()
    assert session.expects().step == "gauekos_close"
    assert session.game.private_state()["tonight"]["victim"] == "Hal"


def test_the_sorgina_call_waits_for_the_card_shown():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later")
    events = play(session, "sorgina 1")
    assert ids(events) == ["gauekos.sorgina.show"]  # no sleep line yet: the card is being shown
    prompt = session.expects()
    assert prompt.step == "sorgina_shown" and prompt.private and prompt.say is None
    assert [(c.notation, c.label.id) for c in prompt.choices] == [("shown", "gauekos.choice.shown")]
    assert prompt.detail.values["player"] == "Ana"
    events = play(session, "shown")
    assert ids(events) == ["gauekos.call.sorgina.sleep"]
    assert session.expects().say.id == "gauekos.call.gauekos.wake"


def test_an_old_save_without_the_closing_steps_loads_to_the_same_game(tmp_path):
    """Saved before the Sorgiña waited and the Kontalari closed the gauekos' call: every action
    after `sorgina N` and after the victim went straight on; the file still loads and plays on."""
    from companion.core.session import Session

    path = tmp_path / "old.toml"
    old = Session.new("gauekos", NAMES, {}, seed=7, lang="en", path=path)
    play(old, "deck gaueko 2 galtzagorri sorgina lamia cazador akerbeltz",
         *[f"role {seat} {role}" for seat, role in enumerate(ROLES, 1)], "start")
    play(old, "lovers 5 8", "done", "later", "sorgina 1", "victim 8", "caught", "no life", "no death",
         "vote 1>2", "runoff 1 2", "vote 1>2 2>2 3>2 4>2 5>2 6>2", "night", "sorgina 5", "victim 5", "no life",
         "no death")
    old.close()
    text = path.read_text()
    assert '"done"' in text.split("sorgina 1", 1)[0]  # only the lovers' done: no closing step recorded
    assert text.split("sorgina 1", 1)[1].count('"done"') == 0
    loaded = Session.load(path)
    assert loaded.game.day == 2 and "Gus" not in alive(loaded) and "Bo" not in alive(loaded)
    assert "Ed" not in alive(loaded)
    loaded.close()


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_every_line_written_in_the_tables_words_reads_back_the_same(lang):
    from companion.games.gauekos.notation import spelled

    lines = ["victim 5", "mayor 3", "lovers 2 5", "death 4", "grief 2", "shoot 1", "successor 6", "tiebreak 4",
             "runoff 1 5", "vote 1>5 2>5", "votes 5:3 1:1", "deck gaueko 2 sorgina", "role 3 sorgina",
             "take gaueko", *[w for w in WORDS.local[lang] if " " in w or w not in WORDS.verb_of]]
    for line in lines:
        local = spelled(line, lang)
        assert local != line or line in ("night",), (lang, line)
        assert str(parse(local, NAMES)) == str(parse(line, NAMES)), (lang, line, local)
    assert spelled("victim 5", "en") == "victim 5"


def test_basque_notation_names_the_roles_in_basque_and_the_save_keeps_the_ids():
    """The trial: `sorta gaueko 2 cazador akerbeltz` in a Basque table; now `ehiztaria`, `nekazaria`."""
    from companion.games.gauekos.notation import spelled

    assert spelled("deck gaueko 2 cazador akerbeltz", "eu") == "sorta gaueko 2 ehiztaria akerbeltz"
    assert spelled("role 3 campesino", "eu") == "karta 3 nekazaria"
    assert spelled("take cazador", "eu") == "hartu ehiztaria"
    assert spelled("role 3 campesino", "es") == "carta 3 campesino"
    assert str(parse("karta 3 nekazaria", NAMES)) == "role 3 campesino"
    assert str(parse("sorta gaueko 2 Ehiztaria", NAMES)) == "deck gaueko 2 cazador"


def test_the_basque_lynch_lines_spell_lintxatu():
    from companion.core.language import render
    from companion.core.game import Line

    text = render(Line("gauekos.death.lynch", {"player": "Ane", "votes": 5, "card": "Gauekoa"}), "eu")
    assert "lintxatu" in text and "linxatu" not in text

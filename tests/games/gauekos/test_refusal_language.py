"""Refusals reach the table in its language: every one carries a voice-pack Line."""

from __future__ import annotations

import copy
import random
import re

import pytest

from companion.core.dice import LiveChance
from companion.core.errors import ActionError
from companion.core.language import explain, load_pack

from .helpers import play, refused, table
from .test_playouts import new_game

ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "cazador", "lamia", "galtzagorri", "campesino"]
LANGS = ("en", "es", "eu")
LINE_ID = re.compile(r"gauekos\.[a-z]")  # a line id shown instead of its text


@pytest.fixture
def night1():
    session = table(ROLES)
    play(session, "lovers 5 8", "done", "later")
    return session


def check_line(err: ActionError) -> None:
    """The refusal has a Line known to every pack, rendered whole in every language."""
    assert err.line is not None, f"no line on {err!r}"
    assert explain(err, "en") == str(err)
    for lang in LANGS:
        assert err.line.id in load_pack(lang).lines, (lang, err.line.id)
        shown = explain(err, lang)
        assert "{" not in shown and not LINE_ID.search(shown), (lang, shown)


def translated(err: ActionError, es: str, eu: str) -> None:
    check_line(err)
    assert explain(err, "es") != str(err) and es in explain(err, "es")
    assert explain(err, "eu") != str(err) and eu in explain(err, "eu")


def test_a_dead_target(night1):
    play(night1, "sorgina 1", "victim 8", "no life", "no death", "grief 5", "shoot 7")
    err = refused(night1, "vote 3>8", "Hal is dead")
    assert str(err).startswith("Hal is dead. Votes go to living players.")
    translated(err, "Hal ha muerto. Los votos van a jugadores vivos.",
               "Hal hilda dago. Botoak bizirik dauden jokalariei ematen zaizkie.")


def test_the_gauekos_choosing_a_gaueko(night1):
    play(night1, "sorgina 1")
    err = refused(night1, "victim 2", r"The gauekos cannot choose a gaueko \(Bo is one\)")
    translated(err, "Los gauekos no pueden elegir a un gaueko (Bo lo es).",
               "Gauekoek ezin dute gaueko bat aukeratu (Bo gaueko bat da).")


def test_a_second_life_spell(night1):
    play(night1, "sorgina 1", "victim 8", "life", "no death",  # night 1: Hal saved
         "vote 1>2 2>1 3>1 4>1 5>1 6>1 7>1 8>1", "runoff 1 2",
         "vote 1>2 2>1 3>1 4>1 5>1 6>1 7>1 8>1", "night", "sorgina 2", "victim 3")
    err = refused(night1, "life", "Akerbeltz has already used her life spell")
    translated(err, "Akerbeltz ya ha usado su hechizo de la Vida. Se puede:",
               "Akerbeltzek erabili du jada bere bizi-sorginkeria. Orain egin daiteke:")


def test_the_sorgina_inspecting_herself(night1):
    err = refused(night1, "sorgina 3", "The Sorgiña cannot inspect herself")
    translated(err, "La Sorgiña no puede inspeccionarse a sí misma.", "Sorginak ezin du bere burua aztertu.")


def test_a_vote_by_a_dead_player(night1):
    play(night1, "sorgina 1", "victim 8", "no life", "no death", "grief 5", "no shot")
    err = refused(night1, "vote 8>1", "Hal is dead and cannot vote")
    translated(err, "Hal ha muerto y no puede votar. Solo votan los jugadores vivos.",
               "Hal hilda dago eta ezin du bozkatu.")


def test_a_night_action_out_of_order(night1):
    err = refused(night1, "victim 8", "Night actions go in order: now it is the Sorgiña call")
    translated(err, "Las acciones de la noche van en orden: ahora toca la llamada de la Sorgiña. Se puede: sorgina 1",
               "Gaueko ekintzak ordenan doaz: orain Sorginaren deiaren txanda da. Orain egin daiteke: sorgina 1")


def test_a_notation_mistake():
    session = table(ROLES)
    err = refused(session, "shoot x", "'x' is not a seat number")
    translated(err, "'x' no es un número de asiento.", "'x' ez da eserleku-zenbaki bat.")


TRIES = ["", "hello", "shoot x", "vote 1>x", "vote 1>2 1>3", "votes 1:2 1:3", "lovers 2 2", "take troll",
         "role 1 troll", "deck troll", "deck gaueko 1 gaueko 2", "deck sorgina 2", "deck campesino",
         "deal", "start", "keep", "take gaueko", "take sorgina", "done", "pass", "later", "life", "no life",
         "no death", "no agreement", "caught", "no shot", "no lynch", "vote again", "night", "deck gaueko 0",
         "deck gaueko 9 sorgina cazador akerbeltz lamia galtzagorri samartintxiki", "role 1 sorgina"]
VERBS = ["sorgina", "victim", "death", "grief", "shoot", "successor", "mayor", "tiebreak", "role {} gaueko"]


def attempts(game, rng: random.Random) -> list[str]:
    n = len(game.players)
    seat = lambda: rng.randint(0, n + 2)  # noqa: E731 - sometimes out of range
    texts = rng.sample(TRIES, 4)
    for _ in range(4):
        verb = rng.choice(VERBS)
        texts.append(verb.format(seat()) if "{}" in verb else f"{verb} {seat()}")
    texts += [f"lovers {seat()} {seat()}", f"runoff {seat()} {seat()}",
              "vote " + " ".join(f"{v}>{seat()}" for v in rng.sample(range(1, n + 1), min(n, 4))),
              f"votes {seat()}:{rng.randint(0, 3 * n)}", "vote " + " ".join(f"{v}>1" for v in range(1, n + 1))]
    return texts


@pytest.mark.parametrize("seed", range(40))
def test_every_refusal_in_random_games_speaks_every_language(seed):
    rng = random.Random(seed)
    spec = {"players": rng.randint(6, 16), "seed": seed,
                "phantom_calls": rng.random() < 0.5,
                "mayor_power": rng.choice(("both", "double_vote", "tiebreak"))}
    game = new_game(spec)
    seen = 0
    for _ in range(400):
        if rng.random() < 0.3 or game.outcome() is not None:
            for text in attempts(game, rng):
                trial = copy.deepcopy(game)
                try:
                    trial.apply(trial.parse(text), LiveChance(random.Random(1)))
                except ActionError as err:
                    check_line(err)
                    seen += 1
        if game.outcome() is not None:
            break
        game.apply(game.sample_action(rng), LiveChance(rng))
    assert seen > 0

"""What the screen and the AI read: position(), notation_of(), legal_tuples(),
the prompt's facts, seat_is_app(), and a game against the app."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.core.errors import InvalidActionError, SetupError
from companion.core.language import explain
from companion.core.session import Session
from companion.games.fantasmas.board import cell_of

from .helpers import arrange, new, placed


def test_position_is_exactly_the_agreed_plain_dict():
    session = new()
    session.act("r b1")
    pos = session.game.position()
    assert list(pos) == ["kinds", "portals", "ghosts", "dungeon", "escaped", "hand", "phase", "to_act",
                         "put_colour", "short_game"]
    assert pos["kinds"] == "BRPBRYMYMYRBRBPBMYMRYRPBY"
    assert pos["portals"] == {"R": [2, 0], "Y": [14, 1], "B": [22, 2]}
    assert pos["ghosts"][1] == [0, "R"] and pos["ghosts"].count(None) == 24 and len(pos["ghosts"]) == 25
    assert pos["hand"] == [{"R": 2, "Y": 3, "B": 3}, {"R": 3, "Y": 3, "B": 3}]
    assert pos["dungeon"] == pos["escaped"] == [{"R": 0, "Y": 0, "B": 0}] * 2
    assert (pos["phase"], pos["to_act"], pos["put_colour"], pos["short_game"]) == ("place", 1, None, False)
    assert json.loads(json.dumps(pos)) == pos  # plain data
    pos["ghosts"][1] = None  # a copy: the AI may change it
    assert session.game.board.ghosts[1] == (0, "R")


def test_position_in_put_and_over():
    session = placed(short_game=True)
    arrange(session, {"b1": "A r", "e5": "B y"})
    session.act("release y")
    pos = session.game.position()
    assert (pos["phase"], pos["to_act"], pos["put_colour"], pos["short_game"]) == ("put", 1, "Y", True)
    assert pos["dungeon"][0]["Y"] == 3  # the ghost being placed still counts in its owner's dungeon
    session.act("a2")
    assert session.game.position()["dungeon"][0]["Y"] == 2
    arrange(session, {"e1": "A r", "e5": "B y"}, escaped=[{"Y": 2}, {}], facing={"R": 1})
    session.act("e1-d1")
    assert session.game.position()["phase"] == "over"


def test_notation_of_the_ai_s_tuples():
    game = new().game
    assert game.notation_of(("place", "R", 1)) == "r b1"
    assert game.notation_of(("step", cell_of("b2"), cell_of("b3"))) == "b2-b3"
    assert game.notation_of(("release", "Y")) == "release y"
    assert game.notation_of(("put", cell_of("d2"))) == "d2"
    assert game.notation_of(("pass",)) == "pass"
    for junk in (("place", "G", 1), ("step", 1), ("fly",), (), "r b1", ("put", 25), None):
        with pytest.raises(InvalidActionError) as caught:
            game.notation_of(junk)
        assert "no es una acción de 18 fantasmas" in explain(caught.value, "es")


def test_legal_tuples_are_the_offered_choices():
    session = placed()
    game = session.game
    assert sorted(game.notation_of(t) for t in game.legal_tuples()) == sorted(
        c.notation for c in session.expects().choices)


def test_the_prompt_facts_draw_the_castle_and_tell_what_just_happened():
    session = placed()
    arrange(session, {"a2": "A y", "a3": "B r", "d1": "B r", "e5": "B y"})
    session.act("a2-a3")
    facts = session.expects().facts
    assert facts["position"] == session.game.position()
    assert facts["fronts"] == {"R": cell_of("d1"), "Y": None, "B": None}
    assert facts["rooms"][:3] == ["a1", "b1", "c1"] and facts["app"] == [False, False]
    assert [r["kind"] for r in facts["last"]] == ["fight", "turn", "escape"]
    assert facts["last"][1] == {"kind": "turn", "colour": "R", "facing": 1, "front": cell_of("d1")}


def test_the_public_state_shows_everything():
    session = placed()
    state = session.game.public_state()
    assert state["ghosts"]["Ana"] == ["r b1", "b d1", "y c2", "r a3", "b d3", "y c4", "r e4", "b d5", "y e5"]
    assert state["portals"] == {"r": "c1 ↑", "y": "e3 →", "b": "c5 ↓"}
    assert state["turn"] == "Ana" and state["released"] is None
    assert session.game.private_state() == {}


def test_against_the_app_one_name_is_given_and_the_app_s_seat_is_named_from_the_packs(tmp_path):
    save = tmp_path / "app.toml"
    session = Session.new("fantasmas", ["Ana"], {"opponent": "app"}, seed=1, path=save)
    game = session.game
    assert game.players == ["Ana", "Companion"]
    assert [game.seat_is_app(0), game.seat_is_app(1)] == [False, True]
    session.act("r b1")
    events = session.act("y a2")
    from companion.core.language import render
    assert render(events[0].line, "es") == "Companion coloca un fantasma amarillo en a2."
    session.close()
    again = Session.load(save)  # the save holds both names; a second name is the app's seat
    assert again.game.players == ["Ana", "Companion"] and again.game.seat_is_app(1)
    again.close()
    first = Session.new("fantasmas", ["Ana"], {"opponent": "app", "app_side": "a"})
    assert first.game.players == ["Companion", "Ana"] and first.game.seat_is_app(0)
    assert first.expects().who == "Companion"


@pytest.mark.parametrize("players, options", [(["Ana"], {}), (["Ana", "Luis", "Eva"], {}), ([], {}),
                                              (["Ana", "Luis", "Eva"], {"opponent": "app"})])
def test_wrong_number_of_names(players, options):
    with pytest.raises(SetupError) as caught:
        Session.new("fantasmas", players, options)
    assert explain(caught.value, "es").startswith("18 fantasmas se juega con dos nombres, o con uno si la app")


def test_the_command_line_with_one_name_against_the_app(tmp_path, capsys):
    save = tmp_path / "cli.toml"
    assert main(["new", "fantasmas", "--players", "Ana", "--option", "opponent=app", "--save", str(save),
                 "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "18 fantasmas: Ana, Companion." in out and "Ana, coloca un fantasma" in out
    assert main(["act", str(save), "rojo b1", "a a2"]) == 0
    assert "Companion coloca un fantasma amarillo en a2." in capsys.readouterr().out
    assert main(["new", "fantasmas", "--players", "Ana", "--save", str(tmp_path / "x.toml")]) == 1
    assert "con dos nombres" in capsys.readouterr().err


def test_player_counts_and_the_catalogue():
    from companion.core.registry import find_game

    for alias in ("18 fantasmas", "fantasmas", "18 ghosts", "mamuak", "18 mamu"):
        assert find_game(alias).name == "18-fantasmas"
    game_cls = find_game("fantasmas")
    assert (game_cls.min_players, game_cls.max_players) == (1, 2)

"""What the table may see: counts of codes, never which figures; the cards
entered (shown when entered) and the Alien cards drawn; never a hand's card
in a public prompt, the public log or `companion show` without --private."""

from __future__ import annotations

import json

from companion.cli import main
from companion.core.public import words

from .helpers import arrange, started


def test_the_public_state_counts_codes_and_names_none():
    session = started()
    arrange(session, phase="act", where={"Ana": "oros"}, hands={"Bea": ["sb", "rc"]})
    before = session.game.public_state()["face_down"]["oros"]
    session.act("take @ ro")
    state = session.game.public_state()
    assert state["hands"] == {"Ana": 1, "Bea": 2, "Carlos": 0, "Dani": 0}
    assert state["face_down"]["oros"] == before - 1
    text = json.dumps(state)
    assert '"ro"' not in text and '"sb"' not in text and '"rc"' not in text
    private = session.game.private_state()
    assert private["hands"]["Ana"] == ["ro"] and private["hands"]["Bea"] == ["sb", "rc"]
    assert "?" in private["codes_down"]["oros"]


def test_the_public_prompt_never_offers_the_codes_of_a_hand():
    session = started()
    arrange(session, phase="act", hands={"Ana": ["rb", "re", "ro"]})
    real = [c.notation for c in session.expects().choices]
    shown = [c.notation for c in session.game.public_prompt().choices]
    assert "enter rb re ro" in real and not any(n.startswith("enter") for n in shown)
    assert set(shown) < set(real)


def test_the_public_log_tells_a_code_was_taken_or_dropped_never_which(tmp_path):
    session = started()
    arrange(session, phase="act", where={"Ana": "oros", "Bea": "oros"}, hands={"Bea": ["sb", "se"]})
    session.act("take @ ro")
    session.act("end")
    session.act("draw @ 3o")  # Ana and Bea drop in Oros: Ana at once, Bea chooses
    session.act("drop se")
    view = words(session.public_view(), "es")
    text = json.dumps(view, ensure_ascii=False)
    assert "Rey de oros" not in text and "Sota de espadas" not in text and "drop se" not in text
    assert "Bea elige un código para dejarlo boca abajo en Oros." in text
    assert "Bea deja un código boca abajo en Oros (1 en la mano)." in text


def test_companion_show_prints_no_secret_without_private(tmp_path, capsys):
    path = tmp_path / "alien.toml"
    assert main(["new", "alien-1979", "--players", "Ana", "Bea", "Carlos", "Dani", "--save", str(path),
                 "--seed", "3", "--lang", "es"]) == 0
    assert main(["act", str(path), "alien oros", "draw @ 4o", "move oros", "take @ cc"]) == 0
    capsys.readouterr()
    assert main(["show", str(path), "--log"]) == 0
    public = capsys.readouterr().out
    assert "Ana coge un código en Oros (1 en la mano)." in public
    assert "Caballo de copas" not in public and " cc" not in public
    assert main(["show", str(path), "--private", "--log"]) == 0
    assert "Caballo de copas" in capsys.readouterr().out

"""`companion show` and `act` print only the public view without `--private`
(companion/core/public.py); with it, everything. The sweep over many games is
tests/games/test_public_view.py."""

import json

from companion.cli import main


def _new(tmp_path, game, players, lang="en"):
    save = tmp_path / f"{game}.toml"
    assert main(["new", game, "--players", *players, "--save", str(save), "--seed", "5", "--lang", lang]) == 0
    return save


def test_act_prints_what_the_table_was_told_of_a_secret_action(tmp_path, capsys):
    save = _new(tmp_path, "duel", ["Ana", "Luis"])
    capsys.readouterr()
    assert main(["act", str(save), "lucky 1 4"]) == 0
    out = capsys.readouterr().out
    assert out == ("Ana is choosing a lucky number.\n  Ana has chosen a lucky number.\n"
                   "Luis is choosing a lucky number.\n")
    assert main(["act", str(save), "lucky 2 2", "--private"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lucky 2 2:\n  Luis has chosen a lucky number.\n  [private] ")
    assert "2" in out.splitlines()[2]


def test_show_without_private_has_no_secret_notation_nor_choices_of_a_private_prompt(tmp_path, capsys):
    save = _new(tmp_path, "duel", ["Ana", "Luis"])
    assert main(["act", str(save), "lucky 1 4"]) == 0
    capsys.readouterr()
    assert main(["show", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert "lucky 1 4" not in out and "Allowed:" not in out and "lucky number is" not in out
    assert "Now: Luis is choosing a lucky number." in out and "   1. Ana is choosing a lucky number." in out
    assert main(["show", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["choices"] == [] and "private" not in data
    assert data["log"] == [{"do": "Ana is choosing a lucky number.", "secret": True,
                            "events": ["Ana has chosen a lucky number."]}]
    assert main(["show", str(save), "--log", "--private"]) == 0
    out = capsys.readouterr().out
    assert "   1. lucky 1 4" in out and "Allowed: lucky 2 1, lucky 2 2" in out
    assert "Now: Luis, choose your secret lucky number." in out


def test_gauekos_now_names_no_wolf_and_the_log_no_role(tmp_path, capsys):
    players = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    save = _new(tmp_path, "gauekos", players, lang="es")
    roles = ["role 1 gaueko", "role 2 sorgina", "role 3 gaueko", "role 4 campesino", "role 5 campesino",
             "role 6 campesino"]
    assert main(["act", str(save), "deck gaueko 2 sorgina", *roles, "start", "later", "sorgina 1", "shown"]) == 0
    out = capsys.readouterr().out
    assert "role 1" not in out and "sorgina 1" not in out and "Ana, Cy" not in out
    assert "El Kontalari anota las cartas." in out and out.endswith("Llamada de los gauekos.\n")
    assert "Ana." not in out  # whose card was typed by hand is not told
    assert main(["show", str(save), "--log", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Now: The gauekos' call." in out and "Allowed" not in out
    assert "   2. The Kontalari records the cards.\n   3. start" in out  # the six cards typed: one entry, no name
    assert "Ana: Gaueko" not in out and "role 1 gaueko" not in out and "Bo: Sorgiña" not in out
    assert main(["show", str(save), "--private", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Now: Gauekos (Ana, Cy): who is the victim?" in out and "Allowed: victim 2" in out


def test_the_public_count_of_actions_is_of_what_the_table_saw(tmp_path):
    """Akerbeltz answering twice and a phantom Akerbeltz passing once look alike in public."""
    from companion.cli import state_dict
    from companion.core.session import Session

    session = Session.new("gauekos", [f"P{n}" for n in range(1, 9)], seed=2, lang="es")
    for text in ("deck gaueko 2 sorgina akerbeltz", "deal", "start", "later"):
        session.act(text)
    public, private = state_dict(session, False), state_dict(session, True)
    assert private["actions"] == len(session.played)
    assert public["actions"] == len(session.public_view().log) <= private["actions"]

"""The command line, run as a user would (a real process for the key paths)."""

import json
import subprocess
import sys

import pytest

from companion.cli import main


def run(*args, **env):
    import os
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          env={**os.environ, **env})


def test_new_act_show_round_trip(tmp_path):
    save = tmp_path / "dice-duel.toml"
    made = run("new", "duel", "--players", "[bold]Ana", "Luis", "--option", "target=20",
               "--save", str(save), "--seed", "4", "--lang", "en")
    assert made.returncode == 0, made.stderr
    assert "[bold]Ana, Luis" in made.stdout and "choose your secret lucky number" in made.stdout
    acted = run("act", str(save), "lucky 1 4", "lucky 2 2", "roll @ 3 3")
    assert acted.returncode == 0, acted.stderr
    assert "[bold]Ana rolls 3 and 3." in acted.stdout
    assert "lucky number is 4" not in acted.stdout  # private unless asked
    shown = run("show", str(save), "--json", "--private")
    data = json.loads(shown.stdout)
    assert data["actions"] == 3
    assert data["state"]["turn_points"] == 6
    assert data["private"]["lucky"] == {"[bold]Ana": 4, "Luis": 2}
    assert data["choices"] == ["roll", "hold"]


def test_refusal_exits_non_zero_with_reason_and_leaves_file_untouched(tmp_path):
    save = tmp_path / "dice-duel.toml"
    assert main(["new", "duel", "--players", "Ana", "Luis", "--save", str(save), "--lang", "en"]) == 0
    before = save.read_bytes()
    refused = run("act", str(save), "lucky 1 4", "roll", "--lang", "en")
    assert refused.returncode == 1
    assert "Refused: 'roll': Lucky numbers come first: Luis has not chosen yet." in refused.stderr
    assert "not saved either" in refused.stderr
    assert save.read_bytes() == before
    bad = run("act", str(save), "lucky 1 4 @ 9", "--lang", "es")
    assert bad.returncode == 1 and "No se acepta" in bad.stderr


def test_damaged_save_is_reported_then_recovered(tmp_path):
    save = tmp_path / "dice-duel.toml"
    main(["new", "duel", "--players", "Ana", "Luis", "--save", str(save)])
    main(["act", str(save), "lucky 1 4", "lucky 2 2"])
    save.write_bytes(save.read_bytes()[:-5])
    shown = run("show", str(save))
    assert shown.returncode == 1
    assert str(save) in shown.stderr and "action 2" in shown.stderr and "--recover" in shown.stderr
    fixed = run("act", str(save), "lucky 2 3", "--recover")
    assert fixed.returncode == 0, fixed.stderr
    assert "damaged part is kept in" in fixed.stderr
    assert list(tmp_path.glob("duel.toml.damaged-*"))


def test_players_by_count_and_unknown_game(tmp_path):
    save = tmp_path / "g.toml"
    made = run("new", "duel", "--players", "3", "--save", str(save), "--lang", "es")
    assert "Jugador 1, Jugador 2, Jugador 3" in made.stdout
    unknown = run("new", "chess", "--players", "2", "--save", str(tmp_path / "c.toml"))
    assert unknown.returncode == 1 and "dice-duel" in unknown.stderr
    exists = run("new", "duel", "--players", "2", "--save", str(save))
    assert exists.returncode == 1 and "exists already" in exists.stderr


def test_roll(capsys):
    assert main(["roll", "2d6", "--seed", "1", "--times", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(line.startswith("2d6: ") for line in lines)
    assert main(["roll", "d8", "--seed", "2", "--table", "halloween_candy", "--lang", "en"]) == 0
    assert "candies" in capsys.readouterr().out
    assert main(["roll", "dx"]) == 1
    assert "not a dice expression" in capsys.readouterr().err


@pytest.mark.parametrize("command", [[], ["new"], ["act"], ["show"], ["play"], ["roll"], ["say"], ["voices"], ["games"]])
def test_help_everywhere(command):
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "usage: companion" in result.stdout


def test_games_lists_options_and_house_rules(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "dice-duel" in out and "snake_eyes_reset=False  house rule" in out

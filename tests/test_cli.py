"""The command line, run as a user would (a real process for the key paths)."""

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.core.game import Line
from companion.core.language import render


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
    main(["new", "duel", "--players", "Ana", "Luis", "--save", str(save)])  # a Spanish game
    main(["act", str(save), "lucky 1 4", "lucky 2 2"])
    save.write_bytes(save.read_bytes()[:-5])
    shown = run("show", str(save))
    assert shown.returncode == 1
    assert str(save) in shown.stderr and "--recover" in shown.stderr
    assert "acción 2 (línea" in shown.stderr and "La acción anterior está intacta (1)" in shown.stderr
    assert "action 2" not in shown.stderr  # the table's language, not English
    in_english = run("show", str(save), "--lang", "en")
    assert "action 2 (line" in in_english.stderr and "The 1 action before it is intact" in in_english.stderr
    assert "Run again with --recover" in in_english.stderr
    fixed = run("act", str(save), "lucky 2 3", "--recover")
    assert fixed.returncode == 0, fixed.stderr
    aside = list(tmp_path.glob("dice-duel.toml.damaged-*"))
    assert len(aside) == 1
    assert fixed.stderr == (render(Line("cli.recovered", {"count": 1, "path": str(aside[0])}), "es") + "\n"
                            + render(Line("cli.recovered.aside", {"path": str(aside[0]), "actions": "2 (ilegible)"}),
                                     "es") + "\n")  # exactly what was set aside
    assert "Se ha recuperado 1 acción" in fixed.stderr


def test_players_by_count_and_unknown_game(tmp_path):
    save = tmp_path / "g.toml"
    made = run("new", "duel", "--players", "3", "--save", str(save), "--lang", "es")
    assert "Jugador 1, Jugador 2, Jugador 3" in made.stdout
    unknown = run("new", "chess", "--players", "2", "--save", str(tmp_path / "c.toml"))
    assert unknown.returncode == 1 and "dice-duel" in unknown.stderr
    exists = run("new", "duel", "--players", "2", "--save", str(save))
    assert exists.returncode == 1 and "ya existe un fichero" in exists.stderr
    exists = run("new", "duel", "--players", "2", "--save", str(save), "--lang", "en")
    assert exists.returncode == 1 and "exists already" in exists.stderr


def test_roll(capsys):
    assert main(["roll", "2d6", "--seed", "1", "--times", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(line.startswith("2d6: ") for line in lines)
    assert main(["roll", "d8", "--seed", "2", "--table", "halloween_candy", "--lang", "en"]) == 0
    assert "candies" in capsys.readouterr().out
    assert main(["roll", "dx"]) == 1
    assert "no es una tirada de dados" in capsys.readouterr().err
    assert main(["roll", "dx", "--lang", "en"]) == 1
    assert "not a dice expression" in capsys.readouterr().err
    assert main(["roll", "d8", "--table", "nope", "--lang", "eu"]) == 1
    assert capsys.readouterr().err == "companion: Ez dago 'nope' taularik. Taulak: halloween_candy.\n"


@pytest.mark.parametrize("command", [[], ["new"], ["act"], ["show"], ["play"], ["roll"], ["say"], ["voices"], ["games"]])
def test_help_everywhere(command):
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "usage: companion" in result.stdout


def test_games_lists_options_and_house_rules(capsys):
    """Every game of the catalogue (so this needs every game to import)."""
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "dice-duel: Dice duel (2-8 players). Push your luck" in out
    assert "snake_eyes_reset=off  house rule: Snake eyes reset the bank." in out
    assert "target=30  option: Points to win." in out
    assert "        double_vote: double vote" in out  # a choice's own words


@pytest.fixture
def only_the_duel(monkeypatch):
    """The listing of the reference game alone, whatever state the other games are in."""
    import companion.cli as cli

    monkeypatch.setattr(cli, "game_names", lambda: [("dice-duel", "Dice duel")])


@pytest.mark.parametrize("argv", [["games"], ["games", "--lang", "es"], ["--lang", "es", "games"]])
def test_games_are_listed_in_spanish(argv, capsys, only_the_duel):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "dice-duel: Duelo de dados (2-8 jugadores). Arriésgate" in out
    assert "snake_eyes_reset=no  regla de la casa: Dos unos borran lo guardado." in out
    assert "Dice duel" not in out and "players" not in out and "house rule" not in out


def test_games_in_basque(capsys, only_the_duel):
    assert main(["--lang", "eu", "games"]) == 0
    out = capsys.readouterr().out
    assert "dice-duel: Dado-duelua (2-8 jokalari)." in out and "etxeko araua" in out


def _duel(tmp_path, lang, *actions):
    save = tmp_path / f"{lang}.toml"
    assert main(["new", "duel", "--players", "Ana", "Luis", "--save", str(save), "--lang", lang]) == 0
    if actions:
        assert main(["act", str(save), *actions]) == 0
    return save


def test_show_of_a_spanish_game_prints_spanish_only(tmp_path, capsys):
    save = _duel(tmp_path, "es", "lucky 1 4", "lucky 2 2", "roll @ 3 3")
    capsys.readouterr()
    assert main(["show", str(save), "--private"]) == 0
    out = capsys.readouterr().out
    for words in ("Jugadores: Ana, Luis", "Opciones: target=30, snake_eyes_reset=no", "Acciones jugadas: 3",
                  "  Turno de Ana: 6 puntos en este turno · meta: 30", "  Guardado: Ana 0, Luis 0",
                  "  [privado] Números de la suerte: Ana 4, Luis 2",
                  "Ahora: Ana, ¿tiras o te plantas?", "Se puede: tirar, plantarse"):
        assert words in out, words
    for english in ("Players:", "Options:", "Actions played:", "Now:", "Allowed:", "[private]",
                    "True", "False", "turn_points", "choosing_lucky"):
        assert english not in out, english


def test_show_of_a_basque_game_prints_basque_and_lang_overrides_it(tmp_path, capsys):
    save = _duel(tmp_path, "eu", "lucky 1 4", "lucky 2 2")
    capsys.readouterr()
    assert main(["show", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Jokalariak: Ana, Luis" in out and "Jokatutako ekintzak: 2" in out and "Orain: " in out
    assert "snake_eyes_reset=ez" in out and "Egin daiteke: bota\n" in out
    assert "Players:" not in out and "Jugadores:" not in out
    assert main(["show", str(save), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Players: Ana, Luis" in out and "Actions played: 2" in out and "snake_eyes_reset=off" in out


def test_a_finished_game_shows_how_it_ended(tmp_path, capsys):
    save = _duel(tmp_path, "es", "lucky 1 4", "lucky 2 2", "roll @ 6 5", "roll @ 6 5", "roll @ 6 5", "hold")
    capsys.readouterr()
    assert main(["show", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Terminada: " in out and "Over:" not in out and "Ahora:" not in out


def test_act_refusal_in_a_spanish_game_is_in_spanish(tmp_path):
    save = _duel(tmp_path, "es")
    refused = run("act", str(save), "lucky 1 4", "jump")
    assert refused.returncode == 1
    assert refused.stderr.startswith("No se acepta: 'jump' no es una acción de Duelo de dados.")
    assert "No se ha guardado nada, ni siquiera la acción anterior (1)." in refused.stderr
    assert "Refused" not in refused.stderr and "not saved" not in refused.stderr


def test_private_events_are_marked_in_the_games_language(tmp_path, capsys):
    save = _duel(tmp_path, "eu")
    capsys.readouterr()
    assert main(["act", str(save), "lucky 1 4", "--private"]) == 0
    assert "  [pribatua] " in capsys.readouterr().out


def test_errors_before_a_save_is_read_are_in_its_language(tmp_path, capsys):
    save = _duel(tmp_path, "eu")
    save.write_text(save.read_text(encoding="utf-8").replace('seed = ', 'sid = '), encoding="utf-8")
    assert main(["show", str(save)]) == 1
    assert capsys.readouterr().err.startswith(f"companion: {save}: prestaketa-zatian 'sid' dago, ")  # misspelt: named
    save.write_text(save.read_text(encoding="utf-8").replace('sid = ', '# sid = '), encoding="utf-8")
    assert main(["show", str(save)]) == 1
    assert capsys.readouterr().err == f"companion: {save}: 'seed' lerroa falta da edo ez da zenbaki bat.\n"
    assert main(["show", str(tmp_path / "nope.toml")]) == 1  # no save to ask: the app's language
    assert "no existe ese fichero" in capsys.readouterr().err
    assert main(["new", "duel", "--players", "A", "B", "--option", "target", "--save", str(tmp_path / "x.toml"),
                 "--lang", "eu"]) == 1
    assert capsys.readouterr().err == "companion: Aukerak gakoa=balioa idazten dira, ez 'target'.\n"


def test_save_comments_are_in_the_games_language(tmp_path):
    text = _duel(tmp_path, "es").read_text(encoding="utf-8")
    assert text.startswith("# partida guardada de companion: Duelo de dados.\n# Primero la preparación")
    text = _duel(tmp_path, "en").read_text(encoding="utf-8")
    assert text.startswith("# companion save: Dice duel.\n")


def test_show_says_how_the_pending_action_is_written(tmp_path, capsys):
    """At the first vote of a Gauekos day the choices are only `mayor N`: `show` also says how a
    vote is written (the step's hint), in the table's language."""
    from pathlib import Path

    from companion.core.session import Session

    journal = Path(__file__).parent / "games" / "journals" / "gauekos.toml"
    src = Session.load(journal, read_only=True)
    save = tmp_path / "g.toml"
    session = Session.new("gauekos", src.header.players, src.header.options, seed=src.header.seed, lang="es",
                          path=save)
    for played in src.played:
        if session.expects().step == "first":
            break
        faces = [str(v) for draw in played.entry.draws for v in draw.values]
        session.act(played.entry.notation + (" @ " + " ".join(faces) if faces else ""))
    session.close()
    assert main(["show", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Se escribe: voto VOTANTE>OBJETIVO" in out
    assert "Se puede: pariente 1" in out

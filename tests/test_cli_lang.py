"""Which language a command speaks: `--lang` (before the command or after it) wins, else the
language the person chose last time in the app (companion-state.json beside the saves), else
Spanish. A save's own language only counts for the commands that read a save."""

import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.session import Session
from companion.tui.memory import remember_lang


def _home() -> Path:
    return Path(os.environ["COMPANION_HOME"])


@pytest.mark.parametrize("argv", [["--lang", "eu", "new"], ["new", "--lang", "eu"]])
def test_new_speaks_and_saves_in_the_global_or_its_own_lang(tmp_path, capsys, argv):
    save = tmp_path / "h.toml"
    assert main([*argv, "halloween", "--players", "Ane", "Jon", "Miren", "Rosa", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "gordeta" in out and "Guardado" not in out
    assert Session.load(save, read_only=True).lang == "eu"


def test_a_refusal_of_new_is_in_the_global_lang(tmp_path, capsys):
    assert main(["--lang", "eu", "new", "gauekos", "--players", "5", "--save", str(tmp_path / "g.toml")]) == 1
    err = capsys.readouterr().err
    assert "jugadores" not in err and "jokalari" in err


def test_new_without_lang_takes_the_remembered_one(tmp_path, capsys):
    remember_lang(_home(), "eu")
    save = tmp_path / "h.toml"
    assert main(["new", "halloween", "--players", "Ane", "Jon", "Miren", "Rosa", "--save", str(save)]) == 0
    assert "gordeta" in capsys.readouterr().out
    assert Session.load(save, read_only=True).lang == "eu"
    assert main(["--lang", "en", "new", "halloween", "--players", "4", "--save", str(tmp_path / "e.toml")]) == 0
    assert Session.load(tmp_path / "e.toml", read_only=True).lang == "en"  # --lang still wins


def test_new_without_lang_nor_memory_is_spanish(tmp_path, capsys):
    save = tmp_path / "h.toml"
    assert main(["new", "halloween", "--players", "4", "--save", str(save)]) == 0
    assert "Guardado" in capsys.readouterr().out
    assert Session.load(save, read_only=True).lang == "es"


@pytest.mark.parametrize("argv", [
    ["--lang", "eu", "roll", "d8", "--seed", "2", "--table", "halloween_candy"],
    ["roll", "d8", "--seed", "2", "--table", "halloween_candy"],  # remembered
])
def test_roll_reads_its_table_in_the_global_or_remembered_lang(capsys, argv):
    if "--lang" not in argv:
        remember_lang(_home(), "eu")
    assert main(argv) == 0
    assert "goxoki" in capsys.readouterr().out


@pytest.mark.parametrize("command", [["games"], ["boards"]])
def test_listings_take_the_remembered_lang_and_the_global_one(capsys, command):
    remember_lang(_home(), "eu")
    assert main(command) == 0
    remembered = capsys.readouterr().out
    assert main(["--lang", "es", *command]) == 0
    assert main([*command, "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert remembered != spanish[: len(spanish) // 2]
    assert spanish[: len(spanish) // 2] == spanish[len(spanish) // 2:]


def test_a_saves_language_still_beats_the_remembered_one_for_show(tmp_path, capsys):
    remember_lang(_home(), "en")
    save = tmp_path / "h.toml"
    assert main(["new", "halloween", "--players", "4", "--save", str(save), "--lang", "eu"]) == 0
    capsys.readouterr()
    assert main(["show", str(save)]) == 0
    assert "Halloween gaua" in capsys.readouterr().out

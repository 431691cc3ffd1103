"""`companion export FILE --csv` and `companion show --json` for Marcador: the score sheet
as numbers, in the table's language, names never read as formulas, a file written whole,
and a clear refusal for a game without a sheet or a file that exists."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

from companion.cli import main
from companion.core.session import Session


def sheet(tmp_path, players=("Ana", "=SUM(A1)", "Bo"), **options):
    path = tmp_path / "m.toml"
    session = Session.new("marcador", list(players), options, seed=1, lang="es", path=path)
    for act in ("ronda 5 3 -2", "Ana +4", "fin"):
        session.act(act)
    session.close()
    return str(path)


def test_export_csv_prints_the_sheet_in_the_tables_words(tmp_path, capsys):
    assert main(["export", sheet(tmp_path), "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["Jugador", "Ronda 1", "Ronda 2", "Total", "Puesto"]
    assert rows[1] == ["Ana", "5", "4", "9", "1"]
    assert rows[2] == ["'=SUM(A1)", "3", "0", "3", "2"]  # a name is never a formula
    assert rows[3] == ["Bo", "-2", "0", "-2", "3"]


def test_export_writes_a_file_whole_and_refuses_to_overwrite(tmp_path, capsys):
    save, out = sheet(tmp_path), tmp_path / "sheet.csv"
    assert main(["export", save, "--csv", "--out", str(out), "--lang", "en"]) == 0
    assert out.read_text().splitlines()[0] == "Player,Round 1,Round 2,Total,Rank"
    assert "sheet.csv" in capsys.readouterr().out
    assert main(["export", save, "--csv", "--out", str(out)]) == 1
    assert "--force" in capsys.readouterr().err
    assert main(["export", save, "--csv", "--out", str(out), "--force"]) == 0


def test_export_of_a_game_without_a_sheet_says_so(tmp_path, capsys):
    path = tmp_path / "d.toml"
    Session.new("dice-duel", ["Ana", "Bo"], {}, seed=1, lang="es", path=path).close()
    assert main(["export", str(path), "--csv"]) == 1
    assert "Marcador" in capsys.readouterr().err


def test_show_json_gives_the_rounds_and_totals_as_numbers(tmp_path, capsys):
    assert main(["show", sheet(tmp_path), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)["state"]
    assert state["by_round"] == {"Ana": [5, 4], "=SUM(A1)": [3, 0], "Bo": [-2, 0]}
    assert state["totals"] == {"Ana": 9, "=SUM(A1)": 3, "Bo": -2}
    assert state["ranks"] == {"Ana": 1, "=SUM(A1)": 2, "Bo": 3}
    assert state["ended"] == "ended" and state["turn"] is None


def test_export_loads_neither_the_ui_nor_speech(tmp_path):
    code = ("import sys, io, contextlib; from companion.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()): main(['export', {sheet(tmp_path)!r}, '--csv'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pyttsx3')"
            " or m.startswith(('companion.tui', 'companion.speech'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

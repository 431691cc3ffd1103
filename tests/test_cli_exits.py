"""The command line's exit statuses (the table in docs/guide.md and
companion/cliout.py), and an output that fails after a save: "saved, could
not print" with its own status, never a traceback (issue 23, repro 3)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.journal import read
from companion.core.session import Session

ROOT = Path(__file__).resolve().parents[1]
has_full = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def run(*args: str, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, stdout=stdout,
                          stderr=subprocess.PIPE, text=True)


def duel(path: Path) -> Path:
    session = Session.new("duel", ["Ana", "Luis"], {"target": 200}, seed=3, lang="en", path=path)
    session.close()
    return path


@has_full
def test_a_batch_saved_then_not_printed_exits_3_without_a_traceback(tmp_path):
    save = duel(tmp_path / "f.toml")
    with open("/dev/full", "w") as full:
        done = run("act", str(save), "lucky 1 3", "lucky 2 4", "roll", stdout=full)
    assert done.returncode == 3  # cliout.SAVED_NOT_PRINTED
    assert "Traceback" not in done.stderr and "Errno" not in done.stderr
    assert done.stderr.startswith(f"Saved in {save}, but the output could not be written (No space left on device)")
    assert [e.notation for e in read(save).entries] == ["lucky 1 3", "lucky 2 4", "roll"]


@has_full
def test_show_into_a_full_disk_says_so_and_exits_1(tmp_path):
    save = duel(tmp_path / "f.toml")
    for args in (["show", str(save)], ["show", "--json", str(save)], ["games"], ["roll", "2d6"]):
        with open("/dev/full", "w") as full:
            done = run(*args, stdout=full)
        assert done.returncode == 1, args
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
        assert "(No space left on device)" in done.stderr


@has_full
def test_a_refusal_with_a_full_output_is_still_a_refusal(tmp_path):
    save = duel(tmp_path / "f.toml")
    before = save.read_bytes()
    with open("/dev/full", "w") as full:
        done = run("act", str(save), "roll", stdout=full)  # lucky numbers come first
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert save.read_bytes() == before


def test_the_exit_status_table_is_documented_as_the_cli_uses_it():
    from companion import cliout

    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| `(\d+)` \| (.+?) \|$", guide, re.M))
    assert set(table) == {"0", "1", "2", "3", "4", "130"}
    for name in ("OK", "FAILED", "USAGE", "SAVED_NOT_PRINTED", "SAVED_BUT", "INTERRUPTED"):
        assert str(getattr(cliout, name)) in table, name
    usage = run("act")
    assert usage.returncode == cliout.USAGE

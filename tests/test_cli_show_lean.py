"""`companion show` renders only what it prints, and the journal's fast path
reads exactly what tomllib reads. These tests count calls; none times anything."""

from __future__ import annotations

import json
import random
import tomllib

import pytest

import companion.cli as cli
import companion.core.public as public
from companion.cli import main
from companion.core import saveformat
from companion.core.saveformat import Entry, _fast_entry
from companion.core.session import Session


def _save(path, actions: int):
    session = Session.new("dice-duel", ["Ana", "Bea", "Cris"], {"target": 1000}, seed=3, path=path)
    rng = random.Random(3)
    while len(session.played) < actions and session.outcome() is None:
        session.act(session.game.notation(session.game.sample_action(rng)))
    count = len(session.played)
    session.close()
    return path, count


@pytest.fixture
def long_save(tmp_path):
    return _save(tmp_path / "long.toml", 60)


def _counting(monkeypatch, module) -> list[int]:
    calls = [0]
    real = module.render

    def render(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "render", render)
    return calls


@pytest.mark.parametrize("private", [False, True])
def test_show_without_log_renders_no_log_line(tmp_path, monkeypatch, capsys, private) -> None:
    """As many lines rendered for a 60-action save as for a 6-action one: none per action."""
    rendered = []
    for actions in (6, 60):
        path, count = _save(tmp_path / f"s{actions}.toml", actions)
        assert count == actions
        in_public, in_cli = _counting(monkeypatch, public), _counting(monkeypatch, cli)
        assert main(["show", str(path)] + (["--private"] if private else [])) == 0
        rendered.append(in_public[0] + in_cli[0])
        monkeypatch.undo()
        assert "   1. " not in capsys.readouterr().out
    assert rendered[0] == rendered[1]


def test_show_log_and_json_still_render_every_action(long_save, monkeypatch, capsys) -> None:
    path, count = long_save
    in_public = _counting(monkeypatch, public)
    assert main(["show", str(path), "--log"]) == 0
    assert in_public[0] >= count
    assert f"{count:4}. " in capsys.readouterr().out
    assert main(["show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["log"]) == count and data["actions"] == count
    assert main(["show", str(path), "--json", "--private"]) == 0
    assert len(json.loads(capsys.readouterr().out)["log"]) == count


@pytest.mark.parametrize("entry", [
    Entry("roll", [saveformat.Draw("roll", "2d6", (3, 4), "app")], "2026-01-01T00:00:00Z"),
    Entry("lucky 1 3"),
    Entry('say "hi" \\ ñ \x7f é\t', [saveformat.Draw("draw", "tarot", ("La \"luna\"",), "table")]),
    Entry("r", [saveformat.Draw("roll", "d8", (8,), "table"), saveformat.Draw("roll", "d6", (1,), "app")]),
])
def test_fast_path_reads_what_tomllib_reads(entry) -> None:
    text = entry.to_block().decode("utf-8").lstrip("\n")  # a block read starts at its header
    fast = _fast_entry(text)
    assert fast is not None
    slow = Entry.from_toml(tomllib.loads(text)["action"][0])
    assert fast == slow == entry
    assert _fast_entry(text) == fast  # again, from the draws already read

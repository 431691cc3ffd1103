"""Issue 23 in the app: an action the disk failed to make durable but that is
in the save shows as played, with the problem said; a half-written batch a
killed writer left is cut back on opening, and the app says where it is kept."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.journal import read
from companion.core.language import render
from companion.core.session import Session
from companion.tui.frame import GameScreen

from .conftest import open_save, screen_text, show_saves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
ROOT = Path(__file__).resolve().parents[2]


def _duel(path: Path) -> Path:
    session = Session.new("dice-duel", ["Ana", "Bea"], {"target": 200}, seed=1, lang="en", path=path)
    session.act("lucky 1 3")
    session.close()
    return path


async def test_an_action_in_the_save_despite_a_failing_disk_shows_as_played(make_app, home, monkeypatch) -> None:
    path = _duel(home / "d.toml")
    ino = path.stat().st_ino
    real_fsync, real_ftruncate = os.fsync, os.ftruncate

    def failing(real):
        def call(fd, *args):
            if os.fstat(fd).st_ino == ino:
                raise OSError(errno.EIO, "Input/output error")
            return real(fd, *args)
        return call

    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await show_saves(app, pilot)
        await open_save(app, pilot, settle=0.3)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        monkeypatch.setattr(os, "fsync", failing(real_fsync))
        monkeypatch.setattr(os, "ftruncate", failing(real_ftruncate))
        await pilot.press("5")  # Bea's lucky number: written, not made durable, not cut back
        await pilot.pause()
        monkeypatch.undo()
        session = app.screen.session
        assert len(session.played) == 2  # as the file holds it
        error = str(app.screen.query_one("#error").content)
        assert "counts as played" in error and "Input/output error" in error
        prompt = render(session.expects().title, "en")
        assert prompt.split()[0] in screen_text(app)  # the screen moved on with the game
    assert [e.notation for e in read(path).entries] == ["lucky 1 3", "lucky 2 5"]


HALF_BATCH = r"""
import os, signal, sys
from companion.core.session import Session
session = Session.load(sys.argv[1])
journal, session.journal = session.journal, None
for text in ("lucky 2 5", "roll", "roll"):
    session.act(text)
data = b"".join(p.entry.to_block() for p in session.played[-3:])
info = os.fstat(journal._fd)
journal.lock.writing(journal.end, data, (info.st_dev, info.st_ino))
os.write(journal._fd, data[: len(data) // 2])
os.kill(os.getpid(), signal.SIGKILL)
"""


async def test_a_half_written_batch_is_cut_back_on_opening_and_said(make_app, home) -> None:
    path = _duel(home / "k.toml")
    before = path.read_bytes()
    subprocess.run([sys.executable, "-c", HALF_BATCH, str(path)], cwd=ROOT)
    assert len(path.read_bytes()) > len(before)
    app = make_app(lang="en")
    notes: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        original = app.notify
        app.notify = lambda message, **kw: notes.append(str(message)) or original(message, **kw)
        await show_saves(app, pilot)
        app.screen.notify = app.notify
        await open_save(app, pilot, settle=0.3)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.session.played) == 1
    copies = sorted(home.glob("k.toml.damaged-*"))
    assert len(copies) == 1 and path.read_bytes() == before
    assert any("was cut off the save and kept in" in n and str(copies[0]) in n for n in notes), notes

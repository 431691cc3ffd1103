"""A save another process is writing: the start screen says which file and
which process, and offers to open it read-only (every action refused with
that message) or to stay on the start screen."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.session import Session
from companion.tui.frame import GameScreen
from companion.tui.i18n import ui
from companion.tui.start import LockedScreen, StartScreen

from .conftest import open_save, screen_text, show_saves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def held(home: Path):
    """A duel saved in the saves folder, held open by another process."""
    path = home / "held.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=1, lang="en", path=path)
    session.act("lucky 1 3")
    session.close()
    holder = subprocess.Popen([sys.executable, "-c",
                               "import sys; from companion.core.session import Session\n"
                               "s = Session.load(sys.argv[1]); print('ready', flush=True); sys.stdin.readline()",
                               str(path)], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "ready"
    yield path, holder.pid
    holder.kill()
    holder.wait()


async def open_from_the_list(app, pilot) -> None:
    await show_saves(app, pilot)
    await open_save(app, pilot, settle=0.3)


async def test_a_held_save_opens_read_only_and_refuses_every_action(make_app, held) -> None:
    path, pid = held
    before = path.read_bytes()
    app = make_app(lang="en")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_from_the_list(app, pilot)
        assert isinstance(app.screen, LockedScreen)
        flat = re.sub(r"[\s█]+", "", screen_text(app))
        assert f"pid{pid}:python-c" in flat  # which process
        assert str(path).replace(" ", "") in flat  # which file
        assert ui("ui.resume.read_only", "en").replace(" ", "") in flat
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.session.played) == 1
        await pilot.press("5")  # Bea's lucky number: refused, nothing written
        await pilot.pause()
        error = str(app.screen.query_one("#error").content)
        assert f"another process is writing it already (pid {pid}" in error
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert f"(pid {pid}" in str(app.screen.query_one("#error").content)
        assert len(app.screen.session.played) == 1
    assert path.read_bytes() == before


async def test_a_held_save_can_be_left_alone(make_app, held) -> None:
    path, pid = held
    app = make_app(lang="es")
    async with app.run_test(size=(100, 30)) as pilot:
        await open_from_the_list(app, pilot)
        assert isinstance(app.screen, LockedScreen)
        assert f"(pid {pid}" in screen_text(app) and "otro proceso" in screen_text(app)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert f"pid {pid}" in str(app.screen.query_one("#resume-error").content)

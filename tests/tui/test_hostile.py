"""The app against hostile files and input: the start screen lists a bad save
and goes on, a 5,000-digit seat typed on the command line is a refusal, the
recover dialog says which later actions are kept and which set aside, and an
unexpected error is logged, told, and never exits 0."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, TabbedContent

from companion.core.journal import read
from companion.core.session import Session
from companion.tui.app import CompanionApp
from companion.tui.frame import GameScreen
from companion.tui.i18n import ui
from companion.tui.saves import CRASH_LOG
from companion.tui.start import RecoverScreen, StartScreen

from .conftest import open_save, screen_text, show_saves


def _hostile_saves(home: Path) -> None:
    good = Session.new("dice-duel", ["Ana", "Bea"], seed=1, path=home / "good.toml")
    good.act("lucky 1 3")
    good.close()
    text = (home / "good.toml").read_text()
    (home / "nested.toml").write_text(text.replace("seed = 1\n", "seed = 1\nx = " + "[" * 5000 + "]" * 5000 + "\n"))
    (home / "seed.toml").write_text(text.replace("seed = 1\n", "seed = " + "9" * 5000 + "\n"))
    (home / "format.toml").write_text(text.replace("format = 1", "format = true"))
    (home / "lang.toml").write_text(text.replace('lang = "es"', 'lang = "../../x/evil"'))
    (home / "names.toml").write_text(text.replace('"Ana"', '"\\u001b[2J\\u001b[31mAna"'))
    (home / "binary.toml").write_bytes(b"\xff\xfe\x00" * 100)
    (home / "\x1b[2J\x1b[31mnamed.toml").write_text(text)  # a good save with an escape sequence in its name
    (home / "folder.toml").mkdir()
    with (home / "big.toml").open("wb") as handle:  # sparse: 9 MB of nothing, over the bound
        handle.truncate(9 * 1024 * 1024)
    if hasattr(os, "mkfifo"):
        os.mkfifo(home / "pipe.toml")
    os.utime(home / "\x1b[2J\x1b[31mnamed.toml", (2, 2))
    os.utime(home / "good.toml", (1, 1))  # the oldest: listed last


async def test_the_start_screen_lists_bad_saves_and_goes_on(make_app, home: Path) -> None:
    _hostile_saves(home)
    app = make_app(lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        panel = app.screen.query_one("#resume")
        listed = {s.name: s for s in panel.saves}
        for name in ("nested.toml", "seed.toml", "format.toml", "lang.toml", "names.toml", "binary.toml",
                     "big.toml"):
            assert listed[name].problem and not listed[name].damaged, name
        assert "folder.toml" not in listed and "pipe.toml" not in listed  # not files
        assert listed["good.toml"].problem == "" and listed["good.toml"].actions == 1
        assert listed["\\u001b[2J\\u001b[31mnamed.toml"].actions == 1
        app.screen.query_one(TabbedContent).active = "tab-resume"
        await pilot.pause()
        assert "\x1b" not in screen_text(app)
        app.screen.query_one("#saves").focus()
        await pilot.press("enter")  # the newest: a hostile one
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one("#resume-error").display
        await pilot.press("end", "enter")  # the good one still opens
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.players == ["Ana", "Bea"]
    assert not app.return_code  # no error (run_test leaves it None)


async def test_a_5000_digit_seat_typed_on_the_command_line_is_a_refusal(make_app, duel: Session) -> None:
    app = make_app(session=duel, lang="en")
    saved = duel.path.read_bytes()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        line = app.screen.query_one("#notation", Input)
        line.value = "lucky " + "9" * 5000  # typed in full below the first keys, as a paste would
        await pilot.press("space", "3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        error = str(app.screen.query_one("#error").content)
        assert error == "✗ " + ui("error.notation.too_long", "en", limit=400)
        line.value = "lucky " + "9" * 300  # within the line's bound: the number's bound refuses it
        await pilot.press("space", "3", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#error").content)
        assert "is not a whole number a player would report" in error and "'99999999999…'" in error
        assert duel.played == [] and duel.path.read_bytes() == saved
        for text in ("\x00", "lucky 1 ² 3", "lucky ١ ٣", "x" * 100_000, 'roll"\n[[action]]\ndo = "hold'):
            line.value = text
            await pilot.press("enter")
            await pilot.pause()
            assert duel.played == [] and duel.path.read_bytes() == saved
        await pilot.press("escape")
        await pilot.press("3", "5")  # the app goes on
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 3", "lucky 2 5"]
    assert not app.return_code  # no error (run_test leaves it None)


async def test_a_5000_digit_count_of_players_is_no_crash(make_app, home: Path) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#players", Input)
        for text in ("9" * 5000, "99999999", "²", "١٢"):
            players.value = text
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
        assert list(home.glob("*.toml")) == []
    assert not app.return_code  # no error (run_test leaves it None)


async def test_the_recover_dialog_says_which_later_actions_are_kept(make_app, home: Path) -> None:
    path = home / "duel.toml"
    session = Session.new("dice-duel", ["Ana", "Luis"], seed=1, lang="en", path=path)
    for text in ("lucky 1 3", "lucky 2 5", "roll @ 2 3", "hold", "roll @ 4 4", "hold"):
        session.act(text)
    session.close()
    path.write_text(path.read_text().replace('do = "roll"', 'do = "roll', 1))
    app = make_app(lang="en")
    async with app.run_test(size=(100, 40)) as pilot:
        await show_saves(app, pilot)
        await open_save(app, pilot)
        assert isinstance(app.screen, RecoverScreen)
        dialog = app.screen
        assert str(dialog.query_one("#recover-kept").content) == ui(
            "ui.resume.will_keep", "en", actions="5 (roll), 6 (hold)")
        assert str(dialog.query_one("#recover-aside").content) == ui(
            "ui.resume.will_set_aside", "en", actions="3 (unreadable), 4 (hold)")
        assert str(dialog.query_one("#recover").label) == ui("ui.resume.recover", "en", count=4)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [p.entry.notation for p in app.screen.session.played] == ["lucky 1 3", "lucky 2 5", "roll", "hold"]
    assert read(path).damage is None


# -- an unexpected error -------------------------------------------------------------


def _boom(*args, **kwargs):
    raise RuntimeError("boom: a bug in a handler")


async def test_an_unexpected_error_is_logged_told_and_exits_non_zero(make_app, duel: Session, home: Path,
                                                                     monkeypatch) -> None:
    app = make_app(session=duel, lang="en")
    with pytest.raises(RuntimeError, match="boom"):  # run_test hands the error on to the test
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("3")
            await pilot.pause()
            monkeypatch.setattr(GameScreen, "action_reveal", _boom)
            await pilot.press("v")
            await pilot.pause()
    assert app.return_code == 1
    log = (home / CRASH_LOG).read_text()
    assert "RuntimeError: boom: a bug in a handler" in log and "in _boom" in log
    assert f"save {duel.path}" in log
    words = app.crash_words()
    assert words == [ui("ui.crash", "en", log=str(home / CRASH_LOG)), ui("ui.crash.saved", "en", path=str(duel.path))]
    assert len(Session.load(duel.path, read_only=True).played) == 1  # the game is saved


def test_companion_play_after_a_crash_exits_non_zero(tmp_path, monkeypatch) -> None:
    """Through the console entry point: the person is told in the game's
    language, the log is beside the saves, the status is not 0."""
    from companion.cli import main

    home = Path(os.environ["COMPANION_HOME"])
    save = tmp_path / "g.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=1, lang="es", path=save)
    session.act("lucky 1 3")
    session.close()
    monkeypatch.setattr(CompanionApp, "run", lambda self, **kw: App.run(self, headless=True, size=(80, 24)))
    monkeypatch.setattr(GameScreen, "on_mount", _boom)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["play", str(save), "--mute"])
    assert status == 1
    said = err.getvalue()
    assert ui("ui.crash", "es", log=str(home / CRASH_LOG)) in said
    assert ui("ui.crash.saved", "es", path=str(save)) in said
    assert "Traceback" not in said  # the details are in the log, not on the table's screen
    assert "RuntimeError: boom" in (home / CRASH_LOG).read_text()
    assert len(Session.load(save, read_only=True).played) == 1


def test_companion_after_a_crash_on_the_start_screen_exits_non_zero(monkeypatch) -> None:
    from companion.cli import main

    home = Path(os.environ["COMPANION_HOME"])
    monkeypatch.setattr(CompanionApp, "run", lambda self, **kw: App.run(self, headless=True, size=(80, 24)))
    monkeypatch.setattr(StartScreen, "on_mount", _boom)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["--lang", "en", "--mute"])
    assert status == 1
    assert ui("ui.crash", "en", log=str(home / CRASH_LOG)) in err.getvalue()
    assert (home / CRASH_LOG).exists()

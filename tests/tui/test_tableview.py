"""The "Table view" key of every game screen: the commands for a second screen, and the
served address with its QR code while a server for the save runs (started from here too)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from textual.widgets import Button, Static

from companion.core.session import Session
from companion.tableserve import info, qr
from companion.tui import tableview
from companion.tui.frame import GameScreen
from companion.tui.games import _SCREENS, screen_class
from companion.tui.modals import KeysScreen
from companion.tui.tableview import TableViewScreen

from .conftest import screen_text


async def wait_until(pilot, check, limit: int = 300) -> None:
    """Let the app run until `check()` holds (a condition, not a timing assertion)."""
    for _ in range(limit):
        if check():
            return
        await pilot.pause(0.1)
    raise AssertionError("never happened")


def test_every_game_screen_has_the_key_and_nothing_else_on_it() -> None:
    for game in [*_SCREENS, "dice-duel"]:
        cls = screen_class(game)
        merged = cls._merge_bindings()
        assert [b.action for b in merged.key_to_bindings["u"]] == ["table_view"], game


async def test_the_key_opens_the_commands_in_the_table_language(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, TableViewScreen)
        text = screen_text(app)
        assert "Vista de mesa: una pantalla pública para los jugadores" in text
        assert "En una pantalla conectada a este ordenador, en un segundo terminal:" in text
        commands = [str(s.render()) for s in app.screen.query(".tableview-command") if s.display]
        command = tableview._command()  # `companion` when the PATH finds this app, else its full path
        assert commands == [f"{command} table {duel.path}", f"{command} table {duel.path} --serve --host 0.0.0.0"]
        assert "Ahora no se sirve." in text
        assert not app.screen.query_one("#tableview-qr").display
        assert app.screen.query_one("#tableview-start", Button).display
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert duel.played == []  # nothing played by the key


async def test_the_keys_list_names_it(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        rows = [str(s.render()) for s in app.screen.query(".keys-row")]
        assert any(row.split() == ["u", "Vista", "de", "mesa"] for row in rows), rows


async def test_a_running_server_shows_its_address_and_qr(make_app, duel: Session) -> None:
    address = "http://192.168.1.5:8000/t/abcdefghijklmnopqrstuv/"
    info.write(duel.path, {"address": address, "token": "abcdefghijklmnopqrstuv", "pid": os.getpid()})
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        text = screen_text(app)
        assert "Se sirve ahora en esta dirección:" in text
        assert str(app.screen.query_one("#tableview-address", Static).render()) == address
        assert address[:30] in text  # on the screen (wrapped beside the code)
        code = app.screen.query_one("#tableview-qr", Static)
        assert code.display and str(code.render()).split("\n") == qr.half_blocks(address, tableview.QR_BORDER)
        assert app.screen.query_one("#tableview-stop", Button).display
        assert not app.screen.query_one("#tableview-start", Button).display
        # the whole code is on the screen at 80x24
        assert code.region.bottom <= 24 and code.region.right <= 80
        assert code.region.height == len(qr.half_blocks(address, tableview.QR_BORDER)) + 2  # + quiet zone
        assert code.styles.padding == (1, 2, 1, 2)  # 2 modules of quiet zone all round (a row holds 2)
        info.remove(duel.path)  # the server stopped elsewhere: the modal follows
        await wait_until(pilot, lambda: not code.display)
        assert "Ahora no se sirve." in screen_text(app)


async def test_start_and_stop_serving_from_the_app(make_app, duel: Session, monkeypatch) -> None:
    """The start button runs a detached server for this save; the stop button ends it and the
    address file goes with it. (The server here is companion.tableserve itself on a free port
    of this computer, standing in for `companion table FILE --serve --host 0.0.0.0`.)"""
    def argv(path, lang):
        code = f"from companion.tableserve import serve; raise SystemExit(serve({str(path)!r}, port=0, lang={lang!r}))"
        return [sys.executable, "-c", code]

    monkeypatch.setattr(tableview, "serve_argv", argv)
    app = make_app(session=duel)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("u")
            await pilot.pause()
            await pilot.click("#tableview-start")
            screen = app.screen
            await wait_until(pilot, lambda: screen.served is not None)
            served = screen.served
            await wait_until(pilot, lambda: screen.query_one("#tableview-qr").display)
            assert str(screen.query_one("#tableview-address", Static).render()) == served["address"]
            process = tableview._started[-1]
            assert process.pid == served["pid"]
            await pilot.click("#tableview-stop")
            await wait_until(pilot, lambda: screen.served is None)
            assert await asyncio.to_thread(process.wait, 30) == 0
            assert not info.info_path(duel.path).exists()
    finally:  # a failed test leaves no server behind (it is detached on purpose)
        for process in tableview._started:
            if process.poll() is None:
                process.kill()
                process.wait()


def test_the_command_shown_runs_as_written(monkeypatch) -> None:
    """Off the PATH, the panel shows this app's own command in full (the README's `companion:
    command not found` after `./scripts/play`); on it, plain `companion`."""
    here = Path(sys.executable).parent / "companion"
    monkeypatch.setenv("PATH", "/nonexistent")
    assert tableview._command() == (str(here) if here.exists() else "companion")
    monkeypatch.setenv("PATH", str(here.parent))
    assert tableview._command() == "companion"

"""The table view (`companion table FILE`) follows a save another process writes, shows the
live file (the spoken line, the timers), says when the game master's app is closed and when
the save cannot be read, keeping the last state. Waits are generous loops on pilot.pause, never
timing assertions."""

from __future__ import annotations

import os
import re
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core import live
from companion.core.game import Line
from companion.core.language import render
from companion.core.session import Session
from companion.tui.table.app import TableApp

from .conftest import screen_text

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 30.0  # seconds a wait may take on a slow machine before the test gives up


async def until(pilot, check, patience: float = PATIENCE) -> bool:
    end = time.monotonic() + patience
    while time.monotonic() < end:
        if check():
            return True
        await pilot.pause(0.05)
    return check()


def act(path: Path, notation: str) -> None:
    """`companion act FILE NOTATION` in another process (this worktree's code)."""
    subprocess.run([sys.executable, "-m", "companion", "act", str(path), notation], cwd=ROOT, check=True,
                   capture_output=True, timeout=60)


def open_live(path: Path, subtitle: str = "", timers=(), lang: str = "es", open_: bool = True) -> None:
    live.publish(path, live.Live(open_, subtitle, tuple(timers), lang, os.getpid(), time.time(), None))


@pytest.mark.parametrize("game, players, lang", [
    ("gauekos", ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin", "Gorka"], "eu"),
    ("halloween", ["Ana", "Luis", "Eva", "Iker"], "es"),
])
async def test_the_table_follows_a_save_written_by_another_process(tmp_path, game, players, lang):
    path = tmp_path / f"{game}.toml"
    Session.new(game, players, seed=7, lang=lang, path=path).close()
    shadow = Session.new(game, players, seed=7, lang=lang)  # the same game, to know what comes next
    rng = random.Random(7)
    open_live(path, lang=lang)
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        first = render(shadow.game.public_prompt().title, lang)
        assert await until(pilot, lambda: first in " ".join(screen_text(app).split()))
        for _ in range(4):
            notation = shadow.game.notation(shadow.game.sample_action(rng))
            shadow.act(notation)
            act(path, notation)  # another process writes the save
            count = len(shadow.played)
            assert await until(pilot, lambda: app.seen is not None and app.seen.actions == count)
            await pilot.pause()
            now = render(shadow.game.public_prompt().title, lang)
            text = " ".join(screen_text(app).split())
            assert now in text
            if shadow.played[-1].secret:  # told as the table was told, never as written
                assert notation not in text


async def test_the_spoken_line_and_the_timer_count_down_from_the_live_file(tmp_path):
    path = tmp_path / "g.toml"
    Session.new("gauekos", ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin"], seed=3, lang="es", path=path).close()
    running = live.Timer("day", 300, 95, True, False, time.time() + 95)
    open_live(path, "Amanece el día 1. Abrid todos los ojos.", [running])
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Amanece el día 1. Abrid todos los ojos." in text
        assert "Debate" in text and app.query_one("#t-clock").value in ("1:35", "1:34", "1:33")
        paused = live.Timer("day", 300, 40, True, True, None)
        open_live(path, "Quedan 40 segundos de debate.", [paused])
        assert await until(pilot, lambda: app.query_one("#t-clock").value == "0:40")
        assert "pausa" in screen_text(app)
        assert "La aplicación del director de juego está cerrada." not in screen_text(app)


async def test_the_game_masters_app_closing_shows_the_notice_and_keeps_the_state(tmp_path):
    path = tmp_path / "h.toml"
    Session.new("halloween", ["Ana", "Luis", "Eva", "Iker"], seed=5, lang="es", path=path).close()
    open_live(path, "Que empiece la noche.")
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.query_one("#t-now").content.plain
        assert "cerrada" not in screen_text(app)
        open_live(path, open_=False)  # what the game master's app writes when it closes
        assert await until(pilot, lambda: "La aplicación del director de juego está cerrada." in screen_text(app))
        assert app.query_one("#t-now").content.plain == before  # the last state stays
        assert "Que empiece la noche." not in screen_text(app)  # a closed app says nothing now


async def test_a_stale_heartbeat_or_no_live_file_reads_as_closed(tmp_path):
    path = tmp_path / "d.toml"
    Session.new("dice-duel", ["Ana", "[bold]Ana"], seed=1, lang="en", path=path).close()
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "The game master's app is closed." in screen_text(app)
        assert "[bold]Ana" in screen_text(app)  # a name shows as typed, never as markup
        live.publish(path, live.Live(True, "", (), "en", os.getpid(), time.time() - live.STALE - 5))
        await pilot.pause(0.3)
        assert "The game master's app is closed." in screen_text(app)


async def test_a_damaged_save_keeps_the_last_good_state_and_names_the_file(tmp_path):
    path = tmp_path / "duel.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=2, lang="es", path=path)
    session.act(session.expects().choices[0].notation)
    session.close()
    good = path.read_bytes()
    open_live(path, lang="es")
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = app.query_one("#t-panel").content.plain
        assert app.seen.actions == 1
        with open(path, "ab") as f:
            f.write(b'\n[[action]]\ndo = "roll\nat = 3\x00\x1b[2J')
        notice = "No se puede leer duel.toml: se muestra el último estado leído."
        assert await until(pilot, lambda: notice in " ".join(screen_text(app).split()))
        assert app.query_one("#t-panel").content.plain == before and app.seen.actions == 1
        assert "\x1b" not in screen_text(app)
        path.write_bytes(good)  # mended (recovered by the game master): read again, the notice goes
        assert await until(pilot, lambda: not app.unreadable)
        assert notice not in " ".join(screen_text(app).split())


async def test_the_table_view_takes_no_lock_so_the_game_master_keeps_playing(tmp_path):
    path = tmp_path / "duel.toml"
    Session.new("dice-duel", ["Ana", "Bea"], seed=2, lang="es", path=path).close()
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        writer = Session.load(path)  # would raise SaveLockedError if the table held the lock
        writer.act(writer.expects().choices[0].notation)
        writer.close()
        assert await until(pilot, lambda: app.seen.actions == 1)


async def test_the_game_masters_app_publishes_the_spoken_line_and_closes(make_app, home):
    path = home / "g.toml"
    session = Session.new("gauekos", ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin"], seed=3, lang="es", path=path)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        got = live.read(path)
        assert got is not None and got.open and not got.closed() and got.lang == "es"
        app.narrator.say_line(Line("gauekos.countdown.over"))  # said aloud: the table shows it too
        assert await until(pilot, lambda: live.read(path).subtitle == "Se acabó el tiempo.", 10)
        assert live.read(path).actions == 0
    got = live.read(path)
    assert got is not None and not got.open and got.closed()
    session.close()


async def test_the_gauekos_screen_publishes_its_timers_and_never_a_phantom_pause(make_app, home):
    from companion.tui.games.gauekos.timers import DAY, PHANTOM, Countdown

    path = home / "g.toml"
    session = Session.new("gauekos", ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin"], seed=3, lang="es", path=path)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.day_timer = Countdown(DAY, 300, ("day", 1))
        screen.day_timer.start()
        screen._phantom = None
        screen._show_timer()
        timers = live.read(path).timers
        assert [(t.kind, t.total, t.running) for t in timers] == [("day", 300, True)]
        assert 298 <= timers[0].left_at(time.time()) <= 300
        screen.day_timer = None
        phantom = Countdown(PHANTOM, 9, 0)
        phantom.start()
        screen.countdown = None
        screen.phantom_clock = lambda: phantom
        screen._show_timer()
        assert live.read(path).timers == ()
    session.close()


def test_companion_table_refuses_a_missing_file_in_the_language(tmp_path, capsys):
    from companion.cli import main

    assert main(["--lang", "eu", "table", str(tmp_path / "none.toml")]) == 1
    assert "Ez dago gordetako partidarik" in capsys.readouterr().err


async def test_the_table_speaks_the_game_masters_language_unless_told_one(tmp_path):
    path = tmp_path / "h.toml"
    Session.new("halloween", ["Ana", "Luis", "Eva", "Iker"], seed=5, lang="es", path=path).close()
    open_live(path, lang="en")
    app = TableApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Halloween night" in screen_text(app)
        open_live(path, lang="eu")  # the game master switched the app to Basque
        assert await until(pilot, lambda: "Halloween gaua" in screen_text(app))
    told = TableApp(path, lang="es")
    async with told.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "La noche de Halloween" in screen_text(told)


async def test_the_table_log_says_what_happened_never_notation(tmp_path):
    """The log is what the table was told, in its words (Spanish, Basque): the roll's event
    line, never `roll` (nor `tirar`, `bota`) nor `lucky 1 4`'s seat numbers."""
    from companion.core.language import render

    path = tmp_path / "duel.toml"
    session = Session.new("duel", ["Ana", "Luis"], seed=3, lang="es", path=path)
    for notation in ("lucky 1 4", "lucky 2 2", "roll"):
        session.act(notation)
    session.close()
    assert "roll" in path.read_text()  # the save keeps the canonical form
    for lang in ("es", "eu"):
        told = [render(e.line, lang) for e in session.played[-1].events if not e.private]
        app = TableApp(path, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await until(pilot, lambda: app.seen is not None)
            await pilot.pause()
            text = screen_text(app)
            words = re.findall(r"\w+", text)
            assert told and told[0].split()[0] in words
            assert "roll" not in words and "lucky" not in words


async def test_the_pariente_mayor_has_his_mark_on_the_table(tmp_path):
    """As on the game master's seat grid: ★ beside the Pariente mayor, and nobody else."""
    path = tmp_path / "g.toml"
    names = ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin", "Gorka"]
    session = Session.new("gauekos", names, seed=5, lang="es", path=path)
    for notation in ("deck gaueko 2", "deal", "start", "mayor 3"):
        session.act(notation)
    session.close()
    app = TableApp(path, lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await until(pilot, lambda: app.seen is not None)
        await pilot.pause()
        marked = [line for line in screen_text(app).splitlines() if "★" in line]
        assert len(marked) == 1 and "Carmen" in marked[0], marked

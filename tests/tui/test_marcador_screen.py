"""The Marcador screen driven with the Pilot at 80×24: keyed entry (a player's number, the
points, Enter) saved as notation, the sheet with totals, ranks and the leader, whose turn
passed with a key, the turn timer ticked by hand (its last seconds and "¡Tiempo!" said,
a new turn a new countdown, `p` pausing it), the chart of running totals, and the
drawing functions the table view shares, at a phone's and a TV's width."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from companion.core.session import Session
from companion.tui.games.marcador import MarcadorScreen
from companion.tui.games.marcador import entry
from companion.tui.games.marcador.drawing import chart, running_totals, scoreboard
from companion.tui.games.marcador.timer import BigClock
from companion.tui.table.games import panel_lines
from companion.tui.widgets import ErrorLine

from .conftest import SEED, screen_text

PLAYERS = ["Ana", "Bo", "Cy", "Di"]


@pytest.fixture(autouse=True)
def hand_ticked(monkeypatch):
    """No real waiting: the timer ticks only when a test calls `tick()`."""
    monkeypatch.setattr(MarcadorScreen, "second", None)


def new(home: Path, *acts: str, players=PLAYERS, **options) -> Session:
    session = Session.new("marcador", list(players), options, seed=SEED, lang="es", path=home / "m.toml")
    for act in acts:
        session.act(act)
    return session


def test_keyed_entry_reads_the_seat_then_the_points():
    assert entry.notation("215", PLAYERS) == "Bo +15"
    assert entry.notation("2 15", PLAYERS) == "Bo +15"
    assert entry.notation("3-4", PLAYERS) == "Cy -4"
    assert entry.notation("1=40", PLAYERS) == "Ana =40"
    assert entry.notation("2", PLAYERS) is None and entry.notation("9 3", PLAYERS) is None
    many = [f"P{n}" for n in range(1, 13)]
    assert entry.notation("125", many) is None  # more than nine seats: the seat needs an end
    assert entry.notation("12 5", many) == "P12 +5"


@given(players=st.integers(1, 20), data=st.data())
def test_a_keyed_entry_plays_what_it_shows(players, data):
    """Whatever seat and points are keyed (with a space or a sign), the entry reads them back."""
    names = [f"P{n}" for n in range(1, players + 1)]
    seat = data.draw(st.integers(1, players))
    sign = data.draw(st.sampled_from(["", "+", "-", "="]))
    points = data.draw(st.integers(0, 9999))
    typed = f"{seat}{' ' if sign in ('', '+') else ''}{sign}{points}"
    expected = {"": "+", "+": "+", "-": "-", "=": "="}[sign]
    assert entry.notation(typed, names) == f"P{seat} {expected}{points}"


async def test_points_are_entered_by_keys_and_saved(make_app, home):
    session = new(home, rounds=8)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MarcadorScreen)
        await pilot.press("2", "1", "5")
        await pilot.pause()
        assert "→ Bo +15" in screen_text(app)
        await pilot.press("enter")
        await pilot.press("4", "minus", "3", "enter")
        await pilot.press("1", "equals_sign", "2", "0", "enter")
        await pilot.pause()
        assert [p.entry.notation for p in session.played] == ["Bo +15", "Di -3", "Ana =20"]
        assert "Bo +15" in (home / "m.toml").read_text()  # saved, then shown
        text = app.screen.query_one("#mc-board").content.plain
        assert "★ Ana" in text  # the leader starred
        assert "R1" in text and "R8" in text  # every round of the game as a column
        await pilot.press("9", "5", "enter")  # no ninth player: refused, nothing played
        await pilot.pause()
        assert len(session.played) == 3
        assert "No hay jugador 9: los jugadores van del 1 al 4" in app.screen.query_one(ErrorLine).content.plain
        await pilot.press("escape")  # Esc first clears the entry, it does not leave
        await pilot.pause()
        assert isinstance(app.screen, MarcadorScreen)
        await pilot.press("t")  # the turn passes
        await pilot.pause()
        assert session.game.public_state()["turn"] == "Bo"
        assert "Turno de Bo" in screen_text(app)
        session.close()


async def test_the_turn_timer_counts_says_its_last_seconds_and_restarts_each_turn(make_app, home, narrator,
                                                                                  recording):
    session = new(home, timer=12)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        clock = screen.query_one(BigClock)
        assert clock.display and clock.value == "0:12"
        screen.tick()
        screen.tick()
        await pilot.pause()
        assert clock.value == "0:10" and clock.has_class("-urgent")
        await pilot.press("p")  # paused: a tick changes nothing
        screen.tick()
        assert screen.countdown.left == 10
        await pilot.press("p")
        for _ in range(10):
            screen.tick()
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.spoken[-2:] == ["1", "¡Tiempo!"]
        assert "10" in recording.spoken
        assert screen.live_timers()[0].left == 0
        await pilot.press("t")  # a new turn, a new countdown
        await pilot.pause()
        assert screen.countdown.left == 12 and clock.value == "0:12"
        session.close()


async def test_the_chart_shows_each_running_total(make_app, home):
    session = new(home, "ronda 5 3 0 7", "ronda 2 8 4 1", rounds=4)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        text = app.screen.query_one("#mc-chart").content.plain
        assert "1 Ana" in text and "4 Di" in text  # the legend
        assert "11┤" in text  # the scale: Bo's 11 is the top
        assert not app.screen.query_one("#mc-sheet").display
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.query_one("#mc-sheet").display
        session.close()


def test_the_chart_draws_every_players_line_to_its_total():
    session = Session.new("marcador", PLAYERS, {"rounds": 3}, seed=1, lang="es")
    session.act("ronda 10 0 5 -5")
    session.act("ronda 10 0 5 -5")
    state = session.game.public_state()
    assert running_totals(state) == [[0, 10, 20, 20], [0, 0, 0, 0], [0, 5, 10, 10], [0, -5, -10, -10]]
    rows = chart(state, 40, 12, "es").plain.split("\n")
    assert rows[0].lstrip().startswith("20┤") and "1" in rows[0]  # Ana at the top
    bottom = [r for r in rows if r.lstrip().startswith("-10┤")]
    assert bottom and "4" in bottom[0]  # Di at the bottom


@pytest.mark.parametrize("width", [36, 100])
def test_the_sheet_fits_a_phone_and_a_tv(width):
    session = Session.new("marcador", PLAYERS, {"rounds": 12}, seed=1, lang="es")
    for _ in range(11):
        session.act("ronda 5 3 0 7")
    state = session.game.public_state()
    board = scoreboard(state, width, "es").plain.split("\n")
    assert all(len(row) <= width for row in board)
    assert "R12" in board[0]  # the latest rounds are the ones shown
    assert ("R1 " in board[0]) == (width >= 100)
    assert all(row.rstrip().endswith(f"{rank}.") for row, rank in zip(board[1:], (2, 3, 4, 1)))
    text = "\n".join(c.plain for c in panel_lines("marcador", state, session.game.settings, "es"))
    assert "Di" in text and "77" in text  # the table view shows the same sheet


async def test_twenty_players_scroll_and_a_two_digit_seat_scores(make_app, home):
    names = [f"Jugador {n}" for n in range(1, 21)]
    session = new(home, players=names, rounds=3)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "2", "space", "7", "enter")
        await pilot.pause()
        assert [p.entry.notation for p in session.played] == ["Jugador 12 +7"]
        board = app.screen.query_one("#mc-board").content.plain.split("\n")
        assert len(board) == 21 and "Jugador 20" in board[-1]  # every player, the sheet scrolls
        assert not app.screen.query_one("#mc-chart").display  # no room for the chart under 20 rows
        session.close()

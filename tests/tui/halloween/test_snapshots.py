"""Snapshots at 80×24 of the Halloween screen: fixed seed, table dice, no clock in view."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from .helpers import new_game, set_up, to_round


async def settle(pilot: Pilot) -> None:
    """Stop the cursors blinking, so every run looks the same."""
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_turn_screen(snap_compare, make_app, home) -> None:
    """Luis's turn starts; the trato just settled at his door is still worked out in the box."""
    session = set_up(new_game(home, "turno.toml"))
    press = ["1", "at", "3", "enter", "2", "2", "6", "enter", "4", "enter", "at", "7", "enter", "at", "5", "enter"]
    try:
        assert snap_compare(make_app(session=session), press=press, terminal_size=(80, 24), run_before=settle)
    finally:
        session.close()


def test_auction_screen(snap_compare, make_app, home) -> None:
    """A costume fight in round 3: fronts, Eva's bid in, Ana typing hers masked."""
    session = set_up(new_game(home, "riña.toml"))
    to_round(session, 3)
    for action in ("move simoncito", "roll @ 2", "land neutral", "rip montse", "defend 1", "defend 2"):
        session.act(action)
    press = ["3", "5", "enter", "1", "2"]
    try:
        assert snap_compare(make_app(session=session), press=press, terminal_size=(80, 24), run_before=settle)
    finally:
        session.close()

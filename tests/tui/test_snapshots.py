"""Snapshots at 80×24: fixed seed, saves folder in tmp_path, no clock in view."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from companion.core.session import Session


async def settle(pilot: Pilot) -> None:
    """Let the saves list load and stop the cursor blinking, so every run looks the same."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def test_start_screen(snap_compare, make_app) -> None:
    """The start screen in Spanish: new game form for the dice duel."""
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=settle)


def test_start_screen_names_typed(snap_compare, make_app) -> None:
    """Players typed with markup-looking text show literally in the seat list."""
    assert snap_compare(make_app(lang="en"), press=[*"Ana, [bold]Ana, Bea"], terminal_size=(80, 24),
                        run_before=settle)


def test_dice_screen(snap_compare, make_app) -> None:
    """Dice and tables after a d6, a 2d6 and a d8 (seeded): history and the candy row lit."""
    assert snap_compare(make_app(start="dice"), press=["6", "2", "8"], terminal_size=(80, 24),
                        run_before=settle)


def test_game_frame(snap_compare, make_app, home) -> None:
    """The shared game frame mid-duel: prompt, choices, table, dice, log, subtitle, footer."""
    session = Session.new("dice-duel", ["Ana", "[bold]Ana"], seed=1234, lang="es", path=home / "frame.toml")
    try:
        assert snap_compare(make_app(session=session), press=["3", "5", "1"], terminal_size=(80, 24),
                            run_before=settle)
    finally:
        session.close()

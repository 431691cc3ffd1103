"""Snapshots of the Gauekos screen at 80×24: a night call and the vote."""

from __future__ import annotations

from textual.pilot import Pilot

from .helpers import STARTED, press, until

TO_GAUEKOS = (*STARTED, "lovers 7 8", "done", "later", "sorgina 1", "shown")
DAY_ONE = (*TO_GAUEKOS, "victim 3", "close", "no life", "no death")


async def gaueko_call(pilot: Pilot) -> None:
    screen = pilot.app.screen
    await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
    for _ in range(3):
        screen.tick()
    await press(pilot, "right", "right")  # the cursor on Flo
    await pilot.pause()


async def first_vote(pilot: Pilot) -> None:
    screen = pilot.app.screen
    await until(pilot, lambda: screen.day_timer is not None and screen.day_timer.running)
    await press(pilot, "5", "5", "1", "n")  # four voters entered; Ed is next
    await pilot.pause()


def test_night_call(snap_compare, make_app, new_table) -> None:
    """Night 1, the gauekos' call: the calls in order, the countdown, the Sorgiña's card, the seats, the keys."""
    session = new_table(8, *TO_GAUEKOS, lang="en")
    assert snap_compare(make_app(session=session, lang="en"), terminal_size=(80, 24), run_before=gaueko_call)


def test_vote(snap_compare, make_app, new_table) -> None:
    """Day 1, the first vote entered voter by voter: the dead, the day timer, the ballots, the tally."""
    session = new_table(8, *DAY_ONE, lang="en")
    assert snap_compare(make_app(session=session, lang="en"), terminal_size=(80, 24), run_before=first_vote)

"""Driving the Gauekos screen as a Kontalari would: keys, then wait for the
screen (and the narrator) to catch up. No timing is asserted: `until` only
waits for something to have happened."""

from __future__ import annotations

from typing import Any, Callable

from textual.pilot import Pilot

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jon", "Kai", "Lur", "Mar", "Nerea",
         "Oier", "Paul", "Rai", "Sua", "Teo", "Uxue"]

# The table of the full game: seat -> card (Sorgiña, Akerbeltz, Cazador, Lamia among 8).
CARDS = ["gaueko", "gaueko", "sorgina", "akerbeltz", "cazador", "lamia", "campesino", "campesino"]
DECK = "deck gaueko 2 sorgina lamia cazador akerbeltz"
STARTED = (DECK, *[f"role {seat} {card}" for seat, card in enumerate(CARDS, 1)], "start")


async def until(pilot: Pilot, done: Callable[[], Any], tries: int = 400) -> None:
    """Let the app run until `done()` is true (timers, the narrator's thread); fail if it never is."""
    for _ in range(tries):
        await pilot.pause(0.005)
        if done():
            return
    raise AssertionError("the screen never got there")


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys one by one, letting the screen settle after each."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def played(session: Any) -> list[str]:
    return [p.entry.notation for p in session.played]


def said(narrator: Any, recording: Any) -> list[str | None]:
    """The line ids the narrator has spoken so far, once it has said everything it was given."""
    assert narrator.wait_idle(5)
    return recording.line_ids

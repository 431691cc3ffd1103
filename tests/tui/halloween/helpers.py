"""Shared pieces of the Halloween screen tests: a saved game of four (Ana red,
Luis green, Eva yellow, Iker orange; blue is neutral; Ana the youngest)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from companion.core.session import Session

from ..conftest import SEED, screen_text

PLAYERS = ["Ana", "Luis", "Eva", "Iker"]


def new_game(home: Path, name: str = "noche.toml") -> Session:
    return Session.new("halloween", PLAYERS, seed=SEED, lang="es", path=home / name)


def set_up(session: Session, children=("montse", "david", "rosa", "lucia")) -> Session:
    """Colours, the youngest and the secret children, straight through the session."""
    for seat, colour in enumerate(("red", "green", "yellow", "orange"), 1):
        session.act(f"colour {seat} {colour}")
    session.act("youngest 1")
    for seat, child in enumerate(children, 1):
        session.act(f"child {seat} {child}")
    return session


def quiet_turn(session: Session) -> None:
    """The first child that may move, 2 squares, onto a neutral square; nothing else."""
    move = next(c.notation for c in session.expects().choices if c.notation.startswith("move"))
    session.act(move)
    session.act("roll @ 2")
    session.act("land neutral")
    step = session.game.stack[-1]["kind"] if session.game.stack else None
    if step == "jorgito":
        session.act("stay")
        step = session.game.stack[-1]["kind"] if session.game.stack else None
    if step == "after":
        session.act("end")


def to_round(session: Session, number: int) -> None:
    while session.game.round < number:
        quiet_turn(session)


def candies(session: Session) -> dict:
    return session.game.private_state()["candies"]


def step(session: Session) -> str | None:
    return session.game.public_state()["step"]


async def keys(pilot: Pilot, *pressed: str) -> None:
    """Press keys one at a time, letting the screen settle after each."""
    for key in pressed:
        await pilot.press(key)
        await pilot.pause()


async def typed(pilot: Pilot, text: str) -> None:
    await pilot.press(*text)
    await pilot.pause()


def shown(pilot: Pilot) -> str:
    return screen_text(pilot.app)

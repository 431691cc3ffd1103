"""Shared set-ups for the Halloween tests: a table of four (Ana red, Luis
green, Eva yellow, Iker orange; blue is neutral), Ana the youngest."""

from __future__ import annotations

import pytest

from companion.core.errors import ActionError
from companion.core.session import Session

PLAYERS = ["Ana", "Luis", "Eva", "Iker", "Maite"]
COLOURS = ["red", "green", "yellow", "orange", "blue"]


def start(children=("montse", "david", "rosa", "lucia"), count=4, youngest=1, seed=1) -> Session:
    session = Session.new("halloween", PLAYERS[:count], seed=seed, lang="en")
    for seat in range(count):
        session.act(f"colour {seat + 1} {COLOURS[seat]}")
    session.act(f"youngest {youngest}")
    for seat, child in enumerate(children):
        session.act(f"child {seat + 1} {child}")
    return session


def candies(session) -> dict:
    return session.game.private_state()["candies"]


def step(session) -> str | None:
    return session.game.stack[-1]["kind"] if session.game.stack else None


def turn(session) -> str:
    return session.game.public_state()["turn"]


def choices(session) -> list[str]:
    return [c.notation for c in session.expects().choices]


def hand(session, seat: int, *cards: int) -> None:
    """Put cards in a seat's hand straight from the deck (test set-up)."""
    for card in cards:
        session.game.pool.remove(str(card))
        session.game.hands[seat - 1].append(card)


def quiet_turn(session) -> list:
    """A turn with nothing in it: the first child that may move, 2 squares, a neutral square.
    Returns the events of its last action."""
    move = next(n for n in choices(session) if n.startswith("move"))
    session.act(move)
    session.act("roll @ 2")
    events = session.act("land neutral")
    if step(session) == "jorgito":
        events = session.act("stay")
    if step(session) == "after":
        events = session.act("end")
    return events


def to_round(session, number: int) -> None:
    while session.game.round < number:
        quiet_turn(session)


def refused(session, text: str, match: str) -> ActionError:
    """The action is refused with `match` in its message, and nothing changes."""
    before = session.game.state()
    played = len(session.played)
    with pytest.raises(ActionError, match=match) as info:
        session.act(text)
    assert session.game.state() == before
    assert len(session.played) == played
    return info.value


def knock_on(session, owner_colour: str, child: str | None = None) -> None:
    """The current player moves a child (or the first movable) onto `owner_colour`."""
    session.act(f"move {child}" if child else next(n for n in choices(session) if n.startswith("move")))
    session.act("roll @ 3")
    session.act(f"land {owner_colour}")
    assert step(session) == "knock"

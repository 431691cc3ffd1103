"""Tables set up seat by seat, so each test reads like the game it plays."""

from __future__ import annotations

import copy

import pytest

from companion.core.errors import ActionError
from companion.core.session import Session
from companion.games.gauekos.roles import GAUEKO, SPECIALS

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Mo", "Nia"]


def table(roles: list[str], leftovers: tuple[str, ...] = (), **options) -> Session:
    """A session with these roles by seat (and leftovers with Samartintxiki), started."""
    session = Session.new("gauekos", NAMES[: len(roles)], options, seed=7, lang="en")
    cards = list(roles) + list(leftovers)
    specials = [s for s in SPECIALS if s in cards]
    session.act(" ".join(["deck", GAUEKO, str(cards.count(GAUEKO)), *specials]))
    for seat, role in enumerate(roles, 1):
        session.act(f"role {seat} {role}")
    session.act("start")
    return session


def play(session: Session, *actions: str) -> list:
    events = []
    for action in actions:
        events += session.act(action)
    return events


def refused(session: Session, action: str, match: str) -> ActionError:
    """The action is refused with a message matching `match`, and nothing changed."""
    before = copy.deepcopy(session.game.state())
    played = len(session.played)
    with pytest.raises(ActionError, match=match) as info:
        session.act(action)
    assert session.game.state() == before
    assert len(session.played) == played
    return info.value


def ids(events) -> list[str]:
    return [e.line.id for e in events]


def alive(session: Session) -> list[str]:
    return session.game.public_state()["alive"]

"""Fixtures for the Gauekos screen: a fast pace (no real waiting) and tables
set up by notation, so each test starts where its story begins."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.session import Session
from companion.tui.games.gauekos import GauekosScreen
from companion.tui.games.gauekos.timers import Timing

from .helpers import NAMES

FAST = Timing(second=None, poll=0.005, phantom=(0.01, 0.02), digit_wait=30)  # a lone 1 waits for Enter


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> Timing:
    """Timers tick only when a test calls `screen.tick()`; phantom pauses last a few milliseconds;
    a lone digit at a big table waits for the next key (tests that time it out say so)."""
    monkeypatch.setattr(GauekosScreen, "timing", FAST)
    return FAST


@pytest.fixture
def new_table(home: Path):
    """`new_table(count, *setup_actions, **options)`: a saved Gauekos session, played up to there."""
    sessions: list[Session] = []

    def make(count: int = 8, *actions: str, lang: str = "es", **options) -> Session:
        session = Session.new("gauekos", NAMES[:count], options, seed=5, lang=lang,
                              path=home / f"gauekos-{len(sessions)}.toml")
        sessions.append(session)
        for action in actions:
            session.act(action)
        return session

    yield make
    for session in sessions:
        session.close()

"""The conformance suite every game joins: random legal playouts from fixed
seeds through the whole API (notation round trip, journal round trip, replay
reproduces the same state, undo/redo), parametrized over the registry."""

from __future__ import annotations

import random

from companion.core.game import Game
from companion.core.registry import find_game, game_names
from companion.core.session import Session

MAX_STEPS = 400


def every_setup() -> list[tuple[str, list[str], dict]]:
    cases = []
    for name, _title in game_names():
        for players, options in find_game(name).example_setups():
            cases.append((name, players, options))
    return cases


def playout(game_cls: type[Game], players, options, seed: int, path=None) -> Session:
    """Play random legal actions until the game ends (or MAX_STEPS)."""
    session = Session.new(game_cls, players, options, seed=seed, lang="en", path=path)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if session.outcome() is not None:
            break
        action = session.game.sample_action(rng)
        text = session.game.notation(action)
        assert session.game.parse(text) == action, f"{text!r} does not parse back to {action!r}"
        session.act(text)  # a legal action must be accepted
    return session

"""Engine throughput: random legal actions per second through each game's
rules (sample, write the notation, parse it back, apply with the app's dice),
beside a baseline measured in the same run: the same loop over a trivial
counter game, so the ratio is what a game's rules cost over the loop itself.
Target (the game kit issue): at least 20,000 actions/s for every engine.
"""

from __future__ import annotations

import random
import time
from typing import Callable

from companion.core.dice import LiveChance
from companion.core.registry import entries, find_game

TARGET = 20_000


class _Counter:
    """The baseline: a game whose every action is `tick`."""

    def __init__(self) -> None:
        self.n = 0

    def sample_action(self, rng: random.Random) -> str:
        return "tick"

    def notation(self, action: str) -> str:
        return action

    def parse(self, text: str) -> str:
        return text.strip().lower()

    def apply(self, action: str, chance: LiveChance) -> list:
        self.n += 1
        return []

    def outcome(self) -> None:
        return None


def _rate(make: Callable[[], object], actions: int, seed: int = 1) -> float:
    """Actions per second over `actions` random actions, starting new games as they end."""
    rng = random.Random(seed)
    chance_rng = random.Random(seed + 1)
    game = make()
    done = 0
    start = time.perf_counter()
    while done < actions:
        if game.outcome() is not None:
            game = make()
        action = game.sample_action(rng)
        game.apply(game.parse(game.notation(action)), LiveChance(chance_rng))
        done += 1
    return actions / (time.perf_counter() - start)


def bench_engines(report, actions: int = 20_000) -> None:
    baseline = _rate(_Counter, actions)
    for entry in entries():
        cls = find_game(entry.name)
        players, options = cls.example_setups()[0]
        rate = _rate(lambda: cls.new(players, options), actions)
        verdict = f"{baseline / rate:.1f}x the loop; target >= {TARGET:,}/s: {'met' if rate >= TARGET else 'NOT met'}"
        report(f"engine {entry.name} (actions/s)", f"{rate:,.0f}/s", f"counter loop {baseline:,.0f}/s", verdict)

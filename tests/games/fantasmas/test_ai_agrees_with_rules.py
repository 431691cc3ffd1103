"""The AI searches on its own compact model of the game (for speed); these tests
hold that model to the rules module: over random games, at every position
both offer the same legal actions, and every action leads to the same
position (ghosts, portals, dungeons, escaped ghosts, hands, whose turn, the
end)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.core.session import Session
from companion.games.fantasmas import ai


def _same(rules: dict, model: dict) -> None:
    for key in ("ghosts", "portals", "dungeon", "escaped", "hand", "phase"):
        assert rules[key] == model[key], key
    if rules["phase"] != "over":
        assert rules["to_act"] == model["to_act"]
        assert rules["put_colour"] == model["put_colour"]


def play_and_compare(seed: int, options: dict, limit: int = 400) -> int:
    session = Session.new("18-fantasmas", ["Ana", "Bo"], options, seed=seed)
    game = session.game
    rng = random.Random(seed)
    for count in range(limit):
        position = game.position()
        if session.outcome() is not None:
            assert ai.legal_actions(position) == [] or position["phase"] == "over"
            return count
        legal = sorted(game.legal_tuples())
        assert sorted(ai.legal_actions(position)) == legal
        action = rng.choice(legal)
        expected = ai.apply(position, action)
        session.act(game.notation_of(action))
        _same(game.position(), expected)
    return limit


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.booleans())
def test_the_ai_model_plays_by_the_rules(seed, short):
    play_and_compare(seed, {"short_game": short})


def test_whole_games_agree_to_the_end():
    ended = sum(play_and_compare(seed, {}, limit=3000) < 3000 for seed in range(6))
    assert ended >= 1  # at least some of them reached an end both models agree on

"""Thousands of random legal games, checking the invariants of the rules."""

from __future__ import annotations

import copy
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.dice import LiveChance
from companion.core.language import render
from companion.games.gauekos.rules import Gauekos
from companion.games.gauekos.win import winner

MAX_STEPS = 400

games = st.fixed_dictionaries({
    "players": st.integers(6, 28),
    "seed": st.integers(0, 2**32 - 1),
    "phantom_calls": st.booleans(),
    "mayor_power": st.sampled_from(("both", "double_vote", "tiebreak")),
})


def new_game(spec) -> Gauekos:
    options = {"phantom_calls": spec["phantom_calls"], "mayor_power": spec["mayor_power"]}
    return Gauekos.new([f"P{n}" for n in range(1, spec["players"] + 1)], options)


def spells(game: Gauekos, kind: str) -> int:
    return sum(e["id"] == f"gauekos.story.{kind}" for e in game.story)


def check_invariants(game: Gauekos, before: list[bool]) -> None:
    assert all(now <= was for was, now in zip(before, game.alive)), "the dead stay dead"
    assert spells(game, "life") <= 1 and spells(game, "death_spell") <= 1
    assert spells(game, "life") == int(game.life_used) and spells(game, "death_spell") == int(game.death_used)
    if game.lovers and not game.pending:
        a, b = game.lovers
        assert game.alive[a] == game.alive[b], "lovers die together"
    if game.phase not in ("setup", "prep"):
        deaths_pending = any(p["kind"] in ("grief", "shot") for p in game.pending)
        won = winner(game.roles, game.alive, game.lovers) is not None and not deaths_pending
        assert (game.outcome() is not None) == won, "the game ends exactly when a side has won"
    if game.outcome() is not None:
        assert list(game.legal_actions()) == [] and game.pending == []


def play_out(spec) -> Gauekos:
    game = new_game(spec)
    rng = random.Random(spec["seed"])
    for _ in range(MAX_STEPS):
        if game.outcome() is not None:
            return game
        action = game.sample_action(rng)
        text = game.notation(action)
        assert game.parse(text) == action, f"{text!r} does not parse back"
        before = list(game.alive)
        game.apply(action, LiveChance(rng))
        check_invariants(game, before)
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_the_invariants_and_end(spec):
    game = play_out(spec)
    side, seats = game.result
    assert game.outcome().termination == side
    nights = [e["values"]["night"] for e in game.story if e["id"] == "gauekos.story.night"]
    assert nights == list(range(1, len(nights) + 1)), "the story is told night by night"
    if side == "draw":
        assert not any(game.alive) and seats == ()
    for seat in seats:
        if game.lovers and seat in game.lovers:
            assert game.alive[seat], "dead lovers never win"


@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 200))
def test_everything_offered_or_listed_is_accepted(spec, stop):
    """Stop a random game anywhere: every choice and every legal action is accepted."""
    game = new_game(spec)
    rng = random.Random(spec["seed"])
    for _ in range(stop):
        if game.outcome() is not None:
            break
        game.apply(game.sample_action(rng), LiveChance(rng))
    prompt = game.expects()
    assert prompt.title
    for notation in {c.notation for c in prompt.choices} | {game.notation(a) for a in game.legal_actions()}:
        trial = copy.deepcopy(game)
        trial.apply(trial.parse(notation), LiveChance(random.Random(1)))


UNFILLED = re.compile(r"\{[a-z_]+\}|gauekos\.[a-z]")


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_line_renders_in_every_language(spec):
    game = new_game(spec)
    rng = random.Random(spec["seed"])
    texts = []
    while game.outcome() is None:
        prompt = game.expects()
        texts += [prompt.title, prompt.detail, prompt.say, *(c.label for c in prompt.choices)]
        texts += [e.line for e in game.apply(game.sample_action(rng), LiveChance(rng))]
    texts += [game.outcome().line, *game.story_lines()]
    for lang in ("en", "es", "eu"):
        for text in texts:
            if text is not None:
                shown = render(text, lang)
                assert not UNFILLED.search(shown), (lang, shown)

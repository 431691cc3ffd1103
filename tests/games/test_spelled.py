"""Notation in the table's language, for every registered game: a screen shows each offered
action spelled in Spanish or Basque (`Game.spelled`), and what it shows must parse back to the
very same action a save keeps, with no English verb left where the game declares a local one."""

from __future__ import annotations

import random

import pytest

from companion.core.dice import LiveChance
from companion.core.errors import ActionError
from companion.core.game import Game
from companion.core.registry import find_game

from .conformance import every_setup

LANGS = ("es", "eu")
STEPS = 120  # actions per playout: every step kind of every game comes up within this many
PER_STEP = 40  # legal actions checked at one step (a representative set may be huge)


def _check(game: Game, notation: str) -> list[str]:
    """What is wrong with `notation` spelled in each language (empty when all is well)."""
    wrong = []
    action = game.parse(notation)
    words = game.words
    for lang in LANGS:
        shown = game.spelled(notation, lang)
        try:
            back = game.parse(shown)
        except ActionError as exc:
            wrong.append(f"{lang}: {notation!r} -> {shown!r} does not parse ({exc})")
            continue
        if back != action or game.notation(back) != notation:
            wrong.append(f"{lang}: {notation!r} -> {shown!r} parses as {game.notation(back)!r}")
        local = words.local.get(lang, {}) if words is not None else {}
        head = notation if notation in local else notation.split(" ")[0]
        if head in local and local[head] != head and (shown == head or shown.startswith(head + " ")):
            wrong.append(f"{lang}: {notation!r} -> {shown!r} keeps the English {head!r}")
    return wrong


@pytest.mark.parametrize("name,players,options", every_setup(), ids=lambda v: v if isinstance(v, str) else "")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_offered_action_spelled_parses_back(name, players, options, seed):
    rng = random.Random(seed)
    game = find_game(name).new(players, options)
    wrong: list[str] = []
    checked = 0
    for _ in range(STEPS):
        if game.outcome() is not None:
            break
        offered = [c.notation for c in game.expects().choices]
        legal = [game.notation(a) for a in game.legal_actions()]
        for notation in dict.fromkeys(offered + rng.sample(legal, min(PER_STEP, len(legal)))):
            wrong += _check(game, notation)
            checked += 1
        action = game.sample_action(rng)
        game.apply(action, LiveChance(rng, []))
    assert checked
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("name", sorted({case[0] for case in every_setup()}))
def test_every_game_declares_spanish_and_basque_words(name):
    words = find_game(name).words
    assert words is not None
    for lang in LANGS:
        assert words.local.get(lang), f"{name} has no {lang} spellings"
        for canonical, local in words.local[lang].items():  # each one is read back as its word
            assert canonical in (words.phrase_of.get(_fold(local)), words.verb_of.get(_fold(local)))


def _fold(text: str) -> str:
    from companion.core.notation import fold
    return fold(text)

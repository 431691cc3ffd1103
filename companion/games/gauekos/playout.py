"""Legal actions and smart random sampling, for conformance playouts and
hypothesis tests: every action generated here must be accepted, and random
games must end well within a few hundred steps (votes mostly lynch)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING

from . import prompts
from .notation import Action, Deck, Lovers, Role, Runoff, Take, Target, Vote, Votes, Word, parse
from .roles import GALTZAGORRI, GAUEKO, SPECIALS, deck_size, recommended_gauekos
from .votes import tally

if TYPE_CHECKING:
    from .rules import Gauekos


def _targets(verb: str, among: list[int]) -> list[Action]:
    return [Target(verb, s + 1) for s in among]


def legal_actions(game: "Gauekos") -> list[Action]:
    if game.result is not None:
        return []
    living = game.living()
    if game.pending:
        first = game.pending[0]
        if first["kind"] == "grief":
            return [Target("grief", first["seat"] + 1)]
        if first["kind"] == "shot":
            return _targets("shoot", living) + [Word("no shot")]
        return _targets("successor", living)
    if game.phase == "setup":
        return _setup_actions(game)
    if game.phase in ("prep", "night"):
        return _call_actions(game, living)
    if game.phase == "day":
        return _day_actions(game, living)
    return [Word("night")] + _elections(game, living)


def _elections(game: "Gauekos", living: list[int]) -> list[Action]:
    return [] if game.mayor_alive() else _targets("mayor", living)


def _setup_actions(game: "Gauekos") -> list[Action]:
    n = len(game.players)
    empty = [s for s, c in enumerate(game.cards) if c is None]
    actions: list[Action] = []
    if len(empty) == n:
        actions += [parse(text, n) for text in prompts.deck_presets(game)]
    if empty:
        seat = empty[0]
        actions += [Role(seat + 1, r) for r in dict.fromkeys(game.remaining_cards(except_seat=seat))]
        actions.append(Word("deal"))
    else:
        actions.append(Word("start"))
    return actions


def _call_actions(game: "Gauekos", living: list[int]) -> list[Action]:
    call, step = game.calls[game.call], game.step
    if step == "pass":
        return [Word("pass")]
    holder = game.call_holders(call)
    if call == "samartintxiki":
        keep = [] if game.leftovers.count(GAUEKO) == 2 else [Word("keep")]
        return keep + [Take(c) for c in dict.fromkeys(game.leftovers)]
    if call == "lamia":
        return [Lovers(a + 1, b + 1) for a, b in combinations(living, 2)]
    if call == "lovers":
        return [Word("done")]
    if call == "election":
        return _elections(game, living) + [Word("later")]
    if call == "sorgina":
        return _targets("sorgina", [s for s in living if s not in holder])
    if call == "gauekos":
        actions = _targets("victim", [s for s in living if game.roles[s] != GAUEKO]) + [Word("no agreement")]
        if any(game.roles[s] == GALTZAGORRI for s in living):
            actions.append(Word("caught"))
        return actions
    if step == "life":
        return [Word("life"), Word("no life")]
    if step == "death":
        return _targets("death", living) + [Word("no death")]
    return [Word("done")]


def _day_actions(game: "Gauekos", living: list[int]) -> list[Action]:
    ballot = game.ballot
    stage = ballot["stage"]
    if stage == "first":
        return _elections(game, living) + _unanimous(game, living, living)
    if stage == "candidates":
        return [Runoff(a + 1, b + 1) for a, b in ballot["proposals"]]
    if stage == "runoff":
        a, b = ballot["candidates"]
        split = [(v + 1, (a if i % 2 else b) + 1) for i, v in enumerate(living)]
        return _unanimous(game, living, [a, b]) + [Vote(tuple(split))]
    if stage == "tiebreak":
        return _targets("tiebreak", ballot["tied"])
    return [Word("no lynch"), Word("vote again")]


def _unanimous(game: "Gauekos", living: list[int], targets: list[int]) -> list[Action]:
    actions: list[Action] = []
    for t in targets:
        actions.append(Vote(tuple((v + 1, t + 1) for v in living)))
        actions.append(Votes(((t + 1, len(living)),)))
    return actions


# -- sampling -----------------------------------------------------------------------


def sample_action(game: "Gauekos", rng: random.Random) -> Action:
    if game.result is not None:
        raise ValueError("The game is over: there is nothing to sample.")
    living = game.living()
    if game.pending:
        first = game.pending[0]
        if first["kind"] == "shot" and rng.random() < 0.9:
            return Target("shoot", rng.choice(living) + 1)
        return rng.choice(legal_actions(game))
    if game.phase == "setup":
        return _sample_setup(game, rng)
    if game.phase in ("prep", "night"):
        return _sample_call(game, rng, living)
    if game.phase == "day":
        return _sample_day(game, rng, living)
    if not game.mayor_alive() and rng.random() < 0.1:
        return Target("mayor", rng.choice(living) + 1)
    return Word("night")


def _sample_setup(game: "Gauekos", rng: random.Random) -> Action:
    n = len(game.players)
    empty = [s for s, c in enumerate(game.cards) if c is None]
    if len(empty) == n and not game.deck_chosen:
        k = recommended_gauekos(n) + rng.choice((0, 0, 0, 0, 0, 0, -1, 1))
        k = max(1, k)
        specials = [s for s in SPECIALS if rng.random() < 0.6]
        while specials and k + len(specials) > deck_size(n, tuple(specials)):
            specials.pop(rng.randrange(len(specials)))
        return Deck(k, tuple(specials))
    if not empty:
        return Word("start")
    if rng.random() < 0.6:
        return Word("deal")
    return Role(empty[0] + 1, rng.choice(game.remaining_cards(except_seat=empty[0])))


def _sample_call(game: "Gauekos", rng: random.Random, living: list[int]) -> Action:
    call, step = game.calls[game.call], game.step
    if step == "pass" or call in ("samartintxiki", "lovers", "sorgina"):
        return rng.choice(legal_actions(game))
    if call == "lamia":
        a, b = rng.sample(living, 2)
        return Lovers(min(a, b) + 1, max(a, b) + 1)
    if call == "election":
        return Word("later") if rng.random() < 0.5 else rng.choice(legal_actions(game))
    if call == "gauekos":
        roll = rng.random()
        if roll < 0.08:
            return Word("no agreement")
        if roll < 0.16 and any(game.roles[s] == GALTZAGORRI for s in living):
            return Word("caught")
        return Target("victim", rng.choice([s for s in living if game.roles[s] != GAUEKO]) + 1)
    if step == "life":
        return Word("life") if rng.random() < 0.5 else Word("no life")
    if step == "death":
        return Target("death", rng.choice(living) + 1) if rng.random() < 0.35 else Word("no death")
    return Word("done")


def _sample_day(game: "Gauekos", rng: random.Random, living: list[int]) -> Action:
    ballot = game.ballot
    stage = ballot["stage"]
    if stage == "first":
        if not game.mayor_alive() and rng.random() < 0.15:
            return Target("mayor", rng.choice(living) + 1)
        return _sample_votes(game, rng, living, living)
    if stage == "candidates":
        a, b = rng.choice(ballot["proposals"])
        return Runoff(a + 1, b + 1)
    if stage == "runoff":
        return _sample_votes(game, rng, living, ballot["candidates"])
    return rng.choice(legal_actions(game))


def _sample_votes(game: "Gauekos", rng: random.Random, living: list[int], targets: list[int]) -> Action:
    favourite = rng.choice(targets)
    ballots = []
    for voter in living:
        if rng.random() < 0.08:
            continue  # abstains
        target = favourite if rng.random() < 0.6 else rng.choice(targets)
        ballots.append((voter, target))
    if rng.random() < 0.5:
        return Vote(tuple((v + 1, t + 1) for v, t in ballots))
    counts = tally(ballots, game.mayor, game.double_vote())
    return Votes(tuple(sorted((s + 1, n) for s, n in counts.items())))


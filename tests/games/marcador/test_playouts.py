"""Invariants over random Marcador games (hypothesis): every total is the sum of what was
entered (a model kept here, apart from the rules), ranks follow the totals and "lowest
wins", and the game ends exactly at the round limit or at the end of the round that
reached the target, or at `end`."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.core.session import Session
from companion.games.marcador import sheet
from companion.games.marcador.notation import END, END_ROUND, NEXT, Round, Score


def setups():
    return st.fixed_dictionaries({
        "players": st.integers(1, 7),
        "rounds": st.sampled_from([0, 1, 3, 8]),
        "target": st.sampled_from([0, 25, 80]),
        "lowest_wins": st.booleans(),
        "rotate": st.booleans(),
    })


@settings(max_examples=40, deadline=None)
@given(setup=setups(), seed=st.integers(0, 10**6))
def test_totals_ranks_and_the_end(setup, seed):
    names = [f"P{n}" for n in range(1, setup.pop("players") + 1)]
    session = Session.new("marcador", names, setup, seed=seed, lang="es")
    rng = random.Random(seed)
    model = [0] * len(names)  # the totals as this test adds them up
    rounds_done = 0
    for _ in range(400):
        if session.outcome() is not None:
            break
        game = session.game
        action = game.sample_action(rng)
        before_round = game.round
        if isinstance(action, Score):
            model[action.seat] = action.points if action.set else model[action.seat] + action.points
        elif isinstance(action, Round):
            model = [m + p for m, p in zip(model, action.points)]
        session.act(game.notation(action))
        game = session.game
        state = game.public_state()
        # Totals: the sum of the entries, of the per-round table, and of the model alike.
        assert game.totals() == model
        assert [sum(state["by_round"][n]) for n in names] == model
        assert [state["totals"][n] for n in names] == model
        # Ranks: 1 + how many are strictly better; the leaders hold rank 1.
        for name, mine in zip(names, model):
            better = sum(1 for t in model if (t < mine if setup["lowest_wins"] else t > mine))
            assert state["ranks"][name] == better + 1
        ended_round = game.round > before_round or (session.outcome() is not None and action != END)
        if ended_round and action != END:
            rounds_done = before_round
            limit, target = setup["rounds"], setup["target"]
            reached = bool(target) and max(model) >= target
            should_end = (bool(limit) and rounds_done >= limit) or reached
            assert (session.outcome() is not None) == should_end
            if session.outcome() is not None:
                assert session.outcome().termination == ("rounds" if limit and rounds_done >= limit else "target")
        if action == END:
            assert session.outcome() is not None and session.outcome().termination == "ended"
        if setup["rounds"]:
            assert game.round <= setup["rounds"]
    outcome = session.outcome()
    if outcome is not None:
        best = min(model) if setup["lowest_wins"] else max(model)
        assert sorted(outcome.winners) == sorted(n for n, t in zip(names, model) if t == best)


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=20), st.booleans())
def test_ranks_share_ties_and_follow_the_totals(totals, lowest):
    ranks = sheet.ranks(totals, lowest)
    for a, ta in zip(ranks, totals):
        for b, tb in zip(ranks, totals):
            if ta == tb:
                assert a == b
            elif (ta < tb) == lowest:
                assert a < b
    assert min(ranks) == 1

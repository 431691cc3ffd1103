"""Every registered game passes the same checks (see conformance.py)."""

import copy

import pytest

from companion.core.errors import ActionError
from companion.core.registry import find_game
from companion.core.session import Session

from .conformance import every_setup, playout

CASES = every_setup()
IDS = [f"{name}-{len(players)}p-{i}" for i, (name, players, _) in enumerate(CASES)]


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(8))
def test_random_playout_round_trips(tmp_path, name, players, options, seed):
    path = tmp_path / "game.toml"
    session = playout(find_game(name), players, options, seed, path)
    loaded = Session.load(path)
    assert loaded.game.state() == session.game.state()
    assert [p.entry for p in loaded.played] == [p.entry for p in session.played]
    assert (loaded.outcome() is None) == (session.outcome() is None)
    # Undo twice and redo twice comes back to the same game and the same file.
    end_state, end_file = session.game.state(), path.read_bytes()
    steps = min(2, len(session.played))
    for _ in range(steps):
        session.undo()
    for _ in range(steps):
        session.redo()
    assert session.game.state() == end_state
    assert path.read_bytes() == end_file


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
def test_legal_actions_are_accepted_and_nothing_else_changes_state(name, players, options):
    session = playout(find_game(name), players, options, seed=99)
    if session.outcome() is not None:
        assert list(session.game.legal_actions()) == []
        return
    for action in session.game.legal_actions():
        trial = copy.deepcopy(session)
        trial.journal = None
        trial.act(session.game.notation(action))


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
def test_the_game_always_says_what_it_expects(name, players, options):
    session = Session.new(name, players, options, seed=5)
    prompt = session.expects()
    assert prompt.title
    for choice in prompt.choices:
        trial = copy.deepcopy(session)
        try:
            trial.act(choice.notation)
        except ActionError as exc:  # pragma: no cover - a choice offered must be playable
            pytest.fail(f"offered choice {choice.notation!r} was refused: {exc}")

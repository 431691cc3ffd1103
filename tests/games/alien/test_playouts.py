"""Many random games (the sampler's and uniformly random legal actions, mixed):
the invariants hold after every action, refusals change nothing, and every
game ends."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.core.dice import LiveChance
from companion.core.errors import ActionError
from companion.core.registry import find_game
from companion.games.alien.cards import HAND_LIMIT, MAX_MARKERS, capacity
from companion.games.alien.notation import COUNTDOWN, DRAW, TAKE, WEAPON, Drop, Enter, Force, Move, Pull, Start

from .helpers import check_cards

Alien = find_game("alien")
SETUPS = Alien.example_setups() + [(["Ana", "Bea", "Carlos"], {}), (["A", "B", "C", "D", "E"], {})]


def check_invariants(game) -> None:
    board = game.board
    check_cards(game)  # the 40 cards, each once
    for crew in board.crew:
        assert 0 <= crew.markers <= MAX_MARKERS
        assert len(crew.hand) <= HAND_LIMIT
        assert not crew.protected or crew.weapon  # protection needs the (one) weapon
        if not crew.alive:
            assert crew.hand == [] and crew.sector is None and not crew.weapon
        else:
            assert crew.markers < MAX_MARKERS
    assert len(board.aboard()) <= capacity(len(game.players))
    assert game.odds().total() == 1
    assert (game.enterer is not None) == bool(board.pile) == game.mad
    assert game.enterer is None or board.crew[game.enterer].alive or game.phase == "over"
    if game.countdown is not None:  # 0 only once the ship has left
        assert game.enterer is not None and 0 <= game.countdown <= 4 and (game.countdown > 0 or game.end)
    if game.phase != "over":
        found = game.pending_step()
        assert found is not None
        who = found[0].who(game, found[1])
        if who is not None:
            assert board.crew[who].alive  # the dead act no more
        assert list(game.legal_actions())  # never stuck


def some_refused(game, rng: random.Random):
    """Well-formed actions the rules may refuse now (another step's, a full hand, a far target...)."""
    n = len(game.players)
    tries = [DRAW, TAKE, WEAPON, COUNTDOWN, Start("oros"), Drop("rb"), Move("madre"),
             Force(rng.randint(1, n)), Pull(rng.randint(1, n), "oros"), Enter(("rb", "re", "ro"))]
    legal = set(map(str, game.legal_actions()))
    return [a for a in tries if str(a) not in legal]


def play(seed: int, setup: int, uniform: float):
    players, options = SETUPS[setup]
    game = Alien.new(players, options)
    rng = random.Random(seed)
    for _ in range(Alien.max_actions):
        if game.outcome() is not None:
            break
        for action in rng.sample(some_refused(game, rng), 2):  # refused on the game itself: nothing changes
            before = game.state()
            try:
                game.apply(action, LiveChance(rng))
            except ActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{action} was accepted but not offered")
            assert game.state() == before
        legal = list(game.legal_actions())
        action = rng.choice(legal) if rng.random() < uniform else game.sample_action(rng)
        assert action in legal and game.parse(str(action)) == action
        game.apply(action, LiveChance(rng))
        check_invariants(game)
    return game


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.integers(0, len(SETUPS) - 1),
       uniform=st.sampled_from([0.0, 0.2, 0.5]))
def test_random_games_keep_the_invariants_and_end(seed, setup, uniform):
    game = play(seed, setup, uniform)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.termination in ("departed", "alien")
    if outcome.termination == "alien":
        assert game.board.living() == [] and outcome.winners == ()
    else:
        assert set(outcome.winners) == {game.players[s] for s in game.board.aboard()}


def test_random_games_end_well_within_the_bound():
    """The sampler's games: how long they last, and that both endings happen."""
    lengths, endings = [], set()
    for seed in range(60):
        players, options = SETUPS[seed % len(SETUPS)]
        game = Alien.new(players, options)
        rng = random.Random(seed)
        count = 0
        while game.outcome() is None:
            game.apply(game.sample_action(rng), LiveChance(rng))
            count += 1
        lengths.append(count)
        endings.add((game.outcome().termination, bool(game.outcome().winners)))
    assert max(lengths) < Alien.max_actions // 4
    assert {("departed", True), ("alien", False)} <= endings


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_refusals_through_a_session_change_neither_the_game_nor_the_save(tmp_path_factory, seed):
    from companion.core.session import Session

    path = tmp_path_factory.mktemp("saves") / "game.toml"
    session = Session.new("alien", ["Ana", "Bea", "Carlos"], {}, seed=seed, path=path)
    rng = random.Random(seed)
    while session.outcome() is None:
        game = session.game
        for action in some_refused(game, rng)[:2]:
            before, on_disk = game.state(), path.read_bytes()
            try:
                session.act(str(action))
            except ActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{action} was accepted but not offered")
            assert session.game.state() == before
            assert path.read_bytes() == on_disk
        session.act(str(session.game.sample_action(rng)))
    session.close()
    loaded = Session.load(path)
    assert loaded.game.state() == session.game.state()
    loaded.close()

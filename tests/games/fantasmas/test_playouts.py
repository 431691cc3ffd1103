"""Many random games (the sampler's and uniformly random legal actions, mixed):
the invariants hold after every action, refusals change nothing, and every
game ends."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from companion.core.dice import LiveChance
from companion.core.errors import ActionError
from companion.core.registry import find_game
from companion.games.fantasmas.board import CELLS, COLOURS, NEIGHBOURS, cell_name
from companion.games.fantasmas.notation import PASS, Place, Put, Release, Step

Fantasmas = find_game("fantasmas")
SETUPS = [(["Ana", "Luis"], {}), (["Ana", "Luis"], {"short_game": True}),
          (["Ana"], {"opponent": "app", "castle": "RYbYR/BMRMB/yRBYr/BMYMR/YBRBY r:right y:left b:up"})]


def check_invariants(game, placement_ended_before: bool) -> None:
    board, castle = game.board, game.castle
    assert board.count() == 18
    pos = game.position()
    for side in ("hand", "dungeon", "escaped"):
        assert all(n >= 0 for counts in pos[side] for n in counts.values())
    assert len(pos["ghosts"]) == 25  # one entry per room: at most one ghost in a room
    assert all(board.ghosts[c] is None for c in castle.rooms("P"))  # never on a portal
    for colour in COLOURS:
        assert board.facing[colour] == (castle.opening[colour] + board.defeats[colour]) % 4
        front = board.front(colour)
        if front is not None and game.phase != "over":  # nobody waits in front of an open portal
            assert board.ghosts[front] is None or board.ghosts[front][1] != colour
    if game.phase == "place" or not placement_ended_before:
        assert all(board.ghosts[c] is None for c in castle.rooms("M"))  # mirrors empty at placement
    if game.phase == "play":
        assert sum(sum(h.values()) for h in board.hand) == 0
    if game.phase == "over" and game.winner is not None:
        assert board.complete(game.winner, game.settings["short_game"])
    else:
        assert not any(board.complete(p, game.settings["short_game"]) for p in (0, 1))


def some_refused(game, rng: random.Random):
    """Well-formed actions the rules refuse now (wrong rooms, another phase's actions...)."""
    legal = set(map(str, game.legal_actions()))
    tries = [Place(rng.choice(COLOURS), rng.choice(CELLS)), Step(rng.choice(CELLS), rng.choice(CELLS)),
             Release(rng.choice(COLOURS)), Put(rng.choice(CELLS)), PASS]
    return [a for a in tries if str(a) not in legal]


def play(seed: int, setup: int, uniform: float):
    players, options = SETUPS[setup]
    game = Fantasmas.new(players, options)
    rng = random.Random(seed)
    ended_placement = False
    for _ in range(Fantasmas.max_actions):
        if game.outcome() is not None:
            break
        for action in some_refused(game, rng)[:2]:  # refused on the game itself: nothing changes
            before = (game.position(), game.state(), list(game.last), game.board.defeats.copy())
            try:
                game.apply(action, LiveChance(rng))
            except ActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{action} was accepted but not offered")
            assert (game.position(), game.state(), game.last, game.board.defeats) == before  # untouched
        legal = list(game.legal_actions())
        for offered in legal:  # a step is one square, or a mirror jump to an empty mirror
            if isinstance(offered, Step) and offered.dst not in NEIGHBOURS[offered.src]:
                kinds = game.castle.kinds
                assert kinds[offered.src] == kinds[offered.dst] == "M", (cell_name(offered.src), cell_name(offered.dst))
                assert game.board.ghosts[offered.dst] is None
        action = rng.choice(legal) if rng.random() < uniform else game.sample_action(rng)
        assert action in legal and game.parse(str(action)) == action
        ended_placement = ended_placement or game.phase != "place"
        game.apply(action, LiveChance(rng))
        check_invariants(game, ended_placement)
    return game


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.integers(0, len(SETUPS) - 1),
       uniform=st.sampled_from([0.0, 0.2, 0.5]))
def test_random_games_keep_the_invariants_and_end(seed, setup, uniform):
    game = play(seed, setup, uniform)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.termination in ("escaped", "blocked", "no_escape")
    if outcome.termination == "no_escape":
        assert not any(game.board.may_win(p, game.settings["short_game"]) for p in (0, 1))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_refusals_through_a_session_change_neither_the_game_nor_the_save(tmp_path_factory, seed):
    from companion.core.session import Session

    path = tmp_path_factory.mktemp("saves") / "game.toml"
    session = Session.new("fantasmas", ["Ana", "Luis"], {}, seed=seed, path=path)
    rng = random.Random(seed)
    while session.outcome() is None:
        game = session.game
        for action in some_refused(game, rng)[:2]:
            before, on_disk = (game.state(), game.position(), game.last), path.read_bytes()
            try:
                session.act(str(action))
            except ActionError:
                pass
            else:  # pragma: no cover
                raise AssertionError(f"{action} was accepted but not offered")
            assert (session.game.state(), session.game.position(), session.game.last) == before
            assert path.read_bytes() == on_disk
        session.act(str(session.game.sample_action(rng)))
    session.close()
    loaded = Session.load(path)
    assert loaded.game.position() == session.game.position()
    loaded.close()

"""The page's reader of the save follows it incrementally and ends where a fresh load does:
random games of every game, appended a few actions at a time (replayed alone), undone (read
again whole), and a new game written over the same file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.observe import observation
from companion.core.registry import entries, find_game
from companion.core.session import Session
from companion.tableserve.follow import Follower

GAMES = [e.name for e in entries()]


def fresh(path: Path) -> dict:
    session = Session.load(path, read_only=True)
    try:
        return observation(session)
    finally:
        session.close()


@pytest.mark.parametrize("name", GAMES)
def test_following_a_random_game_ends_where_a_fresh_load_does(tmp_path: Path, name: str) -> None:
    game_cls = find_game(name)
    players, options = game_cls.example_setups()[0]
    path = tmp_path / "game.toml"
    writer = Session.new(game_cls, players, options, seed=4, lang="es", path=path)
    follower = Follower(path)
    assert follower.poll() and follower.status == "ok"
    rng = random.Random(4)
    for round_ in range(8):
        for _ in range(rng.randrange(1, 6)):
            if writer.outcome() is None:
                writer.act(writer.game.notation(writer.game.sample_action(rng)))
        follower.poll()
        assert observation(follower.session) == fresh(path), f"{name} after round {round_}"
    assert follower.reloads == 1  # only appended actions were replayed
    if writer.can_undo:
        writer.undo()
        follower.poll()
        assert observation(follower.session) == fresh(path) and follower.reloads == 2
    writer.close()
    Session.new(game_cls, players, options, seed=5, lang="es", path=path, overwrite=True).close()
    follower.poll()
    assert observation(follower.session) == fresh(path)
    message = follower.message()
    assert message["status"] == "ok" and message["game"] == name and message["obs"]["actions"] == 0

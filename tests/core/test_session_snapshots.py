"""Snapshots instead of copies: act applies in place and a refusal (or a
failed write) puts the game back; undo replays from the nearest snapshot, redo
plays the one entry; every result equals a replay of the save from the start."""

import random

import pytest

from companion.core import session as session_module
from companion.core.errors import CompanionError, SaveError
from companion.core.session import Session

GAMES = [
    ("duel", ["Ana", "Luis", "Mia"], {"target": 1000}),
    ("gauekos", ["A", "B", "C", "D", "E", "F", "G"], {}),
    ("halloween", ["A", "B", "C", "D"], {}),
]


def played(name, players, options, actions, path=None, seed=3):
    session = Session.new(name, players, options, seed=seed, path=path)
    rng = random.Random(seed)
    while len(session.played) < actions and session.outcome() is None:
        session.act(session.game.notation(session.game.sample_action(rng)))
    return session


def replayed(session):
    return Session._replayed(session.game_cls, session.header, [p.entry for p in session.played])


@pytest.mark.parametrize("name,players,options", GAMES)
def test_undo_and_redo_match_a_replay_from_the_start(name, players, options):
    Session.CHECKPOINT, saved = 4, Session.CHECKPOINT  # many snapshots in a short game
    try:
        session = played(name, players, options, 60)
        end = session.game.state()
        undone = []
        for _ in range(min(23, len(session.played))):
            undone.append(session.undo())
            assert session.game.state() == replayed(session).game.state()
        assert session.redo_stack == undone
        while session.can_redo:
            session.redo()
            assert session.game.state() == replayed(session).game.state()
        assert session.game.state() == end
        # undo twice, act again: the snapshots past the new history are not used
        session.undo()
        session.undo()
        rng = random.Random(9)
        for _ in range(6):
            if session.outcome() is not None:
                break
            session.act(session.game.notation(session.game.sample_action(rng)))
        for _ in range(8):
            session.undo()
            assert session.game.state() == replayed(session).game.state()
    finally:
        Session.CHECKPOINT = saved


@pytest.mark.parametrize("name,players,options", GAMES)
def test_refusals_put_the_game_back(name, players, options):
    session = played(name, players, options, 15)
    rng = random.Random(5)
    for _ in range(40):
        before = session.game.state()
        count = len(session.played)
        text = session.game.notation(session.game.sample_action(random.Random(rng.random())))
        try:
            session.act(text + " x" if rng.random() < 0.5 else text)
        except CompanionError:
            assert session.game.state() == before
            assert len(session.played) == count
        if session.outcome() is not None:
            break


def test_a_failed_write_leaves_the_game_as_it_was(tmp_path, monkeypatch):
    session = played("duel", ["Ana", "Luis"], {"target": 1000}, 5, path=tmp_path / "g.toml")
    before, count, on_disk = session.game.state(), len(session.played), (tmp_path / "g.toml").read_bytes()
    text = session.game.notation(session.game.sample_action(random.Random(1)))

    def fail(entry):
        raise SaveError(tmp_path / "g.toml", session.played[-1].public or _line())

    monkeypatch.setattr(session.journal, "append", fail)
    with pytest.raises(SaveError):
        session.act(text)
    assert session.game.state() == before and len(session.played) == count
    assert (tmp_path / "g.toml").read_bytes() == on_disk
    session.undo()
    monkeypatch.setattr(session.journal, "append", fail)
    with pytest.raises(SaveError):
        session.redo()
    assert len(session.played) == count - 1 and session.can_redo
    session.close()


def _line():
    from companion.core.game import Line
    return Line("error.save.read_only")


def test_a_game_that_cannot_be_pickled_is_copied_instead(monkeypatch):
    def refuse(*args, **kwargs):
        raise TypeError("cannot pickle")

    monkeypatch.setattr(session_module.pickle, "dumps", refuse)
    session = played("duel", ["Ana", "Luis"], {"target": 1000}, 40)
    end = session.game.state()
    for _ in range(35):
        session.undo()
    assert session.game.state() == replayed(session).game.state()
    while session.can_redo:
        session.redo()
    assert session.game.state() == end

"""Shared set-ups for the 18 fantasmas tests: a session (saved to a file when
asked), and a position arranged directly on the board (the ghosts that are
not placed go to their owners' dungeons, so the 18 are always counted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import ActionError
from companion.core.language import explain
from companion.core.session import Session
from companion.games.fantasmas.board import COLOURS, GHOSTS_PER_COLOUR, cell_of

# The default castle (BOARDS.md), rows from the top:
#        a    b    c    d    e
#   1    B    R    P:R  B    R
#   2    Y    M    Y    M    Y
#   3    R    B    R    B    P:Y
#   4    B    M    Y    M    R
#   5    Y    R    P:B  B    Y

# A full placement: A's 9 and B's 9, in the order A1 B2 A1 B1 ...
PLACEMENT = ["r b1", "r e1", "y a2", "r a3", "r c3", "r e4", "r b5", "y c2", "y e2",
             "y c4", "y a5", "y e5", "b a1", "b d1", "b b3", "b d3", "b a4", "b d5"]


def new(players=("Ana", "Luis"), path: Path | None = None, lang: str = "es", **options) -> Session:
    return Session.new("fantasmas", list(players), options, seed=1, lang=lang, path=path)


def placed(**kw) -> Session:
    session = new(**kw)
    for text in PLACEMENT:
        session.act(text)
    return session


def arrange(session: Session, rooms: dict[str, str], *, to_act: int = 0, escaped=None, facing=None) -> None:
    """Empty the castle and put ghosts on it: {"b1": "A r", "b3": "B b"}. `escaped` is
    [{"R": n...}, {...}]; every other ghost is in its owner's dungeon. `facing` sets
    portals ({"R": 1}) and counts the defeats that turned them there."""
    game = session.game
    board = game.board
    board.ghosts = [None] * 25
    board.hand = [{c: 0 for c in COLOURS} for _ in range(2)]
    board.escaped = [dict({c: 0 for c in COLOURS}, **(escaped[p] if escaped else {})) for p in range(2)]
    on_board = [{c: 0 for c in COLOURS} for _ in range(2)]
    for name, who in rooms.items():
        owner, colour = who.split()
        p, c = "AB".index(owner), colour.upper()
        board.ghosts[cell_of(name)] = (p, c)
        on_board[p][c] += 1
    board.dungeon = [{c: GHOSTS_PER_COLOUR - on_board[p][c] - board.escaped[p][c] for c in COLOURS}
                     for p in range(2)]
    assert all(n >= 0 for d in board.dungeon for n in d.values())
    for colour, f in (facing or {}).items():
        board.defeats[colour] = (f - game.castle.opening[colour]) % 4
        board.facing[colour] = f
    game.phase, game.to_act, game.placed, game.put_colour = "play", to_act, 18, None
    assert board.count() == 18


def refused(session: Session, text: str, lang: str = "es") -> str:
    """The refusal's words in `lang`, checking that it changed nothing."""
    before = session.game.state(), session.game.position()
    on_disk = session.path.read_bytes() if session.path else None
    with pytest.raises(ActionError) as caught:
        session.act(text)
    assert (session.game.state(), session.game.position()) == before
    if on_disk is not None:
        assert session.path.read_bytes() == on_disk
    return explain(caught.value, lang)


def said(events, lang: str = "es") -> list[str]:
    from companion.core.language import render

    return [render(e.line, lang) for e in events]


def choices(session: Session) -> list[str]:
    return [c.notation for c in session.expects().choices]

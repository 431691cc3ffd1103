"""Shared set-ups for the Alien 1979 tests: a session (saved to a file when
asked), a position arranged directly on the board (the 12 figures are always
counted: the codes nobody has seen fill the sectors), and the words of a
refusal or of what happened."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from companion.core.errors import ActionError
from companion.core.language import explain, render
from companion.core.session import Session
from companion.games.alien.board import Crew
from companion.games.alien.cards import ALIEN_DECK, FIGURES, MAIN

FOUR = ("Ana", "Bea", "Carlos", "Dani")
SIX = ("Ana", "Bea", "Carlos", "Dani", "Eva", "Fede")


def new(players=FOUR, path: Path | None = None, lang: str = "es", seed: int = 1, **options) -> Session:
    return Session.new("alien-1979", list(players), options, seed=seed, lang=lang, path=path)


def started(alien: str = "oros", **kw) -> Session:
    session = new(**kw)
    session.act(f"alien {alien}")
    return session


def arrange(session: Session, *, alien: str = "oros", where: dict | None = None, markers: dict | None = None,
            hands: dict | None = None, weapon=(), protected=(), dead=(), down: dict | None = None,
            pile=(), enterer: str | None = None, countdown: int | None = None, current: str = "Ana",
            phase: str = "card", actions_left: int = 2, drawn=()) -> None:
    """Put the game in a position: {"Ana": "oros"} for where, {"Ana": ["sb", "so"]} for hands,
    {"oros": ["rc"]} for the known face-down codes; the figures nobody has seen fill the sectors
    round-robin, so the 12 are always there. Everyone not named stands in MADRE."""
    game = session.game
    board = game.board
    names = game.players
    board.crew = [Crew() for _ in names]
    for name, sector in (where or {}).items():
        board.crew[names.index(name)].sector = sector
    for name, count in (markers or {}).items():
        board.crew[names.index(name)].markers = count
    for name, cards in (hands or {}).items():
        board.crew[names.index(name)].hand = list(cards)
    for name in weapon:
        board.crew[names.index(name)].weapon = True
    for name in protected:
        board.crew[names.index(name)].weapon = board.crew[names.index(name)].protected = True
    for name in dead:
        crew = board.crew[names.index(name)]
        crew.alive, crew.sector = False, None
    board.down = {s: list((down or {}).get(s, [])) for s in MAIN}
    board.pile = list(pile)
    hidden = len(board.unseen())
    for n in range(hidden):
        board.down[MAIN[n % 4]].append(None)
    board.alien = alien
    board.drawn = list(drawn)
    game.enterer = names.index(enterer) if enterer else None
    game.countdown, game.fresh_countdown = countdown, False
    game.current, game.phase, game.actions_left, game.drops = names.index(current), phase, actions_left, []
    check_cards(game)


def check_cards(game) -> None:
    """All 40 cards accounted for: the Alien deck (left and drawn), and each figure once."""
    board = game.board
    assert sorted(board.deck_left() + board.drawn) == sorted(ALIEN_DECK)
    assert len(set(board.drawn)) == len(board.drawn)
    placed = [c for crew in board.crew for c in crew.hand] + list(board.pile)
    placed += [c for cards in board.down.values() for c in cards if c is not None]
    nones = sum(c is None for cards in board.down.values() for c in cards)
    assert Counter(placed + board.unseen()) == Counter(FIGURES)
    assert nones == len(board.unseen())


def refused(session: Session, text: str, lang: str = "es") -> str:
    """The refusal's words in `lang`, checking that it changed nothing."""
    before = session.game.state()
    on_disk = session.path.read_bytes() if session.path else None
    with pytest.raises(ActionError) as caught:
        session.act(text)
    assert session.game.state() == before
    if on_disk is not None:
        assert session.path.read_bytes() == on_disk
    return explain(caught.value, lang)


def said(events, lang: str = "es", private: bool = True) -> list[str]:
    return [render(e.line, lang) for e in events if private or not e.private]


def choices(session: Session) -> list[str]:
    return [c.notation for c in session.expects().choices]


def crew(session: Session, name: str):
    return session.game.board.crew[session.game.players.index(name)]

"""Random play that ends, for playouts and tests (never for a real table).

A uniformly random crew wanders for ever: it hides in MADRE, shakes off every
marker and never gathers a set of codes. This one plays a little like people
do: it gathers codes, enters them (a set with a Rey first: without one nobody
boards the ship), boards, starts the countdown and waits aboard; otherwise it
moves about, seldom shakes off markers, and once the game drags on it walks
into the Alien (deaths end games too).
"""

from __future__ import annotations

import random

from .actions import boarding_pool, candidates, why_not
from .cards import MADRE, MAIN, NAVE, REY, code_sets, rank
from .notation import BOARD, COUNTDOWN, END, PROTECT, TAKE, UNMARK, WEAPON, Enter, Move

RECKLESS_AFTER = 60  # turns: past this, the crew walks into the Alien


def sample_act(g, rng: random.Random):
    legal = [a for a in candidates(g) if why_not(g, a) is None]
    board, me = g.board, g.current
    crew = board.crew[me]
    here = crew.sector
    hope = any(rank(c) == REY for c in boarding_pool(g))

    def chance(p: float) -> bool:
        return rng.random() < p

    if COUNTDOWN in legal:
        return COUNTDOWN
    enters = [a for a in legal if isinstance(a, Enter)]
    if enters:
        with_rey = [a for a in enters if any(rank(c) == REY for c in a.cards)]
        if with_rey or g.settings["board_from_all_codes"]:
            return rng.choice(with_rey or enters)
        if chance(0.3 if g.turns < RECKLESS_AFTER else 0.9):
            return rng.choice(enters)
    if here == NAVE:
        if g.countdown is not None or chance(0.8):
            return END
        return rng.choice(legal)
    if BOARD in legal and hope and chance(0.85):
        return BOARD
    if g.enterer == me and hope and g.countdown is None and here == MADRE:
        away = [a for a in legal if isinstance(a, Move) and a.sector != board.alien]
        if away:
            return rng.choice(away)
    if g.turns >= RECKLESS_AFTER or (g.enterer is not None and not hope):
        if here != board.alien and Move(board.alien) in legal and chance(0.7):
            return Move(board.alien)
        if here == board.alien and chance(0.7):
            return END
    ready = g.enterer is None and code_sets(crew.hand, len(g.players))
    if ready and here != MADRE and Move(MADRE) in legal and chance(0.8):
        return Move(MADRE)
    if TAKE in legal and chance(0.6):
        return TAKE
    if WEAPON in legal and chance(0.5):
        return WEAPON
    if PROTECT in legal and here == board.alien and chance(0.5):
        return PROTECT
    if UNMARK in legal and crew.markers >= 3 and chance(0.3):
        return UNMARK
    if here == MADRE and g.enterer is None and not ready and chance(0.7):
        moves = [a for a in legal if isinstance(a, Move) and a.sector in MAIN]
        if moves:
            return rng.choice(moves)
    calm = [a for a in legal if a not in (UNMARK, END)]
    if calm and chance(0.9):
        return rng.choice(calm)
    return rng.choice(legal)

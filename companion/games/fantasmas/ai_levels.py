"""The softer levels of the computer opponent ("easy", "normal"): what a person
playing at that level would do, not a weaker random player. Each turn a level
notices only some of its ghosts (`Level.attention`), values the moves of those
with a shallow fixed-depth search (`ai_search.move_values`), weighs a ghost
getting out more than the evaluation does, and draws a move with softmax
weights exp((value - best) / temperature), the value in turns. A winning move
is always played. The draw uses the caller's seeded rng and no clock, so the
move depends only on (position, seed, level).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from .ai_model import ESC, OVER, OWN, PHASE, RELEASE, SHORT, TO, WIN, Castle, escapes_of
from .ai_model import apply as model_apply
from .ai_search import WIN_SCORE, Abort, move_values


@dataclass(frozen=True)
class Level:
    """How a softer level plays: the plies it looks ahead, its temperature in turns, and
    the chance it notices each of its ghosts on the board this turn (the moves of the
    others it does not consider, as a person looking elsewhere)."""

    depth: int
    temperature: float
    attention: float = 1.0


# The levels, weakest first; None: the full search. Tuned with scripts/bench_fantasmas.py.
LEVELS: dict[str, Level | None] = {"easy": Level(1, 0.7, attention=0.6), "normal": Level(2, 0.5, attention=0.7),
                                   "hard": None}
# What a person sees at once: a ghost of a colour still needed can get out. The
# evaluation prices that as one step like any other; the softer levels weigh it more,
# or their sampling would pass it by as often as not.
ESCAPE_PULL = 1.5  # turns
SOFT_NODES = 300_000  # a softer level's node cap (deterministic); far above what depth 2 needs
SOFT_SECONDS = 10.0  # its wall-clock safety stop: the one-ply values are then used


def sample(cas: Castle, s: list[int], moves: list[int], soft: Level, rng: random.Random) -> dict:
    """A softer level's move: a winning one if there is one, else drawn from the softmax
    of the shallow values of the moves of the ghosts it noticed."""
    gains = {m: _gain(cas, s, m) for m in moves}
    for m in moves:
        if gains[m] == WINS:
            return {"move": m, "score": WIN_SCORE, "depth": 1, "nodes": len(moves)}
    if soft.attention < 1.0:
        me = s[TO]
        noticed = {cell for cell in range(25) if s[cell] and OWN[s[cell]] == me and rng.random() < soft.attention}
        seen = [m for m in moves if m >= RELEASE or m // 25 in noticed]
        moves = seen or moves
        if len(moves) == 1:
            return {"move": moves[0], "score": 0.0, "depth": 0, "nodes": 0}
    window = 12 * soft.temperature  # worse than best by more: weight below e^-12, not worth exact values
    depth = soft.depth
    try:
        values, used = move_values(s, cas, moves, depth, window, SOFT_NODES, time.perf_counter() + SOFT_SECONDS)
    except Abort:
        depth = 1
        values, used = move_values(s, cas, moves, 1, window, SOFT_NODES, math.inf)
    for m in moves:
        if gains[m] == ESCAPES:
            values[m] += ESCAPE_PULL
    best = max(values.values())
    weights = [math.exp(max(-50.0, (values[m] - best) / soft.temperature)) for m in moves]
    pick = rng.random() * sum(weights)
    chosen = moves[-1]
    for m, w in zip(moves, weights):
        pick -= w
        if pick < 0:
            chosen = m
            break
    return {"move": chosen, "score": values[chosen], "depth": depth, "nodes": used}


WINS, ESCAPES = 2, 1


def _gain(cas: Castle, s: list[int], m: int) -> int:
    """WINS if move m wins for the mover, ESCAPES if it gets out a ghost that counts
    towards the mover's set, else 0."""
    me = s[TO]
    child = s[:]
    model_apply(child, m, cas)
    if child[PHASE] == OVER and child[WIN] == me:
        return WINS
    e = ESC + me * 3
    if s[SHORT]:
        return ESCAPES if escapes_of(child, me) > escapes_of(s, me) else 0
    return ESCAPES if any(child[e + c] and not s[e + c] for c in range(3)) else 0

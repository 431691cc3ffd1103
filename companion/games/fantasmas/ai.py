"""The computer opponent for 18 fantasmas, on the rules module's position dict.

    choose(position, seed=..., budget=1.0, nodes=None, level="hard") -> action
    random_player(position, rng) / greedy_player(position, rng) -> action
    legal_actions(position) -> [action]; apply(position, action) -> position

Actions are tuples: ("place", colour, cell), ("step", from, to) (move, fight
or mirror jump), ("release", colour), ("put", cell), ("pass",).

`choose` plays at a level. "hard" runs an iterative-deepening alpha-beta
search (`ai_search`) over a compact model (`ai_model`). The game has no dice
and nothing hidden, so a plain minimax search fits; it is bounded by a node
count, so the answer depends only on (position, seed, nodes); the wall clock
is only a safety stop. The seed orders equally good moves.

"normal" and "easy" are opponents a family can beat, not random ones (the
mistakes a person makes): each turn they notice only some of their ghosts
(`Level.attention`), value the moves of those with a shallow fixed-depth
search, weigh a ghost getting out more than the evaluation does (people see
that at once), and draw one with softmax weights exp((value - best) /
temperature), the value in turns. Good moves stay the likeliest; near-equal
ones are mixed; a threat beyond the horizon or from an unnoticed corner is
overlooked. "easy" looks one move ahead (its own move, then the evaluation);
"normal" also sees the reply. Both always play a winning move. Their answer
depends only on (position, seed, level): fixed depth, no clock.

The dict this module returns (`apply`) is the rules module's `position()`
(Fantasmas.position) plus "winner" (0, 1 or None) once the phase is "over".
As there, a released ghost stays in its owner's dungeon until it is put, and
the game ends without a winner as soon as neither player can act, or neither
can ever complete a set (`ai_model.settle`).
"""

from __future__ import annotations

from companion.core.errors import InvalidActionError
from companion.core.lines import Line
from companion.core.notation import shown
import random
import time
from typing import Any

from .ai_model import (
    COL,
    COLOURS,
    DUN,
    ESC,
    HAND,
    NO_COLOUR,
    NOT_OVER,
    OVER,
    OWN,
    PASS,
    PF,
    PHASE,
    PLACE_BASE,
    PUT,
    PUT_BASE,
    PUTC,
    RELEASE,
    SHORT,
    SIZE,
    TO,
    WIN,
    BEATS,
    Castle,
    castle_for,
    code,
    complete,
    escapes_of,
    legal,
    settle,
)
from .ai_model import apply as model_apply
from .ai_levels import LEVELS, Level, sample  # noqa: F401 (Level: for the bench's tuning)
from .ai_search import search

# Nodes searched per second of budget, measured on the project's reference
# machine (2 slow cores): the default budget=1.0 searches this many nodes.
NODES_PER_SECOND = 100_000
SAFETY = 2.0  # the wall-clock stop: this many times the budget (plus 0.25 s)

PHASES = ("place", "play", "put", "over")
Action = tuple


# The default castle (BOARDS.md), for tests and the bench: the rules module owns the real one.
DEFAULT_KINDS = "BRPBR" "YMYMY" "RBRBP" "BMYMR" "YRPBY"
DEFAULT_PORTALS = {"R": [2, 0], "Y": [14, 1], "B": [22, 2]}



def _not_an_action(action: object) -> InvalidActionError:
    """A tuple the model cannot play, said with the notation's own pack line."""
    return InvalidActionError(Line("18-fantasmas.error.not_an_action", {"action": shown(repr(action))}))

def new_position(short_game: bool = False) -> dict:
    """The start of a game on the default castle: nothing placed, A to place."""
    return {
        "kinds": DEFAULT_KINDS,
        "portals": {c: list(v) for c, v in DEFAULT_PORTALS.items()},
        "ghosts": [None] * 25,
        "dungeon": [{c: 0 for c in COLOURS} for _ in range(2)],
        "escaped": [{c: 0 for c in COLOURS} for _ in range(2)],
        "hand": [{c: 3 for c in COLOURS} for _ in range(2)],
        "phase": "place",
        "to_act": 0,
        "put_colour": None,
        "short_game": short_game,
    }


# -- the dict <-> model bridge ---------------------------------------------------


def _counts(value: Any) -> list[int]:
    """A player's {"R": n, "Y": n, "B": n} (or a list of colour letters, or 3 ints)."""
    if isinstance(value, dict):
        return [int(value.get(c, 0)) for c in COLOURS]
    value = list(value)
    if len(value) == 3 and all(isinstance(v, int) for v in value):
        return value
    return [sum(1 for v in value if v == c) for c in COLOURS]


def to_model(position: dict) -> tuple[Castle, list[int]]:
    portals = position["portals"]
    cas = castle_for(position["kinds"], tuple(int(portals[c][0]) for c in COLOURS))
    s = [0] * SIZE
    for cell, ghost in enumerate(position["ghosts"]):
        if ghost is not None:
            s[cell] = code(int(ghost[0]), COLOURS.index(ghost[1]))
    for c, letter in enumerate(COLOURS):
        s[PF + c] = int(portals[letter][1]) % 4
    for p in (0, 1):
        for base, key in ((DUN, "dungeon"), (ESC, "escaped"), (HAND, "hand")):
            s[base + p * 3: base + p * 3 + 3] = _counts(position[key][p])
    s[PHASE] = PHASES.index(position["phase"])
    s[TO] = int(position["to_act"])
    s[SHORT] = 1 if position.get("short_game") else 0
    s[PUTC] = NO_COLOUR
    s[WIN] = NOT_OVER
    if s[PHASE] == PUT:
        c = COLOURS.index(position["put_colour"])
        s[PUTC] = c
        owner = 1 - s[TO]  # the released ghost: in the dungeon until put (or in the hand)
        if s[DUN + owner * 3 + c] and _total(s, owner, c) == 3:
            s[DUN + owner * 3 + c] -= 1
        elif s[HAND + owner * 3 + c]:
            s[HAND + owner * 3 + c] -= 1
    elif s[PHASE] == OVER:
        w = position.get("winner")
        if w is None:
            w = next((p for p in (0, 1) if complete(s, p)), None)
        s[WIN] = 2 if w is None else int(w)
    return cas, s


def _total(s: list[int], p: int, c: int) -> int:
    on_board = sum(1 for cell in range(25) if s[cell] == code(p, c))
    return on_board + s[DUN + p * 3 + c] + s[ESC + p * 3 + c] + s[HAND + p * 3 + c]


def to_dict(cas: Castle, s: list[int]) -> dict:
    def counts(base: int, p: int) -> dict:
        return {c: s[base + p * 3 + i] for i, c in enumerate(COLOURS)}

    dungeon = [counts(DUN, 0), counts(DUN, 1)]
    if s[PHASE] == PUT:
        dungeon[1 - s[TO]][COLOURS[s[PUTC]]] += 1
    position = {
        "kinds": cas.kinds,
        "portals": {c: [cas.portal_cells[i], s[PF + i]] for i, c in enumerate(COLOURS)},
        "ghosts": [None if not g else [OWN[g], COLOURS[COL[g]]] for g in s[:25]],
        "dungeon": dungeon,
        "escaped": [counts(ESC, 0), counts(ESC, 1)],
        "hand": [counts(HAND, 0), counts(HAND, 1)],
        "phase": PHASES[s[PHASE]],
        "to_act": s[TO],
        "put_colour": COLOURS[s[PUTC]] if s[PHASE] == PUT else None,
        "short_game": bool(s[SHORT]),
    }
    if s[PHASE] == OVER:
        position["winner"] = s[WIN] if s[WIN] < 2 else None
    return position


def to_action(m: int) -> Action:
    if m < RELEASE:
        return ("step", m // 25, m % 25)
    if m < PUT_BASE:
        return ("release", COLOURS[m - RELEASE])
    if m < PLACE_BASE:
        return ("put", m - PUT_BASE)
    if m < PASS:
        c, cell = divmod(m - PLACE_BASE, 25)
        return ("place", COLOURS[c], cell)
    return ("pass",)


def to_move(action: Action) -> int:
    verb = action[0]
    if verb == "step":
        return int(action[1]) * 25 + int(action[2])
    if verb == "release":
        return RELEASE + COLOURS.index(action[1])
    if verb == "put":
        return PUT_BASE + int(action[1])
    if verb == "place":
        return PLACE_BASE + COLOURS.index(action[1]) * 25 + int(action[2])
    if verb == "pass":
        return PASS
    raise _not_an_action(action)


def legal_actions(position: dict) -> list[Action]:
    """Every legal action for position["to_act"]; [("pass",)] when none; [] when over."""
    cas, s = to_model(position)
    return [to_action(m) for m in legal(s, cas)]


def apply(position: dict, action: Action) -> dict:
    """The position after `action` (a new dict; raises InvalidActionError, a ValueError, if illegal)."""
    cas, s = to_model(position)
    m = to_move(action)
    if m not in legal(s, cas):
        raise _not_an_action(action)
    before = s[PF:PF + 3] + s[ESC:ESC + 6]
    model_apply(s, m, cas)
    settle(s, cas, turned=s[PF:PF + 3] + s[ESC:ESC + 6] != before)
    return to_dict(cas, s)


def winner(position: dict) -> int | None:
    """The winner of a finished position (None: not over, or over without one)."""
    cas, s = to_model(position)
    return s[WIN] if s[PHASE] == OVER and s[WIN] < 2 else None


# -- players -----------------------------------------------------------------------


def choose(position: dict, *, seed: int, budget: float = 1.0, nodes: int | None = None,
           level: str = "hard") -> Action:
    """The computer's action for position["to_act"], at `level` (a key of LEVELS)."""
    return choose_info(position, seed=seed, budget=budget, nodes=nodes, level=level)["action"]


def choose_info(position: dict, *, seed: int, budget: float = 1.0, nodes: int | None = None,
                level: str = "hard") -> dict:
    """`choose`, with the search's figures: action, score, depth, nodes."""
    cas, s = to_model(position)
    return choose_model(cas, s, seed=seed, budget=budget, nodes=nodes, level=level)


def choose_model(cas: Castle, s: list[int], *, seed: int, budget: float = 1.0, nodes: int | None = None,
                 level: str = "hard") -> dict:
    if level not in LEVELS:
        raise _not_an_action(("level", level))
    moves = legal(s, cas)
    if not moves:
        raise _not_an_action("over")
    if len(moves) == 1:
        return {"action": to_action(moves[0]), "score": 0.0, "depth": 0, "nodes": 0}
    rng = random.Random(seed)
    rng.shuffle(moves)
    soft = LEVELS[level]
    if soft is not None:
        info = sample(cas, s, moves, soft, rng)
        return {"action": to_action(info.pop("move")), **info}
    limit = nodes if nodes is not None else max(1, int(NODES_PER_SECOND * budget))
    deadline = time.perf_counter() + SAFETY * budget + 0.25
    move, score, depth, used = search(s, cas, moves, limit, deadline)
    return {"action": to_action(move), "score": score, "depth": depth, "nodes": used}


def random_player(position: dict, rng: random.Random) -> Action:
    """Uniform among the legal actions."""
    return rng.choice(legal_actions(position))


def greedy_player(position: dict, rng: random.Random) -> Action:
    """One-move greedy: an action that makes one of its ghosts escape (a winning
    one first); else a fight its ghost wins against an opponent's; else random."""
    cas, s = to_model(position)
    return to_action(greedy_model(cas, s, rng))


def greedy_model(cas: Castle, s: list[int], rng: random.Random) -> int:
    moves = legal(s, cas)
    me = s[TO]
    if s[PHASE] == OVER or moves == [PASS]:
        return moves[0] if moves else PASS
    before = escapes_of(s, me)
    wins, escapes, fights = [], [], []
    for m in moves:
        child = s[:]
        model_apply(child, m, cas)
        if child[PHASE] == OVER and child[WIN] == me:
            wins.append(m)
        elif escapes_of(child, me) > before:
            escapes.append(m)
        elif m < RELEASE:
            g, o = s[m // 25], s[m % 25]
            if o and OWN[o] != me and BEATS[COL[g]] == COL[o]:
                fights.append(m)
    return rng.choice(wins or escapes or fights or moves)


def random_model(cas: Castle, s: list[int], rng: random.Random) -> int:
    return rng.choice(legal(s, cas))

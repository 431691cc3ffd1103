"""The computer opponent's search: iterative-deepening alpha-beta (negamax
with a transposition table, killer and history move ordering) bounded by a
node count, over the compact model of `ai_model`, with a static evaluation in
"turns to go" units.

Evaluation, per player: for each colour not yet escaped, the cheapest of that
player's ghosts of that colour, costing the steps to the room in front of
some opening of its portal plus ROT_W for each quarter turn the portal still
needs (a ghost waiting on the next opening escapes as soon as any ghost of
that colour is defeated); a colour with no ghost on the board costs the worst
(released: the opponent puts it) or best (still in hand) free room of its
colour. Escaped colours earn a bonus; ghosts on the board a little material.
The score is one player's total minus the other's, plus a tempo bonus and a
threat bonus when the side to move can make a ghost escape at once.
"""

from __future__ import annotations

import time

from .ai_model import (
    COL,
    DUN,
    ESC,
    HAND,
    OVER,
    PASS,
    PF,
    PHASE,
    PLACE_BASE,
    PUT,
    PUT_BASE,
    PUTC,
    RELEASE,
    SHORT,
    TO,
    WIN,
    BEATS,
    Castle,
    apply,
    legal,
)

WIN_SCORE = 10_000.0
# Weights, in turns; tuned by self-play (AI against AI variants, equal nodes).
ROT_W = 0.7  # a quarter turn a portal still needs
BLOCK = 2.0  # an opening's room held by a ghost that beats the colour
CAP = 12.0  # the most a colour can cost
ESC_BONUS = 0.5  # an escaped colour beyond reaching cost 0
MAT_W = 0.35  # each ghost on the board
TEMPO = 0.4  # the side to move
THREAT = 0.8  # the side to move can make a ghost escape at once
RELEASE_COST = 1.0  # the turn spent releasing
TT_LIMIT = 400_000  # transposition entries (interior nodes only: ~1 in 15 nodes)


class Abort(Exception):
    pass


def cost_tables(cas: Castle) -> tuple:
    """(table, fronts): table[c][facing][cell] is the cost for a ghost of colour
    c on cell to escape, with no room blocked; fronts[c][facing] lists the
    (room, rotation cost) of each opening of that portal."""
    if getattr(cas, "_cost", None) is None:
        tables, fronts = [], []
        for c in range(3):
            per_facing, per_fronts = [], []
            for facing in range(4):
                options = [(cas.front[c][f], ROT_W * ((f - facing) % 4)) for f in range(4) if cas.front[c][f] >= 0]
                per_fronts.append(tuple(options))
                per_facing.append(tuple(min([CAP] + [cas.dist[cell][room] + rot for room, rot in options])
                                        for cell in range(25)))
            tables.append(tuple(per_facing))
            fronts.append(tuple(per_fronts))
        cas._cost = (tuple(tables), tuple(fronts))
    return cas._cost


def evaluate(s: list[int], cas: Castle) -> float:
    """The position's worth for s[TO], in turns."""
    tables, fronts = cost_tables(cas)
    rows = [None]
    blocked = []
    for c in range(3):
        options = fronts[c][s[PF + c]]
        rows.append(tables[c][s[PF + c]])
        # a beater of c on one of c's opening rooms: price those rooms per ghost
        blocked.append(any(s[room] and BEATS[COL[s[room]]] == c for room, _ in options))
    rows += rows[1:]
    best = [CAP] * 6
    count = [0, 0]
    dist = cas.dist
    for cell in range(25):
        g = s[cell]
        if g:
            k = g - 1
            c = COL[g]
            if blocked[c]:
                here = dist[cell]
                v = CAP
                for room, rot in fronts[c][s[PF + c]]:
                    o = s[room]
                    d = here[room] + rot + (BLOCK if o and BEATS[COL[o]] == c else 0.0)
                    if d < v:
                        v = d
            else:
                v = rows[g][cell]
            if v < best[k]:
                best[k] = v
            count[k // 3] += 1
    score = [MAT_W * count[0], MAT_W * count[1]]
    for p in (0, 1):
        costs = []
        for c in range(3):
            cost = best[p * 3 + c]
            if cost >= CAP:
                cost = _off_board_cost(s, cas, p, c, rows[c + 1])
            costs.append(cost)
        e = ESC + p * 3
        if s[SHORT]:
            done = s[e] + s[e + 1] + s[e + 2]
            costs.sort()
            score[p] += ESC_BONUS * done - sum(costs[: max(0, 3 - done)])
        else:
            for c in range(3):
                score[p] += ESC_BONUS if s[e + c] else -costs[c]
    me = s[TO]
    return score[me] - score[1 - me] + TEMPO + _threat(s, cas, me)


def _threat(s: list[int], cas: Castle, me: int) -> float:
    """THREAT when `me` (to move) has a ghost one step from an open portal."""
    front = cas.front
    for c in range(3):
        if s[ESC + me * 3 + c] and not s[SHORT]:
            continue
        room = front[c][s[PF + c]]
        if room < 0:
            continue
        o = s[room]
        if o == 0 or BEATS[c] == COL[o]:
            mine = 1 + me * 3 + c
            for n in cas.nbrs[room]:
                if s[n] == mine:
                    return THREAT
            for n in cas.jumps[room]:
                if s[n] == mine and o == 0:
                    return THREAT
    return 0.0


def _off_board_cost(s: list[int], cas: Castle, p: int, c: int, row: tuple) -> float:
    free = [row[r] for r in cas.rooms[c] if s[r] == 0]
    if s[PHASE] == PUT and s[PUTC] == c and s[TO] != p:
        return max(free) if free else CAP
    if s[HAND + p * 3 + c]:
        return min(free) if free else CAP
    if s[DUN + p * 3 + c]:
        return RELEASE_COST + max(free) if free else CAP
    return CAP


def _final(s: list[int], me: int, ply: int) -> float:
    """A finished game's worth for `me`: sooner wins and later losses are better."""
    w = s[WIN]
    if w > 1:
        return 0.0
    return WIN_SCORE - ply if w == me else -(WIN_SCORE - ply)


class Searcher:
    def __init__(self, cas: Castle, node_limit: int, deadline: float, evaluator=None) -> None:
        self.cas = cas
        self.evaluate = evaluator or evaluate
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[bytes, tuple] = {}
        self.killers: dict[int, list[int]] = {}
        self.history: dict[int, int] = {}

    def order(self, s: list[int], moves: list[int], tt_move: int, ply: int) -> list[int]:
        front = self.cas.front
        opens = (front[0][s[PF]], front[1][s[PF + 1]], front[2][s[PF + 2]])
        killers = self.killers.get(ply, ())
        hist = self.history
        keyed = []
        for m in moves:
            if m == tt_move:
                k = 1e9
            elif m < RELEASE:
                a, b = divmod(m, 25)
                g = s[a]
                o = s[b]
                c = COL[g]
                k = hist.get(m, 0)
                if opens[c] == b and (o == 0 or BEATS[c] == COL[o]):
                    k += 1e8
                elif o:
                    k += 1e6 if BEATS[c] == COL[o] else 1e5
                if m in killers:
                    k += 1e7
            else:
                k = hist.get(m, 0)
            keyed.append((k, m))
        keyed.sort(key=lambda km: -km[0])
        return [m for _, m in keyed]

    def negamax(self, s: list[int], depth: int, alpha: float, beta: float, ply: int) -> float:
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes & 511 == 0 and time.perf_counter() > self.deadline):
            raise Abort
        if depth <= 0:
            return self.evaluate(s, self.cas)
        key = bytes(s)
        entry = self.tt.get(key)
        tt_move = -1
        if entry is not None:
            e_depth, flag, value, tt_move = entry
            if e_depth >= depth:
                if value > WIN_SCORE - 1000:
                    value -= ply
                elif value < -WIN_SCORE + 1000:
                    value += ply
                if flag == 0 or (flag == 1 and value >= beta) or (flag == -1 and value <= alpha):
                    return value
        moves = legal(s, self.cas)
        if len(moves) > 1:
            moves = self.order(s, moves, tt_move, ply)
        alpha0 = alpha
        best = -1e18
        best_move = moves[0]
        me = s[TO]
        cas = self.cas
        for m in moves:
            child = s[:]
            apply(child, m, cas)
            if child[PHASE] == OVER:
                v = _final(child, me, ply + 1)
            elif child[TO] == me:
                v = self.negamax(child, depth - 1, alpha, beta, ply + 1)
            else:
                v = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
                best_move = m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        if m < RELEASE:
                            k = self.killers.setdefault(ply, [])
                            if m not in k:
                                k.insert(0, m)
                                del k[2:]
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        stored = best
        if stored > WIN_SCORE - 1000:
            stored += ply
        elif stored < -WIN_SCORE + 1000:
            stored -= ply
        if len(self.tt) >= TT_LIMIT:  # long budgets: keep the memory bounded
            self.tt.clear()
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    def root(self, s: list[int], moves: list[int], max_depth: int = 64) -> tuple[int, float, int]:
        """Iterative deepening over the root moves (already in tie-break order).
        Returns (best move, its score, deepest completed depth)."""
        best_move, best_score, done = moves[0], 0.0, 0
        order = list(moves)
        me = s[TO]
        cas = self.cas
        for depth in range(1, max_depth + 1):
            scores: dict[int, float] = {}
            alpha = -1e18
            it_best, it_score = order[0], -1e18
            try:
                for m in order:
                    child = s[:]
                    apply(child, m, cas)
                    if child[PHASE] == OVER:
                        v = _final(child, me, 1)
                    elif child[TO] == me:
                        v = self.negamax(child, depth - 1, alpha, 1e18, 1)
                    else:
                        v = -self.negamax(child, depth - 1, -1e18, -alpha, 1)
                    scores[m] = v
                    if v > it_score:
                        it_best, it_score = m, v
                        alpha = v
            except Abort:
                # The first move searched was the previous best: a move found
                # better than it in the unfinished iteration is trusted.
                if scores:
                    best_move, best_score = it_best, it_score
                break
            best_move, best_score, done = it_best, it_score, depth
            if abs(best_score) > WIN_SCORE - 1000:
                break
            order.sort(key=lambda m: -scores.get(m, -1e18))
        return best_move, best_score, done


def move_values(s: list[int], cas: Castle, moves: list[int], depth: int, window: float, node_limit: int,
                deadline: float) -> tuple[dict[int, float], int]:
    """Each root move's value for s[TO] at a fixed depth (the softer levels sample from
    these): exact within `window` below the best found so far; a worse move gets an
    upper bound, which is all a sampler that will not pick it needs. Returns the values
    and the nodes searched; raises Abort past `node_limit` nodes or the `deadline`."""
    searcher = Searcher(cas, node_limit, deadline)
    me = s[TO]
    values: dict[int, float] = {}
    best = -1e18
    for m in moves:
        child = s[:]
        apply(child, m, cas)
        if child[PHASE] == OVER:
            v = _final(child, me, 1)
        elif depth <= 1:
            searcher.nodes += 1
            v = searcher.evaluate(child, cas)
            v = v if child[TO] == me else -v
        else:
            alpha = best - window
            if child[TO] == me:
                v = searcher.negamax(child, depth - 1, alpha, 1e18, 1)
            else:
                v = -searcher.negamax(child, depth - 1, -1e18, -alpha, 1)
        values[m] = v
        best = max(best, v)
    return values, searcher.nodes


def search(s: list[int], cas: Castle, moves: list[int], node_limit: int, deadline: float,
           evaluator=None) -> tuple[int, float, int, int]:
    """(move, score, depth, nodes) for s[TO]."""
    searcher = Searcher(cas, node_limit, deadline, evaluator)
    move, score, depth = searcher.root(s, moves)
    return move, score, depth, searcher.nodes


__all__ = ["search", "move_values", "Abort", "evaluate", "cost_tables", "PASS", "PUT_BASE", "PLACE_BASE"]

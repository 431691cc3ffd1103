"""The computer opponent's own compact model of 18 fantasmas: a flat list of
small ints (cheap to copy with `s[:]`, hashable as `bytes(s)`), move codes as
ints, legal generation and an in-place `apply`. Built from the rules module's
position dict by `ai.py`; independent of the rules module so the two can be
cross-checked.

Colours are 0 red, 1 yellow, 2 blue: colour c beats (c + 2) % 3 (red beats
blue, yellow beats red, blue beats yellow). A board cell holds 0 (empty) or
1 + owner * 3 + colour.
"""

from __future__ import annotations

COLOURS = "RYB"
BEATS = (2, 0, 1)  # BEATS[c]: the colour that c defeats
BEATEN_BY = (1, 2, 0)  # BEATEN_BY[c]: the colour that defeats c
OWN = (-1, 0, 0, 0, 1, 1, 1)  # by cell code
COL = (-1, 0, 1, 2, 0, 1, 2)
DIRS = (-5, 1, 5, -1)  # facing 0 up, 1 right, 2 down, 3 left

# Layout of a state list.
PF = 25  # 25..27 portal facings, by colour
DUN = 28  # 28..33 dungeon counts, owner * 3 + colour
ESC = 34  # 34..39 escaped counts
HAND = 40  # 40..45 ghosts not yet placed
PHASE = 46  # 0 place, 1 play, 2 put, 3 over
TO = 47  # who acts
PUTC = 48  # colour being put, 3 when none
WIN = 49  # 0 / 1 winner, 2 over without winner, 3 not over
SHORT = 50  # short_game flag
SIZE = 51
PLACE, PLAY, PUT, OVER = 0, 1, 2, 3
NO_COLOUR, NOT_OVER, NO_WINNER = 3, 3, 2

# Move codes.
RELEASE = 625  # + colour
PUT_BASE = 650  # + cell
PLACE_BASE = 700  # + colour * 25 + cell
PASS = 800


def code(owner: int, colour: int) -> int:
    return 1 + owner * 3 + colour


class Castle:
    """Everything fixed for a castle: neighbours, mirrors, front rooms, distances."""

    def __init__(self, kinds: str, portal_cells: tuple[int, int, int]) -> None:
        assert len(kinds) == 25
        self.kinds = kinds
        self.portal_cells = portal_cells
        blocked = {i for i, k in enumerate(kinds) if k == "P"} | set(portal_cells)
        self.rooms = tuple(tuple(i for i, k in enumerate(kinds) if k == COLOURS[c] and i not in blocked)
                           for c in range(3))
        self.mirrors = tuple(i for i, k in enumerate(kinds) if k == "M" and i not in blocked)
        self.nbrs = tuple(tuple(n for n in _around(i) if n not in blocked) for i in range(25))
        self.jumps = tuple(tuple(m for m in self.mirrors if m != i and m not in self.nbrs[i])
                           if i in self.mirrors else () for i in range(25))
        # front[c][f]: the room in front of colour c's portal facing f, or -1.
        front = []
        for c in range(3):
            p = portal_cells[c]
            row = []
            for f in range(4):
                n = _step(p, f)
                row.append(n if n >= 0 and n not in blocked else -1)
            front.append(tuple(row))
        self.front = tuple(front)
        self.dist = tuple(self._bfs(i) for i in range(25))

    def _bfs(self, start: int) -> tuple[int, ...]:
        far = 99
        dist = [far] * 25
        if start in self.portal_cells or self.kinds[start] == "P":
            return tuple(dist)
        dist[start] = 0
        todo = [start]
        for cell in todo:
            for n in self.nbrs[cell] + self.jumps[cell]:
                if dist[n] == far:
                    dist[n] = dist[cell] + 1
                    todo.append(n)
        return tuple(dist)


def _step(cell: int, facing: int) -> int:
    row, col = divmod(cell, 5)
    if facing == 0:
        row -= 1
    elif facing == 1:
        col += 1
    elif facing == 2:
        row += 1
    else:
        col -= 1
    return row * 5 + col if 0 <= row < 5 and 0 <= col < 5 else -1


def _around(cell: int) -> list[int]:
    return [n for n in (_step(cell, f) for f in range(4)) if n >= 0]


_CASTLES: dict[tuple, Castle] = {}


def castle_for(kinds: str, portal_cells: tuple[int, int, int]) -> Castle:
    key = (kinds, portal_cells)
    if key not in _CASTLES:
        _CASTLES[key] = Castle(kinds, portal_cells)
    return _CASTLES[key]


def placer(s: list[int]) -> int:
    """Who places next: A the first ghost, B the next two, then alternately (A last)."""
    k = 18 - sum(s[HAND:HAND + 6])  # ghosts placed so far
    if k == 0:
        return 0
    return 1 if k <= 2 or k % 2 == 0 else 0


def complete(s: list[int], p: int) -> bool:
    e = ESC + p * 3
    if s[SHORT]:
        return s[e] + s[e + 1] + s[e + 2] >= 3
    return s[e] > 0 and s[e + 1] > 0 and s[e + 2] > 0


def legal(s: list[int], cas: Castle) -> list[int]:
    """Legal move codes for s[TO]; [PASS] when there is none; [] when the game is over."""
    phase = s[PHASE]
    if phase == PLAY:
        p = s[TO]
        lo = 1 + p * 3
        moves = []
        nbrs = cas.nbrs
        for a in range(25):
            g = s[a]
            if lo <= g < lo + 3:
                c = COL[g]
                base = a * 25
                for b in nbrs[a]:
                    o = s[b]
                    if o == 0 or COL[o] != c:
                        moves.append(base + b)
                for b in cas.jumps[a]:
                    if s[b] == 0:
                        moves.append(base + b)
        d = DUN + p * 3
        for c in range(3):
            if s[d + c] and any(s[r] == 0 for r in cas.rooms[c]):
                moves.append(RELEASE + c)
        return moves or [PASS]
    if phase == PUT:
        return [PUT_BASE + r for r in cas.rooms[s[PUTC]] if s[r] == 0] or [PASS]
    if phase == PLACE:
        h = HAND + s[TO] * 3
        moves = [PLACE_BASE + c * 25 + r for c in range(3) if s[h + c] for r in cas.rooms[c] if s[r] == 0]
        return moves or [PASS]
    return []


def _escapes(s: list[int], cas: Castle) -> None:
    front = cas.front
    for c in range(3):
        f = front[c][s[PF + c]]
        if f >= 0:
            g = s[f]
            if g and COL[g] == c:
                s[ESC + OWN[g] * 3 + c] += 1
                s[f] = 0


def _finish(s: list[int], actor: int) -> bool:
    """Escapes, then the win check; True when the game ended."""
    if complete(s, actor):
        s[WIN] = actor
    elif complete(s, 1 - actor):
        s[WIN] = 1 - actor
    else:
        return False
    s[PHASE] = OVER  # to_act stays the actor's, as in the rules module
    s[PUTC] = NO_COLOUR
    return True


def apply(s: list[int], m: int, cas: Castle) -> None:
    """Plays move code m for s[TO], in place (no legality check)."""
    p = s[TO]
    if m < RELEASE:  # step: move, fight or mirror jump
        a, b = divmod(m, 25)
        g = s[a]
        o = s[b]
        if o == 0:
            s[b] = g
        else:
            cg = COL[g]
            co = COL[o]
            if BEATS[cg] == co:
                s[b] = g
                s[DUN + OWN[o] * 3 + co] += 1
                s[PF + co] = (s[PF + co] + 1) & 3
            else:
                s[DUN + p * 3 + cg] += 1
                s[PF + cg] = (s[PF + cg] + 1) & 3
        s[a] = 0
        _escapes(s, cas)
        if not _finish(s, p):
            s[TO] = 1 - p
    elif m < PUT_BASE:  # release
        c = m - RELEASE
        s[DUN + p * 3 + c] -= 1
        s[PHASE] = PUT
        s[PUTC] = c
        s[TO] = 1 - p
    elif m < PLACE_BASE:  # put the opponent's released ghost; then the putter plays
        s[m - PUT_BASE] = code(1 - p, s[PUTC])
        s[PHASE] = PLAY
        s[PUTC] = NO_COLOUR
        _escapes(s, cas)
        _finish(s, p)
    elif m < PASS:  # place
        c, r = divmod(m - PLACE_BASE, 25)
        s[r] = code(p, c)
        s[HAND + p * 3 + c] -= 1
        _escapes(s, cas)
        if not _finish(s, p):
            if sum(s[HAND:HAND + 6]) == 0:
                s[PHASE] = PLAY
                s[TO] = 0
            else:
                s[TO] = placer(s)
    else:  # pass; neither able to act ends the game without a winner
        if s[PHASE] == PUT:  # nowhere to put it (never happens after a legal release)
            s[PHASE] = PLAY
            s[PUTC] = NO_COLOUR
            return
        s[TO] = 1 - p
        if s[PHASE] == PLACE:
            return
        if legal(s, cas) == [PASS]:
            s[PHASE] = OVER
            s[WIN] = NO_WINNER


def _may_open(s: list[int], c: int, in_play: list[int], cas: Castle) -> bool:
    if cas.front[c][s[PF + c]] >= 0:
        return True
    beater = (c + 1) % 3  # BEATEN_BY[c]
    return bool(in_play[c] + in_play[3 + c]) and bool(in_play[beater] + in_play[3 + beater])


def settle(s: list[int], cas: Castle, turned: bool = True) -> None:
    """The rules module's end checks after an action in play: over without a winner
    when neither player can act, or (after an escape or a turn; pass turned=True
    when unsure) when neither can ever complete a set: a colour still missing
    needs a ghost of it in the game and a portal that is open or can still turn.
    The search leaves these out (rare; a stuck player passes, and the pass ends it)."""
    if s[PHASE] != PLAY:
        return
    p = s[TO]
    if legal(s, cas) == [PASS]:
        s[TO] = 1 - p
        stuck = legal(s, cas) == [PASS]
        s[TO] = p
        if stuck:
            s[PHASE], s[WIN] = OVER, NO_WINNER
            return
    if not turned:
        return
    in_play = [s[DUN + k] + s[HAND + k] for k in range(6)]
    for g in s[:25]:
        if g:
            in_play[g - 1] += 1
    opens = [_may_open(s, c, in_play, cas) for c in range(3)]
    for q in (0, 1):
        e = ESC + q * 3
        if s[SHORT]:
            if sum(in_play[q * 3 + c] for c in range(3) if opens[c]) >= 3 - (s[e] + s[e + 1] + s[e + 2]):
                return
        elif all(s[e + c] or (in_play[q * 3 + c] and opens[c]) for c in range(3)):
            return
    s[PHASE], s[WIN] = OVER, NO_WINNER


def escapes_of(s: list[int], p: int) -> int:
    e = ESC + p * 3
    return s[e] + s[e + 1] + s[e + 2]

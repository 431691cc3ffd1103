"""The castle and what stands in it, as plain data: no words, no steps.

Rooms are numbered 0..24 row by row, row 1 (the top of the printed board)
first, columns a..e: cell = (row - 1) * 5 + column. A room's name is its
column letter and row digit (`c1`). Facings are 0 up, 1 right, 2 down,
3 left; a portal turns clockwise (facing + 1, mod 4).

`Castle` is the layout (carpets, mirrors, portals and their starting
openings). `Board` is a game in progress on it: the ghosts in the rooms, the
portals' facings, the dungeons, the escaped ghosts and the hands still to
place, with the rule mechanics (steps, fights, escapes) and nothing else.
The rules (rules.py) turn what it reports into events; an AI may copy and
play a `Board` directly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

SIZE = 5
CELLS = range(SIZE * SIZE)
COLOURS = ("R", "Y", "B")
KINDS = ("R", "Y", "B", "M", "P")
BEATS = {"R": "B", "B": "Y", "Y": "R"}  # red beats blue, blue beats yellow, yellow beats red
BEATEN_BY = {loser: winner for winner, loser in BEATS.items()}
FACINGS = ("up", "right", "down", "left")
GHOSTS_PER_COLOUR = 3  # of each colour, for each player
COLUMNS = "abcde"


NAMES = tuple(f"{COLUMNS[c % SIZE]}{c // SIZE + 1}" for c in CELLS)


def cell_name(cell: int) -> str:
    return NAMES[cell]


def cell_of(name: str) -> int | None:
    """`c1` -> 2; None for anything that is not a room of a 5x5 castle."""
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in "12345":
        return None
    return (int(name[1]) - 1) * SIZE + COLUMNS.index(name[0])


def _toward(cell: int, facing: int) -> int | None:
    row, col = divmod(cell, SIZE)
    row += (-1, 0, 1, 0)[facing]
    col += (0, 1, 0, -1)[facing]
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return None


TOWARD = tuple(tuple(_toward(c, f) for f in range(4)) for c in CELLS)  # TOWARD[cell][facing]: a cell or None
NEIGHBOURS = tuple(tuple(n for n in TOWARD[c] if n is not None) for c in CELLS)
DISTANCE = tuple(tuple(abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE) for b in CELLS) for a in CELLS)


def beats(attacker: str, defender: str) -> bool:
    return BEATS[attacker] == defender


@dataclass(frozen=True)
class Castle:
    """A printing of the castle: `kinds` is 25 letters (R Y B carpets, M mirror,
    P portal), `portal` the cell of each colour's portal, `opening` its facing
    at the start."""

    kinds: str
    portal: dict[str, int]
    opening: dict[str, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rooms", {c: tuple(n for n in CELLS if self.kinds[n] == c) for c in KINDS})

    def rooms(self, kind: str) -> tuple[int, ...]:
        """The cells of one kind: a carpet colour, "M" or "P"."""
        return self._rooms[kind]  # type: ignore[attr-defined]

    def front(self, colour: str, facing: int) -> int | None:
        """The room in front of the colour's portal opening; None when it faces the outside
        (or another portal: no ghost can stand there)."""
        cell = TOWARD[self.portal[colour]][facing]
        return None if cell is None or self.kinds[cell] == "P" else cell

    def portal_at(self, cell: int) -> str | None:
        for colour, where in self.portal.items():
            if where == cell:
                return colour
        return None

    def rows(self) -> list[str]:
        """The castle as BOARDS.md draws it: `B R P:R B R` per row."""
        shown = [f"P:{self.portal_at(c)}" if k == "P" else k for c, k in enumerate(self.kinds)]
        return [" ".join(shown[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)]

    def __reduce__(self):  # pickled small and without the derived table
        return (Castle, (self.kinds, dict(self.portal), dict(self.opening)))


Ghost = tuple[int, str]  # (owner 0|1, colour)


def _counts(n: int = 0) -> dict[str, int]:
    return {c: n for c in COLOURS}


class Board:
    """The castle in play. Mutating methods do what the rules say and report it;
    they assume the action is legal (the steps check first)."""

    def __init__(self, castle: Castle) -> None:
        self.castle = castle
        self.ghosts: list[Ghost | None] = [None] * len(CELLS)
        self.facing = dict(castle.opening)
        self.defeats = _counts()
        self.hand = [_counts(GHOSTS_PER_COLOUR), _counts(GHOSTS_PER_COLOUR)]
        self.dungeon = [_counts(), _counts()]
        self.escaped = [_counts(), _counts()]

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.castle = self.castle
        other.ghosts = list(self.ghosts)
        other.facing = dict(self.facing)
        other.defeats = dict(self.defeats)
        other.hand = [dict(h) for h in self.hand]
        other.dungeon = [dict(d) for d in self.dungeon]
        other.escaped = [dict(e) for e in self.escaped]
        return other

    # -- what is where ------------------------------------------------------------

    def free(self, kind: str) -> list[int]:
        """The empty rooms of a kind (a carpet colour or "M")."""
        return [c for c in self.castle.rooms(kind) if self.ghosts[c] is None]

    def front(self, colour: str) -> int | None:
        """The room in front of the colour's portal opening now (None: it faces the outside)."""
        return self.castle.front(colour, self.facing[colour])

    def of(self, player: int) -> Iterator[int]:
        """The cells holding the player's ghosts."""
        return (c for c, g in enumerate(self.ghosts) if g is not None and g[0] == player)

    def targets(self, cell: int) -> list[int]:
        """Where the ghost on `cell` may step: an empty room next to it (carpet or mirror),
        a neighbour holding a ghost of another colour (a fight), or, from a mirror room,
        any other empty mirror room. Never a portal; never a fight by a mirror jump."""
        ghost = self.ghosts[cell]
        assert ghost is not None
        kinds, ghosts = self.castle.kinds, self.ghosts
        found = []
        for n in NEIGHBOURS[cell]:
            if kinds[n] == "P":
                continue
            other = ghosts[n]
            if other is None or other[1] != ghost[1]:
                found.append(n)
        if kinds[cell] == "M":
            found += [m for m in self.castle.rooms("M") if m != cell and ghosts[m] is None and m not in found]
        return found

    def steps(self, player: int) -> list[tuple[int, int]]:
        return [(c, t) for c in self.of(player) for t in self.targets(c)]

    def releasable(self, player: int) -> list[str]:
        """The colours the player may release: one in the dungeon and a free room of its colour."""
        return [c for c in COLOURS if self.dungeon[player][c] and self.free(c)]

    def can_act(self, player: int) -> bool:
        """Whether the player has any legal action in play (else the player passes)."""
        return any(self.targets(c) for c in self.of(player)) or bool(self.releasable(player))

    def complete(self, player: int, short_game: bool) -> bool:
        """One escaped ghost of each colour (the short game: any three)."""
        out = self.escaped[player]
        return sum(out.values()) >= 3 if short_game else all(out.values())

    def in_play(self, player: int, colour: str) -> int:
        """The player's ghosts of a colour still in the game: in the castle, the dungeon or the hand."""
        return (sum(1 for g in self.ghosts if g == (player, colour))
                + self.dungeon[player][colour] + self.hand[player][colour])

    def may_open(self, colour: str) -> bool:
        """Whether a ghost of this colour could still escape some day: its portal opens onto a
        room now, or it can still turn (a ghost of the colour and one that beats it are both
        still in the game, so the colour can still lose a fight)."""
        if self.front(colour) is not None:
            return True
        return any(self.in_play(p, colour) for p in (0, 1)) and any(
            self.in_play(p, BEATEN_BY[colour]) for p in (0, 1))

    def may_win(self, player: int, short_game: bool) -> bool:
        """Whether the player could still complete a set: a colour missing from the escaped
        ghosts needs a ghost of it still in the game and a portal that may open."""
        out = self.escaped[player]
        if short_game:
            need = 3 - sum(out.values())
            return sum(self.in_play(player, c) for c in COLOURS if self.may_open(c)) >= need
        return all(out[c] or (self.in_play(player, c) and self.may_open(c)) for c in COLOURS)

    def count(self) -> int:
        """Every ghost, wherever it is (always 18)."""
        return (sum(g is not None for g in self.ghosts)
                + sum(sum(side[c] for c in COLOURS) for side in (*self.hand, *self.dungeon, *self.escaped)))

    # -- changes ------------------------------------------------------------------

    def place(self, player: int, colour: str, cell: int, source: str = "hand") -> None:
        """A ghost from the player's hand (placement) or dungeon (a released ghost) onto a room."""
        getattr(self, source)[player][colour] -= 1
        self.ghosts[cell] = (player, colour)

    def move(self, src: int, dst: int) -> None:
        self.ghosts[dst], self.ghosts[src] = self.ghosts[src], None

    def fight(self, src: int, dst: int) -> tuple[Ghost, Ghost, bool]:
        """The ghost on `src` attacks the one on `dst`: (attacker, defender, attacker won).
        The winner stands on `dst`; the loser goes to its owner's dungeon and the portal
        of its colour turns (see `defeat`)."""
        attacker, defender = self.ghosts[src], self.ghosts[dst]
        assert attacker is not None and defender is not None and attacker[1] != defender[1]
        won = beats(attacker[1], defender[1])
        loser = defender if won else attacker
        self.ghosts[src] = None
        if won:
            self.ghosts[dst] = attacker
        self.dungeon[loser[0]][loser[1]] += 1
        self.defeats[loser[1]] += 1
        self.facing[loser[1]] = (self.facing[loser[1]] + 1) % 4
        return attacker, defender, won

    def escapes(self) -> list[tuple[int, int, str]]:
        """Every ghost standing in front of its own colour's opening leaves the castle now:
        [(cell, owner, colour)], red first."""
        gone = []
        for colour in COLOURS:
            cell = self.front(colour)
            ghost = self.ghosts[cell] if cell is not None else None
            if ghost is not None and ghost[1] == colour:
                self.ghosts[cell] = None
                self.escaped[ghost[0]][colour] += 1
                gone.append((cell, ghost[0], colour))
        return gone

"""The castle drawn in the terminal: 5×5 rooms in box-drawing lines.

Colour is never the only sign: every colour also has a glyph (▲ red,
● yellow, ■ blue), every ghost its owner's letter (A or B), a mirror room
◇, a portal its colour's glyph and an arrow for its opening, and the room in
front of an open portal a » with the glyph of the ghosts that leave there.

`castle_content` is pure (a position in, Content out) so tests can read the
drawing; `CastleView` shows it and posts `RoomPicked` when a room is clicked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from ...widgets import put

SIZE = 5
CELL = 7  # characters inside a room: sign, mark, owner, ghost, space, exit (2)
WIDTH = 2 + 1 + SIZE * (CELL + 1)  # row label, left wall, rooms and walls
HEIGHT = 1 + SIZE * 2  # the top wall (with the column letters), then a line and a wall per row
COLUMNS = "abcde"
GLYPH = {"R": "▲", "Y": "●", "B": "■"}
ARROW = "⇧⇨⇩⇦"  # an opening facing up, right, down, left
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row, column) moves for those facings
INK = {"R": "#ff6f6f", "Y": "#ffd75f", "B": "#6fb7ff"}
CARPET = {"R": "on #3a1010", "Y": "on #34300e", "B": "on #0f2140", "M": "on #2a2a2a", "P": "on #161616"}
OWNER = "AB"


def room_name(cell: int) -> str:
    """`b3` for cell 11: column letter, row number (row 1 at the top)."""
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


def front_rooms(portals: Mapping[str, Any]) -> dict[int, str]:
    """The room in front of each open portal (facing into the castle) -> its colour."""
    fronts: dict[int, str] = {}
    for colour, (cell, facing) in portals.items():
        row, column = divmod(cell, SIZE)
        d_row, d_column = STEP[facing % 4]
        row, column = row + d_row, column + d_column
        if 0 <= row < SIZE and 0 <= column < SIZE:
            fronts[row * SIZE + column] = colour
    return fronts


@dataclass(frozen=True)
class Marks:
    """What the game master is doing on the board: the cursor, a chosen ghost and
    where it may go, the rooms offered now (a placement, a released ghost)."""

    cursor: int | None = None
    selected: int | None = None
    targets: frozenset[int] = field(default_factory=frozenset)
    offered: frozenset[int] = field(default_factory=frozenset)


def _room(position: Mapping[str, Any], cell: int, fronts: Mapping[int, str],
          marks: Marks) -> list[tuple[str, str]]:
    """A room as (text, style) pieces of CELL characters: its sign (carpet glyph, ◇ or
    the portal), + when it is offered, the ghost (owner letter and glyph), » and the
    glyph of the ghosts that leave from it."""
    kind = position["kinds"][cell]
    ghost = position["ghosts"][cell]
    base = CARPET.get(kind, "")
    if kind == "P":
        colour = next(c for c, (at, _f) in position["portals"].items() if at == cell)
        facing = position["portals"][colour][1] % 4
        pieces = [("▒", f"{INK[colour]} {base}"), (f"{GLYPH[colour]}{ARROW[facing]}", f"bold {INK[colour]} {base}"),
                  ("▒" * (CELL - 3), f"{INK[colour]} {base}")]
    else:
        sign = "◇" if kind == "M" else GLYPH.get(kind, "?")
        mark = "*" if cell == marks.selected else "+" if cell in marks.targets or cell in marks.offered else " "
        pieces = [(sign, f"{INK.get(kind, '')} {base}"), (mark, f"bold {base}")]
        if ghost is None:
            pieces.append(("  ", base))
        else:
            owner, colour = ghost
            pieces += [(OWNER[owner], f"bold {base}"), (GLYPH[colour], f"bold {INK[colour]} {base}")]
        pieces.append((" ", base))
        pieces.append((f"»{GLYPH[fronts[cell]]}", f"bold {INK[fronts[cell]]} {base}") if cell in fronts
                      else ("  ", base))
    if cell == marks.cursor:
        pieces = [(text, "reverse " + style) for text, style in pieces]
    elif cell == marks.selected:
        pieces = [(text, "bold reverse $warning") for text, _ in pieces]
    click = f" @click=pick({cell})"
    return [(text, style + click) for text, style in pieces]


def _lettered(joint: str) -> list[tuple[str, str]]:
    """A horizontal wall with each column's letter in the middle of its room."""
    parts: list[tuple[str, str]] = []
    for index, letter in enumerate(COLUMNS):
        if index:
            parts.append((joint, "dim"))
        half = (CELL - 1) // 2
        parts += [("─" * half, "dim"), (letter, "bold"), ("─" * (CELL - 1 - half), "dim")]
    return parts


def castle_content(position: Mapping[str, Any], marks: Marks = Marks()) -> Content:
    """The whole castle, HEIGHT lines of WIDTH characters."""
    fronts = front_rooms(position["portals"])
    wall = "dim"
    lines: list[Content] = [Content.assemble(("  ┌", wall), *_lettered("┬"), ("┐", wall))]
    for row in range(SIZE):
        parts: list[Any] = [(f"{row + 1} ", "bold"), ("│", wall)]
        for column in range(SIZE):
            parts += _room(position, row * SIZE + column, fronts, marks) + [("│", wall)]
        lines.append(Content.assemble(*parts))
        if row < SIZE - 1:
            lines.append(Content.styled("  ├" + "┼".join(["─" * CELL] * SIZE) + "┤", wall))
        else:
            lines.append(Content.assemble(("  └", wall), *_lettered("┴"), ("┘", wall)))
    return Content("\n").join(lines)


class RoomPicked(Message):
    """A room of the castle was clicked."""

    def __init__(self, cell: int) -> None:
        super().__init__()
        self.cell = cell


class CastleView(Static):
    """The castle as the game master sees it (everything in this game is public)."""

    DEFAULT_CSS = f"""
    CastleView {{ width: {WIDTH}; height: {HEIGHT}; link-style: none; link-background: transparent;
                  link-style-hover: bold; link-background-hover: $accent 30%; }}
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, position: Mapping[str, Any], marks: Marks) -> None:
        put(self, castle_content(position, marks))

    def action_pick(self, cell: int) -> None:
        self.post_message(RoomPicked(cell))

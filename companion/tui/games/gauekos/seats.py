"""Seats and keys on screen: the seat grid (number keys, arrows, Enter or a
click pick a seat) and the key bar (the special choices on visible keys).

Both are displays: the screen pushes what to show with `show(...)`; a click
posts a message up and the screen decides what it means.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil
from typing import Any, Sequence

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from ...widgets import put


class SeatPicked(Message):
    """A seat of the grid was clicked."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


class KeyPressed(Message):
    """A chip of the key bar was clicked: the same as pressing its key."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action


@dataclass(frozen=True)
class Seat:
    """One seat as the grid shows it."""

    number: int  # from 1, in table order
    label: str  # the player's name, maybe with more (the card, a vote)
    offered: bool = False  # a choice now
    alive: bool = True
    marked: bool = False  # chosen already (one of the lovers, a runoff candidate)
    short: str = ""  # the label without its detail, when the full one cannot be shown whole


@dataclass(frozen=True)
class Chip:
    """A key and what it does now, e.g. `n` "No agreement"."""

    key: str
    text: str
    action: str  # the screen action the key runs
    strong: bool = False


class SeatGrid(Static):
    """Every seat in table order, in as many columns as fit; the cursor in reverse."""

    MAX_CELL = 26
    MIN_CELL = 10
    ROWS = 7  # more seats than this many rows: narrower cells, more columns
    LINES = 8  # the most lines the grid takes with seats on more lines, when the room is not known yet

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.seats: tuple[Seat, ...] = ()
        self.cursor: int | None = None
        self.columns = 1
        self.cell = self.MAX_CELL  # the width of a seat's cell, as last drawn

    def show(self, seats: Sequence[Seat], cursor: int | None, width: int, lines: int | None = None) -> None:
        """Draw the seats in `width` cells; a long label takes more lines while the grid stays
        within `lines` (the room there is), else it is cut."""
        self.seats = tuple(seats)
        self.cursor = cursor
        self._draw(width, lines or self.LINES)

    def _draw(self, width: int, most: int) -> None:
        if not self.seats:
            put(self, Content(""))
            return
        columns, cell, groups = self._layout(width, most, short=False)
        if sum(max(len(c) for c in cells) for cells in groups) > most:
            # the names alone (the cursor's detail is in the note above); else cut
            columns, cell, groups = self._layout(width, most, short=True)
        self.columns, self.cell = columns, cell
        spare = max(0, most - len(groups))  # lines a row may add, first come first
        rows: list[Content] = []
        for cells in groups:
            tall = max(len(c) for c in cells)
            if tall > 1 and tall - 1 <= spare:  # a seat on more lines: its whole row takes them
                spare -= tall - 1
                for line in range(tall):
                    rows.append(Content.assemble(*[c[line] if line < len(c) else (" " * cell, c[0][1])
                                                   for c in cells]))
            else:
                rows.append(Content.assemble(*[self._cut(c, cell) for c in cells]))
        put(self, Content("\n").join(rows))

    def _layout(self, width: int, most: int, short: bool) -> tuple[int, int, list[list[list[tuple[str, str]]]]]:
        """Columns, cell width and cells: the most columns the labels allow, or fewer and wider
        when that shows every seat whole in `most` lines (9 players at 80x24: a long card named
        for the Sorgiña)."""
        longest = max(len((s.short or s.label) if short else s.label) for s in self.seats)
        cell = min(self.MAX_CELL, longest + 5)
        needed = ceil(len(self.seats) / self.ROWS)
        if width // cell < needed:
            cell = max(self.MIN_CELL, width // needed)
        natural = max(1, width // cell)
        for columns in range(natural, 0, -1):
            wide = width // columns if columns < natural else cell
            groups = self._groups(columns, wide, short)
            if sum(max(len(c) for c in cells) for cells in groups) <= most:
                return columns, wide, groups
        return natural, cell, self._groups(natural, cell, short)

    def _groups(self, columns: int, cell: int, short: bool = False) -> list[list[list[tuple[str, str]]]]:
        """The seats' cells, `columns` to a row (`short`: without their detail)."""
        seats = [replace(seat, label=seat.short or seat.label) if short else seat for seat in self.seats]
        return [[self._cell(seat, cell) for seat in seats[start:start + columns]]
                for start in range(0, len(self.seats), columns)]

    @staticmethod
    def _cut(lines: list[tuple[str, str]], width: int) -> tuple[str, str]:
        """A seat of more lines on one (no room left for more): the first line and the rest, cut."""
        if len(lines) == 1:
            return lines[0]
        text = " ".join([lines[0][0].rstrip(), *(text.strip() for text, _ in lines[1:])])
        room = width - 1
        text = text if len(text) <= room else text[: room - 1] + "…"
        return (text.ljust(room) + " ", lines[0][1])

    @staticmethod
    def _lines(head: str, label: str, room: int) -> list[str]:
        """`head` + `label` in lines of `room` cells: one when it fits, else the name first and the
        rest indented under it, broken between words; a word wider than a line is cut."""
        if len(head) + len(label) <= room:
            return [head + label]
        indent = " " * len(head)
        lines: list[str] = []
        line, empty = head, True
        for word in label.split(" "):
            if not empty and len(line) + 1 + len(word) > room:
                lines.append(line.rstrip(" ·"))  # "Iker:" keeps its colon
                line, empty = indent, True
            if empty and word in ("·", ":"):  # a separator does not start a line
                continue
            line, empty = (line + word if empty else f"{line} {word}"), False
        lines.append(line)
        return [text if len(text) <= room else text[: room - 1] + "…" for text in lines]

    def _cell(self, seat: Seat, width: int) -> list[tuple[str, str]]:
        mark = "†" if not seat.alive else ("●" if seat.marked else " ")
        room = width - 1
        lines = self._lines(f"{seat.number:>2}{mark}", seat.label, room)
        click = f" @click=pick({seat.number})"
        if seat.number == self.cursor:
            style = "bold reverse $accent"
        elif seat.marked:
            style = "bold reverse $warning"
        elif not seat.alive:
            style = "dim strike"
        elif seat.offered:
            style = "bold"
        else:
            style = "dim"
        return [(text.ljust(room) + " ", style + click) for text in lines]

    def action_pick(self, seat: int) -> None:
        self.post_message(SeatPicked(seat))


class KeyBar(Static):
    """The keys that mean something now, as chips; a click presses the key."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.chips: tuple[Chip, ...] = ()

    def show(self, chips: Sequence[Chip], width: int) -> None:
        """Chips laid out line by line so that none is cut in two (unless it is wider than a line)."""
        self.chips = tuple(chips)
        self.display = bool(self.chips)
        lines: list[list[Any]] = [[]]
        used = 0
        for index, chip in enumerate(self.chips):
            click = f" @click=press({index})"
            size = len(chip.key) + len(chip.text) + 4
            if lines[-1] and used + 2 + size > width:
                lines.append([])
                used = 0
            if lines[-1]:
                lines[-1].append("  ")
                used += 2
            lines[-1].append((f" {chip.key} ", "bold reverse $accent" + click))
            lines[-1].append((f" {chip.text} ", ("bold on $boost" if chip.strong else "on $boost") + click))
            used += size
        put(self, Content("\n").join(Content.assemble(*parts) for parts in lines))

    def action_press(self, index: int) -> None:
        if 0 <= index < len(self.chips):
            self.post_message(KeyPressed(self.chips[index].action))

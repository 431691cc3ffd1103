"""Seats and keys on screen: the seat grid (number keys, arrows, Enter or a
click pick a seat) and the key bar (the special choices on visible keys).

Both are displays: the screen pushes what to show with `show(...)`; a click
posts a message up and the screen decides what it means.
"""

from __future__ import annotations

from dataclasses import dataclass
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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.seats: tuple[Seat, ...] = ()
        self.cursor: int | None = None
        self.columns = 1

    def show(self, seats: Sequence[Seat], cursor: int | None, width: int) -> None:
        self.seats = tuple(seats)
        self.cursor = cursor
        self._draw(width)

    def _draw(self, width: int) -> None:
        if not self.seats:
            put(self, Content(""))
            return
        longest = max(len(s.label) for s in self.seats)
        cell = min(self.MAX_CELL, longest + 5)
        needed = ceil(len(self.seats) / self.ROWS)
        if width // cell < needed:
            cell = max(self.MIN_CELL, width // needed)
        self.columns = max(1, width // cell)
        rows: list[Content] = []
        for start in range(0, len(self.seats), self.columns):
            parts: list[Any] = []
            for seat in self.seats[start:start + self.columns]:
                parts.append(self._cell(seat, cell))
            rows.append(Content.assemble(*parts))
        put(self, Content("\n").join(rows))

    def _cell(self, seat: Seat, width: int) -> tuple[str, str]:
        mark = "†" if not seat.alive else ("●" if seat.marked else " ")
        text = f"{seat.number:>2}{mark}{seat.label}"
        room = width - 1
        if len(text) > room:
            text = text[: room - 1] + "…"
        text = text.ljust(room) + " "
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
        return (text, style + click)

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

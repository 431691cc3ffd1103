"""The board as a ring of 40 cells around a centre, as on a real Monopoly
board: 20..30 left to right along the top, 31..39 down the right, 10..0 along
the bottom (GO at the bottom right) and 19..11 down the left.

The ring takes the room it is given: the cells along the top and bottom are
1 or 2 rows tall (a name, then its marks) and the ones down the sides 1 to 3
(11 rows at least: the smallest ring, 80×24 with a long prompt), the side
columns at least 12 columns wide for a name and its marks on one row, the
top and bottom cells sharing what is left; the centre gets the rest. The
sizes are worked out here, not in CSS: they depend on both dimensions.
"""

from __future__ import annotations

from typing import Sequence

from textual.app import ComposeResult
from textual.containers import Container, Grid
from textual.widget import Widget
from textual.widgets import Static

from ...widgets import put
from .cells import Cell, render

TOP = tuple(range(20, 31))
LEFT = tuple(range(19, 10, -1))
RIGHT = tuple(range(31, 40))
BOTTOM = tuple(range(10, -1, -1))
MIN_SIDE = 12  # a side column: a name and its marks on one row
MIN_ROWS = 11


def sizes(width: int, height: int) -> tuple[list[int], list[int]]:
    """The ring's column widths and row heights for a room of `width` × `height`."""
    inner = max(4, min(12, (width - 2 * MIN_SIDE) // 9))
    side = max(MIN_SIDE, width - 9 * inner)
    left = side // 2
    columns = [left] + [inner] * 9 + [side - left]
    row = max(1, min(3, (height - 4) // 9))
    edge = max(1, min(2, (height - 9 * row) // 2))
    return columns, [edge] + [row] * 9 + [edge]


def slots() -> list[int | None]:
    """The squares in the grid's filling order (None: the centre, spanning 9 × 9)."""
    order: list[int | None] = list(TOP)
    for row, (left, right) in enumerate(zip(LEFT, RIGHT)):
        order += [left, None, right] if row == 0 else [left, right]
    return order + list(BOTTOM)


class SquareCell(Static):
    """One square of the ring; it draws itself for the size the ring gives it."""

    def __init__(self, position: int) -> None:
        super().__init__(id=f"kj-sq-{position}", markup=False, classes="kj-cell")
        self.position = position
        self.cell: Cell | None = None
        self.room = (1, 1)
        self.threat_on = False

    def show(self, cell: Cell, threat_on: bool) -> None:
        self.cell, self.threat_on = cell, threat_on
        self.set_class(cell.kaiju, "-kaiju")
        self.set_class(threat_on and bool(cell.threat), "-threat")
        self.set_class(cell.rubble, "-rubble")
        self.draw()

    def draw(self) -> None:
        if self.cell is not None:
            put(self, render(self.cell, *self.room, self.threat_on))


class Ring(Container):
    """The 40 cells around `centre`."""

    def __init__(self, centre: Widget, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.centre = centre
        self.cells: dict[int, SquareCell] = {}

    def compose(self) -> ComposeResult:
        with Grid(id="kj-grid"):
            for position in slots():
                if position is None:
                    yield self.centre
                else:
                    cell = SquareCell(position)
                    self.cells[position] = cell
                    yield cell

    def show(self, cells: Sequence[Cell], threat_on: bool) -> None:
        for position, cell in enumerate(cells):
            self.cells[position].show(cell, threat_on)

    def on_resize(self) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """Size the grid for the room the ring has, and redraw every cell for its size."""
        width, height = self.content_size
        if not width or not height:
            return
        columns, rows = sizes(width, height)
        grid = self.query_one("#kj-grid", Grid)
        grid.styles.grid_columns = columns
        grid.styles.grid_rows = rows
        grid.styles.width = sum(columns)
        grid.styles.height = sum(rows)
        for n, position in enumerate(TOP):  # a column apart, so that names do not run together
            self.cells[position].room = (columns[n] - 1, rows[0])
        for n, position in enumerate(BOTTOM):
            self.cells[position].room = (columns[n] - 1, rows[-1])
        for n, (left, right) in enumerate(zip(LEFT, RIGHT)):
            self.cells[left].room = (columns[0], rows[n + 1])
            self.cells[right].room = (columns[-1], rows[n + 1])
        for cell in self.cells.values():
            cell.draw()

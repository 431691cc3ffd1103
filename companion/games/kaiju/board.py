"""The board a Kaijupoly table plays on, as data: 40 squares in play order
(clockwise from GO), each a kind, a name as printed on the table's own board,
and its values. Read from TOML by boards.py; the rules only read it.

Kinds: go, city, card, tax, station, utility, jail, parking, go-to-jail.
A city has a group, a price, a platoon (house) cost, a Cuartel (hotel) cost,
a base rent and a mortgage value; a station or utility a price and mortgage;
a tax its amount. The board's money: starting money, GO salary, the jail
fine, the station rents by how many are held and the utility multipliers by
how many are held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

SQUARES = 40
KINDS = ("go", "city", "card", "tax", "station", "utility", "jail", "parking", "go-to-jail")
DEEDS = ("city", "station", "utility")  # what a title deed names
SERVICES = ("station", "utility")


@dataclass(frozen=True)
class Square:
    position: int
    kind: str
    name: str
    short: str  # at most 8 characters, for the ring at 80 columns
    group: str | None = None
    price: int = 0
    house: int = 0  # a platoon
    hotel: int = 0  # a Cuartel (on top of the four platoons it replaces)
    rent: int = 0  # the base rent (an empty lot)
    mortgage: int = 0
    tax: int = 0

    @property
    def deed(self) -> bool:
        return self.kind in DEEDS

    @property
    def service(self) -> bool:
        return self.kind in SERVICES


@dataclass(frozen=True)
class Board:
    id: str
    title: str
    currency: str
    start_money: int
    go_salary: int
    jail_fine: int
    station_rents: tuple[int, ...]  # rent by stations held: 1, 2, 3, 4
    utility_multipliers: tuple[int, ...]  # × the dice by utilities held: 1, 2
    squares: tuple[Square, ...] = field(repr=False)

    def __post_init__(self) -> None:
        assert len(self.squares) == SQUARES

    def __deepcopy__(self, memo: dict) -> "Board":
        return self  # frozen: a copy of a game (the session's, a trial's) shares its board

    @cached_property
    def deeds(self) -> tuple[int, ...]:
        return tuple(s.position for s in self.squares if s.deed)

    @cached_property
    def cities(self) -> tuple[int, ...]:
        return tuple(s.position for s in self.squares if s.kind == "city")

    @cached_property
    def jail(self) -> int:
        return next(s.position for s in self.squares if s.kind == "jail")

    def __getitem__(self, position: int) -> Square:
        return self.squares[position % SQUARES]

"""The Nostromo as the table draws it: where everyone stands, their pursuit
markers, weapon, protection and code cards, the codes lying face down in the
main sectors, the entered codes set aside, the Alien and its deck.

A face-down code the app has never seen is `None`: the 12 figures are dealt
face down at the start and nobody (the app included) knows which lies where
until a player takes one. Which figure it is gets drawn then, from the figures
whose place is unknown (`unseen`); that is the same chance as a deal made at
the start, and it lets a table with real cards type the card taken. A code a
player drops is known (to the app, never to the table).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ALIEN_DECK, FIGURES, MADRE, MAIN, NAVE, ordered


@dataclass
class Crew:
    """One player: where they stand and what they carry."""

    sector: str | None = MADRE  # None once dead
    markers: int = 0
    weapon: bool = False
    protected: bool = False
    hand: list[str] = field(default_factory=list)
    alive: bool = True


class Board:
    def __init__(self, players: int) -> None:
        self.crew = [Crew() for _ in range(players)]
        self.down: dict[str, list[str | None]] = {s: [None, None, None] for s in MAIN}
        self.pile: list[str] = []  # the entered codes, set aside, face up
        self.alien: str | None = None
        self.drawn: list[str] = []  # Alien cards drawn since the last reshuffle, in order

    # -- who is where --------------------------------------------------------------

    def living(self) -> list[int]:
        return [n for n, c in enumerate(self.crew) if c.alive]

    def in_sector(self, sector: str | None) -> list[int]:
        return [n for n, c in enumerate(self.crew) if c.alive and c.sector == sector]

    def aboard(self) -> list[int]:
        return self.in_sector(NAVE)

    # -- the Alien deck --------------------------------------------------------------

    def deck_left(self) -> list[str]:
        """The Alien cards still to draw (all 28 again once every one is drawn)."""
        drawn = set(self.drawn)
        return [c for c in ALIEN_DECK if c not in drawn]

    # -- the codes ---------------------------------------------------------------------

    def known(self) -> set[str]:
        """Figures whose place the app knows: in a hand, set aside, or dropped face down."""
        found = set(self.pile)
        for c in self.crew:
            found.update(c.hand)
        for cards in self.down.values():
            found.update(x for x in cards if x is not None)
        return found

    def unseen(self) -> list[str]:
        """Figures lying face down where nobody has seen them (as many as the `None` codes)."""
        known = self.known()
        return [f for f in FIGURES if f not in known]

    def codes_here(self, sector: str) -> int:
        return len(self.down.get(sector, ()))

    def take_candidates(self, sector: str) -> list[str]:
        """The cards a code taken in `sector` may be, each as often as its chance: every
        face-down code is equally likely, and an unseen one is any unseen figure."""
        cards = self.down[sector]
        seen = [x for x in cards if x is not None]
        hidden = len(cards) - len(seen)
        pool = self.unseen() if hidden else []
        if not seen:
            return pool
        if not pool:
            return seen
        return seen * len(pool) + pool * hidden

    def take(self, seat: int, sector: str, card: str) -> None:
        """`card` (one of `take_candidates`) leaves the sector for the seat's hand."""
        cards = self.down[sector]
        cards.remove(card if card in cards else None)
        self.crew[seat].hand.append(card)

    def spread(self, cards: list[str]) -> list[tuple[str, str]]:
        """Codes laid face down over the main sectors, one by one, each on the sector with the
        fewest codes (ties in the order bastos, espadas, oros, copas): (card, sector) pairs."""
        placed = []
        for card in cards:
            sector = min(MAIN, key=lambda s: (len(self.down[s]), MAIN.index(s)))
            self.down[sector].append(card)
            placed.append((card, sector))
        return placed

    def drop_all(self, seat: int) -> list[tuple[str, str]]:
        """A dead player's codes, face down where they stood (spread over the main sectors from
        MADRE or the ship)."""
        crew = self.crew[seat]
        cards, crew.hand = ordered(crew.hand), []
        if crew.sector in MAIN:
            self.down[crew.sector].extend(cards)
            return [(card, crew.sector) for card in cards]
        return self.spread(cards)

"""The odds of the next Alien card, exactly (`fractions.Fraction`).

The next card comes from the Alien cards not drawn since the last reshuffle,
whether the app drew them or the table typed them (`draw @ 4e`): the deck
holds the 28 number cards less those. Once all 28 are drawn the deck is
reshuffled, so the next card is any of the 28 again.

For each main sector: the chance that the next card brings the Alien there
(its 4 or 6), that its occupants drop a code (its 3, 5 or 7), and that the
Alien strikes there (only where it stands: an As or a 2, and once the codes
are entered any odd card too). The three kinds of card part the deck, so the
moves, the drops and the As-or-2 chance sum to exactly 1 (`Odds.total()`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping

from .cards import ALIEN_DECK, MAIN, effect, odd, rank, sector_of

ZERO = Fraction(0)


@dataclass(frozen=True)
class SectorOdds:
    alien: Fraction  # the Alien comes here (a 4 or a 6 of this suit)
    drop: Fraction  # everyone here drops a code (a 3, 5 or 7 of this suit)
    strike: Fraction  # pursuit markers here: the Alien is here and the card strikes


@dataclass(frozen=True)
class Odds:
    cards: int  # how many cards the next one comes from
    sectors: Mapping[str, SectorOdds]
    markers: Mapping[int, Fraction]  # where the Alien stands: 3 markers (As), 2 (a 2), 1 (mad: an odd card)

    def total(self) -> Fraction:
        """Every card moves the Alien, makes a sector drop codes, or is an As or a 2: exactly 1."""
        return sum((s.alien + s.drop for s in self.sectors.values()), ZERO) + self.markers[3] + self.markers[2]

    def plain(self) -> dict:
        """As plain data for a screen: each chance as the string "a/b"."""
        return {"cards": self.cards,
                "sectors": {name: {"alien": str(s.alien), "drop": str(s.drop), "strike": str(s.strike)}
                            for name, s in self.sectors.items()},
                "markers": {n: str(f) for n, f in self.markers.items()}}


def next_card(left: Iterable[str], alien: str | None, mad: bool) -> Odds:
    """The odds of the next card drawn from `left` (the whole deck when it is empty)."""
    deck = list(left) or list(ALIEN_DECK)
    size = len(deck)

    def share(count: int) -> Fraction:
        return Fraction(count, size)

    ace = share(sum(rank(c) == "1" for c in deck))
    two = share(sum(rank(c) == "2" for c in deck))
    mad_hit = share(sum(odd(c) for c in deck)) if mad else ZERO
    sectors = {}
    for name in MAIN:
        own = [c for c in deck if sector_of(c) == name]
        strike = ace + two + mad_hit if name == alien else ZERO
        sectors[name] = SectorOdds(share(sum(effect(c) == "move" for c in own)),
                                   share(sum(effect(c) == "drop" for c in own)), strike)
    return Odds(size, sectors, {3: ace, 2: two, 1: mad_hit})

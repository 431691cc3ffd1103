"""The Spanish 40-card deck as Alien 1979 uses it, and the six places on the board.

A card is a two-letter id: its rank (`1` the As .. `7`, `s` Sota, `c` Caballo,
`r` Rey) then its suit (`b` bastos, `e` espadas, `o` oros, `c` copas): `4e`,
`1o`, `rb`. The 28 number cards are the Alien deck; the 12 figures are the
codes. The four main sectors carry the suits' names; MADRE and the Auxiliary
ship (`nave`) are the other two places.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Iterable, Sequence

SUITS = ("b", "e", "o", "c")  # the rule text's order: BASTOS, ESPADAS, OROS, COPAS
MAIN = ("bastos", "espadas", "oros", "copas")
MADRE, NAVE = "madre", "nave"
SECTORS = MAIN + (MADRE, NAVE)
SECTOR_OF_SUIT = dict(zip(SUITS, MAIN))

NUMBERS = ("1", "2", "3", "4", "5", "6", "7")
FIGURE_RANKS = ("s", "c", "r")  # Sota, Caballo, Rey
RANKS = NUMBERS + FIGURE_RANKS
REY = "r"

ALIEN_DECK = tuple(r + s for s in SUITS for r in NUMBERS)  # 28
FIGURES = tuple(r + s for s in SUITS for r in FIGURE_RANKS)  # 12: the codes
DECK = ALIEN_DECK + FIGURES  # 40

# What `chance.draw` draws from, as a journal names it.
ALIEN = "alien"  # the Alien deck
CODES = "codes"  # a face-down code of the sector a player stands in
PILE = "pile"  # the entered codes, set aside (boarding, the countdown)
ALL_CODES = "figures"  # the 12 figures (house rule board_from_all_codes)
START = "sectors"  # where the Alien starts, when the app chooses

HAND_LIMIT = 4
MAX_MARKERS = 5
ACTIONS = 2
STRIKE = {"1": 3, "2": 2}  # markers an As or a 2 gives
COUNTDOWN = {"s": 2, "c": 3, "r": 4}  # the countdown's length, by the figure drawn

_ORDER = {card: n for n, card in enumerate(r + s for s in SUITS for r in RANKS)}


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def sector_of(card: str) -> str:
    """The main sector a card's suit names."""
    return SECTOR_OF_SUIT[suit(card)]


def effect(card: str) -> str:
    """What an Alien card does: "move" (4, 6), "drop" (3, 5, 7), "strike" (As, 2)."""
    r = rank(card)
    if r in ("4", "6"):
        return "move"
    if r in ("3", "5", "7"):
        return "drop"
    return "strike"


def odd(card: str) -> bool:
    """3, 5 and 7: the odd cards that also strike once the Alien is mad (the As strikes anyway)."""
    return effect(card) == "drop"


def ordered(cards: Iterable[str]) -> list[str]:
    """Cards in deck order: bastos, espadas, oros, copas; As to Rey."""
    return sorted(cards, key=_ORDER.__getitem__)


def capacity(players: int) -> int:
    """The Auxiliary ship holds half the players who sat down, rounded down."""
    return players // 2


def needs_pairs(players: int) -> bool:
    """5 to 8 players enter two pairs; 2 to 4 a trio."""
    return players >= 5


def valid_codes(cards: Sequence[str], players: int) -> bool:
    """A trio of one figure (2-4 players), or two pairs (5-8: four of one figure count as two pairs)."""
    if len(set(cards)) != len(cards) or not all(c in FIGURES for c in cards):
        return False
    counts = sorted(Counter(rank(c) for c in cards).values())
    if needs_pairs(players):
        return counts in ([2, 2], [4])
    return counts == [3]


def code_sets(hand: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every set of cards of `hand` that enters the codes, in deck order."""
    size = 4 if needs_pairs(players) else 3
    return [combo for combo in combinations(ordered(hand), size) if valid_codes(combo, players)]

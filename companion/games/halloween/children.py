"""The eight children: names as the table says them, and what their
abilities change. Positions are not modelled (the board is physical), so an
ability here is only what the referee must know: how far a roll moves, and
what a landing square gives."""

from __future__ import annotations

from companion.core.notation import fold

CHILDREN = ("montse", "simoncito", "jorgito", "david", "rosa", "miguelin", "lucia", "eduardito")

NAMES = {
    "montse": "Montse", "simoncito": "Simoncito", "jorgito": "Jorgito", "david": "David",
    "rosa": "Rosa", "miguelin": "Miguelín", "lucia": "Lucía", "eduardito": "Eduardito",
}

# Movement abilities (the roll step).
DOUBLES = "montse"      # may move twice the roll
HALVES = "david"        # must move half the roll, rounded up
REROLLS = "lucia"       # may roll once more and must keep the second roll
# Landing abilities.
ACTION_TWO = "simoncito"    # action square: may draw two cards
ACTION_PICK = "miguelin"    # action square: takes two, keeps one, one to the bottom
START_DRAW = "rosa"         # own start square: may draw a card
START_PICK = "eduardito"    # own start square: takes two, keeps one, one to the bottom
HOPS = "jorgito"            # neutral square: may step onto the nearest coloured house


def child_id(word: str) -> str | None:
    """The child a typed word names (case and accents aside: 'Miguelín' is miguelin), or None."""
    name = fold(word)
    return name if name in CHILDREN else None


def distance(child: str, roll: int) -> int:
    """How far a roll moves this child before Montse's optional double."""
    return (roll + 1) // 2 if child == HALVES else roll


def half_up(value: int) -> int:
    """Half, rounded up: David's move and cards 7, 8 and 16."""
    return (value + 1) // 2

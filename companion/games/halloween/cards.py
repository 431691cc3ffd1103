"""The 17 action cards and the 18 treat cards.

Each action card is played at one moment only (its text says when); the
referee offers it then and refuses it otherwise. Treat cards are physical:
their content stays at the table and the players report the modifier, so
the app only counts the deck to know when it is reshuffled.
"""

from __future__ import annotations

from companion.core.game import Line

ACTION_DECK = "action"
ACTION_CARDS = tuple(str(n) for n in range(1, 18))
HAND_LIMIT = 3
TREAT_CARDS = 18

ON_DRAW = frozenset({3, 5, 6, 7, 8})          # resolve when drawn, never kept
MY_TURN = frozenset({1, 2, 10})               # played at the start of your turn
AT_MY_DOOR = frozenset({4, 9, 11, 12, 13, 14, 15, 17})  # a child knocks at your door
WHEN_MOVING = frozenset({16})                 # your child knocks at someone's door

TIMING = {**{n: "on_draw" for n in ON_DRAW}, **{n: "my_turn" for n in MY_TURN},
          **{n: "knocked_at_my_door" for n in AT_MY_DOOR}, **{n: "when_moving" for n in WHEN_MOVING}}

# Door cards that work only against some children; all of them go back to start.
SENDS_HOME = {4: ("rosa", "miguelin"), 12: ("lucia", "david", "jorgito"),
              17: ("eduardito", "montse", "simoncito")}

# Door cards that end the mover's turn with no truco or trato.
TURN_LOST = frozenset({4, 9, 11, 12, 14, 17})


def fits_door(card: int, child: str) -> bool:
    """Whether the owner may play door card `card` when `child` knocks."""
    return card in AT_MY_DOOR and (card not in SENDS_HOME or child in SENDS_HOME[card])


def when(card: int) -> Line:
    """Why a card cannot be played now, in words: when it can."""
    return Line(f"halloween.error.card_when.{TIMING[card]}", {"card": card})

"""The notation of 18 fantasmas: one frozen dataclass per action, whose str()
is the canonical (English) text a save keeps, and `parse`, which reads it
back from what a table types in English, Spanish or Basque.

    r b1          place a red ghost on b1 (placement)     red b1, rojo b1, gorria b1
    b2-b3         move, fight or mirror jump              b2 b3, b2b3
    release r     release a red ghost from the dungeon    liberar r, askatu g
    d2            place the released ghost on d2
    pass          nothing is legal: pass                  pasar, paso, pasatu

Single colour letters are unambiguous across the three languages: r y b
(English), r a z (Spanish: rojo, amarillo, azul), g h u (Basque: gorria,
horia, urdina). A room is its column letter and row digit, a1..e5. `parse`
checks the shape only; whether an action is allowed now is the steps' call.
See docs/games/18-fantasmas.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Word, Words, fold, shown

from .board import CELLS, COLOURS, cell_name, cell_of

NAME = "18-fantasmas"
PASS = Word("pass")

# Every spelling of a colour (folded); the canonical one is the English letter.
COLOUR_WORDS = {
    "R": ("r", "red", "rojo", "roja", "g", "gorri", "gorria"),
    "Y": ("y", "yellow", "amarillo", "amarilla", "a", "h", "hori", "horia"),
    "B": ("b", "blue", "azul", "z", "u", "urdin", "urdina"),
}
COLOUR_OF = {fold(w): c for c, words in COLOUR_WORDS.items() for w in words}

WORDS = Words(
    NAME,
    phrases={"pass": ("pasar", "paso", "pasa", "pasatu", "igaro")},
    verbs={"release": ("liberar", "libera", "libero", "askatu", "askatzen"),
           **{c.lower(): words[1:] for c, words in COLOUR_WORDS.items()}},
    examples=("r b1", "b2-b3", "release r", "d2", "pass"),
    # A colour is its letter in the table's language too: rojo, amarillo, azul; gorria, horia, urdina.
    spellings={"es": {"pass": "pasar", "release": "liberar", "y": "a", "b": "z"},
               "eu": {"pass": "pasatu", "release": "askatu", "r": "g", "y": "h", "b": "u"}},
    arguments={"es": {"y": "a", "b": "z"}, "eu": {"r": "g", "y": "h", "b": "u"}},
)

_ROOM = r"[a-z]\d{1,3}"
_STEP = re.compile(rf"^({_ROOM})\s*(?:-+|>|->|x)?\s*({_ROOM})$")
_ONE_ROOM = re.compile(rf"^{_ROOM}$")


@dataclass(frozen=True)
class Place:
    """`r b1`: a ghost of the player's hand onto a room of its colour (placement)."""

    colour: str
    cell: int

    def __str__(self) -> str:
        return f"{self.colour.lower()} {cell_name(self.cell)}"


@dataclass(frozen=True)
class Step:
    """`b2-b3`: one ghost to another room; a move, a fight or a mirror jump by the target."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"{cell_name(self.src)}-{cell_name(self.dst)}"


@dataclass(frozen=True)
class Release:
    """`release r`: a ghost of the player's dungeon, given to the opponent to place."""

    colour: str

    def __str__(self) -> str:
        return f"release {self.colour.lower()}"


@dataclass(frozen=True)
class Put:
    """`d2`: where the released ghost goes (its colour is known)."""

    cell: int

    def __str__(self) -> str:
        return cell_name(self.cell)


Action = Place | Step | Release | Put | Word


def room(word: str, text: str) -> int:
    """A room as typed (`b1`), or a refusal naming it."""
    cell = cell_of(word)
    if cell is None:
        raise InvalidActionError(Line(f"{NAME}.error.no_room", {"room": shown(word, 12)}), text=text)
    return cell


def parse(text: str) -> Action:
    words = WORDS.split(text)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    joined = " ".join(words)
    step = _STEP.match(joined)
    if step:
        return Step(room(step.group(1), text), room(step.group(2), text))
    if _ONE_ROOM.match(joined):
        return Put(room(joined, text))
    verb = WORDS.verb(words[0])
    if verb == "release":
        if len(words) != 2 or words[1] not in COLOUR_OF:
            raise WORDS.shape(text, "release r")
        return Release(COLOUR_OF[words[1]])
    if words[0] in COLOUR_OF:
        if len(words) != 2 or not _ONE_ROOM.match(words[1]):
            raise WORDS.shape(text, "r b1")
        return Place(COLOUR_OF[words[0]], room(words[1], text))
    raise WORDS.unknown(text, words)


def from_tuple(action: Any) -> Action:
    """The AI's action tuples as actions: ("place", colour, cell), ("step", from, to),
    ("release", colour), ("put", cell), ("pass",). Cells are 0..24."""
    try:
        kind, *args = action
        if kind == "pass" and not args:
            return PASS
        if kind == "place" and args[0] in COLOURS and args[1] in CELLS and len(args) == 2:
            return Place(args[0], args[1])
        if kind == "step" and len(args) == 2 and all(a in CELLS for a in args):
            return Step(args[0], args[1])
        if kind == "release" and len(args) == 1 and args[0] in COLOURS:
            return Release(args[0])
        if kind == "put" and len(args) == 1 and args[0] in CELLS:
            return Put(args[0])
    except (TypeError, ValueError, IndexError):
        pass
    raise InvalidActionError(Line(f"{NAME}.error.not_an_action", {"action": shown(repr(action))}))


def to_tuple(action: Action) -> tuple:
    """An action as the AI's tuple (the inverse of `from_tuple`)."""
    if isinstance(action, Place):
        return ("place", action.colour, action.cell)
    if isinstance(action, Step):
        return ("step", action.src, action.dst)
    if isinstance(action, Release):
        return ("release", action.colour)
    if isinstance(action, Put):
        return ("put", action.cell)
    return ("pass",)

"""The notation: one frozen dataclass per action, whose str() is the
canonical text, and `parse` that reads it back (Spanish colour names and
accented child names are accepted too). See docs/games/halloween.md."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import InvalidActionError

from .children import CHILDREN, child_id, key

COLOURS = ("red", "green", "yellow", "orange", "blue")
COLOUR_ALIASES = {"rojo": "red", "verde": "green", "amarillo": "yellow", "naranja": "orange", "azul": "blue",
                  "gorria": "red", "berdea": "green", "horia": "yellow", "laranja": "orange", "urdina": "blue"}
SQUARES = COLOURS + ("neutral", "action", "start")
FEES = ("1", "2", "card", "none")


@dataclass(frozen=True)
class Colour:
    seat: int
    colour: str

    def __str__(self) -> str:
        return f"colour {self.seat} {self.colour}"


@dataclass(frozen=True)
class Youngest:
    seat: int

    def __str__(self) -> str:
        return f"youngest {self.seat}"


@dataclass(frozen=True)
class SecretChild:
    """`child SEAT NAME`, or `child SEAT later` (the card is revealed when needed)."""

    seat: int
    child: str | None

    def __str__(self) -> str:
        return f"child {self.seat} {self.child or 'later'}"


@dataclass(frozen=True)
class Word:
    """An action that is a single fixed phrase: roll, end, truco, withdraw..."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Move:
    child: str

    def __str__(self) -> str:
        return f"move {self.child}"


@dataclass(frozen=True)
class Land:
    square: str

    def __str__(self) -> str:
        return f"land {self.square}"


@dataclass(frozen=True)
class Hop:
    colour: str

    def __str__(self) -> str:
        return f"hop {self.colour}"


@dataclass(frozen=True)
class Card:
    """`discard N` or `keep N`: one card of the hand or of the two looked at."""

    verb: str
    card: int

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"


@dataclass(frozen=True)
class Give:
    """`give SEAT` (card 8's candies) or `give card N` (a helper's fee)."""

    seat: int = 0
    card: int = 0

    def __str__(self) -> str:
        return f"give card {self.card}" if self.card else f"give {self.seat}"


@dataclass(frozen=True)
class Play:
    """`play N`, `play 2 SEAT` (against a player), `play 10 CHILD` (freeze)."""

    card: int
    seat: int = 0
    child: str = ""

    def __str__(self) -> str:
        return f"play {self.card}" + (f" {self.seat}" if self.seat else "") + (f" {self.child}" if self.child else "")


@dataclass(frozen=True)
class Number:
    """`claim N`, `reveal N`, `defend SEAT`, `crying SEAT` (0 is `crying none`)."""

    verb: str
    value: int

    def __str__(self) -> str:
        if self.verb == "crying" and self.value == 0:
            return "crying none"
        return f"{self.verb} {self.value}"


@dataclass(frozen=True)
class Helper:
    seat: int
    fee: str  # "1", "2", "card" or "none"

    def __str__(self) -> str:
        return f"helper {self.seat} no fee" if self.fee == "none" else f"helper {self.seat} fee {self.fee}"


@dataclass(frozen=True)
class Says:
    truth: bool

    def __str__(self) -> str:
        return f"says {'true' if self.truth else 'false'}"


@dataclass(frozen=True)
class Treat:
    child: int
    owner: int

    def __str__(self) -> str:
        return f"treat {self.child} {self.owner}"


@dataclass(frozen=True)
class Rip:
    child: str

    def __str__(self) -> str:
        return f"rip {self.child}"


@dataclass(frozen=True)
class Bids:
    """What the opened hands show: attacker first, then defenders in order."""

    values: tuple[int, ...]

    def __str__(self) -> str:
        return "bids " + " ".join(map(str, self.values))


@dataclass(frozen=True)
class Bid:
    """One hidden bid, typed masked: `bid SEAT N`."""

    seat: int
    amount: int

    def __str__(self) -> str:
        return f"bid {self.seat} {self.amount}"


WORDS = ("deal", "roll", "double", "reroll", "stuck", "stay", "draw", "pass", "end", "truco", "trato",
         "believe", "disbelieve", "withdraw", "no defenders")

ALLOWED = ("Actions: colour SEAT COLOUR, youngest SEAT, child SEAT NAME|later, deal, move CHILD, roll, "
           "double, reroll, land COLOUR|neutral|action|start, stuck, hop COLOUR, stay, draw, discard N, "
           "keep N, pass, give SEAT, give card N, play N [SEAT|CHILD], end, truco, trato, claim N, believe, "
           "disbelieve, helper SEAT fee 1|2|card, helper SEAT no fee, says true|false, reveal N, "
           "treat N N, rip CHILD, defend SEAT, withdraw, no defenders, bids N N..., bid SEAT N, "
           "crying SEAT|none.")


def _int(text: str, raw: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidActionError(f"{raw!r}: {text!r} is not a whole number.", text=raw, allowed=ALLOWED) from None


def _child(word: str, raw: str) -> str:
    child = child_id(word)
    if child is None:
        raise InvalidActionError(f"{raw!r}: there is no child called {word!r}.", text=raw,
                                 allowed="The children: " + ", ".join(CHILDREN) + ".")
    return child


def _colour(word: str, raw: str) -> str:
    colour = COLOUR_ALIASES.get(key(word), key(word))
    if colour not in COLOURS:
        raise InvalidActionError(f"{raw!r}: {word!r} is not a colour of the board.", text=raw,
                                 allowed="The colours: " + ", ".join(COLOURS) + ".")
    return colour


def parse(text: str):
    raw = text
    words = ["colour" if w == "color" else w for w in key(text).split()]
    if not words:
        raise InvalidActionError("Nothing was typed.", text=raw, allowed=ALLOWED)
    phrase = " ".join(words)
    if phrase in WORDS:
        return Word(phrase)
    head, args = words[0], words[1:]
    n = len(args)
    if head == "colour" and n == 2:
        return Colour(_int(args[0], raw), _colour(args[1], raw))
    if head == "youngest" and n == 1:
        return Youngest(_int(args[0], raw))
    if head == "child" and n == 2:
        return SecretChild(_int(args[0], raw), None if args[1] == "later" else _child(args[1], raw))
    if head == "move" and n == 1:
        return Move(_child(args[0], raw))
    if head == "land" and n == 1:
        square = COLOUR_ALIASES.get(args[0], args[0])
        if square not in SQUARES:
            raise InvalidActionError(f"{raw!r}: a child lands on a colour, neutral, action or start.",
                                     text=raw, allowed="Like: land red, land neutral, land action, land start.")
        return Land(square)
    if head == "hop" and n == 1:
        return Hop(_colour(args[0], raw))
    if head in ("discard", "keep") and n == 1:
        return Card(head, _int(args[0], raw))
    if head == "give" and n == 2 and args[0] == "card":
        return Give(card=_int(args[1], raw))
    if head == "give" and n == 1:
        return Give(seat=_int(args[0], raw))
    if head == "play" and 1 <= n <= 2:
        card = _int(args[0], raw)
        if n == 1:
            return Play(card)
        if args[1].lstrip("-").isdigit():
            return Play(card, seat=_int(args[1], raw))
        return Play(card, child=_child(args[1], raw))
    if head in ("claim", "reveal", "defend") and n == 1:
        return Number(head, _int(args[0], raw))
    if head == "crying" and n == 1:
        return Number("crying", 0 if args[0] == "none" else _int(args[0], raw))
    if head == "helper" and n == 3 and args[1:] == ["no", "fee"]:
        return Helper(_int(args[0], raw), "none")
    if head == "helper" and n == 3 and args[1] == "fee" and args[2] in FEES:
        return Helper(_int(args[0], raw), args[2])
    if head == "helper" and n == 2 and args[0] == "says" and args[1] in ("true", "false"):
        return Says(args[1] == "true")
    if head == "says" and n == 1 and args[0] in ("true", "false"):
        return Says(args[0] == "true")
    if head == "treat" and n == 2:
        return Treat(_int(args[0], raw), _int(args[1], raw))
    if head == "rip" and n == 1:
        return Rip(_child(args[0], raw))
    if head == "bids" and n >= 1:
        return Bids(tuple(_int(a, raw) for a in args))
    if head == "bid" and n == 2:
        return Bid(_int(args[0], raw), _int(args[1], raw))
    raise InvalidActionError(f"{raw!r} is not a Halloween action.", text=raw, allowed=ALLOWED)

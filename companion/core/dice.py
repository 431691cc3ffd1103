"""Dice and decks: every random thing a game needs, drawn from a seeded
source or typed in from the table's physical dice and cards.

Rules never call `random` themselves. They ask a `Chance` for a roll or a
draw; the session hands them one that either rolls (and records what it
rolled) or replays what a journal recorded, so loading a game never rerolls.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Collection, Protocol, Sequence

from .errors import IllegalActionError, InvalidActionError
from .lines import Line
from .notation import MAX_DIGITS, shown

_DICE_RE = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class DiceSpec:
    """`count` dice of `sides` faces plus a fixed modifier, e.g. 2d6 or d8+1."""

    count: int
    sides: int
    modifier: int = 0

    def __str__(self) -> str:
        text = f"{self.count if self.count > 1 else ''}d{self.sides}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text

    @property
    def low(self) -> int:
        return self.count + self.modifier

    @property
    def high(self) -> int:
        return self.count * self.sides + self.modifier


def parse_dice(expr: str) -> DiceSpec:
    """Read `d6`, `2d6`, `d8`, `3d6+2`... or say what a dice expression looks like."""
    match = _DICE_RE.match(expr or "")
    if not match:
        raise InvalidActionError(Line("error.dice.expression", {"text": shown(expr or "")}), text=expr)
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if not 1 <= count <= 100:
        raise InvalidActionError(Line("error.dice.count", {"text": shown(expr)}), text=expr)
    if not 2 <= sides <= 1000:
        raise InvalidActionError(Line("error.dice.sides", {"text": shown(expr)}), text=expr)
    return DiceSpec(count, sides, modifier)


def check_face(spec: DiceSpec, value: int) -> int:
    """Range-check one physical die face; the refusal says what a die shows."""
    if not 1 <= value <= spec.sides:
        raise IllegalActionError(Line("error.dice.face", {"sides": spec.sides, "value": value}))
    return value


@dataclass(frozen=True, slots=True)
class Draw:
    """One recorded piece of chance: a roll of `what` dice or a draw from deck `what`."""

    kind: str  # "roll" or "draw"
    what: str  # dice spec ("2d6") or deck name
    values: tuple  # die faces (ints) or the card drawn (one str)
    source: str = "app"  # "app" or "table"

    def to_toml(self) -> dict:
        return {"kind": self.kind, "what": self.what, "values": list(self.values), "source": self.source}

    @classmethod
    def from_toml(cls, data: dict) -> "Draw":
        return cls(str(data["kind"]), str(data["what"]), tuple(data["values"]), str(data.get("source", "app")))


class Chance(Protocol):
    """What rules see: ask for a roll or a card, get the result."""

    def roll(self, dice: str) -> tuple[int, ...]: ...

    def draw(self, deck: str, cards: Sequence[str], held: Collection[str] = ()) -> str: ...


class ReplayMismatch(Exception):
    """A journal asks replay for chance that the game no longer asks for.

    `line` says how, for the damaged-save message."""

    def __init__(self, line: Line) -> None:
        super().__init__(line.id)
        self.line = line


@dataclass
class LiveChance:
    """Rolls and draws for a live action, recording everything it gives out.

    `table` holds values typed from the physical dice or cards, used before
    the seeded source: a die face is range-checked, a card must be one that
    can still be drawn.
    """

    rng: random.Random
    table: list[str] = field(default_factory=list)
    records: list[Draw] = field(default_factory=list)

    def roll(self, dice: str) -> tuple[int, ...]:
        spec = parse_dice(dice)
        if self.table:
            faces = []
            for _ in range(spec.count):
                if not self.table:
                    raise IllegalActionError(Line("error.dice.too_few", {"count": spec.count, "dice": str(spec)}))
                raw = self.table.pop(0)
                if not (raw.isdecimal() and len(raw) <= MAX_DIGITS):  # "²" is a digit int() refuses
                    raise IllegalActionError(Line("error.dice.not_a_face", {"text": shown(raw, 12),
                                                                             "sides": spec.sides}))
                face = int(raw)
                faces.append(check_face(spec, face))
            result = tuple(faces)
            source = "table"
        else:
            result = tuple(self.rng.randint(1, spec.sides) for _ in range(spec.count))
            source = "app"
        self.records.append(Draw("roll", str(spec), result, source))
        return result

    def draw(self, deck: str, cards: Sequence[str], held: Collection[str] = ()) -> str:
        """A card of `cards` (the table's, typed after `@`, or the app's). A table card that is not
        there is refused; the game master reads what is left, the table only why (`held`: the
        cards in somebody's hand, "that card is already someone's"): what is left tells the hands."""
        if not cards:
            raise IllegalActionError(Line("error.deck.empty", {"deck": deck_name(deck)}))
        if self.table:
            raw = self.table.pop(0)
            match = [c for c in cards if c.casefold() == raw.casefold()]
            if not match:
                holds = ", ".join(sorted(set(cards)))
                said = {"text": shown(raw, 20), "deck": deck_name(deck)}
                someone = any(c.casefold() == raw.casefold() for c in held)
                raise IllegalActionError(Line("error.deck.not_there", {**said, "cards": holds}),
                                         public_line=Line("error.deck.held" if someone else "error.deck.gone", said))
            card, source = match[0], "table"
        else:
            card, source = self.rng.choice(list(cards)), "app"
        self.records.append(Draw("draw", deck, (card,), source))
        return card

    def leftover(self) -> None:
        """Refuse table values the action never used: they were a mistake."""
        if self.table:
            left = " ".join(self.table)
            raise IllegalActionError(Line("error.dice.left_over", {"left": shown(left)}))


@dataclass
class ReplayChance:
    """Gives back exactly what a journal recorded; never rolls."""

    recorded: list[Draw]
    position: int = 0

    def _next(self, kind: str, what: str) -> Draw:
        if self.position >= len(self.recorded):
            raise ReplayMismatch(Line("error.replay.missing", {"kind": kind, "what": what}))
        draw = self.recorded[self.position]
        if draw.kind != kind or draw.what != what:
            raise ReplayMismatch(Line("error.replay.other", {"held": f"{draw.kind} {draw.what}",
                                                             "asked": f"{kind} {what}"}))
        self.position += 1
        return draw

    def roll(self, dice: str) -> tuple[int, ...]:
        spec = parse_dice(dice)
        draw = self._next("roll", str(spec))
        if len(draw.values) != spec.count or not all(type(v) is int and 1 <= v <= spec.sides for v in draw.values):
            raise ReplayMismatch(Line("error.replay.faces", {"values": shown(str(list(draw.values))),
                                                             "dice": str(spec)}))
        return tuple(draw.values)

    def draw(self, deck: str, cards: Sequence[str], held: Collection[str] = ()) -> str:
        draw = self._next("draw", deck)
        card = draw.values[0] if len(draw.values) == 1 else None
        if not isinstance(card, str) or card not in cards:
            raise ReplayMismatch(Line("error.replay.card", {"card": shown(str(card), 20), "deck": deck}))
        return card

    @property
    def records(self) -> list[Draw]:
        return self.recorded[: self.position]

    def leftover(self) -> None:
        if self.position != len(self.recorded):
            raise ReplayMismatch(Line("error.replay.left_over"))


def split_table_values(text: str) -> tuple[str, list[str]]:
    """Split `notation @ 3 5` into the notation and the physical values typed.

    Only a standalone `@` separates, so a word holding `@` stays notation.
    """
    tokens = text.split()
    if "@" not in tokens:
        return " ".join(tokens), []
    at = tokens.index("@")
    return " ".join(tokens[:at]), tokens[at + 1 :]


def roll_expression(expr: str, rng: random.Random) -> tuple[DiceSpec, tuple[int, ...], int]:
    """Roll a free dice expression (for the dice screen and `companion roll`)."""
    spec = parse_dice(expr)
    faces = tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
    return spec, faces, sum(faces) + spec.modifier


def deck_name(deck: str) -> Line | str:
    """A deck as the table calls it (`deck.<name>` in the packs: "el mazo del Alien"), never
    the journal's own name for it (`alien`, `pile`); a deck the packs do not name (a test's)
    keeps its own."""
    from .language import template  # the language module reads packs; it never imports this one

    line_id = f"deck.{deck.casefold()}"
    return Line(line_id) if template(line_id, "en") != line_id else deck

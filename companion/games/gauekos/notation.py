"""Gauekos notation: one short line per thing the Kontalari records.

Actions are frozen dataclasses whose `str()` is the canonical notation, so
`parse(str(action)) == action`. Seats are numbers from 1. Parsing only
checks the shape of a line; whether it is allowed now is the rules' call.
Every spelling is declared once in `WORDS`; see docs/games/gauekos.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import ClassVar

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Word, Words, number, shown

from .roles import GAUEKO, ROLES, SPECIALS, recommended_gauekos, role_key

# Verbs that name one seat: `victim 4` (their canonical spelling is the Target's verb).
SEAT_VERBS = ("sorgina", "victim", "death", "grief", "shoot", "successor", "mayor", "tiebreak")

WORDS = Words(
    "gauekos",
    phrases={
        "deal": ("reparte", "banatu"), "start": ("empezar", "hasi"), "keep": (), "done": ("ok",),
        "pass": ("phantom",), "later": ("mayor later",), "no agreement": ("none", "victim none"),
        "caught": ("caught spying",), "life": ("life spell",), "no life": (), "no death": (),
        "no shot": ("shoot none",), "no lynch": (), "vote again": ("again",), "night": (),
    },
    verbs={
        "sorgina": ("inspect",), "victim": ("kill",), "death": (), "grief": (), "shoot": (), "successor": (),
        "mayor": ("elect",), "tiebreak": (), "deck": (), "role": (), "take": (), "lovers": (), "runoff": (),
        "vote": (), "votes": (),
    },
    examples=("deck gaueko 2 sorgina", "role 3 sorgina", "lovers 2 5", "victim 4", "vote 1>5 2>5",
              "votes 5:3 1:1", "runoff 1 5", "no agreement", "pass", "night"),
)


class Spelled:
    """`str()` is the verb, then the other fields in order: `role 3 sorgina`."""

    verb: ClassVar[str]  # set by each action (a field of Target's: its verb varies)

    def __str__(self) -> str:
        words = (getattr(self, f.name) for f in fields(self) if f.name != "verb")  # type: ignore[arg-type]
        return " ".join([self.verb, *map(str, words)])


@dataclass(frozen=True)
class Target(Spelled):
    """An action on one seat: `victim 4`, `shoot 2`, `mayor 7`..."""

    verb: str  # type: ignore[misc]
    seat: int


@dataclass(frozen=True)
class Deck:
    """The announced deck: how many gauekos and which special cards."""

    gauekos: int
    specials: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(["deck", GAUEKO, str(self.gauekos), *self.specials])


@dataclass(frozen=True)
class Role(Spelled):
    """The card a seat received, entered by hand."""

    verb = "role"
    seat: int
    role: str


@dataclass(frozen=True)
class Take(Spelled):
    """Samartintxiki takes one of the two leftover cards."""

    verb = "take"
    role: str


@dataclass(frozen=True)
class Pair(Spelled):
    """Two different seats, lowest first."""

    a: int
    b: int


class Lovers(Pair):
    """The two seats the Lamia enamours."""

    verb = "lovers"


class Runoff(Pair):
    """The two candidates of the runoff."""

    verb = "runoff"


@dataclass(frozen=True)
class Ballots:
    """Seat pairs in seat order, written `A>B` (per voter) or `A:N` (counts)."""

    verb: ClassVar[str] = ""
    sep: ClassVar[str] = ""
    pairs: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return " ".join([self.verb, *(f"{a}{self.sep}{b}" for a, b in self.pairs)])


class Vote(Ballots):
    """Per-voter entry: (voter, target) pairs; abstainers are left out."""

    verb, sep = "vote", ">"

    @property
    def ballots(self) -> tuple[tuple[int, int], ...]:
        return self.pairs


class Votes(Ballots):
    """Counts per candidate, as the Kontalari counted the raised hands."""

    verb, sep = "votes", ":"

    @property
    def counts(self) -> tuple[tuple[int, int], ...]:
        return self.pairs


Action = Word | Target | Deck | Role | Take | Lovers | Runoff | Vote | Votes

_PAIR = re.compile(r"^(\d+)([>:])(\d+)$")
# How each verb is written, for "write it like" (a seat verb not listed: `victim 3`).
EXAMPLES = {"vote": "vote 1>5 2>5 3>1", "votes": "votes 5:4 1:2", "lovers": "lovers 2 5", "runoff": "runoff 2 5",
            "role": "role 3 sorgina", "take": "take gaueko"}


def example(verb: str) -> str:
    return EXAMPLES.get(verb, f"{verb} 3")


def _bad(text: str, line: str, **values: object) -> InvalidActionError:
    """`text` is not written right: `gauekos.error.notation.<line>` says how."""
    return InvalidActionError(Line(f"gauekos.error.notation.{line}", {"text": repr(shown(text)), **values}),
                              text=text)


def _seat(text: str, word: str, verb: str) -> int:
    if not word.isdigit():
        raise _bad(text, "seat", word=repr(shown(word, 12)), example=example(verb))
    return number(word, text)


def _pairs(text: str, kind: type[Ballots], words: list[str]) -> Ballots:
    pairs = []
    like = example(kind.verb)
    for word in words:
        match = _PAIR.match(word)
        if not match or match.group(2) != kind.sep:
            shape = f"SEAT{kind.sep}{'SEAT' if kind is Vote else 'COUNT'}"
            raise _bad(text, "pair", word=repr(shown(word, 12)), shape=shape, example=like)
        pairs.append((number(match.group(1), text), number(match.group(3), text)))
    firsts = [p[0] for p in pairs]
    if len(set(firsts)) != len(firsts):
        raise _bad(text, "twice.voter" if kind is Vote else "twice.candidate", example=like)
    return kind(tuple(sorted(pairs)))


def _card(text: str, word: str, line: str) -> str:
    role = role_key(word)
    if role is None:
        raise _bad(text, line, word=repr(shown(word, 12)), cards=", ".join(ROLES))
    return role


def _deck(text: str, words: list[str], players: int) -> Deck:
    gauekos: int | None = None
    specials: set[str] = set()
    index = 0
    while index < len(words):
        role = _card(text, words[index], "deck_card")
        count = None
        if index + 1 < len(words) and words[index + 1].isdigit():
            count = number(words[index + 1], text)
            index += 1
        index += 1
        if role == GAUEKO:
            if gauekos is not None:
                raise _bad(text, "gaueko_twice")
            gauekos = 1 if count is None else count
        elif role in SPECIALS:
            if count not in (None, 1):
                raise _bad(text, "one_special", card=role)
            specials.add(role)
        else:
            raise _bad(text, "campesinos")
    if gauekos is None:
        gauekos = recommended_gauekos(players)
    return Deck(gauekos, tuple(s for s in SPECIALS if s in specials))


def parse(text: str, players: int) -> Action:
    """Read one line of Gauekos notation (`players` fills in the recommended gaueko count)."""
    words = WORDS.split(text)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    verb, rest = WORDS.verb(words[0]), words[1:]
    if verb in SEAT_VERBS and len(rest) == 1:
        return Target(verb, _seat(text, rest[0], verb))
    if verb == "deck":
        return _deck(text, rest, players)
    if verb == "role" and len(rest) == 2:
        return Role(_seat(text, rest[0], verb), _card(text, rest[1], "role_card"))
    if verb == "take" and len(rest) == 1:
        return Take(_card(text, rest[0], "take_card"))
    if verb in ("lovers", "runoff") and len(rest) == 2:
        a, b = (_seat(text, w, verb) for w in rest)
        if a == b:
            raise _bad(text, "same_seat", verb=verb)
        return (Lovers if verb == "lovers" else Runoff)(min(a, b), max(a, b))
    if verb in ("vote", "votes"):
        return _pairs(text, Vote if verb == "vote" else Votes, rest)
    if verb is not None:
        raise WORDS.shape(text, example(verb))  # a known verb with the wrong words: `lovers 3`
    refusal = WORDS.unknown(text, words)  # "did you mean ...?" when something is close
    if refusal.line.id == "error.notation.unknown":  # nothing is: every Gauekos action
        raise _bad(text, "unknown", help=Line("gauekos.notation.help"))
    raise refusal

"""Gauekos notation: one short line per thing the Kontalari records.

Actions are frozen dataclasses whose `str()` is the canonical notation, so
`parse(str(action)) == action`. Seats are numbers from 1 (or a player's name, read as their seat). Parsing only
checks the shape of a line; whether it is allowed now is the rules' call.
Every spelling is declared once in `WORDS`; see docs/games/gauekos.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import ClassVar, Sequence

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Word, Words, fold, number, shown

from .roles import GAUEKO, ROLES, SPECIALS, recommended_gauekos, role_key

# Verbs that name one seat: `victim 4` (their canonical spelling is the Target's verb).
SEAT_VERBS = ("sorgina", "victim", "death", "grief", "shoot", "successor", "mayor", "tiebreak")

WORDS = Words(
    "gauekos",
    # Each canonical word, then its other spellings: English, then Spanish, then Basque (folded:
    # `víctima` is `victima`). A save always keeps the canonical word.
    phrases={
        "deal": ("reparte", "repartir", "banatu"), "start": ("empezar", "empieza", "hasi"),
        "keep": ("quedarse", "gorde"), "done": ("ok", "hecho", "listo", "eginda"),
        "pass": ("phantom", "pasar", "pasa", "pasatu"), "later": ("mayor later", "luego", "mas tarde", "geroago"),
        "no agreement": ("none", "victim none", "sin acuerdo", "adostasunik ez"),
        "caught": ("caught spying", "pillada", "harrapatuta"), "life": ("life spell", "vida", "bizia"),
        "no life": ("guardar vida", "bizia gorde"), "no death": ("guardar muerte", "heriotza gorde"),
        "no shot": ("shoot none", "no dispara", "tirorik ez"), "no lynch": ("sin linchar", "lintxatu gabe"),
        "vote again": ("again", "votar otra vez", "berriro bozkatu"), "night": ("noche", "gaua"),
        "shown": ("card shown", "carta mostrada", "mostrada", "karta erakutsita", "erakutsita"),
        "close": ("close call", "cerrar", "cerrar turno", "itxi", "txanda itxi"),
    },
    verbs={
        "sorgina": ("inspect",), "victim": ("kill", "victima", "biktima"), "death": ("muerte", "heriotza"),
        "grief": ("pena", "atsekabea"), "shoot": ("dispara", "disparo", "tiro"),
        "successor": ("sucesor", "ondorengoa"), "mayor": ("elect", "pariente", "ahaide"),
        "tiebreak": ("desempate", "berdinketa"), "deck": ("mazo", "sorta"), "role": ("carta", "karta"),
        "take": ("toma", "tomar", "hartu"), "lovers": ("enamorados", "maitaleak"),
        "runoff": ("candidatos", "hautagaiak"), "vote": ("voto", "botoa"), "votes": ("votos", "botoak"),
    },
    seats={**{verb: (0,) for verb in SEAT_VERBS}, "role": (0,), "lovers": (0, 1), "runoff": (0, 1)},
    examples=("deck gaueko 2 sorgina", "role 3 sorgina", "lovers 2 5", "victim 4", "vote 1>5 2>5",
              "votes 5:3 1:1", "runoff 1 5", "no agreement", "pass", "night"),
    # How a table writes each canonical word in its language (each one a spelling above): a
    # screen shows notation so; a save keeps the canonical word.
    spellings={
        "es": {"victim": "víctima", "mayor": "pariente", "lovers": "enamorados", "death": "muerte", "grief": "pena",
               "shoot": "dispara", "successor": "sucesor", "tiebreak": "desempate", "runoff": "candidatos",
               "vote": "voto", "votes": "votos", "deck": "mazo", "role": "carta", "take": "toma",
               "no agreement": "sin acuerdo", "no shot": "no dispara", "later": "luego", "pass": "pasar",
               "done": "hecho", "caught": "pillada", "life": "vida", "no life": "guardar vida",
               "no death": "guardar muerte", "keep": "quedarse", "no lynch": "sin linchar",
               "vote again": "votar otra vez", "night": "noche", "deal": "reparte", "start": "empezar",
               "shown": "carta mostrada", "close": "cerrar"},
        "eu": {"victim": "biktima", "mayor": "ahaide", "lovers": "maitaleak", "death": "heriotza", "grief": "atsekabea",
               "shoot": "tiro", "successor": "ondorengoa", "tiebreak": "berdinketa", "runoff": "hautagaiak",
               "vote": "botoa", "votes": "botoak", "deck": "sorta", "role": "karta", "take": "hartu",
               "no agreement": "adostasunik ez", "no shot": "tirorik ez", "later": "geroago", "pass": "pasatu",
               "done": "eginda", "caught": "harrapatuta", "life": "bizia", "no life": "bizia gorde",
               "no death": "heriotza gorde", "keep": "gorde", "no lynch": "lintxatu gabe",
               "vote again": "berriro bozkatu", "night": "gaua", "deal": "banatu", "start": "hasi",
               "shown": "karta erakutsita", "close": "itxi"},
    },
    # The role ids that are not the Basque table's words (`sorta gaueko 2 ehiztaria`); read back
    # by `role_key`, whose aliases accept them in any language.
    arguments={"eu": {"campesino": "nekazaria", "cazador": "ehiztaria"}},
)


def spelled(notation: str, lang: str) -> str:
    """A canonical line written with the table's words (`lovers 2 5` -> `enamorados 2 5` in es);
    it parses back to the same action. Other languages, and anything unknown, as it is."""
    return WORDS.spelled(notation, lang)


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

_PAIR = re.compile(r"^([^>:]+)([>:])([^>:]+)$")
# How each verb is written, for "write it like" (a seat verb not listed: `victim 3`).
EXAMPLES = {"vote": "vote 1>5 2>5 3>1", "votes": "votes 5:4 1:2", "lovers": "lovers 2 5", "runoff": "runoff 2 5",
            "role": "role 3 sorgina", "take": "take gaueko"}


def example(verb: str) -> str:
    return EXAMPLES.get(verb, f"{verb} 3")


def _bad(text: str, line: str, **values: object) -> InvalidActionError:
    """`text` is not written right: `gauekos.error.notation.<line>` says how."""
    return InvalidActionError(Line(f"gauekos.error.notation.{line}", {"text": repr(shown(text)), **values}),
                              text=text)


def _seat(text: str, word: str, verb: str, names: Sequence[str] = ()) -> int:
    """A seat by its number, or by the name of the player in it (`victim Ane`: seat 5)."""
    if not word.isdigit():
        folded = [fold(name) for name in names]
        if folded.count(word) == 1:
            return folded.index(word) + 1
        raise _bad(text, "seat", word=repr(shown(word, 12)), example=WORDS.quoted(example(verb)))
    return number(word, text)


def _pairs(text: str, kind: type[Ballots], words: list[str], names: Sequence[str]) -> Ballots:
    pairs = []
    like = WORDS.quoted(example(kind.verb))
    for word in words:
        match = _PAIR.match(word)
        shape = f"SEAT{kind.sep}{'SEAT' if kind is Vote else 'COUNT'}"
        if not match or match.group(2) != kind.sep:
            raise _bad(text, "pair", word=repr(shown(word, 12)), shape=shape, example=like)
        first, second = match.group(1), match.group(3)
        try:
            seat = _seat(text, first, kind.verb, names)
            other = _seat(text, second, kind.verb, names) if kind is Vote else number(second, text)
        except InvalidActionError:
            raise _bad(text, "pair", word=repr(shown(word, 12)), shape=shape, example=like) from None
        pairs.append((seat, other))
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


def parse(text: str, players: int | Sequence[str]) -> Action:
    """Read one line of Gauekos notation. `players`: their names (a seat may be named by its
    player's name), or only how many they are (for the recommended gaueko count)."""
    names: Sequence[str] = () if isinstance(players, int) else players
    count = players if isinstance(players, int) else len(players)
    words = WORDS.split(text)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    verb, rest = WORDS.verb(words[0]), words[1:]
    if verb in SEAT_VERBS and len(rest) == 1:
        return Target(verb, _seat(text, rest[0], verb, names))
    if verb == "deck":
        return _deck(text, rest, count)
    if verb == "role" and len(rest) == 2:
        return Role(_seat(text, rest[0], verb, names), _card(text, rest[1], "role_card"))
    if verb == "take" and len(rest) == 1:
        return Take(_card(text, rest[0], "take_card"))
    if verb in ("lovers", "runoff") and len(rest) == 2:
        a, b = (_seat(text, w, verb, names) for w in rest)
        if a == b:
            raise _bad(text, "same_seat", verb=verb)
        return (Lovers if verb == "lovers" else Runoff)(min(a, b), max(a, b))
    if verb in ("vote", "votes"):
        return _pairs(text, Vote if verb == "vote" else Votes, rest, names)
    if verb in ("lovers", "runoff"):
        raise _bad(text, "two_seats", example=WORDS.quoted(example(verb)))  # `lovers 3`
    if verb is not None:
        raise WORDS.shape(text, example(verb))  # a known verb with the wrong words: `lovers 3`
    refusal = WORDS.unknown(text, words)  # "did you mean ...?" when something is close
    if refusal.line.id.startswith("error.notation.unknown"):  # nothing is: every Gauekos action
        raise InvalidActionError(refusal.line, examples=Line("gauekos.notation.help"), text=text)
    raise refusal

"""Gauekos notation: one short line per thing the Kontalari records.

Actions are frozen dataclasses whose `str()` is the canonical notation, so
`parse(str(action)) == action`. Seats are numbers from 1. Parsing only
checks the shape of a line; whether it is allowed now is the rules' call.
See docs/games/gauekos.md for the whole notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core.errors import InvalidActionError
from companion.core.game import Line

from .roles import GAUEKO, ROLES, SPECIALS, ascii_word, recommended_gauekos, role_key

# Actions that are a fixed word or two (canonical spelling -> accepted spellings).
WORDS = {
    "deal": ("deal", "reparte", "banatu"),
    "start": ("start", "empezar", "hasi"),
    "keep": ("keep",),
    "done": ("done", "ok"),
    "pass": ("pass", "phantom"),
    "later": ("later", "mayor later"),
    "no agreement": ("no agreement", "none", "victim none"),
    "caught": ("caught", "caught spying"),
    "life": ("life", "life spell"),
    "no life": ("no life",),
    "no death": ("no death",),
    "no shot": ("no shot", "shoot none"),
    "no lynch": ("no lynch",),
    "vote again": ("vote again", "again"),
    "night": ("night",),
}
_WORD_OF = {spelling: canonical for canonical, spellings in WORDS.items() for spelling in spellings}

# Actions that name one seat (canonical verb -> accepted verbs).
TARGETS = {
    "sorgina": ("sorgina", "inspect"),
    "victim": ("victim", "kill"),
    "death": ("death",),
    "grief": ("grief",),
    "shoot": ("shoot",),
    "successor": ("successor",),
    "mayor": ("mayor", "elect"),
    "tiebreak": ("tiebreak",),
}
_TARGET_OF = {verb: canonical for canonical, verbs in TARGETS.items() for verb in verbs}

NOTATION_HELP = (
    "Actions: deck gaueko N ROLES..., role SEAT ROLE, deal, start, keep, take ROLE, lovers A B, "
    "done, pass, mayor SEAT, later, sorgina SEAT, victim SEAT, no agreement, caught, life, no life, "
    "death SEAT, no death, grief SEAT, shoot SEAT, no shot, successor SEAT, vote A>B C>D..., "
    "votes SEAT:COUNT..., runoff A B, tiebreak SEAT, no lynch, vote again, night."
)


@dataclass(frozen=True)
class Word:
    """An action that is just a word: deal, start, pass, life, no lynch..."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True)
class Target:
    """An action on one seat: `victim 4`, `shoot 2`, `mayor 7`..."""

    verb: str
    seat: int

    def __str__(self) -> str:
        return f"{self.verb} {self.seat}"


@dataclass(frozen=True)
class Deck:
    """The announced deck: how many gauekos and which special cards."""

    gauekos: int
    specials: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(["deck", GAUEKO, str(self.gauekos), *self.specials])


@dataclass(frozen=True)
class Role:
    """The card a seat received, entered by hand."""

    seat: int
    role: str

    def __str__(self) -> str:
        return f"role {self.seat} {self.role}"


@dataclass(frozen=True)
class Take:
    """Samartintxiki takes one of the two leftover cards."""

    role: str

    def __str__(self) -> str:
        return f"take {self.role}"


@dataclass(frozen=True)
class Lovers:
    """The two seats the Lamia enamours (lowest seat first)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"lovers {self.a} {self.b}"


@dataclass(frozen=True)
class Runoff:
    """The two candidates of the runoff (lowest seat first)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"runoff {self.a} {self.b}"


@dataclass(frozen=True)
class Vote:
    """Per-voter entry: (voter, target) pairs in voter order; abstainers are left out."""

    ballots: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return " ".join(["vote", *(f"{v}>{t}" for v, t in self.ballots)])


@dataclass(frozen=True)
class Votes:
    """Counts per candidate, as the Kontalari counted the raised hands."""

    counts: tuple[tuple[int, int], ...]

    def __str__(self) -> str:
        return " ".join(["votes", *(f"{s}:{n}" for s, n in self.counts)])


Action = Word | Target | Deck | Role | Take | Lovers | Runoff | Vote | Votes

_PAIR = re.compile(r"^(\d+)([>:])(\d+)$")


def _bad(text: str, why: str, allowed: str = NOTATION_HELP, *, line: str, **values: object) -> InvalidActionError:
    """`line` (under gauekos.error.notation.) says `'text': why allowed` in any language."""
    values = {"text": repr(text), **values}
    if allowed == NOTATION_HELP:
        values["help"] = Line("gauekos.notation.help")
    return InvalidActionError(f"{text!r}: {why}", text=text, allowed=allowed,
                              line=Line(f"gauekos.error.notation.{line}", values))


def _seat(text: str, word: str, example: str) -> int:
    if not word.isdigit():
        raise _bad(text, f"{word!r} is not a seat number.", f"Write it like: {example}.",
                   line="seat", word=repr(word), example=example)
    return int(word)


def _pairs(text: str, words: list[str], sep: str, example: str) -> tuple[tuple[int, int], ...]:
    pairs = []
    for word in words:
        match = _PAIR.match(word)
        if not match or match.group(2) != sep:
            shape = f"SEAT{sep}{'SEAT' if sep == '>' else 'COUNT'}"
            raise _bad(text, f"{word!r} is not a {shape} pair.", f"Write it like: {example}.",
                       line="pair", word=repr(word), shape=shape, example=example)
        pairs.append((int(match.group(1)), int(match.group(3))))
    firsts = [p[0] for p in pairs]
    if len(set(firsts)) != len(firsts):
        what = "voter" if sep == ">" else "candidate"
        raise _bad(text, f"a {what} appears twice.", f"Write each {what} once, like: {example}.",
                   line=f"twice.{what}", example=example)
    return tuple(sorted(pairs))


def _deck(text: str, words: list[str], players: int) -> Deck:
    gauekos: int | None = None
    specials: set[str] = set()
    index = 0
    while index < len(words):
        role = role_key(words[index])
        if role is None:
            raise _bad(text, f"{words[index]!r} is not a card of the game.",
                       "Cards: " + ", ".join(ROLES) + ". Write it like: deck gaueko 2 sorgina cazador.",
                       line="deck_card", word=repr(words[index]), cards=", ".join(ROLES))
        count = None
        if index + 1 < len(words) and words[index + 1].isdigit():
            count = int(words[index + 1])
            index += 1
        index += 1
        if role == GAUEKO:
            if gauekos is not None:
                raise _bad(text, "the gaueko count is given twice.", "Write it like: deck gaueko 2 sorgina.",
                           line="gaueko_twice")
            gauekos = 1 if count is None else count
        elif role in SPECIALS:
            if count not in (None, 1):
                raise _bad(text, f"the box has one {role} card.", "Name each special card once.",
                           line="one_special", card=role)
            specials.add(role)
        else:
            raise _bad(text, "campesinos fill the deck by themselves.",
                       "Name the gaueko count and the special cards: deck gaueko 2 sorgina.", line="campesinos")
    if gauekos is None:
        gauekos = recommended_gauekos(players)
    return Deck(gauekos, tuple(s for s in SPECIALS if s in specials))


def parse(text: str, players: int) -> Action:
    """Read one line of Gauekos notation (`players` fills in the recommended gaueko count)."""
    words = ascii_word(text).split()
    if not words:
        raise _bad(text, "nothing was typed.", line="empty")
    joined = " ".join(words)
    if joined in _WORD_OF:
        return Word(_WORD_OF[joined])
    verb, rest = words[0], words[1:]
    if verb in _TARGET_OF and len(rest) == 1:
        canonical = _TARGET_OF[verb]
        return Target(canonical, _seat(text, rest[0], f"{canonical} 3"))
    if verb == "deck":
        return _deck(text, rest, players)
    if verb == "role" and len(rest) == 2:
        seat = _seat(text, rest[0], "role 3 sorgina")
        role = role_key(rest[1])
        if role is None:
            raise _bad(text, f"{rest[1]!r} is not a card of the game.", "Cards: " + ", ".join(ROLES) + ".",
                       line="role_card", word=repr(rest[1]), cards=", ".join(ROLES))
        return Role(seat, role)
    if verb == "take" and len(rest) == 1:
        role = role_key(rest[0])
        if role is None:
            raise _bad(text, f"{rest[0]!r} is not a card of the game.", "Write it like: take gaueko.",
                       line="take_card", word=repr(rest[0]))
        return Take(role)
    if verb in ("lovers", "runoff") and len(rest) == 2:
        a, b = (_seat(text, w, f"{verb} 2 5") for w in rest)
        if a == b:
            raise _bad(text, "name two different seats.", f"Write it like: {verb} 2 5.", line="same_seat", verb=verb)
        return (Lovers if verb == "lovers" else Runoff)(min(a, b), max(a, b))
    if verb == "vote":
        return Vote(_pairs(text, rest, ">", "vote 1>5 2>5 3>1"))
    if verb == "votes":
        return Votes(_pairs(text, rest, ":", "votes 5:4 1:2"))
    raise _bad(text, "this is not a Gauekos action.", line="unknown")

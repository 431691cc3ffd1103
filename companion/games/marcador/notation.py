"""Marcador's notation, in the table's words: `Ana +5`, `Ana 5`, `Ana -3`, `Ana =12`
(set the total), `round 5 3 0 7` (a whole round in seat order), `next`, `end round`,
`end`, `roll 3d6` (the table's own dice after `@`), and before the first turn
`start Ana` or `lots` (draw who starts).

A save keeps the canonical line: the player's name as typed and the points always
signed (`Ana +5`), so a name that looks like a verb or a number still reads back to
the same player (a name is tried before a seat number).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from companion.core.dice import parse_dice
from companion.core.errors import InvalidActionError
from companion.core.lines import Line
from companion.core.notation import Word, Words, fold, number, shown

G = "marcador"
NEXT, END_ROUND, END, LOTS = Word("next"), Word("end round"), Word("end"), Word("lots")

WORDS = Words(
    G,
    phrases={"next": ("turno", "siguiente", "txanda", "hurrengoa"),
             "end round": ("fin de ronda", "fin ronda", "erronda amaitu", "amaitu erronda"),
             "end": ("fin", "terminar", "amaiera", "amaitu"),
             "lots": ("sortear", "a suertes", "zozketa", "zozkatu")},
    verbs={"round": ("ronda", "erronda"), "roll": ("tirar", "tira", "bota"),
           "start": ("empieza", "empezar", "hasi")},
    examples=("NAME +N", "NAME -N", "NAME =N", "round N N N", "next", "end round", "end", "roll 3d6"),
    spellings={"es": {"next": "turno", "end round": "fin de ronda", "end": "fin", "lots": "sortear",
                      "round": "ronda", "roll": "tirar", "start": "empieza"},
               "eu": {"next": "txanda", "end round": "erronda amaitu", "end": "amaiera", "lots": "zozketa",
                      "round": "erronda", "roll": "bota", "start": "hasi"}},
    arguments={"es": {"NAME": "NOMBRE"}, "eu": {"NAME": "IZENA"}},
)


@dataclass(frozen=True)
class Score:
    """`NAME +N` (add), `NAME -N`, or `NAME =N` (`set`: the total becomes N)."""

    seat: int  # from 0
    name: str
    points: int
    set: bool = False

    def __str__(self) -> str:
        return f"{self.name} ={self.points}" if self.set else f"{self.name} {self.points:+d}"


@dataclass(frozen=True)
class Round:
    """`round 5 3 0 7`: every player's points for the round, in seat order; the round ends."""

    points: tuple[int, ...]

    def __str__(self) -> str:
        return "round " + " ".join(str(p) for p in self.points)


@dataclass(frozen=True)
class Roll:
    """`roll 3d6`: any dice the table rolls (shown and said; they score nothing by themselves)."""

    dice: str

    def __str__(self) -> str:
        return f"roll {self.dice}"


@dataclass(frozen=True)
class Start:
    """`start NAME`: who starts, chosen by the table."""

    seat: int
    name: str

    def __str__(self) -> str:
        return f"start {self.name}"


def signed(word: str) -> bool:
    return word[:1] in "+-=" and len(word) > 1


def find_player(players: list[str], typed: str, raw: str) -> int:
    """The seat (from 0) `typed` names: a name as written, then regardless of case, then of
    accents too (two names may differ only by an accent), then a seat number; else a refusal
    with the closest names."""
    typed = " ".join(typed.split())
    for same in (lambda n: n, str.casefold, fold):
        shown_names = [same(p) for p in players]
        if same(typed) in shown_names:
            return shown_names.index(same(typed))
    if typed.isdigit() and len(typed) <= 3 and 1 <= int(typed) <= len(players):
        return int(typed) - 1
    folded = [fold(p) for p in players]
    near = difflib.get_close_matches(fold(typed), folded, n=3, cutoff=0.5)
    if near:
        names = ", ".join(players[folded.index(n)] for n in near)
        raise InvalidActionError(Line(f"{G}.error.who_near", {"name": shown(typed, 24), "names": names}), text=raw)
    raise InvalidActionError(Line(f"{G}.error.who", {"name": shown(typed, 24), "names": ", ".join(players)}),
                             text=raw)


def points(word: str, raw: str) -> tuple[int, bool]:
    """`+5`, `5`, `-3` -> (5|-3, False); `=12` -> (12, True)."""
    if word.startswith("="):
        return number(word[1:], raw), True
    return number(word[1:] if word.startswith("+") else word, raw), False


def parse(players: list[str], text: str) -> object:
    words = WORDS.split(text)
    raw = text.split()  # names are matched as typed (a name may be all accents, or differ by one)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    named = len(raw) >= 2 and _is_player(players, " ".join(raw[:-1]))
    verb = WORDS.verb(words[0]) if words else None
    if verb == "roll" and not named:
        if len(words) != 2:
            raise WORDS.shape(text, "roll 3d6")
        return Roll(str(parse_dice(words[1])))
    if verb == "start" and not named:
        if len(raw) < 2:
            raise WORDS.shape(text, "start NAME")
        seat = find_player(players, " ".join(raw[1:]), text)
        return Start(seat, players[seat])
    if verb == "round" and not named and len(words) > 1 and all(_numeric(w) for w in words[1:]):
        return Round(tuple(number(w[1:] if w.startswith("+") else w, text) for w in words[1:]))
    if len(raw) >= 2 and (_numeric(raw[-1]) or signed(raw[-1])):
        seat = find_player(players, " ".join(raw[:-1]), text)
        value, is_set = points(raw[-1], text)
        return Score(seat, players[seat], value, is_set)
    if _is_player(players, text):
        raise WORDS.shape(text, "NAME +N")
    raise WORDS.unknown(text, words)


def _is_player(players: list[str], typed: str) -> bool:
    typed = " ".join(typed.split())
    return any(typed == p or typed.casefold() == p.casefold() or fold(typed) == fold(p) for p in players)


def _numeric(word: str) -> bool:
    body = word[1:] if word[:1] in "+-" else word
    return body.isdigit()

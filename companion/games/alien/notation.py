"""The notation of Alien 1979: one frozen dataclass (or `Word`) per action,
whose str() is the canonical text a save keeps, and `parse`, which reads it
back from what a table types in English, Spanish or Basque.

    alien oros        where the Alien starts (`alien` alone: the app picks)
    draw              the Alien's card of this turn (`draw @ 4e`: the table's card)
    drop sb           the code a player leaves face down (secret)
    move oros         to another sector (`oros` alone too); `move madre` costs 2
    board             try to board the Auxiliary ship (`move nave` too)
    unmark            get rid of a pursuit marker
    take              take a face-down code of your sector
    protect           protect yourself with your weapon
    weapon            take a weapon (MADRE)
    force 2           player 2 drops a code where they stand (MADRE)
    push 2 oros       move player 2 to Oros (MADRE)
    pull 2 oros       pull player 2 out of the ship to Oros (MADRE, 2 actions)
    enter rb ro rc    enter the codes, the cards shown (MADRE, 2 actions)
    countdown         start the countdown (the ship, 2 actions)
    end               end the turn

A card is its rank (`1`..`7`, `s` Sota, `c` Caballo, `r` Rey) then its suit
(`b` bastos, `e` espadas, `o` oros, `c` copas); `rey de oros`, `king of
coins`, `urreetako errege` are read too. A player is a seat number (from 1)
or a name. `parse` checks the shape only; whether an action is allowed now
is the steps' call. See docs/games/alien-1979.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Word, Words, fold, number, shown

from .cards import MADRE, NAVE, ordered

NAME = "alien-1979"

DRAW, BOARD, UNMARK, TAKE = Word("draw"), Word("board"), Word("unmark"), Word("take")
PROTECT, WEAPON, COUNTDOWN, END = Word("protect"), Word("weapon"), Word("countdown"), Word("end")

SECTOR_WORDS = {
    "bastos": ("b", "bastos", "basto", "clubs", "club", "bastoi", "bastoiak", "bastoia"),
    "espadas": ("e", "espadas", "espada", "swords", "sword", "ezpata", "ezpatak"),
    "oros": ("o", "oros", "oro", "coins", "coin", "urre", "urrea", "urreak"),
    "copas": ("c", "copas", "copa", "cups", "cup", "kopa", "kopak"),
    MADRE: ("m", "madre", "mother", "ama"),
    NAVE: ("n", "nave", "nave auxiliar", "la nave", "shuttle", "the shuttle", "ship", "auxiliary ship",
           "ontzi", "ontzia", "ontzi laguntzailea", "ontzi laguntzaile"),
}
SECTOR_OF = {fold(w): s for s, words in SECTOR_WORDS.items() for w in words}

RANK_WORDS = {
    "1": ("as", "ace", "bateko", "batekoa"), "2": ("dos", "two", "biko", "bikoa"),
    "3": ("tres", "three", "hiruko", "hirukoa"), "4": ("cuatro", "four", "lauko", "laukoa"),
    "5": ("cinco", "five", "bosteko", "bostekoa"), "6": ("seis", "six", "seiko", "seikoa"),
    "7": ("siete", "seven", "zazpiko", "zazpikoa"),
    "s": ("sota", "jack", "knave", "txanka"), "c": ("caballo", "knight", "horse", "zaldi", "zaldia"),
    "r": ("rey", "king", "errege", "erregea"),
}
RANK_OF = {fold(w): r for r, words in RANK_WORDS.items() for w in words}
SUIT_WORDS = {
    "b": ("bastos", "basto", "clubs", "club", "bastoi", "bastoietako"),
    "e": ("espadas", "espada", "swords", "sword", "ezpata", "ezpatetako"),
    "o": ("oros", "oro", "coins", "coin", "urre", "urreetako"),
    "c": ("copas", "copa", "cups", "cup", "kopa", "kopetako"),
}
SUIT_OF = {fold(w): s for s, words in SUIT_WORDS.items() for w in words}
_CARD = re.compile(r"^([1-7scr])-?([beoc])$")
_LINKS = ("de", "of")

WORDS = Words(
    NAME,
    phrases={
        "draw": ("robar", "roba", "carta", "revelar", "reveal", "card", "karta", "atera", "atera karta"),
        "board": ("embarcar", "embarca", "subir", "sube", "embark", "igo", "igo ontzira"),
        "unmark": ("librarse", "librate", "quitar", "quitar marca", "desmarcar", "shake", "shake off", "rid",
                   "kendu", "kendu marka"),
        "take": ("coger", "coge", "tomar", "toma", "coger codigo", "pick", "take code", "hartu", "hartu kodea"),
        "protect": ("protegerse", "protegete", "proteger", "defenderse", "guard", "shield", "babestu",
                    "babestu zaitez"),
        "weapon": ("arma", "armarse", "coger arma", "arm", "gun", "take weapon", "armatu", "hartu arma"),
        "countdown": ("cuenta atras", "cuenta", "activar", "activar cuenta atras", "launch", "count down",
                      "atzera kontaketa", "kontaketa", "atzerako kontua"),
        "end": ("fin", "terminar", "termino", "acabar", "pasar", "paso", "done", "pass", "amaitu", "bukatu"),
    },
    verbs={
        "alien": ("xenomorfo", "xenomorph"),
        "drop": ("soltar", "suelta", "dejar", "deja", "tirar", "tira", "discard", "leave", "utzi", "bota"),
        "move": ("mover", "mueve", "muevo", "ir", "voy", "a", "go", "to", "mugitu", "joan"),
        "force": ("obligar", "obliga", "forzar", "fuerza", "behartu"),
        "push": ("empujar", "empuja", "llevar", "lleva", "desplazar", "send", "eraman", "bultzatu"),
        "pull": ("sacar", "saca", "rescatar", "rescata", "rescue", "erreskatatu"),
        "enter": ("introducir", "introduce", "codigos", "codes", "input", "sartu"),
    },
    seats={"force": (0,), "push": (0,), "pull": (0,)},
    examples=("draw", "move oros", "take", "unmark", "protect", "weapon", "force 2", "push 2 oros",
              "pull 2 oros", "enter rb ro rc", "board", "countdown", "end", "drop sb", "alien oros"),
    spellings={
        "es": {"draw": "robar", "board": "embarcar", "unmark": "librarse", "take": "coger", "protect": "protegerse",
               "weapon": "arma", "countdown": "cuenta atrás", "end": "fin", "drop": "soltar", "move": "mover",
               "force": "obligar", "push": "empujar", "pull": "sacar", "enter": "introducir"},
        "eu": {"draw": "atera", "board": "igo", "unmark": "kendu", "take": "hartu", "protect": "babestu",
               "weapon": "arma", "countdown": "atzera kontaketa", "end": "amaitu", "drop": "utzi",
               "move": "mugitu", "force": "behartu", "push": "eraman", "pull": "erreskatatu", "enter": "sartu"},
    },
    # The sectors carry the suits' Spanish names; a Basque table says its own.
    arguments={"eu": {"bastos": "bastoi", "espadas": "ezpata", "oros": "urre", "copas": "kopa",
                      "madre": "ama", "nave": "ontzia"}},
)


@dataclass(frozen=True)
class Start:
    """`alien oros`: where the Alien starts; `alien`: the app chooses a main sector."""

    sector: str | None = None

    def __str__(self) -> str:
        return f"alien {self.sector}" if self.sector else "alien"


@dataclass(frozen=True)
class Drop:
    """`drop sb`: the code a player leaves face down in their sector."""

    card: str

    def __str__(self) -> str:
        return f"drop {self.card}"


@dataclass(frozen=True)
class Move:
    """`move oros`: the player to act goes to another sector (the ship: `board`)."""

    sector: str

    def __str__(self) -> str:
        return f"move {self.sector}"


@dataclass(frozen=True)
class Force:
    """`force 2`: from MADRE, player 2 drops a code where they stand."""

    seat: int

    def __str__(self) -> str:
        return f"force {self.seat}"


@dataclass(frozen=True)
class Push:
    """`push 2 oros`: from MADRE, player 2 goes from their main sector to Oros."""

    seat: int
    sector: str

    def __str__(self) -> str:
        return f"push {self.seat} {self.sector}"


@dataclass(frozen=True)
class Pull:
    """`pull 2 oros`: from MADRE, player 2 leaves the ship for Oros (not the Alien's sector)."""

    seat: int
    sector: str

    def __str__(self) -> str:
        return f"pull {self.seat} {self.sector}"


@dataclass(frozen=True)
class Enter:
    """`enter rb ro rc`: the codes, shown as they are entered (in deck order)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "enter " + " ".join(self.cards)


Action = Start | Drop | Move | Force | Push | Pull | Enter | Word


def _error(name: str, text: str, **values) -> InvalidActionError:
    return InvalidActionError(Line(f"{NAME}.error.{name}", values), text=text)


def sector(words: list[str], text: str) -> str:
    found = SECTOR_OF.get(" ".join(words))
    if found is None:
        raise _error("no_sector", text, sector=shown(" ".join(words), 20))
    return found


def cards(words: list[str], text: str) -> tuple[str, ...]:
    """Cards as typed: `sb`, `s-b`, `sota de bastos`, `king of coins`, `urreetako errege`."""
    found: list[str] = []
    rest = list(words)
    while rest:
        word = rest.pop(0)
        code = _CARD.match(word)
        if code:
            found.append(code.group(1) + code.group(2))
            continue
        if word in RANK_OF:  # rank [de|of] suit
            if rest and rest[0] in _LINKS:
                rest.pop(0)
            if rest and rest[0] in SUIT_OF:
                found.append(RANK_OF[word] + SUIT_OF[rest.pop(0)])
                continue
        elif word in SUIT_OF and rest and rest[0] in RANK_OF:  # Basque: suit then rank
            found.append(RANK_OF[rest.pop(0)] + SUIT_OF[word])
            continue
        raise _error("no_card", text, card=shown(word, 12))
    return tuple(found)


def seat(words: list[str], players: Sequence[str], text: str) -> int:
    """A player as typed: a seat number (from 1) or a name."""
    if len(words) == 1 and words[0].isdigit():
        return number(words[0], text, low=1)
    said = " ".join(words)
    for n, name in enumerate(players, 1):
        if fold(name) == said:
            return n
    raise _error("no_player", text, player=shown(said, 20))


def parse(text: str, players: Sequence[str] = ()) -> Action:
    words = WORDS.split(text)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    if " ".join(words) in SECTOR_OF:  # a sector alone: go there
        where = sector(words, text)
        return BOARD if where == NAVE else Move(where)
    verb = WORDS.verb(words[0])
    args = words[1:]
    if verb == "alien":
        return Start(sector(args, text) if args else None)
    if verb == "move":
        if not args:
            raise WORDS.shape(text, "move oros")
        where = sector(args, text)
        return BOARD if where == NAVE else Move(where)
    if verb == "drop":
        found_cards = cards(args, text) if args else ()
        if len(found_cards) != 1:
            raise WORDS.shape(text, "drop sb")
        return Drop(found_cards[0])
    if verb == "force":
        if not args:
            raise WORDS.shape(text, "force 2")
        return Force(seat(args, players, text))
    if verb in ("push", "pull"):
        if len(args) < 2:
            raise WORDS.shape(text, f"{verb} 2 oros")
        who, where = seat(args[:-1], players, text), sector(args[-1:], text)
        return Push(who, where) if verb == "push" else Pull(who, where)
    if verb == "enter":
        if not args:
            raise WORDS.shape(text, "enter rb ro rc")
        return Enter(tuple(ordered(cards(args, text))))
    raise WORDS.unknown(text, words)


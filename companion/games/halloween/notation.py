"""The notation: one frozen dataclass per action, whose str() is the
canonical text a save keeps, and `parse`, which reads it back. Every verb
and fixed phrase is declared once in `WORDS` with the Spanish and Basque
spellings a table may type; colour names are accepted in the three
languages, child names with or without accents. See docs/games/halloween.md.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields, make_dataclass
from typing import Any, Callable, ClassVar

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Words, number, shown

from .children import CHILDREN, child_id

COLOURS = ("red", "green", "yellow", "orange", "blue")
COLOUR_ALIASES = {"rojo": "red", "verde": "green", "amarillo": "yellow", "naranja": "orange", "azul": "blue",
                  "gorria": "red", "berdea": "green", "horia": "yellow", "laranja": "orange", "urdina": "blue"}
SQUARES = COLOURS + ("neutral", "action", "start")
FEES = ("1", "2", "card", "none")

# What a number may be in the notation at all; the rules refuse what the table cannot hold.
SEATS, CARDS, FACES, CANDIES, MODIFIERS = (0, 99), (1, 99), (0, 99), (0, 100), (-99, 99)


class Act:
    """An action: its text is its verb, then its fields (a field at its default is left out:
    `play 1`, `play 2 3`, `play 10 montse`). A few say more in `words()`."""

    verb: ClassVar[str] = ""

    spec: ClassVar[tuple[tuple[str, Any], ...]] = ()  # (field, default), set once by `act`

    def words(self) -> list[Any]:
        return [self.verb] + [getattr(self, name) for name, default in self.spec
                              if default is MISSING or getattr(self, name) != default]

    def __str__(self) -> str:
        return " ".join(_text(w) for w in self.words())


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return " ".join(map(str, value))
    return str(value)


def act(name: str, verb: str, **spec: Any) -> type:
    """A frozen dataclass for `verb` with these fields: a type, or (type, default)."""
    specs = [(key, kind[0], field(default=kind[1])) if isinstance(kind, tuple) else (key, kind)
             for key, kind in spec.items()]
    cls = make_dataclass(name, specs, bases=(Act,), frozen=True, namespace={"verb": verb})
    cls.__module__ = __name__
    cls.spec = tuple((f.name, f.default) for f in fields(cls))  # read on every str(): not per call
    return cls


Colour = act("Colour", "colour", seat=int, colour=str)
Youngest = act("Youngest", "youngest", seat=int)
Move = act("Move", "move", child=str)
Land = act("Land", "land", square=str)
Hop = act("Hop", "hop", colour=str)
Discard = act("Discard", "discard", card=int)
Keep = act("Keep", "keep", card=int)
Give = act("Give", "give", seat=int)  # card 8's candies
GiveCard = act("GiveCard", "give card", card=int)  # a helper's fee
Play = act("Play", "play", card=int, seat=(int, 0), child=(str, ""))  # card 2 names a seat, card 10 a child
Claim = act("Claim", "claim", value=int)
Reveal = act("Reveal", "reveal", value=int)
Defend = act("Defend", "defend", seat=int)
Says = act("Says", "says", truth=bool)
Treat = act("Treat", "treat", child=int, owner=int)
Rip = act("Rip", "rip", child=str)
Bids = act("Bids", "bids", values=tuple)  # the opened hands: the attacker's first
Bid = act("Bid", "bid", seat=int, amount=int)  # one hidden bid, typed masked


@dataclass(frozen=True)
class SecretChild(Act):
    """`child SEAT NAME`, or `child SEAT later` (the card is shown when it matters)."""

    verb: ClassVar[str] = "child"
    seat: int
    child: str | None

    def words(self) -> list[Any]:
        return [self.verb, self.seat, self.child or "later"]


@dataclass(frozen=True)
class Crying(Act):
    """`crying SEAT`, or `crying none` (seat 0): whose card the child that went home was."""

    verb: ClassVar[str] = "crying"
    seat: int

    def words(self) -> list[Any]:
        return [self.verb, self.seat or "none"]


@dataclass(frozen=True)
class Helper(Act):
    """`helper SEAT fee 1|2|card` or `helper SEAT no fee`."""

    verb: ClassVar[str] = "helper"
    seat: int
    fee: str

    def words(self) -> list[Any]:
        return [self.verb, self.seat] + (["no", "fee"] if self.fee == "none" else ["fee", self.fee])


WORDS = Words(
    "halloween",
    phrases={
        "deal": ("repartir", "reparte", "banatu"), "roll": ("tirar", "tira", "bota"),
        "double": ("doblar", "dobla", "bikoiztu"), "reroll": ("volver a tirar", "berriz bota", "bota berriz"),
        "stuck": ("atascado", "trabatuta"), "stay": ("quedarse", "me quedo", "geratu"),
        "draw": ("robar", "roba", "hartu"), "pass": ("pasar", "paso", "no robar", "pasatu", "ez hartu"),
        "end": ("fin", "terminar", "amaitu", "bukatu"), "truco": (), "trato": (),
        "believe": ("creer", "me lo creo", "creerselo", "sinetsi"),
        "disbelieve": ("no me lo creo", "no creer", "no creerselo", "ez sinetsi"),
        "withdraw": ("retirarse", "me retiro", "se retira", "erretiratu", "atzera"),
        "no defenders": ("nadie defiende", "inork ez", "inork ez du defendatzen"),
    },
    verbs={
        "youngest": ("menor", "gazteena"), "child": ("nino", "umea", "ume", "haurra"),
        "move": ("mover", "mueve", "mugitu"), "land": ("cae", "caer", "erori"), "hop": ("salta", "saltar", "pasar", "pasa", "jauzi"),
        "discard": ("descartar", "descarta", "baztertu"), "keep": ("guardar", "guarda", "gorde"),
        "give": ("dar", "da", "eman"), "play": ("jugar", "juega", "jokatu"), "claim": ("digo", "decir", "esan"),
        "reveal": ("muestra", "mostrar", "erakutsi"), "defend": ("defender", "defiende", "defendatu"),
        "crying": ("llora", "negar"), "helper": ("ayudante", "preguntar", "pregunta", "laguntzailea", "galdetu"), "says": ("dice", "dio"),
        "treat": ("trato", "tratua"), "rip": ("romper", "rompe", "romperle", "apurtu", "urratu"), "colour": ("color", "kolorea"),
        "bids": ("pujas", "eskaintzak"), "bid": ("puja", "eskaintza"),
    },
    seats={"colour": (0,), "youngest": (0,), "child": (0,), "give": (0,), "helper": (0,), "defend": (0,),
           "bid": (0,), "crying": (0,)},
    examples=("colour SEAT COLOUR", "youngest SEAT", "child SEAT NAME|later", "deal", "move CHILD", "roll",
              "double", "reroll", "land COLOUR|neutral|action|start", "stuck", "hop COLOUR", "stay", "draw",
              "discard N", "keep N", "pass", "give SEAT", "give card N", "play N [SEAT|CHILD]", "end", "truco",
              "trato", "claim N", "believe", "disbelieve", "helper SEAT fee 1|2|card", "helper SEAT no fee",
              "says true|false", "reveal N", "treat N N", "rip CHILD", "defend SEAT", "withdraw", "no defenders",
              "bids N N...", "bid SEAT N", "crying SEAT|none"),
    # How a table writes the canonical words (each one a spelling above); a save keeps the canonical.
    spellings={
        "es": {"deal": "repartir", "roll": "tirar", "double": "doblar", "reroll": "volver a tirar",
               "stuck": "atascado", "stay": "quedarse", "draw": "robar", "pass": "pasar", "end": "fin",
               "believe": "creer", "disbelieve": "no me lo creo", "withdraw": "retirarse",
               "no defenders": "nadie defiende", "colour": "color", "youngest": "menor", "child": "niño",
               "move": "mover", "land": "cae", "hop": "salta", "discard": "descartar", "keep": "guardar",
               "give": "dar", "play": "jugar", "claim": "digo", "reveal": "muestra", "defend": "defender",
               "crying": "llora", "helper": "ayudante", "says": "dice", "treat": "trato", "rip": "romper",
               "bids": "pujas", "bid": "puja"},
        "eu": {"deal": "banatu", "roll": "bota", "double": "bikoiztu", "reroll": "berriz bota",
               "stuck": "trabatuta", "stay": "geratu", "draw": "hartu", "pass": "pasatu", "end": "amaitu",
               "believe": "sinetsi", "disbelieve": "ez sinetsi", "withdraw": "erretiratu",
               "no defenders": "inork ez", "colour": "kolorea", "youngest": "gazteena", "child": "umea",
               "move": "mugitu", "land": "erori", "hop": "jauzi", "discard": "baztertu", "keep": "gorde",
               "give": "eman", "play": "jokatu", "claim": "esan", "reveal": "erakutsi", "defend": "defendatu",
               "crying": "negar", "helper": "laguntzailea", "says": "dio", "treat": "tratua", "rip": "apurtu",
               "bids": "eskaintzak", "bid": "eskaintza"},
    },
    # The words after a verb: colours, squares, `card`, `fee`, `true`... (read back by `parse`).
    arguments={
        "es": {"red": "rojo", "green": "verde", "yellow": "amarillo", "orange": "naranja", "blue": "azul",
               "neutral": "neutra", "action": "acción", "start": "salida", "card": "carta", "fee": "pago",
               "no": "sin", "true": "verdad", "false": "mentira", "none": "nadie", "later": "luego",
               "SEAT": "ASIENTO", "COLOUR": "COLOR", "CHILD": "NIÑO", "NAME": "NOMBRE"},
        "eu": {"red": "gorria", "green": "berdea", "yellow": "horia", "orange": "laranja", "blue": "urdina",
               "neutral": "neutroa", "action": "ekintza", "start": "irteera", "card": "karta", "fee": "ordaina",
               "no": "ez", "true": "egia", "false": "gezurra", "none": "inor", "later": "geroago",
               "SEAT": "ESERLEKUA", "COLOUR": "KOLOREA", "CHILD": "UMEA", "NAME": "IZENA"},
    },
)

EXAMPLES = {"colour": "colour 1 red", "youngest": "youngest 2", "child": "child 1 montse", "move": "move lucia",
            "land": "land green", "hop": "hop orange", "discard": "discard 9", "keep": "keep 4", "give": "give 2",
            "play": "play 2 3", "claim": "claim 7", "reveal": "reveal 5", "defend": "defend 3",
            "crying": "crying 2", "helper": "helper 3 fee 2", "says": "says true", "treat": "treat 6 4",
            "rip": "rip simoncito", "bids": "bids 4 2 0", "bid": "bid 3 5"}


def refused(name: str, raw: str, **values: Any) -> InvalidActionError:
    return InvalidActionError(Line(f"halloween.error.{name}", {"text": shown(raw), **values}), text=raw)


def _child(word: str, raw: str) -> str:
    child = child_id(word)
    if child is None:
        raise refused("no_child", raw, word=shown(word, 20), children=", ".join(CHILDREN))
    return child


def _colour(word: str, raw: str) -> str:
    colour = COLOUR_ALIASES.get(word, word)
    if colour not in COLOURS:
        raise refused("no_colour", raw, word=shown(word, 20), colours=", ".join(COLOURS))
    return colour


def _square(word: str, raw: str) -> str:
    square = COLOUR_ALIASES.get(word, word)
    if square not in SQUARES:
        raise refused("no_square", raw)
    return square


def _bounded(bounds: tuple[int, int]) -> Callable[[str, str], int]:
    return lambda word, raw: number(word, raw, low=bounds[0], high=bounds[1])


_seat, _card, _face, _candies, _modifier = map(_bounded, (SEATS, CARDS, FACES, CANDIES, MODIFIERS))


def _typed(cls: type, *reads: Callable[[str, str], Any]) -> Callable[[list[str], str], Any]:
    """A reader for an action of fixed arity: each word read by its own reader."""
    def read(args: list[str], raw: str) -> Any:
        return cls(*(r(a, raw) for r, a in zip(reads, args))) if len(args) == len(reads) else None
    return read


def _play(args: list[str], raw: str) -> Play | None:
    """`play N`, `play 2 SEAT`, `play 10 CHILD`."""
    if not 1 <= len(args) <= 2:
        return None
    if len(args) == 1:
        return Play(_card(args[0], raw))
    if args[1].lstrip("-").isdigit():
        return Play(_card(args[0], raw), seat=_seat(args[1], raw))
    return Play(_card(args[0], raw), child=_child(args[1], raw))


def _helper(args: list[str], raw: str) -> Helper | Says | None:
    """`helper SEAT fee F`, `helper SEAT no fee`; `helper says true` is the helper's word."""
    if len(args) == 2 and args[0] == "says":
        return _says(args[1:], raw)
    if len(args) == 3 and args[1:] == ["no", "fee"]:
        return Helper(_seat(args[0], raw), "none")
    if len(args) == 3 and args[1] == "fee" and args[2] in FEES:
        return Helper(_seat(args[0], raw), args[2])
    return None


def _says(args: list[str], raw: str) -> Says | None:
    return Says(args[0] == "true") if args in (["true"], ["false"]) else None


def _give(args: list[str], raw: str) -> Give | GiveCard | None:
    if len(args) == 2 and args[0] == "card":
        return GiveCard(_card(args[1], raw))
    return Give(_seat(args[0], raw)) if len(args) == 1 else None


def _child_entry(args: list[str], raw: str) -> SecretChild | None:
    if len(args) != 2:
        return None
    return SecretChild(_seat(args[0], raw), None if args[1] == "later" else _child(args[1], raw))


def _crying(args: list[str], raw: str) -> Crying | None:
    if len(args) != 1:
        return None
    return Crying(0 if args[0] == "none" else _seat(args[0], raw))


def _bids(args: list[str], raw: str) -> Bids | None:
    return Bids(tuple(_candies(a, raw) for a in args)) if args else None


READERS: dict[str, Callable[[list[str], str], Any]] = {
    "colour": _typed(Colour, _seat, _colour), "youngest": _typed(Youngest, _seat), "child": _child_entry,
    "move": _typed(Move, _child), "land": _typed(Land, _square), "hop": _typed(Hop, _colour),
    "discard": _typed(Discard, _card), "keep": _typed(Keep, _card), "give": _give, "play": _play,
    "claim": _typed(Claim, _face), "reveal": _typed(Reveal, _face), "defend": _typed(Defend, _seat),
    "crying": _crying, "helper": _helper, "says": _says, "treat": _typed(Treat, _modifier, _modifier),
    "rip": _typed(Rip, _child), "bids": _bids, "bid": _typed(Bid, _seat, _candies),
}


def _fits(rest: list[str], raw: str) -> list[str]:
    """The actions the words after an unknown first word would make with another verb
    (`apurtu rosa`: `move rosa`, `rip rosa`), for a short "did you mean" instead of a list."""
    found = []
    for reader in READERS.values():
        try:
            action = reader(WORDS.arguments(rest), raw) if rest else None
        except InvalidActionError:
            continue
        if action is not None:
            found.append(str(action))
    return found


def parse(text: str) -> Any:
    """One line of notation as an action, or a refusal in the table's language."""
    words = WORDS.split(text)
    phrase = WORDS.phrase(words)
    if phrase is not None:
        return phrase
    verb = WORDS.verb(words[0])
    if verb is None:
        raise WORDS.unknown(text, words, near=_fits(words[1:], text))
    found = READERS[verb](WORDS.arguments(words[1:]), text)
    if found is None:
        raise WORDS.shape(text, EXAMPLES[verb])
    return found


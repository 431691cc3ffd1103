"""The notation of Kaijupoly and Rey de los Monstruos: one frozen dataclass
(or `Word`) per action, whose str() is the canonical text a save keeps, and
`parse`, which reads it back from English, Spanish or Basque.

    deal                  the app deals the title deeds (`deal @ 1 3 …`: the table's deal)
    roll                  2d6: the order of the leftovers, a general's turn, the GO bonus,
                          the Kaiju's move (`roll @ 3 4`: the table's dice)
    roll 1, roll 2        a player-kaiju moves with one die or two (Rey de los Monstruos)
    pick 12               a leftover deed, chosen in 2d6 order (a square's number or name)
    troops 11 3           Glorieta de Bilbao up to 3 platoons (`troops 11 cuartel`: a Cuartel);
                          on landing, `troops 3` names the city landed on
    skip                  leave the city landed on without troops (for good)
    end                   end the turn
    fine                  pay the jail fine before rolling
    free                  use a get-out-of-jail card
    fight                 a round of battle: the Kaiju's 2d6 and the city's die
                          (`fight @ 6 6 2`), or two kaijus' 2d6 each
    sell 11               a ruined general gives up a city (or a service)
    card: nothing, jail, keep, pay 50, collect 100, pay each 50, collect each 10,
          advance 24, back 3, supplies 40 115   what the physical card said

A square is its number on the board (0 = GO, clockwise) or its name as
printed, whole or a unique part of it (`bilbao`). `parse` checks the shape
only; whether an action is allowed now is the steps' call.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.notation import Word, Words, fold, number, shown

from .board import SQUARES, Board

NAME = "kaijupoly"
KING = "rey-de-los-monstruos"
CUARTEL = 5
MAX_MONEY = 9999  # four digits: no card or tax a table reads out is larger

DEAL, ROLL, SKIP, END, FINE, FREE = Word("deal"), Word("roll"), Word("skip"), Word("end"), Word("fine"), Word("free")
FIGHT, NOTHING, JAIL, KEEP = Word("fight"), Word("nothing"), Word("jail"), Word("keep")

LEVEL_WORDS = {"cuartel": CUARTEL, "barracks": CUARTEL, "hq": CUARTEL, "hotel": CUARTEL, "kuartel": CUARTEL,
               "kuartela": CUARTEL, "koartela": CUARTEL}

WORDS_FIGHT = ("luchar", "lucha", "combatir", "combate", "pelear", "atacar", "battle", "attack", "borrokatu",
               "borroka", "eraso")
WORDS = Words(
    NAME,
    phrases={
        "deal": ("repartir", "reparte", "reparto", "banatu", "banaketa"),
        "roll": ("tirar", "tira", "lanzar", "lanza", "dados", "bota", "jaurti", "dadoak"),
        "skip": ("nada", "ninguna", "ninguno", "no", "dejar", "abandonar", "none", "leave", "ezer", "ez", "utzi"),
        "end": ("fin", "terminar", "acabar", "pasar", "paso", "done", "pass", "amaitu", "bukatu"),
        "fine": ("multa", "pagar multa", "pay fine", "isuna", "ordaindu isuna"),
        "free": ("libre", "salir", "usar carta", "use card", "askatu", "irten"),
        "fight": WORDS_FIGHT,
        "nothing": ("sin efecto", "nada de nada", "no effect", "ezer ez", "eraginik ez"),
        "jail": ("carcel", "a la carcel", "ir a la carcel", "go to jail", "kartzela", "kartzelara"),
        "keep": ("guardar", "quedarse", "guardar carta", "keep card", "libre de carcel", "gorde",
                 "gorde txartela"),
    },
    verbs={
        "roll": ("tirar", "tira", "lanzar", "bota"),
        "pick": ("elegir", "elige", "escoger", "escoge", "choose", "take", "aukeratu", "hartu"),
        "troops": ("tropas", "comprar", "compra", "pelotones", "buy", "platoons", "tropak", "erosi"),
        "sell": ("vender", "vende", "ceder", "give up", "saldu"),
        "pay": ("pagar", "paga", "ordaindu"),
        "collect": ("cobrar", "cobra", "recibir", "receive", "kobratu", "jaso"),
        "advance": ("avanzar", "avanza", "ir a", "ve a", "move", "go", "aurreratu", "joan"),
        "back": ("retroceder", "retrocede", "atras", "backwards", "atzera"),
        "supplies": ("viveres", "suministros", "reparaciones", "repairs", "hornidura", "hornidurak"),
    },
    examples=("deal", "roll", "pick 12", "troops 11 3", "troops 11 cuartel", "skip", "end", "fine", "free",
              "fight", "sell 11", "pay 50", "collect 100", "advance 24", "back 3", "supplies 40 115", "jail"),
    spellings={
        "es": {"deal": "repartir", "roll": "tirar", "skip": "nada", "end": "fin", "fine": "multa", "free": "salir",
               "fight": "combatir", "nothing": "sin efecto", "jail": "cárcel", "keep": "guardar", "pick": "elegir",
               "troops": "tropas", "sell": "vender", "pay": "pagar", "collect": "cobrar", "advance": "avanzar",
               "back": "retroceder", "supplies": "víveres"},
        "eu": {"deal": "banatu", "roll": "bota", "skip": "ezer", "end": "amaitu", "fine": "isuna", "free": "irten",
               "fight": "borrokatu", "nothing": "eraginik ez", "jail": "kartzela", "keep": "gorde",
               "pick": "aukeratu", "troops": "tropak", "sell": "saldu", "pay": "ordaindu", "collect": "kobratu",
               "advance": "aurreratu", "back": "atzera", "supplies": "hornidura"},
    },
    arguments={"es": {"each": "cada"}, "eu": {"each": "bakoitzeko", "cuartel": "kuartela"}},
)
KING_WORDS = Words(
    KING,
    phrases={"fight": WORDS_FIGHT, "roll": ("tirar", "tira", "lanzar", "lanza", "dados", "bota", "jaurti", "dadoak")},
    verbs={"roll": ("tirar", "tira", "lanzar", "bota")},
    examples=("roll 1", "roll 2", "fight"),
    spellings={"es": {"roll": "tirar", "fight": "combatir"}, "eu": {"roll": "bota", "fight": "borrokatu"}},
)
EACH = {"each", "cada", "cada uno", "a cada uno", "de cada uno", "bakoitzari", "bakoitzeko", "bakoitzaren"}


@dataclass(frozen=True)
class Dice:
    """`roll 1` / `roll 2`: a player-kaiju chooses how many dice it moves with."""

    count: int

    def __str__(self) -> str:
        return f"roll {self.count}"


@dataclass(frozen=True)
class Pick:
    """`pick 12`: a leftover deed, chosen in 2d6 order."""

    square: int

    def __str__(self) -> str:
        return f"pick {self.square}"


@dataclass(frozen=True)
class Troops:
    """`troops 11 3`: the city up to 3 platoons (5: the Cuartel); `troops 3`: the city landed on."""

    square: int | None
    level: int

    def __str__(self) -> str:
        level = "cuartel" if self.level == CUARTEL else str(self.level)
        return f"troops {level}" if self.square is None else f"troops {self.square} {level}"


@dataclass(frozen=True)
class Sell:
    """`sell 11`: a ruined general gives up a city or a service, with its troops."""

    square: int

    def __str__(self) -> str:
        return f"sell {self.square}"


@dataclass(frozen=True)
class Money:
    """What a card said about money: `pay 50`, `collect 100`, `pay each 50`, `collect each 10`."""

    verb: str  # "pay" or "collect"
    amount: int
    each: bool = False

    def __str__(self) -> str:
        return f"{self.verb} each {self.amount}" if self.each else f"{self.verb} {self.amount}"


@dataclass(frozen=True)
class Advance:
    """`advance 24`: a card moves the general forward to a square (passing GO pays)."""

    square: int

    def __str__(self) -> str:
        return f"advance {self.square}"


@dataclass(frozen=True)
class Back:
    """`back 3`: a card moves the general back that many squares."""

    steps: int

    def __str__(self) -> str:
        return f"back {self.steps}"


@dataclass(frozen=True)
class Supplies:
    """`supplies 40 115`: pay per platoon and per Cuartel held ("repairs" on a Monopoly card)."""

    platoon: int
    cuartel: int

    def __str__(self) -> str:
        return f"supplies {self.platoon} {self.cuartel}"


Action = Dice | Pick | Troops | Sell | Money | Advance | Back | Supplies | Word


def _error(name: str, text: str, **values) -> InvalidActionError:
    return InvalidActionError(Line(f"{NAME}.error.{name}", values), text=text)


def square(words: list[str], board: Board | None, text: str) -> int:
    """A square as typed: its number, or its name (whole, or a unique run of its words)."""
    if len(words) == 1 and words[0].isdigit():
        return number(words[0], text, low=0, high=SQUARES - 1)
    said = " ".join(words)
    if board is None or not said:
        raise _error("no_square", text, square=shown(said, 24))
    names = [(s.position, fold(s.name), fold(s.short)) for s in board.squares]
    exact = [p for p, name, short in names if said in (name, short)]
    if len(exact) == 1:
        return exact[0]
    found = [p for p, name, short in names if f" {said} " in f" {name} " or f" {said} " in f" {short} "]
    if len(found) == 1:
        return found[0]
    if len(found) > 1 or len(exact) > 1:
        raise _error("which_square", text, square=shown(said, 24),
                     squares=", ".join(board[p].name for p in (exact or found)[:4]))
    raise _error("no_square", text, square=shown(said, 24))


def level(word: str, text: str) -> int:
    if word in LEVEL_WORDS:
        return CUARTEL
    return number(word, text, low=1, high=CUARTEL)


def money(word: str, text: str) -> int:
    return number(word, text, low=0, high=MAX_MONEY)


def parse(text: str, board: Board | None = None) -> Action:
    words = WORDS.split(text)
    found = WORDS.phrase(words)
    if found is not None:
        return found
    verb = WORDS.verb(words[0])
    args = words[1:]
    if verb is None and len(words) > 1:  # two-word verbs: `ir a 24`, `give up 11`
        verb = WORDS.verb(" ".join(words[:2]))
        args = words[2:]
    if verb == "roll":  # Kaijupoly's roll takes nothing (`roll 2` is Rey de los Monstruos')
        raise WORDS.shape(text, "roll")
    if verb in ("pick", "sell", "advance"):
        if not args:
            raise WORDS.shape(text, f"{verb} 12")
        where = square(args, board, text)
        return {"pick": Pick, "sell": Sell, "advance": Advance}[verb](where)
    if verb == "troops":
        if not args:
            raise WORDS.shape(text, "troops 11 3")
        if len(args) == 1:
            return Troops(None, level(args[0], text))
        return Troops(square(args[:-1], board, text), level(args[-1], text))
    if verb in ("pay", "collect"):
        each = False
        if len(args) >= 2 and " ".join(args[:-1]) in EACH:
            each, args = True, args[-1:]
        elif len(args) >= 2 and " ".join(args[1:]) in EACH:
            each, args = True, args[:1]
        if len(args) != 1:
            raise WORDS.shape(text, f"{verb} 50")
        return Money(verb, money(args[0], text), each)
    if verb == "back":
        if len(args) != 1:
            raise WORDS.shape(text, "back 3")
        return Back(number(args[0], text, low=1, high=SQUARES - 1))
    if verb == "supplies":
        if len(args) != 2:
            raise WORDS.shape(text, "supplies 40 115")
        return Supplies(money(args[0], text), money(args[1], text))
    raise WORDS.unknown(text, words)


def parse_king(text: str) -> Action:
    """Rey de los Monstruos reads only its own actions: `roll 1`, `roll 2`, `fight`."""
    words = KING_WORDS.split(text)
    found = KING_WORDS.phrase(words)
    if found is not None:
        return found
    if KING_WORDS.verb(words[0]) == "roll":
        if len(words) != 2 or words[1] not in ("1", "2"):
            raise KING_WORDS.shape(text, "roll 2")
        return Dice(int(words[1]))
    raise KING_WORDS.unknown(text, words)

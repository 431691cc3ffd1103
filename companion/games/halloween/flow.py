"""The referee's engine: a stack of pending steps, and the turn order.

Every decision the game waits for is a step on `game.stack` (a plain dict
with a `kind`, so states compare and copy cleanly). The top step names who
acts, what may be done (the choices are also the legal actions) and how each
action is applied. A step that needs another decision first pushes it on
top; when the mover's stack is empty the turn is over and the next seat's
turn comes up.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line

from .children import NAMES

ROUNDS = 8
OUT_TO_END = 3  # the game ends when this many players are out

STEPS: dict[str, "Step"] = {}


def step(cls):
    """Register a step kind (class decorator)."""
    STEPS[cls.kind] = cls()
    return cls


def line(name: str, **values: Any) -> Line:
    return Line(f"halloween.{name}", values)


def ev(name: str, private: bool = False, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), private=private, speak=speak)


def colour_line(colour: str) -> Line:
    return line(f"colour.{colour}")


class Step:
    """One kind of pending decision. Subclasses override what they need."""

    kind: ClassVar[str] = ""
    private: ClassVar[bool] = False

    def who(self, g, s) -> int:
        return g.current

    def options(self, g, s) -> list[tuple[Any, Line]]:
        """(action, label) pairs: the choices shown, all of them legal."""
        return []

    def hidden(self, g, s) -> list[Any]:
        """Legal actions typed rather than chosen (a representative set)."""
        return []

    def apply(self, g, s, action, chance) -> list[Event]:
        raise g.not_now(action)

    def title(self, g, s) -> Line:
        return line(f"step.{self.kind}", player=g.players[self.who(g, s)])

    def detail(self, g, s) -> Line | None:
        return None

    def say(self, g, s) -> Line | None:
        return None


# -- turn order -------------------------------------------------------------

def active(g, seat: int) -> bool:
    return not g.out[seat]


def next_active(g, seat: int, step_by: int = 1) -> int:
    for k in range(1, g.n + 1):
        other = (seat + step_by * k) % g.n
        if active(g, other):
            return other
    return seat


def begin_play(g) -> list[Event]:
    g.phase = "play"
    g.round, g.holder, g.offset = 1, g.youngest, 0
    events = [ev("round.start", round=1, player=g.players[g.holder])]
    events += come_up(g, g.holder)
    if not g.stack:
        events += advance(g)
    return events


def come_up(g, seat: int) -> list[Event]:
    """The turn reaches `seat` (played or skipped): what expires, then its turn."""
    events = []
    for child, attacker in list(g.cool_children.items()):
        if attacker == seat:
            del g.cool_children[child]
    if seat in g.cool_players:
        g.cool_players.remove(seat)
    for child, frost in list(g.frozen.items()):
        if frost["by"] == seat:
            frost["turns"] -= 1
            if frost["turns"] <= 0:
                del g.frozen[child]
                events.append(ev("card10.thaw", child=NAMES[child]))
    if not active(g, seat):
        return events
    g.current = seat
    g.turn = None
    if g.blocked[seat]:
        g.blocked[seat] -= 1
        events.append(ev("card2.lost_turn", player=g.players[seat]))
        if 10 in g.hands[seat]:
            g.stack.append({"kind": "start", "card1": False, "no_move": True})
        return events
    g.stack.append({"kind": "start", "card1": False, "no_move": False})
    events.append(ev("turn.start", player=g.players[seat], round=g.round))
    return events


def advance(g) -> list[Event]:
    """Pass the turn on until a seat has a turn to play, or the game ends."""
    events: list[Event] = []
    while not g.stack and g.phase == "play":
        g.offset += 1
        if g.offset >= g.n:
            if g.round >= ROUNDS:
                return events + end_game(g, "rounds")
            g.round += 1
            g.holder = next_active(g, g.holder)
            g.offset = 0
            g.moved = {}
            g.extra_moves = 0
            events.append(ev("round.start", round=g.round, player=g.players[g.holder]))
        events += come_up(g, (g.holder + g.offset) % g.n)
    return events


def end_turn(g) -> list[Event]:
    g.stack.clear()
    g.turn = g.knock = g.auction = None
    return advance(g)


def lose_turn(g) -> list[Event]:
    """A door card ends the mover's turn at once."""
    g.stack.clear()
    return [ev("turn.lost", player=g.players[g.current])]


def eliminate(g) -> list[Event]:
    events = []
    for seat in range(g.n):
        if active(g, seat) and g.ledger.candies[seat] == 0:
            g.out[seat] = True
            g.out_order.append(seat)
            events.append(ev("player.out", player=g.players[seat]))
            if seat == g.current and g.phase == "play":  # the turn ends; a crying card is still asked
                g.stack[:] = [s for s in g.stack if s["kind"] == "crying"]
    return events


def end_game(g, reason: str) -> list[Event]:
    g.stack.clear()
    g.turn = g.knock = g.auction = None
    g.end_reason = reason
    events = [ev(f"end.{reason}")]
    if None in g.secret:
        g.phase = "final"
        g.stack.append({"kind": "final_child"})
        if g.crying:
            g.stack.append({"kind": "crying"})
    else:
        g.phase = "over"
    return events


def drop(g, s) -> None:
    """Take step `s` off the stack (by identity: equal dicts may sit below it)."""
    for index in range(len(g.stack) - 1, -1, -1):
        if g.stack[index] is s:
            del g.stack[index]
            return


def replace(g, s, new: dict) -> None:
    drop(g, s)
    g.stack.append(new)


def spend(g, seat: int, card: int) -> None:
    """A played card leaves the hand for the played pile (never reshuffled)."""
    g.hands[seat].remove(card)
    g.played.append(card)


def capped(g, payer: int, payee: int, due: int, paid: int) -> list[Event]:
    """After a line that announced `due`: say what really changed hands only if it was less."""
    if paid == due:
        return []
    return [ev("pay.player", player=g.players[payer], to=g.players[payee], amount=paid)]


def refuse(reason: str, allowed: str = "") -> IllegalActionError:
    return IllegalActionError(reason, allowed=allowed)

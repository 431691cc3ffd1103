"""The referee's engine: a stack of pending steps, and the turn order.

Every decision the game waits for is a step on `game.stack` (a plain dict
with a `kind`, so states compare and copy cleanly); its handler is a core
`Step` (companion/core/steps.py) registered here, so the prompt, the legal
actions and the "allowed now" of a refusal all come from what it offers. A
step that needs another decision first pushes it on top; when the mover's
stack is empty the turn is over and the next seat's turn comes up.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections import defaultdict
from typing import Any, ClassVar

from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import RollStep, Step
from companion.games.tables import HALLOWEEN_CANDY

from .children import NAMES
from .notation import Play

ROUNDS = 8
OUT_TO_END = 3  # the game ends when this many players are out

STEPS: dict[str, "HStep"] = {}


def step(kind: str, actor: str = "current"):
    """Register a step kind, and who acts in it (class decorator)."""
    def register(cls):
        cls.kind, cls.actor = kind, actor
        STEPS[kind] = cls()
        return cls
    return register


def line(name: str, **values: Any) -> Line:
    return Line(f"halloween.{name}", values)


def err(name: str, **values: Any) -> Line:
    """A refusal's line: `halloween.error.<name>`."""
    return Line(f"halloween.error.{name}", values)


def ev(name: str, private: bool = False, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), private=private, speak=speak)


def colour_line(colour: str) -> Line:
    return line(f"colour.{colour}")


def either(names: list[str]) -> Line:
    """`Rosa or Miguelín`, `Lucía, David or Jorgito`, in the table's language."""
    return line(f"either.{len(names)}", **dict(zip("abc", names)))


class HStep(Step):
    """A Halloween step. `actor` names who acts: the mover (`current`), the
    step's own `seat`, or a role in the knock (`owner`, `mover`, `helper`)."""

    actor: ClassVar[str] = "current"

    def who(self, g, s) -> int:
        if self.actor == "current":
            return g.current
        if self.actor == "seat":
            return s["seat"]
        return g.knock[self.actor]

    def title(self, g, s) -> Line:
        return line(f"step.{self.kind}", **self.names(g, s))

    def names(self, g, s) -> dict[str, Any]:
        """What a step's lines may name: who acts, the child moving, and at a door its owner,
        mover and claim."""
        values: dict[str, Any] = {"player": g.players[self.who(g, s)]}
        if g.turn:
            values.update(child=NAMES[g.turn["child"]], distance=g.turn["distance"])
        if g.knock:
            k = g.knock
            values.update(owner=g.players[k["owner"]], mover=g.players[k["mover"]])
            if k.get("claim") is not None:
                values.update(claim=k["claim"], candies=HALLOWEEN_CANDY.lookup(k["claim"]))
        return values

    def public_title(self, g, s) -> Line:
        """A private step's title names only who acts, never a secret: the table may read it
        (or the step's public line, where it has one)."""
        return (self.public(g, s) if self.private else None) or self.title(g, s)

    def shows(self, g, s, offer) -> bool:
        """Cards played from a hand are not offered in public: the offer would tell what the hand holds."""
        return super().shows(g, s, offer) and not isinstance(offer.action, Play)

    def sample(self, g, s, rng: random.Random) -> Any:
        """A kind of action first (move, play, land...), then one of it: playouts stay varied."""
        groups: dict[str, list] = defaultdict(list)
        for action in self.legal(g, s):
            kind = action.word.split()[0] if isinstance(action, Word) else getattr(action, "verb", "")
            groups[kind or str(action).split()[0]].append(action)
        if len(groups) > 1:
            groups.pop("stuck", None)
        return rng.choice(groups[rng.choice(sorted(groups))])


class D8Step(HStep, RollStep):
    """A roll of the d8, the app's or the table's (`roll @ 5`): subclasses say what it does."""

    dice = "d8"


class DuelStep(D8Step):
    """At a door, the child rolls and then the owner; `settled` says what the two rolls do."""

    def who(self, g, s) -> int:
        return g.knock["mover"] if not g.knock["rolls"] else g.knock["owner"]

    def rolled(self, g, s, faces) -> list[Event]:
        k = g.knock
        roller = self.who(g, s)
        k["rolls"].append(faces[0])
        events = [self.said(g, roller, faces[0])]
        if len(k["rolls"]) < 2:
            return events
        drop(g, s)
        return events + self.settled(g, *k["rolls"])

    @abstractmethod
    def said(self, g, roller: int, roll: int) -> Event:
        """The line for one roll."""

    @abstractmethod
    def settled(self, g, child_roll: int, owner_roll: int) -> list[Event]:
        """What the two rolls make happen."""


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


"""Dice duel: the tiny reference game that exercises the whole stack
(setup with a secret, chance, options and a house rule, turns, an outcome)
and shows the shape every game is written in. It is also a fair two-minute
pub game.

Each player first picks a secret lucky number (1-6). Then, in turn, a player
rolls 2d6 as often as they dare: any 1 loses the turn's points and ends the
turn; otherwise the sum is added to the turn, plus 5 for a double of the
lucky number. `hold` banks the turn. First to the target wins.

Notation: `lucky SEAT N`, `roll`, `hold` (see docs/games/dice-duel.md).
Every word a player reads is a line under `dice-duel.` in `voices/<lang>/`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.core.game import Event, Line, Option, Outcome
from companion.core.notation import Word, Words, number, seat_index
from companion.core.steps import Offer, RollStep, Step, StepGame

from .describe import describe as _describe
from .observe import observe as _observe

LUCKY_BONUS = 5
FACES = range(1, 7)
ROLL, HOLD = Word("roll"), Word("hold")

WORDS = Words(
    "dice-duel",
    phrases={"roll": ("tirar", "tira", "bota"), "hold": ("plantarse", "me planto", "gorde")},
    verbs={"lucky": ("suerte", "zortea")},
    seats={"lucky": (0,)},
    examples=("lucky SEAT N", "roll", "hold"),
    spellings={"es": {"roll": "tirar", "hold": "plantarse", "lucky": "suerte"},
               "eu": {"roll": "bota", "hold": "gorde", "lucky": "zortea"}},
    arguments={"es": {"SEAT": "ASIENTO"}, "eu": {"SEAT": "ESERLEKUA"}},  # the examples' placeholder
)


@dataclass(frozen=True)
class Lucky:
    """`lucky SEAT N`: the secret lucky number a player chose."""

    seat: int
    number: int

    def __str__(self) -> str:
        return f"lucky {self.seat} {self.number}"


def line(name: str, **values: Any) -> Line:
    return Line(f"dice-duel.{name}", values)


def event(name: str, *, private: bool = False, **values: Any) -> Event:
    return Event(line(name, **values), private=private, speak=not private)


class LuckyStep(Step):
    """Each player in seat order whispers a lucky number to the game master."""

    kind = "lucky"
    private = True  # the screen shows the numbers only to the game master
    secret = True  # the table hears that a number was chosen, not which

    def who(self, g: "DiceDuel", s: int) -> int:
        return s

    def title(self, g, s):
        return line("ask_lucky", player=g.players[s])

    def detail(self, g, s):
        return line("ask_lucky_detail")

    def say(self, g, s):
        return line("ask_lucky", player=g.players[s])

    def public(self, g, s):
        return line("lucky_public", player=g.players[s])

    def offers(self, g, s):
        return [Offer(Lucky(s + 1, n), str(n), key=str(n), group="lucky") for n in FACES]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Lucky):
            raise g.refuse("lucky_first", player=g.players[s])
        seat = seat_index(action.seat, len(g.players))
        if seat != s:
            if g.lucky[seat] is not None:
                raise g.refuse("already_chosen", player=g.players[seat])
            raise g.refuse("not_your_choice", player=g.players[s])
        if action.number not in FACES:
            raise g.refuse("lucky_range", number=action.number)
        g.lucky[s] = action.number
        return [event("lucky_chosen", player=g.players[s]),
                event("lucky_secret", private=True, player=g.players[s], number=action.number)]


class TurnStep(RollStep):
    """Roll 2d6 (a 1 busts, a lucky double pays a bonus) or bank the turn."""

    kind = "turn"
    dice = "2d6"

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("ask_turn", player=g.players[g.current])

    def detail(self, g, s):
        return line("turn_points", player=g.players[g.current], points=g.turn_points)

    def offers(self, g, s):
        hold = [Offer(HOLD, line("choice_hold", points=g.turn_points), group="hold")] if g.turn_points else []
        return super().offers(g, s) + hold

    def sample(self, g, s, rng: random.Random):
        return HOLD if g.turn_points >= 12 and rng.random() < 0.6 else ROLL

    def apply(self, g, s, action, chance):
        if action == HOLD:
            return g.hold()
        if isinstance(action, Lucky):
            raise g.refuse("all_chosen")
        return super().apply(g, s, action, chance)

    def rolled(self, g, s, faces):
        return g.rolled(*faces)


LUCKY, TURN = LuckyStep(), TurnStep()


class DiceDuel(StepGame):
    name = "dice-duel"
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "Dice duel"
    min_players = 2
    max_players = 8
    max_actions = 2000
    options = (
        Option("target", 30, minimum=10, maximum=1000, house_rule=False),
        Option("snake_eyes_reset", False),
    )
    # The lucky numbers' refusals tell only who has chosen (public) and the faces: said as they are.
    public_refusals = ("lucky_first", "already_chosen", "not_your_choice", "lucky_range")

    @classmethod
    def example_setups(cls):
        return [(["Ana", "Luis"], {"target": 15}),
                (["[bold]Ana", "Bo", "Cy", "Di"], {"snake_eyes_reset": True, "target": 20})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.lucky: list[int | None] = [None] * len(self.players)
        self.banked = [0] * len(self.players)
        self.turn_points = 0
        self.current = 0
        self.winner: int | None = None

    # -- notation ------------------------------------------------------------

    def parse(self, text: str) -> Lucky | Word:
        words = WORDS.split(text)
        found = WORDS.phrase(words)
        if found is not None:
            return found
        if WORDS.verb(words[0]) == "lucky":
            if len(words) != 3:
                raise WORDS.shape(text, "lucky 1 4")
            return Lucky(number(words[1], text), number(words[2], text))
        raise WORDS.unknown(text, words)

    # -- the pending step ------------------------------------------------------

    def pending_step(self) -> tuple[Step, Any] | None:
        if self.winner is not None:
            return None
        if None in self.lucky:
            return LUCKY, self.lucky.index(None)
        return TURN, None

    # -- what the steps do -------------------------------------------------------

    def rolled(self, a: int, b: int) -> list[Event]:
        me = self.players[self.current]
        events = [event("rolled", player=me, a=a, b=b)]
        if 1 in (a, b):
            lost = self.turn_points
            if a == b == 1 and self.settings["snake_eyes_reset"]:
                self.banked[self.current] = 0
                events.append(event("snake_eyes", player=me))
            events.append(event("bust", player=me, lost=lost))
            return events + self._next_player()
        gain = a + b
        if a == b == self.lucky[self.current]:
            gain += LUCKY_BONUS
            events.append(event("lucky_double", player=me, bonus=LUCKY_BONUS))
        self.turn_points += gain
        events.append(event("turn_points", player=me, points=self.turn_points))
        return events

    def hold(self) -> list[Event]:
        me = self.players[self.current]
        if self.turn_points == 0:
            raise self.refuse("nothing_to_bank", player=me)
        self.banked[self.current] += self.turn_points
        events = [event("banked", player=me, points=self.turn_points, total=self.banked[self.current])]
        if self.banked[self.current] >= self.settings["target"]:
            self.winner = self.current
            self.turn_points = 0
            return events + [event("wins", player=me, total=self.banked[self.current])]
        return events + self._next_player()

    def _next_player(self) -> list[Event]:
        self.turn_points = 0
        self.current = (self.current + 1) % len(self.players)
        return [event("turn", player=self.players[self.current])]

    # -- the end and the views ---------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        name = self.players[self.winner]
        return Outcome("target", (name,), line("wins", player=name, total=self.banked[self.winner]))

    def public_state(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "banked": dict(zip(self.players, self.banked)),
            "turn": self.players[self.current],
            "turn_points": self.turn_points,
            "target": self.settings["target"],
            "choosing_lucky": None in self.lucky,
        }

    def progress(self) -> Line | None:
        scores = ", ".join(f"{name} {points}" for name, points in zip(self.players, self.banked))
        return Line("ui.dice-duel.progress", {"scores": scores, "target": self.settings["target"]})

    def private_state(self) -> dict[str, Any]:
        return {"lucky": dict(zip(self.players, self.lucky))}

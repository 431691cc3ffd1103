"""Dice duel: the tiny reference game that exercises the whole stack
(setup with a secret, chance, options and a house rule, turns, an outcome)
before the real games land. It is also a fair two-minute pub game.

Each player first picks a secret lucky number (1-6). Then, in turn, a player
rolls 2d6 as often as they dare: any 1 loses the turn's points and ends the
turn; otherwise the sum is added to the turn, plus 5 for a double of the
lucky number. `hold` banks the turn. First to the target wins.

Notation: `lucky SEAT N`, `roll`, `hold`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from companion.core.dice import Chance
from companion.core.errors import IllegalActionError, InvalidActionError
from companion.core.game import Choice, Event, Game, Line, Option, Outcome, Prompt


@dataclass(frozen=True)
class Lucky:
    seat: int
    number: int

    def __str__(self) -> str:
        return f"lucky {self.seat} {self.number}"


@dataclass(frozen=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


Action = Lucky | Roll | Hold
LUCKY_BONUS = 5


class DiceDuel(Game):
    name = "dice-duel"
    title = "Dice duel"
    aliases = ("duel",)
    min_players = 2
    max_players = 8
    summary = "Push your luck with 2d6; a 1 loses the turn. The reference game."
    options = (
        Option("target", "Points to win", 30, minimum=10, maximum=1000, house_rule=False,
               help="The first player to bank this many points wins."),
        Option("snake_eyes_reset", "Snake eyes reset the bank", False,
               help="House rule: a double 1 also wipes the roller's banked points."),
    )

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

    # -- notation ----------------------------------------------------------

    def parse(self, text: str) -> Action:
        words = text.lower().split()
        if words == ["roll"]:
            return Roll()
        if words == ["hold"]:
            return Hold()
        if len(words) == 3 and words[0] == "lucky":
            try:
                seat, number = int(words[1]), int(words[2])
            except ValueError:
                raise InvalidActionError(f"{text!r}: seat and number are whole numbers.", text=text,
                                         allowed="Write it like: lucky 1 4.") from None
            return Lucky(seat, number)
        raise InvalidActionError(f"{text!r} is not a dice duel action.", text=text,
                                 allowed="Actions: lucky SEAT N, roll, hold.")

    # -- rules -------------------------------------------------------------

    @property
    def choosing(self) -> bool:
        return None in self.lucky

    def apply(self, action: Action, chance: Chance) -> list[Event]:
        if self.winner is not None:
            raise IllegalActionError("The game is over.")
        if isinstance(action, Lucky):
            return self._lucky(action)
        if self.choosing:
            seat = self.lucky.index(None)
            raise IllegalActionError(
                f"Lucky numbers come first: {self.players[seat]} has not chosen yet.",
                allowed=f"Now: lucky {seat + 1} N, with N from 1 to 6.")
        if isinstance(action, Roll):
            return self._roll(chance)
        return self._hold()

    def _lucky(self, action: Lucky) -> list[Event]:
        if not self.choosing:
            raise IllegalActionError("Everybody has a lucky number already.", allowed="Now: roll or hold.")
        seat = self.lucky.index(None)
        if action.seat != seat + 1:
            if 1 <= action.seat <= len(self.players) and self.lucky[action.seat - 1] is not None:
                why = f"{self.players[action.seat - 1]} has already chosen."
            elif not 1 <= action.seat <= len(self.players):
                why = f"There is no seat {action.seat}; seats go 1 to {len(self.players)}."
            else:
                why = f"It is {self.players[seat]}'s turn to choose."
            raise IllegalActionError(why, allowed=f"Now: lucky {seat + 1} N.")
        if not 1 <= action.number <= 6:
            raise IllegalActionError(f"A lucky number is a die face, 1 to 6, not {action.number}.")
        self.lucky[seat] = action.number
        return [Event(Line("duel.lucky_chosen", {"player": self.players[seat]})),
                Event(Line("duel.lucky_secret", {"player": self.players[seat], "number": action.number}),
                      private=True, speak=False)]

    def _roll(self, chance: Chance) -> list[Event]:
        a, b = chance.roll("2d6")
        me = self.players[self.current]
        events = [Event(Line("duel.rolled", {"player": me, "a": a, "b": b}))]
        if 1 in (a, b):
            lost = self.turn_points
            if a == b == 1 and self.settings["snake_eyes_reset"]:
                self.banked[self.current] = 0
                events.append(Event(Line("duel.snake_eyes", {"player": me})))
            events.append(Event(Line("duel.bust", {"player": me, "lost": lost})))
            self._next_player()
            events.append(Event(Line("duel.turn", {"player": self.players[self.current]})))
            return events
        gain = a + b
        if a == b == self.lucky[self.current]:
            gain += LUCKY_BONUS
            events.append(Event(Line("duel.lucky_double", {"player": me, "bonus": LUCKY_BONUS})))
        self.turn_points += gain
        events.append(Event(Line("duel.turn_points", {"player": me, "points": self.turn_points})))
        return events

    def _hold(self) -> list[Event]:
        me = self.players[self.current]
        if self.turn_points == 0:
            raise IllegalActionError(f"{me} has nothing to bank yet.", allowed="Roll first.")
        self.banked[self.current] += self.turn_points
        events = [Event(Line("duel.banked", {"player": me, "points": self.turn_points,
                                             "total": self.banked[self.current]}))]
        if self.banked[self.current] >= self.settings["target"]:
            self.winner = self.current
            self.turn_points = 0
            events.append(Event(Line("duel.wins", {"player": me, "total": self.banked[self.current]})))
            return events
        self._next_player()
        events.append(Event(Line("duel.turn", {"player": self.players[self.current]})))
        return events

    def _next_player(self) -> None:
        self.turn_points = 0
        self.current = (self.current + 1) % len(self.players)

    # -- what next -----------------------------------------------------------

    def legal_actions(self) -> Iterable[Action]:
        if self.winner is not None:
            return []
        if self.choosing:
            seat = self.lucky.index(None) + 1
            return [Lucky(seat, n) for n in range(1, 7)]
        return [Roll(), Hold()] if self.turn_points else [Roll()]

    def expects(self) -> Prompt:
        if self.winner is not None:
            return Prompt(Line("duel.over", {"player": self.players[self.winner]}))
        if self.choosing:
            seat = self.lucky.index(None)
            who = self.players[seat]
            return Prompt(
                Line("duel.ask_lucky", {"player": who}),
                detail=Line("duel.ask_lucky_detail", {}),
                who=who,
                choices=tuple(Choice(str(n), f"lucky {seat + 1} {n}") for n in range(1, 7)),
                say=Line("duel.ask_lucky", {"player": who}),
                private=True,
            )
        who = self.players[self.current]
        choices = [Choice(Line("duel.choice_roll"), "roll")]
        if self.turn_points:
            choices.append(Choice(Line("duel.choice_hold", {"points": self.turn_points}), "hold"))
        return Prompt(
            Line("duel.ask_turn", {"player": who}),
            detail=Line("duel.turn_points", {"player": who, "points": self.turn_points}),
            who=who,
            choices=tuple(choices),
        )

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        name = self.players[self.winner]
        return Outcome("target", (name,), Line("duel.wins", {"player": name, "total": self.banked[self.winner]}))

    def public_state(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "banked": dict(zip(self.players, self.banked)),
            "turn": self.players[self.current],
            "turn_points": self.turn_points,
            "target": self.settings["target"],
            "choosing_lucky": self.choosing,
        }

    def private_state(self) -> dict[str, Any]:
        return {"lucky": {p: n for p, n in zip(self.players, self.lucky)}}

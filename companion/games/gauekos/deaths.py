"""Deaths and their consequences, in the rulings' order: every death is
announced with its card and queues what follows from it (a lover's grief,
the Cazador's shot, the Pariente mayor's successor). The queue blocks every
other action, one step per consequence; the win is decided once no death is
still owed."""

from __future__ import annotations

from abc import ABC, abstractmethod

import random
from typing import Any

from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import Offer, Step

from .notation import Target
from .offers import Asking, seats, word
from .roles import CAZADOR, role_line
from .win import winner

NIGHT_DEATHS = ("gauekos", "caught", "death_spell")
NO_SHOT = Word("no shot")


class PendingStep(Asking, ABC):
    """A consequence of a death, owed by the seat in `s` (the first of `g.pending`)."""

    def who(self, g, s):
        return s["seat"]

    def asked(self, g, s):
        return {"player": g.who(s["seat"])}

    def apply(self, g, s, action, chance):
        events: list[Event] = []
        self.record(g, s, action, events)
        g._settle(events)
        return events

    @abstractmethod
    def record(self, g, s, action, events: list[Event]) -> None:
        """Apply this consequence's answer (the engine then settles what follows)."""


class GriefStep(PendingStep):
    """A lover never outlives the other."""

    kind = "grief"

    def asked(self, g, s):
        return {"player": g.who(s["seat"]), "lover": g.who(s["cause"])}

    def offers(self, g, s):
        seat = s["seat"]
        return [Offer(Target("grief", seat + 1), Line("gauekos.choice.grief", {"player": g.who(seat)}),
                      key=str(seat + 1), group="grief", seat=seat + 1)]

    def record(self, g, s, action, events):
        seat = s["seat"]
        if action != Target("grief", seat + 1):
            raise g.refuse("grief_first", player=g.who(seat), lover=g.who(s["cause"]), seat=seat + 1)
        g.pending.pop(0)
        g._kill(seat, "grief", events, lover=g.who(s["cause"]))


class ShotStep(PendingStep):
    """The dead Cazador shoots a living player, or holds his fire."""

    kind = "shot"

    def say(self, g, s):
        return Line("gauekos.shot.say", {"player": g.who(s["seat"])})

    def offers(self, g, s):
        return seats(g, "shoot", g.living()) + [word("no shot")]

    def sample(self, g, s, rng: random.Random):
        if rng.random() < 0.9:
            return Target("shoot", rng.choice(g.living()) + 1)
        return rng.choice(self.legal(g, s))

    def record(self, g, s, action, events):
        seat = s["seat"]
        if action == NO_SHOT:
            g.pending.pop(0)
            g._tell("gauekos.story.no_shot", player=g.who(seat))
            events.append(Event(Line("gauekos.shot.none", {"player": g.who(seat)})))
        elif isinstance(action, Target) and action.verb == "shoot":
            target = g._check_seat(action.seat, what="shoot")
            g.pending.pop(0)
            g._kill(target, "shot", events, by=g.who(seat))
        else:
            raise g.refuse("shot_first", player=g.who(seat))


class SuccessorStep(PendingStep):
    """The dead Pariente mayor names a living successor."""

    kind = "successor"

    def say(self, g, s):
        return Line("gauekos.successor.say", {"player": g.who(s["seat"])})

    def offers(self, g, s):
        return seats(g, "successor", g.living())

    def record(self, g, s, action, events):
        seat = s["seat"]
        if not (isinstance(action, Target) and action.verb == "successor"):
            raise g.refuse("successor_first", player=g.who(seat))
        heir = g._check_seat(action.seat, what="successor")
        g.pending.pop(0)
        g.mayor = heir
        g._tell("gauekos.story.successor", player=g.who(seat), successor=g.who(heir))
        events.append(Event(Line("gauekos.mayor.successor", {"player": g.who(seat), "successor": g.who(heir)})))


PENDING: dict[str, Step] = {step.kind: step for step in (GriefStep(), ShotStep(), SuccessorStep())}


class Deaths:
    """Mixin of `Gauekos`: killing, pending consequences, the end."""

    def _kill(self, seat: int, cause: str, events: list[Event], **extra: Any) -> None:
        self.alive[seat] = False
        name, card = self.who(seat), self.cards[seat]
        public = "night" if cause in NIGHT_DEATHS else cause
        events.append(Event(Line(f"gauekos.death.{public}", {"player": name, "card": role_line(card), **extra})))
        self._tell(f"gauekos.story.death.{cause}", player=name, card=card, **extra)
        if self.lovers and seat in self.lovers:
            other = self.lovers[1] if seat == self.lovers[0] else self.lovers[0]
            if self.alive[other]:
                self.pending.append({"kind": "grief", "seat": other, "cause": seat})
        if self.roles[seat] == CAZADOR:
            self.pending.append({"kind": "shot", "seat": seat})
        if self.mayor == seat:
            self.pending.append({"kind": "successor", "seat": seat})

    def _settle(self, events: list[Event]) -> None:
        """Drop consequences that can no longer happen, end the game or go on."""
        while self.pending:
            first = self.pending[0]
            if (first["kind"] == "grief" and not self.alive[first["seat"]]) or not self.living():
                self.pending.pop(0)
                continue
            break
        if not any(p["kind"] in ("grief", "shot") for p in self.pending):
            won = winner(self.roles, self.alive, self.lovers)
            if won is not None:
                self._end(won, events)
                return
        if self.pending:
            return  # the prompt asks for the decision (and says it aloud)
        if self.after == "day":
            self.ballot = {"stage": "first"}
            events.append(Event(Line("gauekos.day.debate", {"day": self.day})))
        else:
            self.phase = "dusk"
            self.ballot = {}

    def _end(self, won: tuple[str, tuple[int, ...]], events: list[Event]) -> None:
        self.result = won
        self.pending = []
        self.phase = "over"
        side, seats = won
        self._tell(f"gauekos.story.end.{side}")
        events.append(Event(self.outcome().line))
        for seat, card in enumerate(self.cards):
            events.append(Event(Line("gauekos.reveal", {"player": self.who(seat), "card": role_line(card)}),
                                speak=False))

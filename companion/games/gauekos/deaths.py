"""Deaths and their consequences, in the rulings' order: every death is
announced with its card and queues what follows from it (a lover's grief,
the Cazador's shot, the Pariente mayor's successor). The queue blocks every
other action; the win is decided once no death is still owed."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line

from .notation import Action, Target, Word
from .roles import CAZADOR, role_line
from .win import winner

NIGHT_DEATHS = ("gauekos", "caught", "death_spell")


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

    def _resolve_pending(self, action: Action, events: list[Event]) -> None:
        first = self.pending[0]
        kind, seat = first["kind"], first["seat"]
        if kind == "grief":
            if action != Target("grief", seat + 1):
                raise IllegalActionError(
                    f"{self.who(seat)} must die of grief first: {self.who(first['cause'])} was their lover.",
                    allowed=f"Now: grief {seat + 1}.",
                    line=Line("gauekos.error.grief_first", {"player": self.who(seat), "lover": self.who(first["cause"]),
                                                            "seat": seat + 1}))
            self.pending.pop(0)
            self._kill(seat, "grief", events, lover=self.who(first["cause"]))
        elif kind == "shot":
            if action == Word("no shot"):
                self.pending.pop(0)
                self._tell("gauekos.story.no_shot", player=self.who(seat))
                events.append(Event(Line("gauekos.shot.none", {"player": self.who(seat)})))
            elif isinstance(action, Target) and action.verb == "shoot":
                target = self._check_seat(action.seat, what="shoot")
                self.pending.pop(0)
                self._kill(target, "shot", events, by=self.who(seat))
            else:
                raise IllegalActionError(f"{self.who(seat)}, the Cazador, shoots first.",
                                         allowed="Now: shoot SEAT or no shot.",
                                         line=Line("gauekos.error.shot_first", {"player": self.who(seat)}))
        else:
            if not (isinstance(action, Target) and action.verb == "successor"):
                raise IllegalActionError(f"{self.who(seat)}, the dead Pariente mayor, names a successor first.",
                                         allowed="Now: successor SEAT.",
                                         line=Line("gauekos.error.successor_first", {"player": self.who(seat)}))
            heir = self._check_seat(action.seat, what="successor")
            self.pending.pop(0)
            self.mayor = heir
            self._tell("gauekos.story.successor", player=self.who(seat), successor=self.who(heir))
            events.append(Event(Line("gauekos.mayor.successor", {"player": self.who(seat),
                                                                  "successor": self.who(heir)})))
        self._settle(events)

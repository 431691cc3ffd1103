"""Which calls the Kontalari makes, in the rulings' order, and how one call
leads to the next, to dawn and back to nightfall.

The calls come from the announced deck, not from who is alive: a role in
the deck held by nobody alive (dead, or among Samartintxiki's leftovers)
still gets its call when the `phantom_calls` house rule is on, so the table
cannot tell who is out of play. Whether a call is phantom is decided when it
comes up (Samartintxiki may have taken the Lamia card meanwhile).
"""

from __future__ import annotations

from typing import Sequence

from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line
from companion.core.notation import Word

from .notation import Action, Target
from .roles import AKERBELTZ, GAUEKO, LAMIA, SAMARTINTXIKI, SORGINA
from .win import winner

# Call name -> the role whose holder wakes (None: not one role's call).
CALL_ROLE = {
    "samartintxiki": SAMARTINTXIKI,
    "lamia": LAMIA,
    "lovers": None,
    "election": None,
    "sorgina": SORGINA,
    "gauekos": GAUEKO,
    "akerbeltz": AKERBELTZ,
}
# Calls that wake somebody and are spoken with a wake and a sleep line.
SPOKEN = ("samartintxiki", "lamia", "lovers", "sorgina", "gauekos", "akerbeltz")


def preparation_calls(deck: Sequence[str]) -> list[str]:
    """Samartintxiki, Lamia, the lovers, then the optional election (always offered)."""
    calls = []
    if SAMARTINTXIKI in deck:
        calls.append("samartintxiki")
    if LAMIA in deck:
        calls += ["lamia", "lovers"]
    return calls + ["election"]


def night_calls(deck: Sequence[str]) -> list[str]:
    """Sorgiña, Gauekos (Galtzagorri spies, uncalled), Akerbeltz."""
    calls = []
    if SORGINA in deck:
        calls.append("sorgina")
    calls.append("gauekos")
    if AKERBELTZ in deck:
        calls.append("akerbeltz")
    return calls


def holders(call: str, roles: Sequence[str | None], alive: Sequence[bool],
            lovers: tuple[int, int] | None) -> list[int]:
    """The living seats (0-based) this call wakes; empty makes it a phantom call."""
    if call == "lovers":
        return [s for s in (lovers or ()) if alive[s]]
    role = CALL_ROLE.get(call)
    if role is None:
        return []
    return [s for s, r in enumerate(roles) if r == role and alive[s]]


def keep_call(call: str, phantom: bool, phantom_calls: bool) -> bool:
    """A phantom call is made only under the house rule; other calls always."""
    return call == "election" or not phantom or phantom_calls


def call_name(call: str) -> Line:
    """A call's name as refusals say it ("now it is the {call} call"), in any language."""
    return Line(f"gauekos.error.call.{call}")


NIGHT_WORDS = ("no agreement", "caught", "life", "no life", "no death", "shown", "close")


def night_verb(action: Action) -> bool:
    """Actions that belong to some night call (for the out-of-order refusal)."""
    if isinstance(action, Target):
        return action.verb in ("sorgina", "victim", "death")
    return isinstance(action, Word) and action.word in NIGHT_WORDS


class Calls:
    """Mixin of `Gauekos`: the calls one after the other, nightfall and dawn.

    Each call's first step speaks its wake line (see calls.py), its end adds
    the sleep line, and a phantom call takes a neutral `pass`. The last night
    call leads to dawn, where the night's deaths are resolved."""

    def _begin_calls(self, calls: list[str], events: list[Event]) -> None:
        self.calls, self.call = calls, -1
        self._next_call(events)

    def _next_call(self, events: list[Event]) -> None:
        self.call += 1
        while self.call < len(self.calls):
            call = self.calls[self.call]
            phantom = self.phantom(call)
            if keep_call(call, phantom, self.settings["phantom_calls"]):
                self.step = "pass" if phantom else self._first_step(call)
                self.fresh = True
                return
            self.call += 1
        self.step = None
        if self.phase != "prep":
            self._dawn(events)
            return
        won = winner(self.roles, self.alive, self.lovers)  # Samartintxiki may have left no gaueko in play
        if won is not None:
            self._end(won, events)
        else:
            self._start_night(events)

    def _first_step(self, call: str) -> str:
        if call == "akerbeltz":
            if not self.life_used and self.tonight.get("victim") is not None:
                return "life"
            return "death" if not self.death_used else "done"
        return {"samartintxiki": "choose", "lamia": "lovers", "lovers": "done", "election": "election",
                "sorgina": "inspect", "gauekos": "victim"}[call]

    def _end_call(self, events: list[Event]) -> None:
        call = self.calls[self.call]
        if call in SPOKEN:
            events.append(Event(Line(f"gauekos.call.{call}.sleep")))
        self._next_call(events)

    def _out_of_order(self, action: Action) -> IllegalActionError:
        call = call_name(self.current_call() or "")
        if self.phase == "night" and night_verb(action):
            return self.refuse("night_order", call=call)
        return self.refuse("not_now_call", call=call)

    def _elect(self, action: Target, events: list[Event]) -> None:
        if self.mayor_alive():
            raise self.refuse("mayor_already", player=self.who(self.mayor))
        seat = self._check_seat(action.seat)
        self.mayor = seat
        self._tell("gauekos.story.mayor", player=self.who(seat))
        events.append(Event(Line("gauekos.mayor.elected", {"player": self.who(seat)})))

    def _start_night(self, events: list[Event]) -> None:
        self.night += 1
        self.phase = "night"
        self.tonight = {"victim": None, "cause": None, "saved": False, "death": None, "inspected": None}
        self._tell("gauekos.story.night", night=self.night)
        events.append(Event(Line("gauekos.night.falls", {"night": self.night})))
        self._begin_calls(night_calls(self.deck_roles()), events)

    def _dawn(self, events: list[Event]) -> None:
        self.day = self.night
        self.phase = "day"
        self.calls, self.call, self.step = [], 0, None
        events.append(Event(Line("gauekos.dawn", {"day": self.day})))
        deaths: list[tuple[int, str]] = []
        victim = self.tonight.get("victim")
        if victim is not None and not self.tonight.get("saved"):
            deaths.append((victim, self.tonight["cause"]))
        cursed = self.tonight.get("death")
        if cursed is not None and cursed != (victim if deaths else None):
            deaths.append((cursed, "death_spell"))
        self._tell("gauekos.story.day", day=self.day)
        if not deaths:
            events.append(Event(Line("gauekos.dawn.nobody")))
            self._tell("gauekos.story.nobody")
        for seat, cause in deaths:
            self._kill(seat, cause, events)
        self.after = "day"
        self._settle(events)

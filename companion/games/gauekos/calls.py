"""The calls of the preparation turn and of every night, one after the other:
each call's first step speaks its wake line (see prompts.py), its end adds
the sleep line, and phantom calls take a neutral `pass`. The last night call
leads to dawn, where the night's deaths are resolved."""

from __future__ import annotations

from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line

from . import prompts
from .night import SPOKEN, keep_call, night_calls
from .notation import Action, Lovers, Take, Target, Word
from .roles import CAMPESINO, GALTZAGORRI, GAUEKO, SAMARTINTXIKI, role_line
from .win import winner

def call_name(call: str) -> Line:
    """A call's name as refusals say it ("now it is the {call} call"), in any language."""
    return Line(f"gauekos.error.call.{call}")


CALL_NAMES = {"samartintxiki": "Samartintxiki", "lamia": "Lamia", "lovers": "lovers", "election": "election",
              "sorgina": "Sorgiña", "gauekos": "Gauekos", "akerbeltz": "Akerbeltz"}


class Calls:
    """Mixin of `Gauekos`: the preparation turn, the nights and dawn."""

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

    def _night_action(self, action: Action, events: list[Event]) -> None:
        call, step = self.calls[self.call], self.step
        if step == "pass":
            if action != Word("pass"):
                raise IllegalActionError(
                    f"This {CALL_NAMES[call]} call is a phantom: nobody alive holds the card.",
                    allowed="Wait about as long as a real call, then: pass.",
                    line=Line("gauekos.error.phantom", {"call": call_name(call)}))
            events.append(Event(Line("gauekos.phantom.done", {"call": Line(f"gauekos.callname.{call}")}),
                                private=True, speak=False))
            self._end_call(events)
            return
        if action == Word("pass") and call in SPOKEN:
            raise self._refused("not_phantom", f"The {CALL_NAMES[call]} call is not a phantom: someone holds the card.",
                                call=call_name(call))
        handler = getattr(self, f"_call_{call}")
        handler(action, events)

    def _out_of_order(self, action: Action) -> IllegalActionError:
        key = self.current_call() or ""
        call = CALL_NAMES[key]
        if self.phase == "night" and _night_verb(action):
            return self._refused("night_order", f"Night actions go in order: now it is the {call} call.",
                                 call=call_name(key))
        return self._refused("not_now_call", f"Not now: it is the {call} call.", call=call_name(key))

    def _call_samartintxiki(self, action: Action, events: list[Event]) -> None:
        seat = self.call_holders("samartintxiki")[0]
        both_gauekos = self.leftovers.count(GAUEKO) == 2
        if action == Word("keep"):
            if both_gauekos:
                raise IllegalActionError("Both leftover cards are gauekos: Samartintxiki must take one.",
                                         allowed="Now: take gaueko.",
                                         line=Line("gauekos.error.must_take"))
            self.roles[seat] = CAMPESINO
            self._tell("gauekos.story.samartintxiki.keep", player=self.who(seat))
            events.append(Event(Line("gauekos.samartintxiki.kept", {"player": self.who(seat)}),
                                private=True, speak=False))
        elif isinstance(action, Take):
            if action.role not in self.leftovers:
                raise IllegalActionError(f"There is no {action.role} card among the leftovers.",
                                         allowed="Leftovers: " + ", ".join(self.leftovers) + ".",
                                         line=Line("gauekos.error.no_leftover",
                                                   {"card": action.role, "leftovers": ", ".join(self.leftovers)}))
            self.leftovers.remove(action.role)
            self.leftovers.append(SAMARTINTXIKI)
            self.cards[seat] = self.roles[seat] = action.role
            self._tell("gauekos.story.samartintxiki.take", player=self.who(seat), card=action.role)
            events.append(Event(Line("gauekos.samartintxiki.took", {"player": self.who(seat),
                                                                     "card": role_line(action.role)}),
                                private=True, speak=False))
        else:
            raise self._out_of_order(action)
        self._end_call(events)

    def _call_lamia(self, action: Action, events: list[Event]) -> None:
        if not isinstance(action, Lovers):
            raise self._out_of_order(action)
        a, b = (self._check_seat(s) for s in (action.a, action.b))
        lamia = self.call_holders("lamia")[0]
        self.lovers = (a, b)
        self.roles[lamia] = CAMPESINO
        self._tell("gauekos.story.lovers", player=self.who(lamia), a=self.who(a), b=self.who(b))
        events.append(Event(Line("gauekos.lamia.lovers", {"a": self.who(a), "b": self.who(b)}),
                            private=True, speak=False))
        self._end_call(events)

    def _call_lovers(self, action: Action, events: list[Event]) -> None:
        if action != Word("done"):
            raise self._out_of_order(action)
        self._end_call(events)

    def _call_election(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Target) and action.verb == "mayor":
            self._elect(action, events)
        elif action != Word("later"):
            raise self._out_of_order(action)
        self._end_call(events)

    def _elect(self, action: Target, events: list[Event]) -> None:
        if self.mayor_alive():
            raise IllegalActionError(f"{self.who(self.mayor)} is the Pariente mayor already.",
                                     line=Line("gauekos.error.mayor_already", {"player": self.who(self.mayor)}))
        seat = self._check_seat(action.seat)
        self.mayor = seat
        self._tell("gauekos.story.mayor", player=self.who(seat))
        events.append(Event(Line("gauekos.mayor.elected", {"player": self.who(seat)})))

    def _call_sorgina(self, action: Action, events: list[Event]) -> None:
        if not (isinstance(action, Target) and action.verb == "sorgina"):
            raise self._out_of_order(action)
        sorgina = self.call_holders("sorgina")[0]
        seat = self._check_seat(action.seat, what="sorgina")
        if seat == sorgina:
            raise IllegalActionError("The Sorgiña cannot inspect herself.", allowed="Choose another living player.",
                                     line=Line("gauekos.error.sorgina_self"))
        card = self.cards[seat]
        self.tonight["inspected"] = seat
        self._tell("gauekos.story.sorgina", player=self.who(sorgina), target=self.who(seat), card=card)
        events.append(Event(prompts.card_line(self, seat, "gauekos.sorgina.show"), private=True, speak=False))
        self._end_call(events)

    def _call_gauekos(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, Target) and action.verb == "victim":
            seat = self._check_seat(action.seat, what="gauekos")
            if self.roles[seat] == GAUEKO:
                raise IllegalActionError(f"The gauekos cannot choose a gaueko ({self.who(seat)} is one).",
                                         allowed="Choose a living player who is not a gaueko.",
                                         line=Line("gauekos.error.gaueko_victim", {"player": self.who(seat)}))
            self.tonight.update(victim=seat, cause="gauekos")
            self._tell("gauekos.story.victim", target=self.who(seat))
            line = Line("gauekos.gauekos.chose", {"player": self.who(seat)})
        elif action == Word("no agreement"):
            self.tonight.update(victim=None, cause=None)
            self._tell("gauekos.story.no_agreement")
            line = Line("gauekos.gauekos.no_agreement")
        elif action == Word("caught"):
            spies = [s for s, r in enumerate(self.roles) if r == GALTZAGORRI and self.alive[s]]
            if not spies:
                raise IllegalActionError("Nobody alive holds Galtzagorri: nobody can be caught spying.",
                                         allowed="Record the victim or no agreement.",
                                         line=Line("gauekos.error.no_spy"))
            self.tonight.update(victim=spies[0], cause="caught")
            self._tell("gauekos.story.caught", player=self.who(spies[0]))
            line = Line("gauekos.gauekos.caught", {"player": self.who(spies[0])})
        else:
            raise self._out_of_order(action)
        events.append(Event(line, private=True, speak=False))
        self._end_call(events)

    def _call_akerbeltz(self, action: Action, events: list[Event]) -> None:
        akerbeltz = self.call_holders("akerbeltz")[0]
        me = self.who(akerbeltz)
        victim = self.tonight.get("victim")
        if action in (Word("life"), Word("no life")):
            if self.life_used:
                raise self._refused("life_used", "Akerbeltz has already used her life spell.")
            if victim is None:
                raise self._refused("life_nobody", "Nobody is about to die tonight: the life spell has nothing to save.")
            if self.step != "life":
                raise self._refused("life_decided", "Akerbeltz has already decided about her life spell tonight.")
            if action == Word("life"):
                self.life_used = True
                self.tonight["saved"] = True
                self._tell("gauekos.story.life", player=me, target=self.who(victim))
                events.append(Event(Line("gauekos.akerbeltz.saved", {"player": self.who(victim)}),
                                    private=True, speak=False))
            self.step = "death" if not self.death_used else None
        elif (isinstance(action, Target) and action.verb == "death") or action == Word("no death"):
            if self.death_used:
                raise self._refused("death_used", "Akerbeltz has already used her death spell.")
            if self.step != "death":
                raise self._refused("life_first", "First the life spell: life or no life.")
            if isinstance(action, Target):
                seat = self._check_seat(action.seat, what="death")
                self.death_used = True
                self.tonight["death"] = seat
                self._tell("gauekos.story.death_spell", player=me, target=self.who(seat))
                events.append(Event(Line("gauekos.akerbeltz.cursed", {"player": self.who(seat)}),
                                    private=True, speak=False))
            self.step = None
        elif action == Word("done"):
            if self.step != "done":
                raise self._refused("spell_left", "Akerbeltz still has a spell to decide on.")
            self.step = None
        else:
            raise self._out_of_order(action)
        self.fresh = False
        if self.step is None:
            self._end_call(events)

    # -- night and dawn ------------------------------------------------------------

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


def _night_verb(action: Action) -> bool:
    """Actions that belong to some night call (for the out-of-order refusal)."""
    if isinstance(action, Target):
        return action.verb in ("sorgina", "victim", "death")
    return action in (Word("no agreement"), Word("caught"), Word("life"), Word("no life"), Word("no death"))

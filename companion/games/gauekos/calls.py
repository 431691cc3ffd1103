"""The calls of the preparation turn and of every night, one step each.

A call's prompt names who holds the card, so it is private; what the call
records is secret, and the table is told only that the role has chosen
(`public()`). Its first prompt speaks the wake line (`say`); the sleep line
comes back as an Event when the call ends (night.py). A phantom call offers
only `pass`, with the same words and facts as a real one.
"""

from __future__ import annotations

import copy
import random
from itertools import combinations
from typing import Any

from companion.core.errors import ActionError
from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import Offer, Step

from .night import SPOKEN, call_name, night_verb
from .notation import Action, Lovers, Take, Target
from .offers import GO_ON, Asking, card_line, elections, seats, word
from .roles import CAMPESINO, GALTZAGORRI, GAUEKO, SAMARTINTXIKI, role_line
from .story import joined

PASS, LATER, DONE = Word("pass"), Word("later"), Word("done")
SHOWN, CLOSE = Word("shown"), Word("close")  # the Sorgiña's card shown; the gauekos' call closed
LIFE, NO_LIFE, NO_DEATH = Word("life"), Word("no life"), Word("no death")
NO_AGREEMENT, CAUGHT, KEEP = Word("no agreement"), Word("caught"), Word("keep")


def secret_event(line_id: str, **values: Any) -> Event:
    """What only the Kontalari may see: never spoken."""
    return Event(Line(line_id, values), private=True, speak=False)


def late_catch(g) -> bool:
    """Galtzagorri may still be caught spying: the gauekos' call has just been recorded (a victim,
    or no agreement) and nothing since, so "any instant of this turn" is not over yet."""
    if g.phase != "night" or g.call < 1 or g.calls[g.call - 1] != "gauekos" or not g.fresh:
        return False
    if g.tonight.get("closed"):  # the Kontalari closed the call himself: this turn is over
        return False
    return g.tonight.get("cause") != "caught" and bool(GauekosStep.spies(g))


def catch(g, events: list[Event]) -> None:
    """Galtzagorri is caught spying: she becomes the victim, whatever the gauekos had decided."""
    spies = GauekosStep.spies(g)
    if not spies:
        raise g.refuse("no_spy")
    g.tonight.update(victim=spies[0], cause="caught")
    g._tell("gauekos.story.caught", player=g.who(spies[0]))
    events.append(secret_event("gauekos.gauekos.caught", player=g.who(spies[0])))


class CallStep(Asking):
    """A call that wakes the holders of a card (named in its prompt)."""

    private = True
    secret = True

    def call(self, g) -> str:
        return g.calls[g.call]

    def holders(self, g) -> list[int]:
        return g.call_holders(self.call(g))

    def names(self, g) -> str | None:
        return ", ".join(g.who(s) for s in self.holders(g)) or None

    def who(self, g, s):
        return self.holders(g) or None

    def asked(self, g, s):
        return {"player": self.names(g)}

    def say(self, g, s):
        return Line(f"gauekos.call.{self.call(g)}.wake") if g.fresh and not g.tonight.get("late") else None

    def accepts(self, g, s):
        return [CAUGHT] if late_catch(g) else []

    def public(self, g, s):
        return Line(f"gauekos.public.{self.call(g)}")

    def public_title(self, g, s):
        """The call, never who answers it: the same for a phantom call as for a real one."""
        return Line(f"gauekos.public.call.{self.call(g)}") if self.private else self.title(g, s)

    def facts(self, g, s):
        call = self.call(g)
        return {"call": call, "step": g.step, "phantom": g.phantom(call),
                "holders": [g.who(seat) for seat in self.holders(g)],
                "countdown": g.settings["gaueko_countdown"] if call == "gauekos" else None,
                "spoken": call in SPOKEN}

    def apply(self, g, s, action, chance):
        if action == PASS and self.call(g) in SPOKEN:
            raise g.refuse("not_phantom", call=call_name(self.call(g)))
        events: list[Event] = []
        if action == CAUGHT and late_catch(g):
            self.caught_late(g, events)
            return events
        self.record(g, action, events)
        return events

    def caught_late(self, g, events: list[Event]) -> None:
        """`caught` right after the gauekos' call: it replaces their choice; this call waits on
        (its wake line is not said again), asking again if it asked about the victim."""
        catch(g, events)
        g.tonight["late"] = True
        if self.call(g) == "akerbeltz" and g.step != "pass":
            g.step = g._first_step("akerbeltz")

    def record(self, g, action: Action, events: list[Event]) -> None:
        """Record what the call decided, or refuse it; end the call when it is over."""
        raise g._out_of_order(action)


class PhantomStep(CallStep):
    """A call nobody alive answers: the same words, a pause, then `pass`."""

    kind = "phantom"

    def who(self, g, s):
        return None

    def asked(self, g, s):
        return {"call": Line(f"gauekos.callname.{self.call(g)}")}

    def detail(self, g, s):
        return Line("gauekos.phantom.detail")

    def offers(self, g, s):
        return [word("pass")]

    def apply(self, g, s, action, chance):
        if action == CAUGHT and late_catch(g):
            events: list[Event] = []
            self.caught_late(g, events)
            return events
        if action != PASS:
            raise g.refuse("phantom", call=call_name(self.call(g)))
        events = [secret_event("gauekos.phantom.done", call=Line(f"gauekos.callname.{self.call(g)}"))]
        g._end_call(events)
        return events


class SamartintxikiStep(CallStep):
    """Samartintxiki keeps his card (and plays as a campesino) or takes a leftover."""

    kind = "samartintxiki"

    def forced(self, g) -> bool:
        return g.leftovers.count(GAUEKO) == 2

    def detail(self, g, s):
        line = "gauekos.ask.samartintxiki.forced" if self.forced(g) else "gauekos.ask.samartintxiki.detail"
        return Line(line, {"cards": joined([role_line(c) for c in g.leftovers])})

    def offers(self, g, s):
        keep = [] if self.forced(g) else [word("keep")]
        return keep + [Offer(Take(card), Line("gauekos.choice.take", {"card": role_line(card)}), key=str(n),
                             group="take") for n, card in enumerate(dict.fromkeys(g.leftovers), 1)]

    def record(self, g, action, events):
        seat = self.holders(g)[0]
        if action == KEEP:
            if self.forced(g):
                raise g.refuse("must_take")
            g.roles[seat] = CAMPESINO
            g._tell("gauekos.story.samartintxiki.keep", player=g.who(seat))
            events.append(secret_event("gauekos.samartintxiki.kept", player=g.who(seat)))
        elif isinstance(action, Take):
            if action.role not in g.leftovers:
                raise g.refuse("no_leftover", card=action.role, leftovers=", ".join(g.leftovers))
            g.leftovers.remove(action.role)
            g.leftovers.append(SAMARTINTXIKI)
            g.cards[seat] = g.roles[seat] = action.role
            g._tell("gauekos.story.samartintxiki.take", player=g.who(seat), card=action.role)
            events.append(secret_event("gauekos.samartintxiki.took", player=g.who(seat), card=role_line(action.role)))
        else:
            raise g._out_of_order(action)
        g._end_call(events)


class LamiaStep(CallStep):
    """The Lamia points at two players (herself too, if she likes): `lovers A B`."""

    kind = "lamia"

    def hint(self, g, s):
        return Line("gauekos.hint.lovers")

    def accepts(self, g, s):
        return [Lovers(a + 1, b + 1) for a, b in combinations(g.living(), 2)]

    def sample(self, g, s, rng: random.Random):
        a, b = rng.sample(g.living(), 2)
        return Lovers(min(a, b) + 1, max(a, b) + 1)

    def record(self, g, action, events):
        if not isinstance(action, Lovers):
            raise g._out_of_order(action)
        a, b = (g._check_seat(seat) for seat in (action.a, action.b))
        lamia = self.holders(g)[0]
        g.lovers = (a, b)
        g.roles[lamia] = CAMPESINO
        g._tell("gauekos.story.lovers", player=g.who(lamia), a=g.who(a), b=g.who(b))
        events.append(secret_event("gauekos.lamia.lovers", a=g.who(a), b=g.who(b)))
        g._end_call(events)


class LoversStep(CallStep):
    """The lovers wake and recognise each other: `done`."""

    kind = "lovers"

    def asked(self, g, s):
        a, b = (g.who(seat) for seat in g.lovers)
        return {"a": a, "b": b}

    def offers(self, g, s):
        return [word("done")]

    def record(self, g, action, events):
        if action != DONE:
            raise g._out_of_order(action)
        g._end_call(events)


class ElectionStep(CallStep):
    """The preparation turn's optional election, in front of everybody."""

    kind = "election"
    private = False
    secret = False

    def say(self, g, s):
        return None

    def who(self, g, s):
        return None

    def asked(self, g, s):
        return {}

    def offers(self, g, s):
        return elections(g) + [word("later")]

    def sample(self, g, s, rng: random.Random):
        return LATER if rng.random() < 0.5 else rng.choice(self.legal(g, s))

    def record(self, g, action, events):
        if isinstance(action, Target) and action.verb == "mayor":
            g._elect(action, events)
        elif action != LATER:
            raise g._out_of_order(action)
        g._end_call(events)


class SorginaStep(CallStep):
    """The Sorgiña sees one living player's card (the Kontalari is shown it)."""

    kind = "sorgina"

    def offers(self, g, s):
        others = [seat for seat in g.living() if seat not in self.holders(g)]
        return seats(g, "sorgina", others, lambda seat: card_line(g, seat, "gauekos.choice.inspect"))

    def record(self, g, action, events):
        if not (isinstance(action, Target) and action.verb == "sorgina"):
            raise g._out_of_order(action)
        sorgina = self.holders(g)[0]
        seat = g._check_seat(action.seat, what="sorgina")
        if seat == sorgina:
            raise g.refuse("sorgina_self")
        g.tonight["inspected"] = seat
        g._tell("gauekos.story.sorgina", player=g.who(sorgina), target=g.who(seat), card=g.cards[seat])
        events.append(Event(card_line(g, seat, "gauekos.sorgina.show"), private=True, speak=False))
        g.step, g.fresh = "shown", False  # the next call waits until the card was shown


class GauekosStep(CallStep):
    """The gauekos agree on a victim, or do not, or catch Galtzagorri spying."""

    kind = "gauekos"

    @staticmethod
    def spies(g) -> list[int]:
        return [seat for seat in g.living() if g.roles[seat] == GALTZAGORRI]

    def asked(self, g, s):
        return {"players": self.names(g)}

    def detail(self, g, s):
        return Line("gauekos.ask.gauekos.detail", {"seconds": g.settings["gaueko_countdown"]})

    def offers(self, g, s):
        prey = [seat for seat in g.living() if g.roles[seat] != GAUEKO]
        return seats(g, "victim", prey) + [word("no agreement")] + ([word("caught")] if self.spies(g) else [])

    def sample(self, g, s, rng: random.Random):
        roll = rng.random()
        if roll < 0.08:
            return NO_AGREEMENT
        if roll < 0.16 and self.spies(g):
            return CAUGHT
        return Target("victim", rng.choice([seat for seat in g.living() if g.roles[seat] != GAUEKO]) + 1)

    def record(self, g, action, events):
        if isinstance(action, Target) and action.verb == "victim":
            seat = g._check_seat(action.seat, what="gauekos")
            if g.roles[seat] == GAUEKO:
                raise g.refuse("gaueko_victim", player=g.who(seat))
            g.tonight.update(victim=seat, cause="gauekos")
            g._tell("gauekos.story.victim", target=g.who(seat))
            events.append(secret_event("gauekos.gauekos.chose", player=g.who(seat)))
        elif action == NO_AGREEMENT:
            g.tonight.update(victim=None, cause=None)
            g._tell("gauekos.story.no_agreement")
            events.append(secret_event("gauekos.gauekos.no_agreement"))
        elif action == CAUGHT:
            catch(g, events)
        else:
            raise g._out_of_order(action)
        g.step, g.fresh = "close", False  # Galtzagorri may still be caught until the Kontalari closes it


class Closing(CallStep):
    """The end of a call the Kontalari closes himself (`done`). A save made before these steps
    existed went straight on to what followed: any other action closes the call and is played
    as the next step's, or refused with the game exactly as it was."""

    word: Word = DONE  # what closes it (a word of its own: an old save's `done` was Akerbeltz's)

    def close(self, g, events: list[Event]) -> None:
        g._end_call(events)

    def apply(self, g, s, action, chance):
        if action == self.word:
            events: list[Event] = []
            self.close(g, events)
            return events
        kept = copy.deepcopy(g.__dict__)
        try:
            events = []
            self.close(g, events)
            step, state = g.pending_step() or (None, None)
            if step is None:
                raise g._out_of_order(action)
            return events + step.apply(g, state, action, chance)
        except ActionError as exc:  # refused there too: nothing changed, and said as from here
            g.__dict__.clear()
            g.__dict__.update(kept)
            if exc.line.id in ("gauekos.error.night_order", "gauekos.error.not_now_call"):
                raise g._out_of_order(action) from None  # the order is this call's
            # Said from here: what is allowed is this step's, and so is the public reading. Its
            # reason came from after the close (dawn: "P2 is dead" names the night's victim), so
            # the table never reads it, even a reason `told_in_public` now.
            exc.allowed, exc.public_allowed = g.allowed(), g.allowed(public=True)
            exc.public_line = Line("error.secret_reason", {"waiting": self.public_title(g, s)})
            raise
        except Exception:
            g.__dict__.clear()
            g.__dict__.update(kept)
            raise

    def record(self, g, action, events):
        raise g._out_of_order(action)


class ShownStep(Closing):
    """The Kontalari shows the Sorgiña the card she asked for; the gauekos are woken only once
    he says it was shown (`done`: "carta mostrada")."""

    kind = "sorgina_shown"
    word = SHOWN

    def asked(self, g, s):
        return {"player": self.names(g), "target": g.who(g.tonight["inspected"])}

    def detail(self, g, s):
        return card_line(g, g.tonight["inspected"], "gauekos.ask.sorgina_shown.detail")

    def offers(self, g, s):
        return [Offer(SHOWN, Line("gauekos.choice.shown"), group=GO_ON)]

    def sample(self, g, s, rng: random.Random):
        return SHOWN


class CloseStep(Closing):
    """The gauekos have chosen (or not): until the Kontalari closes their call, Galtzagorri may
    still be caught spying ("en cualquier instante de este turno"), even when it is the night's
    last call and dawn comes next."""

    kind = "gauekos_close"
    word = CLOSE

    def asked(self, g, s):
        victim = g.tonight.get("victim")
        return {"players": self.names(g), "victim": g.who(victim) if victim is not None else None}

    def title(self, g, s):
        victim = g.tonight.get("victim")
        if victim is None:
            return Line("gauekos.ask.gauekos_close.none", self.asked(g, s))
        return Line("gauekos.ask.gauekos_close", self.asked(g, s))

    def catchable(self, g) -> bool:
        return g.tonight.get("cause") != "caught" and bool(GauekosStep.spies(g))

    def detail(self, g, s):
        return Line("gauekos.ask.gauekos_close.detail" if self.catchable(g) else "gauekos.ask.gauekos_close.done")

    def offers(self, g, s):
        return [Offer(CLOSE, Line("gauekos.choice.gauekos_close"), group=GO_ON)] + (
            [word("caught")] if self.catchable(g) else [])

    def sample(self, g, s, rng: random.Random):
        return CAUGHT if self.catchable(g) and rng.random() < 0.05 else CLOSE

    def hides(self, g, s, action):
        """Its own words are the night's secret; a day's action an old save played on from here
        is as public as it is at its own step."""
        return action in (CLOSE, CAUGHT) or night_verb(action)

    def close(self, g, events: list[Event]) -> None:
        g.tonight["closed"] = True
        g._end_call(events)

    def apply(self, g, s, action, chance):
        if action == CAUGHT:
            if not self.catchable(g):
                raise g.refuse("no_spy") if not GauekosStep.spies(g) else g.refuse("caught_already")
            events: list[Event] = []
            catch(g, events)
            return events
        return super().apply(g, s, action, chance)


class AkerbeltzStep(CallStep):
    """Akerbeltz's call: first the life spell (while unused and someone is to die), then the
    death spell (while unused), then `done` when she has none left. `g.step` says which."""

    def title(self, g, s):
        return Line("gauekos.ask.akerbeltz.done", {"player": self.names(g)})

    def detail(self, g, s):
        if not g.fresh:
            return Line("gauekos.ask.death.detail")
        return Line("gauekos.ask.akerbeltz.spent" if g.life_used else "gauekos.ask.akerbeltz.nobody")

    def offers(self, g, s):
        return [word("done")]

    def record(self, g, action, events):
        akerbeltz = g.who(self.holders(g)[0])
        victim = g.tonight.get("victim")
        if action in (LIFE, NO_LIFE):
            if g.life_used:
                raise g.refuse("life_used")
            if victim is None:
                raise g.refuse("life_nobody")
            if g.step != "life":
                raise g.refuse("life_decided")
            if action == LIFE:
                g.life_used = True
                g.tonight["saved"] = True
                g._tell("gauekos.story.life", player=akerbeltz, target=g.who(victim))
                events.append(secret_event("gauekos.akerbeltz.saved", player=g.who(victim)))
            g.step = "death" if not g.death_used else None
        elif (isinstance(action, Target) and action.verb == "death") or action == NO_DEATH:
            if g.death_used:
                raise g.refuse("death_used")
            if g.step != "death":
                raise g.refuse("life_first")
            if isinstance(action, Target):
                seat = g._check_seat(action.seat, what="death")
                g.death_used = True
                g.tonight["death"] = seat
                g._tell("gauekos.story.death_spell", player=akerbeltz, target=g.who(seat))
                events.append(secret_event("gauekos.akerbeltz.cursed", player=g.who(seat)))
            g.step = None
        elif action == DONE:
            if g.step != "done":
                raise g.refuse("spell_left")
            g.step = None
        else:
            raise g._out_of_order(action)
        g.fresh = False
        if g.step is None:
            g._end_call(events)


class LifeStep(AkerbeltzStep):
    """She is shown tonight's victim: save them, or keep the spell."""

    kind = "akerbeltz_life"

    def title(self, g, s):
        return Line("gauekos.ask.life", {"player": self.names(g), "victim": g.who(g.tonight["victim"])})

    def detail(self, g, s):
        return Line("gauekos.ask.life.detail", {"victim": g.who(g.tonight["victim"])})

    def offers(self, g, s):
        return [word("life", victim=g.who(g.tonight["victim"])), word("no life")]

    def sample(self, g, s, rng: random.Random):
        return LIFE if rng.random() < 0.5 else NO_LIFE


class DeathStep(AkerbeltzStep):
    """She may strike any living player, or keep the spell."""

    kind = "akerbeltz_death"

    def title(self, g, s):
        return Line("gauekos.ask.death", {"player": self.names(g)})

    def offers(self, g, s):
        return seats(g, "death", g.living()) + [word("no death")]

    def sample(self, g, s, rng: random.Random):
        return Target("death", rng.choice(g.living()) + 1) if rng.random() < 0.35 else NO_DEATH


class DoneStep(AkerbeltzStep):
    """Both spells are spent: she only looks."""

    kind = "akerbeltz_done"

    def sample(self, g, s, rng: random.Random):
        return DONE


CALLS: dict[str, Step] = {step.kind: step for step in (SamartintxikiStep(), LamiaStep(), LoversStep(),
                                                        ElectionStep(), SorginaStep(), GauekosStep())}
AKERBELTZ = {"life": LifeStep(), "death": DeathStep(), "done": DoneStep()}
PHANTOM = PhantomStep()
CLOSING = {"shown": ShownStep(), "close": CloseStep()}


def call_step(g) -> Step:
    """The step of the call under way: a phantom's `pass`, Akerbeltz's spell, or the call itself."""
    if g.step == "pass":
        return PHANTOM
    call = g.calls[g.call]
    if g.step in CLOSING:
        return CLOSING[g.step]
    return AKERBELTZ[g.step] if call == "akerbeltz" else CALLS[call]

"""The step engine: a game's pending decisions are steps, and each decision
is written once.

A `Step` says who acts, what it offers (`Offer`s: an action with its label,
key, group and chance), what else it accepts (typed values, a representative
set where the space is huge), how it applies, its title, detail and spoken
line, whether its prompt is private and whether its action is secret (and
then what the table may be told instead). A `StepGame` names the step that is
pending now (`pending_step()`); from that the engine derives `expects()`,
`legal_actions()`, `sample_action()` and the "not now; allowed instead: ..."
refusal, so what is offered and what is legal cannot drift apart.

A step's state `s` is whatever the game keeps for it: a dict on a stack
(Halloween), or nothing at all when the game's own state says everything
(Gauekos' calls). Steps are stateless objects; keep one instance per kind.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from .errors import IllegalActionError
from .game import Choice, Event, Game, Line, Prompt, Text
from .lines import Notation
from .notation import Word, allowed_now


@dataclass(frozen=True)
class Offer:
    """A choice as a step builds it: the action itself and how to show it."""

    action: Any
    label: Text
    key: str | None = None
    group: str | None = None
    seat: int | None = None
    reveals: bool = False
    chance: str | None = None


class Step:
    """One kind of pending decision. Subclasses override what they need."""

    kind: ClassVar[str] = ""
    private: ClassVar[bool] = False  # the prompt shows secrets: the game master (or `who`) only
    secret: ClassVar[bool] = False  # the action is secret: the table hears `public()` instead
    chance: ClassVar[str | None] = None  # the dice or deck this step rolls or draws

    def who(self, g: Any, s: Any) -> int | list[int] | None:
        """The seat (from 0) that acts, the seats that act together (the gauekos),
        or None for the game master / the whole table."""
        return None

    def offers(self, g: Any, s: Any) -> list[Offer]:
        """The choices shown now; every one is legal."""
        return []

    def accepts(self, g: Any, s: Any) -> list[Any]:
        """Legal actions typed rather than chosen (a representative set)."""
        return []

    def apply(self, g: Any, s: Any, action: Any, chance: Any) -> list[Event]:
        raise g.not_now(action)

    def title(self, g: Any, s: Any) -> Text:
        return Line(f"{g.name}.step.{self.kind}")

    def detail(self, g: Any, s: Any) -> Text | None:
        return None

    def say(self, g: Any, s: Any) -> Line | None:
        return None

    def hint(self, g: Any, s: Any) -> Line | None:
        """How a typed action of this step is written, for refusals (`lovers A B`)."""
        return None

    def public(self, g: Any, s: Any) -> Line | None:
        """What the table may be told while a secret step waits."""
        return None

    # -- what the table may know (companion/core/public.py) ----------------------

    def hides(self, g: Any, s: Any, action: Any) -> bool:
        """Whether `action`, taken at this step, is secret: its notation names a secret
        (a role, a bid, a card kept). Every action of a `secret` step by default; a public
        step may hide some of its actions (the first hidden bid typed at the auction)."""
        return self.secret

    def told(self, g: Any, s: Any, action: Any) -> Line | None:
        """What the table is told of a hidden `action` instead of its notation (`public()` unless told)."""
        return self.public(g, s)

    def public_title(self, g: Any, s: Any) -> Text:
        """The prompt's title as the table may see it. A private prompt's title may name who
        holds a secret role, so it becomes the step's public line (or the kit's neutral one);
        override where a game can say more without naming anybody ("the Sorgiña's call")."""
        if not self.private:
            return self.title(g, s)
        return self.public(g, s) or Line("public.secret_step")

    def shows(self, g: Any, s: Any, offer: Offer) -> bool:
        """Whether the table may see this offer of a public prompt: not when its label tells a
        secret or its action is hidden; a game may hide more (the cards in a hand)."""
        return not offer.reveals and not self.hides(g, s, offer.action)

    def facts(self, g: Any, s: Any) -> dict[str, Any]:
        """Plain data a screen needs beyond the prompt (a countdown, a phantom call)."""
        return {}

    def legal(self, g: Any, s: Any) -> list[Any]:
        return [o.action for o in self.offers(g, s)] + self.accepts(g, s)

    def sample(self, g: Any, s: Any, rng: random.Random) -> Any:
        """A random legal action; override to keep playouts varied and short."""
        return rng.choice(self.legal(g, s))


class RollStep(Step, ABC):
    """A roll: the app's die or the table's (`roll @ 5`), range-checked and
    recorded in the journal by the core. Subclasses say what the roll does."""

    dice: ClassVar[str] = "d6"
    verb: ClassVar[str] = "roll"
    choice_line: ClassVar[str] = "choice.roll"  # under the game's name

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.chance = cls.dice

    def offers(self, g: Any, s: Any) -> list[Offer]:
        return [Offer(Word(self.verb), Line(f"{g.name}.{self.choice_line}"), group="roll", chance=self.dice)]

    def apply(self, g: Any, s: Any, action: Any, chance: Any) -> list[Event]:
        if action != Word(self.verb):
            raise g.not_now(action)
        return self.rolled(g, s, chance.roll(self.dice))

    @abstractmethod
    def rolled(self, g: Any, s: Any, faces: tuple[int, ...]) -> list[Event]:
        """Apply the faces rolled (already range-checked)."""


class StepGame(Game):
    """A game whose decisions are steps: it names the pending one, the engine
    does the rest. Override `over_prompt`, `refuse_over` and `settle` as needed."""

    public_refusals: ClassVar[tuple[str, ...]] = ()
    """Refusals (`<game>.error.<id>`, or ids starting so) that tell only public state ("Cy is dead"):
    at a private step they read the same in public; any other reads "why not is secret" there."""

    @abstractmethod
    def pending_step(self) -> tuple[Step, Any] | None:
        """The pending step and its state, or None once the game is over."""

    # -- derived from the steps ---------------------------------------------

    def apply(self, action: Any, chance: Any) -> list[Event]:
        found = self.pending_step()
        if found is None:
            raise IllegalActionError(Line("error.game_over"))
        step, s = found
        return self.settle(step.apply(self, s, action, chance))

    def settle(self, events: list[Event]) -> list[Event]:
        """After every accepted action (eliminations, the end...): add what follows."""
        return events

    def expects(self) -> Prompt:
        found = self.pending_step()
        if found is None:
            return self.over_prompt()
        step, s = found
        who = step.who(self, s)
        seats = [] if who is None else [who] if isinstance(who, int) else list(who)
        return Prompt(
            step.title(self, s), step.detail(self, s), ", ".join(self.players[n] for n in seats) or None,
            tuple(self.choice(o) for o in step.offers(self, s)), step.say(self, s),
            private=step.private, secret=step.secret, public=step.public(self, s) if step.secret else None,
            step=step.kind, chance=step.chance, facts=step.facts(self, s))

    def choice(self, offer: Offer) -> Choice:
        return Choice(offer.label, self.notation(offer.action), key=offer.key, group=offer.group, seat=offer.seat,
                      reveals=offer.reveals, chance=offer.chance)

    def secrecy(self, action: Any) -> tuple[bool, Line | None]:
        """Whether `action` would be secret now, and what the table is told instead (the
        pending step's `told`, else the kit's neutral line). Cheap: no prompt is built;
        the session asks it before applying every action, and again on replay."""
        found = self.pending_step()
        if found is None:
            return False, None
        step, s = found
        if not step.hides(self, s, action):
            return False, None
        return True, step.told(self, s, action) or Line("public.secret_action")

    def public_prompt(self) -> Prompt:
        """`expects()` as the table may see it. A private prompt keeps only its public title
        (no holders, detail, choices, spoken line, step kind or facts: a phantom call looks
        like a real one); a public prompt drops the choices the step does not show."""
        found = self.pending_step()
        if found is None:
            return self.over_prompt()
        step, s = found
        title = step.public_title(self, s)
        if step.private:
            return Prompt(title, private=True, secret=step.secret,
                          public=step.public(self, s) if step.secret else None)
        prompt = self.expects()
        choices = tuple(self.choice(o) for o in step.offers(self, s) if step.shows(self, s, o))
        return Prompt(title, prompt.detail, prompt.who, choices, prompt.say, secret=prompt.secret,
                      public=prompt.public, step=prompt.step, chance=prompt.chance, facts=prompt.facts)

    def over_prompt(self) -> Prompt:
        outcome = self.outcome()
        line = outcome.line if outcome is not None and outcome.line is not None else Line("game.over")
        return Prompt(Line("game.over"), detail=line, say=line, step="over")

    def legal_actions(self) -> Iterable[Any]:
        found = self.pending_step()
        if found is None:
            return []
        step, s = found
        return step.legal(self, s)

    def sample_action(self, rng: random.Random) -> Any:
        found = self.pending_step()
        if found is None:
            raise IllegalActionError(Line("error.game_over"))
        step, s = found
        return step.sample(self, s, rng)

    def allowed(self, public: bool = False) -> Line | None:
        """What is allowed now, in one place: the step's hint, then its offers. With `public`,
        what the table may read (companion/core/public.py): nothing at a private step (its
        hint and offers are the game master's), else only the offers the step `shows`."""
        found = self.pending_step()
        if found is None:
            return None
        step, s = found
        if public and step.private:
            return None
        offered = [self.notation(o.action) for o in step.offers(self, s) if not public or step.shows(self, s, o)]
        hint = step.hint(self, s)
        listed = allowed_now(offered, spell=self.spelled)
        if hint is None:
            return listed
        return Line("error.allowed_hint", {"hint": hint, "more": listed or ""})

    def refusal(self, why: Line, public: Line | None = None) -> IllegalActionError:
        """A refusal saying `why`, with what is allowed now; the table reads `public` instead of
        `why` (at a private step, by default, that the reason names a secret) and only the public
        choices (`allowed(public=True)`)."""
        found = self.pending_step()
        if public is None:
            private = found is not None and found[0].private and not self.told_in_public(why)
            public = Line("error.secret_reason", {"waiting": found[0].public_title(self, found[1])}) \
                if private else why
        return IllegalActionError(why, allowed=self.allowed(), public_line=public,
                                  public_allowed=self.allowed(public=True))

    def told_in_public(self, why: Line) -> bool:
        line_id = getattr(why, "id", "")
        return any(line_id.startswith(f"{self.name}.error.{p}") for p in self.public_refusals)

    def not_now(self, action: Any, why: Line | None = None) -> IllegalActionError:
        """The refusal of an action of another moment: why, and what is allowed now (the table
        reads what it waits for in public words: a private step's title may name who holds a secret)."""
        public = None
        if why is None:
            found = self.pending_step()
            said = Notation((self.notation(action),), self.spelled)
            waiting = found[0].title(self, found[1]) if found else Line("game.over")
            why = Line("error.not_now", {"action": said, "waiting": waiting})
            if found is not None and found[0].private:
                public = Line("error.not_now", {"action": said, "waiting": found[0].public_title(self, found[1])})
        return self.refusal(why, public)

    def refuse(self, line_id: str, **values: Any) -> IllegalActionError:
        """A rule's refusal (`<game>.error.<line_id>`) with what is allowed now."""
        return self.refusal(Line(f"{self.name}.error.{line_id}", values))

"""Gauekos, the Basque werewolf game, as the Kontalari's grimoire.

The app sits beside a physical table: it calls every night step aloud, the
Kontalari records what the players did, and the rules keep the state,
refuse impossible reports, resolve deaths with all their consequences and
tell who won. The rule text is shared/rules/gauekos.txt; RULINGS.md settles
the rest; docs/rules/gauekos.md lists what this module had to decide.

Every decision is a step (core/steps.py), written once: setup.py (the deck
and the cards), calls.py (the preparation turn and the nights), deaths.py
(the consequences of a death), day.py (the votes and dusk). The game's own
state (phase, calls, step, pending, ballot) says which one is pending, so
`pending_step` derives it; the phases' rule logic lives in mixins beside
their steps, and night.py leads from one call to the next and to dawn.

Phases: setup (deck, roles) -> prep (Samartintxiki, Lamia, lovers, optional
election) -> night (Sorgiña, Gauekos, Akerbeltz) -> day (deaths, votes)
-> dusk -> night... Deaths queue their consequences in `pending`, which
blocks everything else until the Kontalari records them.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Line, Option, Outcome, Prompt
from companion.core.steps import Step, StepGame

from .calls import call_step
from .day import DUSK, STAGES, Day
from .deaths import PENDING, Deaths
from .describe import describe as _describe
from .night import SPOKEN, Calls, holders
from .notation import WORDS, Action, parse
from .roles import ROLES, deck_cards, deck_warnings, recommended_gauekos
from .setup import Setup, SetupStep
from .story import entry, tell
from .observe import observe as _observe

SETUP = SetupStep()


class Gauekos(Setup, Calls, Deaths, Day, StepGame):
    name = "gauekos"
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "Gauekos"
    min_players = 6  # RULINGS: 6 to 28
    max_players = 28
    max_actions = 1500  # a random game of 28 players ends in a few hundred
    options = (
        Option("phantom_calls", True),
        Option("mayor_power", "both", choices=("both", "double_vote", "tiebreak")),
        Option("gaueko_countdown", 45, minimum=5, maximum=600),
        Option("day_timer", 300, minimum=0, maximum=3600),
    )

    @classmethod
    def example_setups(cls):
        return [
            ([f"P{n}" for n in range(1, 9)], {}),
            ([f"P{n}" for n in range(1, 10)], {"phantom_calls": False, "mayor_power": "tiebreak"}),
            ([f"P{n}" for n in range(1, 13)], {"mayor_power": "double_vote", "day_timer": 0}),
            ([f"P{n}" for n in range(1, 7)], {"gaueko_countdown": 30}),
        ]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        n = len(self.players)
        self.phase = "setup"
        self.gauekos = recommended_gauekos(n)
        self.specials: tuple[str, ...] = ()
        self.deck_chosen = False
        self.cards: list[str | None] = [None] * n  # the physical card each seat holds
        self.roles: list[str | None] = [None] * n  # what it plays as (Lamia, Samartintxiki -> campesino)
        self.leftovers: list[str] = []
        self.alive = [True] * n
        self.lovers: tuple[int, int] | None = None
        self.mayor: int | None = None
        self.life_used = False
        self.death_used = False
        self.night = 0
        self.day = 0
        self.calls: list[str] = []
        self.call = 0
        self.step: str | None = None
        self.fresh = True  # the call's first step: its prompt speaks the wake line
        self.tonight: dict[str, Any] = {}
        self.pending: list[dict[str, Any]] = []
        self.after: str | None = None
        self.ballot: dict[str, Any] = {}
        self.history: list[dict[str, Any]] = []
        self.story: list[dict[str, Any]] = []
        self.result: tuple[str, tuple[int, ...]] | None = None

    # -- notation -------------------------------------------------------------

    def parse(self, text: str) -> Action:
        return parse(text, self.players)

    # -- helpers --------------------------------------------------------------

    def who(self, seat: int) -> str:
        return self.players[seat]

    def living(self) -> list[int]:
        return [s for s, a in enumerate(self.alive) if a]

    def deck(self) -> dict[str, int]:
        return deck_cards(len(self.players), self.gauekos, self.specials)

    def deck_roles(self) -> list[str]:
        return list(self.deck())

    def remaining_cards(self, except_seat: int | None = None) -> list[str]:
        """Cards of the deck no seat holds yet, in a fixed order (for dealing)."""
        left = self.deck()
        for seat, card in enumerate(self.cards):
            if card is not None and seat != except_seat:
                left[card] -= 1
        return [r for r in ROLES for _ in range(max(0, left.get(r, 0)))]

    def current_call(self) -> str | None:
        if self.phase in ("prep", "night") and self.call < len(self.calls):
            return self.calls[self.call]
        return None

    def call_holders(self, call: str) -> list[int]:
        return holders(call, self.roles, self.alive, self.lovers)

    def phantom(self, call: str | None = None) -> bool:
        """True when the call comes up with nobody alive to wake (a phantom call)."""
        call = call or self.current_call()
        return call in SPOKEN and not self.call_holders(call)

    def mayor_alive(self) -> bool:
        return self.mayor is not None and self.alive[self.mayor]

    def double_vote(self) -> bool:
        return self.mayor_alive() and self.settings["mayor_power"] in ("both", "double_vote")

    def can_tiebreak(self) -> bool:
        return self.mayor_alive() and self.settings["mayor_power"] in ("both", "tiebreak")

    def warnings(self) -> list[Line]:
        return deck_warnings(len(self.players), self.gauekos, self.specials)

    def story_lines(self) -> list[Line]:
        return tell(self.story)

    # A seat that is not there, or dead, tells nothing secret: said as it is even at a secret call.
    public_refusals = ("no_seat", "dead.")

    def _check_seat(self, seat: int, *, living: bool = True, what: str = "choose") -> int:
        """The seat's index; `what` names the advice (`gauekos.error.dead.<what>`) when the seat is dead."""
        if not 1 <= seat <= len(self.players):
            raise self.refuse("no_seat", seat=seat, seats=len(self.players))
        index = seat - 1
        if living and not self.alive[index]:
            raise self.refuse(f"dead.{what}", player=self.who(index))
        return index

    def _tell(self, line_id: str, **values: Any) -> None:
        self.story.append(entry(line_id, **values))

    # -- the pending step ------------------------------------------------------

    def pending_step(self) -> tuple[Step, Any] | None:
        if self.result is not None:
            return None
        if self.pending:
            return PENDING[self.pending[0]["kind"]], self.pending[0]
        if self.phase == "setup":
            return SETUP, None
        if self.phase in ("prep", "night"):
            return call_step(self), None
        if self.phase == "day":
            return STAGES[self.ballot["stage"]], self.ballot
        return DUSK, None

    def over_prompt(self) -> Prompt:
        outcome = self.outcome()
        return Prompt(outcome.line if outcome and outcome.line else Line("gauekos.outcome.draw"),
                      detail=Line("gauekos.over.detail"), step="over")

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        side, seats = self.result
        names = tuple(self.who(s) for s in seats)
        values = {"players": ", ".join(names)} if side == "lovers" else {}
        return Outcome(side, names, Line(f"gauekos.outcome.{side}", values))

    def progress(self) -> Line | None:
        """For the list of saves: the night or the day under way ("Noche 2", "Día 2")."""
        if self.phase == "night":
            return Line("ui.gauekos.night_n", {"night": self.night})
        if self.phase in ("day", "dusk"):
            return Line("ui.gauekos.day_n", {"day": self.day})
        return None

    def call_info(self) -> dict[str, Any] | None:
        """The call under way (the facts of its prompt: call, step, phantom, holders, countdown,
        spoken), or None outside the calls; screens read `expects().facts`."""
        found = self.pending_step()
        facts = found[0].facts(self, found[1]) if found else {}
        return dict(facts) if "call" in facts else None

    def public_state(self) -> dict[str, Any]:
        call = self.current_call()
        state: dict[str, Any] = {
            "phase": self.phase,
            "night": self.night,
            "day": self.day,
            "players": list(self.players),
            "alive": [self.who(s) for s in self.living()],
            "dead": {self.who(s): self.cards[s] for s, a in enumerate(self.alive) if not a},
            "mayor": self.who(self.mayor) if self.mayor is not None else None,
            "deck": self.deck(),
            "call": call,
            "countdown": self.settings["gaueko_countdown"] if call == "gauekos" else None,
            "day_timer": (self.settings["day_timer"] or None)
            if self.phase == "day" and self.ballot.get("stage") == "first" and not self.pending else None,
            "pending": ({"kind": self.pending[0]["kind"], "player": self.who(self.pending[0]["seat"])}
                        if self.pending else None),
            "vote": self.ballot_state(),
            "votes": [dict(v) for v in self.history],
        }
        if self.result is not None:
            state["cards"] = {self.who(s): c for s, c in enumerate(self.cards)}
            state["story"] = [dict(e) for e in self.story]
        return state

    def private_state(self) -> dict[str, Any]:
        tonight = {k: (self.who(v) if isinstance(v, int) and not isinstance(v, bool) else v)
                   for k, v in self.tonight.items() if k not in ("late", "closed")}  # how, not what
        return {
            "cards": {self.who(s): c for s, c in enumerate(self.cards)},
            "roles": {self.who(s): r for s, r in enumerate(self.roles)},
            "leftovers": list(self.leftovers),
            "lovers": [self.who(s) for s in self.lovers] if self.lovers else [],
            "life_spell": "used" if self.life_used else "unused",
            "death_spell": "used" if self.death_used else "unused",
            "call_info": self.call_info(),
            "tonight": tonight,
            "story": [dict(e) for e in self.story],
        }

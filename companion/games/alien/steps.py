"""One step per decision: where the Alien starts, the Alien's card of each
turn, a player's choice of the code they drop (private: it names their
cards), and a turn's actions.

Each step checks an action fully before the game changes (so a refusal
leaves it exactly as it was) and says why in the table's language; what is
offered is exactly what is legal (`actions.why_not` lets the candidates
through).
"""

from __future__ import annotations

import random
from typing import Any

from companion.core.lines import Notation
from companion.core.steps import Offer, Step

from .actions import boarding_pool, candidates, cost, do, refusal, why_not
from .cards import ALIEN, ALIEN_DECK, ALL_CODES, CODES, MAIN, PILE, REY, START, ordered, rank
from .flow import drop, reveal
from .notation import BOARD, COUNTDOWN, DRAW, END, PROTECT, TAKE, UNMARK, WEAPON, Drop, Enter, Force, Move, \
    Pull, Push, Start
from .policy import sample_act
from .say import card, cards, event, line, sector

ACT_WORDS = (BOARD, UNMARK, TAKE, PROTECT, WEAPON, COUNTDOWN, END)
ACT_TYPES = (Move, Force, Push, Pull, Enter)
_LISTED = 8  # actions a refusal lists before `...` (core.notation.allowed_now)


class AlienStep(Step):
    """What every step shares: the facts a screen draws the Nostromo from."""

    def facts(self, g, s) -> dict[str, Any]:
        return g.facts()

    def say(self, g, s):
        return self.title(g, s)


class StartStep(AlienStep):
    """Before the first turn: the Alien's starting sector, the table's or the app's pick."""

    kind = "start"
    chance = START

    def title(self, g, s):
        return line("step.start")

    def detail(self, g, s):
        return line("start_detail", player=g.players[0], capacity=g.capacity)

    def hint(self, g, s):
        return line("hint.start")

    def offers(self, g, s):
        return [Offer(Start(), line("choice.start_random"), group="start", chance=START)] + [
            Offer(Start(where), line("choice.start", sector=sector(where)), group="sector") for where in MAIN]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Start):
            raise g.not_now(action)
        if action.sector is not None and action.sector not in MAIN:
            raise g.refuse("start_main", sector=sector(action.sector))
        return g.start(action.sector or chance.draw(START, list(MAIN)))

    def sample(self, g, s, rng: random.Random):
        return Start() if rng.random() < 0.5 else Start(rng.choice(MAIN))


class CardStep(AlienStep):
    """The start of every turn: the Alien's card, the app's or the table's (`draw @ 4e`)."""

    kind = "card"
    chance = ALIEN

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("step.card", player=g.players[g.current])

    def detail(self, g, s):
        left = len(g.board.deck_left())
        return line("card_detail", count=left or 28, alien=sector(g.board.alien))

    def hint(self, g, s):
        return line("hint.card")

    def offers(self, g, s):
        return [Offer(DRAW, line("choice.draw"), group="draw", chance=ALIEN)]

    def apply(self, g, s, action, chance):
        if action != DRAW:
            raise g.not_now(action)
        left = g.board.deck_left()
        card = chance.draw(ALIEN, left or list(ALIEN_DECK))  # all drawn: the 28 are shuffled again
        events = []
        if not left:
            g.board.drawn, g.reshuffles = [], g.reshuffles + 1
            events.append(event("reshuffle"))
        events += reveal(g, card)
        if g.phase == "card":
            g.phase = "act"
        return events


class DropStep(AlienStep):
    """A player who must drop a code and holds several chooses which: only they (and the game
    master) see the cards; the table hears that a code is being chosen."""

    kind = "drop"
    private = True
    secret = True

    def who(self, g, s):
        return s["seat"]

    def title(self, g, s):
        return line("step.drop", player=g.players[s["seat"]], sector=sector(s["sector"]))

    def public(self, g, s):
        return line("public.drop", player=g.players[s["seat"]], sector=sector(s["sector"]))

    def hint(self, g, s):
        return line("hint.drop")

    def offers(self, g, s):
        hand = ordered(set(g.board.crew[s["seat"]].hand))
        return [Offer(Drop(c), card(c), group="card", reveals=True) for c in hand]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Drop):
            raise g.not_now(action)
        seat = s["seat"]
        if action.card not in g.board.crew[seat].hand:
            raise g.refuse("drop_not_held", player=g.players[seat], card=card(action.card))
        g.drops.pop(0)
        return drop(g, seat, action.card)


class ActStep(AlienStep):
    """A turn's two actions (some cost both), until they are spent or the player ends the turn."""

    kind = "act"

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("step.act", player=g.players[g.current], count=g.actions_left)

    def detail(self, g, s):
        crew = g.board.crew[g.current]
        gear = "protected" if crew.protected else "armed" if crew.weapon else "unarmed"
        return line("act_detail", sector=sector(crew.sector), markers=crew.markers, codes=len(crew.hand),
                    gear=line(f"gear.{gear}"), alien=sector(g.board.alien))

    def hint(self, g, s):
        """One way to write each kind of action allowed now (not every verb of the game); the
        codes' example shows wherever codes may be entered, whatever the hand holds."""
        if len(self.offers(g, s)) <= _LISTED:  # every one is listed already: nothing to add
            return None
        examples: dict[Any, str] = {}
        for a in candidates(g):
            if isinstance(a, Enter):
                examples.setdefault(Enter, "enter rb ro rc")
            elif why_not(g, a) is None:
                examples.setdefault(type(a) if isinstance(a, ACT_TYPES) else a, g.notation(a))
        return line("hint.act", actions=Notation(tuple(examples.values()), g.spelled)) if examples else None

    def offers(self, g, s):
        return [Offer(a, label(g, a), group=group(a), seat=getattr(a, "seat", None), reveals=isinstance(a, Enter),
                      chance=draws_from(g, a))
                for a in candidates(g) if why_not(g, a) is None]

    def apply(self, g, s, action, chance):
        if not (isinstance(action, ACT_TYPES) or action in ACT_WORDS):
            raise g.not_now(action)
        reason = why_not(g, action)
        if reason is not None:
            name, values = refusal(reason)
            raise g.refuse(name, **values)
        return do(g, action, chance)

    def sample(self, g, s, rng: random.Random):
        return sample_act(g, rng)


def group(action) -> str:
    if isinstance(action, ACT_TYPES):
        return type(action).__name__.lower()
    return action.word


def draws_from(g, action) -> str | None:
    """The deck an action draws from (the table may type its card after `@`)."""
    if action == TAKE:
        return CODES
    if action == BOARD:
        return ALL_CODES if g.settings["board_from_all_codes"] else PILE
    return PILE if action == COUNTDOWN else None


def label(g, action):
    """What a choice says: the action, its target, and "(2 actions)" where it takes two."""
    two = cost(g, action) == 2
    if isinstance(action, Move):
        return line("choice.move_two" if two else "choice.move", sector=sector(action.sector))
    if isinstance(action, (Force, Push, Pull)):
        target = g.board.crew[action.seat - 1]
        kind = type(action).__name__.lower()
        return line(f"choice.{kind}", player=g.players[action.seat - 1],
                    sector=sector(action.sector if not isinstance(action, Force) else target.sector))
    if isinstance(action, Enter):
        return line("choice.enter", cards=cards(action.cards))
    if action == BOARD:
        hope = any(rank(c) == REY for c in boarding_pool(g))
        return line("choice.board" if hope else "choice.board_hopeless")
    if action == TAKE:
        return line("choice.take", count=g.board.codes_here(g.board.crew[g.current].sector))
    return line(f"choice.{action.word}")


START_STEP, CARD, DROP, ACT = StartStep(), CardStep(), DropStep(), ActStep()
STEPS = {"start": START_STEP, "card": CARD, "act": ACT}

"""The card squares with effects (house rule `card_effects`): the table draws
its own card from its own deck and the game master reports what it said.
The card's text is the table's; the app only does its effect.

    nothing             a card with no effect for this game
    pay 50              pay the bank            collect 100    the bank pays
    pay each 50         pay every other general collect each 10  every other general pays
    advance 24          go forward to a square (passing GO pays)
    back 3              go back three squares
    jail                go to jail              keep           a get-out-of-jail card, kept
    supplies 40 115     supplies for the troops: so much per platoon and per Cuartel
"""

from __future__ import annotations

import random

from companion.core.steps import Offer, Step

from . import turns
from .bank import held, owe, pay
from .board import SQUARES
from .notation import JAIL, KEEP, NOTHING, Advance, Back, Money, Supplies
from .odds import CUARTEL
from .say import event, line, money, square

AMOUNTS = (10, 20, 50, 100, 150, 200)  # what the base game's cards pay or cost, for playouts


class CardStep(Step):
    kind = "card"

    def facts(self, g, s):
        return g.facts()

    def who(self, g, s):
        return s["seat"]

    def title(self, g, s):
        return line("step.card", player=g.players[s["seat"]], city=square(g, s["square"]))

    def say(self, g, s):
        return self.title(g, s)

    def detail(self, g, s):
        return line("card_detail")

    def hint(self, g, s):
        return line("hint.card")

    def offers(self, g, s):
        return [Offer(NOTHING, line("choice.card_nothing"), group="card"),
                Offer(Advance(0), line("choice.card_go", go=square(g, 0)), group="card"),
                Offer(JAIL, line("choice.card_jail"), group="card"),
                Offer(KEEP, line("choice.card_keep"), group="card")]

    def accepts(self, g, s):
        found = [Money(verb, amount) for verb in ("pay", "collect") for amount in AMOUNTS]
        found += [Money("pay", 50, True), Money("collect", 10, True), Back(3), Supplies(25, 100),
                  Supplies(40, 115)]
        return found + [Advance(p) for p in range(1, SQUARES)]

    def apply(self, g, s, action, chance):
        if not (isinstance(action, (Money, Advance, Back, Supplies)) or action in (NOTHING, JAIL, KEEP)):
            raise g.not_now(action)
        seat = s["seat"]
        who = g.players[seat]
        g.queue.pop(0)
        if action == NOTHING:
            return [event("card.nothing", player=who)]
        if action == JAIL:
            return turns.to_jail(g, seat)
        if action == KEEP:
            g.jail_cards[seat] += 1
            return [event("card.keep", player=who)]
        if isinstance(action, Advance):
            return turns.move_to(g, seat, action.square)
        if isinstance(action, Back):
            g.pos[seat] = (g.pos[seat] - action.steps) % SQUARES
            return [event("card.back", player=who, steps=action.steps, city=square(g, g.pos[seat]))] + \
                turns.land(g, seat)
        if isinstance(action, Supplies):
            platoons = sum(min(g.level[p], 4) for p in held(g, seat, cities_only=True) if g.level[p] < CUARTEL)
            cuarteles = sum(1 for p in held(g, seat, cities_only=True) if g.level[p] >= CUARTEL)
            amount = platoons * action.platoon + cuarteles * action.cuartel
            events = [event("card.supplies", player=who, platoons=platoons, cuarteles=cuarteles,
                            amount=money(g, amount))]
            return events + owe(g, seat, None, amount, "supplies")
        return _money(g, seat, action)

    def sample(self, g, s, rng: random.Random):
        roll = rng.random()
        if roll < 0.3:
            return rng.choice(self.offers(g, s)).action
        return rng.choice(self.accepts(g, s)[:22])


def _money(g, seat: int, action: Money) -> list:
    who = g.players[seat]
    others = [s for s in range(len(g.players)) if s != seat and not g.out[s]]
    if not action.each:
        if action.verb == "collect":
            pay(g, None, seat, action.amount, "card")
            return [event("card.collect", player=who, amount=money(g, action.amount))]
        return owe(g, seat, None, action.amount, "card")
    events = [event(f"card.{action.verb}_each", player=who, amount=money(g, action.amount))]
    for other in others:
        if action.verb == "pay":
            events += owe(g, seat, other, action.amount, "card")
        else:
            events += owe(g, other, seat, action.amount, "card")
    return events

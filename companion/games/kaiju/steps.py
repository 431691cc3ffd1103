"""Kaijupoly's steps, one per decision: the deal, the 2d6 order of the
leftovers and the picks, a general's roll, the GO bonus roll, a card's
effect as the table reads it, troops on landing, the end of the turn, a
ruined general's sale, the Kaiju's move and each round of a battle.

Each step checks an action fully before the game changes (so a refusal
leaves it as it was) and says why in the table's language; what it offers is
exactly what it accepts, and each troops choice says what it does to the
city's odds against the Kaiju.
"""

from __future__ import annotations

import random

from companion.core.steps import Offer, RollStep, Step

from . import battle, setup, turns
from .bank import held, pay, sale_value, sell
from .cards import CardStep
from .notation import DEAL, END, FIGHT, FINE, FREE, ROLL, SKIP, Pick, Sell, Troops
from .odds import CUARTEL, percent, survival
from .say import event, line, money, square, troops


CALM_ROUNDS = 40  # random playouts stop buying troops after this many rounds, so that they end


class KStep(Step):
    """What every step shares: the game's facts for a screen, and the title spoken."""

    def facts(self, g, s):
        return g.facts()

    def say(self, g, s):
        return self.title(g, s)


def troops_label(g, position: int, level: int, cost: int):
    """A troops choice with what it does to the city's odds (and what they are now, once it has troops)."""
    if not g.level[position]:
        return line("choice.troops_first", troops=troops(level), amount=money(g, cost), odds=percent(survival(level)))
    return line("choice.troops", troops=troops(level), amount=money(g, cost),
                odds=percent(survival(level)), was=percent(survival(g.level[position])))


class DealStep(KStep):
    kind = "deal"
    chance = setup.DEEDS

    def title(self, g, s):
        return line("step.deal")

    def detail(self, g, s):
        return line("deal_detail", count=len(g.board.deeds), each=len(g.board.deeds) // len(g.players),
                    left=len(g.board.deeds) % len(g.players))

    def offers(self, g, s):
        return [Offer(DEAL, line("choice.deal"), group="deal", chance=setup.DEEDS)]

    def apply(self, g, s, action, chance):
        if action != DEAL:
            raise g.not_now(action)
        return setup.deal(g, chance)


class OrderStep(KStep, RollStep):
    """The leftover deeds go in 2d6 order: each general rolls (ties roll again among themselves)."""

    kind = "order"
    dice = "2d6"

    def who(self, g, s):
        return setup.next_roller(g)

    def title(self, g, s):
        return line("step.order", player=g.players[setup.next_roller(g)])

    def detail(self, g, s):
        return line("order_detail", left=len(g.leftovers))

    def rolled(self, g, s, faces):
        return setup.order_rolled(g, faces)


class PickStep(KStep):
    kind = "pick"

    def who(self, g, s):
        return g.picks[0]

    def title(self, g, s):
        return line("step.pick", player=g.players[g.picks[0]])

    def hint(self, g, s):
        return line("hint.pick")

    def offers(self, g, s):
        return [Offer(Pick(p), line("choice.pick", city=square(g, p), kind=line(f"kind.{g.board[p].kind}"),
                                    price=money(g, g.board[p].price)), key=None, group="deed")
                for p in g.leftovers]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Pick):
            raise g.not_now(action)
        if action.square not in g.leftovers:
            raise g.refuse("not_leftover", city=square(g, action.square))
        return setup.pick(g, action.square)


class TurnStep(KStep, RollStep):
    """A general's roll (in jail: pay the fine first, or use a card, or try for a double)."""

    kind = "turn"
    dice = "2d6"

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        me = g.current
        if g.jailed[me] is not None:
            return line("step.turn_jailed", player=g.players[me], tries=g.jailed[me] + 1)
        return line("step.turn_again" if g.doubles else "step.turn", player=g.players[me])

    def detail(self, g, s):
        me = g.current
        return line("turn_detail", city=square(g, g.pos[me]), amount=money(g, g.money[me]),
                    count=len(held(g, me, cities_only=True)))

    def offers(self, g, s):
        found = super().offers(g, s)
        me = g.current
        if g.jailed[me] is not None:
            if g.money[me] >= g.board.jail_fine:
                found.append(Offer(FINE, line("choice.fine", amount=money(g, g.board.jail_fine)), group="jail"))
            if g.jail_cards[me]:
                found.append(Offer(FREE, line("choice.free"), group="jail"))
        return found

    def apply(self, g, s, action, chance):
        me = g.current
        if action in (FINE, FREE):
            if g.jailed[me] is None:
                raise g.refuse("not_in_jail", player=g.players[me])
            if action == FINE:
                if g.money[me] < g.board.jail_fine:
                    raise g.refuse("fine_money", player=g.players[me], amount=money(g, g.board.jail_fine))
                pay(g, me, None, g.board.jail_fine, "fine")
                g.jailed[me] = None
                return [event("jail.paid", player=g.players[me], amount=money(g, g.board.jail_fine))]
            if not g.jail_cards[me]:
                raise g.refuse("no_jail_card", player=g.players[me])
            g.jail_cards[me] -= 1
            g.jailed[me] = None
            return [event("jail.card", player=g.players[me])]
        return super().apply(g, s, action, chance)

    def rolled(self, g, s, faces):
        return turns.rolled(g, faces)

    def sample(self, g, s, rng: random.Random):
        legal = self.legal(g, s)
        return rng.choice(legal) if rng.random() < 0.3 else ROLL


class BonusStep(KStep, RollStep):
    """Passing GO with a utility: 2d6 times the utilities' multiplier."""

    kind = "bonus"
    dice = "2d6"

    def who(self, g, s):
        return s["seat"]

    def title(self, g, s):
        held = s.get("utilities") or ()
        if len(held) == 1:  # "Bea tiene Compañía de Aguas": never both when she holds one
            return line("step.bonus.one", player=g.players[s["seat"]], utility=g.board[held[0]].name,
                        times=s["times"])
        return line("step.bonus", player=g.players[s["seat"]], count=len(held) or 2, times=s["times"])

    def rolled(self, g, s, faces):
        g.queue.pop(0)
        return turns.bonus_rolled(g, s, faces)


class TroopsStep(KStep):
    """Landing on one's own unprotected city: troops now, or never."""

    kind = "troops"

    def who(self, g, s):
        return s["seat"]

    def title(self, g, s):
        return line("step.troops", player=g.players[s["seat"]], city=square(g, s["square"]))

    def detail(self, g, s):
        return line("troops_detail", amount=money(g, g.money[s["seat"]]),
                    cost=money(g, g.board[s["square"]].house), hotel=money(g, g.board[s["square"]].hotel))

    def hint(self, g, s):
        return line("hint.troops")

    def choices(self, g, s) -> list[tuple[int, int]]:
        p = s["square"]
        costs = [(level, turns.troops_cost(g, p, level)) for level in range(1, CUARTEL + 1)]
        return [(level, cost) for level, cost in costs if cost <= g.money[s["seat"]]]

    def offers(self, g, s):
        p = s["square"]
        return [Offer(Troops(p, level), troops_label(g, p, level, cost), key=str(level), group="troops")
                for level, cost in self.choices(g, s)] + [Offer(SKIP, line("choice.skip"), key="0", group="skip")]

    def accepts(self, g, s):
        return [Troops(None, level) for level, _ in self.choices(g, s)]

    def apply(self, g, s, action, chance):
        p, seat = s["square"], s["seat"]
        if action == SKIP:
            g.queue.pop(0)
            g.abandoned.add(p)
            return [event("troops.skipped", player=g.players[seat], city=square(g, p))]
        if not isinstance(action, Troops):
            raise g.not_now(action)
        if action.square not in (None, p):
            raise g.refuse("troops_here", city=square(g, p))
        cost = turns.troops_cost(g, p, action.level)
        if cost > g.money[seat]:
            raise g.refuse("troops_money", player=g.players[seat], troops=troops(action.level),
                           amount=money(g, cost), held=money(g, g.money[seat]))
        g.queue.pop(0)
        return turns.buy(g, seat, p, action.level)

    def sample(self, g, s, rng: random.Random):
        choices = self.choices(g, s)
        if choices and g.round < CALM_ROUNDS and rng.random() < 0.4:  # playouts that buy less end sooner
            return Troops(s["square"], rng.choice(choices[:2])[0])
        return SKIP


class EndStep(KStep):
    """The end of a general's turn: more troops for cities that hold a platoon, or `end`."""

    kind = "end"

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("step.end", player=g.players[g.current])

    def detail(self, g, s):
        return line("end_detail", amount=money(g, g.money[g.current]))

    def hint(self, g, s):
        return line("hint.end")

    def offers(self, g, s):
        return [Offer(END, line("choice.end"), key="0", group="end")] + [
            Offer(Troops(p, level), line("choice.reinforce", city=square(g, p),
                                         label=troops_label(g, p, level, turns.troops_cost(g, p, level))),
                  group="troops") for p, level in turns.reinforcements(g, g.current)]

    def apply(self, g, s, action, chance):
        me = g.current
        if action == END:
            g.stage = "done"
            return turns.next_turn(g)
        if not isinstance(action, Troops) or action.square is None:
            if isinstance(action, Troops):
                raise g.refuse("troops_which")
            raise g.not_now(action)
        p = action.square
        if g.owner.get(p) != me or p in g.destroyed or g.board[p].kind != "city":
            raise g.refuse("troops_not_yours", player=g.players[me], city=square(g, p))
        if g.level[p] < 1:
            raise g.refuse("troops_no_platoon", city=square(g, p))
        if action.level <= g.level[p]:
            raise g.refuse("troops_already", city=square(g, p), troops=troops(g.level[p]))
        cost = turns.troops_cost(g, p, action.level)
        if cost > g.money[me]:
            raise g.refuse("troops_money", player=g.players[me], troops=troops(action.level),
                           amount=money(g, cost), held=money(g, g.money[me]))
        return turns.buy(g, me, p, action.level)

    def sample(self, g, s, rng: random.Random):
        offers = self.offers(g, s)
        calm = g.round < CALM_ROUNDS and rng.random() < 0.05
        return rng.choice(offers[1:]).action if len(offers) > 1 and calm else offers[0].action


class RuinStep(KStep):
    """A general who owes more than they hold gives up a city (or service) at a time."""

    kind = "ruin"

    def who(self, g, s):
        return s["debtor"]

    def title(self, g, s):
        return line("step.ruin", player=g.players[s["debtor"]], owed=money(g, s["amount"]),
                    held=money(g, g.money[s["debtor"]]))

    def hint(self, g, s):
        return line("hint.ruin")

    def offers(self, g, s):
        return [Offer(Sell(p), line("choice.sell", city=square(g, p), amount=money(g, sale_value(g, p)),
                                    troops=troops(g.level.get(p, 0))), group="deed")
                for p in held(g, s["debtor"])]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Sell):
            raise g.not_now(action)
        seat = s["debtor"]
        if action.square not in held(g, seat):
            raise g.refuse("sell_not_yours", player=g.players[seat], city=square(g, action.square))
        return sell(g, seat, action.square)


class KaijuStep(KStep, RollStep):
    """After the last general of the round: the Kaiju moves 2d6 counter-clockwise."""

    kind = "kaiju"
    dice = "2d6"

    def who(self, g, s):
        return g.kaiju_roller()

    def title(self, g, s):
        return line("step.kaiju")

    def detail(self, g, s):
        roller = g.kaiju_roller()
        return line("kaiju_detail_by" if roller is not None else "kaiju_detail", city=square(g, g.kaiju),
                    player=g.players[roller] if roller is not None else "")

    def rolled(self, g, s, faces):
        return turns.kaiju_rolled(g, faces)


class BattleStep(KStep):
    """One round of a battle: the Kaiju's 2d6 against the city's die and its defence."""

    kind = "battle"
    chance = "2d6+d6"

    def who(self, g, s):
        """The city's general rolls its die; the first general out rolls the Kaiju's (the table
        until then)."""
        found = [seat for seat in (g.kaiju_roller(), g.owner.get(s["square"])) if seat is not None]
        return found or None

    def title(self, g, s):
        p = s["square"]
        return line("step.battle", city=square(g, p), round=len(g.battle["rounds"]) + 1)

    def detail(self, g, s):
        p = s["square"]
        level = g.level[p]
        return line("battle_detail", troops=troops(level), bonus=5 if level >= CUARTEL else level,
                    odds=percent(survival(level)))

    def hint(self, g, s):
        return line("hint.battle")

    def offers(self, g, s):
        return [Offer(FIGHT, line("choice.fight"), group="roll", chance="2d6+d6")]

    def apply(self, g, s, action, chance):
        if action != FIGHT:
            raise g.not_now(action)
        kaiju = chance.roll("2d6")
        die = chance.roll("d6")
        return battle.fight(g, s, kaiju, die[0])


DEAL_STEP, ORDER, PICK, TURN = DealStep(), OrderStep(), PickStep(), TurnStep()
BONUS, TROOPS, END_STEP, RUIN, KAIJU, BATTLE = BonusStep(), TroopsStep(), EndStep(), RuinStep(), KaijuStep(), \
    BattleStep()
CARD = CardStep()
QUEUED = {"bonus": BONUS, "troops": TROOPS, "card": CARD, "battle": BATTLE}
STAGES = {"roll": TURN, "end": END_STEP, "kaiju": KAIJU}
PHASES = {"deal": DEAL_STEP, "order": ORDER, "pick": PICK}

"""Truco: the child rolls in secret and claims a number; the owner believes,
asks a helper, or disbelieves (RULINGS). The real die is revealed when a
disbelief needs it, and always at the end of an exchange with a helper (once
the owner has decided), to settle the helper."""

from __future__ import annotations

from companion.core.game import Event, Line
from companion.games.tables import HALLOWEEN_CANDY

from .cards import HAND_LIMIT
from .flow import Step, active, capped, drop, ev, line, refuse, replace, step
from .notation import Give, Helper, Number, Says, Word

FACES = range(1, 9)


def candies(claim: int) -> int:
    return HALLOWEEN_CANDY.lookup(claim)


def start_truco(g, s) -> list:
    g.knock.update({"kind": "truco", "die": None, "claim": None, "helper": None, "fee": None,
                    "says": None, "decision": None, "revealed": False, "rolls": [], "helper_honest": None})
    replace(g, s, {"kind": "truco_roll"})
    return [ev("truco.chosen", owner=g.players[g.knock["owner"]], child=g.players[g.knock["mover"]])]


def _claim(g, s, value: int) -> list:
    if value not in FACES:
        raise refuse(f"A d8 shows 1 to 8, not {value}.", allowed="Claim 1 to 8.")
    k = g.knock
    k["claim"] = value
    replace(g, s, {"kind": "truco_owner"})
    return [ev("truco.claimed", player=g.players[k["mover"]], claim=value, candies=candies(value))]


def _claim_options():
    return [(Number("claim", n), line("choice.claim", claim=n, candies=candies(n))) for n in FACES]


@step
class TrucoRollStep(Step):
    """The child rolls in secret: the app's die, or the table's kept hidden (claim at once)."""

    kind = "truco_roll"

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll_secret"))] + _claim_options()

    def apply(self, g, s, action, chance):
        if action == Word("roll"):
            g.knock["die"] = chance.roll("d8")[0]
            replace(g, s, {"kind": "truco_claim"})
            return [ev("truco.rolled", player=g.players[g.current]),
                    ev("truco.die_secret", private=True, speak=False, die=g.knock["die"])]
        if isinstance(action, Number) and action.verb == "claim":
            return _claim(g, s, action.value)
        raise g.not_now(action)


@step
class TrucoClaimStep(Step):
    kind = "truco_claim"
    private = True  # the screen shows the child the real die

    def detail(self, g, s):
        return line("truco.die_secret", die=g.knock["die"])

    def options(self, g, s):
        return _claim_options()

    def apply(self, g, s, action, chance):
        if isinstance(action, Number) and action.verb == "claim":
            return _claim(g, s, action.value)
        raise g.not_now(action)


def fee_allowed(g, helper: int, fee: str) -> str | None:
    """Why this fee cannot be asked, or None (RULINGS: 1-2 candies, or a card)."""
    k = g.knock
    stake = candies(k["claim"])
    if fee == "card":
        if not g.hands[k["owner"]]:
            return f"{g.players[k['owner']]} has no action card to pay with."
        if len(g.hands[helper]) >= HAND_LIMIT:
            return f"{g.players[helper]} already holds {HAND_LIMIT} action cards."
    elif fee in ("1", "2") and stake <= 2:
        return f"Only {stake} candies are at stake: the helper may ask for an action card, not candies."
    return None


def helpers(g) -> list[int]:
    k = g.knock
    return [seat for seat in range(g.n) if seat not in (k["owner"], k["mover"]) and active(g, seat)]


@step
class TrucoOwnerStep(Step):
    kind = "truco_owner"

    def who(self, g, s):
        return g.knock["owner"]

    def title(self, g, s):
        k = g.knock
        return line("step.truco_owner", owner=g.players[k["owner"]], claim=k["claim"], candies=candies(k["claim"]))

    def detail(self, g, s):
        table = ", ".join(f"{roll}: {n}" for roll, n in HALLOWEEN_CANDY.results.items())
        return line("truco.table_detail", table=table)

    def say(self, g, s):
        return line("truco.say_claim", claim=g.knock["claim"], candies=candies(g.knock["claim"]))

    def options(self, g, s):
        opts = [(Word("believe"), line("choice.believe", candies=candies(g.knock["claim"])))]
        for seat in helpers(g):
            for fee in ("none", "1", "2", "card"):
                if fee_allowed(g, seat, fee) is None:
                    opts.append((Helper(seat + 1, fee), line(f"choice.helper_fee_{fee}", player=g.players[seat])))
        return opts + [(Word("disbelieve"), line("choice.disbelieve"))]

    def apply(self, g, s, action, chance):
        k = g.knock
        if action == Word("believe"):
            k["decision"] = "believe"
            drop(g, s)
            return _pay_child(g, candies(k["claim"]))
        if action == Word("disbelieve"):
            k["decision"] = "disbelieve"
            return [ev("truco.disbelieved", owner=g.players[k["owner"]])] + _reveal_or_ask(g, s)
        if not isinstance(action, Helper):
            raise g.not_now(action)
        helper = action.seat - 1
        if helper not in helpers(g):
            raise refuse("The helper is a third player still in the game: not the owner, not the child.",
                         allowed="Ask " + ", ".join(g.players[h] for h in helpers(g)) + ".")
        why = fee_allowed(g, helper, action.fee)
        if why:
            raise refuse(why)
        k["helper"], k["fee"] = helper, action.fee
        replace(g, s, {"kind": "truco_helper"})
        return [ev(f"truco.helper_fee_{action.fee}", owner=g.players[k["owner"]], player=g.players[helper])]


@step
class TrucoHelperStep(Step):
    kind = "truco_helper"

    def who(self, g, s):
        return g.knock["helper"]

    private = True  # the screen may show the helper the app's die

    def detail(self, g, s):
        die = g.knock["die"]
        return line("truco.helper_looks", die=die) if die else line("truco.helper_looks_table")

    def options(self, g, s):
        return [(Says(True), line("choice.says_true")), (Says(False), line("choice.says_false"))]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Says):
            raise g.not_now(action)
        k = g.knock
        k["says"] = action.truth
        replace(g, s, {"kind": "truco_decide"})
        return [ev("truco.helper_says_" + ("true" if action.truth else "false"), player=g.players[k["helper"]])]


@step
class TrucoDecideStep(Step):
    kind = "truco_decide"

    def who(self, g, s):
        return g.knock["owner"]

    def detail(self, g, s):
        k = g.knock
        return line("truco.helper_says_" + ("true" if k["says"] else "false"), player=g.players[k["helper"]])

    def options(self, g, s):
        return [(Word("believe"), line("choice.believe", candies=_due_after_fee(g))),
                (Word("disbelieve"), line("choice.disbelieve"))]

    def apply(self, g, s, action, chance):
        if action not in (Word("believe"), Word("disbelieve")):
            raise g.not_now(action)
        g.knock["decision"] = action.word
        return [ev(f"truco.decided_{action.word}", owner=g.players[g.knock["owner"]])] + _reveal_or_ask(g, s)


def _candy_fee(g) -> int:
    fee = g.knock["fee"]
    return int(fee) if fee in ("1", "2") else 0


def _due_after_fee(g) -> int:
    return candies(g.knock["claim"]) - _candy_fee(g)


def _reveal_or_ask(g, s) -> list:
    if g.knock["die"] is None:
        replace(g, s, {"kind": "truco_reveal"})
        return []
    drop(g, s)
    return _revealed(g)


@step
class TrucoRevealStep(Step):
    """The table's hidden die is shown: type what it shows."""

    kind = "truco_reveal"

    def options(self, g, s):
        return [(Number("reveal", n), line("choice.reveal", die=n)) for n in FACES]

    def apply(self, g, s, action, chance):
        if not (isinstance(action, Number) and action.verb == "reveal"):
            raise g.not_now(action)
        if action.value not in FACES:
            raise refuse(f"A d8 shows 1 to 8, not {action.value}.")
        g.knock["die"] = action.value
        drop(g, s)
        return _revealed(g)


def _revealed(g) -> list:
    """The die is on the table: settle the helper's word, then the decision."""
    k = g.knock
    k["revealed"] = True
    lied = k["die"] != k["claim"]
    events = [ev("truco.revealed_" + ("lie" if lied else "truth"), die=k["die"], claim=k["claim"],
                 player=g.players[k["mover"]])]
    if k["helper"] is not None:
        helper = k["helper"]
        k["helper_honest"] = k["says"] == (not lied)
        if not k["helper_honest"]:
            events += [ev("truco.helper_lied", player=g.players[helper]),
                       ev("pay.pot", player=g.players[helper], amount=g.ledger.to_pot(helper, 1))]
        else:
            events.append(ev("truco.helper_honest", player=g.players[helper]))
    if k["decision"] == "believe":
        return events + _pay_child(g, _due_after_fee(g)) + _pay_fee(g)
    g.stack.append({"kind": "truco_duel" if lied else "truco_table"})
    return events


def _pay_child(g, amount: int) -> list:
    k = g.knock
    paid = g.ledger.pay(k["owner"], k["mover"], amount)
    return [ev("pay.player", player=g.players[k["owner"]], to=g.players[k["mover"]], amount=paid)]


def _pay_fee(g) -> list:
    """After believing: an honest helper gets the agreed fee."""
    k = g.knock
    if not k["helper_honest"] or k["fee"] == "none":
        return []
    if k["fee"] == "card":
        g.stack.append({"kind": "fee_card"})
        return []
    paid = g.ledger.pay(k["owner"], k["helper"], _candy_fee(g))
    return [ev("pay.player", player=g.players[k["owner"]], to=g.players[k["helper"]], amount=paid)]


def _honest_helper_bonus(g) -> list:
    """After disbelieving: an honest helper gets 2 candies instead of the fee."""
    k = g.knock
    if not k["helper_honest"]:
        return []
    paid = g.ledger.pay(k["owner"], k["helper"], 2)
    return [ev("pay.player", player=g.players[k["owner"]], to=g.players[k["helper"]], amount=paid)]


@step
class TrucoDuelStep(Step):
    """The child lied: both roll, the child pays the difference (1 on a tie)."""

    kind = "truco_duel"

    def who(self, g, s):
        return g.knock["mover"] if not g.knock["rolls"] else g.knock["owner"]

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))]

    def apply(self, g, s, action, chance):
        if action != Word("roll"):
            raise g.not_now(action)
        k = g.knock
        roller = self.who(g, s)
        k["rolls"].append(chance.roll("d8")[0])
        events = [ev("truco.duel_roll", player=g.players[roller], roll=k["rolls"][-1])]
        if len(k["rolls"]) < 2:
            return events
        drop(g, s)
        child_roll, owner_roll = k["rolls"]
        due = abs(child_roll - owner_roll) or 1
        paid = g.ledger.pay(k["mover"], k["owner"], due)
        events.append(ev("truco.duel_due", player=g.players[k["mover"]], due=due))
        return events + capped(g, k["mover"], k["owner"], due, paid) + _honest_helper_bonus(g)


@step
class TrucoTableStep(Step):
    """The child told the truth but was not believed: the owner rolls on the candy table."""

    kind = "truco_table"

    def who(self, g, s):
        return g.knock["owner"]

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))]

    def apply(self, g, s, action, chance):
        if action != Word("roll"):
            raise g.not_now(action)
        k = g.knock
        roll = chance.roll("d8")[0]
        k["rolls"].append(roll)
        drop(g, s)
        table = Event(table_line(roll))
        return [table] + _pay_child(g, candies(roll)) + _honest_helper_bonus(g)


def table_line(roll: int) -> Line:
    """The candy table read aloud (the shared table's own line)."""
    return Line("table.halloween_candy.say", {"roll": roll, "result": candies(roll)})


@step
class FeeCardStep(Step):
    """An honest helper's card fee: the owner hands over a card of their choice."""

    kind = "fee_card"
    private = True

    def who(self, g, s):
        return g.knock["owner"]

    def options(self, g, s):
        return [(Give(card=c), line("choice.give_card", card=c, player=g.players[g.knock["helper"]]))
                for c in g.hands[g.knock["owner"]]]

    def apply(self, g, s, action, chance):
        if not (isinstance(action, Give) and action.card):
            raise g.not_now(action)
        k = g.knock
        if action.card not in g.hands[k["owner"]]:
            raise refuse(f"{g.players[k['owner']]} does not hold card {action.card}.")
        g.hands[k["owner"]].remove(action.card)
        g.hands[k["helper"]].append(action.card)
        drop(g, s)
        return [ev("truco.fee_card", owner=g.players[k["owner"]], player=g.players[k["helper"]]),
                ev("truco.fee_card_secret", private=True, speak=False, card=action.card)]

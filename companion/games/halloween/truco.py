"""Truco: the child rolls in secret and claims a number; the owner believes,
asks a helper, or disbelieves (RULINGS). The real die is revealed when a
disbelief needs it, and always at the end of an exchange with a helper (once
the owner has decided), to settle the helper."""

from __future__ import annotations

from dataclasses import replace as changed

from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import Offer
from companion.games.tables import HALLOWEEN_CANDY

from .cards import HAND_LIMIT
from .flow import D8Step, DuelStep, HStep, active, capped, drop, err, ev, line, replace, step
from .notation import Claim, GiveCard, Helper, Reveal, Says

FACES = range(1, 9)
BELIEVE, DISBELIEVE = Word("believe"), Word("disbelieve")
SECRET_ROLL_KEY = "0"  # the claims 1-8 take the keys 1-8


def candies(claim: int) -> int:
    return HALLOWEEN_CANDY.lookup(claim)


def start_truco(g, s) -> list:
    g.knock.update({"kind": "truco", "die": None, "claim": None, "helper": None, "fee": None,
                    "says": None, "decision": None, "revealed": False, "rolls": [], "helper_honest": None})
    replace(g, s, {"kind": "truco_roll"})
    return [ev("truco.chosen", owner=g.players[g.knock["owner"]], child=g.players[g.knock["mover"]])]


def _claim(g, s, value: int) -> list:
    if value not in FACES:
        raise g.refuse("d8_faces", value=value)
    k = g.knock
    k["claim"] = value
    replace(g, s, {"kind": "truco_owner"})
    return [ev("truco.claimed", player=g.players[k["mover"]], claim=value, candies=candies(value))]


def claim_offers() -> list[Offer]:
    """Say 1 to 8, each on its own number key."""
    return [Offer(Claim(n), line("choice.claim", claim=n, candies=candies(n)), key=str(n), group="claim")
            for n in FACES]


@step("truco_roll")
class TrucoRollStep(D8Step):
    """The child rolls in secret: the app's die, or the table's kept hidden (claim at once)."""

    choice_line = "choice.roll_secret"

    def offers(self, g, s):
        return [changed(o, key=SECRET_ROLL_KEY) for o in super().offers(g, s)] + claim_offers()

    def apply(self, g, s, action, chance):
        if isinstance(action, Claim):
            return _claim(g, s, action.value)
        return super().apply(g, s, action, chance)

    def rolled(self, g, s, faces):
        g.knock["die"] = faces[0]
        replace(g, s, {"kind": "truco_claim"})
        return [ev("truco.rolled", player=g.players[g.current]),
                ev("truco.die_secret", private=True, speak=False, die=g.knock["die"])]


@step("truco_claim")
class TrucoClaimStep(HStep):
    private = True  # the screen shows the child the real die

    def detail(self, g, s):
        return line("truco.die_secret", die=g.knock["die"])

    def offers(self, g, s):
        return claim_offers()

    def apply(self, g, s, action, chance):
        if isinstance(action, Claim):
            return _claim(g, s, action.value)
        raise g.not_now(action)


def fee_allowed(g, helper: int, fee: str) -> Line | None:
    """Why this fee cannot be asked, or None (RULINGS: 1-2 candies, or a card)."""
    k = g.knock
    stake = candies(k["claim"])
    if fee == "card":
        if not g.hands[k["owner"]]:
            return err("fee_no_card", player=g.players[k["owner"]])
        if len(g.hands[helper]) >= HAND_LIMIT:
            return err("fee_hand_full", player=g.players[helper], limit=HAND_LIMIT)
    elif fee in ("1", "2") and stake <= 2:
        return err("fee_low_stake", stake=stake)
    return None


def helpers(g) -> list[int]:
    k = g.knock
    return [seat for seat in range(g.n) if seat not in (k["owner"], k["mover"]) and active(g, seat)]


@step("truco_owner", actor="owner")
class TrucoOwnerStep(HStep):
    def detail(self, g, s):
        table = ", ".join(f"{roll}: {n}" for roll, n in HALLOWEEN_CANDY.results.items())
        return line("truco.table_detail", table=table)

    def say(self, g, s):
        return line("truco.say_claim", claim=g.knock["claim"], candies=candies(g.knock["claim"]))

    def offers(self, g, s):
        offers = [Offer(BELIEVE, line("choice.believe", candies=candies(g.knock["claim"])), group="believe")]
        for seat in helpers(g):
            offers += [Offer(Helper(seat + 1, fee), line(f"choice.helper_fee_{fee}", player=g.players[seat]),
                             group="helper", seat=seat + 1)
                       for fee in ("none", "1", "2", "card") if fee_allowed(g, seat, fee) is None]
        return offers + [Offer(DISBELIEVE, line("choice.disbelieve"), group="disbelieve")]

    def apply(self, g, s, action, chance):
        k = g.knock
        if action == BELIEVE:
            k["decision"] = "believe"
            drop(g, s)
            return _pay_child(g, candies(k["claim"]))
        if action == DISBELIEVE:
            k["decision"] = "disbelieve"
            return [ev("truco.disbelieved", owner=g.players[k["owner"]])] + _reveal_or_ask(g, s)
        if not isinstance(action, Helper):
            raise g.not_now(action)
        helper = action.seat - 1
        if helper not in helpers(g):
            raise g.refuse("helper_who")
        why = fee_allowed(g, helper, action.fee)
        if why:
            raise g.not_now(action, why)
        k["helper"], k["fee"] = helper, action.fee
        replace(g, s, {"kind": "truco_helper"})
        return [ev(f"truco.helper_fee_{action.fee}", owner=g.players[k["owner"]], player=g.players[helper])]


@step("truco_helper", actor="helper")
class TrucoHelperStep(HStep):
    private = True  # the screen may show the helper the app's die

    def detail(self, g, s):
        die = g.knock["die"]
        return line("truco.helper_looks", die=die) if die else line("truco.helper_looks_table")

    def offers(self, g, s):
        return [Offer(Says(True), line("choice.says_true"), group="says"),
                Offer(Says(False), line("choice.says_false"), group="says")]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Says):
            raise g.not_now(action)
        k = g.knock
        k["says"] = action.truth
        replace(g, s, {"kind": "truco_decide"})
        return [ev("truco.helper_says_" + ("true" if action.truth else "false"), player=g.players[k["helper"]])]


@step("truco_decide", actor="owner")
class TrucoDecideStep(HStep):
    def detail(self, g, s):
        k = g.knock
        return line("truco.helper_says_" + ("true" if k["says"] else "false"), player=g.players[k["helper"]])

    def offers(self, g, s):
        return [Offer(BELIEVE, line("choice.believe", candies=_due_after_fee(g)), group="believe"),
                Offer(DISBELIEVE, line("choice.disbelieve"), group="disbelieve")]

    def apply(self, g, s, action, chance):
        if action not in (BELIEVE, DISBELIEVE):
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


@step("truco_reveal")
class TrucoRevealStep(HStep):
    """The table's hidden die is shown: type what it shows (its face is its key)."""

    def offers(self, g, s):
        return [Offer(Reveal(n), line("choice.reveal", die=n), key=str(n), group="reveal") for n in FACES]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Reveal):
            raise g.not_now(action)
        if action.value not in FACES:
            raise g.refuse("d8_faces", value=action.value)
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
    return _helper_paid(g, "fee", _candy_fee(g))


def _helper_paid(g, why: str, due: int) -> list:
    """The helper's candies, on a line of their own that says why ("the agreed fee", "the
    honest helper's 2") and, when the owner held fewer, that that was all there was."""
    k = g.knock
    paid = g.ledger.pay(k["owner"], k["helper"], due)
    short = "_short" if paid < due else ""
    return [ev(f"pay.helper_{why}{short}", player=g.players[k["owner"]], to=g.players[k["helper"]],
               amount=paid, due=due)]


def _honest_helper_bonus(g) -> list:
    """After disbelieving: an honest helper gets 2 candies instead of the fee."""
    k = g.knock
    if not k["helper_honest"]:
        return []
    return ([ev("truco.honest_helper_two", player=g.players[k["helper"]], owner=g.players[k["owner"]])]
            + _helper_paid(g, "two", 2))


@step("truco_duel")
class TrucoDuelStep(DuelStep):
    """The child lied: both roll, the child pays the difference (1 on a tie)."""

    def said(self, g, roller, roll):
        return ev("truco.duel_roll", player=g.players[roller], roll=roll)

    def settled(self, g, child_roll, owner_roll):
        k = g.knock
        due = abs(child_roll - owner_roll) or 1
        paid = g.ledger.pay(k["mover"], k["owner"], due)
        return ([ev("truco.duel_due", player=g.players[k["mover"]], due=due)]
                + capped(g, k["mover"], k["owner"], due, paid) + _honest_helper_bonus(g))


@step("truco_table", actor="owner")
class TrucoTableStep(D8Step):
    """The child told the truth but was not believed: the owner rolls on the candy table."""

    def rolled(self, g, s, faces):
        roll = faces[0]
        g.knock["rolls"].append(roll)
        drop(g, s)
        return [Event(table_line(roll))] + _pay_child(g, candies(roll)) + _honest_helper_bonus(g)


def table_line(roll: int) -> Line:
    """The candy table read aloud (the shared table's own line)."""
    return Line("table.halloween_candy.say", {"roll": roll, "result": candies(roll)})


@step("fee_card", actor="owner")
class FeeCardStep(HStep):
    """An honest helper's card fee: the owner hands over a card of their choice, unseen."""

    private = secret = True

    def offers(self, g, s):
        helper = g.players[g.knock["helper"]]
        return [Offer(GiveCard(c), line("choice.give_card", card=c, player=helper), group="card", reveals=True)
                for c in g.hands[g.knock["owner"]]]

    def public(self, g, s):
        return line("public.fee_card", owner=g.players[g.knock["owner"]], player=g.players[g.knock["helper"]])

    def apply(self, g, s, action, chance):
        if not isinstance(action, GiveCard):
            raise g.not_now(action)
        k = g.knock
        if action.card not in g.hands[k["owner"]]:
            raise g.refuse("not_held", player=g.players[k["owner"]], card=action.card)
        g.hands[k["owner"]].remove(action.card)
        g.hands[k["helper"]].append(action.card)
        drop(g, s)
        return [ev("truco.fee_card", owner=g.players[k["owner"]], player=g.players[k["helper"]]),
                ev("truco.fee_card_secret", private=True, speak=False, card=action.card)]

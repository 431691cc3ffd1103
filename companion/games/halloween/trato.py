"""Trato: both draw a treat card and report its modifier (0 when its
condition is not met or not wanted), the child rolls, then the owner; the
lower total pays the difference, a tie pays nothing. The 18 treat cards are
physical: the app counts them and says when they are reshuffled."""

from __future__ import annotations

from companion.core.steps import Offer

from .cards import TREAT_CARDS
from .flow import DuelStep, HStep, capped, ev, line, replace, step
from .notation import Treat

MODIFIER_RANGE = range(-10, 11)


def start_trato(g, s) -> list:
    k = g.knock
    k.update({"kind": "trato", "treat": None, "rolls": []})
    g.treat_left -= 2
    events = [ev("trato.chosen", owner=g.players[k["owner"]], child=g.players[k["mover"]])]
    if g.treat_left <= 0:
        g.treat_left = TREAT_CARDS
        events.append(ev("trato.reshuffled"))
    replace(g, s, {"kind": "trato_treat"})
    return events


@step("trato_treat")
class TreatStep(HStep):
    """Both report their treat card's modifier: child first, then owner."""

    def detail(self, g, s):
        return line("trato.treat_detail", left=g.treat_left)

    def hint(self, g, s):
        return line("hint.treat")

    def offers(self, g, s):
        return [Offer(Treat(0, 0), line("choice.treat_none"), group="treat")]

    def accepts(self, g, s):
        return [Treat(a, b) for a in (0, 2, 4, 6) for b in (0, 1, 3, 5) if (a, b) != (0, 0)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Treat):
            raise g.not_now(action)
        for value in (action.child, action.owner):
            if value not in MODIFIER_RANGE:
                raise g.refuse("treat_range", value=value)
        k = g.knock
        k["treat"] = [action.child, action.owner]
        replace(g, s, {"kind": "trato_roll"})
        return [ev("trato.treats", child=g.players[k["mover"]], owner=g.players[k["owner"]],
                   child_mod=action.child, owner_mod=action.owner)]


@step("trato_roll")
class TratoRollStep(DuelStep):
    """The child rolls, then the owner; each adds the treat card's modifier."""

    def said(self, g, roller, roll):
        modifier = g.knock["treat"][len(g.knock["rolls"]) - 1]
        return ev("trato.rolled", player=g.players[roller], roll=roll, modifier=modifier, total=roll + modifier)

    def settled(self, g, child_roll, owner_roll):
        k = g.knock
        child_total, owner_total = child_roll + k["treat"][0], owner_roll + k["treat"][1]
        if child_total == owner_total:
            return [ev("trato.tie", total=child_total)]
        seats = (k["mover"], k["owner"])
        low, high = seats if child_total < owner_total else seats[::-1]
        due = abs(child_total - owner_total)
        paid = g.ledger.pay(low, high, due)
        return [ev("trato.due", player=g.players[low], to=g.players[high], due=due,
                   high=max(child_total, owner_total), low=min(child_total, owner_total))] + capped(g, low, high, due, paid)

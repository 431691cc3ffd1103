"""Trato: both draw a treat card and report its modifier (0 when its
condition is not met or not wanted), the child rolls, then the owner; the
lower total pays the difference, a tie pays nothing. The 18 treat cards are
physical: the app counts them and says when they are reshuffled."""

from __future__ import annotations

from .cards import TREAT_CARDS
from .flow import Step, capped, drop, ev, line, refuse, replace, step
from .notation import Treat, Word

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


@step
class TreatStep(Step):
    """Both report their treat card's modifier: child first, then owner."""

    kind = "trato_treat"

    def title(self, g, s):
        k = g.knock
        return line("step.trato_treat", child=g.players[k["mover"]], owner=g.players[k["owner"]])

    def detail(self, g, s):
        return line("trato.treat_detail", left=g.treat_left)

    def options(self, g, s):
        return [(Treat(0, 0), line("choice.treat_none"))]

    def hidden(self, g, s):
        return [Treat(a, b) for a in (0, 2, 4, 6) for b in (0, 1, 3, 5) if (a, b) != (0, 0)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Treat):
            raise g.not_now(action)
        for value in (action.child, action.owner):
            if value not in MODIFIER_RANGE:
                raise refuse(f"A treat card modifier of {value} is out of range.",
                             allowed="Type the modifiers, -10 to 10 (0 if the card does not apply).")
        k = g.knock
        k["treat"] = [action.child, action.owner]
        replace(g, s, {"kind": "trato_roll"})
        return [ev("trato.treats", child=g.players[k["mover"]], owner=g.players[k["owner"]],
                   child_mod=action.child, owner_mod=action.owner)]


@step
class TratoRollStep(Step):
    kind = "trato_roll"

    def who(self, g, s):
        return g.knock["mover"] if not g.knock["rolls"] else g.knock["owner"]

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))]

    def apply(self, g, s, action, chance):
        if action != Word("roll"):
            raise g.not_now(action)
        k = g.knock
        roller = self.who(g, s)
        roll = chance.roll("d8")[0]
        k["rolls"].append(roll)
        modifier = k["treat"][len(k["rolls"]) - 1]
        events = [ev("trato.rolled", player=g.players[roller], roll=roll, modifier=modifier, total=roll + modifier)]
        if len(k["rolls"]) < 2:
            return events
        drop(g, s)
        child_total, owner_total = (r + m for r, m in zip(k["rolls"], k["treat"]))
        if child_total == owner_total:
            return events + [ev("trato.tie", total=child_total)]
        seats = (k["mover"], k["owner"])
        low, high = seats if child_total < owner_total else seats[::-1]
        due = abs(child_total - owner_total)
        paid = g.ledger.pay(low, high, due)
        events.append(ev("trato.due", player=g.players[low], to=g.players[high], due=due,
                         high=max(child_total, owner_total), low=min(child_total, owner_total)))
        return events + capped(g, low, high, due, paid)

"""A knock at a door: the owner answers truco or trato, or plays a door
card (4, 9, 11, 12, 13, 14, 15, 17); the mover may play card 16 instead of
letting the owner choose. Card 1, played at the turn's start, leaves the
owner only trato."""

from __future__ import annotations

from .cards import AT_MY_DOOR, SENDS_HOME, WHEN_MOVING, fits_door, when
from .children import NAMES, half_up
from .flow import Step, colour_line, drop, ev, line, lose_turn, refuse, replace, spend, step
from .notation import Play, Word
from .trato import start_trato
from .truco import start_truco


def knock(g, owner: int) -> list:
    child = g.turn["child"]
    g.knock = {"owner": owner, "mover": g.current, "child": child, "kind": None,
               "only_trato": g.turn["card1"]}
    g.stack.append({"kind": "knock"})
    events = [ev("knock.knocks", child=NAMES[child], owner=g.players[owner], colour=colour_line(g.colours[owner]))]
    if g.turn["card1"]:
        events.append(ev("card1.only_trato", owner=g.players[owner]))
    return events


def door_cards(g) -> list[int]:
    """The owner's cards that may answer this knock."""
    return [c for c in sorted(g.hands[g.knock["owner"]]) if fits_door(c, g.knock["child"])]


def play_door_card(g, s, action) -> list:
    """The owner answers the knock with a door card, or is told why not."""
    k = g.knock
    owner, mover, card = k["owner"], k["mover"], action.card
    oname = g.players[owner]
    if action.seat or action.child:
        raise refuse(f"Card {card} takes no target.", allowed=f"Like: play {card}.")
    if card not in g.hands[owner]:
        raise refuse(f"{oname} does not hold card {card}.")
    if card not in AT_MY_DOOR:
        raise refuse(when(card))
    if not fits_door(card, k["child"]):
        names = " or ".join(NAMES[c] for c in SENDS_HOME[card])
        raise refuse(f"Card {card} answers only {names}, not {NAMES[k['child']]}.")
    spend(g, owner, card)
    events = [ev("door.played", owner=oname, card=card, text=line(f"card.{card}"))]
    if card in SENDS_HOME:
        back = [NAMES[c] for c in SENDS_HOME[card] if c not in g.gone]
        events.append(ev("door.back_to_start", children=", ".join(back)))
    elif card == 11:
        events.append(ev("pay.player", player=g.players[mover], to=oname, amount=g.ledger.pay(mover, owner, 3)))
    elif card == 14:
        events.append(ev("pay.from_pot", player=oname, amount=g.ledger.from_pot(owner, 3)))
    elif card == 13:
        g.knock = None
        replace(g, s, {"kind": "passby"})
        return events
    elif card == 15:
        g.knock = None
        replace(g, s, {"kind": "card15_roll"})
        return events
    return events + lose_turn(g)


@step
class KnockStep(Step):
    kind = "knock"

    def who(self, g, s):
        return g.knock["owner"]

    def title(self, g, s):
        k = g.knock
        name = "step.knock_trato" if k["only_trato"] else "step.knock"
        return line(name, owner=g.players[k["owner"]], child=NAMES[k["child"]])

    def say(self, g, s):
        return line("knock.say", owner=g.players[g.knock["owner"]])

    def options(self, g, s):
        k = g.knock
        opts = [] if k["only_trato"] else [(Word("truco"), line("choice.truco"))]
        opts.append((Word("trato"), line("choice.trato")))
        opts += [(Play(c), line("choice.play", card=c, text=line(f"card.{c}"))) for c in door_cards(g)]
        if 16 in g.hands[k["mover"]]:
            opts.append((Play(16), line("choice.play16", player=g.players[k["mover"]])))
        return opts

    def apply(self, g, s, action, chance):
        k = g.knock
        if action == Word("truco"):
            if k["only_trato"]:
                raise refuse("Card 1 was played: the owner may only choose trato.", allowed="Now: trato.")
            return start_truco(g, s)
        if action == Word("trato"):
            return start_trato(g, s)
        if not isinstance(action, Play):
            raise g.not_now(action)
        if action.card in WHEN_MOVING and action.card in g.hands[k["mover"]]:
            spend(g, k["mover"], action.card)
            replace(g, s, {"kind": "card16"})
            return [ev("card16.played", player=g.players[k["mover"]], owner=g.players[k["owner"]])]
        return play_door_card(g, s, action)


@step
class Card16Step(Step):
    """Card 16: no truco or trato; the owner rolls and pays half, rounded up."""

    kind = "card16"

    def who(self, g, s):
        return g.knock["owner"]

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))] + [
            (Play(c), line("choice.play", card=c, text=line(f"card.{c}"))) for c in door_cards(g)]

    def apply(self, g, s, action, chance):
        if isinstance(action, Play):
            return play_door_card(g, s, action)
        if action != Word("roll"):
            raise g.not_now(action)
        k = g.knock
        roll = chance.roll("d8")[0]
        paid = g.ledger.pay(k["owner"], k["mover"], half_up(roll))
        drop(g, s)
        return [ev("card16.rolled", owner=g.players[k["owner"]], roll=roll, amount=half_up(roll)),
                ev("pay.player", player=g.players[k["owner"]], to=g.players[k["mover"]], amount=paid)]

"""A knock at a door: the owner answers truco or trato, or plays a door
card (4, 9, 11, 12, 13, 14, 15, 17); the mover may play card 16 instead of
letting the owner choose. Card 1, played at the turn's start, leaves the
owner only trato."""

from __future__ import annotations

from companion.core.notation import Word
from companion.core.steps import Offer

from .cards import AT_MY_DOOR, SENDS_HOME, WHEN_MOVING, fits_door
from .children import NAMES, half_up
from .flow import D8Step, HStep, colour_line, drop, either, ev, line, lose_turn, replace, spend, step
from .notation import Play
from .trato import start_trato
from .truco import start_truco

TRUCO, TRATO = Word("truco"), Word("trato")


def knock(g, owner: int) -> list:
    child = g.turn["child"]
    g.knock = {"owner": owner, "mover": g.current, "child": child, "kind": None,
               "only_trato": g.turn["card1"]}
    g.stack.append({"kind": "knock"})
    events = [ev("knock.knocks", child=NAMES[child], owner=g.players[owner], colour=colour_line(g.colours[owner]))]
    if g.turn["card1"]:
        events.append(ev("card1.only_trato", owner=g.players[owner]))
    return events


def card_offer(card: int) -> Offer:
    """Play a card of the hand that takes no target; its text is in the label."""
    return Offer(Play(card), line("choice.play", card=card, text=line(f"card.{card}")), group="play")


def door_offers(g) -> list[Offer]:
    """The owner's cards that may answer this knock."""
    return [card_offer(c) for c in sorted(g.hands[g.knock["owner"]]) if fits_door(c, g.knock["child"])]


def play_door_card(g, s, action) -> list:
    """The owner answers the knock with a door card, or is told why not."""
    k = g.knock
    owner, mover, card = k["owner"], k["mover"], action.card
    oname = g.players[owner]
    if action.seat or action.child:
        raise g.refuse("no_target", card=card)
    if card not in g.hands[owner]:
        raise g.refuse("not_held", player=oname, card=card)
    if card not in AT_MY_DOOR:
        raise g.not_now(action)
    if not fits_door(card, k["child"]):
        raise g.refuse("wrong_child", card=card, children=either([NAMES[c] for c in SENDS_HOME[card]]),
                       child=NAMES[k["child"]])
    spend(g, owner, card)
    events = [ev("door.played", owner=oname, card=card, text=line(f"card.{card}"))]
    if card in SENDS_HOME:
        back = [NAMES[c] for c in SENDS_HOME[card] if c not in g.gone]
        events.append(ev("door.back_to_start", children=", ".join(back)))
    elif card == 11:
        events.append(ev("pay.player", player=g.players[mover], to=oname, amount=g.ledger.pay(mover, owner, 3)))
    elif card == 14:
        events.append(ev("pay.from_pot", player=oname, amount=g.ledger.from_pot(owner, 3)))
    elif card in (13, 15):  # the child walks on: card 13 to the next house, card 15 by a new roll
        g.knock = None
        replace(g, s, {"kind": "passby" if card == 13 else "card15_roll"})
        return events
    return events + lose_turn(g)


@step("knock", actor="owner")
class KnockStep(HStep):
    def title(self, g, s):
        return line("step.knock_trato" if g.knock["only_trato"] else "step.knock", **self.names(g, s))

    def say(self, g, s):
        return line("knock.say", owner=g.players[g.knock["owner"]])

    def offers(self, g, s):
        k = g.knock
        offers = [] if k["only_trato"] else [Offer(TRUCO, line("choice.truco"), group="answer")]
        offers.append(Offer(TRATO, line("choice.trato"), group="answer"))
        offers += door_offers(g)
        if 16 in g.hands[k["mover"]]:  # the mover's card, not the owner's: a group of its own
            offers.append(Offer(Play(16), line("choice.play16", card=16, player=g.players[k["mover"]]),
                                group="mover_play", seat=k["mover"] + 1))
        return offers

    def apply(self, g, s, action, chance):
        k = g.knock
        if action == TRUCO:
            if k["only_trato"]:
                raise g.refuse("only_trato")
            return start_truco(g, s)
        if action == TRATO:
            return start_trato(g, s)
        if not isinstance(action, Play):
            raise g.not_now(action)
        if action.card in WHEN_MOVING and action.card in g.hands[k["mover"]]:
            spend(g, k["mover"], action.card)
            replace(g, s, {"kind": "card16"})
            return [ev("card16.played", player=g.players[k["mover"]], owner=g.players[k["owner"]])]
        return play_door_card(g, s, action)


@step("card16", actor="owner")
class Card16Step(D8Step):
    """Card 16: no truco or trato; the owner rolls and pays half, rounded up (or plays a door card)."""

    def offers(self, g, s):
        return super().offers(g, s) + door_offers(g)

    def apply(self, g, s, action, chance):
        if isinstance(action, Play):
            return play_door_card(g, s, action)
        return super().apply(g, s, action, chance)

    def rolled(self, g, s, faces):
        k, roll = g.knock, faces[0]
        paid = g.ledger.pay(k["owner"], k["mover"], half_up(roll))
        drop(g, s)
        return [ev("card16.rolled", owner=g.players[k["owner"]], roll=roll, amount=half_up(roll)),
                ev("pay.player", player=g.players[k["owner"]], to=g.players[k["mover"]], amount=paid)]

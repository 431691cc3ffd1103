"""A turn: the cards of the turn's start, the child that moves, its roll and
ability, and where it landed as reported (the board is not modelled). A
coloured house is a knock (door.py); a grey square may give cards and,
from round 3, a costume fight (auction.py)."""

from __future__ import annotations

from companion.core.game import Line
from companion.core.notation import Word
from companion.core.steps import Offer

from .auction import start_rip, why_not_rip
from .cards import MY_TURN
from .children import (ACTION_PICK, ACTION_TWO, CHILDREN, DOUBLES, HOPS, NAMES, REROLLS, START_DRAW,
                       START_PICK, distance)
from .door import card_offer, knock
from .draws import push_draws
from .flow import D8Step, HStep, active, colour_line, drop, err, ev, line, replace, spend, step
from .notation import COLOURS, Hop, Land, Move, Play, Rip

END, STUCK, STAY = Word("end"), Word("stuck"), Word("stay")
DOUBLE, REROLL = Word("double"), Word("reroll")


def why_not_move(g, child: str, card1: bool) -> Line | None:
    """Why `child` cannot be moved now, or None."""
    name = NAMES[child]
    if child in g.gone:
        return err("child_gone", child=name)
    if child in g.frozen:
        frost = g.frozen[child]
        return err("child_frozen", child=name, player=g.players[frost["by"]], turns=frost["turns"])
    if g.moved.get(child) and not card1:
        return err("child_moved", child=name)
    return None


def in_play(g) -> list[str]:
    return [c for c in CHILDREN if c not in g.gone]


def owner_of(g, colour: str) -> int | None:
    return g.colours.index(colour) if colour in g.colours else None


def door_colours(g, mover: int) -> list[str]:
    """Colours a child can knock at: those of the other players still in."""
    return [g.colours[seat] for seat in range(g.n) if seat != mover and active(g, seat)]


def check_colour(g, colour: str, mover: int, own_ok: bool = False) -> int:
    """The owner a reported colour names, or a refusal saying what to report."""
    owner = owner_of(g, colour)
    if owner is None:
        raise g.refuse("neutral_colour", colour=colour_line(colour))
    if owner == mover and not own_ok:
        raise g.refuse("own_colour", colour=colour_line(colour), player=g.players[mover])
    if not active(g, owner):
        raise g.refuse("out_colour", player=g.players[owner])
    return owner


def land_offers(g, own: bool = False) -> list[Offer]:
    """The squares a child may be reported on: the other players' houses, grey squares."""
    offers = [Offer(Land(c), line("choice.land_colour", colour=colour_line(c), player=g.players[owner_of(g, c)]),
                    group="land") for c in door_colours(g, g.current)]
    if own:
        mine = g.colours[g.current]
        offers.append(Offer(Land(mine), line("choice.land_own", colour=colour_line(mine)), group="land"))
    return offers + [Offer(Land("neutral"), line("choice.land_neutral"), group="land"),
                     Offer(Land("action"), line("choice.land_action"), group="land")]


@step("start")
class StartStep(HStep):
    def title(self, g, s):
        if s["no_move"]:
            return line("step.start_no_move", player=g.players[g.current])
        return line("step.start", player=g.players[g.current], round=g.round)

    def detail(self, g, s):
        moved = [NAMES[c] for c in CHILDREN if g.moved.get(c)]
        frozen = [NAMES[c] for c in g.frozen]
        return line("turn.detail", round=g.round, moved=", ".join(moved) or "-", frozen=", ".join(frozen) or "-")

    def _movable(self, g, s) -> list[str]:
        if s["no_move"]:
            return []
        return [c for c in CHILDREN if why_not_move(g, c, s["card1"]) is None]

    def offers(self, g, s):
        me, hand = g.current, g.hands[g.current]
        movable = self._movable(g, s)
        offers = [Offer(Move(c), line("choice.move", child=NAMES[c]), group="move") for c in movable]
        if 1 in hand and not s["no_move"] and not s["card1"] and any(why_not_move(g, c, True) is None
                                                                     for c in CHILDREN):
            offers.append(card_offer(1))
        if 2 in hand:  # the card's number stays in the labels: a screen groups a card's targets
            offers += [Offer(Play(2, seat=t + 1), line("choice.play2", card=2, player=g.players[t]), group="play",
                             seat=t + 1) for t in range(g.n) if t != me and active(g, t)]
        if 10 in hand:
            offers += [Offer(Play(10, child=c), line("choice.play10", card=10, child=NAMES[c]), group="play")
                       for c in in_play(g)]
        if not movable:
            offers.append(Offer(END, line("choice.end"), group="end"))
        return offers

    def apply(self, g, s, action, chance):
        name = g.players[g.current]
        if isinstance(action, Move):
            if s["no_move"]:
                raise g.refuse("cannot_move", player=name)
            why = why_not_move(g, action.child, s["card1"])
            if why:
                raise g.not_now(action, why)
            g.moved[action.child] = g.moved.get(action.child, 0) + 1
            if g.moved[action.child] > 1:
                g.extra_moves += 1
            g.turn = {"child": action.child, "roll": None, "distance": None, "doubled": False,
                      "rerolled": False, "card1": s["card1"]}
            replace(g, s, {"kind": "roll"})
            return [ev("move.chosen", player=name, child=NAMES[action.child])]
        if isinstance(action, Play):
            return self._play(g, s, action)
        if action == END:
            if self._movable(g, s):
                raise g.refuse("must_move")
            drop(g, s)
            return [ev("turn.no_move", player=name)]
        raise g.not_now(action)

    def _play(self, g, s, action):
        me, name = g.current, g.players[g.current]
        card = action.card
        if card not in g.hands[me]:
            raise g.refuse("not_held", player=name, card=card)
        if card not in MY_TURN:
            raise g.not_now(action)
        if card == 1:
            if s["no_move"] or s["card1"]:
                raise g.refuse("cannot_move", player=name)
            spend(g, me, 1)
            s["card1"] = True
            return [ev("card1.played", player=name)]
        if card == 2:
            target = action.seat - 1
            if action.child or not (0 <= target < g.n) or target == me or not active(g, target):
                raise g.refuse("card2_target")
            spend(g, me, 2)
            g.blocked[target] += 1
            paid = g.ledger.to_pot(target, 2)
            return [ev("card2.played", player=name, target=g.players[target]),
                    ev("pay.pot", player=g.players[target], amount=paid)]
        if not action.child or action.child in g.gone:
            raise g.refuse("card10_target")
        spend(g, me, 10)
        g.frozen[action.child] = {"by": me, "turns": 2}
        s["no_move"] = True
        return [ev("card10.played", player=name, child=NAMES[action.child])]


@step("roll")
class MoveRollStep(D8Step):
    def rolled(self, g, s, faces):
        replace(g, s, {"kind": "landing", "extra": False})
        return moved_by(g, faces[0])


def moved_by(g, roll: int) -> list:
    t = g.turn
    t["roll"], t["distance"] = roll, distance(t["child"], roll)
    values = {"player": g.players[g.current], "child": NAMES[t["child"]], "roll": roll, "distance": t["distance"]}
    if t["child"] == DOUBLES:
        return [ev("move.rolled_montse", **values, double=roll * 2)]
    if t["child"] == REROLLS and not t["rerolled"]:
        return [ev("move.rolled_lucia", **values)]
    if t["distance"] != roll:
        return [ev("move.rolled_david", **values)]
    return [ev("move.rolled", **values)]


@step("landing")
class LandingStep(HStep):
    """Where the child ended, as reported; `extra` is card 15's forced move."""

    def detail(self, g, s):
        return line("landing.detail_extra" if s["extra"] else "landing.detail")

    def offers(self, g, s):
        t, extra = g.turn, s["extra"]
        offers = []
        if not extra and t["child"] == DOUBLES and not t["doubled"]:
            offers.append(Offer(DOUBLE, line("choice.double", distance=t["distance"] * 2), group="ability"))
        if not extra and t["child"] == REROLLS and not t["rerolled"]:
            offers.append(Offer(REROLL, line("choice.reroll"), group="roll", chance="d8"))
        offers += land_offers(g, own=extra)
        if t["child"] in (START_DRAW, START_PICK):
            offers.append(Offer(Land("start"), line("choice.land_start"), group="land"))
        if not extra:
            offers.append(Offer(STUCK, line("choice.stuck"), group="stuck"))
        return offers

    def apply(self, g, s, action, chance):
        t, name = g.turn, g.players[g.current]
        if action in (DOUBLE, REROLL, STUCK):
            why = self._why_not(g, s, action.word)
            if why:
                raise g.not_now(action, why)
        if action == DOUBLE:
            t["doubled"], t["distance"] = True, t["distance"] * 2
            return [ev("move.doubled", child=NAMES[t["child"]], distance=t["distance"])]
        if action == REROLL:
            t["rerolled"] = True
            return moved_by(g, chance.roll("d8")[0])
        if action == STUCK:
            g.moved[t["child"]] -= 1
            if g.moved[t["child"]] >= 1:
                g.extra_moves -= 1
            else:
                del g.moved[t["child"]]
            replace(g, s, {"kind": "start", "card1": t["card1"], "no_move": False})
            g.turn = None
            return [ev("move.stuck", player=name)]
        if not isinstance(action, Land):
            raise g.not_now(action)
        return land(g, s, action.square, extra=s["extra"])

    def _why_not(self, g, s, word: str) -> Line | None:
        """Why Montse's double, Lucía's second roll or `stuck` cannot be reported now, or None."""
        child = g.turn["child"]
        if s["extra"]:
            return err("card15_as_is")
        if word == "double" and child != DOUBLES:
            return err("only_montse")
        if word == "double" and g.turn["doubled"]:
            return err("montse_doubled")
        if word == "reroll" and child != REROLLS:
            return err("only_lucia")
        if word == "reroll" and g.turn["rerolled"]:
            return err("lucia_rerolled", child=NAMES[child])
        return None


def land(g, s, square: str, extra: bool = False, passby: bool = False) -> list:
    """Apply a reported landing square; `s` is the step it answers."""
    child, mover = g.turn["child"], g.current
    if square in COLOURS:
        own = square == g.colours[mover]
        owner = check_colour(g, square, mover, own_ok=extra)
        if own:
            g.stack.clear()
            return [ev("card15.own_colour", player=g.players[mover], child=NAMES[child])]
        drop(g, s)
        return knock(g, owner)
    if square == "start" and passby:
        raise g.refuse("passby_start")
    if square == "neutral":
        if child == HOPS and not passby and door_colours(g, mover):
            replace(g, s, {"kind": "jorgito"})
            return [ev("move.landed_neutral", child=NAMES[child]), ev("jorgito.may_hop")]
        return grey(g, s, "neutral")
    if square == "action":
        pick, count = child == ACTION_PICK, 2 if child == ACTION_TWO else 1
        return grey(g, s, "action", (count, pick))
    if child == START_DRAW:
        return grey(g, s, "start", (1, False))
    if child == START_PICK:
        return grey(g, s, "start", (1, True))
    return grey(g, s, "start")


def grey(g, s, square: str, draws: tuple[int, bool] | None = None, announce: bool = True) -> list:
    """A grey square: the cards it gives first, then (from round 3) a costume fight."""
    drop(g, s)
    events = [ev(f"move.landed_{square}", child=NAMES[g.turn["child"]])] if announce else []
    if why_not_rip(g) is None:
        g.stack.append({"kind": "after"})
    if draws and draws[0]:
        events += push_draws(g, g.current, draws[0], draws[1])
    return events


@step("jorgito")
class JorgitoStep(HStep):
    def offers(self, g, s):
        return [Offer(Hop(c), line("choice.hop", colour=colour_line(c), player=g.players[owner_of(g, c)]),
                      group="hop") for c in door_colours(g, g.current)] + [
            Offer(STAY, line("choice.stay"), group="stay")]

    def apply(self, g, s, action, chance):
        if action == STAY:
            return grey(g, s, "neutral", announce=False)
        if not isinstance(action, Hop):
            raise g.not_now(action)
        owner = check_colour(g, action.colour, g.current)
        drop(g, s)
        return [ev("jorgito.hops", colour=colour_line(action.colour))] + knock(g, owner)


@step("passby")
class PassByStep(HStep):
    """Card 13: the child walks on to the next square, reported."""

    def offers(self, g, s):
        return land_offers(g)

    def apply(self, g, s, action, chance):
        if not isinstance(action, Land):
            raise g.not_now(action)
        return land(g, s, action.square, passby=True)


@step("card15_roll")
class Card15RollStep(D8Step):
    """Card 15: the mover rolls again and the same child walks on."""

    def rolled(self, g, s, faces):
        g.turn["roll"] = g.turn["distance"] = faces[0]
        replace(g, s, {"kind": "landing", "extra": True})
        return [ev("card15.rolled", child=NAMES[g.turn["child"]], roll=faces[0])]


@step("after")
class AfterStep(HStep):
    """The child stands on a grey square: a costume may be ripped, or the turn ends."""

    def offers(self, g, s):
        return ([Offer(Rip(c), line("choice.rip", child=NAMES[c]), group="rip") for c in in_play(g)
                 if why_not_rip(g, c) is None] + [Offer(END, line("choice.end"), group="end")])

    def apply(self, g, s, action, chance):
        if action == END:
            drop(g, s)
            return []
        if not isinstance(action, Rip):
            raise g.not_now(action)
        why = why_not_rip(g, action.child)
        if why:
            raise g.not_now(action, why)
        drop(g, s)
        return start_rip(g, action.child)

"""A turn: the cards of the turn's start, the child that moves, its roll and
ability, and where it landed as reported (the board is not modelled). A
coloured house is a knock (door.py); a grey square may give cards and,
from round 3, a costume fight (auction.py)."""

from __future__ import annotations

from .auction import start_rip, why_not_rip
from .cards import MY_TURN, when
from .children import (ACTION_PICK, ACTION_TWO, CHILDREN, DOUBLES, HOPS, NAMES, REROLLS, START_DRAW,
                       START_PICK, distance)
from .door import knock
from .draws import push_draws
from .flow import Step, active, colour_line, drop, ev, line, refuse, replace, spend, step
from .notation import COLOURS, Hop, Land, Move, Play, Rip, Word


def why_not_move(g, child: str, card1: bool) -> str | None:
    """Why `child` cannot be moved now, or None."""
    name = NAMES[child]
    if child in g.gone:
        return f"{name} went home: that child is out of the game."
    if child in g.frozen:
        frost = g.frozen[child]
        return (f"{name} is frozen by card 10 until {g.players[frost['by']]}'s turn has come round "
                f"{frost['turns']} more time(s).")
    if g.moved.get(child) and not card1:
        return f"{name} has already moved this round."
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
        raise refuse(f"Nobody plays {colour} in this game: those squares are neutral.", allowed="Report land neutral.")
    if owner == mover and not own_ok:
        raise refuse(f"A child never lands on the colour of the player who moves it ({colour} is "
                     f"{g.players[mover]}'s).",
                     allowed="Report where else it can land; if it cannot land anywhere else and no other "
                             "child can move, report stuck to roll again.")
    if not active(g, owner):
        raise refuse(f"{g.players[owner]} is out of the game: those houses count as neutral now.",
                     allowed="Report land neutral.")
    return owner


@step
class StartStep(Step):
    kind = "start"

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

    def options(self, g, s):
        me, hand = g.current, g.hands[g.current]
        movable = self._movable(g, s)
        opts = [(Move(c), line("choice.move", child=NAMES[c])) for c in movable]
        if 1 in hand and not s["no_move"] and not s["card1"] and any(why_not_move(g, c, True) is None
                                                                      for c in CHILDREN):
            opts.append((Play(1), line("choice.play", card=1, text=line("card.1"))))
        if 2 in hand:
            opts += [(Play(2, seat=t + 1), line("choice.play2", player=g.players[t]))
                     for t in range(g.n) if t != me and active(g, t)]
        if 10 in hand:
            opts += [(Play(10, child=c), line("choice.play10", child=NAMES[c])) for c in in_play(g)]
        if not movable:
            opts.append((Word("end"), line("choice.end")))
        return opts

    def apply(self, g, s, action, chance):
        name = g.players[g.current]
        if isinstance(action, Move):
            if s["no_move"]:
                raise refuse(f"{name} cannot move a child this turn.", allowed="Play a card, or end.")
            why = why_not_move(g, action.child, s["card1"])
            if why:
                others = self._movable(g, s)
                raise refuse(why, allowed=("Move " + ", ".join(NAMES[c] for c in others) + ".") if others
                             else "No child can move: end the turn.")
            g.moved[action.child] = g.moved.get(action.child, 0) + 1
            if g.moved[action.child] > 1:
                g.extra_moves += 1
            g.turn = {"child": action.child, "roll": None, "distance": None, "doubled": False,
                      "rerolled": False, "card1": s["card1"]}
            replace(g, s, {"kind": "roll"})
            return [ev("move.chosen", player=name, child=NAMES[action.child])]
        if isinstance(action, Play):
            return self._play(g, s, action)
        if action == Word("end"):
            if self._movable(g, s):
                raise refuse("A child must always move.", allowed="Choose a child to move.")
            drop(g, s)
            return [ev("turn.no_move", player=name)]
        raise g.not_now(action)

    def _play(self, g, s, action):
        me, name = g.current, g.players[g.current]
        card = action.card
        if card not in g.hands[me]:
            raise refuse(f"{name} does not hold card {card}.")
        if card not in MY_TURN:
            raise refuse(when(card))
        if card == 1:
            if s["no_move"] or s["card1"]:
                raise refuse(f"{name} cannot move a child this turn.")
            spend(g, me, 1)
            s["card1"] = True
            return [ev("card1.played", player=name)]
        if card == 2:
            target = action.seat - 1
            if action.child or not (0 <= target < g.n) or target == me or not active(g, target):
                raise refuse("Card 2 is played against another player still in the game.",
                             allowed="Like: play 2 SEAT.")
            spend(g, me, 2)
            g.blocked[target] += 1
            paid = g.ledger.to_pot(target, 2)
            return [ev("card2.played", player=name, target=g.players[target]),
                    ev("pay.pot", player=g.players[target], amount=paid)]
        if not action.child or action.child in g.gone:
            raise refuse("Card 10 freezes a child still in play.", allowed="Like: play 10 montse.")
        spend(g, me, 10)
        g.frozen[action.child] = {"by": me, "turns": 2}
        s["no_move"] = True
        return [ev("card10.played", player=name, child=NAMES[action.child])]


@step
class RollStep(Step):
    kind = "roll"

    def title(self, g, s):
        return line("step.roll", player=g.players[g.current], child=NAMES[g.turn["child"]])

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))]

    def apply(self, g, s, action, chance):
        if action != Word("roll"):
            raise g.not_now(action)
        replace(g, s, {"kind": "landing", "extra": False})
        return moved_by(g, chance.roll("d8")[0])


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


@step
class LandingStep(Step):
    """Where the child ended, as reported; `extra` is card 15's forced move."""

    kind = "landing"

    def title(self, g, s):
        return line("step.landing", player=g.players[g.current], child=NAMES[g.turn["child"]],
                    distance=g.turn["distance"])

    def detail(self, g, s):
        return line("landing.detail_extra" if s["extra"] else "landing.detail")

    def options(self, g, s):
        t, extra = g.turn, s["extra"]
        opts = []
        if not extra and t["child"] == DOUBLES and not t["doubled"]:
            opts.append((Word("double"), line("choice.double", distance=t["distance"] * 2)))
        if not extra and t["child"] == REROLLS and not t["rerolled"]:
            opts.append((Word("reroll"), line("choice.reroll")))
        opts += [(Land(c), line("choice.land_colour", colour=colour_line(c), player=g.players[owner_of(g, c)]))
                 for c in door_colours(g, g.current)]
        if extra:
            opts.append((Land(g.colours[g.current]), line("choice.land_own", colour=colour_line(g.colours[g.current]))))
        opts += [(Land("neutral"), line("choice.land_neutral")), (Land("action"), line("choice.land_action"))]
        if t["child"] in (START_DRAW, START_PICK):
            opts.append((Land("start"), line("choice.land_start")))
        if not extra:
            opts.append((Word("stuck"), line("choice.stuck")))
        return opts

    def apply(self, g, s, action, chance):
        t, name = g.turn, g.players[g.current]
        if action == Word("double") and not s["extra"] and t["child"] == DOUBLES and not t["doubled"]:
            t["doubled"], t["distance"] = True, t["distance"] * 2
            return [ev("move.doubled", child=NAMES[t["child"]], distance=t["distance"])]
        if action == Word("reroll") and not s["extra"] and t["child"] == REROLLS and not t["rerolled"]:
            t["rerolled"] = True
            return moved_by(g, chance.roll("d8")[0])
        if action == Word("stuck") and not s["extra"]:
            g.moved[t["child"]] -= 1
            if g.moved[t["child"]] >= 1:
                g.extra_moves -= 1
            else:
                del g.moved[t["child"]]
            replace(g, s, {"kind": "start", "card1": t["card1"], "no_move": False})
            g.turn = None
            return [ev("move.stuck", player=name)]
        if isinstance(action, Word) and action.word in ("double", "reroll", "stuck"):
            raise refuse(self._why_not(g, s, action.word))
        if not isinstance(action, Land):
            raise g.not_now(action)
        return land(g, s, action.square, extra=s["extra"])

    def _why_not(self, g, s, word):
        child = NAMES[g.turn["child"]]
        if s["extra"]:
            return "Card 15's move is the roll as it is: no ability and no going back."
        if word == "double":
            return "Only Montse may double her roll, once." if g.turn["child"] != DOUBLES else "Montse has doubled already."
        return "Only Lucía may roll again, once." if g.turn["child"] != REROLLS else f"{child} has rolled again already."


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
        raise refuse("Card 13 moves the child to the next square: report its colour, neutral or action.")
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


@step
class JorgitoStep(Step):
    kind = "jorgito"

    def options(self, g, s):
        return [(Hop(c), line("choice.hop", colour=colour_line(c), player=g.players[owner_of(g, c)]))
                for c in door_colours(g, g.current)] + [(Word("stay"), line("choice.stay"))]

    def apply(self, g, s, action, chance):
        if action == Word("stay"):
            return grey(g, s, "neutral", announce=False)
        if not isinstance(action, Hop):
            raise g.not_now(action)
        owner = check_colour(g, action.colour, g.current)
        drop(g, s)
        return [ev("jorgito.hops", colour=colour_line(action.colour))] + knock(g, owner)


@step
class PassByStep(Step):
    """Card 13: the child walks on to the next square, reported."""

    kind = "passby"

    def title(self, g, s):
        return line("step.passby", player=g.players[g.current], child=NAMES[g.turn["child"]])

    def options(self, g, s):
        return [(Land(c), line("choice.land_colour", colour=colour_line(c), player=g.players[owner_of(g, c)]))
                for c in door_colours(g, g.current)] + [
            (Land("neutral"), line("choice.land_neutral")), (Land("action"), line("choice.land_action"))]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Land):
            raise g.not_now(action)
        return land(g, s, action.square, passby=True)


@step
class Card15RollStep(Step):
    kind = "card15_roll"

    def title(self, g, s):
        return line("step.card15_roll", player=g.players[g.current], child=NAMES[g.turn["child"]])

    def options(self, g, s):
        return [(Word("roll"), line("choice.roll"))]

    def apply(self, g, s, action, chance):
        if action != Word("roll"):
            raise g.not_now(action)
        roll = chance.roll("d8")[0]
        g.turn["roll"] = g.turn["distance"] = roll
        replace(g, s, {"kind": "landing", "extra": True})
        return [ev("card15.rolled", child=NAMES[g.turn["child"]], roll=roll)]


@step
class AfterStep(Step):
    """The child stands on a grey square: a costume may be ripped, or the turn ends."""

    kind = "after"

    def options(self, g, s):
        return ([(Rip(c), line("choice.rip", child=NAMES[c])) for c in in_play(g) if why_not_rip(g, c) is None]
                + [(Word("end"), line("choice.end"))])

    def apply(self, g, s, action, chance):
        if action == Word("end"):
            drop(g, s)
            return []
        if not isinstance(action, Rip):
            raise g.not_now(action)
        why = why_not_rip(g, action.child)
        if why:
            raise refuse(why)
        drop(g, s)
        return start_rip(g, action.child)

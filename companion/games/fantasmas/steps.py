"""One step per decision: placing a ghost, a turn (move, fight, mirror jump,
release, or pass when nothing is legal), and placing a released ghost.

Each step checks an action fully before the game changes (so a refusal
leaves it exactly as it was) and says why in the table's language; what is
offered is exactly what is legal.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core.lines import Notation
from companion.core.steps import Offer, Step as KitStep

from .board import BEATS, COLOURS, DISTANCE, NEIGHBOURS
from .notation import PASS, Place, Put, Release, Step
from .say import colour, colour_f, line, room


class GhostStep(KitStep):
    """What every step of this game shares: the facts a screen draws the castle from."""

    def facts(self, g, s) -> dict[str, Any]:
        return g.facts()

    def say(self, g, s):
        return self.title(g, s)


def _room_for(g, colour_: str, cell: int, *, released: bool = False) -> None:
    """Refuse a room a ghost of `colour_` may not be placed on (placement or release)."""
    kind = g.castle.kinds[cell]
    if kind == "P":
        raise g.refuse("portal", room=room(cell))
    if kind == "M":
        if released:
            raise g.refuse("put_mirror", room=room(cell), colour=colour(colour_), colour_f=colour_f(colour_))
        raise g.refuse("mirror_at_setup", room=room(cell))
    if kind != colour_:
        raise g.refuse("wrong_carpet", room=room(cell), carpet=colour_f(kind), colour=colour(colour_),
                       colour_f=colour_f(colour_))
    if g.board.ghosts[cell] is not None:
        raise g.refuse("taken", room=room(cell))


class PlaceStep(GhostStep):
    """Placement: A places 1, B places 2, then 1 each in turn until all 18 are in."""

    kind = "place"

    def who(self, g, s):
        return g.to_act

    def title(self, g, s):
        p = g.to_act
        if g.placed == 1:  # B's first of two
            return line("step.place_two", player=g.seat_name(p))
        return line("step.place", player=g.seat_name(p))

    def detail(self, g, s):
        hand = g.board.hand[g.to_act]
        return line("place_detail", r=hand["R"], y=hand["Y"], b=hand["B"])

    def hint(self, g, s):
        return _hint(g, "hint.place", self.offers(g, s))

    def offers(self, g, s):
        hand = g.board.hand[g.to_act]
        return [Offer(Place(c, cell), line("choice.place", colour=colour(c), room=room(cell)), group="place",
                      seat=g.to_act + 1)
                for c in COLOURS if hand[c] for cell in g.board.free(c)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Place):
            raise g.not_now(action)
        p = g.to_act
        if not g.board.hand[p][action.colour]:
            raise g.refuse("none_in_hand", colour=colour(action.colour))
        _room_for(g, action.colour, action.cell)
        return g.place(p, action.colour, action.cell)

    def sample(self, g, s, rng: random.Random):
        hand = g.board.hand[g.to_act]
        c = rng.choice([c for c in COLOURS if hand[c]])
        return Place(c, rng.choice(g.board.free(c)))


class TurnStep(GhostStep):
    """A turn in play: one move, fight, mirror jump or release; a pass when nothing is legal."""

    kind = "turn"

    def who(self, g, s):
        return g.to_act

    def title(self, g, s):
        if not g.board.can_act(g.to_act):
            return line("step.pass", player=g.seat_name(g.to_act))
        return line("step.turn", player=g.seat_name(g.to_act))

    def detail(self, g, s):
        p = g.to_act
        out, cell = g.board.escaped[p], g.board.dungeon[p]
        return line("turn_detail", r=out["R"], y=out["Y"], b=out["B"], dr=cell["R"], dy=cell["Y"], db=cell["B"])

    def hint(self, g, s):
        """How a move is written (an example that is legal now), and a release only when one is."""
        found = self.offers(g, s)
        steps = [o for o in found if isinstance(o.action, Step)]
        releases = [o for o in found if isinstance(o.action, Release)]
        if not steps:
            return None
        if not releases:
            return _hint(g, "hint.turn", steps)
        return line("hint.turn_release", example=_spelled(g, steps[0]), release=_spelled(g, releases[0]))

    def offers(self, g, s):
        p, board = g.to_act, g.board
        found = []
        for src, dst in board.steps(p):
            target = board.ghosts[dst]
            values = {"src": room(src), "dst": room(dst)}
            if target is None:
                jump = dst not in NEIGHBOURS[src]
                found.append(Offer(Step(src, dst), line("choice.jump" if jump else "choice.move", **values),
                                   group="jump" if jump else "move"))
            else:
                mine = board.ghosts[src]
                won = BEATS[mine[1]] == target[1]
                found.append(Offer(Step(src, dst), line("choice.fight_wins" if won else "choice.fight_loses",
                                                        **values), group="fight"))
        found += [Offer(Release(c), line("choice.release", colour=colour(c)), group="release")
                  for c in board.releasable(p)]
        return found or [Offer(PASS, line("choice.pass"), group="pass")]

    def apply(self, g, s, action, chance):
        p = g.to_act
        if isinstance(action, Step):
            self.check_step(g, p, action.src, action.dst)
            return g.step(p, action.src, action.dst)
        if isinstance(action, Release):
            if not g.board.dungeon[p][action.colour]:
                raise g.refuse("none_in_dungeon", colour=colour(action.colour))
            if not g.board.free(action.colour):
                raise g.refuse("no_free_room", colour_f=colour_f(action.colour))
            return g.release(p, action.colour)
        if action == PASS:
            if g.board.can_act(p):
                raise g.refuse("cannot_pass", player=g.seat_name(p))
            return g.pass_turn(p)
        raise g.not_now(action)

    @staticmethod
    def check_step(g, p: int, src: int, dst: int) -> None:
        kinds, ghosts = g.castle.kinds, g.board.ghosts
        if kinds[src] == "P":
            raise g.refuse("portal", room=room(src))
        mine = ghosts[src]
        if mine is None:
            raise g.refuse("empty", room=room(src))
        if mine[0] != p:
            raise g.refuse("not_yours", room=room(src), owner=g.seat_name(mine[0]))
        if dst == src:
            raise g.refuse("same_room", room=room(src))
        if kinds[dst] == "P":
            raise g.refuse("portal", room=room(dst))
        target = ghosts[dst]
        if dst not in NEIGHBOURS[src]:
            if kinds[src] != "M":
                raise g.refuse("not_next", src=room(src), dst=room(dst))
            if kinds[dst] != "M":
                raise g.refuse("mirror_to_mirror", src=room(src), dst=room(dst))
            if target is not None:
                raise g.refuse("mirror_no_fight", dst=room(dst))
            return
        if target is not None and target[1] == mine[1]:
            raise g.refuse("same_colour", colour=colour(mine[1]))

    def sample(self, g, s, rng: random.Random):
        return sample_turn(g, rng)


class PutStep(GhostStep):
    """The opponent of whoever released a ghost places it on a free room of its colour."""

    kind = "put"

    def who(self, g, s):
        return g.to_act

    def title(self, g, s):
        return line("step.put", player=g.seat_name(g.to_act), owner=g.seat_name(1 - g.to_act),
                    colour=colour(g.put_colour))

    def detail(self, g, s):
        return line("put_detail", colour_f=colour_f(g.put_colour))

    def hint(self, g, s):
        return _hint(g, "hint.put", self.offers(g, s))

    def offers(self, g, s):
        return [Offer(Put(cell), line("choice.put", room=room(cell)), group="put")
                for cell in g.board.free(g.put_colour)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Put):
            raise g.not_now(action)
        _room_for(g, g.put_colour, action.cell, released=True)
        return g.put(g.to_act, action.cell)

    def sample(self, g, s, rng: random.Random):
        return Put(rng.choice(g.board.free(g.put_colour)))


PLACE, TURN, PUT = PlaceStep(), TurnStep(), PutStep()
STEPS = {"place": PLACE, "play": TURN, "put": PUT}


# -- random play that ends -----------------------------------------------------------


def sample_turn(g, rng: random.Random):
    """A random legal turn with a bias that makes random games end: a ghost that can
    step out through its open portal mostly does; fights (which turn portals) and steps
    toward an open portal are likelier than wandering; releases are rarer."""
    p, board = g.to_act, g.board
    steps = board.steps(p)
    releases = board.releasable(p)
    if not steps and not releases:
        return PASS
    fronts = {c: board.front(c) for c in COLOURS}
    out, toward, wins, other = [], [], [], []
    for src, dst in steps:
        mine, target = board.ghosts[src], board.ghosts[dst]
        won = target is None or BEATS[mine[1]] == target[1]
        if won and dst == fronts[mine[1]]:
            out.append((src, dst))
        elif target is not None and won:
            wins.append((src, dst))
        elif target is None and fronts[mine[1]] is not None and (
                DISTANCE[dst][fronts[mine[1]]] < DISTANCE[src][fronts[mine[1]]]):
            toward.append((src, dst))
        else:
            other.append((src, dst))
    if out and rng.random() < 0.9:
        return Step(*rng.choice(out))
    pools = [(toward, 4.0), (wins, 3.0), (other, 1.0), (out, 1.0)]
    if releases:
        pools.append(([None], 0.5))
    total = sum(weight for pool, weight in pools if pool)
    pick = rng.random() * total
    for pool, weight in pools:
        if not pool:
            continue
        if pick < weight:
            chosen = rng.choice(pool)
            return Release(rng.choice(releases)) if chosen is None else Step(*chosen)
        pick -= weight
    return Step(*rng.choice(steps)) if steps else Release(rng.choice(releases))


def _spelled(g, offer: Offer) -> Notation:
    return Notation((g.notation(offer.action),), g.spelled)


def _hint(g, name: str, offered: list[Offer]):
    """A hint whose example is the first action offered now (never one that is not legal)."""
    return line(name, example=_spelled(g, offered[0])) if offered else None

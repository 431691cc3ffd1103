"""The start of Kaijupoly: every title deed dealt at random in equal shares;
the leftovers (when the deeds don't divide evenly) chosen one each in the
order of a 2d6 roll, highest first, ties rolling again among themselves.

The deal is one action that draws the deeds one by one from the deck
`deeds` (each drawn deed's square number), so a table that dealt its own
cards can type them after `@` in the order dealt, seat by seat.
"""

from __future__ import annotations

from companion.core.game import Event

from . import turns
from .bank import pay
from .say import event, money, names, square

DEEDS = "deeds"


def deal(g, chance) -> list[Event]:
    deeds = [str(p) for p in g.board.deeds]
    players = len(g.players)
    each = len(deeds) // players
    hands: list[list[int]] = [[] for _ in range(players)]
    for n in range(each * players):
        card = chance.draw(DEEDS, deeds)
        deeds.remove(card)
        hands[n % players].append(int(card))
    for seat, hand in enumerate(hands):
        for p in hand:
            g.owner[p] = seat
    g.leftovers = sorted(int(c) for c in deeds)
    events = [event("dealt", count=each * players, each=each)]
    for seat, hand in enumerate(hands):
        events.append(event("dealt_to", speak=False, player=g.players[seat],
                            cities=", ".join(square(g, p) for p in sorted(hand))))
    if g.leftovers:
        g.phase = "order"
        g.tiers = [list(range(players))]
        g.rolls = {}
        events.append(event("leftovers", count=len(g.leftovers)))
        return events
    return events + start_play(g)


def rolling_tier(g) -> list[int]:
    return next(t for t in g.tiers if len(t) > 1)


def next_roller(g) -> int:
    return next(s for s in rolling_tier(g) if s not in g.rolls)


def order_rolled(g, faces: tuple[int, int]) -> list[Event]:
    seat = next_roller(g)
    total = sum(faces)
    g.rolls[seat] = total
    events = [event("order_rolled", player=g.players[seat], a=faces[0], b=faces[1], total=total)]
    tier = rolling_tier(g)
    if any(s not in g.rolls for s in tier):
        return events
    split = sorted({g.rolls[s] for s in tier}, reverse=True)
    parts = [[s for s in tier if g.rolls[s] == total] for total in split]
    at = g.tiers.index(tier)
    g.tiers[at:at + 1] = parts
    g.rolls = {}
    for part in parts:
        if len(part) > 1:
            events.append(event("order_tie", players=names([g.players[s] for s in part])))
    if _ties_matter(g):
        return events
    order = [t[0] for t in g.tiers]
    g.picks = order[: len(g.leftovers)]
    g.phase = "pick"
    g.tiers = []
    return events + [event("pick_order", players=names([g.players[s] for s in g.picks]))]


def _ties_matter(g) -> bool:
    """A tie matters only among the generals who will pick (the first `leftovers` places)."""
    place = 0
    for tier in g.tiers:
        if place >= len(g.leftovers):
            return False
        if len(tier) > 1:
            return True
        place += len(tier)
    return False


def pick(g, position: int) -> list[Event]:
    seat = g.picks.pop(0)
    g.owner[position] = seat
    g.leftovers.remove(position)
    events = [event("picked", player=g.players[seat], city=square(g, position))]
    if not g.picks:
        events += start_play(g)
    return events


def start_play(g) -> list[Event]:
    g.phase = "play"
    g.round = 1
    start = g.board.start_money * (2 if g.settings["double_money"] else 1)
    for seat in range(len(g.players)):
        g.money[seat] = 0
        pay(g, None, seat, start, "start")
    return [event("play_starts", amount=money(g, start))] + turns.begin(g, 0)

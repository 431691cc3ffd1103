"""Ripping a costume (from round 3): the attacker puts 1 candy in front,
each defender one more than the last (2, 3, 4...); the attacker may
withdraw; otherwise hidden bids are opened at once (typed one by one,
masked, or as the opened hands show). The referee settles every outcome of
the RULINGS, with the pot movements and the cooldowns."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalActionError
from companion.core.game import Line
from companion.core.notation import Word
from companion.core.steps import Offer

from .children import CHILDREN, NAMES
from .flow import STEPS, HStep, active, drop, err, ev, line, replace, step
from .notation import Bid, Bids, Crying, Defend

WITHDRAW, NO_DEFENDERS = Word("withdraw"), Word("no defenders")


class BidTooHigh(IllegalActionError):
    """A bid above what the bidder holds besides the front candies. `player` names the
    bidder, so a screen taking masked bids can refuse without showing the amount."""

    def __init__(self, line: Line, *, allowed: Any = None, player: str = "", public_allowed: Any = None) -> None:
        super().__init__(line, allowed=allowed, public_allowed=public_allowed)
        self.player = player


def why_not_rip(g, child: str | None = None) -> Line | None:
    """Why no costume (or this child's) can be ripped now, or None."""
    if g.round < 3:
        return err("rip_round", round=g.round)
    if g.current in g.cool_players:
        return err("rip_again", player=g.players[g.current])
    if child is None:
        if any(why_not_rip(g, c) is None for c in CHILDREN):
            return None
        return err("rip_none")
    if child in g.gone:
        return err("rip_gone", child=NAMES[child])
    if g.turn and child == g.turn["child"]:
        return err("rip_own", child=NAMES[child])
    if child in g.cool_children:
        return err("rip_cooling", child=NAMES[child], player=g.players[g.cool_children[child]])
    return None


def start_rip(g, target: str) -> list:
    g.auction = {"attacker": g.current, "target": target, "defenders": [], "bids": None}
    g.stack.append({"kind": "auction"})
    return [ev("rip.declared", player=g.players[g.current], child=NAMES[target])]


def participants(g) -> list[int]:
    a = g.auction
    return [a["attacker"]] + a["defenders"]


def front(g, seat: int) -> int:
    """Candies put in front: attacker 1, defenders 2, 3, 4... in the order they joined."""
    return participants(g).index(seat) + 1


def can_defend(g, seat: int) -> Line | None:
    a = g.auction
    if not (0 <= seat < g.n) or not active(g, seat):
        return err("defend_out")
    if seat == a["attacker"]:
        return err("defend_attacker")
    if seat in a["defenders"]:
        return err("defend_again", player=g.players[seat])
    need = len(participants(g)) + 1
    if g.ledger.candies[seat] < need:
        return err("defend_poor", player=g.players[seat], need=need)
    return None


def check_bid(g, seat: int, amount: int) -> None:
    if seat not in participants(g):
        raise g.refuse("bid_outsider", player=g.players[seat] if 0 <= seat < g.n else seat,
                       bidders=", ".join(g.players[p] for p in participants(g)))
    if amount > g.ledger.candies[seat] - front(g, seat):
        name = g.players[seat]
        raise BidTooHigh(err("bid_too_high", player=name, amount=amount), allowed=g.allowed(), player=name,
                         public_allowed=g.allowed(public=True))


def _bid_samples(g, seat: int) -> list[int]:
    most = g.ledger.candies[seat] - front(g, seat)
    return sorted({0, min(1, most), most // 2, most})


@step("auction")
class AuctionStep(HStep):
    """Defenders join; then the attacker withdraws or the hidden bids are opened."""

    def title(self, g, s):
        a = g.auction
        return line("step.auction", player=g.players[a["attacker"]], child=NAMES[a["target"]])

    def detail(self, g, s):
        fronts = ", ".join(f"{g.players[p]} {front(g, p)}" for p in participants(g))
        return line("rip.detail", fronts=fronts)

    def hint(self, g, s):
        return line("hint.bids") if g.auction["defenders"] else None

    def hides(self, g, s, action):
        """The first hidden bid typed on its own (`bid 1 16`) is secret; `bids 3 5 2`, typed as
        the opened hands show, is not."""
        return isinstance(action, Bid)

    def told(self, g, s, action):
        return _bidding(g, action)

    def offers(self, g, s):
        need = len(participants(g)) + 1
        offers = [Offer(Defend(seat + 1), line("choice.defend", player=g.players[seat], front=need), group="defend",
                        seat=seat + 1) for seat in range(g.n) if can_defend(g, seat) is None]
        if g.auction["defenders"]:
            return offers + [Offer(WITHDRAW, line("choice.withdraw"), group="withdraw")]
        return offers + [Offer(NO_DEFENDERS, line("choice.no_defenders"), group="no_defenders")]

    def accepts(self, g, s):
        if not g.auction["defenders"]:
            return []
        seats = participants(g)
        samples = [_bid_samples(g, p) for p in seats]
        combos = {tuple(v[min(i, len(v) - 1)] for v in samples) for i in range(4)}
        combos |= {tuple(v[-1] if j == k else v[0] for j, v in enumerate(samples)) for k in range(len(seats))}
        return [Bids(c) for c in sorted(combos)] + [Bid(seats[0] + 1, v) for v in samples[0]]

    def apply(self, g, s, action, chance):
        a = g.auction
        if isinstance(action, Defend):
            why = can_defend(g, action.seat - 1)
            if why:
                raise g.not_now(action, why)
            seat = action.seat - 1
            a["defenders"].append(seat)
            return [ev("rip.defends", player=g.players[seat], front=front(g, seat), child=NAMES[a["target"]])]
        if action == WITHDRAW:
            if not a["defenders"]:
                raise g.refuse("withdraw_alone")
            events = [ev("rip.withdraws", player=g.players[a["attacker"]])] + _fronts_to_pot(g, {})
            return events + _after_attempt(g, s)
        if action == NO_DEFENDERS:
            if a["defenders"]:
                raise g.refuse("defended")
            attacker = a["attacker"]
            events = [ev("rip.undefended", player=g.players[attacker], child=NAMES[a["target"]]),
                      ev("pay.pot", player=g.players[attacker], amount=g.ledger.to_pot(attacker, 3))]
            return events + _send_home(g) + _after_attempt(g, s)
        if isinstance(action, (Bids, Bid)) and not a["defenders"]:
            raise g.refuse("bid_alone")
        if isinstance(action, Bids):
            seats = participants(g)
            if len(action.values) != len(seats):
                raise g.refuse("bid_count", count=len(seats), bidders=", ".join(g.players[p] for p in seats))
            for seat, amount in zip(seats, action.values):
                check_bid(g, seat, amount)
            a["bids"] = list(action.values)
            return _settle(g, s)
        if isinstance(action, Bid):
            check_bid(g, action.seat - 1, action.amount)
            a["bids"] = [None] * len(participants(g))
            replace(g, s, {"kind": "auction_bids"})
            return STEPS["auction_bids"].apply(g, g.stack[-1], action, chance)
        raise g.not_now(action)


def _bidding(g, action) -> Line | None:
    """What the table is told of a hidden bid: who bid, never how much."""
    if isinstance(action, Bid) and 1 <= action.seat <= g.n:
        return line("public.auction_bids", player=g.players[action.seat - 1])
    return None


@step("auction_bids")
class HiddenBidsStep(HStep):
    """Hidden bids typed one at a time, masked; opened when the last is in."""

    private = secret = True

    def who(self, g, s):
        return next(p for p, b in zip(participants(g), g.auction["bids"]) if b is None)

    def detail(self, g, s):
        return line("rip.bids_detail", seat=self.who(g, s) + 1)

    def hint(self, g, s):
        return line("hint.bid", seat=self.who(g, s) + 1)

    def public(self, g, s):
        return line("public.auction_bids", player=g.players[self.who(g, s)])

    def told(self, g, s, action):
        return _bidding(g, action) or self.public(g, s)

    def accepts(self, g, s):
        seat = self.who(g, s)
        return [Bid(seat + 1, v) for v in _bid_samples(g, seat)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Bid):
            raise g.not_now(action)
        seat, a = action.seat - 1, g.auction
        check_bid(g, seat, action.amount)
        index = participants(g).index(seat)
        if a["bids"][index] is not None:
            raise g.refuse("bid_again", player=g.players[seat])
        a["bids"][index] = action.amount
        events = [ev("rip.bid_in", player=g.players[seat]),
                  ev("rip.bid_secret", private=True, speak=False, player=g.players[seat], amount=action.amount)]
        if None in a["bids"]:
            return events
        return events + _settle(g, s)



def _fronts_to_pot(g, extra: dict[int, int]) -> list:
    """Every front candy goes to the pot, plus the winners' bids in `extra`."""
    events = []
    for seat in participants(g):
        amount = front(g, seat) + extra.get(seat, 0)
        events.append(ev("pay.pot", player=g.players[seat], amount=g.ledger.to_pot(seat, amount)))
    return events


def _settle(g, s) -> list:
    a = g.auction
    seats, bids = participants(g), a["bids"]
    shown = ", ".join(f"{g.players[p]} {b}" for p, b in zip(seats, bids))
    events = [ev("rip.hands_open", bids=shown)]
    attack, defence = bids[0], max(bids[1:])
    if attack > defence:
        events.append(ev("rip.attacker_wins", player=g.players[a["attacker"]], child=NAMES[a["target"]]))
        events += _fronts_to_pot(g, {a["attacker"]: attack}) + _send_home(g)
    elif defence > attack:
        winners = {p: b for p, b in zip(seats[1:], bids[1:]) if b == defence}
        events.append(ev("rip.defenders_win", players=", ".join(g.players[p] for p in winners),
                         child=NAMES[a["target"]], count=len(winners)))
        events += _fronts_to_pot(g, winners)
    else:
        events.append(ev("rip.void"))
        events += _fronts_to_pot(g, {})
    return events + _after_attempt(g, s)


def _send_home(g) -> list:
    a = g.auction
    target, attacker = a["target"], a["attacker"]
    g.sent_home[attacker] += 1
    g.frozen.pop(target, None)
    owner = g.secret.index(target) if target in g.secret else None
    g.gone[target] = {"by": attacker, "owner": owner}
    events = [ev("rip.goes_home", child=NAMES[target])]
    if owner is not None:
        return events + [ev("rip.cries", player=g.players[owner], child=NAMES[target])]
    if None in g.secret:
        g.crying = target
        return events
    return events + [ev("rip.nobodys", child=NAMES[target])]


def _after_attempt(g, s) -> list:
    """Cooldowns for the target and the attacker; the attacker's turn ends."""
    a = g.auction
    if a["target"] not in g.gone:
        g.cool_children[a["target"]] = a["attacker"]
    g.cool_players.append(a["attacker"])
    g.stack.clear()
    if g.crying:
        g.stack.append({"kind": "crying"})
    return []


@step("crying")
class CryingStep(HStep):
    """The child went home and its card is not known: whose was it?"""

    def title(self, g, s):
        return line("step.crying", child=NAMES[g.crying])

    def offers(self, g, s):
        return [Offer(Crying(seat + 1), line("choice.player", player=g.players[seat]), group="seat", seat=seat + 1)
                for seat in range(g.n) if g.secret[seat] is None] + [
            Offer(Crying(0), line("choice.nobody"), group="nobody")]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Crying):
            raise g.not_now(action)
        child, seat = g.crying, action.seat - 1
        if action.seat == 0:
            g.crying = None
            drop(g, s)
            return [ev("rip.nobodys", child=NAMES[child])]
        if not (0 <= seat < g.n) or g.secret[seat] is not None:
            raise g.refuse("crying_known", players=", ".join(g.players[p] for p in range(g.n) if g.secret[p] is None))
        g.secret[seat] = child
        g.gone[child]["owner"] = seat
        g.crying = None
        drop(g, s)
        return [ev("rip.cries", player=g.players[seat], child=NAMES[child])]

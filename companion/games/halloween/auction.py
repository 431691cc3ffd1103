"""Ripping a costume (from round 3): the attacker puts 1 candy in front,
each defender one more than the last (2, 3, 4...); the attacker may
withdraw; otherwise hidden bids are opened at once (typed one by one,
masked, or as the opened hands show). The referee settles every outcome of
the RULINGS, with the pot movements and the cooldowns."""

from __future__ import annotations

from companion.core.errors import IllegalActionError

from .children import CHILDREN, NAMES
from .flow import Step, active, drop, ev, line, refuse, replace, step
from .notation import Bid, Bids, Number, Word


class BidTooHigh(IllegalActionError):
    """A bid above what the bidder holds besides the front candies. `player` names the
    bidder, so a screen taking masked bids can refuse without showing the amount."""

    def __init__(self, message: str, *, allowed: str = "", player: str = "") -> None:
        super().__init__(message, allowed=allowed)
        self.player = player


def why_not_rip(g, child: str | None = None) -> str | None:
    """Why no costume (or this child's) can be ripped now, or None."""
    if g.round < 3:
        return f"No costume may be ripped before round 3; this is round {g.round}."
    name = g.players[g.current]
    if g.current in g.cool_players:
        return f"{name} tried to rip a costume and may not try again before their next turn."
    if child is None:
        if any(why_not_rip(g, c) is None for c in CHILDREN):
            return None
        return "No child's costume can be ripped now."
    if child in g.gone:
        return f"{NAMES[child]} went home already."
    if g.turn and child == g.turn["child"]:
        return f"{NAMES[child]} is the child you moved: pick the child standing beside it."
    if child in g.cool_children:
        return (f"{NAMES[child]}'s costume was just fought over: nobody may try again before "
                f"{g.players[g.cool_children[child]]}'s next turn.")
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


def can_defend(g, seat: int) -> str | None:
    a = g.auction
    if not (0 <= seat < g.n) or not active(g, seat):
        return "Only a player still in the game can defend."
    if seat == a["attacker"]:
        return "The attacker cannot defend the same child."
    if seat in a["defenders"]:
        return f"{g.players[seat]} defends already."
    need = len(participants(g)) + 1
    if g.ledger.candies[seat] < need:
        return f"{g.players[seat]} cannot put {need} candies in front."
    return None


def check_bid(g, seat: int, amount: int) -> None:
    name = g.players[seat]
    if seat not in participants(g):
        raise refuse(f"{name} takes no part in this fight.",
                     allowed="Bidders: " + ", ".join(g.players[p] for p in participants(g)) + ".")
    if amount < 0:
        raise refuse("A bid is 0 or more candies.")
    if amount > g.ledger.candies[seat] - front(g, seat):
        raise BidTooHigh(f"{name} does not hold {amount} candies besides the ones in front.",
                         allowed="A bid is hidden in the hand: it cannot be more than the player holds.",
                         player=name)


def _bid_samples(g, seat: int) -> list[int]:
    most = g.ledger.candies[seat] - front(g, seat)
    return sorted({0, min(1, most), most // 2, most})


@step
class AuctionStep(Step):
    """Defenders join; then the attacker withdraws or the hidden bids are opened."""

    kind = "auction"

    def title(self, g, s):
        a = g.auction
        return line("step.auction", player=g.players[a["attacker"]], child=NAMES[a["target"]])

    def detail(self, g, s):
        fronts = ", ".join(f"{g.players[p]} {front(g, p)}" for p in participants(g))
        return line("rip.detail", fronts=fronts)

    def options(self, g, s):
        a = g.auction
        opts = [(Number("defend", seat + 1), line("choice.defend", player=g.players[seat],
                                                   front=len(participants(g)) + 1))
                for seat in range(g.n) if can_defend(g, seat) is None]
        if a["defenders"]:
            opts.append((Word("withdraw"), line("choice.withdraw")))
        else:
            opts.append((Word("no defenders"), line("choice.no_defenders")))
        return opts

    def hidden(self, g, s):
        if not g.auction["defenders"]:
            return []
        seats = participants(g)
        samples = [_bid_samples(g, p) for p in seats]
        combos = {tuple(v[min(i, len(v) - 1)] for v in samples) for i in range(4)}
        combos |= {tuple(v[-1] if j == k else v[0] for j, v in enumerate(samples)) for k in range(len(seats))}
        return [Bids(c) for c in sorted(combos)] + [Bid(seats[0] + 1, v) for v in samples[0]]

    def apply(self, g, s, action, chance):
        a = g.auction
        if isinstance(action, Number) and action.verb == "defend":
            why = can_defend(g, action.value - 1)
            if why:
                raise refuse(why)
            a["defenders"].append(action.value - 1)
            seat = action.value - 1
            return [ev("rip.defends", player=g.players[seat], front=front(g, seat), child=NAMES[a["target"]])]
        if action == Word("withdraw"):
            if not a["defenders"]:
                raise refuse("Nobody defends: the costume is ripped without a fight.", allowed="Now: no defenders.")
            events = [ev("rip.withdraws", player=g.players[a["attacker"]])] + _fronts_to_pot(g, {})
            return events + _after_attempt(g, s)
        if action == Word("no defenders"):
            if a["defenders"]:
                raise refuse("Somebody defends: withdraw or open the bids.")
            attacker = a["attacker"]
            events = [ev("rip.undefended", player=g.players[attacker], child=NAMES[a["target"]]),
                      ev("pay.pot", player=g.players[attacker], amount=g.ledger.to_pot(attacker, 3))]
            return events + _send_home(g) + _after_attempt(g, s)
        if isinstance(action, (Bids, Bid)) and not a["defenders"]:
            raise refuse("Nobody defends yet: there is nothing to bid against.", allowed="Now: defend SEAT or no defenders.")
        if isinstance(action, Bids):
            seats = participants(g)
            if len(action.values) != len(seats):
                raise refuse(f"Type {len(seats)} bids: the attacker's first, then each defender in order.",
                             allowed="Bidders: " + ", ".join(g.players[p] for p in seats) + ".")
            for seat, amount in zip(seats, action.values):
                check_bid(g, seat, amount)
            a["bids"] = list(action.values)
            return _settle(g, s)
        if isinstance(action, Bid):
            a["bids"] = [None] * len(participants(g))
            replace(g, s, {"kind": "auction_bids"})
            return STEPS_BIDS.apply(g, g.stack[-1], action, chance)
        raise g.not_now(action)


@step
class HiddenBidsStep(Step):
    """Hidden bids typed one at a time, masked; opened when the last is in."""

    kind = "auction_bids"
    private = True

    def who(self, g, s):
        return next(p for p, b in zip(participants(g), g.auction["bids"]) if b is None)

    def title(self, g, s):
        return line("step.auction_bids", player=g.players[self.who(g, s)])

    def detail(self, g, s):
        return line("rip.bids_detail", seat=self.who(g, s) + 1)

    def hidden(self, g, s):
        seat = self.who(g, s)
        return [Bid(seat + 1, v) for v in _bid_samples(g, seat)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Bid):
            raise g.not_now(action)
        seat, a = action.seat - 1, g.auction
        check_bid(g, seat, action.amount)
        index = participants(g).index(seat)
        if a["bids"][index] is not None:
            raise refuse(f"{g.players[seat]} has bid already.")
        a["bids"][index] = action.amount
        events = [ev("rip.bid_in", player=g.players[seat]),
                  ev("rip.bid_secret", private=True, speak=False, player=g.players[seat], amount=action.amount)]
        if None in a["bids"]:
            return events
        return events + _settle(g, s)


STEPS_BIDS = HiddenBidsStep()


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
                         child=NAMES[a["target"]]))
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


@step
class CryingStep(Step):
    """The child went home and its card is not known: whose was it?"""

    kind = "crying"

    def title(self, g, s):
        return line("step.crying", child=NAMES[g.crying])

    def options(self, g, s):
        return [(Number("crying", seat + 1), line("choice.player", player=g.players[seat]))
                for seat in range(g.n) if g.secret[seat] is None] + [(Number("crying", 0), line("choice.nobody"))]

    def apply(self, g, s, action, chance):
        if not (isinstance(action, Number) and action.verb == "crying"):
            raise g.not_now(action)
        child, seat = g.crying, action.value - 1
        if action.value == 0:
            g.crying = None
            drop(g, s)
            return [ev("rip.nobodys", child=NAMES[child])]
        if not (0 <= seat < g.n) or g.secret[seat] is not None:
            raise refuse("Only a player whose card is still unknown can hold it.",
                         allowed="Now: crying SEAT for " + ", ".join(
                             g.players[p] for p in range(g.n) if g.secret[p] is None) + ", or crying none.")
        g.secret[seat] = child
        g.gone[child]["owner"] = seat
        g.crying = None
        drop(g, s)
        return [ev("rip.cries", player=g.players[seat], child=NAMES[child])]

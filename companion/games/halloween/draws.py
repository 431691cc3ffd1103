"""Drawing action cards: the deck is never reshuffled, a hand holds at most
three (discard one to draw, or pass), cards 3, 5, 6, 7 and 8 resolve the
moment they are drawn, and Miguelín and Eduardito look at two and put one
at the bottom of the deck (drawn only once the rest is gone)."""

from __future__ import annotations

from companion.core.notation import Word
from companion.core.steps import Offer

from .cards import ACTION_DECK, HAND_LIMIT, ON_DRAW
from .children import half_up
from .flow import D8Step, HStep, drop, ev, line, next_active, step
from .notation import Discard, Give, Keep

DRAW, PASS = Word("draw"), Word("pass")


def deck_size(g) -> int:
    return len(g.pool) + len(g.bottom)


def push_draws(g, seat: int, count: int, pick: bool = False) -> list:
    """Queue `count` optional draws (or one look-at-two) for `seat`."""
    if deck_size(g) == 0:
        return [ev("draw.deck_empty")]
    g.stack.append({"kind": "draw", "seat": seat, "left": count, "pick": pick})
    return []


def draw_one(g, chance) -> int:
    """The next card: any unseen one, or the bottom card once they are gone."""
    cards = sorted(g.pool, key=int) if g.pool else [g.bottom[0]]
    card = chance.draw(ACTION_DECK, cards)
    if card in g.pool:
        g.pool.remove(card)
    else:
        g.bottom.pop(0)
    return int(card)


def take(g, seat: int, card: int) -> list:
    """A drawn card: resolved at once (3, 5, 6, 7, 8) or kept in the hand."""
    name = g.players[seat]
    if card not in ON_DRAW:
        g.hands[seat].append(card)
        return [ev("draw.kept", player=name),
                ev("draw.kept_secret", private=True, speak=False, player=name, card=card, text=line(f"card.{card}"))]
    g.played.append(card)
    events = [ev("draw.resolves", player=name, card=card, text=line(f"card.{card}"))]
    if card == 3:
        events.append(ev("pay.pot", player=name, amount=g.ledger.to_pot(seat, 2)))
    elif card == 5:
        events.append(ev("pay.from_pot", player=name, amount=g.ledger.from_pot(seat, 2)))
    elif card == 6:
        events.append(ev("pay.pot", player=name, amount=g.ledger.to_pot(seat, 1)))
    else:  # 7 and 8 roll first
        g.stack.append({"kind": "card_roll", "seat": seat, "card": card})
    return events


@step("draw", actor="seat")
class DrawStep(HStep):
    def detail(self, g, s):
        return line("draw.detail", left=s["left"], deck=deck_size(g), held=len(g.hands[s["seat"]]))

    def _room(self, g, s) -> bool:
        return len(g.hands[s["seat"]]) < HAND_LIMIT

    def hides(self, g, s, action):
        """`discard 9` names a card of the hand: secret (the table hears one was discarded)."""
        return isinstance(action, Discard)

    def told(self, g, s, action):
        return line("public.discard", player=g.players[s["seat"]])

    def offers(self, g, s):
        if self._room(g, s):
            first = [Offer(DRAW, line("choice.draw_pick" if s["pick"] else "choice.draw"), group="draw",
                           chance=ACTION_DECK)]
        else:  # a full hand: the labels name its cards
            first = [Offer(Discard(c), line("choice.discard", card=c), group="discard", reveals=True)
                     for c in g.hands[s["seat"]]]
        return first + [Offer(PASS, line("choice.pass"), group="pass")]

    def apply(self, g, s, action, chance):
        seat, name = s["seat"], g.players[s["seat"]]
        if action == PASS:
            drop(g, s)
            return [ev("draw.passed", player=name)]
        if isinstance(action, Discard):
            if action.card not in g.hands[seat]:
                raise g.refuse("not_held", player=name, card=action.card)
            if self._room(g, s):
                raise g.refuse("room", player=name)
            g.hands[seat].remove(action.card)
            g.discarded.append(action.card)
            return [ev("draw.discarded", player=name),
                    ev("draw.discarded_secret", private=True, speak=False, player=name, card=action.card)]
        if action != DRAW:
            raise g.not_now(action)
        if not self._room(g, s):
            raise g.refuse("hand_full", player=name, limit=HAND_LIMIT)
        if s["pick"]:
            return self._pick(g, s, chance)
        s["left"] -= 1
        if s["left"] <= 0 or deck_size(g) == 1:
            drop(g, s)
        events = take(g, seat, draw_one(g, chance))
        if deck_size(g) == 0:
            events.append(ev("draw.deck_empty"))
        return events

    def _pick(self, g, s, chance):
        seat = s["seat"]
        drop(g, s)
        first = draw_one(g, chance)
        if deck_size(g) == 0:  # only one card was left: nothing to choose
            return take(g, seat, first) + [ev("draw.deck_empty")]
        g.looking = [first, draw_one(g, chance)]
        g.stack.append({"kind": "keep", "seat": seat})
        return [ev("draw.looks", player=g.players[seat]),
                ev("draw.looks_secret", private=True, speak=False, player=g.players[seat],
                   first=g.looking[0], second=g.looking[1])]


@step("keep", actor="seat")
class KeepStep(HStep):
    """Miguelín's or Eduardito's two cards: only the player sees them, the table hears one was kept."""

    private = secret = True

    def offers(self, g, s):
        return [Offer(Keep(c), line("choice.keep", card=c, text=line(f"card.{c}")), group="keep", reveals=True)
                for c in g.looking]

    def public(self, g, s):
        return line("public.keep", player=g.players[s["seat"]])

    def apply(self, g, s, action, chance):
        if not isinstance(action, Keep):
            raise g.not_now(action)
        if action.card not in g.looking:
            raise g.refuse("not_looked", card=action.card)
        other = next(c for c in g.looking if c != action.card)
        g.looking = []
        g.bottom.append(str(other))
        drop(g, s)
        return [ev("draw.bottom", player=g.players[s["seat"]])] + take(g, s["seat"], action.card)


def neighbours(g, seat: int) -> list[int]:
    """The players at each side (out players are skipped): card 8's choice."""
    left, right = next_active(g, seat), next_active(g, seat, -1)
    return sorted({left, right} - {seat})


@step("card_roll", actor="seat")
class CardRollStep(D8Step):
    """Cards 7 and 8: roll the d8, half rounded up."""

    def title(self, g, s):
        return line("step.card_roll", card=s["card"], **self.names(g, s))

    def rolled(self, g, s, faces):
        roll = faces[0]
        amount = half_up(roll)
        seat, name = s["seat"], g.players[s["seat"]]
        events = [ev("card.half_roll", player=name, roll=roll, amount=amount)]
        drop(g, s)
        if s["card"] == 7:
            return events + [ev("pay.pot", player=name, amount=g.ledger.to_pot(seat, amount))]
        sides = neighbours(g, seat)
        if len(sides) == 1:
            return events + give(g, seat, sides[0], amount)
        g.stack.append({"kind": "give", "seat": seat, "amount": amount})
        return events


def give(g, seat: int, to: int, amount: int) -> list:
    paid = g.ledger.pay(seat, to, amount)
    return [ev("pay.player", player=g.players[seat], to=g.players[to], amount=paid)]


@step("give", actor="seat")
class GiveStep(HStep):
    def detail(self, g, s):
        return line("card8.detail", amount=s["amount"])

    def offers(self, g, s):
        return [Offer(Give(n + 1), line("choice.player", player=g.players[n]), group="seat", seat=n + 1)
                for n in neighbours(g, s["seat"])]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Give):
            raise g.not_now(action)
        if action.seat - 1 not in neighbours(g, s["seat"]):
            raise g.refuse("card8_beside")
        drop(g, s)
        return give(g, s["seat"], action.seat - 1, s["amount"])

"""Setup as journaled actions: each seat's colour, the youngest player (who
starts and takes the turn card), and each player's secret child, typed in
privately, dealt by the app, or left for the player to reveal when it
matters (`later`). At the end, the children still unknown are revealed."""

from __future__ import annotations

from companion.core.notation import Word
from companion.core.steps import Offer

from .children import CHILDREN, NAMES
from .flow import HStep, begin_play, colour_line, ev, line, step
from .notation import COLOURS, Colour, SecretChild, Youngest

DEAL = Word("deal")


def _seat_check(g, seat: int, expected: int, doing: str) -> None:
    """A seat typed where `expected` must act, or a refusal naming whose turn it is."""
    if seat != expected + 1:
        if not 1 <= seat <= g.n:
            raise g.refuse("no_seat", seat=seat, seats=g.n)
        raise g.refuse(f"turn_to.{doing}", player=g.players[expected])


def taken_children(g) -> set[str]:
    return {c for c in g.secret if c}


@step("setup_colour", actor="seat")
class ColourStep(HStep):
    def offers(self, g, s):
        return [Offer(Colour(s["seat"] + 1, c), colour_line(c), group="colour") for c in COLOURS
                if c not in g.colours]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Colour):
            raise g.not_now(action)
        _seat_check(g, action.seat, s["seat"], "colour")
        if action.colour in g.colours:
            raise g.refuse("colour_taken", player=g.players[g.colours.index(action.colour)],
                           colour=colour_line(action.colour))
        seat = s["seat"]
        g.colours[seat] = action.colour
        g.stack.pop()
        g.stack.append({"kind": "setup_colour", "seat": seat + 1} if seat + 1 < g.n else {"kind": "setup_youngest"})
        return [ev("setup.colour_chosen", player=g.players[seat], colour=colour_line(action.colour))]


@step("setup_youngest")
class YoungestStep(HStep):
    def who(self, g, s):
        return 0

    def offers(self, g, s):
        return [Offer(Youngest(seat + 1), line("choice.player", player=g.players[seat]), group="seat", seat=seat + 1)
                for seat in range(g.n)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Youngest):
            raise g.not_now(action)
        if not 1 <= action.seat <= g.n:
            raise g.refuse("no_seat", seat=action.seat, seats=g.n)
        g.youngest = action.seat - 1
        g.stack.pop()
        g.stack.append({"kind": "setup_child", "seat": 0})
        return [ev("setup.youngest", player=g.players[g.youngest])]


@step("setup_child", actor="seat")
class SecretChildStep(HStep):
    """Only the player looks (`private`); the table hears that a child was chosen (`secret`)."""

    private = secret = True

    def offers(self, g, s):
        seat = s["seat"]
        free = [c for c in CHILDREN if c not in taken_children(g)]
        return ([Offer(SecretChild(seat + 1, c), line("choice.child", child=NAMES[c]), group="child", reveals=True)
                 for c in free]
                + [Offer(SecretChild(seat + 1, None), line("choice.later"), group="later"),
                   Offer(DEAL, line("choice.deal"), group="deal", chance="children")])

    def detail(self, g, s):
        return line("setup.child_detail")

    def public(self, g, s):
        return line("public.setup_child", player=g.players[s["seat"]])

    def apply(self, g, s, action, chance):
        seat = s["seat"]
        if action == DEAL:
            events = []
            for other in range(seat, g.n):
                free = [c for c in CHILDREN if c not in taken_children(g)]
                g.secret[other] = chance.draw("children", free)
                events += _entered(g, other)
            return events + self._done(g, g.n - 1)
        if not isinstance(action, SecretChild):
            raise g.not_now(action)
        _seat_check(g, action.seat, seat, "child")
        if action.child in taken_children(g):
            raise g.refuse("child_taken")
        g.secret[seat] = action.child
        events = _entered(g, seat) if action.child else [ev("setup.child_later", player=g.players[seat])]
        return events + self._done(g, seat)

    def _done(self, g, seat):
        g.stack.pop()
        if seat + 1 < g.n:
            g.stack.append({"kind": "setup_child", "seat": seat + 1})
            return []
        return [ev("setup.ready", pot=g.ledger.pot, each=g.ledger.candies[0])] + begin_play(g)


def _entered(g, seat):
    return [ev("setup.child_entered", player=g.players[seat]),
            ev("setup.child_secret", private=True, speak=False, player=g.players[seat], child=NAMES[g.secret[seat]])]


@step("final_child")
class FinalChildStep(HStep):
    """After the last turn, players who kept their card reveal it for the score."""

    def who(self, g, s):
        return g.secret.index(None)

    def offers(self, g, s):
        seat = self.who(g, s)
        return [Offer(SecretChild(seat + 1, c), line("choice.child", child=NAMES[c]), group="child")
                for c in _unclaimed(g)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, SecretChild) or action.child is None:
            raise g.not_now(action)
        seat = self.who(g, s)
        _seat_check(g, action.seat, seat, "reveal")
        if action.child not in _unclaimed(g):
            raise g.refuse("not_your_child", child=NAMES[action.child])
        g.secret[seat] = action.child
        if action.child in g.gone:  # the card shown settles an earlier 'nobody's'
            g.gone[action.child]["owner"] = seat
        return [ev("end.child_revealed", player=g.players[seat], child=NAMES[action.child])]


def _unclaimed(g) -> list[str]:
    """Children no known player holds: in play, or gone home with nobody crying."""
    return [c for c in CHILDREN if c not in taken_children(g)]

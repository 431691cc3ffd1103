"""Setup as journaled actions: each seat's colour, the youngest player (who
starts and takes the turn card), and each player's secret child, typed in
privately, dealt by the app, or left for the player to reveal when it
matters (`later`). At the end, the children still unknown are revealed."""

from __future__ import annotations

from .children import CHILDREN, NAMES
from .flow import Step, begin_play, colour_line, ev, line, refuse, step
from .notation import COLOURS, Colour, SecretChild, Word, Youngest


def _seat_check(g, seat: int, expected: int, what: str) -> None:
    if seat != expected + 1:
        if not 1 <= seat <= g.n:
            raise refuse(f"There is no seat {seat}; seats go 1 to {g.n}.")
        raise refuse(f"It is {g.players[expected]}'s turn to {what}.", allowed=f"Now: seat {expected + 1}.")


def taken_children(g) -> set[str]:
    return {c for c in g.secret if c}


@step
class ColourStep(Step):
    kind = "setup_colour"

    def who(self, g, s):
        return s["seat"]

    def options(self, g, s):
        free = [c for c in COLOURS if c not in g.colours]
        return [(Colour(s["seat"] + 1, c), colour_line(c)) for c in free]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Colour):
            raise g.not_now(action)
        _seat_check(g, action.seat, s["seat"], "choose a colour")
        if action.colour in g.colours:
            owner = g.players[g.colours.index(action.colour)]
            raise refuse(f"{owner} has {action.colour} already.", allowed="Choose another colour.")
        seat = s["seat"]
        g.colours[seat] = action.colour
        g.stack.pop()
        if seat + 1 < g.n:
            g.stack.append({"kind": "setup_colour", "seat": seat + 1})
        else:
            g.stack.append({"kind": "setup_youngest"})
        return [ev("setup.colour_chosen", player=g.players[seat], colour=colour_line(action.colour))]


@step
class YoungestStep(Step):
    kind = "setup_youngest"

    def who(self, g, s):
        return 0

    def title(self, g, s):
        return line("step.setup_youngest")

    def options(self, g, s):
        return [(Youngest(seat + 1), line("choice.player", player=g.players[seat])) for seat in range(g.n)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Youngest):
            raise g.not_now(action)
        if not 1 <= action.seat <= g.n:
            raise refuse(f"There is no seat {action.seat}; seats go 1 to {g.n}.")
        g.youngest = action.seat - 1
        g.stack.pop()
        g.stack.append({"kind": "setup_child", "seat": 0})
        return [ev("setup.youngest", player=g.players[g.youngest])]


@step
class SecretChildStep(Step):
    kind = "setup_child"
    private = True

    def who(self, g, s):
        return s["seat"]

    def options(self, g, s):
        seat = s["seat"]
        free = [c for c in CHILDREN if c not in taken_children(g)]
        return ([(SecretChild(seat + 1, c), line("choice.child", child=NAMES[c])) for c in free]
                + [(SecretChild(seat + 1, None), line("choice.later")), (Word("deal"), line("choice.deal"))])

    def detail(self, g, s):
        return line("setup.child_detail")

    def apply(self, g, s, action, chance):
        seat = s["seat"]
        if action == Word("deal"):
            events = []
            for other in range(seat, g.n):
                free = [c for c in CHILDREN if c not in taken_children(g)]
                g.secret[other] = chance.draw("children", free)
                events += _entered(g, other)
            return events + self._done(g, g.n - 1)
        if not isinstance(action, SecretChild):
            raise g.not_now(action)
        _seat_check(g, action.seat, seat, "enter a secret child")
        if action.child in taken_children(g):
            raise refuse("That child's card is already another player's.", allowed="Check the card and type it again.")
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


@step
class FinalChildStep(Step):
    """After the last turn, players who kept their card reveal it for the score."""

    kind = "final_child"

    def who(self, g, s):
        return g.secret.index(None)

    def options(self, g, s):
        seat = self.who(g, s)
        return [(SecretChild(seat + 1, c), line("choice.child", child=NAMES[c])) for c in _unclaimed(g)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, SecretChild) or action.child is None:
            raise g.not_now(action)
        seat = self.who(g, s)
        _seat_check(g, action.seat, seat, "reveal a secret child")
        if action.child not in _unclaimed(g):
            raise refuse(f"{NAMES[action.child]} is another player's child.",
                         allowed="Reveal " + ", ".join(NAMES[c] for c in _unclaimed(g)) + ".")
        g.secret[seat] = action.child
        if action.child in g.gone:  # the card shown settles an earlier 'nobody's'
            g.gone[action.child]["owner"] = seat
        return [ev("end.child_revealed", player=g.players[seat], child=NAMES[action.child])]


def _unclaimed(g) -> list[str]:
    """Children no known player holds: in play, or gone home with nobody crying."""
    return [c for c in CHILDREN if c not in taken_children(g)]

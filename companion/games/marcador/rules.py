"""Marcador: the score pad and round counter for whatever the table plays tonight.

1-20 players (or teams) by name. The table reports points as they come (`Ana +5`,
`Ana =12`, or a whole round at once: `round 5 3 0 7`), passes the turn (`next`; the
round ends when the turn comes back to the round's first player, or at `end round`)
and may end the game at any time (`end`). Options: a number of rounds (0: open), a
target total that ends the game at the end of the round it is reached in (0: none),
lowest wins (golf), a turn timer (the screen counts it; the rules keep no clock), who
starts (seat 1, chosen, or by lot), whether the first player rotates each round, and
whether the leader is announced at the end of every round.

Every total is the sum of its entries: a set (`Ana =12`) is kept as the entry that
brings the total to 12. Notation in notation.py; every word under `marcador.` in the packs.
"""

from __future__ import annotations

import random
import re
from typing import Any

from companion.core.dice import parse_dice
from companion.core.game import Event, Line, Option, Outcome
from companion.core.lines import joined
from companion.core.steps import Offer, Step, StepGame

from . import sheet
from .describe import describe as _describe
from .notation import END, END_ROUND, LOTS, NEXT, WORDS, Roll, Round, Score, Start, parse
from .observe import observe as _observe

G = "marcador"
STARTS = ("first", "choose", "lot")


def line(name: str, **values: Any) -> Line:
    return Line(f"{G}.{name}", values)


def event(name: str, *, speak: bool = True, **values: Any) -> Event:
    return Event(line(name, **values), speak=speak)


class StartStep(Step):
    """Before the first turn: the table names who starts, or draws it by lot (a die of as
    many faces as players: the app's, or the table's own after `@`)."""

    kind = "start"

    def title(self, g, s):
        return line("ask_start_lot" if g.settings["starts"] == "lot" else "ask_start")

    def say(self, g, s):
        return self.title(g, s)

    def offers(self, g, s):
        if g.settings["starts"] == "lot":
            return [Offer(LOTS, line("choice.lots"), key="t", group="lots", chance=f"d{len(g.players)}")]
        return [Offer(Start(n, name), name, key=str(n + 1) if n < 9 else None, group="seat", seat=n + 1)
                for n, name in enumerate(g.players)]

    def hint(self, g, s):
        return None if g.settings["starts"] == "lot" else line("hint_start")

    def apply(self, g, s, action, chance):
        if g.settings["starts"] == "lot":
            if action != LOTS:
                raise g.refuse("lots_first")
            (face,) = chance.roll(f"d{len(g.players)}")
            return g.begin(face - 1, lot=face)
        if not isinstance(action, Start):
            raise g.refuse("start_first")
        return g.begin(action.seat)


class PlayStep(Step):
    """The game going on: points for anyone at any time, the turn passed, rounds ended."""

    kind = "play"

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("title", player=g.players[g.current], round=g.round_line())

    def detail(self, g, s):
        return g.leader_line()

    def say(self, g, s):
        return line("turn", player=g.players[g.current]) if g.announce else None

    def hint(self, g, s):
        return line("hint_play")

    def offers(self, g, s):
        return [Offer(NEXT, line("choice.next"), key="t", group="next"),
                Offer(END_ROUND, line("choice.end_round"), key="f", group="end_round"),
                Offer(END, line("choice.end"), key="x", group="end")]

    def accepts(self, g, s):
        n = len(g.players)
        return [Score(seat, g.players[seat], pts) for seat in range(n) for pts in (1, 5, -2)] + [
            Score(0, g.players[0], 10, True), Round(tuple(range(n))), Roll("3d6")]

    def sample(self, g, s, rng: random.Random):
        n = len(g.players)
        pick = rng.random()
        if pick < 0.03 and (g.round > 3 or not g.ends_by_itself()):
            return END
        if pick < 0.2:
            return Round(tuple(rng.randint(-3, 12) for _ in range(n)))
        if pick < 0.5:
            seat = rng.randrange(n)
            if rng.random() < 0.1:
                return Score(seat, g.players[seat], rng.randint(-20, 60), True)
            return Score(seat, g.players[seat], rng.randint(-5, 15))
        if pick < 0.55:
            return Roll(rng.choice(("d6", "2d6", "d20")))
        if pick < 0.62:
            return END_ROUND
        return NEXT

    def apply(self, g, s, action, chance):
        g.announce = False  # whose turn is said again only when the turn passes
        if isinstance(action, Score):
            return g.score(action)
        if isinstance(action, Round):
            return g.whole_round(action.points)
        if isinstance(action, Roll):
            faces = chance.roll(action.dice)
            return [event("rolled", dice=action.dice, faces=" ".join(map(str, faces)),
                          total=sum(faces) + parse_dice(action.dice).modifier)]
        if action == NEXT:
            return g.next_turn()
        if action == END_ROUND:
            return g.end_round()
        if action == END:
            return g.finish("ended")
        if isinstance(action, Start) or action == LOTS:
            raise g.refuse("already_started", player=g.players[g.starter])
        raise g.not_now(action)


START, PLAY = StartStep(), PlayStep()
_VERB_SHAPES = (re.compile(r"^round( -?\d+)+$"), re.compile(r"^roll \S+$"),
                re.compile(r"^start (?!.*\s[+=-]?\d+$).+$"))


class Marcador(StepGame):
    name = G
    title = "Marcador"
    words = WORDS
    describe = staticmethod(_describe)
    min_players = 1
    max_players = 20
    max_actions = 3000
    all_public = True  # a score pad keeps no secret
    observe = _observe  # the game as data: observe.py
    options = (
        Option("rounds", 0, minimum=0, maximum=999, house_rule=False),
        Option("target", 0, minimum=0, maximum=999999, house_rule=False),
        Option("lowest_wins", False, house_rule=False),
        Option("timer", 0, minimum=0, maximum=3600, house_rule=False),
        Option("starts", "first", choices=STARTS, house_rule=False),
        Option("rotate", True, house_rule=False),
        Option("leader", False, house_rule=False),
    )

    @classmethod
    def example_setups(cls):
        return [(["Ana", "Bo", "Cy", "Di"], {"rounds": 8}),
                (["[bold]Ana", "Luis"], {"target": 60, "lowest_wins": True, "starts": "lot", "leader": True}),
                (["Solo"], {"starts": "choose", "rotate": False, "rounds": 3, "timer": 30})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.entries: list[tuple[int, int, int]] = []  # (round from 1, seat from 0, points)
        self.round = 1
        self.starter = 0
        self.current = 0
        self.turns = 0  # turns passed: a new turn is a new value (the screen's timer restarts)
        self.started = self.settings["starts"] == "first" or len(self.players) == 1
        self.announce = True  # the prompt says whose turn it is (after a turn passed, not after points)
        self.ended: str | None = None  # "rounds", "target" or "ended"

    # -- notation ------------------------------------------------------------

    @classmethod
    def spelled(cls, notation: str, lang: str) -> str:
        """The table's words for the game's own verbs only: a score line starts with a name,
        which stays as typed even when it begins like a verb (`round robin +4`)."""
        text = str(notation)
        head = text.split(" @ ")[0]
        if head in WORDS.phrase_of or any(shape.match(head) for shape in _VERB_SHAPES):
            return WORDS.spelled(text, lang)
        return text

    def parse(self, text: str) -> Any:
        return parse(self.players, text)

    def pending_step(self) -> tuple[Step, Any] | None:
        if self.ended is not None:
            return None
        return (PLAY, None) if self.started else (START, None)

    # -- what the steps do ---------------------------------------------------------

    def begin(self, seat: int, lot: int | None = None) -> list[Event]:
        self.started, self.starter, self.current, self.announce = True, seat, seat, True
        self.turns += 1
        said = event("lot", face=lot, player=self.players[seat]) if lot else event("starts", player=self.players[seat])
        return [said]

    def score(self, action: Score) -> list[Event]:
        self.announce = False
        totals = self.totals()
        delta = action.points - totals[action.seat] if action.set else action.points
        self.entries.append((self.round, action.seat, delta))
        total = totals[action.seat] + delta
        if action.set:
            return [event("set", player=action.name, total=total)]
        return [event("scored", player=action.name, points=f"{delta:+d}", total=total)]

    def whole_round(self, points: tuple[int, ...]) -> list[Event]:
        if len(points) != len(self.players):
            raise self.refuse("round_count", count=len(self.players), given=len(points),
                              players=", ".join(self.players))
        for seat, pts in enumerate(points):
            self.entries.append((self.round, seat, pts))
        shown = ", ".join(f"{name} {pts:+d}" for name, pts in zip(self.players, points))
        return [event("round_scored", round=self.round, scores=shown)] + self.end_round()

    def next_turn(self) -> list[Event]:
        nxt = (self.current + 1) % len(self.players)
        if nxt == self.first_of_round():
            return self.end_round()
        self.current, self.announce = nxt, True
        self.turns += 1
        return [event("turn", speak=False, player=self.players[nxt])]  # the prompt says it

    def first_of_round(self, number: int | None = None) -> int:
        number = self.round if number is None else number
        shift = number - 1 if self.settings["rotate"] else 0
        return (self.starter + shift) % len(self.players)

    def end_round(self) -> list[Event]:
        done = self.round
        events = [event("round_over", speak=False, round=done)]
        if self.settings["leader"]:
            events.append(event("leader", round=done, **self._leaders()))
        limit, target = self.settings["rounds"], self.settings["target"]
        if limit and done >= limit:
            return events + self.finish("rounds")
        if target and any(t >= target for t in self.totals()):
            return events + self.finish("target")
        self.round += 1
        self.current, self.announce = self.first_of_round(), True
        self.turns += 1
        return events + [event("round_start", round=self.round_line())]

    def finish(self, why: str) -> list[Event]:
        self.ended, self.announce = why, False
        events = [event("final")]
        for rank, names, total in sheet.places(self.players, self.totals(), self.settings["lowest_wins"]):
            tied = "place_tied" if len(names) > 1 else "place"
            events.append(event(tied, rank=rank, players=joined(names, G), total=total))
        return events

    # -- reading the sheet --------------------------------------------------------

    def totals(self) -> list[int]:
        return sheet.totals(self.entries, len(self.players))

    def table(self) -> list[list[int]]:
        """`[round][seat]` sums, the round in play included."""
        return sheet.round_sums(self.entries, len(self.players), self.round)

    def ranks(self) -> list[int]:
        return sheet.ranks(self.totals(), self.settings["lowest_wins"])

    def ends_by_itself(self) -> bool:
        return bool(self.settings["rounds"] or self.settings["target"])

    def round_line(self) -> Line:
        limit = self.settings["rounds"]
        return line("round_of", round=self.round, rounds=limit) if limit else line("round_open", round=self.round)

    def _leaders(self) -> dict[str, Any]:
        totals, ranks = self.totals(), self.ranks()
        names = [p for p, r in zip(self.players, ranks) if r == 1]
        return {"players": joined(names, G), "total": totals[ranks.index(1)]}

    def leader_line(self) -> Line:
        if not self.entries:
            return line("no_points")
        return line("leads", **self._leaders())

    # -- the end and the views ---------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        ranks = self.ranks()
        winners = tuple(p for p, r in zip(self.players, ranks) if r == 1)
        total = self.totals()[ranks.index(1)]
        said = line("wins_tied" if len(winners) > 1 else "wins", players=joined(list(winners), G), total=total)
        return Outcome(self.ended, winners, said)

    def public_state(self) -> dict[str, Any]:
        """Plain JSON data (names, numbers, booleans, null) for every public surface."""
        table, totals, ranks = self.table(), self.totals(), self.ranks()
        over = self.ended is not None
        return {
            "players": list(self.players),
            "round": self.round,
            "rounds": self.settings["rounds"] or None,
            "turn": None if over or not self.started else self.players[self.current],
            "turns": self.turns,
            "by_round": {name: [row[seat] for row in table] for seat, name in enumerate(self.players)},
            "totals": dict(zip(self.players, totals)),
            "ranks": dict(zip(self.players, ranks)),
            "leaders": [p for p, r in zip(self.players, ranks) if r == 1] if self.entries else [],
            "target": self.settings["target"] or None,
            "lowest_wins": self.settings["lowest_wins"],
            "timer": self.settings["timer"] or None,
            "ended": self.ended,
        }

    def progress(self) -> Line | None:
        return self.round_line()

"""Rey de los Monstruos, the Kaijupoly variant for small children, as a
`StepGame`: every player is a kaiju, there is no money, every city starts
with a Cuartel. Each turn a kaiju moves clockwise with one die or two (its
choice); it attacks the city it lands on (the battle of battle.py, the city
rolling its die) and wrecks a transport or utility at once; what it
destroys is its own. House rule `kaiju_fights`: landing where another kaiju
stands, it fights it first (2d6 each, ties again); the loser lies down and
loses its next turn, and a mover knocked down attacks no city. When every
city is destroyed the kaiju with most cities is the King of the Monsters
(a tie: most deeds; still tied, they share the crown).
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Event, Line, Option, Outcome
from companion.core.steps import Offer, Step, StepGame

from . import battle
from .boards import DEFAULT, BoardOption, board_of
from .board import SQUARES
from .describe import describe_king as _describe
from .notation import FIGHT, KING, KING_WORDS, Dice, parse_king
from .odds import CUARTEL, landing, percent, survival
from .say import line as kline, names, square, troops
from .steps import BattleStep
from .observe import observe_king as _observe


def line(name: str, **values: Any) -> Line:
    return Line(f"{KING}.{name}", values)


def event(name: str, **values: Any) -> Event:
    return Event(line(name, **values))


class MoveStep(Step):
    """A kaiju's turn: one die or two, its choice."""

    kind = "move"

    def facts(self, g, s):
        return g.facts()

    def who(self, g, s):
        return g.current

    def title(self, g, s):
        return line("step.move", player=g.players[g.current], city=square(g, g.pos[g.current]))

    def say(self, g, s):
        return self.title(g, s)

    def hint(self, g, s):
        return line("hint.move")

    def offers(self, g, s):
        return [Offer(Dice(n), line(f"choice.dice_{n}"), key=str(n), group="roll", chance="2d6" if n == 2 else "d6")
                for n in (1, 2)]

    def apply(self, g, s, action, chance):
        if not isinstance(action, Dice):
            raise g.not_now(action)
        faces = chance.roll("2d6" if action.count == 2 else "d6")
        return g.moved(faces)


class KaijuFightStep(Step):
    """Two kaijus on one square: 2d6 each, ties again; the loser lies down."""

    kind = "kaiju_fight"
    chance = "2d6+2d6"

    def facts(self, g, s):
        return g.facts()

    def who(self, g, s):
        return [s["mover"], s["other"]]  # each rolls its own 2d6

    def title(self, g, s):
        return line("step.fight", player=g.players[s["mover"]], other=g.players[s["other"]])

    def say(self, g, s):
        return self.title(g, s)

    def hint(self, g, s):
        return line("hint.fight")

    def offers(self, g, s):
        return [Offer(FIGHT, kline("choice.fight"), group="roll", chance="2d6+2d6")]

    def apply(self, g, s, action, chance):
        if action != FIGHT:
            raise g.not_now(action)
        return g.kaiju_fight(s, chance.roll("2d6"), chance.roll("2d6"))


class KingBattleStep(BattleStep):
    """The city's battle, as in Kaijupoly, the attacker a player-kaiju rolling its 2d6 (anyone at
    the table rolls the city's die)."""

    def who(self, g, s):
        return s["attacker"]

    def title(self, g, s):
        return line("step.battle", player=g.players[s["attacker"]], city=square(g, s["square"]),
                    round=len(g.battle["rounds"]) + 1)


MOVE, KAIJU_FIGHT, KING_BATTLE = MoveStep(), KaijuFightStep(), KingBattleStep()
QUEUED = {"fight": KAIJU_FIGHT, "battle": KING_BATTLE}


class KingOfMonsters(StepGame):
    name = KING
    observe = _observe  # the game as data: observe.py
    words = KING_WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "Rey de los Monstruos"
    min_players = 2
    max_players = 8
    # Random games end in about 1,000 actions, 2,500 at most seen (tests/games/kaiju/test_playouts.py).
    max_actions = 10000
    all_public = True  # money, deeds, troops and the ledger are on the table: nothing is secret
    options = (
        BoardOption("board", DEFAULT, house_rule=False),
        Option("kaiju_fights", False),
    )

    @classmethod
    def example_setups(cls):
        return [(["Ane", "Iker"], {}),
                (["Ane", "Iker", "Lur"], {"kaiju_fights": True}),
                ([f"P{n}" for n in range(1, 7)], {"kaiju_fights": True, "board": "world"})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.board = board_of(self.settings["board"])
        n = len(self.players)
        self.phase = "play"
        self.pos = [0] * n
        self.level = {p: CUARTEL for p in self.board.cities}
        self.destroyed: set[int] = set()
        self.taken: dict[int, int] = {}  # deed -> the kaiju that destroyed it
        self.down = [False] * n  # knocked down: loses its next turn
        self.current = 0
        self.round = 1
        self.queue: list[dict] = []
        self.battle: dict | None = None
        self.fight: dict | None = None
        self.moved_now = False

    def parse(self, text: str):
        return parse_king(text)

    def pending_step(self):
        if self.phase == "over":
            return None
        if self.queue:
            return QUEUED[self.queue[0]["step"]], self.queue[0]
        return MOVE, None

    # -- a turn ------------------------------------------------------------------------------------

    def moved(self, faces: tuple[int, ...]) -> list[Event]:
        me = self.current
        total = sum(faces)
        self.pos[me] = (self.pos[me] + total) % SQUARES
        here = self.pos[me]
        sq = self.board[here]
        events = [event("moves", player=self.players[me], dice=" + ".join(map(str, faces)), total=total,
                        city=sq.name)]
        self.moved_now = True
        if self.settings["kaiju_fights"]:
            for other in range(len(self.players)):
                if other != me and self.pos[other] == here and not self.down[other]:
                    self.queue.append({"step": "fight", "mover": me, "other": other})
        if here in self.destroyed or not sq.deed:
            return events
        if sq.kind != "city":
            if self.queue:
                self.queue.append({"step": "wreck", "square": here})
                return events
            return events + self.wreck(here, me)
        if self.queue:
            self.queue.append({"step": "attack", "square": here})
            return events
        return events + battle.start(self, here, me)

    def wreck(self, position: int, seat: int) -> list[Event]:
        self.destroyed.add(position)
        self.taken[position] = seat
        return [event("wrecks", player=self.players[seat], city=square(self, position))] + self.check_end()

    def kaiju_fight(self, item: dict, mine: tuple[int, ...], theirs: tuple[int, ...]) -> list[Event]:
        me, other = item["mover"], item["other"]
        a, b = sum(mine), sum(theirs)
        said = {"player": self.players[me], "other": self.players[other], "a": a, "b": b}
        self.fight = {"mover": me, "other": other, "mine": list(mine), "theirs": list(theirs),
                      "winner": None if a == b else me if a > b else other}
        if a == b:
            return [event("fight.tie", **said)]
        self.queue.pop(0)
        if a < b:
            self.down[me] = True
            self.queue = []  # knocked down: no more fights, no city
            return [event("fight.lost", **said)]
        self.down[other] = True
        events = [event("fight.won", **said)]
        if self.queue and self.queue[0]["step"] in ("attack", "wreck"):
            item = self.queue.pop(0)
            if item["step"] == "wreck":
                return events + self.wreck(item["square"], me)
            return events + battle.start(self, item["square"], me)
        return events

    def city_falls(self, position: int, attacker: int | None) -> list[Event]:
        self.destroyed.add(position)
        self.level[position] = 0
        if attacker is not None:
            self.taken[position] = attacker
        return self.check_end()

    def settle(self, events: list[Event]) -> list[Event]:
        while self.phase == "play" and not self.queue and self.moved_now:
            self.moved_now = False
            events += self.next_turn()
        return events

    def next_turn(self) -> list[Event]:
        events: list[Event] = []
        n = len(self.players)
        seat = self.current
        while True:
            seat = (seat + 1) % n
            if seat == 0:
                self.round += 1
            if not self.down[seat]:
                break
            self.down[seat] = False
            events.append(event("gets_up", player=self.players[seat]))
        self.current = seat
        return events + [event("turn", player=self.players[seat])]

    # -- the end -----------------------------------------------------------------------------------

    def check_end(self) -> list[Event]:
        if any(p not in self.destroyed for p in self.board.cities):
            return []
        self.phase = "over"
        self.queue = []
        return [Event(self.outcome().line)]

    def crowned(self) -> list[int]:
        """Most cities; a tie: most deeds; still tied: all of them."""
        def cities(s): return sum(1 for p, k in self.taken.items() if k == s and self.board[p].kind == "city")
        def deeds(s): return sum(1 for k in self.taken.values() if k == s)
        best = max((cities(s), deeds(s)) for s in range(len(self.players)))
        return [s for s in range(len(self.players)) if (cities(s), deeds(s)) == best]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        kings = self.crowned()
        who = tuple(self.players[s] for s in kings)
        return Outcome("crowned", who, line("crowned" if len(who) == 1 else "crowned_shared", players=names(list(who))))

    # -- what screens and the table read -------------------------------------------------------------

    def facts(self) -> dict[str, Any]:
        return {"position": self.position()}

    def position(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "current": self.current if self.phase == "play" else None,
            "kaijus": [{"square": self.pos[s], "down": self.down[s],
                        "cities": sum(1 for p, k in self.taken.items() if k == s and self.board[p].kind == "city"),
                        "deeds": sum(1 for k in self.taken.values() if k == s)} for s in range(len(self.players))],
            "level": {str(p): v for p, v in self.level.items()},
            "destroyed": sorted(self.destroyed),
            "taken": {str(p): s for p, s in self.taken.items()},
            "battle": self.battle,
            "fight": self.fight,
            "odds": {str(p): str(survival(v)) for p, v in self.level.items() if v and p not in self.destroyed},
            "threat": self.threat(2),
            "threat_one_die": self.threat(1),
        }

    def threat(self, dice: int) -> dict[str, str]:
        """For each city that stands, the chance the kaiju to move lands on it with `dice` dice."""
        if self.phase != "play":
            return {}
        return {str(p): str(c) for p, c in landing(self.pos[self.current], backwards=False, dice=dice).items()
                if self.board[p].kind == "city" and p not in self.destroyed}

    def progress(self) -> Line | None:
        return Line("ui.kaijupoly.round", {"round": self.round}) if self.phase == "play" else None

    def public_state(self) -> dict[str, Any]:
        p = self.players
        return {
            "players": list(p),
            "round": self.round,
            "turn": p[self.current] if self.phase == "play" else None,
            "where": {p[s]: self.board[self.pos[s]].name for s in range(len(p))},
            "down": [p[s] for s in range(len(p)) if self.down[s]],
            "cities": {p[s]: [self.board[c].name for c, k in sorted(self.taken.items()) if k == s]
                       for s in range(len(p))},
            "standing": {self.board[c].name: kline("deed.standing", troops=troops(self.level[c]),
                                                   odds=percent(survival(self.level[c])))
                         for c in self.board.cities if c not in self.destroyed},
            "left": sum(1 for c in self.board.cities if c not in self.destroyed),
        }

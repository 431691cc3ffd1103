"""Kaijupoly as a `StepGame`: 2 to 8 generals defend the cities of their own
Monopoly board from a Kaiju; the app is the bank and the Kaiju.

Phases: "deal" (every deed dealt at random), "order" and "pick" (the
leftover deeds, in 2d6 order), then "play": each general's turn (`stage`
"roll", then "end" for reinforcements), and after the last general of each
round the Kaiju's move ("kaiju") once every general has passed GO. What
waits for a decision or a roll mid-turn is on `queue` (the GO bonus roll, a
card, troops on landing, a battle), and unpaid debts on `debts` come before
anything (a ruined general sells). The end: one general (or none) still
holds a city that stands. The flow is in turns.py, the money in bank.py, the
battles in battle.py and their odds in odds.py; the rulings in
docs/rules/kaijupoly.md.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.core.game import Event, Line, Option, Outcome
from companion.core.steps import StepGame

from . import turns
from .bank import collect, end_check, held, lose, standing
from .boards import DEFAULT, BoardOption, board_of
from .describe import describe as _describe
from .notation import NAME, WORDS, parse
from .odds import landing, percent, survival
from .say import line, troops
from .steps import PHASES, QUEUED, RUIN, STAGES
from .observe import observe_kaijupoly as _observe


class Kaijupoly(StepGame):
    name = NAME
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "Kaijupoly"
    min_players = 2
    max_players = 8
    # Random games (the steps' samplers) end in about 1,000 actions; 3,744 at most seen over 100 games of
    # 8 generals; random choices mixed in take longer (tests/games/kaiju/test_playouts.py).
    max_actions = 12000
    all_public = True  # money, deeds, troops and the ledger are on the table: nothing is secret
    options = (
        BoardOption("board", DEFAULT, house_rule=False),
        Option("double_money", True),
        Option("card_effects", False),
    )

    @classmethod
    def example_setups(cls):
        return [(["Ana", "Bea", "Carlos"], {}),
                (["Ana", "Bea"], {"card_effects": True, "double_money": False}),
                (["Ana", "Bea", "Carlos", "Dani", "Eva"], {"card_effects": True, "board": "world"}),
                ([f"P{n}" for n in range(1, 9)], {"double_money": False})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.board = board_of(self.settings["board"])
        n = len(self.players)
        self.phase = "deal"
        self.owner: dict[int, int | None] = {p: None for p in self.board.deeds}
        self.level: dict[int, int] = {p: 0 for p in self.board.cities}
        self.destroyed: set[int] = set()
        self.abandoned: set[int] = set()
        self.sold: set[int] = set()
        self.money = [0] * n
        self.pos = [0] * n
        self.jailed: list[int | None] = [None] * n  # failed tries in jail so far, or None
        self.jail_cards = [0] * n
        self.passed_go = [False] * n
        self.out = [False] * n
        self.eliminated: list[int] = []
        self.kaiju: int | None = None
        self.current = 0
        self.stage = "roll"
        self.doubles = 0
        self.again = False
        self.round = 0
        self.queue: list[dict] = []
        self.debts: list[dict] = []
        self.ledger: list[dict] = []  # the last payments: from, to (None: the bank), amount, why, round
        self.payments = 0  # every payment ever made
        self.bank_paid = self.bank_took = 0  # the ledger's totals to and from the bank
        self.battle: dict | None = None
        self.leftovers: list[int] = []
        self.tiers: list[list[int]] = []
        self.rolls: dict[int, int] = {}
        self.picks: list[int] = []
        self.winner: int | None = None

    def __deepcopy__(self, memo: dict) -> "Kaijupoly":
        """A copy (the session's trial of an action) shares the ledger's entries: each is written
        once and never changed."""
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            clone.__dict__[key] = list(value) if key == "ledger" else copy.deepcopy(value, memo)
        return clone

    @property
    def over(self) -> bool:
        return self.phase == "over"

    # -- notation and the step engine -----------------------------------------------------

    def parse(self, text: str):
        return parse(text, self.board)

    def pending_step(self):
        if self.phase == "over":
            return None
        if self.phase in PHASES:
            return PHASES[self.phase], None
        if self.debts:
            return RUIN, self.debts[0]
        if self.queue:
            return QUEUED[self.queue[0]["step"]], self.queue[0]
        return STAGES[self.stage], None

    def settle(self, events: list[Event]) -> list[Event]:
        if self.phase == "play":  # the end is checked where a city is lost (bank.lose)
            events += collect(self)
            events += turns.advance(self)
        return events

    def kaiju_roller(self) -> int | None:
        """The first general out rolls for the Kaiju; until then the table does."""
        return self.eliminated[0] if self.eliminated else None

    def check_end(self) -> list[Event]:
        return end_check(self)

    def kaiju_arrives(self) -> list[Event]:
        return turns.kaiju_arrives(self)

    def city_falls(self, position: int, attacker: int | None) -> list[Event]:
        return lose(self, position)

    # -- the end -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        if self.winner is None:
            return Outcome("ruins", (), line("nobody_wins"))
        who = self.players[self.winner]
        return Outcome("last_general", (who,), line("wins", player=who))

    # -- what screens and the table read -----------------------------------------------------------

    def threat(self) -> dict[int, str]:
        """For each city that stands, the chance the Kaiju's next move lands on it."""
        if self.kaiju is None:
            return {}
        return {p: str(c) for p, c in landing(self.kaiju).items()
                if self.board[p].deed and p not in self.destroyed}

    def facts(self) -> dict[str, Any]:
        return {"position": self.position(), "threat": self.threat()}

    def position(self) -> dict[str, Any]:
        """The whole public position as plain data, for the screen and the table view."""
        return {
            "phase": self.phase,
            "round": self.round,
            "current": self.current if self.phase == "play" else None,
            "stage": self.stage,
            "generals": [{"money": self.money[s], "square": self.pos[s], "jailed": self.jailed[s] is not None,
                          "jail_cards": self.jail_cards[s], "out": self.out[s], "passed_go": self.passed_go[s],
                          "cities": len(held(self, s, cities_only=True))} for s in range(len(self.players))],
            "owner": {str(p): o for p, o in self.owner.items()},
            "level": {str(p): v for p, v in self.level.items()},
            "destroyed": sorted(self.destroyed),
            "abandoned": sorted(self.abandoned),
            "kaiju": self.kaiju,
            "roller": self.kaiju_roller(),
            "battle": self.battle,
            "odds": {str(p): str(survival(v)) for p, v in self.level.items() if v and p not in self.destroyed},
            "leftovers": list(self.leftovers),
            "picks": list(self.picks),
        }

    def progress(self) -> Line | None:
        return Line("ui.kaijupoly.round", {"round": self.round}) if self.phase == "play" else None

    def public_state(self) -> dict[str, Any]:
        p = self.players
        deeds = {}
        for pos in self.board.deeds:
            owner = self.owner.get(pos)
            if pos in self.destroyed:
                deeds[self.board[pos].name] = line("deed.destroyed")
            elif owner is None:
                deeds[self.board[pos].name] = line("deed.centre")
            elif self.board[pos].kind != "city":
                deeds[self.board[pos].name] = line("deed.service", player=p[owner])
            else:
                level = self.level[pos]
                deeds[self.board[pos].name] = line("deed.city", player=p[owner], troops=troops(level),
                                                   odds=percent(survival(level))) if level else \
                    line("deed.city_empty", player=p[owner])
        return {
            "players": list(p),
            "round": self.round,
            "turn": p[self.current] if self.phase == "play" and self.stage in ("roll", "end") else None,
            "money": {p[s]: self.money[s] for s in range(len(p))},
            "where": {p[s]: self.board[self.pos[s]].name for s in range(len(p)) if not self.out[s]},
            "in_jail": [p[s] for s in range(len(p)) if self.jailed[s] is not None],
            "jail_cards": {p[s]: self.jail_cards[s] for s in range(len(p)) if self.jail_cards[s]},
            "out": [p[s] for s in self.eliminated],
            "kaiju": self.board[self.kaiju].name if self.kaiju is not None else None,
            "kaiju_roller": p[self.kaiju_roller()] if self.kaiju_roller() is not None else None,
            "deeds": deeds,
            "destroyed": len(self.destroyed),
            "standing": [p[s] for s in standing(self)],
            "bank_paid": self.bank_paid,
            "bank_took": self.bank_took,
            "winner": p[self.winner] if self.winner is not None else None,
        }

    def private_state(self) -> dict[str, Any]:
        return {}

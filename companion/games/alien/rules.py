"""Alien 1979 as a `StepGame`: 2 to 8 players on a Nostromo drawn on paper,
the app as the Alien.

Phases: "start" (where the Alien starts), then turns: "card" (the Alien's
card of the turn: it moves the Alien, makes a sector drop codes, or strikes
where it stands) and "act" (two actions); a player who must drop a code and
holds several chooses which first (the `drops` queue, a private step).
After every accepted action `settle` ends a turn whose actions are spent (or
whose player died); the countdown counts the turns of the player who entered
the codes, and the ship leaves at the end of the last one. Everyone dead:
the Alien wins. The card effects, deaths and turn ends live in flow.py, the
actions in actions.py, the steps in steps.py; the rulings in
docs/rules/alien-1979.md.
"""

from __future__ import annotations

from typing import Any

from companion.core.game import Event, Line, Option, Outcome
from companion.core.steps import StepGame

from .board import Board
from .cards import ACTIONS, MAIN, capacity, ordered
from .describe import describe as _describe
from .flow import end_turn
from .notation import NAME, WORDS, parse
from .odds import Odds, next_card
from .say import event, line, names, sector
from .steps import DROP, STEPS
from .observe import observe as _observe


class Alien1979(StepGame):
    name = NAME
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "Alien 1979"
    min_players = 2
    max_players = 8
    # The sampler's random games (policy.py) end in about 200 actions, 300 at most seen; uniformly random
    # legal actions in about 500, 2,000 at most seen (tests/games/alien/test_playouts.py).
    max_actions = 3000
    options = (
        Option("board_from_all_codes", False),
        Option("threat_odds", False),
    )

    @classmethod
    def example_setups(cls):
        return [(["Ana", "Bea", "Carlos", "Dani"], {}),
                (["Ana", "Bea"], {"board_from_all_codes": True}),
                (["Ana", "Bea", "Carlos", "Dani", "Eva", "Fede"], {"threat_odds": True}),
                ([f"P{n}" for n in range(1, 9)], {"board_from_all_codes": True})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.board = Board(len(self.players))
        self.capacity = capacity(len(self.players))
        self.phase = "start"
        self.current = 0  # the youngest: the first name given (then clockwise, in the order given)
        self.actions_left = ACTIONS
        self.turns = 0  # turns begun
        self.drops: list[dict] = []  # players who must choose a code to drop, in order
        self.enterer: int | None = None
        self.countdown: int | None = None  # the activator's turns left, once started
        self.fresh_countdown = False  # started this turn: this turn does not count
        self.reshuffles = 0
        self.end: str | None = None  # "departed" or "alien"
        self.saved: list[int] = []

    @property
    def mad(self) -> bool:
        """Once the codes are entered the Alien goes mad (until their enterer dies)."""
        return self.enterer is not None

    # -- notation and the step engine ------------------------------------------------------

    def parse(self, text: str):
        return parse(text, self.players)

    def pending_step(self):
        if self.phase == "over":
            return None
        if self.drops:
            return DROP, self.drops[0]
        return STEPS[self.phase], None

    def settle(self, events: list[Event]) -> list[Event]:
        """A turn whose actions are spent, or whose player died, ends (once every drop is chosen)."""
        if self.phase == "act" and not self.drops and (
                self.actions_left <= 0 or not self.board.crew[self.current].alive):
            events += end_turn(self)
            if self.phase == "card":
                self.turns += 1
        return events

    def start(self, where: str) -> list[Event]:
        self.board.alien = where
        self.phase, self.turns = "card", 1
        return [event("alien_starts", sector=sector(where)), event("turn", player=self.players[self.current])]

    # -- the end ------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        if self.end == "alien":
            return Outcome("alien", (), line("alien_wins"))
        saved = tuple(self.players[s] for s in self.saved)
        if not saved:
            return Outcome("departed", (), line("nobody_saved"))
        return Outcome("departed", saved, line("saved", players=names(list(saved)), count=len(saved)))

    # -- what screens and the table read --------------------------------------------------------

    def odds(self) -> Odds:
        """The exact odds of the next Alien card (see odds.py)."""
        return next_card(self.board.deck_left(), self.board.alien, self.mad)

    def position(self) -> dict[str, Any]:
        """The public position as plain data (no hand, no face-down card)."""
        board = self.board
        return {
            "alien": board.alien,
            "crew": [{"sector": c.sector, "markers": c.markers, "weapon": c.weapon, "protected": c.protected,
                      "codes": len(c.hand), "alive": c.alive} for c in board.crew],
            "face_down": {s: len(board.down[s]) for s in MAIN},
            "entered": list(board.pile),
            "enterer": self.enterer,
            "countdown": self.countdown,
            "drawn": list(board.drawn),
            "deck": len(board.deck_left()),
            "current": self.current,
            "actions_left": self.actions_left,
            "phase": self.phase,
        }

    def facts(self) -> dict[str, Any]:
        """What a screen draws: the position, the ship's capacity, the next card's odds (shown to
        the table only with the house rule `threat_odds`), the players in the Alien's sector."""
        return {"position": self.position(), "capacity": self.capacity, "odds": self.odds().plain(),
                "threat_odds": bool(self.settings["threat_odds"]), "hunted": self.hints()["hunted"]}

    def hints(self) -> dict[str, Any]:
        """For the game master: who stands with the Alien, and the chance it strikes there next."""
        board = self.board
        hunted = [self.players[s] for s in board.in_sector(board.alien)] if board.alien else []
        strike = self.odds().sectors[board.alien].strike if board.alien else 0
        return {"hunted": hunted, "strike": str(strike)}

    def progress(self) -> Line | None:
        if self.countdown is not None and self.enterer is not None:
            return Line("ui.alien-1979.countdown", {"count": self.countdown, "player": self.players[self.enterer]})
        if self.phase in ("card", "act"):
            return Line("ui.progress.turn", {"player": self.players[self.current]})
        return None

    def public_state(self) -> dict[str, Any]:
        board, p = self.board, self.players
        living = board.living()
        return {
            "players": list(p),
            "turn": p[self.current] if self.phase in ("card", "act") else None,
            "actions_left": self.actions_left if self.phase == "act" else None,
            "alien": board.alien,
            "where": {p[s]: board.crew[s].sector for s in living},
            "markers": {p[s]: board.crew[s].markers for s in living},
            "weapons": [p[s] for s in living if board.crew[s].weapon],
            "protected": [p[s] for s in living if board.crew[s].protected],
            "hands": {p[s]: len(board.crew[s].hand) for s in living},
            "dead": [p[s] for s, c in enumerate(board.crew) if not c.alive],
            "face_down": {s: len(board.down[s]) for s in MAIN},
            "entered": list(board.pile),
            "entered_by": p[self.enterer] if self.enterer is not None else None,
            "mad": self.mad,
            "countdown": self.countdown,
            "aboard": [p[s] for s in board.aboard()],
            "capacity": self.capacity,
            "drawn": list(board.drawn),
            "deck": len(board.deck_left()),
            "reshuffles": self.reshuffles,
            "saved": [p[s] for s in self.saved] if self.end else None,
        }

    def private_state(self) -> dict[str, Any]:
        board, p = self.board, self.players
        return {
            "hands": {p[s]: ordered(c.hand) for s, c in enumerate(board.crew) if c.alive},
            "codes_down": {s: [c or "?" for c in board.down[s]] for s in MAIN},
            "unseen": board.unseen(),
        }

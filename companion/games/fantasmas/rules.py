"""18 fantasmas (Michael Rieneck) as a `StepGame`: two players, 9 ghosts each
(3 red, 3 yellow, 3 blue), a 5x5 castle with three turning portals.

Phases: "place" (A 1, B 2, then 1 each until the 18 are in), "play" (one
move, fight, mirror jump or release a turn; a pass when nothing is legal),
"put" (the opponent of whoever released a ghost places it), "over". After
every change both players' ghosts standing in front of their own colour's
opening escape; a player with an escaped ghost of each colour (the short
game: any three) wins at once. The board mechanics live in board.py, the
castle files in castles.py, the notation in notation.py, the steps in
steps.py; the rulings in docs/rules/18-fantasmas.md.
"""

from __future__ import annotations

from typing import Any, Sequence

from companion.core.errors import SetupError
from companion.core.game import Event, Line, Option, Outcome
from companion.core.steps import StepGame

from .board import CELLS, COLOURS, GHOSTS_PER_COLOUR, NEIGHBOURS, Board, cell_name
from .ai import LEVELS as _AI_LEVELS
from .castles import DEFAULT, CastleOption, castle_of
from .describe import describe as _describe
from .notation import NAME, WORDS, Action, Step, from_tuple, parse, to_tuple
from .say import colour, event, facing, line, room
from .steps import STEPS
from .observe import observe as _observe

LEVELS = tuple(_AI_LEVELS)  # the app's levels as an opponent, weakest first: easy, normal, hard
APP_NAME = "Companion"  # the app's seat as a save keeps it; lines call it `18-fantasmas.app_name`
GHOSTS = 2 * len(COLOURS) * GHOSTS_PER_COLOUR  # 18
ARROWS = "↑→↓←"


def placer(placed: int) -> int:
    """Who places the next ghost when `placed` are in: A, B, B, then A, B, A, B..."""
    if placed == 0:
        return 0
    if placed <= 2:
        return 1
    return (placed - 3) % 2


class Fantasmas(StepGame):
    name = "18-fantasmas"
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "18 fantasmas"
    min_players = 1  # one name when the app plays the other side
    max_players = 2
    max_actions = 1000  # random games end in about 40 actions (uniformly random ones: median 146, at most ~400)
    all_public = True  # nothing is secret: no private step, no private event, no private state
    options = (
        Option("short_game", False),
        CastleOption("castle", DEFAULT, house_rule=False),
        Option("opponent", "none", choices=("none", "app"), house_rule=False),
        Option("app_side", "b", choices=("a", "b"), house_rule=False),
        Option("app_level", "normal", choices=LEVELS, house_rule=False),
        Option("app_seconds", 1, house_rule=False, minimum=1, maximum=30),
    )

    @classmethod
    def example_setups(cls):
        mirrored = "RYbYR/BMRMB/yRBYr/BMYMR/YBRBY r:right y:left b:up"  # a castle of another shape
        return [(["Ana", "Luis"], {}),
                (["Ana"], {"opponent": "app", "short_game": True}),
                (["[bold]Ana", "Bo"], {"castle": mirrored, "opponent": "app", "app_side": "a"})]

    @classmethod
    def new(cls, players: Sequence[str], options: Any = None) -> "Fantasmas":
        """Two names; with `opponent=app` one (the person's), and the app's seat is added
        on its side (a save keeps both names, and a second name is then the app's)."""
        settings = cls.check_options(options or {})
        names = list(players)
        if settings["opponent"] == "app" and len(names) == 1:
            names.insert(0 if settings["app_side"] == "a" else 1, APP_NAME)
        if len(names) != 2:
            raise SetupError(Line(f"{NAME}.setup.names", {"count": len(names)}))
        return cls(cls.check_players(names), settings)

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        self.castle = castle_of(self.settings["castle"])
        self.board = Board(self.castle)
        self.phase = "place"
        self.placed = 0
        self.to_act = 0
        self.put_colour: str | None = None
        self.winner: int | None = None
        self.end: str | None = None  # "escaped", "both" (one change completed both), "blocked", "no_escape"
        self.last: list[dict[str, Any]] = []  # what the last action did, as plain records

    # -- seats -----------------------------------------------------------------------

    def seat_is_app(self, seat: int) -> bool:
        """Whether the app plays this seat (0 = A, 1 = B)."""
        return self.settings["opponent"] == "app" and seat == (0 if self.settings["app_side"] == "a" else 1)

    def seat_name(self, seat: int) -> Line | str:
        """A seat's name as lines say it: the app's seat in the table's language."""
        if self.seat_is_app(seat) and self.players[seat] == APP_NAME:
            return Line(f"{NAME}.app_name")
        return self.players[seat]

    # -- notation ----------------------------------------------------------------------

    def parse(self, text: str) -> Action:
        return parse(text)

    def notation_of(self, action: tuple) -> str:
        """The canonical notation of an AI's action tuple: ("place", colour, cell),
        ("step", from, to), ("release", colour), ("put", cell), ("pass",)."""
        return self.notation(from_tuple(action))

    def legal_tuples(self) -> list[tuple]:
        """The legal actions now as the AI's tuples."""
        return [to_tuple(a) for a in self.legal_actions()]

    def hints(self) -> dict[str, list[str]]:
        """For the game master, when asked: the turns of the player to act that let one of
        their ghosts escape now, and those that send one of their ghosts to the dungeon
        (each tried on a copy of the board, the rules' own mechanics)."""
        found: dict[str, list[str]] = {"escape": [], "lose": []}
        if self.phase != "play":
            return found
        p = self.to_act
        for src, dst in self.board.steps(p):
            board = self.board.copy()
            if board.ghosts[dst] is None:
                board.move(src, dst)
            else:
                board.fight(src, dst)
            board.escapes()
            out = sum(board.escaped[p].values())
            text = self.notation(Step(src, dst))
            if out > sum(self.board.escaped[p].values()):
                found["escape"].append(text)
            if sum(board.dungeon[p].values()) > sum(self.board.dungeon[p].values()):
                found["lose"].append(text)
        return found

    # -- the step engine -----------------------------------------------------------------

    def pending_step(self):
        if self.phase == "over":
            return None
        return STEPS[self.phase], None

    def apply(self, action, chance):
        before, self.last = self.last, []
        try:
            return super().apply(action, chance)
        except Exception:
            self.last = before  # steps check before they change anything: a refusal leaves all as it was
            raise

    def settle(self, events: list[Event]) -> list[Event]:
        """The game ends without a winner when neither player can act, or when neither can
        ever complete a set any more (after an escape or a turn: see docs/rules)."""
        if self.phase != "play":
            return events
        board = self.board
        if not board.can_act(self.to_act) and not board.can_act(1 - self.to_act):
            self.phase, self.end = "over", "blocked"
        elif any(r["kind"] in ("escape", "turn") for r in self.last):
            short = self.settings["short_game"]
            if not board.may_win(0, short) and not board.may_win(1, short):
                self.phase, self.end = "over", "no_escape"
        if self.end is not None:
            self.last.append({"kind": self.end})
            events.append(Event(self.outcome().line))  # type: ignore[union-attr]
        return events

    # -- what the steps do (each checked before) ------------------------------------------

    def place(self, p: int, c: str, cell: int) -> list[Event]:
        self.board.place(p, c, cell)
        self.placed += 1
        self.last.append({"kind": "place", "player": p, "colour": c, "cell": cell})
        events = [event("placed", player=self.seat_name(p), colour=colour(c), room=room(cell))]
        events += self.after(p)
        if self.phase == "over":
            return events
        if self.placed == GHOSTS:
            self.phase, self.to_act = "play", 0
            events.append(event("placement_done", player=self.seat_name(0)))
        else:
            self.to_act = placer(self.placed)
        return events

    def step(self, p: int, src: int, dst: int) -> list[Event]:
        board = self.board
        target = board.ghosts[dst]
        c = board.ghosts[src][1]  # type: ignore[index]
        values = {"player": self.seat_name(p), "colour": colour(c), "src": room(src), "dst": room(dst)}
        if target is None:
            jump = dst not in NEIGHBOURS[src]
            board.move(src, dst)
            self.last.append({"kind": "jump" if jump else "move", "player": p, "colour": c, "from": src, "to": dst})
            events = [event("jumped" if jump else "moved", **values)]
        else:
            attacker, defender, won = board.fight(src, dst)
            loser = defender if won else attacker
            self.last.append({"kind": "fight", "player": p, "from": src, "to": dst, "attacker": list(attacker),
                              "defender": list(defender), "won": won})
            events = [event("fight", **values, other=colour(defender[1]), owner=self.seat_name(defender[0])),
                      event("fight_won" if won else "fight_lost", colour=colour(attacker[1]),
                            other=colour(defender[1]), room=room(dst)),
                      event("to_dungeon", colour=colour(loser[1]), owner=self.seat_name(loser[0])),
                      self.turned(loser[1])]
        events += self.after(p)
        if self.phase != "over":
            self.to_act = 1 - p
        return events

    def turned(self, c: str) -> Event:
        f = self.board.facing[c]
        front = self.board.front(c)
        self.last.append({"kind": "turn", "colour": c, "facing": f, "front": front})
        if front is None:
            return event("portal_turns_wall", colour=colour(c), facing=facing(f))
        return event("portal_turns", colour=colour(c), facing=facing(f), room=room(front))

    def release(self, p: int, c: str) -> list[Event]:
        self.phase, self.put_colour, self.to_act = "put", c, 1 - p
        self.last.append({"kind": "release", "player": p, "colour": c})
        return [event("released", player=self.seat_name(p), colour=colour(c), other=self.seat_name(1 - p))]

    def put(self, p: int, cell: int) -> list[Event]:
        c, owner = self.put_colour, 1 - p
        assert c is not None
        self.board.place(owner, c, cell, "dungeon")
        self.phase, self.put_colour = "play", None
        self.last.append({"kind": "put", "player": p, "owner": owner, "colour": c, "cell": cell})
        events = [event("put", player=self.seat_name(p), owner=self.seat_name(owner), colour=colour(c),
                        room=room(cell))]
        return events + self.after(p)  # then it is the placer's own turn: `to_act` stays

    def pass_turn(self, p: int) -> list[Event]:
        self.to_act = 1 - p
        self.last.append({"kind": "pass", "player": p})
        return [event("passes", player=self.seat_name(p))]

    def after(self, actor: int) -> list[Event]:
        """After every change: escapes (both players), then the win. If one change completes
        both players' sets, the player whose action it was wins."""
        events = []
        for cell, owner, c in self.board.escapes():
            self.last.append({"kind": "escape", "player": owner, "colour": c, "cell": cell})
            events.append(event("escapes", player=self.seat_name(owner), colour=colour(c), room=room(cell)))
        short = self.settings["short_game"]
        done = [p for p in (0, 1) if self.board.complete(p, short)]
        if done:
            self.winner = actor if len(done) == 2 else done[0]
            self.phase, self.end = "over", "both" if len(done) == 2 else "escaped"
            self.last.append({"kind": "win", "player": self.winner})
            events.append(Event(self.outcome().line))  # type: ignore[union-attr]
        return events

    # -- the end and the views ----------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.end is None:
            return None
        if self.winner is None:
            return Outcome(self.end, (), line(self.end))
        who = self.seat_name(self.winner)
        said = "wins_both" if self.end == "both" else "wins_short" if self.settings["short_game"] else "wins"
        return Outcome("escaped", (self.players[self.winner],), line(said, player=who))

    def position(self) -> dict[str, Any]:
        """The plain position an AI reads (see docs/games/18-fantasmas.md)."""
        board = self.board
        return {
            "kinds": self.castle.kinds,
            "portals": {c: [self.castle.portal[c], board.facing[c]] for c in COLOURS},
            "ghosts": [None if g is None else [g[0], g[1]] for g in board.ghosts],
            "dungeon": [dict(d) for d in board.dungeon],
            "escaped": [dict(e) for e in board.escaped],
            "hand": [dict(h) for h in board.hand],
            "phase": self.phase,
            "to_act": self.to_act,
            "put_colour": self.put_colour,
            "short_game": bool(self.settings["short_game"]),
        }

    def facts(self) -> dict[str, Any]:
        """What a screen draws: the position, the room in front of each opening, the rooms'
        names, what the last action did (plain records), who is the app."""
        return {
            "position": self.position(),
            "fronts": {c: self.board.front(c) for c in COLOURS},
            "rooms": [cell_name(c) for c in CELLS],
            "last": [dict(r) for r in self.last],
            "app": [self.seat_is_app(0), self.seat_is_app(1)],
        }

    def _turn(self) -> str | None:
        return None if self.phase == "over" else self.players[self.to_act]

    def progress(self) -> Line | None:
        turn = self._turn()
        return Line("ui.progress.turn", {"player": turn}) if turn is not None else None

    def public_state(self) -> dict[str, Any]:
        board, names = self.board, self.players

        def per_player(counts: list[dict[str, int]]) -> dict[str, dict[str, int]]:
            return {names[p]: {c.lower(): counts[p][c] for c in COLOURS} for p in (0, 1)}

        return {
            "players": list(names),
            "turn": self._turn(),
            "ghosts": {names[p]: [f"{board.ghosts[c][1].lower()} {cell_name(c)}" for c in board.of(p)]  # type: ignore
                       for p in (0, 1)},
            "portals": {c.lower(): f"{cell_name(self.castle.portal[c])} {ARROWS[board.facing[c]]}" for c in COLOURS},
            "escaped": per_player(board.escaped),
            "dungeon": per_player(board.dungeon),
            "to_place": per_player(board.hand),
            "released": self.put_colour.lower() if self.put_colour else None,
        }


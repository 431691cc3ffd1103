"""The 18 fantasmas screen: the castle drawn, a cursor that picks ghosts and
rooms, and the app's side played by a worker.

Every move goes through the game's notation and `session.act`, so a refused
move is the rules' refusal, in their words. The screen only decides what the
cursor and Enter mean now (select a ghost, play to a room, place on a room)
and, when the app plays a side, when to think and when to wait for the
person to move the app's piece on the real board (see opponent.py).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from companion.games.fantasmas.board import COLOURS

from ...frame import GameScreen, View
from ...i18n import say, ui
from ...log import EventLog
from ...widgets import ChoiceBar, put
from .castle import SIZE, CastleView, Marks, RoomPicked
from .opponent import Opponent
from .side import SidePanel

HERE = Path(__file__).parent
UI = "ui.18-fantasmas"


class FantasmasScreen(Opponent, GameScreen):
    """Placement, play and the released ghosts, on the castle."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "fantasmas.tcss"]
    BINDINGS = [
        Binding("up", f"cursor({-SIZE})", "Move", show=False),  # named in `?` (ui.key.move)
        Binding("down", f"cursor({SIZE})", "Move", show=False),
        Binding("left", "cursor(-1)", "Move", show=False),
        Binding("right", "cursor(1)", "Move", show=False),
        Binding("enter", "pick", "Pick", key_display="⏎"),
        Binding("space", "pick", show=False),
        Binding("backspace", "drop", "Drop", show=False),
        Binding("l", "release", "Release"),
        Binding("h", "hints", "Hints"),
        # Nothing in this game is secret and the board holds the choices: the footer keeps
        # its room for the keys that play (the frame's keys still work, unlisted).
        Binding("1", "choose(1)", show=False),
        Binding("c", "curtain", show=False),
        Binding("v", "reveal", show=False),
    ]
    KEY_LINES = {"pick": f"{UI}.key.pick", "release": f"{UI}.key.release", "hints": f"{UI}.key.hints",
                 "cursor": "ui.key.move", "drop": f"{UI}.key.drop"}

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self.cursor = 2 * SIZE + 2  # the middle room
        self.selected: int | None = None
        self.hints = False

    def compose_table(self) -> ComposeResult:
        yield CastleView(id="fa-castle")
        with Vertical(id="fa-side"):
            yield SidePanel(id="fa-panel")
            yield EventLog(id="log")

    # -- what the screen shows --------------------------------------------------------

    def _legal(self) -> list[tuple]:
        return [] if self.session.outcome() is not None else self.game.legal_tuples()

    def _shown_choices(self, choices: tuple) -> tuple:
        """The choice bar holds what the board does not: releases and a pass, and the
        moves of the chosen ghost or the placement on the room under the cursor."""
        shown = []
        for choice in choices:
            action = self.game.parse(choice.notation)
            kind = type(action).__name__
            if kind in ("Release", "Word") or (
                    kind == "Step" and action.src == self.selected) or (
                    kind in ("Place", "Put") and action.cell == self.cursor):
                shown.append(choice)
        return tuple(shown)

    def build_view(self) -> View:
        view = super().build_view()
        prompt = view.prompt
        if self.waiting is not None or self.thinking is not None:
            choices: tuple = ()
        else:
            choices = self._shown_choices(prompt.choices)
        note = self.opponent_line()
        if note is not None:  # the app's move (or its thinking) is what happens now
            detail: Any = None
            if self.waiting is not None:  # its move, then what it did: the fight, a portal, escapes
                after = [say(line, self.lang) for line in self.app_said[1:]]
                detail = " ".join([*after, say(note, self.lang)])
            view.prompt = replace(prompt, choices=choices, title=self.waiting or note, detail=detail)
        else:
            view.prompt = replace(prompt, choices=choices)
        return view

    def marks(self) -> Marks:
        legal = self._legal() if self.waiting is None and self.thinking is None else []
        person = self.session.outcome() is None and not self.game.seat_is_app(self.game.to_act)
        targets = frozenset(a[2] for a in legal if a[0] == "step" and a[1] == self.selected)
        offered = frozenset(a[-1] for a in legal if a[0] in ("place", "put")) if person else frozenset()
        return Marks(cursor=self.cursor, selected=self.selected, targets=targets, offered=offered)

    def update_view(self, view: View) -> None:
        super().update_view(view)
        if not view.prompt.choices and view.outcome is None:  # the board is where the choices are
            for bar in self.widgets(ChoiceBar):
                put(bar, Content.styled(ui(f"{UI}.board_keys", view.lang), "dim"))
        if view.outcome is not None and self.app_said and self.session.played:  # the app's winning move
            for detail in self.query("#outcome-detail").results(Static):
                shown = " ".join(say(line, view.lang) for line in self.app_said
                                 if line != view.outcome.line)  # the banner's title says it already
                winners = detail.content.plain if isinstance(detail.content, Content) else ""
                detail.display = True
                put(detail, Content(f"{shown}\n{winners}".strip()))
        facts = self.game.facts()
        for castle in self.widgets(CastleView):
            castle.show(facts["position"], self.marks())
        hints = self.game.hints() if self.hints and self.waiting is None and self.thinking is None else None
        for panel in self.widgets(SidePanel):
            panel.show(self.game, facts, hints, view.lang)

    def refresh_view(self) -> None:
        super().refresh_view()
        self.maybe_think()

    # -- keys -----------------------------------------------------------------------------

    def action_cursor(self, delta: int) -> None:
        row, column = divmod(self.cursor, SIZE)
        if abs(delta) == SIZE:
            row = min(SIZE - 1, max(0, row + delta // SIZE))
        else:
            column = min(SIZE - 1, max(0, column + delta))
        self.cursor = row * SIZE + column
        self.refresh_view()

    def on_room_picked(self, message: RoomPicked) -> None:
        message.stop()
        self.cursor = message.cell
        self.action_pick()

    def action_drop(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.refresh_view()

    def action_pick(self) -> None:
        """Enter: confirm the app's move was made on the board, or act on the room under the cursor."""
        if self.session.outcome() is not None:
            return
        if self.waiting is not None:
            self.confirm()
            return
        if self.thinking is not None or self.game.seat_is_app(self.game.to_act):
            self.show_error(ui(f"{UI}.wait_for_app", self.lang))
            return
        phase, cell = self.game.phase, self.cursor
        if phase == "place":
            kind = self.game.castle.kinds[cell]
            hand = self.game.board.hand[self.game.to_act]
            colour = kind if kind in COLOURS else next(c for c in COLOURS if hand[c])
            self.submit(self.game.notation_of(("place", colour, cell)))
        elif phase == "put":
            self.submit(self.game.notation_of(("put", cell)))
        elif phase == "play":
            self._pick_in_play(cell)

    def _pick_in_play(self, cell: int) -> None:
        ghost = self.game.board.ghosts[cell]
        mine = ghost is not None and ghost[0] == self.game.to_act
        if self.selected is None or cell == self.selected:
            if cell == self.selected:
                self.selected = None
            elif mine:
                self.selected = cell
                self.show_error("")
            else:
                self.show_error(ui(f"{UI}.pick_own", self.lang, player=self.game.players[self.game.to_act]))
            self.refresh_view()
            return
        if mine and ghost[1] == self.game.board.ghosts[self.selected][1]:  # another of mine: choose it instead
            self.selected = cell
            self.refresh_view()
            return
        src = self.selected
        self.selected = None
        if not self.submit(self.game.notation_of(("step", src, cell))):
            self.selected = src
            self.refresh_view()

    def action_release(self) -> None:
        if self.waiting is not None or self.thinking is not None or self.game.seat_is_app(self.game.to_act):
            self.show_error(ui(f"{UI}.wait_for_app", self.lang))
            return
        if self.game.phase != "play":
            self.show_error(ui(f"{UI}.release_in_play", self.lang))
            return
        dungeon = self.game.board.dungeon[self.game.to_act]
        held = [c for c in COLOURS if dungeon[c]]
        if not held:
            self.show_error(ui(f"{UI}.dungeon_empty", self.lang))
        elif len(held) == 1:
            self.submit(self.game.notation_of(("release", held[0])))
        else:
            self.show_error(ui(f"{UI}.release_which", self.lang))

    def action_hints(self) -> None:
        self.hints = not self.hints
        self.refresh_view()

    def submit(self, notation: str) -> bool:
        done = super().submit(notation)
        if done:
            self.selected = None
        return done

"""Marcador at the table: the frame's prompt (whose turn, the round, who leads), choices
and log, with the scoreboard (players as rows in seat order, rounds as columns that
scroll, totals and ranks, the leader starred) or the chart of running totals (`g`), and
the turn timer in big digits when the game has one.

Keyed entry: a player's number, then the points, then Enter (`2 15`, `2-3`, `2=40`) plays
`Bo +15` through the frame's `submit`; `:` takes any notation. The timer is the screen's
(the rules keep no clock): a new turn starts a new countdown, its last ten seconds and
"Time!" are said, `p` pauses it; the table view reads its deadline from the live file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Static

from ...frame import GameScreen, View
from companion.core.game import Line

from ...i18n import say, ui
from ...log import EventLog
from ...publish import timer as live_timer
from ...widgets import NotationInput, put
from . import entry
from .drawing import chart, has_points, scoreboard
from .timer import BigClock, Countdown, clock

HERE = Path(__file__).parent
G = "marcador"
UI = f"ui.{G}"
CHART_MIN = 6  # rows a chart needs to say anything


class SheetPanel(Vertical):
    """The left panel; when its size changes (the notation line opened or closed, the
    window resized), the sheet and the chart are laid out again for the room they have."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, MarcadorScreen):
            screen.call_after_refresh(screen.refresh_view)


class MarcadorScreen(GameScreen):
    """The score sheet, the chart, the turn timer and keyed entry."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "marcador.tcss"]
    BINDINGS = [
        Binding("t", "choose('t')", "Next turn", show=False),
        Binding("f", "choose('f')", "End round", show=False),
        Binding("x", "choose('x')", "End", show=False),
        Binding("g", "chart", "Chart"),
        Binding("p", "pause", "Pause timer", show=False),
        Binding("left", "scroll_rounds(-1)", "Earlier rounds", show=False),
        Binding("right", "scroll_rounds(1)", "Later rounds", show=False),
        Binding("v", "reveal", "Secrets", show=False),  # a score pad keeps no secret
        Binding("c", "curtain", "Curtain", show=False),
    ]
    KEY_LINES: ClassVar[dict[str, str]] = {"choose": f"{UI}.key.player", "chart": f"{UI}.key.chart",
                                           "pause": f"{UI}.key.pause", "scroll_rounds": f"{UI}.key.scroll"}
    second: ClassVar[float | None] = 1.0
    """Real seconds per timer second; None: the timer ticks only when `tick()` is called (tests)."""

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self.typed = ""  # the keyed entry so far
        self.charting = False
        self.first_round: int | None = None  # the first round column shown; None: the latest
        self.countdown: Countdown | None = None

    # -- layout ----------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        with SheetPanel(id="mc-left"):
            with VerticalScroll(id="mc-sheet"):
                yield Static(id="mc-board", markup=False)
            yield Static(id="mc-chart", markup=False)
            yield Static(id="mc-entry", markup=False)
        with Vertical(id="mc-side"):
            yield Static(id="mc-clock-label", markup=False)
            yield BigClock("", id="mc-clock")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        """(Textual runs the frame's own `on_mount` too: each class's handler along the MRO.)"""
        if self.game.settings["timer"] and self.second is not None:
            self.set_interval(self.second, self.tick)
        self.call_after_refresh(self.refresh_view)  # the panels know their size once laid out

    # -- data down -------------------------------------------------------------

    def update_view(self, view: View) -> None:
        super().update_view(view)
        self._follow_turn(view)
        state = view.public
        left = self.query_one("#mc-left")
        left.border_title = say(Line("game.marcador.title"), view.lang)
        sheet = self.query_one("#mc-sheet")
        drawn = self.query_one("#mc-chart", Static)
        room = (left.content_size.height or 14) - 1  # the entry line takes one
        rows = len(self.game.players) + 1
        width = max(20, (left.content_size.width or 52) - (rows > room))  # a scrollbar's room when it shows
        below = room - rows  # a chart under the sheet where it leaves room
        sheet.display = not self.charting
        drawn.display = self.charting or (below >= CHART_MIN and has_points(state))
        sheet.styles.height = rows if drawn.display and not self.charting else "1fr"
        height = room if self.charting else below
        if drawn.display:
            drawn.styles.height = height
            put(drawn, chart(state, width, height, view.lang))
        if sheet.display:
            put(self.query_one("#mc-board", Static), scoreboard(state, width, view.lang, self.first_round))
        self._show_entry(view.lang)
        self._show_clock(view.lang)

    def _follow_turn(self, view: View) -> None:
        """A new turn starts a new countdown; the end of the game stops it."""
        total = self.game.settings["timer"]
        if not total or view.outcome is not None or view.prompt.step != "play":
            self.countdown = None
            return
        token = view.public.get("turns")
        if self.countdown is None or self.countdown.token != token:
            self.countdown = Countdown(total, token)

    def _show_entry(self, lang: str) -> None:
        line = self.query_one("#mc-entry", Static)
        if self.session.outcome() is not None:
            put(line, Content.styled(ui(f"{UI}.entry_over", lang), "dim"))
            return
        if not self.typed:
            put(line, Content.styled(ui(f"{UI}.entry_hint", lang, last=len(self.game.players)), "dim"))
            return
        played = entry.notation(self.typed, list(self.game.players))
        parts: list[Any] = [("✎ ", "bold $accent"), (self.typed, "bold reverse"), ("▏", "bold")]
        if played is not None:
            parts += ["  → ", (played, "bold $success"), "  ", (ui(f"{UI}.entry_enter", lang), "dim")]
        else:
            parts += ["  ", (ui(f"{UI}.entry_more", lang), "dim")]
        put(line, Content.assemble(*parts))

    def _show_clock(self, lang: str) -> None:
        label = self.query_one("#mc-clock-label", Static)
        countdown = self.countdown
        for big in self.widgets(BigClock):
            big.show(countdown)
        label.display = countdown is not None
        if countdown is not None:
            state = (f"{UI}.timer_up" if countdown.over else f"{UI}.timer_paused" if countdown.paused
                     else f"{UI}.timer")
            put(label, Content.styled(ui(state, lang, time=clock(countdown.left)), "bold"))

    # -- the timer ------------------------------------------------------------------

    def tick(self) -> None:
        """One second of the turn timer: say its last ten seconds and "Time!"."""
        if self.countdown is None:
            return
        for line in self.countdown.tick():
            self.narrator.say_line(line)
        self._show_clock(self.lang)
        self.publish_live()

    def action_pause(self) -> None:
        if self.countdown is not None and not self.countdown.over:
            self.countdown.paused = not self.countdown.paused
            self._show_clock(self.lang)
            self.publish_live()

    def live_timers(self) -> list[Any]:
        c = self.countdown
        if c is None:
            return []
        return [live_timer("marcador", c.total, c.left, True, c.paused)]

    # -- keys ------------------------------------------------------------------------

    def action_chart(self) -> None:
        self.charting = not self.charting
        self.refresh_view()

    def action_scroll_rounds(self, by: int) -> None:
        rounds = self.game.round
        first = self.first_round if self.first_round is not None else rounds
        self.first_round = max(0, min(rounds - 1, first + by * 3))
        self.refresh_view()

    def action_leave(self) -> None:
        if self.typed:  # Esc first clears the entry being typed
            self.typed = ""
            self._show_entry(self.lang)
            return
        super().action_leave()

    def on_key(self, event: events.Key) -> None:
        """A player's number and the points go to the entry line (at the play step, with the
        notation line closed); Enter plays it, Backspace takes a key back, Esc clears it."""
        line = self.query(NotationInput)
        typing_notation = bool(line) and line.first().is_open
        if typing_notation or not self.keys_free() or self.session.expects().step != "play":
            super().on_key(event)
            return
        char = event.character or ""
        if char.isdigit() or (self.typed and char and char in entry.SIGNS + " "):
            self.typed = (self.typed + char)[:12]
        elif self.typed and event.key == "backspace":
            self.typed = self.typed[:-1]
        elif self.typed and event.key == "enter":
            self._enter()
        else:
            super().on_key(event)
            return
        event.stop()
        event.prevent_default()
        if self.focused is not None:  # typing leaves the choice bar: Enter plays what is typed, seen
            self.set_focus(None)
        self._show_entry(self.lang)

    def _enter(self) -> None:
        played = entry.notation(self.typed, list(self.game.players))
        if played is None:
            seats = len(self.game.players)
            seat = entry.seat_typed(self.typed, seats)
            why = "entry_no_player" if seat is not None and not 1 <= seat <= seats else "entry_incomplete"
            self.show_error(ui(f"{UI}.{why}", self.lang, last=seats, seat=seat))
            return
        if self.submit(played):
            self.typed = ""

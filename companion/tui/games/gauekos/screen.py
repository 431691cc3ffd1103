"""The Gauekos screen: the night called aloud, the Kontalari's grimoire.

It is the shared `GameScreen` frame with its own middle: the deck at setup,
the seat grid during calls and deaths, the vote entry by day, the whole
story at the end. It reads only the session's prompt (its step, choices and
facts) and the game's states; what the keys mean now is worked out in
modes.py, what they do in controls.py (see docs/games/gauekos.md, "Running
a night"), and what happens between two keys (a phantom call passing by
itself, the timers) in pacing.py.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Static

from companion.core.game import Choice, Line
from companion.games.gauekos.calls import CAUGHT
from companion.games.gauekos.roles import recommended_gauekos
from companion.games.gauekos.votes import tally

from ...frame import GameScreen, View
from ...i18n import say, ui
from ...keys import key_line
from ...log import EventLog
from ...publish import timer
from ...widgets import ChoiceBar, PromptPanel, put, set_title
from .controls import Controls
from .drawing import chips, grimoire_lines, head_content, house_rules, note_content, seat_cells, title_text
from .ending import EndPanel
from .modes import KEYS, OVER, PAIR, SEAT, SETUP, VOTE, Mode, mode_for
from .pacing import Pacing, Phantom
from .seats import KeyBar, SeatGrid
from .setup import DeckPanel
from .timers import BigClock, Countdown, TimerBar, Timing
from .votes import VOTERS, VoteDraft, VotePanel

LETTERS = "aghklnotx"  # special choices, and the special cards at setup
HERE = Path(__file__).parent


class MainColumn(Vertical):
    """The table's middle: when its room changes (the command line, an error shown below it),
    the seats are laid out again in the room left."""

    def on_resize(self) -> None:
        screen = self.screen
        if isinstance(screen, GauekosScreen):
            screen.call_after_refresh(screen._redraw)


class GauekosScreen(Controls, Pacing, GameScreen):
    """The Gauekos table: setup, calls, deaths, votes, the end."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "gauekos.tcss"]
    timing: ClassVar[Timing] = Timing()
    """Pacing; tests replace it with a fast one (monkeypatch the class attribute)."""

    # `p` (each player looks at their card) is the first key a narrow footer leaves to `?`
    FOOTER_SPARE: ClassVar[tuple[str, ...]] = ("look", *getattr(GameScreen, "FOOTER_SPARE", ()))
    BINDINGS = [
        Binding("0", "choose(0)", show=False),
        Binding("space", "go_on", "Go on", key_display="␣"),
        Binding("enter", "pick", "Pick", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("backspace", "erase", show=False),
        Binding("plus", "gaueko_count(1)", show=False),
        Binding("minus", "gaueko_count(-1)", show=False),
        *[Binding(letter, f"letter('{letter}')", show=False) for letter in LETTERS],
        Binding("e", "elect", "Elect mayor"),
        Binding("w", "vote_mode", "Votes/counts"),
        Binding("t", "timer", "Timer"),
        Binding("i", "grimoire", "Grimoire"),
        Binding("p", "look", "Look"),
    ]

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self.mode = Mode(KEYS)
        self.cursor: int | None = None
        self.marks: list[int] = []
        self.digits = ""
        self.electing = False
        self.draft: VoteDraft | None = None
        self._step: tuple[Any, ...] | None = None
        self._draft_context: tuple[Any, ...] | None = None
        self._digit_timer: Timer | None = None
        self._poll_timer: Timer | None = None
        self._phantom: Phantom | None = None
        self.countdown: Countdown | None = None
        self.day_timer: Countdown | None = None
        self._day_left: dict[int, int] = {}
        self._countdown_left: dict[object, int] = {}
        self._rng = random.Random()
        self._forced: str | None = None  # the forced step's words, named on space in the footer

    # -- layout --------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        with MainColumn(id="gk-main"):
            yield Static(id="gk-head", markup=False)
            yield TimerBar(id="gk-timer")
            yield Static(id="gk-note", markup=False)
            yield SeatGrid(id="gk-seats")
            yield VotePanel(id="gk-vote")
            yield EndPanel(id="gk-end")
            yield KeyBar(id="gk-keys")
        with Vertical(id="gk-side"):
            yield BigClock(id="gk-big")  # beside the seats, never over them
            yield DeckPanel(id="gk-deck")
            yield EventLog(id="log")

    def on_mount(self) -> None:
        # The frame's own on_mount runs after this one (Textual calls both): it
        # draws the view and says the prompt's wake line.
        seed = getattr(self.app, "seed", None)
        self._rng = random.Random(f"{seed}:phantom" if seed is not None else None)
        if self.timing.second:
            self.set_interval(self.timing.second, self.tick)
        self._poll_timer = self.set_interval(self.timing.poll, self._poll, pause=True)
        self.call_after_refresh(self._call_began)

    # -- data down -----------------------------------------------------------

    def update_view(self, view: View) -> None:
        if view.prompt.step == "phantom":  # one instruction: the note's "it passes by itself", and its time
            view = replace(view, prompt=replace(view.prompt, detail=None))
        super().update_view(view)
        for bar in self.widgets(ChoiceBar):
            bar.display = False  # the key bar and the seat grid show the choices
        self.mode = mode_for(view, self.electing)
        self._offer_late_catch(view)
        if self.mode.kind in (SETUP, VOTE):
            for panel in self.widgets(PromptPanel):
                panel.display = False  # the deck or the vote panel says it all, and the seats need the room
        self._sync_context(view)
        self._sync_timers(view)
        self._draw(view)

    def _offer_late_catch(self, view: View) -> None:
        """Right after the gauekos' call Galtzagorri may still be caught (typed `caught` is legal
        then, not offered): `x` records it in Akerbeltz's call too, as in theirs."""
        if view.outcome is not None or view.prompt.facts.get("call") != "akerbeltz" or "x" in self.mode.words:
            return
        if CAUGHT not in list(self.game.legal_actions()):
            return
        self.mode.words["x"] = Choice(Line("gauekos.choice.caught"), str(CAUGHT), key="x", group="word")
        self.mode.forced = False

    def _seat_of(self, name: str) -> int:
        return self.game.players.index(name) + 1

    def _sync_context(self, view: View) -> None:
        """A new step (an action played, undone, a mode changed): reset the cursor, marks and digits."""
        public = view.public
        context = (len(self.session.played), self.mode.kind, self.mode.verb, self.electing)
        if context == self._step:
            return
        before = self.cursor
        self._step = context
        self.digits = ""
        self.marks = []
        if self.mode.kind == SETUP:
            self.cursor = self._next_empty(before or 1)
        else:
            self.cursor = self.mode.offered[0] if self.mode.offered else None
        if self.mode.kind == PAIR and self.mode.verb == "runoff":
            proposals = (public["vote"] or {}).get("proposals") or []
            if proposals:
                self.marks = [self._seat_of(name) for name in proposals[0]]
        if self.mode.kind == VOTE:
            vote = public["vote"]
            draft_context = (public["day"], vote["stage"], len(public["votes"]))
            if draft_context != self._draft_context:
                self._draft_context = draft_context
                candidates = [self._seat_of(n) for n in vote.get("candidates", [])] or list(self.mode.offered)
                mode = self.draft.mode if self.draft is not None else VOTERS
                self.draft = VoteDraft(list(self.mode.offered), candidates, mode)

    def _next_empty(self, start: int) -> int:
        cards = self.game.private_state()["cards"]
        players = self.game.players
        n = len(players)
        for step in range(n):
            seat = (start - 1 + step) % n + 1
            if cards[players[seat - 1]] is None:
                return seat
        return min(max(1, start), n)

    # -- drawing ------------------------------------------------------------

    def _draw(self, view: View) -> None:
        kind = self.mode.kind
        self.set_class(kind == SETUP, "-setup")
        self.set_class(kind == OVER, "-over")
        main = self.query_one("#gk-main")
        set_title(main, Content(title_text(view)))
        head = self.query_one("#gk-head", Static)
        head.display = kind != OVER
        put(head, head_content(view, self.game.settings))
        last = self.session.played[-1].events if self.session.played else []
        note = note_content(view, self.mode, self.cursor, self.digits, self.electing, last)
        note_widget = self.query_one("#gk-note", Static)
        note_widget.display = bool(note.plain)
        put(note_widget, note)
        private = self.game.private_state()
        grid = self.query_one(SeatGrid)
        grid.display = kind in (SETUP, SEAT, PAIR)
        if grid.display:
            room = self._seat_room()
            grid.show(seat_cells(view, self.mode, self.marks, private), self.cursor, self._main_width(), room)
            self.call_after_refresh(self._room_changed, room)
        panel = self.query_one(VotePanel)
        panel.display = kind == VOTE and self.draft is not None
        if panel.display:
            self._draw_vote(view)
        end = self.query_one(EndPanel)
        end.display = kind == OVER
        if kind == OVER and view.outcome is not None:
            end.show(view.public, view.outcome.winners, self.game.story_lines(), view.lang)
        deck = self.query_one(DeckPanel)
        deck.display = kind == SETUP
        if kind == SETUP:
            self._draw_deck(view)
        found = [] if kind == OVER else chips(
            view, self.mode, marks=self.marks, draft=self.draft, remaining=self.game.remaining_cards(),
            dealing=any(card is None for card in private["cards"].values()),
            can_elect=self.can_elect(), electing=self.electing)
        self.query_one(KeyBar).show(found, self._main_width())
        self._name_space(say(self.mode.go_on.label, view.lang) if self.mode.forced and self.mode.go_on else None)
        self._show_timer()

    KEY_LINES: ClassVar[dict[str, str]] = {"look": "ui.gauekos.key.look"}

    def key_label(self, action: str) -> str | None:
        """During a forced step the footer and the `?` list name it on space (`␣ Gus dies of grief`)."""
        return self._forced if action == "go_on" else None

    def _name_space(self, label: str | None) -> None:
        """A forced step is named in the footer on its one key; else space is the plain "go on"."""
        self._forced = label
        description = label or ui(key_line("go_on", self.KEY_LINES), self.lang)
        bindings = self._bindings.key_to_bindings.get("space", [])
        if bindings and bindings[0].description != description:
            self._bindings.key_to_bindings["space"] = [replace(bindings[0], description=description), *bindings[1:]]
            self.refresh_bindings()

    def _main_width(self) -> int:
        """The width the seats and votes are laid out in (before the first layout: a guess)."""
        width = self.query_one("#gk-main").content_region.width
        if width <= 0:
            side = 0 if self.mode.kind == OVER else 32
            width = self.app.size.width - side - 4
        return max(20, width)

    def _seat_room(self) -> int | None:
        """The lines the seat grid has above the keys (None before the first layout)."""
        main, grid, keys = self.query_one("#gk-main"), self.query_one(SeatGrid), self.query_one(KeyBar)
        if not main.content_region.height or not grid.region.height:
            return None
        return main.content_region.bottom - grid.region.y - (keys.outer_size.height if keys.display else 0)

    def _room_changed(self, room: int | None) -> None:
        """The seats were laid out in the room the last layout left them (a taller prompt, a
        subtitle on more rows): once this layout is done, again if that room has changed."""
        if self.is_attached and self._seat_room() != room and self.query_one(SeatGrid).display:
            self._redraw()

    def on_resize(self) -> None:
        self.call_after_refresh(self._redraw)

    def _draw_vote(self, view: View) -> None:
        draft = self.draft
        assert draft is not None
        names = list(view.public["players"])
        if draft.mode == VOTERS:
            mayor = self.game.mayor
            counts = tally([(v - 1, t - 1) for v, t in draft.ballot_pairs()], mayor, self.game.double_vote())
            preview = {seat + 1: n for seat, n in counts.items()}
        else:
            preview = dict(draft.counts)
        runoff = (view.public["vote"] or {}).get("stage") == "runoff"
        self.query_one(VotePanel).show(draft, names, preview, runoff, self._main_width(), view.lang)

    def _draw_deck(self, view: View) -> None:
        public = view.public
        players = len(public["players"])
        cards = self.game.private_state()["cards"]
        entered = [c for c in cards.values() if c is not None]
        leftovers = None
        if view.revealed and len(entered) == players:
            leftovers = self.game.remaining_cards()
        self.query_one(DeckPanel).show(public["deck"], recommended_gauekos(players), bool(entered),
                                       self.game.warnings(), leftovers, view.lang,
                                       house_rules(self.game.settings, view.lang))

    def _show_timer(self) -> None:
        shown = self.countdown or self.phantom_clock() or self.day_timer
        for bar in self.widgets(TimerBar):
            bar.show(shown, self.lang)
        for big in self.widgets(BigClock):
            big.show(shown)
        self.publish_live()

    def live_timers(self) -> list:
        """The gaueko countdown and the day timer (never a phantom call's pause: it would tell
        the table that nobody holds the card called)."""
        return [timer(c.kind, c.total, c.left, c.running, c.paused)
                for c in (self.countdown, self.day_timer) if c is not None]

    def _redraw(self) -> None:
        self._draw(self.build_view())

    # -- the grimoire ---------------------------------------------------------

    def _grimoire(self) -> list[Content]:
        private = self.game.private_state() if self.revealed else None
        return grimoire_lines(self.game.public_state(), private, self.game.settings, self.lang)

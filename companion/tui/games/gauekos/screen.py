"""The Gauekos screen: the night called aloud, the Kontalari's grimoire.

It is the shared `GameScreen` frame with its own middle: the deck at setup,
the seat grid during calls and deaths, the vote entry by day, the whole
story at the end. Every key builds a notation line and plays it through
`self.submit`, exactly as the `:` command line and `companion act` do.

Keys (see docs/games/gauekos.md, "Running a night"):

* number keys pick a seat by its number (two digits with 10 players or
  more); arrows move the cursor and Enter picks it; at setup the number keys
  give the cursor's seat a card, and in the counts entry they type counts;
* letters are the special choices, shown on the key bar (`n` no agreement,
  no life, no death, no shot, later, no lynch; `x` caught spying; `l` life
  spell; `k` keep; `a` vote again); at setup they toggle the special cards;
* space goes on where there is nothing to choose (done, start, the next
  night, a phantom call at once);
* `e` elects the Pariente mayor when the rules allow it, `w` switches the
  vote entry (per voter / counts), `t` pauses a timer, `i` opens the grimoire.

Hands-off: the wake line is said when a call begins and the sleep line when
it is recorded (the rules return it as an event); a phantom call is said the
same way and passes by itself after a random pause, so the Kontalari only
presses a key when the table did something. The gaueko countdown and the
day timer start once the narrator has finished speaking and say their last
seconds; none of them ever blocks a key.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.timer import Timer
from textual.widgets import Static

from companion.core.game import Event
from companion.games.gauekos.roles import recommended_gauekos
from companion.games.gauekos.votes import tally

from ...frame import GameScreen, View
from ...i18n import ui
from ...widgets import ChoiceBar, EventLog, PromptPanel
from .drawing import chips, deck_roles, grimoire_lines, head_content, note_content, seat_cells, title_text
from .ending import EndPanel, GrimoireScreen
from .modes import KEYS, OVER, PAIR, SEAT, SETUP, VOTE, Mode, mode_for
from .seats import KeyBar, KeyPressed, SeatGrid, SeatPicked
from .setup import KEY_SPECIAL, SPECIAL_KEYS, DeckPanel
from .timers import DAY, GAUEKOS, Countdown, TimerBar, Timing
from .votes import COUNTS, VOTERS, VoteDraft, VotePanel

QUIET = ("gauekos.setup.deck",)  # said on every toggle of the deck: shown, not spoken
LETTERS = "aghklnotx"  # special choices, and the special cards at setup
HERE = Path(__file__).parent


@dataclass
class Phantom:
    """A phantom call waiting to pass by itself."""

    token: int  # the number of actions played when it began
    timer: Timer | None = None
    seconds: float = 0.0


class GauekosScreen(GameScreen):
    """The Gauekos table: setup, calls, deaths, votes, the end."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "gauekos.tcss"]
    timing: ClassVar[Timing] = Timing()
    """Pacing; tests replace it with a fast one (monkeypatch the class attribute)."""

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
        self._rng = random.Random()

    # -- layout --------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        with Vertical(id="gk-main"):
            yield Static(id="gk-head", markup=False)
            yield TimerBar(id="gk-timer")
            yield Static(id="gk-note", markup=False)
            yield SeatGrid(id="gk-seats")
            yield VotePanel(id="gk-vote")
            yield EndPanel(id="gk-end")
            yield KeyBar(id="gk-keys")
        with Vertical(id="gk-side"):
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

    @property
    def game(self) -> Any:
        return self.session.game

    def update_view(self, view: View) -> None:
        super().update_view(view)
        for bar in self.query(ChoiceBar):
            bar.display = False  # the key bar and the seat grid show the choices
        self.mode = mode_for(view, self.game.call_info(), self.electing)
        if self.mode.kind in (SETUP, VOTE):
            for panel in self.query(PromptPanel):
                panel.display = False  # the deck or the vote panel says it all, and the seats need the room
        self._sync_context(view)
        self._sync_timers(view)
        self._draw(view)

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
        main.border_title = Content(title_text(view))
        head = self.query_one("#gk-head", Static)
        head.update(head_content(view, self.game.settings, self.game.call_info()))
        head.display = kind != OVER
        last = self.session.played[-1].events if self.session.played else []
        note = note_content(view, self.mode, self.cursor, self.digits, self.electing, last)
        note_widget = self.query_one("#gk-note", Static)
        note_widget.update(note)
        note_widget.display = bool(note.plain)
        private = self.game.private_state()
        grid = self.query_one(SeatGrid)
        grid.display = kind in (SETUP, SEAT, PAIR)
        if grid.display:
            grid.show(seat_cells(view, self.mode, self.marks, private), self.cursor, self._main_width())
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
        self._show_timer()

    def _main_width(self) -> int:
        """The width the seats and votes are laid out in (before the first layout: a guess)."""
        width = self.query_one("#gk-main").content_region.width
        if width <= 0:
            side = 0 if self.mode.kind == OVER else 32
            width = self.app.size.width - side - 4
        return max(20, width)

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
                                       self.game.warnings(), leftovers, view.lang)

    def _show_timer(self) -> None:
        shown = self.countdown or self.day_timer
        for bar in self.query(TimerBar):
            bar.show(shown, self.lang)

    # -- speech and hands-off ------------------------------------------------

    def speak(self, events: list[Event]) -> None:
        super().speak([e for e in events if e.line.id not in QUIET])
        self._call_began()

    def _call_began(self) -> None:
        """A phantom call passes by itself once its wake line is said and a pause has gone by."""
        info = self.game.call_info()
        if info and info["phantom"] and info["step"] == "pass" and self.session.outcome() is None:
            token = len(self.session.played)
            if self._phantom is None or self._phantom.token != token:
                self._phantom = Phantom(token)
                self._waiting()

    def _waiting(self) -> None:
        if self._poll_timer is not None:
            self._poll_timer.resume()

    def _idle(self) -> bool:
        """The narrator has said everything it was given (a narrator that cannot tell is idle)."""
        wait_idle = getattr(self.narrator, "wait_idle", None)
        return True if wait_idle is None else bool(wait_idle(0))

    def _poll(self) -> None:
        """Start what waits for the narrator: a phantom call's pause, the timers."""
        waiting = False
        phantom = self._phantom
        if phantom is not None and phantom.timer is None:
            if self._idle():
                low, high = self.timing.phantom
                phantom.seconds = self._rng.uniform(low, high)
                phantom.timer = self.set_timer(phantom.seconds, partial(self._phantom_over, phantom.token))
            else:
                waiting = True
        for countdown in (self.countdown, self.day_timer):
            if countdown is not None and not countdown.running:
                if self._idle():
                    countdown.start()
                    self._show_timer()
                else:
                    waiting = True
        if not waiting and self._poll_timer is not None:
            self._poll_timer.pause()

    def _phantom_over(self, token: int) -> None:
        phantom, self._phantom = self._phantom, None
        if phantom is None or phantom.token != token or token != len(self.session.played):
            return
        info = self.game.call_info()
        if info and info["step"] == "pass":
            self.submit("pass")

    def _drop_phantom(self) -> None:
        if self._phantom is not None and self._phantom.timer is not None:
            self._phantom.timer.stop()
        self._phantom = None

    # -- timers -------------------------------------------------------------

    def _sync_timers(self, view: View) -> None:
        info = self.game.call_info()
        if info and info["call"] == "gauekos" and info["step"] == "victim" and info["countdown"]:
            token = (GAUEKOS, len(self.session.played))
            if self.countdown is None or self.countdown.token != token:
                self.countdown = Countdown(GAUEKOS, int(info["countdown"]), token)
                self._waiting()
        else:
            self.countdown = None
        total = view.public["day_timer"]
        day = view.public["day"]
        if total:
            token = (DAY, day)
            if self.day_timer is None or self.day_timer.token != token:
                self.day_timer = Countdown(DAY, int(total), token, left=self._day_left.get(day))
                self._waiting()
        elif self.day_timer is not None:
            self._day_left[self.day_timer.token[1]] = self.day_timer.left  # type: ignore[index]
            self.day_timer = None

    def tick(self) -> None:
        """One second of every running timer; their lines are said. Tests call it by hand."""
        for countdown in (self.countdown, self.day_timer):
            if countdown is None:
                continue
            for line in countdown.tick():
                self.narrator.say_line(line)
        self._show_timer()

    # -- keys: the one way to notation --------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "elect":
            return self.can_elect()
        if action == "vote_mode":
            return self.mode.kind == VOTE
        if action == "timer":
            return bool(self.countdown or self.day_timer)
        if action == "gaueko_count":
            return self.mode.kind == SETUP
        if action == "letter":
            return self._letter_means(str(parameters[0]) if parameters else "")
        return super().check_action(action, parameters)

    def _letter_means(self, letter: str) -> bool:
        if self.mode.kind == SETUP:
            return letter in KEY_SPECIAL or letter == "x"
        if self.mode.kind == VOTE:
            return letter == "n" and self.draft is not None and self.draft.mode == VOTERS
        return letter in self.mode.words

    def can_elect(self) -> bool:
        if self.electing or self.session.outcome() is not None:
            return False
        info = self.game.call_info()
        if info and info["call"] == "election":
            return False
        return any(c.notation.startswith("mayor ") for c in self.session.expects().choices)

    def play(self, notation: str) -> bool:
        """Play a line built by a key; the frame shows a refusal and changes nothing."""
        self._stop_digits()
        if self._phantom is not None:
            self._drop_phantom()
        accepted = self.submit(notation)
        if accepted:
            self.electing = False
            self.refresh_view()
        return accepted

    def action_choose(self, number: int) -> None:
        kind = self.mode.kind
        if kind == OVER:
            return
        if kind == SETUP:
            roles = deck_roles(self.game.public_state()["deck"])
            if 1 <= number <= len(roles) and self.cursor is not None:
                self.play(f"role {self.cursor} {roles[number - 1]}")
            else:
                self.show_error(ui("ui.game.no_such_choice", self.lang, number=number))
            return
        if kind == VOTE and self.draft is not None and self.draft.mode == COUNTS:
            self.draft.count_digit(number)
            self._redraw()
            return
        if kind in (SEAT, PAIR, VOTE):
            self._seat_digit(number)
            return
        if 1 <= number <= len(self.mode.numbered):
            self.play(self.mode.numbered[number - 1].notation)
        else:
            self.show_error(ui("ui.game.no_such_choice", self.lang, number=number))

    def _seat_digit(self, digit: int) -> None:
        players = len(self.game.players)
        typed = self.digits + str(digit)
        if typed.startswith("0"):
            return
        value = int(typed)
        if value > players:
            self._stop_digits()
            self.show_error(ui("ui.gauekos.no_seat", self.lang, seat=value, players=players))
            self._redraw()
            return
        longer = any(str(seat).startswith(typed) and seat != value for seat in range(1, players + 1))
        if not longer:
            self._stop_digits()
            self.commit_seat(value)
            return
        self.digits = typed
        self.cursor = value
        if self._digit_timer is not None:
            self._digit_timer.stop()
        self._digit_timer = self.set_timer(self.timing.digit_wait, self._digits_waited)
        self._redraw()

    def _digits_waited(self) -> None:
        if self.digits:
            value = int(self.digits)
            self._stop_digits()
            self.commit_seat(value)

    def _stop_digits(self) -> None:
        self.digits = ""
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None

    def commit_seat(self, seat: int) -> None:
        """A seat was chosen (digits, Enter on the cursor, a click): what it means depends on the mode."""
        mode = self.mode
        self.cursor = seat
        if mode.kind == SEAT and mode.verb:
            self.play(f"{mode.verb} {seat}")
        elif mode.kind == PAIR:
            if seat in self.marks:
                self.marks.remove(seat)
            else:
                self.marks.append(seat)
                if len(self.marks) > 2:
                    self.marks.pop(0)
            if mode.verb == "lovers" and len(self.marks) == 2:
                a, b = sorted(self.marks)
                if not self.play(f"lovers {a} {b}"):
                    self.marks = []
            self._redraw()
        elif mode.kind == VOTE and self.draft is not None:
            self.draft.vote(seat)
            self._redraw()
        elif mode.kind == SETUP:
            self._redraw()

    def on_seat_picked(self, message: SeatPicked) -> None:
        message.stop()
        if self.mode.kind == SETUP:
            self.cursor = message.seat
            self._redraw()
        else:
            self.commit_seat(message.seat)

    async def on_key_pressed(self, message: KeyPressed) -> None:
        message.stop()
        await self.run_action(message.action)

    def action_pick(self) -> None:
        """Enter: the typed digits, else the cursor's seat, else go on."""
        if self.digits:
            self._digits_waited()
            return
        kind = self.mode.kind
        if kind in (SEAT, PAIR) and self.cursor is not None:
            self.commit_seat(self.cursor)
        elif kind == VOTE:
            self._record_vote()
        elif kind != SETUP:
            self.action_go_on()

    def action_go_on(self) -> None:
        """Space: the one thing to do when there is nothing to choose."""
        kind = self.mode.kind
        if kind == OVER:
            return
        if kind == VOTE:
            self._record_vote()
            return
        if kind == PAIR and self.mode.verb == "runoff" and len(self.marks) == 2:
            a, b = sorted(self.marks)
            self.play(f"runoff {a} {b}")
            return
        if self.mode.go_on is not None:
            self.play(self.mode.go_on.notation)
        else:
            self.show_error(ui("ui.gauekos.nothing_to_go_on", self.lang))

    def _record_vote(self) -> None:
        """Record the draft; an empty one is not recorded by a stray key (type `vote` with : for that)."""
        draft = self.draft
        if draft is None:
            return
        if not (draft.ballot_pairs() if draft.mode == VOTERS else any(draft.counts.values())):
            self.show_error(ui("ui.gauekos.nothing_to_go_on", self.lang))
            return
        draft.typing = False  # a count typed after this replaces, even when the line is refused
        self.play(draft.notation())

    def action_move(self, dx: int, dy: int) -> None:
        kind = self.mode.kind
        if kind == OVER:
            self.query_one(EndPanel).scroll_relative(y=dy * 3 or dx * 3, animate=False)
            return
        if kind == VOTE and self.draft is not None:
            self.draft.move(dx + dy)
            self._redraw()
            return
        if kind not in (SETUP, SEAT, PAIR):
            return
        players = len(self.game.players)
        columns = max(1, self.query_one(SeatGrid).columns)
        seat = (self.cursor or 1) + dx + dy * columns
        self.cursor = min(players, max(1, seat))
        self._stop_digits()
        self._redraw()

    def action_erase(self) -> None:
        if self.digits:
            self._stop_digits()
        elif self.mode.kind == VOTE and self.draft is not None:
            self.draft.back()
        self._redraw()

    def action_letter(self, letter: str) -> None:
        kind = self.mode.kind
        if kind == SETUP:
            if letter == "x":
                self.play("deal")
            elif letter in KEY_SPECIAL:
                self._toggle_special(KEY_SPECIAL[letter])
            return
        if kind == VOTE and self.draft is not None and letter == "n":
            if self.draft.mode == VOTERS:
                self.draft.vote(None)
            self._redraw()
            return
        choice = self.mode.words.get(letter)
        if choice is not None:
            self.play(choice.notation)

    def _toggle_special(self, role: str) -> None:
        deck = self.game.public_state()["deck"]
        specials = [r for r in SPECIAL_KEYS if (r in deck) != (r == role)]
        self.play(" ".join(["deck", "gaueko", str(deck.get("gaueko", 0)), *specials]))

    def action_gaueko_count(self, step: int) -> None:
        deck = self.game.public_state()["deck"]
        specials = [r for r in SPECIAL_KEYS if r in deck]
        self.play(" ".join(["deck", "gaueko", str(deck.get("gaueko", 0) + step), *specials]))

    def action_elect(self) -> None:
        if self.can_elect():
            self.electing = True
            self.refresh_view()

    def action_vote_mode(self) -> None:
        if self.mode.kind == VOTE and self.draft is not None:
            self.draft.switch()
            self._redraw()

    def action_timer(self) -> None:
        shown = self.countdown or self.day_timer
        if shown is not None:
            shown.toggle_pause()
            self._show_timer()

    def action_grimoire(self) -> None:
        self.app.push_screen(GrimoireScreen(self._grimoire()))

    def action_leave(self) -> None:
        if self.electing or self.digits:
            self.electing = False
            self._stop_digits()
            self.refresh_view()
            return
        super().action_leave()

    def action_undo(self) -> None:
        self._drop_phantom()
        self._stop_digits()
        self.electing = False
        super().action_undo()

    def _redraw(self) -> None:
        self._draw(self.build_view())

    # -- the grimoire ---------------------------------------------------------

    def _grimoire(self) -> list[Content]:
        private = self.game.private_state() if self.revealed else None
        return grimoire_lines(self.game.public_state(), private, self.game.settings, self.lang)

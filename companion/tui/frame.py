"""The frame every game screen reuses.

`GameScreen(session)` shows what happens now (the prompt, big), the numbered
choices, the table state, the log, the dice panel, the narrator's subtitle
and a footer with the keys. It is the only place that calls the rules, and
it does so only through `session.act(notation)`: number keys, buttons and
the `:` command line all build notation strings.

A per-game screen subclasses it and plugs in at three points:

* `compose_table()` yields the widgets of the middle area (default: the
  state panel and the dice panel beside the log);
* `update_view(view)` receives a `View` after every change and pushes it
  down to the widgets (call `super().update_view(view)` first);
* `BINDINGS` adds keys (Textual merges them with the frame's); a key or a
  widget that plays something calls `self.submit("notation")` or posts
  `ActionRequested("notation")`;
* `menu_entries(view)` says which menu entries there are (default: the
  prompt's choices as they are); a game folds, covers and adds flows there
  (its policy), and `entry_flow(entry)` starts a flow of its own. The frame
  owns the rest (menu.py): it keys the entries, pages what does not fit in
  the choice bar behind a visible "más…", and a number key, a click, Enter
  on the bar's highlighted entry (Tab reaches the bar) or a picker's key
  plays only an entry that is on screen.

Register it with `companion.tui.games.register_screen(game_name, "module:Class")`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from textual.actions import parse as parse_action
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from companion.core.dice import Draw, parse_dice
from companion.core.errors import CompanionError, SavedButError
from companion.core.language import explain
from companion.core.game import Choice, Event, Line, Outcome, Prompt

from .i18n import say, ui
from .keys import translate_keys
from .log import EventLog
from .menu import Entry, MenuState, entry_for
from .picker import PickerScreen
from .publish import HEARTBEAT, LivePublisher
from .widgets import (
    ActionRequested,
    ChoiceBar,
    DicePanel,
    EntryPicked,
    ErrorLine,
    FittedFooter,
    FreeRollRequested,
    NotationInput,
    OutcomeBanner,
    PromptPanel,
    StatePanel,
    SubtitleBar,
    TableEntry,
    shown_notation,
    ShownRolls,
)

HERE = Path(__file__).parent
W = TypeVar("W")


def table_dice(chance: str) -> tuple[int, int] | None:
    """How many dice and of how many sides a roll takes (`2d6+d6`: the general's and the Kaiju's,
    three d6 in that order); None for a deck, or dice of different sides."""
    specs = []
    for part in chance.split("+"):
        try:
            spec = parse_dice(part)
        except CompanionError:
            return None
        if spec.modifier:
            return None
        specs.append(spec)
    if not specs or len({spec.sides for spec in specs}) != 1:
        return None
    return sum(spec.count for spec in specs), specs[0].sides


def table_format(chance: str, lang: str) -> str:
    """How the table writes what it rolled or drew for `chance`: `2 dados del 1 al 6 (p. ej. 3 4)`."""
    dice = table_dice(chance)
    if dice is None:
        return ui("ui.menu.table_card", lang)
    count, sides = dice
    example = " ".join(str(min(sides, 3 + n)) for n in range(count))
    return ui("ui.menu.table_dice", lang, count=count, sides=sides, example=example)


def table_choice(choices: list[Choice], values: list[str], lang: str) -> tuple[Choice | None, str]:
    """The roll the typed faces are for (the one with as many dice), range-checked; else why not,
    in this game's roll format. A card goes to the rules as typed (they say whether it can be drawn)."""
    formats = []
    for choice in choices:
        dice = table_dice(choice.chance or "")
        if dice is None:
            return choice, ""
        count, sides = dice
        formats.append(table_format(choice.chance or "", lang))
        if len(values) == count and all(v.isdecimal() and len(v) <= 3 and 1 <= int(v) <= sides for v in values):
            return choice, ""
    return None, ui("ui.menu.table_refused", lang, typed=" ".join(values)[:20], formats=" · ".join(formats))


@dataclass
class View:
    """Everything a game screen shows, computed once per change."""

    prompt: Prompt
    outcome: Outcome | None
    public: dict[str, Any]
    private: dict[str, Any] | None  # None unless the game master revealed it
    played: list[Any]
    draws: list[Draw]  # the dice rolled in the game that may be shown now
    revealed: bool
    lang: str
    game_name: str
    free_roll: str | None = None


def _choice_bindings() -> list[Binding]:
    keys = [Binding("1", "choose(1)", "Choose", key_display="1-9")]
    keys += [Binding(str(n), f"choose({n})", f"Choice {n}", show=False) for n in (*range(2, 10), 0)]
    return keys


class CurtainScreen(ModalScreen[None]):
    """The privacy curtain: a blank screen over everything until lifted."""

    CSS_PATH = [HERE / "game.tcss"]
    BINDINGS = [
        Binding("c", "lift", "Lift the curtain", show=False),
        Binding("escape", "lift", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(Content(ui("ui.curtain.hint", self.app.lang)), id="curtain-hint", markup=False)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)

    def action_lift(self) -> None:
        self.dismiss()


class GameScreen(Screen[None]):
    """The frame of a game in play; subclass it for a game's own screen."""

    CSS_PATH = [HERE / "game.tcss"]
    AUTO_FOCUS = ""  # nothing focused: the number keys reach the choices

    BINDINGS = [
        *_choice_bindings(),
        Binding("at", "table_entry", "Table", key_display="@"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("colon", "command_line", "Notation", key_display=":"),
        Binding("c", "curtain", "Curtain"),
        Binding("v", "reveal", "Secrets"),
        Binding("d", "dice", "Dice", show=False),
        Binding("m", "app.mute", "Mute"),
        Binding("s", "app.skip", "Skip", show=False),
        Binding("r", "app.repeat", "Repeat", show=False),
        Binding("f6", "free_roll('d6')", "Roll d6", show=False),
        Binding("f8", "free_roll('d8')", "Roll d8", show=False),
        Binding("f2", "free_roll('2d6')", "Roll 2d6", show=False),
        Binding("u", "table_view", "Table view", show=False),
        Binding("pageup", "scroll_panel('page_up')", "Scroll", show=False),
        Binding("pagedown", "scroll_panel('page_down')", "Scroll", show=False),
        Binding("home", "scroll_panel('home')", "Scroll", show=False),
        Binding("end", "scroll_panel('end')", "Scroll", show=False),
        Binding("escape", "leave", "Menu"),
    ]
    KEY_LINES = {"focus_next": "ui.key.focus_choices"}  # Tab reaches the choice bar first
    FOOTER_SPARE: tuple[str, ...] = ("redo", "mute", "leave", "reveal", "command_line", "undo", "curtain",
                                     "leave_choices")
    """The keys the footer drops first when they do not all fit (all stay in the `?` list); the
    focused choice bar's Esc goes before the screen's own keys and `?`."""

    ENDS_BURSTS = True
    """Lines said without sound stay together on the subtitle until the next key (app.on_narrated)."""

    revealed: reactive[bool] = reactive(False, init=False, repaint=False)
    """The game master asked to see the private state and events. Changing it redraws only
    what the view changes (`watch_revealed`), not the whole screen."""

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.session = session
        self.free_roll: str | None = None
        self.error: str = ""
        self._shown_answers: tuple[bool | None, ...] | None = None  # see `_binding_answers`
        self._found: dict[type, list[Any]] = {}  # see `widgets`
        self._rolls = {False: ShownRolls(False), True: ShownRolls(True)}  # see `build_view`
        self.menu_state = MenuState()
        # The rolls and draws `@` may stand in for now (kept by `show_menu`; known before the first
        # view so that the footer is drawn once with `@`, not drawn again after it).
        self.table_choices_now: list[Choice] = [] if session.outcome() is not None else [
            c for c in session.expects().choices if c.chance]
        self.shown_entries: list[Entry] = []  # the menu entries on screen now: what the keys play

    # -- layout --------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield PromptPanel(id="prompt")
        yield OutcomeBanner(id="outcome")
        yield ChoiceBar(id="choices")
        with Horizontal(id="middle"):
            yield from self.compose_table()
        yield ErrorLine(id="error")
        yield SubtitleBar(id="subtitle")
        yield NotationInput(id="notation")
        yield TableEntry(id="table-entry")
        yield FittedFooter(compact=True, show_command_palette=False)

    def compose_table(self) -> ComposeResult:
        """The middle of the screen; override to show a game's own board."""
        with Vertical(id="left"):
            yield StatePanel(id="state")
            yield DicePanel(id="dice")
        yield EventLog(id="log")

    @property
    def game(self) -> Any:
        """The game in play (the session's: a new object after every action)."""
        return self.session.game

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self._language, init=False)
        self._live = LivePublisher.for_session(self.session)  # what the table view follows
        if self._live is not None:
            self.watch(self.app, "subtitle", lambda _: self.publish_live(), init=False)
            self.set_interval(HEARTBEAT, self._live.beat)
        translate_keys(self, self.lang)
        self.refresh_view()
        prompt = self.session.expects()
        if prompt.say is not None and self.session.outcome() is None:
            self.before_prompt_said(prompt)
            self.narrator.say_line(prompt.say)

    def before_prompt_said(self, prompt: Prompt) -> None:
        """Just before the prompt's line is said (after the events'): a screen's cue goes here."""

    # -- data down -----------------------------------------------------------

    @property
    def narrator(self) -> Any:
        return self.app.narrator

    @property
    def lang(self) -> str:
        return self.app.lang

    def build_view(self) -> View:
        session = self.session
        game = session.game
        played = list(session.played)
        draws = self._rolls[self.revealed](played)  # only the actions new since the last view
        return View(
            prompt=session.expects(),
            outcome=session.outcome(),
            public=game.public_state(),
            private=game.private_state() if self.revealed else None,
            played=played,
            draws=draws,
            revealed=self.revealed,
            lang=self.lang,
            game_name=game.name,
            free_roll=self.free_roll,
        )

    def refresh_view(self) -> None:
        view = self.build_view()
        self.update_view(view)
        self.publish_live()
        answers = self._binding_answers()
        if answers != self._shown_answers:  # a key the footer shows changed state: redraw the footer
            self._shown_answers = answers
            self.refresh_bindings()

    def _binding_answers(self) -> tuple[bool | None, ...]:
        """What `check_action` answers now for each key the footer shows (the footer is
        redrawn only when one of them changes, not after every action)."""
        answers: list[bool | None] = []
        for bindings in self._bindings.key_to_bindings.values():
            for binding in bindings:
                if not binding.show:
                    continue
                destination, action, parameters = parse_action(binding.action)
                if not destination:
                    answers.append(self.check_action(action, parameters))
        return tuple(answers)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The choice keys show dimmed in the footer once the game is over."""
        if action == "choose" and self.session.outcome() is not None:
            return None
        if action == "table_entry":  # shown only while the table may roll or draw
            return bool(self.table_choices_now)
        return True

    def widgets(self, kind: type[W]) -> list[W]:
        """The widgets of `kind` on this screen, looked up once: a screen's panels are composed
        once, and a query walks every node (the log's entries too) on every update."""
        found = self._found.get(kind)
        if found is None:
            found = list(self.query(kind))
            if self.is_mounted:
                self._found[kind] = found
        return found  # type: ignore[return-value]

    def update_view(self, view: View) -> None:
        """Push the view down to the widgets; subclasses extend this."""
        over = view.outcome is not None
        for panel in self.widgets(PromptPanel):
            panel.display = not over
            if not over:
                panel.show(self.shown_prompt(view), view.lang)
        for banner in self.widgets(OutcomeBanner):
            banner.display = over
            if view.outcome is not None:
                banner.show(view.outcome, view.prompt, view.lang)
        self.show_menu(view)
        for state in self.widgets(StatePanel):
            state.show(view.public, view.private, view.game_name, view.lang)
        for log in self.widgets(EventLog):
            log.spell = self.session.game.shown  # the table's words, names where seats are meant
            log.show(view.played, view.revealed, view.lang)
        for dice in self.widgets(DicePanel):
            dice.show(view.draws, view.free_roll, view.lang)
        for line in self.widgets(ErrorLine):
            line.show(self.error)

    def shown_prompt(self, view: View) -> Prompt:
        """The prompt as drawn: a private one in its public form while the secrets are hidden
        (`v`): its title may name who holds a role, its detail a card; the keys still answer."""
        if view.revealed or not view.prompt.private or view.outcome is not None:
            return view.prompt
        return self.session.game.public_prompt()

    # -- the menu (menu.py): the game says which entries, the frame keys, pages and plays them --

    def menu_entries(self, view: View) -> list[Entry]:
        """The entries of this moment; a game's screen overrides this with its policy."""
        return [Entry.of(choice) for choice in view.prompt.choices]

    def menu_moment(self, view: View) -> Any:
        """While this stays the same, an entry keeps its number."""
        return (len(view.played), view.prompt.step, view.prompt.who)

    def show_menu(self, view: View) -> None:
        """Key and page the entries to what the choice bar shows whole; keep them as `shown_entries`."""
        over = view.outcome is not None
        state = self.menu_state
        state.set([] if over else self.menu_entries(view), self.menu_moment(view))
        self.table_choices_now = [] if over else self.table_choices(view)
        table = [Entry(Line("ui.menu.table"), kind="table", key="@")] if self.table_choices_now else []
        bars = [bar for bar in self.widgets(ChoiceBar)]
        room = 9
        shown = state.visible(room) + table
        for bar in bars[:1]:
            while room > 1:
                fits = bar.fits(shown, view.lang)
                if fits >= len(shown):
                    break
                room = max(1, min(room - 1, fits - len(table)))
                shown = state.visible(room) + table
        self.shown_entries = shown
        back_to, state.returned = state.returned, None  # a fold just closed: the highlight goes back to it
        for bar in bars:
            if over and bar.has_focus:  # hidden: its keys go back to the screen
                self.set_focus(None)
            bar.display = not over
            bar.show(shown, view.lang, highlight=back_to)

    def entry_flow(self, entry: Entry) -> None:
        """An entry of the screen's own `kind` was chosen (a game's screen starts its flow)."""

    def open_entry(self, entry: Entry) -> None:
        """Play an entry, open it (in place, or in a picker, covered for one player), or start its flow."""
        if entry.kind == "back":
            self.menu_state.close()
            self.refresh_view()
        elif entry.kind == "table":
            self.action_table_entry()
        elif entry.notation is not None:
            self.submit(entry.notation)
        elif entry.kind is not None:
            self.entry_flow(entry)
        elif entry.inline:
            self.menu_state.open(self.shown_entries, entry)
            self.show_error("")
            self.refresh_view()
        else:
            cover = entry.cover  # one player's secret: behind the cover that asks whose, `v` or not
            self.app.clear_notifications()  # a toast must not show over a covered picker
            self.app.push_screen(PickerScreen(entry.title or entry.label, entry.inner, detail=entry.detail,
                                              cover=cover), self.picked)

    def picked(self, notation: str | None) -> None:
        """A picker's answer: the notation of the entry chosen in it (None: nothing chosen)."""
        if notation:
            self.submit(notation)

    def choose_entry(self, entry: Entry) -> None:
        """The one way an entry is chosen (its number key, a click, Enter on its highlight): only
        an entry on screen now, opened or played as it says."""
        if entry in self.shown_entries:
            self.open_entry(entry)

    def on_entry_picked(self, message: EntryPicked) -> None:
        message.stop()
        self.choose_entry(message.entry)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)  # another width: other entries fit the bar

    # -- the table's own dice and cards (`@`) ----------------------------------

    def table_choices(self, view: View) -> list[Choice]:
        """The rolls and draws offered now that the table's own dice or cards may stand in for
        (a game leaves out what the table never draws itself, such as a deal)."""
        return [c for c in view.prompt.choices if c.chance]

    def table_words(self, choice: Choice) -> tuple[str, bool]:
        """The field's label for `choice`, and whether what is typed is hidden (a secret die)."""
        return ui("ui.menu.table_label", self.lang, dice=choice.chance), False

    def action_table_entry(self) -> None:
        """`@`: a small field for what the table rolled or drew, checked here, played as `x @ 3 4`."""
        choices = self.table_choices_now
        if not choices or self.session.outcome() is not None:
            self.show_error(ui("ui.menu.table_nothing", self.lang))
            return
        label, password = self.table_words(choices[0])
        placeholder = "  ·  ".join(dict.fromkeys(table_format(c.chance or "", self.lang) for c in choices))
        self.query_one(TableEntry).open(label, placeholder, password)

    def on_table_entry_entered(self, message: TableEntry.Entered) -> None:
        message.stop()
        self.play_table(message.values)

    def play_table(self, typed: str) -> None:
        """What the table rolled or drew, as typed in the field: checked, played, the field closed."""
        values = typed.replace("@", " ").split()  # `@ 3 4` typed by habit (or a second `@`): the faces
        if not values:
            return
        choice, refusal = table_choice(self.table_choices_now, values, self.lang)
        if choice is None:
            self.show_error(refusal)
            return
        if self.submit(f"{choice.notation} @ {' '.join(values)}"):
            self.query_one(TableEntry).action_close()

    # -- the table view: what it cannot read in the save (companion/tui/publish.py) --

    _live: LivePublisher | None = None

    def live_timers(self) -> list[Any]:
        """The timers the whole table watches (`publish.timer(...)`); a game screen with some says so."""
        return []

    def publish_live(self) -> None:
        if self._live is not None:
            self._live.update(subtitle=self.app.subtitle, timers=self.live_timers(), lang=self.lang,
                              actions=len(self.session.played))

    def on_unmount(self) -> None:
        if self._live is not None:
            self._live.close()
            self._live = None

    def _language(self, lang: str) -> None:
        """Switched in the game (the palette): the screen redraws in `lang`, the subtitle said in
        the other language goes, and the question waiting is said again in this one."""
        translate_keys(self, lang)
        self.app._burst = None
        self.app.subtitle = ""
        self.refresh_view()
        if self.session.outcome() is None:
            prompt = self.session.expects()
            if prompt.say is not None:
                self.narrator.say_line(prompt.say)

    def watch_revealed(self, revealed: bool) -> None:
        self.refresh_view()

    # -- playing: the one way in -------------------------------------------

    def submit(self, notation: str) -> bool:
        """Play `notation` through the session; True when it was accepted."""
        try:
            events = self.session.act(notation)
        except CompanionError as exc:  # refused (ActionError) or not saved (SaveError)
            self.refuse(exc)
            return False
        self.error = ""
        self.speak(events)
        self.refresh_view()
        return True

    def refuse(self, exc: CompanionError) -> None:
        """Show a refusal in words, once, on the error line (a toast only where a screen has
        none showing); the game is exactly as it was. A typo ("did you mean ...?") says
        what is allowed now too."""
        hidden = not self.revealed  # secrets hidden: the refusal as the table may read it
        message = explain(exc, self.lang, public=hidden)
        line = getattr(exc, "line", None)
        if getattr(exc, "allowed", None) is None and getattr(line, "id", "") == "error.notation.did_you_mean":
            hint = self.session.hint(public=hidden)
            if hint is not None:
                message = f"{message} {say(hint, self.lang)}"
        self.show_error(message)
        if not any(error.display and error.has_class("-shown") and error.visible for error in self.widgets(ErrorLine)):
            self.notify(message, title=ui("ui.game.refused", self.lang), severity="error", markup=False)
        if isinstance(exc, SavedButError):  # done in the save all the same: the screen shows it done
            self.refresh_view()

    def show_error(self, message: str) -> None:
        """Put `message` on the error line ("" clears it)."""
        self.error = message
        for line in self.widgets(ErrorLine):
            line.show(message)

    def speak(self, events: list[Event]) -> None:
        """Say the public events meant to be spoken, in order, then what comes next."""
        for event in events:
            if event.speak and not event.private:
                self.narrator.say_line(event.line)
        prompt = self.session.expects()
        if prompt.say is not None:
            self.before_prompt_said(prompt)
            self.narrator.say_line(prompt.say)

    def on_action_requested(self, message: ActionRequested) -> None:
        message.stop()
        self.submit(message.notation)

    # -- keys -------------------------------------------------------------

    def action_choose(self, number: int) -> None:
        """A number key: the entry shown with that number, and no other."""
        if self.session.outcome() is not None:
            return
        entry = entry_for(self.shown_entries, str(number))
        if entry is not None:
            self.choose_entry(entry)
        elif number == 0 and self.menu_state.close():
            self.refresh_view()
        else:
            self.show_error(ui("ui.game.no_such_choice", self.lang, number=number))

    def action_undo(self) -> None:
        if not self.session.can_undo:
            self.show_error(ui("ui.game.nothing_to_undo", self.lang))
            return
        notation = shown_notation(self.session.played[-1], self.revealed, self.lang, self.session.game.shown)
        try:
            self.session.undo()
        except CompanionError as exc:
            self.refuse(exc)
            return
        self.error = ""
        self.notify(ui("ui.game.undone", self.lang, notation=notation), markup=False)
        self.refresh_view()

    def action_redo(self) -> None:
        if not self.session.can_redo:
            self.show_error(ui("ui.game.nothing_to_redo", self.lang))
            return
        try:
            events = self.session.redo()
        except CompanionError as exc:
            self.refuse(exc)
            return
        self.error = ""
        notation = shown_notation(self.session.played[-1], self.revealed, self.lang, self.session.game.shown)
        self.notify(ui("ui.game.redone", self.lang, notation=notation), markup=False)
        self.speak(events)
        self.refresh_view()

    def action_command_line(self) -> None:
        self.query_one(NotationInput).open(ui("ui.game.notation_placeholder", self.lang))

    def on_key(self, event: events.Key) -> None:
        """`:` opens the notation line at once, and keys already queued behind it (typed fast,
        pasted, sent by tmux) go into it: Textual routes each key when it arrives and runs a
        binding's action later, so without this they would reach the screen's own keys."""
        end_burst = getattr(self.app, "end_burst", None)
        if end_burst is not None:
            end_burst()  # what the last key did was on screen until this one
        if self.table_key(event):
            event.stop()
            event.prevent_default()
            return
        found = self.query(NotationInput)
        line = found.first() if found else None
        if line is None:
            return
        if not line.is_open:
            if event.character != ":" or not self.keys_free():
                return
            self.action_command_line()
        elif self.focused is not line:
            return
        elif event.is_printable and event.character:
            line.insert_text_at_cursor(event.character)
        elif event.key == "enter":
            line.post_message(Input.Submitted(line, line.value))
        else:
            return
        event.stop()
        event.prevent_default()

    def table_key(self, event: events.Key) -> bool:
        """`@` and the faces typed right behind it, as `:` and its line: `@` opens the table's
        field at once, and keys already routed to the screen go into it (True: the key was used)."""
        entry = self.query(TableEntry).first() if self.query(TableEntry) else None
        if entry is None:
            return False
        field = entry.query_one("#table-input", Input)
        if not entry.is_open:
            if event.character != "@" or not self.keys_free() or not self.table_choices_now:
                return False
            self.action_table_entry()
        elif self.focused is not field:
            return False
        elif event.is_printable and event.character:
            field.insert_text_at_cursor(event.character)
        elif event.key == "enter":  # now, not posted: the keys queued behind it are the next roll's
            self.play_table(field.value)
        else:
            return False
        return True

    def keys_free(self) -> bool:
        """The screen's typed keys are its own: nothing has the focus, or only the choice bar
        (which takes the arrows and Enter, not what is typed)."""
        return self.focused is None or isinstance(self.focused, ChoiceBar)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not isinstance(event.input, NotationInput):
            return
        event.stop()
        if self.submit(event.value):
            event.input.action_close()

    def action_scroll_panel(self, where: str) -> None:
        """PgUp/PgDn/Home/End: scroll the panel that holds what happened (the log, a screen's own)."""
        target = self.scroll_target()
        if target is None:
            return
        if hasattr(target, "scroll_lines"):  # a panel that scrolls its own lines (Kaiju's bank)
            target.scroll_lines(where)
            return
        {"page_up": target.scroll_page_up, "page_down": target.scroll_page_down,
         "home": target.scroll_home, "end": target.scroll_end}[where](animate=False)

    def scroll_target(self) -> Any:
        """The panel PgUp/PgDn scroll: the log shown (a screen with another panel says which)."""
        return next((log for log in self.widgets(EventLog) if log.display), None)

    def action_curtain(self) -> None:
        self.app.clear_notifications()  # a toast must not show through the curtain
        self.app.push_screen(CurtainScreen())

    def action_reveal(self) -> None:
        self.revealed = not self.revealed

    def action_dice(self) -> None:
        self.app.action_dice()

    def action_free_roll(self, dice: str) -> None:
        self.free_roll = self.app.free_roll(dice)
        self.refresh_view()

    def on_free_roll_requested(self, message: FreeRollRequested) -> None:
        message.stop()
        self.action_free_roll(message.dice)

    def action_table_view(self) -> None:
        """How to show the table view: second terminal, browsers, and the served address."""
        from .tableview import TableViewScreen

        if self.session.path is not None:
            self.app.push_screen(TableViewScreen(self.session.path))

    def action_leave(self) -> None:
        """Close an open fold of the menu first; else ask (the game is saved either way): Enter
        leaves, Esc stays."""
        from .modals import LeaveScreen

        if self.menu_state.close():
            self.refresh_view()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.app.leave_game(self)

        self.app.push_screen(LeaveScreen(finished=self.session.outcome() is not None), answered)

"""The start screen: a new game, a save to resume, the language, and the
way to the dice-and-tables screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    OptionList,
    RadioButton,
    RadioSet,
    Select,
    Static,
    TabbedContent,
    TabPane,
    Tabs,
)
from textual.widgets.option_list import Option as ListOption

from companion.core.errors import CompanionError, DamagedSaveError, SaveError
from companion.core.game import Game, Line, Option
from companion.core.language import LANGUAGES, available_languages, explain
from companion.core.registry import find_game, game_names
from companion.core.text import printable

from .i18n import game_summary, game_title, option_help, option_label, option_value, say, ui
from .keys import translate_keys
from .memory import last_game, remember_game, remember_lang
from .saves import SaveSummary, recent_saves, save_path
from .widgets import ErrorLine, FittedFooter, UIText

HERE = Path(__file__).parent


def parse_players(text: str, lang: str) -> list[str]:
    """Names separated by commas, exactly as typed; or a count, for seats named in `lang`."""
    text = text.strip()
    if not text:
        return []
    if text.isascii() and text.isdigit():
        if len(text) > 2:  # not a number of seats (no game seats 100): no seats to show
            return []
        return [ui("ui.start.seat", lang, n=n) for n in range(1, int(text) + 1)]
    return [name.strip() for name in text.split(",")]


class StartRequested(Message):
    """The form asks for a new game with these players and options."""

    def __init__(self, game: type[Game], players: list[str], options: dict[str, Any], save_as: str) -> None:
        super().__init__()
        self.game = game
        self.players = players
        self.options = options
        self.save_as = save_as


class ResumeRequested(Message):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class NewGameForm(VerticalScroll):
    """Choose the game, name the players (or count them), set options and the save name."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.games = game_names()
        self.first = self.games[0][0]
        self.game_cls: type[Game] = find_game(self.first)
        self._options_game: type[Game] | None = None  # the game the option fields belong to

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        remembered = last_game(self.app.home)  # the last game chosen (never the dice duel)
        if remembered is not None and remembered in dict(self.games):
            try:
                self.game_cls, self.first = find_game(remembered), remembered
            except CompanionError:
                pass
        with Horizontal(classes="row"):
            yield UIText("ui.start.game", classes="label")
            yield Select(self._game_titles(lang), value=self.first, allow_blank=False, compact=True,
                         id="game")
        yield Static(id="summary", classes="help", markup=False)
        with Horizontal(classes="row"):
            yield UIText("ui.start.players", classes="label")
            yield Input(id="players", compact=True, placeholder=ui("ui.start.players_placeholder", lang))
        yield Static(id="seats", classes="help", markup=False)
        # Built here, not after mounting: mounting them later restyled the form twice at start-up.
        self._options_game = self.game_cls
        yield Vertical(*self._option_rows({}, lang), id="options")
        with Horizontal(classes="row"):
            yield UIText("ui.start.save_as", classes="label")
            yield Input(id="save-as", compact=True)
        with Horizontal(classes="row", id="begin-row"):
            yield Button(id="begin", variant="primary", compact=True)
        yield ErrorLine(id="new-error")

    def on_mount(self) -> None:
        self.watch(self.app, "lang", lambda _: self.relabel(), init=False)
        self.relabel(options=False)

    def _game_titles(self, lang: str) -> list[tuple[Content, str]]:
        # By name: listing the games must not import them all.
        return [(Content(say(Line(f"game.{name}.title"), lang)), name) for name, _ in self.games]

    def relabel(self, options: bool = True, titles: bool | None = None) -> None:
        lang = self.app.lang
        if options if titles is None else titles:  # the language changed: the games' titles too
            select = self.query_one("#game", Select)
            chosen = select.value
            with select.prevent(Select.Changed):
                select.set_options(self._game_titles(lang))
                select.value = chosen
        self.query_one("#summary", Static).update(Content(game_summary(self.game_cls, lang)))
        self.query_one("#players", Input).placeholder = ui("ui.start.players_placeholder", lang)
        self.query_one("#save-as", Input).placeholder = ui("ui.start.save_placeholder", lang,
                                                         game=self.game_cls.name)
        self.query_one("#begin", Button).label = Content(ui("ui.start.begin", lang))
        self.show_seats()
        if options:
            self.build_options()

    # -- the parts ---------------------------------------------------------

    def show_seats(self) -> None:
        lang = self.app.lang
        players = parse_players(self.query_one("#players", Input).value, lang)
        seats = self.query_one("#seats", Static)
        if not players:
            seats.update(Content(ui("ui.start.players_help", lang, low=self.game_cls.min_players,
                                    high=self.game_cls.max_players)))
            return
        parts: list[Any] = [ui("ui.start.seats", lang) + " "]
        for number, name in enumerate(players, 1):
            if number > 1:
                parts.append("  ")
            parts.extend([(f"{number} ", "dim"), (name, "bold")])
        seats.update(Content.assemble(*parts))

    def build_options(self) -> None:
        self.call_later(self._build_options)

    async def _build_options(self) -> None:
        """One row per option of the game: label (house rules marked), field, help with the default."""
        lang = self.app.lang
        box = self.query_one("#options", Vertical)
        values = self.option_values() if self._options_game is self.game_cls else {}
        focused = self.app.focused
        lost = focused is not None and box in focused.ancestors  # a field about to go
        await box.remove_children()
        self._options_game = self.game_cls
        await box.mount_all(self._option_rows(values, lang))
        if lost or self.app.focused is None or not self.app.focused.is_attached:
            self.query_one("#game", Select).focus()  # where the person was: never nowhere

    def _option_rows(self, values: dict[str, Any], lang: str) -> list[Any]:
        rows: list[Any] = []
        for option in self.game_cls.options:
            label = option_label(self.game_cls.name, option, lang)
            if option.house_rule:
                label = f"{label} ({ui('ui.start.house_rule', lang)})"
            row = Horizontal(Static(Content(label), classes="label", markup=False),
                             self._option_widget(option, values.get(option.key, option.default), lang),
                             classes="row")
            help_text = option_help(self.game_cls.name, option, lang)
            default = ui("ui.start.default", lang,
                         value=option_value(self.game_cls.name, option, option.default, lang))
            rows.append(row)
            rows.append(Static(Content(f"{help_text} {default}".strip()), classes="help", markup=False))
            rows.append(ErrorLine(id=f"error-{option.key}"))
        if not rows:
            rows.append(Static(Content(ui("ui.start.no_options", lang)), classes="help", markup=False))
        return rows

    @staticmethod
    def _show_value(value: Any, lang: str) -> str:
        if isinstance(value, bool):
            return ui("ui.on" if value else "ui.off", lang)
        return str(value)

    def _option_widget(self, option: Option, value: Any, lang: str):
        wid = f"option-{option.key}"
        if isinstance(option.default, bool):
            # The label says the state ("on"/"off"); a fixed "On" read as on when it was off.
            checked = bool(value) if isinstance(value, bool) else bool(option.default)
            return Checkbox(Content(self._show_value(checked, lang)), value=checked, compact=True, id=wid)
        if option.choices:
            return Select([(Content(option_value(self.game_cls.name, option, c, lang)), c) for c in option.choices],
                          value=value if value in option.choices
                          else option.default, allow_blank=False, compact=True, id=wid)
        return Input(str(value), compact=True, id=wid)

    def option_values(self) -> dict[str, Any]:
        """What the option fields hold now, as typed (not coerced)."""
        values: dict[str, Any] = {}
        for option in self.game_cls.options:
            found = self.query(f"#option-{option.key}")
            if not found:
                continue
            widget = found.first()
            values[option.key] = widget.value
        return values

    # -- events ------------------------------------------------------------

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is Select.NULL or event.value == self.game_cls.name:
            return
        self.game_cls = find_game(str(event.value))
        # Not the games' titles: resetting the Select's options while its list is closing left
        # the focus on the hidden list (Tab and typing went nowhere).
        self.relabel(titles=False)

    @on(Checkbox.Changed)
    def option_toggled(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = Content(self._show_value(event.value, self.app.lang))

    @on(Input.Changed, "#players")
    def players_changed(self, event: Input.Changed) -> None:
        self.show_seats()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.begin()

    @on(Button.Pressed, "#begin")
    def begin_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.begin()

    def begin(self) -> None:
        """Check what can be checked here, then ask the screen to start the game."""
        lang = self.app.lang
        errors: list[str] = []
        options: dict[str, Any] = {}
        for key, raw in self.option_values().items():
            option = next(o for o in self.game_cls.options if o.key == key)
            try:
                options[key] = option.coerce(raw)
            except CompanionError as exc:
                errors.append(explain(exc, self.app.lang))
                self.query_one(f"#error-{key}", ErrorLine).show(errors[-1])
            else:
                self.query_one(f"#error-{key}", ErrorLine).show("")
        players = parse_players(self.query_one("#players", Input).value, lang)
        if not players:
            errors.insert(0, ui("ui.start.no_players", lang, low=self.game_cls.min_players,
                                high=self.game_cls.max_players))
        if errors:
            self.show_error(" ".join(errors))
            return
        self.show_error("")
        self.post_message(StartRequested(self.game_cls, players, options,
                                         self.query_one("#save-as", Input).value))

    def show_error(self, message: str) -> None:
        self.query_one("#new-error", ErrorLine).show(message)
        if message:
            self.scroll_end(animate=False)


class SavesPanel(Vertical):
    """The saves in the home folder, newest first; Enter resumes one.

    Empty until its tab is first opened (`build`): the saves are known (`saves`)
    before that, but listed only when someone looks."""

    def __init__(self, home: Path, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.home = home
        self.saves: list[SaveSummary] = []
        self.built = False

    async def build(self) -> None:
        """Make the listing (once), showing the saves known now."""
        if self.built:
            return
        self.built = True
        await self.mount_all([UIText("ui.resume.folder", classes="help", folder=str(self.home)),
                              OptionList(id="saves", compact=True), ErrorLine(id="resume-error")])
        self.show(self.saves)

    def on_mount(self) -> None:
        self.watch(self.app, "lang", lambda _: self.show(self.saves), init=False)

    def show(self, saves: list[SaveSummary]) -> None:
        lang = self.app.lang
        self.saves = saves
        if not self.built:
            return
        listing = self.query_one("#saves", OptionList)
        listing.clear_options()
        if not saves:
            listing.add_option(ListOption(Content(ui("ui.resume.none", lang)), disabled=True))
            return
        listing.add_options([ListOption(self._line(s, lang, self.home), id=str(i)) for i, s in enumerate(saves)])
        listing.highlighted = 0

    @staticmethod
    def _line(save: SaveSummary, lang: str, home: Path | None = None) -> Content:
        name = save.name
        if home is not None and save.path.parent != home:  # opened from elsewhere: say where
            name = printable(str(save.path))
        if save.problem and not save.damaged:
            return Content.assemble((name, "bold"), "\n  ", ("⚠ " + ui("ui.resume.unreadable", lang), "$text-error"))
        title = save.game
        try:
            title = game_title(find_game(save.game), lang)
        except CompanionError:
            pass
        parts: list[Any] = [(name, "bold"), "\n  ", title, " · "]
        for number, player in enumerate(save.players):  # names as typed: plain text, never markup
            parts += [", " if number else "", (player, "bold")]
        state = (save.state or {}).get(lang) or (save.state or {}).get("en")
        if state:
            state = ui("ui.resume.over", lang, result=state) if save.over else state
            parts += ["\n  ", ui("ui.resume.state", lang, state=state, when=save.when, count=save.actions)]
        else:
            parts += ["\n  ", ui("ui.resume.unknown_state", lang, count=save.actions)]
            if save.when:
                parts += [" · ", save.when]
        if save.damaged:
            parts += ["  ", ("⚠ " + ui("ui.resume.damaged_mark", lang), "$text-warning")]
        return Content.assemble(*parts)

    @on(OptionList.OptionSelected, "#saves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(ResumeRequested(self.saves[int(event.option.id)].path))

    def show_error(self, message: str) -> None:
        for line in self.query("#resume-error").results(ErrorLine):
            line.show(message)


class RecoverScreen(ModalScreen[bool]):
    """A damaged save: say which file and what is wrong, offer to recover the intact part."""

    CSS_PATH = [HERE / "start.tcss"]
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, error: DamagedSaveError) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        with Vertical(id="recover-box"):
            yield Static(Content(ui("ui.resume.damaged_title", lang)), id="recover-title", markup=False)
            yield Static(Content(ui("ui.resume.damaged", lang, file=printable(str(self.error.path)))), markup=False)
            yield Static(Content(say(self.error.problem, lang)), id="recover-problem", markup=False)
            recovery = getattr(self.error, "recovery", None)
            kept = len(recovery.kept) if recovery is not None else 0
            if kept:  # exactly which later actions are replayed, and which set aside
                yield Static(Content(ui("ui.resume.will_keep", lang, actions=recovery.listed("kept", lang))),
                             id="recover-kept", markup=False)
            if recovery is not None:
                yield Static(Content(ui("ui.resume.will_set_aside", lang, actions=recovery.listed("aside", lang))),
                             id="recover-aside", markup=False)
            with Vertical(id="recover-buttons"):
                yield Button(Content(ui("ui.resume.recover", lang, count=self.error.intact + kept)),
                             variant="warning", id="recover")
                yield Button(Content(ui("ui.cancel", lang)), id="cancel")

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        self.query_one("#recover", Button).focus()

    @on(Button.Pressed, "#recover")
    def recover(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


class LockedScreen(RecoverScreen):
    """A save another process is writing: say which file and which process (its
    pid and command), and offer to open it read-only (every action refused)."""

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        with Vertical(id="recover-box"):
            yield Static(Content(ui("ui.resume.locked_title", lang)), id="recover-title", markup=False)
            yield Static(Content(explain(self.error, lang)), id="recover-problem", markup=False)
            with Vertical(id="recover-buttons"):
                yield Button(Content(ui("ui.resume.read_only", lang)), variant="warning", id="recover")
                yield Button(Content(ui("ui.cancel", lang)), id="cancel")


class StartScreen(Screen[None]):
    """New game, resume, language, dice and tables."""

    CSS_PATH = [HERE / "start.tcss"]
    _opened = False  # the first listing of the saves has been shown
    BINDINGS = [
        Binding("f1", "new", "New game"),
        Binding("f2", "reload", "Saves"),
        Binding("f3", "app.dice", "Dice"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]
    KEY_LINES = {"new": "ui.start.new"}

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        translate_keys(self, lang)  # before the footer exists: relabelling it later recomposes it
        with Horizontal(id="start-top"):
            yield UIText("ui.app.title", id="start-title")
            yield RadioSet(*[RadioButton(Content(LANGUAGES.get(code, code)), value=code == lang, name=code)
                             for code in available_languages()], id="language", compact=True)
        with TabbedContent(id="start-tabs"):
            with TabPane(Content(ui("ui.start.new", lang)), id="tab-new"):
                yield NewGameForm(id="new-game")
            # These two tabs' contents are built when first opened (`open_tab`).
            with TabPane(Content(ui("ui.start.resume", lang)), id="tab-resume"):
                yield SavesPanel(self.app.home, id="resume")
            yield TabPane(Content(ui("ui.dice.title", lang)), id="tab-dice")
        yield FittedFooter(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self.relabel, init=False)
        self.load_saves()
        self.query_one("#players", Input).focus()

    def on_screen_resume(self) -> None:
        self.load_saves()

    def relabel(self, lang: str) -> None:
        translate_keys(self, lang)
        tabs = self.query_one(TabbedContent)
        tabs.get_tab("tab-new").label = Content(ui("ui.start.new", lang))
        tabs.get_tab("tab-resume").label = Content(ui("ui.start.resume", lang))
        tabs.get_tab("tab-dice").label = Content(ui("ui.dice.title", lang))
        for button in self.query("#to-dice").results(Button):
            button.label = Content(ui("ui.start.open_dice", lang))

    @on(TabbedContent.TabActivated, "#start-tabs")
    async def tab_opened(self, event: TabbedContent.TabActivated) -> None:
        await self.open_tab(event.pane.id or "")
        if event.pane.id == self.query_one(TabbedContent).active:  # not a late word of a tab left since
            self.focus_tab(event.pane.id or "")

    def on_key(self, event: events.Key) -> None:
        """A key with nothing focused (the focused field just went away): the tab's first field
        takes the focus, and the key."""
        if self.focused is not None or not (event.is_printable or event.key in ("tab", "shift+tab")):
            return
        if event.key in self.active_bindings:  # `?` lists the keys: a key of its own
            return
        field = self.focus_tab(self.query_one(TabbedContent).active)
        if field is not None:
            event.stop()
            if event.is_printable and isinstance(field, Input) and event.character:
                keep, field.select_on_focus = field.select_on_focus, False  # the key is not to be replaced
                field.insert_text_at_cursor(event.character)
                self.call_after_refresh(setattr, field, "select_on_focus", keep)

    def focus_tab(self, pane_id: str) -> Any:
        """Focus the field a tab starts on (the players, the list of saves, the dice button);
        returns it, or None when the focus stays where it is."""
        wanted = {"tab-new": "#players", "tab-resume": "#saves", "tab-dice": "#to-dice"}.get(pane_id)
        focused = self.focused
        if wanted is None or (focused is not None and (
                pane_id in [a.id for a in focused.ancestors] or isinstance(focused, Tabs))):
            return None  # inside the tab already, or walking the tab bar: leave it where the person put it
        for widget in self.query(wanted):
            widget.focus()
            return widget
        return None

    async def open_tab(self, pane_id: str) -> None:
        """Build a tab's contents the first time it is opened."""
        if pane_id == "tab-resume":
            await self.query_one(SavesPanel).build()
        elif pane_id == "tab-dice":
            pane = self.query_one("#tab-dice", TabPane)
            if not pane.children:
                await pane.mount_all([
                    UIText("ui.start.dice_help", classes="help"),
                    Button(Content(ui("ui.start.open_dice", self.app.lang)), id="to-dice", compact=True),
                ])

    @on(RadioSet.Changed, "#language")
    def language_changed(self, event: RadioSet.Changed) -> None:
        event.stop()
        if event.pressed.name:
            self.app.lang = event.pressed.name
            remember_lang(self.app.home, event.pressed.name)

    @on(Button.Pressed, "#to-dice")
    def to_dice(self, event: Button.Pressed) -> None:
        event.stop()
        self.app.action_dice()

    # -- a new game -------------------------------------------------------

    def on_start_requested(self, message: StartRequested) -> None:
        message.stop()
        from companion.core.session import Session  # loads when a game starts, not with the screen

        form = self.query_one(NewGameForm)
        if message.game.name != "dice-duel":
            remember_game(self.app.home, message.game.name)
        path = save_path(self.app.home, message.game.name, message.save_as)
        try:
            session = Session.new(message.game, message.players, message.options, seed=self.app.seed,
                                  lang=self.app.lang, path=path)
        except CompanionError as exc:  # SetupError (players, options) or SaveError (the file)
            form.show_error(explain(exc, self.app.lang))
            return
        self.app.open_session(session)

    # -- resuming ----------------------------------------------------------

    def action_new(self) -> None:
        self.query_one(TabbedContent).active = "tab-new"
        self.query_one("#players", Input).focus()

    async def action_reload(self, load: bool = True) -> None:
        """Show the saves (read again from the folder) with the newest highlighted."""
        self.query_one(TabbedContent).active = "tab-resume"
        await self.open_tab("tab-resume")
        self.query_one("#saves", OptionList).focus()
        if load:
            self.load_saves()

    @work(exclusive=True, group="saves")
    async def load_saves(self) -> None:
        saves = await asyncio.to_thread(recent_saves, self.app.home)
        self.query_one(SavesPanel).show(saves)
        if saves and not self._opened:  # there is a game to go on with: open on it
            await self.action_reload(load=False)
        self._opened = True  # (set last: a listing cancelled by a newer one leaves it to that one)

    def on_resume_requested(self, message: ResumeRequested) -> None:
        message.stop()
        self.resume(message.path)

    @work(exclusive=True, group="load")
    async def resume(self, path: Path) -> None:
        """Replay a save off the event loop; a damaged one asks before recovering."""
        from companion.core.lock import SaveLockedError
        from companion.core.session import Session

        panel = self.query_one(SavesPanel)
        lang = self.app.lang
        try:
            try:
                session = await asyncio.to_thread(Session.load, path)
            except DamagedSaveError as exc:
                panel.show_error(explain(exc, lang))
                if not await self.app.push_screen_wait(RecoverScreen(exc)):
                    return
                session = await asyncio.to_thread(Session.load, path, recover=True)
        except SaveLockedError as exc:  # another process writes it: look at it read-only, or not at all
            message = explain(exc, lang)
            panel.show_error(message)
            if not await self.app.push_screen_wait(LockedScreen(exc)):
                return
            try:
                session = await asyncio.to_thread(Session.load, path, read_only=exc.problem)
            except SaveError as again:
                panel.show_error(explain(again, lang))
                return
            self.notify(message, title=ui("ui.resume.locked_title", lang), severity="warning", markup=False)
        except SaveError as exc:
            panel.show_error(explain(exc, lang))
            self.notify(explain(exc, lang), title=ui("ui.resume.cannot_open", lang), severity="error", markup=False)
            return
        panel.show_error("")
        if session.recovered_to is not None:
            self.notify(ui("ui.resume.recovered", lang, count=len(session.played),
                           aside=str(session.recovered_to)), markup=False, timeout=10)
        self.app.open_session(session)

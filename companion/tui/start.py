"""The start screen: a new game (`newgame`), a save to resume (`savespanel`),
the language, and the way to the dice-and-tables screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, RadioButton, RadioSet, TabbedContent, TabPane, Tabs

from companion.core.errors import CompanionError, DamagedSaveError, SaveError
from companion.core.language import LANGUAGES, available_languages, explain

from .i18n import ui
from .keys import translate_keys
from .memory import remember_game, remember_lang
from .newgame import NewGameForm, StartRequested, parse_players
from .recover import LockedScreen, RecoverScreen
from .saves import recent_saves, save_path
from .savespanel import ResumeRequested, SavesPanel
from .widgets import FittedFooter, UIText

HERE = Path(__file__).parent

__all__ = ["LockedScreen", "NewGameForm", "RecoverScreen", "SavesPanel", "StartScreen", "parse_players"]


class StartScreen(Screen[None]):
    """New game, resume, language, dice and tables."""

    CSS_PATH = [HERE / "start.tcss"]
    _opened = False  # the first listing of the saves has been shown
    BINDINGS = [
        Binding("f1", "new", "New game"),
        Binding("f2", "reload", "Saves"),
        Binding("f3", "app.dice", "Dice"),
        # The keys list from any field: `?` typed in a name or a file name is text, so here the
        # footer offers f4 (never text), and `?` still opens the list off the text fields.
        Binding("f4", "app.keys", "Keys"),
        Binding("f5", "voice", "Voice", show=False),  # listed under f4; the footer keeps its room
        Binding("question_mark", "app.keys", "Keys", key_display="?", show=False),
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

    def came_back(self) -> None:
        """A game was left for this screen: the next listing opens Continue on the newest save
        (the game just left), as the app does when it starts."""
        self._opened = False
        self.run_worker(self.query_one(NewGameForm).reset(), group="reset-form")

    def relabel(self, lang: str) -> None:
        translate_keys(self, lang)
        for button in self.query_one("#language", RadioSet).query(RadioButton):
            if button.name == lang and not button.value:  # switched elsewhere (the palette)
                button.value = True  # the set unpresses the other (and says the language that already is)
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

    def action_voice(self) -> None:
        """Pick who narrates (f5): the app makes its narrator again with that voice."""
        from .voicepick import VoicePickScreen

        def chosen(voice: str | None) -> None:
            if voice is not None:
                self.app.choose_voice(voice)
                self.notify(ui("ui.voice.chosen", self.app.lang, voice=voice), markup=False)

        self.app.push_screen(VoicePickScreen(self.app.voice), chosen)

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
        lock = session.journal.lock if session.journal is not None else None
        if lock is not None and lock.set_aside is not None:  # a killed writer's half batch, kept aside
            self.notify(ui("cli.cut_back", lang, path=str(path), size=lock.rolled_back, aside=str(lock.set_aside)),
                        markup=False, timeout=10)
        if session.recovered_to is not None:
            self.notify(ui("ui.resume.recovered", lang, count=len(session.played),
                           aside=str(session.recovered_to)), markup=False, timeout=10)
        self.app.open_session(session)

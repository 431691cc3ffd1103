"""The app and its one factory, `create_app`, shared by the console script
and the tests (which inject a recording narrator, a seed and a temporary
saves folder)."""

from __future__ import annotations

import random
from functools import partial
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen

from companion.core.language import LANGUAGES, available_languages

from . import memory, narration, screenshot
from .i18n import ui
from .keys import translate_keys
from .saves import default_home, write_crash_log
from .start import StartScreen

# The game screens and the dice screen load when first shown, not at start.
if TYPE_CHECKING:
    from .dicescreen import DiceScreen, RollRecord
    from .frame import GameScreen


def make_game_screen(session: Any) -> "GameScreen":
    from .games import make_game_screen as make

    return make(session)


def _dice_screen(game: str | None = None) -> "DiceScreen":
    from .dicescreen import DiceScreen

    return DiceScreen(game)


def _loaded(module: str, name: str) -> Any:
    """A screen class if its module is loaded already (no screen of it can exist otherwise)."""
    found = sys.modules.get(f"{__package__}.{module}")
    return getattr(found, name, None)


def _is_dice_screen(screen: Any) -> bool:
    cls = _loaded("dicescreen", "DiceScreen")
    return cls is not None and isinstance(screen, cls)

HERE = Path(__file__).parent
STARTS = ("start", "dice", "game")


SUBTITLE_BURST = 3  # lines said together and shown together, at most (the subtitle has 3 rows)
CUE_SHOWN_SECONDS = 1.5  # a cue shown as text (nothing heard) stays this long beside the subtitle


class Narrated(Message):
    """The narrator said (or showed) `text`; safe to post from any thread."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SpeechReady(Message):
    """The speech engine started (in a worker): its narrator replaces the subtitles-only one."""

    def __init__(self, narrator: Any, release: Any) -> None:
        super().__init__()
        self.narrator = narrator
        self.release = release


class NarratorNotice(Message):
    """The narrator has something to tell once (no engine, no audio device...)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class CompanionApp(App[None]):
    """The game master beside the table."""

    TITLE = "companion"
    # start.tcss here, not only on StartScreen: the start screen is the default screen, which
    # Textual styles once with the app's CSS (pushing it over a blank screen styled it twice).
    CSS_PATH = [HERE / "app.tcss", HERE / "start.tcss"]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("question_mark", "keys", "Keys", key_display="?"),
    ]

    lang: reactive[str] = reactive("es", init=False)
    """The table's language: every UI word and every spoken line."""

    subtitle: reactive[str] = reactive("", init=False)
    """What the narrator last said."""

    text_only: reactive[bool] = reactive(False, init=False)
    """Narration is shown, not heard (no speech engine or no sound device): marked on screen."""

    cue_text: reactive[str] = reactive("", init=False)
    """A sound cue that cannot be heard (text only), shown for a moment instead."""

    muted: reactive[bool] = reactive(False, init=False)
    """The game master silenced the narrator (m, --mute): marked on screen; cues are silenced too."""

    def __init__(self, *, narrator: Any = None, home: Path | str | None = None, seed: int | None = None,
                 lang: str | None = None, session: Any = None, start: str = "start",
                 mute: bool = False, voice: str | None = None) -> None:
        super().__init__()
        if start not in STARTS:
            raise ValueError(f"start must be one of {', '.join(STARTS)}, not {start!r}")
        if session is None and start == "game":
            raise ValueError("start='game' needs a session")
        self.home = Path(home) if home is not None else default_home()
        # --voice: "auto", "espeak" or a Piper voice's name; else the one picked last time (f5).
        self.voice: str = voice or memory.remembered_voice(self.home) or "auto"
        self.seed = seed
        self.dice_rng = random.Random(seed)
        self.dice_history: list[RollRecord] = []
        self.session = session
        self.start = "game" if session is not None else start
        # --lang wins; else the language the person chose last time; else the save's.
        first_lang = lang or memory.remembered_lang(self.home) or (session.lang if session is not None else "es")
        if first_lang not in LANGUAGES:
            first_lang = "es"
        self.set_reactive(CompanionApp.lang, first_lang)
        # With no narrator handed in, the speech engine starts in a worker after
        # the first paint (subtitles only until then), and not at all while muted.
        self._speech_pending = narrator is None
        self._made_speech = narrator is None  # ours to make again when another voice is chosen
        self._closed = False
        if self._speech_pending:
            self.narrator = narration.TextNarrator(first_lang, self._on_subtitle, self._on_notice)
            self._release_narrator = self.narrator.close
            self._speech_wanted = not mute
            self.set_reactive(CompanionApp.muted, mute)
            return
        self.narrator, self._release_narrator = narration.build(
            narrator, first_lang, self._on_subtitle, self._on_notice)
        self.set_reactive(CompanionApp.text_only, narration.is_text_only(self.narrator))
        self._set_narrator_lang(first_lang)
        if mute and not getattr(self.narrator, "muted", False):
            self.narrator.toggle_mute()
        self.set_reactive(CompanionApp.muted, bool(mute and getattr(self.narrator, "muted", False)))

    # -- screens -------------------------------------------------------------

    def get_default_screen(self) -> Screen:
        return StartScreen() if self.start == "start" else Screen()

    def on_mount(self) -> None:
        translate_keys(self, self.lang)
        # Pushed (not returned by get_default_screen) so their CSS_PATH is loaded.
        if self.start == "game":
            self._remember_file(self.session)
            self.push_screen(make_game_screen(self.session))
        elif self.start == "dice":
            self.push_screen(_dice_screen())
        if self._speech_pending and self._speech_wanted:
            self.call_after_refresh(self._start_speech)

    def _start_speech(self) -> None:
        """Make the real narrator off the UI thread; it replaces the subtitles-only one."""
        if self._speech_pending:
            self._speech_pending = False
            self.run_worker(self._build_speech, thread=True, exit_on_error=False, group="speech")

    def _build_speech(self) -> None:
        made, release = narration.build(None, self.lang, self._on_subtitle, self._on_notice, voice=self.voice)
        if self._closed or not self.post_message(SpeechReady(made, release)):  # never blocks on the UI
            release()

    def on_speech_ready(self, message: "SpeechReady") -> None:
        if self._closed:
            message.release()
            return
        before = self._release_narrator
        self.narrator, self._release_narrator = message.narrator, message.release
        self._set_narrator_lang(self.lang)
        self.text_only = narration.is_text_only(self.narrator)
        before()
        self._render_ahead()

    def choose_voice(self, voice: str) -> None:
        """The start screen's pick: the narrator is made again with `voice` (in a worker)."""
        memory.remember_voice(self.home, voice)
        if voice == self.voice:
            return
        self.voice = voice
        if not self._speech_pending and self._release_narrator is not None and self._made_speech:
            self._speech_pending = True
            self._start_speech()

    def _render_ahead(self) -> None:
        """The game's fixed lines (its calls, its rounds) rendered ahead, in the background."""
        prepare = getattr(self.narrator, "prepare_game", None)
        if prepare is not None and self.session is not None:
            prepare(self.session.game_cls.name)

    def _back_to_start(self) -> None:
        """Close the top screen: back to what is below it, or to the start screen."""
        stack = self.screen_stack
        if len(stack) > 1 and type(stack[-2]) is not Screen:  # a screen of ours below: back to it
            self.pop_screen()
        else:
            self.switch_screen(StartScreen())

    def open_session(self, session: Any) -> None:
        """Play `session` (new or loaded): its language becomes the table's."""
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        self._remember_file(session)
        self._render_ahead()
        self.push_screen(make_game_screen(session))

    def _remember_file(self, session: Any) -> None:
        """A save opened from outside the saves folder is listed under Continue from now on."""
        path = getattr(session, "path", None)
        if path is not None:
            memory.remember_file(self.home, Path(path))
            memory.remember_summary(self.home, session)

    def leave_game(self, screen: GameScreen) -> None:
        """Back to the start screen; the game is saved already."""
        if self.session is screen.session:
            memory.remember_summary(self.home, self.session)
            self.session.close()
            self.session = None
        self.subtitle = ""
        below = self.screen_stack[-2] if len(self.screen_stack) > 1 else None
        if isinstance(below, StartScreen):
            below.came_back()
        self._back_to_start()

    # -- the screenshot (the palette's): a folder that exists, the table's words --

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        return screenshot.deliver(self, filename, path)

    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        screenshot.delivered(self, event)

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == screenshot.NAME:
            screenshot.failed(self, event.exception)

    def action_keys(self) -> None:
        """Every key of the screen shown now (and the app's), in the table's language."""
        from .modals import KeysScreen

        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(self.screen))

    def action_dice(self) -> None:
        if not _is_dice_screen(self.screen):  # opened from a game: on that game's table
            session = getattr(self.screen, "session", None)
            self.push_screen(_dice_screen(session.game.name if session is not None else None))

    def leave_dice(self, screen: DiceScreen) -> None:
        self._back_to_start()

    def free_roll(self, dice: str) -> str:
        """Roll freely (not part of any game) with the app's seeded dice; kept in the history."""
        from .dicescreen import app_roll

        record = app_roll(dice, self.dice_rng)
        self.dice_history.append(record)
        return record.text(self.lang)

    # -- the narrator --------------------------------------------------------

    def _on_subtitle(self, text: str) -> None:
        self.post_message(Narrated(text))

    def _on_notice(self, text: str) -> None:
        self.post_message(NarratorNotice(text))

    _burst: list[str] | None = None

    def on_narrated(self, message: Narrated) -> None:
        """The subtitle follows the narrator. When nothing is heard (text only, muted), the lines
        said together (an undo's sleep line of the call left, then the wake line of the call
        returned to) are shown together: the last one alone would hide the first before it
        could be read. In a game a burst lasts until the next key (what one key did stays until the
        game master has seen it: a whole Kaijupoly turn, the app's move and what followed);
        elsewhere it is what one key queued before the app gets back to its queue."""
        heard = not (self.text_only or getattr(self.narrator, "muted", False))
        if heard:
            self._burst = None
            self.subtitle = message.text
            return
        if self._burst is None:  # the first line of a burst: it ends at the next key in a game
            self._burst = []
            if not getattr(self.screen, "ENDS_BURSTS", False):  # a game screen ends it at the next key
                self.call_later(self._end_burst)
        if message.text in self._burst:  # the end said as an event and as the prompt, or a repeat: once
            return
        self._burst = [*self._burst, message.text][-SUBTITLE_BURST:]
        self.subtitle = " · ".join(self._burst)  # widgets.BURST_SEP: the subtitle drops the oldest when too long

    def _end_burst(self) -> None:
        self._burst = None

    def end_burst(self) -> None:
        """A key was pressed in a game: the lines shown together have been seen."""
        self._burst = None

    def on_narrator_notice(self, message: NarratorNotice) -> None:
        """Told once, in passing; the mark beside the subtitle (`text_only`) stays."""
        self.notify(message.text, title=ui("ui.speech.notice", self.lang), markup=False, timeout=8)
        self.text_only = narration.is_text_only(self.narrator)

    _cue_timer: Any = None

    def cue(self, name: str) -> None:
        """A sound cue: "chime" when a call starts, "tick" in a countdown's last seconds.

        Played in turn with the narrator's lines and muted with it (the muted mark stays
        beside the subtitle instead); in text-only mode it shows there for a moment."""
        play = getattr(self.narrator, "cue", None)
        heard = bool(play(name)) if play is not None else False
        if heard or (self.muted and not self.text_only):
            return
        self.cue_text = ui(f"ui.cue.{name}", self.lang)
        if self._cue_timer is not None:
            self._cue_timer.stop()
        self._cue_timer = self.set_timer(CUE_SHOWN_SECONDS, self._clear_cue)

    def _clear_cue(self) -> None:
        self.cue_text = ""

    def _set_narrator_lang(self, lang: str) -> None:
        try:
            self.narrator.lang = lang
        except AttributeError:
            pass

    def watch_lang(self, lang: str) -> None:
        self._set_narrator_lang(lang)
        self._render_ahead()
        translate_keys(self, lang)

    def action_mute(self) -> None:
        if self._speech_pending:  # started muted: unmuting starts the engine
            self._start_speech()
            self.muted = False
            self.notify(ui("ui.speech.unmuted", self.lang), markup=False)
            return
        self.narrator.toggle_mute()
        muted = self.muted = bool(getattr(self.narrator, "muted", False))
        if not muted:
            self._render_ahead()  # skipped while muted
        if muted and not self.text_only:
            self._clear_cue()
        self.notify(ui("ui.speech.muted" if muted else "ui.speech.unmuted", self.lang), markup=False)

    def action_skip(self) -> None:
        self.narrator.skip()

    def action_repeat(self) -> None:
        self.narrator.repeat()

    # -- the command palette -------------------------------------------------

    def action_command_palette(self) -> None:
        """Textual's palette, its search field in the table's language."""
        from textual.command import CommandPalette

        from .palette import TablePalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(TablePalette(id="--command-palette", placeholder=ui("ui.palette.placeholder", self.lang),
                                          no_matches=ui("ui.palette.no_matches", self.lang)))

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        from .palette import TablePalette

        self.push_screen(TablePalette(providers=[ThemeProvider], placeholder=ui("ui.palette.themes", self.lang),
                                      no_matches=ui("ui.palette.no_matches", self.lang)))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's own commands (theme, screenshot, quit) in the table's language, then ours."""
        lang = self.lang
        yield SystemCommand(ui("ui.cmd.keys", lang), ui("ui.cmd.keys_help", lang), self.action_keys)
        yield SystemCommand(ui("ui.cmd.theme", lang), ui("ui.cmd.theme_help", lang), self.action_change_theme)
        yield SystemCommand(ui("ui.cmd.screenshot", lang), ui("ui.cmd.screenshot_help", lang),
                            lambda: self.set_timer(0.1, self.deliver_screenshot))
        yield SystemCommand(ui("ui.cmd.quit", lang), ui("ui.cmd.quit_help", lang), self.action_quit)
        game_screen = _loaded("frame", "GameScreen")
        if game_screen is not None and isinstance(screen, game_screen):
            yield SystemCommand(ui("ui.cmd.notation", lang), ui("ui.cmd.notation_help", lang),
                                screen.action_command_line)
            yield SystemCommand(ui("ui.cmd.undo", lang), ui("ui.cmd.undo_help", lang), screen.action_undo)
            yield SystemCommand(ui("ui.cmd.redo", lang), ui("ui.cmd.redo_help", lang), screen.action_redo)
            yield SystemCommand(ui("ui.cmd.curtain", lang), ui("ui.cmd.curtain_help", lang),
                                screen.action_curtain)
            yield SystemCommand(ui("ui.cmd.reveal", lang), ui("ui.cmd.reveal_help", lang),
                                screen.action_reveal)
        if not _is_dice_screen(screen):
            yield SystemCommand(ui("ui.dice.title", lang), ui("ui.cmd.dice_help", lang), self.action_dice)
        yield SystemCommand(ui("ui.cmd.mute", lang), ui("ui.cmd.mute_help", lang), self.action_mute)
        for code in available_languages():  # the table's language, from any screen (a game's too)
            if code != lang:
                yield SystemCommand(ui("ui.cmd.language", lang, language=LANGUAGES.get(code, code)),
                                    ui("ui.cmd.language_help", lang), partial(self.switch_lang, code))

    def switch_lang(self, code: str) -> None:
        """The table's language becomes `code` (remembered for next time); every screen follows `lang`."""
        self.lang = code
        memory.remember_lang(self.home, code)

    # -- an unexpected error ----------------------------------------------------

    crashed: BaseException | None = None
    crash_log: Path | None = None
    crash_problem: str = ""

    def _handle_exception(self, error: Exception) -> None:
        """Textual calls this with any exception no handler caught, then exits
        with `return_code` 1. Write it to the log beside the saves first; the
        terminal is told in the table's language (`crash_words`, printed by the
        command line), not shown a traceback whose values may hold the game's
        secrets. Nothing is lost: every accepted action is saved already."""
        if self.crashed is None:
            self.crashed = error
            self.crash_log, self.crash_problem = write_crash_log(self.home, error, self._crash_context())
        super()._handle_exception(error)
        shown = getattr(self, "_exit_renderables", None)  # Textual's traceback: in the log instead
        if isinstance(shown, list):
            shown.clear()

    def _crash_context(self) -> str:
        try:
            session = self.session
            where = f"screen {type(self.screen).__name__}" if self.screen_stack else "no screen"
            game = f"; game {session.header.game}, {len(session.played)} actions, save {session.path}" if session else ""
            return f"lang {self.lang}; {where}{game}"
        except Exception:  # the log must be written whatever state the app is in
            return ""

    def crash_words(self) -> list[str]:
        """What the person is told after an unexpected error, in the app's language."""
        if self.crashed is None:
            return []
        lang = self.lang
        if self.crash_log is not None:
            words = [ui("ui.crash", lang, log=str(self.crash_log))]
        else:
            words = [ui("ui.crash.no_log", lang, problem=self.crash_problem)]
        path = getattr(self.session, "path", None)
        if path is not None:
            words.append(ui("ui.crash.saved", lang, path=str(path)))
        return words

    # -- closing -------------------------------------------------------------

    def on_unmount(self) -> None:
        self._closed = True
        if self.session is not None:
            memory.remember_summary(self.home, self.session)
            self.session.close()
        self._release_narrator()


def create_app(*, narrator: Any = None, home: Path | str | None = None, seed: int | None = None,
               lang: str | None = None, session: Any = None, start: str = "start",
               mute: bool = False, voice: str | None = None) -> CompanionApp:
    """Build the app: the one factory for the console script and the tests.

    narrator: a narrator (or a speech backend to wrap, e.g. RecordingBackend);
        default: a real one with the best backend available.
    home: the saves folder (default: $COMPANION_HOME, else the user data folder's `saves`).
    seed: seeds the dice screen's rolls and new games' chance (None: random).
    lang: "es", "en" or "eu" (default: the session's, else "es").
    session: a loaded `Session` to play at once (what `companion play FILE` does).
    start: "start" (the start screen), "dice" (the dice-and-tables screen) or "game"
        (implied by `session`).
    mute: start with the narrator muted (subtitles only; the m key unmutes).
    voice: "auto" (a Piper voice where the language has one, else espeak-ng), "espeak",
        or a Piper voice's name (`companion voices` lists them); default: the one picked
        last time on the start screen, else auto.
    """
    return CompanionApp(narrator=narrator, home=home, seed=seed, lang=lang, session=session, start=start,
                        mute=mute, voice=voice)

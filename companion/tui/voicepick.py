"""The start screen's voice pick (f5): who narrates, as `--voice` says it.

Each option is a value `--voice` accepts: auto (a Piper voice where the language has one,
else espeak-ng), espeak, or one installed Piper voice. Enter picks it and the app makes
its narrator again with it; Esc leaves the voice as it was.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from companion.core.language import LANGUAGES

from .i18n import ui
from .keys import translate_keys


def voice_options(lang: str) -> list[tuple[str, str]]:
    """(value for --voice, words shown) for every voice the app can speak with here."""
    from companion.speech.piper_voices import find_voices, piper_installed

    options = [("auto", ui("ui.voice.auto", lang)), ("espeak", ui("ui.voice.espeak", lang))]
    for info in find_voices() if piper_installed() else []:
        options.append((info.name, ui("ui.voice.piper", lang, voice=info.name,
                                      language=LANGUAGES.get(info.lang, info.lang))))
    return options


class VoicePickScreen(ModalScreen[str | None]):
    """A list of the voices; dismissed with the chosen one (None: Esc)."""

    BINDINGS = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = """
    VoicePickScreen { align: center middle; }
    #voice-box { width: 64; max-width: 100%; height: auto; max-height: 90%;
                 border: round $accent; background: $surface; padding: 0 1; }
    #voice-title { text-style: bold; height: auto; }
    #voice-list { height: auto; max-height: 12; }
    """

    def __init__(self, current: str) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        options = voice_options(lang)
        self.values = [value for value, _ in options]
        with Vertical(id="voice-box"):
            yield Static(Content(ui("ui.voice.title", lang)), id="voice-title", markup=False)
            yield OptionList(*[Option(Content(words), id=value) for value, words in options], id="voice-list")
            yield Static(Content(ui("ui.voice.hint", lang)), classes="help", markup=False)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        options = self.query_one("#voice-list", OptionList)
        options.highlighted = self.values.index(self.current) if self.current in self.values else 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)

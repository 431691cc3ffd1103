"""Small modals every screen shares: the list of keys (`?`) and "leave the game?"."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from .i18n import ui
from .keys import key_list, translate_keys


class KeysScreen(ModalScreen[None]):
    """Every key of the screen below and of the app, with what it does, in the table's language."""

    BINDINGS = [  # styled by app.tcss (the app's own CSS)
        Binding("escape", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, below: Screen) -> None:
        super().__init__()
        self.below = below

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        rows = key_list(self.below, lang)
        width = max((len(keys) for keys, _ in rows), default=1)
        with Vertical(id="keys-box"):
            yield Static(Content(ui("ui.keys.title", lang)), id="keys-title", markup=False)
            with VerticalScroll(id="keys-list"):
                for keys, words in rows:
                    yield Static(Content.assemble((keys.ljust(width), "bold $accent"), "  ", words),
                                 classes="keys-row", markup=False)
            yield Static(Content(ui("ui.keys.hint", lang)), classes="help", markup=False)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        self.query_one("#keys-list").focus()

    def action_close(self) -> None:
        self.dismiss()


class LeaveScreen(ModalScreen[bool]):
    """Leave the game? It is saved either way. Enter leaves, Esc stays."""

    BINDINGS = [Binding("escape", "stay", "Cancel")]

    def __init__(self, finished: bool = False) -> None:
        super().__init__()
        self.finished = finished  # a finished game: nothing to go on playing, no "Seguir jugando"

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        with Vertical(id="leave-box"):
            question = "ui.leave.finished" if self.finished else "ui.leave.question"  # over: nothing to go on with
            yield Static(Content(ui(question, lang)), id="leave-question", markup=False)
            with Horizontal(id="leave-buttons"):
                yield Button(Content(ui("ui.leave.yes", lang)), variant="primary", id="leave-yes", compact=True)
                if not self.finished:
                    yield Button(Content(ui("ui.leave.no", lang)), id="leave-no", compact=True)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        for button in self.query("#leave-yes").results(Button):  # none when Esc already answered
            button.focus()

    @on(Button.Pressed, "#leave-yes")
    def leave(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#leave-no")
    def action_stay(self) -> None:
        self.dismiss(False)

"""The dialogs a save may need before it opens: a damaged save (recover the
intact part?) and a save another process writes (open it read-only?)."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.core.errors import DamagedSaveError
from companion.core.language import explain
from companion.core.text import printable

from .i18n import say, ui
from .keys import translate_keys

HERE = Path(__file__).parent


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



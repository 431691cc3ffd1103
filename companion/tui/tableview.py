"""The "Table view" modal of a game: how to put the public view in front of the players.

It shows the command for a second terminal (a TV or projector on this computer), the
command that serves it to browsers on the local network and, while a server for this
save runs (its `<save>.table.json` names a live process), the address and its QR code.
A button starts such a server detached from the app (so closing the app keeps the table's
screens alive) and another stops it; both say what they do. The file is polled while
the modal is open, so a server started in a terminal shows up too.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from companion.tableserve import info

from .i18n import ui
from .keys import translate_keys

QR_BORDER = 0  # the quiet zone is the widget's white padding (2 modules all round), not text:
# it fits 80x24, and leading spaces cannot be lost by whatever draws the screen
POLL = 0.5  # seconds between looks at <save>.table.json while the modal is open
_started: list[subprocess.Popen[bytes]] = []  # servers started here, reaped once they end


def shown_command(path: Path, *extra: str) -> str:
    """`companion table FILE ...` as the game master would type it: `companion` when this very
    app is what the PATH finds, else the full path of this app's command (a checkout's
    `.venv/bin/companion`), so the line works pasted into any terminal."""
    return shlex.join([_command(), "table", str(path), *extra])


def _command() -> str:
    here = Path(sys.executable).parent / "companion"
    found = shutil.which("companion")
    if found is not None and (not here.exists() or Path(found).resolve() == here.resolve()):
        return "companion"
    return str(here) if here.exists() else "companion"


def serve_argv(path: Path, lang: str) -> list[str]:
    """The detached server the start button runs: this Python, every interface. No --lang:
    its views follow this app's language through the live file, as a terminal's does."""
    return [sys.executable, "-m", "companion", "table", str(path), "--serve", "--host", "0.0.0.0"]


class TableViewScreen(ModalScreen[None]):
    """Table view: the commands, and the served address with its QR code."""

    DEFAULT_CSS = """
    TableViewScreen { align: center middle; }
    #tableview-box {
        width: 80; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    #tableview-body { height: auto; }
    #tableview-text { width: 1fr; height: auto; }
    #tableview-text Static { height: auto; }
    .tableview-command { color: $accent; text-style: bold; margin-bottom: 1; }
    #tableview-qr { width: auto; height: auto; color: black; background: white; margin-left: 1; padding: 1 2; }
    #tableview-buttons { height: auto; }
    #tableview-buttons Button { margin-right: 1; }
    """

    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, save: Path | str) -> None:
        super().__init__()
        self.save = Path(save)
        self.served: dict[str, Any] | None = info.running(self.save)

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        with Vertical(id="tableview-box"):
            yield Static(Content(ui("ui.tableview.title", lang)), classes="subtitle", markup=False)
            with Horizontal(id="tableview-body"):
                with Vertical(id="tableview-text"):
                    yield Static(Content(ui("ui.tableview.terminal", lang)), markup=False)
                    yield Static(Content(shown_command(self.save)), classes="tableview-command", markup=False)
                    yield Static(Content(ui("ui.tableview.serve", lang)), markup=False)
                    yield Static(Content(shown_command(self.save, "--serve", "--host", "0.0.0.0")),
                                 classes="tableview-command", markup=False)
                    yield Static(id="tableview-status", markup=False)
                    yield Static(id="tableview-address", classes="tableview-command", markup=False)
                    with Horizontal(id="tableview-buttons"):
                        yield Button(Content(ui("ui.tableview.start", lang)), id="tableview-start",
                                     variant="primary", compact=True)
                        yield Button(Content(ui("ui.tableview.stop", lang)), id="tableview-stop",
                                     variant="warning", compact=True)
                yield Static(id="tableview-qr", markup=False)
            yield Static(Content(ui("ui.tableview.hint", lang)), classes="help", markup=False)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        self.show_served()
        self.set_interval(POLL, self.poll)

    def poll(self) -> None:
        _started[:] = [process for process in _started if process.poll() is None]
        served = info.running(self.save)
        if served != self.served:
            self.served = served
            self.show_served()

    def show_served(self) -> None:
        """The address and QR code while served; "not served" and the start button otherwise."""
        from companion.tableserve import qr

        lang = self.app.lang
        served = self.served
        status = self.query_one("#tableview-status", Static)
        status.update(Content(ui("ui.tableview.served" if served else "ui.tableview.not_served", lang)))
        address = self.query_one("#tableview-address", Static)
        address.update(Content(served["address"] if served else ""))
        address.display = served is not None
        code = self.query_one("#tableview-qr", Static)
        code.update(Content("\n".join(qr.half_blocks(served["address"], QR_BORDER))) if served else Content(""))
        code.display = served is not None
        self.query_one("#tableview-start", Button).display = served is None
        self.query_one("#tableview-stop", Button).display = served is not None

    @on(Button.Pressed, "#tableview-start")
    def start_serving(self) -> None:
        """Start the server in a session of its own: it outlives the app and its terminal."""
        _started.append(subprocess.Popen(serve_argv(self.save, self.app.lang), stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True))

    @on(Button.Pressed, "#tableview-stop")
    def stop_serving(self) -> None:
        info.stop(self.save)

    def action_close(self) -> None:
        self.dismiss()

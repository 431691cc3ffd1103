"""The app's screenshot (command palette), saved where it can be: a `screenshots` folder
beside the saves, made when missing (Textual's default, ~/Downloads, may not exist), and
told in the table's language (Textual's own notices are English)."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path
from typing import Any

from textual import events

from companion.core.text import printable

from .i18n import ui

FOLDER = "screenshots"  # in the saves folder: not a .toml, so never listed as a save
NAME = "companion-screenshot"  # the delivery's name: Textual's English handlers answer only "screenshot"


def folder(home: Path) -> Path:
    return home / FOLDER


def deliver(app: Any, filename: str | None = None, path: str | None = None) -> str | None:
    """Save (or, served in a browser, hand over) an SVG of the screen; a folder that cannot
    be made is said at once, in the table's words."""
    target = Path(path).expanduser() if path else folder(app.home)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        failed(app, exc)
        return None
    name = filename or f"companion-{datetime.now().strftime('%Y%m%d-%H%M%S')}.svg"
    return app.deliver_text(io.StringIO(app.export_screenshot()), save_directory=target, save_filename=name,
                            open_method="browser", mime_type="image/svg+xml", name=NAME)


def delivered(app: Any, event: events.DeliveryComplete) -> None:
    if event.name != NAME:
        return
    title = ui("ui.screenshot.title", app.lang)
    if event.path is None:
        app.notify(ui("ui.screenshot.sent", app.lang), title=title, markup=False)
    else:
        app.notify(ui("ui.screenshot.saved", app.lang, path=printable(str(event.path))), title=title, markup=False)


def failed(app: Any, exc: BaseException) -> None:
    problem = getattr(exc, "strerror", None) or type(exc).__name__
    app.notify(ui("ui.screenshot.failed", app.lang, problem=problem), title=ui("ui.screenshot.title", app.lang),
               severity="error", markup=False)

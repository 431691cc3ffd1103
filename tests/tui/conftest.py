"""Fixtures for the TUI tests: the real app from `create_app`, with a
recording narrator, a fixed seed and a saves folder in tmp_path."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from companion.core.session import Session
from companion.speech.backends import RecordingBackend
from companion.speech.narrator import Narrator
from companion.tui.app import CompanionApp, create_app

SEED = 1234


@pytest.fixture(autouse=True)
def steady_cues(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a snapshot, a cue shown as text (nothing heard) stays beside the subtitle: a shot
    taken after its 1.5 s on a loaded machine lost it (CI: gauekos-sorgina-es)."""
    if "snap_compare" in request.fixturenames:
        from companion.tui import app as app_module

        monkeypatch.setattr(app_module, "CUE_SHOWN_SECONDS", 1e6)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "saves"
    path.mkdir()
    return path


@pytest.fixture
def recording() -> RecordingBackend:
    return RecordingBackend()


@pytest.fixture
def narrator(recording: RecordingBackend):
    narrator = Narrator(recording, lang="es")
    yield narrator
    narrator.close()


@pytest.fixture
def make_app(narrator: Narrator, home: Path) -> Callable[..., CompanionApp]:
    def make(**kwargs: Any) -> CompanionApp:
        kwargs.setdefault("narrator", narrator)
        kwargs.setdefault("home", home)
        kwargs.setdefault("seed", SEED)
        return create_app(**kwargs)

    return make


@pytest.fixture
def duel(home: Path) -> Session:
    """A saved dice duel between Ana and [bold]Ana, nothing played yet."""
    session = Session.new("dice-duel", ["Ana", "[bold]Ana"], seed=SEED, lang="es", path=home / "dice-duel.toml")
    yield session
    session.close()


def screen_text(app: CompanionApp) -> str:
    """What the terminal shows now, row by row, as plain text (read from a screenshot)."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[float, str]]] = {}
    pattern = r'<text[^>]*?x="([0-9.]+)"[^>]*?clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>(.*?)</text>'
    for x, row, text in re.findall(pattern, svg, flags=re.S):
        rows.setdefault(int(row), []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join("".join(t for _, t in sorted(rows[n])).rstrip() for n in sorted(rows))


async def show_saves(app: CompanionApp, pilot: Any) -> None:
    """The start screen's Continue tab, with its list of saves loaded."""
    from textual.widgets import TabbedContent

    await app.workers.wait_for_complete()
    await pilot.pause()
    app.screen.query_one(TabbedContent).active = "tab-resume"
    await pilot.pause()


async def open_save(app: CompanionApp, pilot: Any, *keys: str, settle: float | None = None) -> None:
    """Pick a save from the Continue list: `keys` before enter (e.g. "down")."""
    app.screen.query_one("#saves").focus()
    await pilot.press(*keys, "enter")
    await pilot.pause(settle)

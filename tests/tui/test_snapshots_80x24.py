"""Every screen of every game at 80×24, in Spanish and in Basque: nothing cut, glued or
overlapping (issue 13, item 6). Games are brought to a phase by replaying the first actions
of the conformance journals (tests/games/journals); seeds are fixed, no clock in view."""

from __future__ import annotations

import os
import shutil
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from companion.core.session import Session
from companion.tui.games.gauekos import GauekosScreen

from .gauekos.conftest import FAST

JOURNALS = Path(__file__).parent.parent / "games" / "journals"
# Twelve at the Gauekos table, with names of several lengths (the trial's seats were cut).
TWELVE = ["Ana", "Maite", "Aitziber", "Koldo", "Itziar", "Garazi", "Josune", "Unai", "Xabier", "Edurne",
          "Iñaki", "Leire"]


def journal(game: str, count: int, home: Path, lang: str, players: list[str] | None = None) -> Session:
    """A saved game of `game` after the journal's first `count` actions."""
    data = tomllib.loads((JOURNALS / f"{game}.toml").read_text(encoding="utf-8"))
    session = Session.new(game, players or data["players"], data.get("options", {}), seed=data["seed"],
                          lang=lang, path=home / f"{game}.toml")
    for action in data["action"][:count]:
        session.act(action["do"])
    return session


async def still(pilot: Pilot) -> None:
    """Saves listed, workers done, no cursor blinking: every run looks the same."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def keys(*pressed: str) -> Callable[[Pilot], Awaitable[None]]:
    async def run(pilot: Pilot) -> None:
        await still(pilot)
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()
        await still(pilot)
    return run


def picked(game: str) -> Callable[[Pilot], Awaitable[None]]:
    """The new-game form with `game` chosen."""
    async def run(pilot: Pilot) -> None:
        await still(pilot)
        pilot.app.screen.query_one("#game", Select).value = game
        await pilot.pause()
        await still(pilot)
    return run


# name -> (session maker or None, create_app keywords, what to do before the shot)
Maker = Callable[[Path, str], Session | None]
SCREENS: dict[str, tuple[Maker, dict[str, Any], Callable[[Pilot], Awaitable[None]]]] = {
    "start-dice-duel": (lambda home, lang: None, {}, still),
    "start-gauekos": (lambda home, lang: None, {}, picked("gauekos")),
    "start-kaijupoly": (lambda home, lang: None, {}, picked("kaijupoly")),
    "start-continue": (lambda home, lang: journal("halloween", 20, home, lang), {}, keys("f2")),
    "dice": (lambda home, lang: None, {"start": "dice"}, keys("6", "2", "8")),
    "keys": (lambda home, lang: journal("dice-duel", 3, home, lang), {}, keys("question_mark")),
    "leave": (lambda home, lang: journal("dice-duel", 3, home, lang), {}, keys("escape")),
    "refused-notation": (lambda home, lang: journal("dice-duel", 3, home, lang), {},
                         keys("colon", "x", "y", "z", "enter")),
    "gauekos-night": (lambda home, lang: journal("gauekos", 4, home, lang, TWELVE), {}, keys("v")),
    "gauekos-sorgina": (lambda home, lang: journal("gauekos", 7, home, lang, TWELVE), {}, keys("v")),
    "gauekos-vote": (lambda home, lang: journal("gauekos", 10, home, lang, TWELVE), {}, keys("5", "n")),
    "gauekos-grimoire": (lambda home, lang: journal("gauekos", 10, home, lang, TWELVE), {}, keys("i")),
    "halloween-turn": (lambda home, lang: journal("halloween", 8, home, lang), {}, still),
    "halloween-bid": (lambda home, lang: journal("halloween", 83, home, lang), {}, still),
    "halloween-fight": (lambda home, lang: journal("halloween", 153, home, lang), {}, still),
    "halloween-scores": (lambda home, lang: journal("halloween", 30, home, lang), {}, keys("g", "enter")),
    "halloween-over": (lambda home, lang: journal("halloween", 218, home, lang), {}, still),
    "fantasmas": (lambda home, lang: journal("18-fantasmas", 20, home, lang), {}, still),
    "alien": (lambda home, lang: journal("alien-1979", 30, home, lang), {}, still),
    "kaijupoly-ring": (lambda home, lang: journal("kaijupoly", 40, home, lang), {}, still),
    "kaijupoly-battle": (lambda home, lang: journal("kaijupoly", 52, home, lang), {}, still),
    "kaijupoly-bank": (lambda home, lang: journal("kaijupoly", 40, home, lang), {}, keys("b")),
    "kaijupoly-log": (lambda home, lang: journal("kaijupoly", 40, home, lang), {}, keys("l")),
    "rey-de-los-monstruos": (lambda home, lang: journal("rey-de-los-monstruos", 5, home, lang), {}, still),
    "marcador": (lambda home, lang: journal("marcador", 11, home, lang), {}, keys("2", "space", "8")),
    "marcador-chart": (lambda home, lang: journal("marcador", 14, home, lang), {}, keys("g")),
}


@pytest.fixture(autouse=True)
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """Gauekos timers tick only when told: no clock moves between two runs (a cue shown as
    text stays put: conftest's `steady_cues`)."""
    monkeypatch.setattr(GauekosScreen, "timing", FAST)


def fixed_home() -> Path:
    """The Continue tab shows the saves' folder and when each was written: a folder of the
    same name every run (emptied first), and a save written at a fixed time."""
    home = Path(tempfile.gettempdir()) / "companion-80x24" / "saves"
    shutil.rmtree(home.parent, ignore_errors=True)
    home.mkdir(parents=True)
    return home


@pytest.mark.xdist_group("snapshots-80x24")  # fixed_home: one folder name for every run
@pytest.mark.parametrize("lang", ["es", "eu"])
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen_at_80x24(snap_compare, make_app, home, screen: str, lang: str) -> None:
    make, options, before = SCREENS[screen]
    options = dict(options)
    if screen == "start-continue":
        home = options["home"] = fixed_home()
    session = make(home, lang)
    if screen == "start-continue":  # listed, not opened
        session.close()
        os.utime(home / "halloween.toml", (1.8e9, 1.8e9))
        session = None
    try:
        kwargs = {"session": session} if session is not None else {}
        assert snap_compare(make_app(lang=lang, **kwargs, **options), terminal_size=(80, 24), run_before=before)
    finally:
        if session is not None:
            session.close()

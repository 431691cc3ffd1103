"""The choice shown is the move played, in every game (issue 21).

Random playouts driven with the Pilot at 80×24: at each step the entries the
screen shows are read, each is checked to be on screen (its key and label in
the terminal's text), and a random one is chosen by its key, or by Enter once
Tab and the arrows have moved the bar's drawn highlight onto it; when it plays,
the save's last action is exactly that entry's notation. An entry that opens
more (a page, a city, a covered picker) is opened and the same holds inside.
Where a screen shows no entry (the castle, a masked field, a seat grid) the
step is played through the screen's own `submit`, as the `:` line does.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.session import Session
from companion.tui.frame import GameScreen

from .conftest import SEED, screen_text

GAMES = [
    ("dice-duel", ["Ana", "Luis"], {}),
    ("halloween", ["Ana", "Luis", "Eva", "Iker"], {}),
    ("18-fantasmas", ["Ana", "Luis"], {}),
    ("alien-1979", ["Ana", "Bea", "Carlos"], {}),
    ("kaijupoly", ["Ana", "Bea", "Carlos"], {}),
    ("rey-de-los-monstruos", ["Ane", "Iker"], {}),
    ("gauekos", ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fermin"], {"day_timer": 0, "phantom_calls": False}),
]
STEPS = 30


def visible_entries(screen: Any) -> list[tuple[str, Any, str | None, bool]]:
    """(key, entry, notation it plays or None, whether it opens more) for what the screen shows."""
    from companion.tui.widgets import ChoiceBar

    bars = [bar for bar in screen.query(ChoiceBar) if bar.display]
    shown = getattr(screen, "shown_entries", None)
    if shown is not None:  # the frame's menu
        if not bars:
            return gauekos_entries(screen)
        return [(e.key, e, e.notation, e.notation is None and e.kind is None) for e in shown
                if e.kind is None or e.kind == "back"]
    # Before the frame owned the menu: the bar's own choices, numbered as it drew them
    # (kept so that this test can be run against the commit before, where it must fail).
    if not bars:
        return gauekos_entries(screen)
    choices = getattr(bars[0], "_choices", ())[:9]
    return [(c.key or str(n), c, c.notation if not c.notation.startswith("§") else None,
             c.notation.startswith("§")) for n, c in enumerate(choices, 1)]


def gauekos_entries(screen: Any) -> list[tuple[str, Any, str | None, bool]]:
    """Gauekos keeps its own key bar: its numbered choices (not the seat digits)."""
    mode = getattr(screen, "mode", None)
    if mode is None or mode.kind in ("setup", "seat", "pair", "vote", "over"):
        return []
    keys = {chip.key for chip in screen.query_one("#gk-keys").chips} if screen.query("#gk-keys") else set()
    return [(c.key, c, c.notation, False) for c in mode.numbered if c.key in keys]


def label_text(entry: Any, lang: str = "es") -> str:
    from companion.core.language import render

    if hasattr(entry, "inline"):  # the frame's menu entry: drawn with its marks
        from companion.tui.picker import entry_label
        return entry_label(entry, lang)
    return render(entry.label, lang)


def fantasmas_pick(screen: Any, rng: random.Random) -> int | None:
    """A cell holding a ghost of the player to act that can step: Enter there chooses it."""
    game = screen.session.game
    if getattr(game, "phase", None) != "play" or game.seat_is_app(game.to_act):
        return None
    sources = sorted({a[1] for a in game.legal_tuples() if a[0] == "step"})
    return rng.choice(sources) if sources else None


async def settle_modals(app: Any, pilot: Any, rng: random.Random, session: Session) -> str | None:
    """Close notices and reveals; in a picker, lift the cover and press a random entry's key.
    Returns the notation a picker's key played (None when none did)."""
    try:
        from companion.tui.picker import NoticeScreen, PickerScreen
    except ImportError:  # the commit before the frame owned the menu: no pickers of its own
        NoticeScreen = PickerScreen = ()  # type: ignore[assignment,misc]

    for _ in range(6):
        screen = app.screen
        if isinstance(screen, GameScreen):
            return None
        if isinstance(screen, PickerScreen):
            if screen.covered:
                await pilot.press("enter")
                await pilot.pause()
            entries = [e for e in screen.entries if e.kind is None]
            if screen.masked is not None or not entries:
                await pilot.press("escape")
                await pilot.pause()
                continue
            text = screen_text(app)
            entry = rng.choice(entries)
            assert f" {entry.key}  " in text and label_text(entry)[:20] in text, (entry, text)
            before = len(session.played)
            await pilot.press(entry.key)
            await pilot.pause()
            if entry.notation is not None:
                assert len(session.played) == before + 1
                assert session.played[-1].entry.notation == entry.notation
                return entry.notation
            continue
        if isinstance(screen, NoticeScreen):
            await pilot.press("escape")
        else:  # the hidden bids' reveal, or another pop-up: Enter opens it, Escape leaves it
            await pilot.press("enter")
            await pilot.pause()
            if not isinstance(app.screen, GameScreen):
                await pilot.press("escape")
        await pilot.pause()
    return None


def shown_bar(screen: Any) -> Any:
    """The frame's choice bar when it is on screen (Gauekos keeps its own key bar)."""
    from companion.tui.widgets import ChoiceBar

    bars = [bar for bar in screen.query(ChoiceBar) if bar.display]
    return bars[0] if bars and getattr(screen, "shown_entries", None) else None


async def highlight(app: Any, pilot: Any, rng: random.Random, entry: Any) -> None:
    """Reach the choice bar with Tab and move its highlight to `entry` with the arrows, Home and
    End, as a person would; then the highlight is on it, and drawn so."""
    screen = app.screen
    bar = shown_bar(screen)
    for _ in range(6):
        if app.focused is bar:
            break
        await pilot.press("tab")
        await pilot.pause()
    assert app.focused is bar
    target = list(bar.entries).index(entry)
    await pilot.press(rng.choice(["home", "end"]))
    for _ in range(3 * len(bar.entries)):
        if bar.highlight == target:
            break
        row = next(n for n, items in enumerate(bar._rows) if any(i == bar.highlight for i, _ in items))
        goal = next(n for n, items in enumerate(bar._rows) if any(i == target for i, _ in items))
        if goal != row and rng.random() < 0.5:
            await pilot.press("up" if goal < row else "down")
        else:
            await pilot.press("left" if target < bar.highlight else "right")
    await pilot.pause()
    assert bar.highlight == target, (bar.highlight, target)
    assert lit_label(bar) == label_text(entry, app.lang).strip()


def lit_label(bar: Any) -> str:
    """The text drawn in the highlight's colours (read from the bar's content): one label."""
    from companion.tui.widgets import LIT

    content = bar.content
    lit = [content.plain[span.start:span.end] for span in content.spans if LIT in str(span.style)]
    assert len(lit) == 1, lit
    return lit[0].strip()


CASES = [(*g, 1) for g in GAMES] + [(*GAMES[2], 2)]  # 18 fantasmas twice: its bar is the one that lied


@pytest.mark.parametrize("game,players,options,seed", CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES])
async def test_the_key_of_a_shown_entry_plays_that_entry(make_app, home: Path, game, players, options, seed):
    session = Session.new(game, players, options, seed=SEED + seed, lang="es", path=home / f"{game}.toml")
    rng = random.Random(seed)
    app = make_app(session=session)
    pressed = entered = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(STEPS):
            if session.outcome() is not None:
                break
            await settle_modals(app, pilot, rng, session)
            screen = app.screen
            if not isinstance(screen, GameScreen):
                break
            if game == "18-fantasmas" and screen.selected is None:
                cell = fantasmas_pick(screen, rng)
                if cell is not None:
                    if app.focused is not None:  # the bar had it: Esc gives Enter back to the castle
                        await pilot.press("escape")
                        await pilot.pause()
                        assert app.focused is None
                    screen.cursor = cell
                    await pilot.press("enter")
                    await pilot.pause()
                    assert screen.selected == cell
            entries = visible_entries(screen)
            if not entries:  # nothing in the bar: the screen's own way in (the `:` line does the same)
                before = len(session.played)
                screen.submit(session.game.notation(session.game.sample_action(rng)))
                await pilot.pause()
                assert len(session.played) == before + 1
                continue
            text = screen_text(app)
            for key, entry, _, _ in entries:  # everything offered is on screen, with its key
                assert f" {key} " in text and label_text(entry)[:20] in text, (key, label_text(entry), text)
            key, entry, notation, opens = rng.choice(entries)
            before = len(session.played)
            if rng.random() < 0.5 and shown_bar(screen) is not None:  # Enter on the highlighted entry
                await highlight(app, pilot, rng, entry)
                await pilot.press("enter")
                entered += 1
            else:
                await pilot.press(key)
            await pilot.pause()
            pressed += 1
            if notation is not None:
                assert len(session.played) == before + 1, (key, notation)
                assert session.played[-1].entry.notation == notation, (key, notation)
            elif opens:
                await settle_modals(app, pilot, rng, session)
        assert pressed
        assert entered or game == "gauekos"  # (Gauekos keeps its own key bar, no choice bar)
    session.close()


def twelve_long_entries(duel: Session, monkeypatch) -> None:
    """The duel at its first roll, its menu twelve long entries (the last one rolls, the others
    hold): more than the bar holds at 80 columns."""
    from companion.core.game import Line
    from companion.tui.menu import Entry

    duel.act("lucky 1 3")
    duel.act("lucky 2 4")
    many = [Entry(Line("ui.game.undone", {"notation": f"opción larga número {n}"}), "roll" if n == 11 else "hold")
            for n in range(12)]
    monkeypatch.setattr(GameScreen, "menu_entries", lambda self, view: many)


async def test_a_long_menu_pages_behind_a_visible_more_entry(make_app, duel: Session, monkeypatch) -> None:
    """Twelve entries at 80 columns: what does not fit is behind "Más…" (on screen, with its key);
    it opens in place with "Volver" on 0; a key there plays that page's entry."""
    twelve_long_entries(duel, monkeypatch)
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        shown = screen.shown_entries
        more = [e for e in shown if e.inner]
        assert more and len(shown) < 12
        text = screen_text(app)
        assert f" {more[0].key}  Más… ({len(more[0].inner)})" in text
        for entry in shown:  # every key shown is on screen
            assert f" {entry.key} " in text
        await pilot.press(more[0].key)
        await pilot.pause()
        assert screen.menu_state.path and "Volver" in screen_text(app)
        page = screen.shown_entries
        last = next(e for e in page if e.notation == "roll")
        await pilot.press("0")
        await pilot.pause()
        assert not screen.menu_state.path
        await pilot.press(more[0].key)
        await pilot.pause()
        while last not in screen.shown_entries:  # a further page
            await pilot.press(next(e for e in screen.shown_entries if e.inner).key)
            await pilot.pause()
        await pilot.press(last.key)
        await pilot.pause()
        assert duel.played[-1].entry.notation == "roll"


def test_entries_that_name_every_digit_and_one_more_still_all_get_a_key():
    """Nine entries naming keys 1-9 and one more (a revealed duel step hit this: StopIteration)."""
    from companion.tui.menu import Entry, paged

    entries = [Entry(f"e{n}", f"n{n}", key=str(n)) for n in range(1, 10)] + [Entry("loose", "x")]
    shown = paged(entries)
    keys = [e.key for e in shown]
    assert all(keys) and len(keys) == len(set(keys)) and len(shown) <= 9
    assert shown[-1].inner  # the rest behind "más…", which has a key too


def test_more_named_entries_than_room_page_behind_more():
    """Kaijupoly's troops offered 1-5 and 0 (six named keys) in a bar with room for five: the
    sixth was drawn off the screen and still played by its key."""
    from companion.tui.menu import Entry, paged

    entries = [Entry(f"e{n}", f"n{n}", key=str(n)) for n in (1, 2, 3, 4, 5, 0)]
    shown = paged(entries, room=5)
    assert len(shown) == 5 and shown[-1].inner and len(shown[-1].inner) == 2
    keys = [e.key for e in shown]
    assert all(keys) and len(set(keys)) == 5

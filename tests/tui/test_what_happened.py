"""What just happened stays (issue 21): without sound the lines one key said stay together on
the subtitle until the next key; the log and Kaijupoly's bank scroll with PgUp/PgDn/Home/End."""

from __future__ import annotations

from pathlib import Path

from companion.core.session import Session
from companion.tui.log import EventLog

from .conftest import SEED
from .test_kaiju_screen import dealt, drive


async def test_without_sound_a_keys_lines_stay_until_the_next_key(make_app, duel: Session) -> None:
    duel.act("lucky 1 3")
    duel.act("lucky 2 4")
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.text_only = True
        await pilot.press("1")  # roll: what was rolled, then whose turn it is
        for _ in range(5):
            await pilot.pause()
        said = app.subtitle
        rolled = duel.played[-1].events[0]
        from companion.core.language import render
        first = render(rolled.line, "es")
        assert first[:25] in said and " · " in said, said
        for _ in range(5):  # nothing more pressed: it stays
            await pilot.pause()
        assert app.subtitle == said
        await pilot.press("left")  # any key: what was seen goes; the next lines start afresh
        await pilot.press("1")
        for _ in range(5):
            await pilot.pause()
        assert not app.subtitle.startswith(said), (said, app.subtitle)


async def test_the_log_scrolls_with_the_page_keys(make_app, duel: Session) -> None:
    duel.act("lucky 1 3")
    duel.act("lucky 2 4")
    for _ in range(30):
        if duel.outcome() is not None:
            break
        duel.act("roll")
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        await pilot.pause()
        end = log.scroll_y
        assert end > 0 and end == log.max_scroll_y  # at the end, as actions come
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < end
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y


async def test_the_bank_scrolls_with_the_page_keys(make_app, home: Path) -> None:
    from companion.tui.games.kaiju.centre import CentrePanel

    session = drive(dealt(home), lambda s: len(s.played) > 60)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        centre = app.screen.query_one(CentrePanel)
        first = centre.content.plain  # the bank's totals and the newest payments, at the bottom
        newest = first.splitlines()[-1]
        await pilot.press("pagedown")  # already at the newest: nothing further down
        await pilot.pause()
        assert centre.content.plain.splitlines()[-1] == newest
        await pilot.press("pageup")  # older payments (the whole-game trial of issue 21: PgUp did
        await pilot.pause()          # nothing there, and PgDn jumped to the oldest)
        page = centre.content.plain
        assert page != first and newest not in page.splitlines()[-1:]
        await pilot.press("home")  # the first payments, under the totals
        await pilot.pause()
        assert centre.top == 0 and centre.content.plain.splitlines()[0] == first.splitlines()[0]
        assert " R1 " in f" {centre.content.plain.splitlines()[1]} "
        await pilot.press("end")
        await pilot.pause()
        assert centre.content.plain.splitlines()[-1] == newest
    session.close()


async def test_the_dice_screen_opened_from_a_game_starts_on_that_games_table(make_app, home: Path) -> None:
    session = dealt(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.table == "kaiju_odds"
    session.close()


async def test_a_burst_too_long_for_the_subtitle_keeps_its_newest_line_whole(make_app, duel: Session) -> None:
    """The trial saw "…vuelve a" with "tirar" cut: the oldest lines go, the newest is read whole."""
    from companion.tui.widgets import SubtitleBar

    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.text_only = True
        old = "Una línea antigua que ya se ha leído y ocupa bastante sitio en la pantalla. " * 2
        newest = "Bea ha sacado dobles: vuelve a tirar"
        app.subtitle = " · ".join([old.strip(), old.strip(), newest])
        await pilot.pause()
        bar = app.screen.query_one(SubtitleBar)
        shown = bar.render().plain if hasattr(bar.render(), "plain") else str(bar.render())
        assert shown.rstrip().endswith(newest), shown
        assert "…" in shown and shown.count("Una línea antigua") < 4, shown

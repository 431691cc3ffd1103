"""The gaueko countdown and the day timer: shown, their last seconds said,
never in the way of a key. The clock is injected: the tests tick it by hand
(or run it fast); no test measures time."""

from __future__ import annotations

import pytest

from companion.core.game import Line
from companion.tui.games.gauekos import GauekosScreen
from companion.tui.games.gauekos.timers import Countdown, Timing

from ..conftest import screen_text
from .helpers import STARTED, played, press, said, until

TO_GAUEKOS = (*STARTED, "lovers 7 8", "done", "later", "sorgina 1", "shown")


async def test_the_countdown_says_its_last_ten_seconds_and_stops_at_the_victim(make_app, new_table, narrator,
                                                                                  recording) -> None:
    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=30)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GauekosScreen)
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        assert "0:30" in screen_text(app)
        said(narrator, recording)
        recording.clear()
        for _ in range(19):  # 30 -> 11: nothing said yet
            screen.tick()
        assert said(narrator, recording) == []
        for _ in range(5):  # 10, 9, 8, 7, 6
            screen.tick()
        await pilot.pause()
        assert "0:06" in screen_text(app)
        await press(pilot, "6")  # the gauekos agree on Flo: the countdown stops at once
        assert played(session)[-1] == "victim 6"
        assert screen.countdown is None
        for _ in range(10):
            screen.tick()
        await press(pilot, "space")  # the Kontalari closes their call
    ids = said(narrator, recording)
    assert [u.text for u in recording.utterances[:5]] == ["10", "9", "8", "7", "6"]
    assert ids[:5] == ["gauekos.countdown.tick"] * 5
    assert ids[5:] == ["gauekos.call.gauekos.sleep", "gauekos.call.akerbeltz.wake"]


async def test_the_countdown_runs_by_itself_to_time_is_up(make_app, new_table, narrator, recording,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With a fast clock the countdown runs alone; keys still work when it is over."""
    monkeypatch.setattr(GauekosScreen, "timing", Timing(second=0.001, poll=0.005, phantom=(0.01, 0.02)))
    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=12, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.over)
        await pilot.pause()
        assert "time is up" in screen_text(app)
        await press(pilot, "n")  # no agreement
        assert played(session)[-1] == "no agreement"
    spoken = said(narrator, recording)
    ticks = [u.text for u in recording.utterances if u.line_id == "gauekos.countdown.tick"]
    assert ticks == [str(n) for n in range(10, 0, -1)]
    assert spoken.count("gauekos.countdown.over") == 1
    assert spoken.index("gauekos.countdown.over") > spoken.index("gauekos.call.gauekos.wake")


async def test_the_countdown_pauses_with_t(make_app, new_table) -> None:
    session = new_table(8, *TO_GAUEKOS)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        screen.tick()
        await press(pilot, "t")
        screen.tick()
        screen.tick()
        assert screen.countdown.left == 44
        assert "en pausa" in screen_text(app)
        await press(pilot, "t")
        screen.tick()
        assert screen.countdown.left == 43


async def test_the_day_timer_warns_and_says_time_is_up(make_app, new_table, narrator, recording) -> None:
    session = new_table(8, *TO_GAUEKOS, "victim 6", "close", "no life", "no death", day_timer=65, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.day_timer is not None and screen.day_timer.running)
        assert "1:05" in screen_text(app)
        said(narrator, recording)
        recording.clear()
        for _ in range(65):
            screen.tick()
        await pilot.pause()
        assert "time is up" in screen_text(app)
        await press(pilot, "1", "1", "1", "1", "1", "2", "enter")  # the vote still goes in
        assert played(session)[-1].startswith("vote 1>1")
        assert screen.day_timer is None
    assert said(narrator, recording)[:4] == ["gauekos.day_timer.warning"] * 3 + ["gauekos.day_timer.over"]
    assert [u.text for u in recording.utterances[:3]] == ["60 seconds left to debate.", "30 seconds left to debate.",
                                                          "10 seconds left to debate."]


async def test_no_day_timer_when_it_is_zero(make_app, new_table) -> None:
    session = new_table(8, *TO_GAUEKOS, "victim 6", "close", "no life", "no death", day_timer=0)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.day_timer is None
        assert "◷" not in screen_text(app)


def test_a_countdown_says_nothing_before_it_starts_or_while_paused() -> None:
    countdown = Countdown("gauekos", 11, token=None)
    assert countdown.tick() == [] and countdown.left == 11  # waiting for the narrator
    countdown.start()
    assert countdown.tick() == [Line("gauekos.countdown.tick", {"seconds": 10})]
    countdown.toggle_pause()
    assert countdown.tick() == [] and countdown.left == 10

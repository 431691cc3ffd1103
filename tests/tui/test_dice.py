"""The dice-and-tables screen: app rolls, the table's physical dice
(range-checked), the history, the candy table's row, and speech on request."""

from __future__ import annotations

from textual.widgets import Input

from companion.speech.backends import RecordingBackend
from companion.tui.dicescreen import DiceScreen
from companion.tui.i18n import ui
from companion.tui.start import StartScreen

from .conftest import screen_text


async def test_roll_keys_roll_and_keep_a_history(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        await pilot.press("6", "2", "8")
        await pilot.pause()
        rolls = app.dice_history
        assert [str(r.spec) for r in rolls] == ["d6", "2d6", "d8"]
        assert all(r.source == "app" for r in rolls)
        assert 1 <= rolls[0].total <= 6 and 2 <= rolls[1].total <= 12 and 1 <= rolls[2].total <= 8
        assert app.screen.highlighted_row("halloween_candy") == rolls[2].total - 1
        shown = screen_text(app)
        for roll in rolls:
            assert roll.text("en") in shown


async def test_the_same_seed_rolls_the_same(make_app) -> None:
    results = []
    for _ in range(2):
        app = make_app(start="dice")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("8", "8", "6")
            results.append([r.faces for r in app.dice_history])
    assert results[0] == results[1]


async def test_physical_roll_in_range_is_taken_and_highlights_the_row(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"7", "enter")
        await pilot.pause()
        last = app.dice_history[-1]
        assert (str(last.spec), last.faces, last.source) == ("d8", (7,), "table")
        assert app.screen.highlighted_row("halloween_candy") == 6
        assert "7 on the die: 4 candies." in screen_text(app)
        await pilot.press("p", *"2d6 3 4", "enter")
        await pilot.pause()
        last = app.dice_history[-1]
        assert (str(last.spec), last.faces, last.total) == ("2d6", (3, 4), 7)
        assert app.screen.highlighted_row("halloween_candy") is None


async def test_physical_roll_out_of_range_is_refused(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"d8 9", "enter")
        await pilot.pause()
        assert app.dice_history == []
        error = str(app.screen.query_one("#dice-error").content)
        assert "A d8 cannot show 9" in error
        assert "A d8 cannot show 9" in screen_text(app)
        assert app.screen.query_one("#physical", Input).has_focus
        app.screen.query_one("#physical", Input).value = ""
        await pilot.press(*"2d6 5", "enter")
        await pilot.pause()
        assert app.dice_history == []
        assert ui("ui.dice.wrong_count", "en", dice="2d6", count=2) in str(app.screen.query_one("#dice-error").content)
        app.screen.query_one("#physical", Input).value = ""
        await pilot.press(*"d6 0", "enter")
        await pilot.pause()
        assert "A d6 cannot show 0" in str(app.screen.query_one("#dice-error").content)
        assert app.dice_history == []


async def test_result_is_spoken_only_when_asked(make_app, narrator, recording: RecordingBackend) -> None:
    app = make_app(start="dice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"6", "enter")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.spoken == []
        await pilot.press("t")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.line_ids == ["table.halloween_candy.say"]
        assert recording.spoken == ["El dado marca 6: son 3 caramelos."]
        await pilot.press("2", "t")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.line_ids[-1] == "dice.rolled"


async def test_dice_screen_is_reachable_from_start_and_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)

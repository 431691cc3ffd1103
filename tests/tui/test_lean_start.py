"""The start screen is lean: the resume and dice tabs are built when first
opened, and the game and dice screens' modules load when first shown.
These tests count widgets and modules; none times anything."""

from __future__ import annotations

import subprocess
import sys

from textual.widgets import Button, OptionList, TabbedContent

from companion.core.session import Session
from companion.tui.i18n import ui
from companion.tui.start import SavesPanel, StartScreen

from .conftest import screen_text


def test_app_import_loads_no_game_or_dice_screen() -> None:
    code = ("import sys; import companion.tui.app; "
            "print(sorted(m for m in sys.modules if m in ('companion.tui.dicescreen', 'companion.tui.frame') "
            "or m.startswith('companion.tui.games.') or m == 'companion.core.session'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


async def test_resume_and_dice_tabs_empty_until_opened(make_app, home) -> None:
    """With no save, the Continue and dice tabs stay empty until opened."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one("#resume", SavesPanel)
        assert panel.saves == [] and len(panel.children) == 0
        assert len(screen.query_one("#tab-dice").children) == 0
        assert screen.focused is screen.query_one("#players")


async def test_start_opens_on_continue_with_the_last_game(make_app, home) -> None:
    """A save to go on with: the start screen opens on Continue, the newest save highlighted and
    focused, once the saves are read (off the first paint); the dice tab stays empty until opened."""
    Session.new("dice-duel", ["Ana", "Bea"], seed=1, path=home / "one.toml").close()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        panel = screen.query_one("#resume", SavesPanel)
        assert [s.name for s in panel.saves] == ["one.toml"]
        assert screen.query_one(TabbedContent).active == "tab-resume"
        listing = screen.query_one("#saves", OptionList)
        assert screen.focused is listing and listing.highlighted == 0
        assert listing.option_count == 1
        assert "Ana, Bea" in screen_text(app)
        assert len(screen.query_one("#tab-dice").children) == 0

        await pilot.press("f1")
        await pilot.pause()
        assert screen.focused is screen.query_one("#players")

        app.lang = "en"  # the dice tab, built later, is in the language of that moment
        await pilot.pause()
        screen.query_one(TabbedContent).active = "tab-dice"
        await pilot.pause()
        button = screen.query_one("#to-dice", Button)
        assert str(button.label) == ui("ui.start.open_dice", "en")
        await pilot.press("f2")  # built once: still one listing, one line
        await pilot.pause()
        assert len(screen.query("#saves")) == 1 and screen.query_one("#saves", OptionList).option_count == 1


async def test_to_dice_button_opens_the_dice_screen(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one(TabbedContent).active = "tab-dice"
        await pilot.pause()
        await pilot.click("#to-dice")
        await pilot.pause()
        from companion.tui.dicescreen import DiceScreen

        assert isinstance(app.screen, DiceScreen)

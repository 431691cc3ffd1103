"""Frictions of the trial: the start form after a game, and the language switched in a game."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, RadioSet, Select

from companion.tui.frame import GameScreen
from companion.tui.memory import remembered_lang
from companion.tui.start import StartScreen

from .conftest import screen_text


async def test_a_new_game_after_one_starts_from_the_defaults(make_app, home: Path) -> None:
    """Rival and save name chosen for one game are not what the next new game shows."""
    app = make_app(lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "18-fantasmas"
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#option-opponent", Select).value = "app"
        app.screen.query_one("#save-as", Input).value = "con la app"
        app.screen.query_one("#players", Input).value = "Ana"
        await pilot.pause()
        app.screen.query_one("#players", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.game.settings["opponent"] == "app"
        assert game.session.path.name.startswith("con-la-app") or "con" in game.session.path.name
        app.leave_game(game)
        await pilot.pause()
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#save-as", Input).value == ""
        assert start.query_one("#option-opponent", Select).value == "none"
        assert start.query_one("#game", Select).value == "18-fantasmas"


async def test_choosing_another_game_empties_the_save_name(make_app) -> None:
    app = make_app(lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#save-as", Input).value = "mi duelo"
        app.screen.query_one("#game", Select).value = "gauekos"
        await pilot.pause()
        await pilot.pause()
        save_as = app.screen.query_one("#save-as", Input)
        assert save_as.value == ""
        assert "gauekos" in save_as.placeholder


async def test_the_language_switches_from_inside_a_game(make_app, duel, home: Path) -> None:
    """ctrl+p lists "Idioma: English" in Spanish; choosing it redraws the game in English."""
    app = make_app(lang="es", session=duel, start="game")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "elige tu número de la suerte en secreto" in screen_text(app)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Idioma: English")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.lang == "en"
        shown = screen_text(app)
        assert "choose your secret lucky number" in shown
        assert "elige tu número" not in shown
        assert remembered_lang(home) == "en"

"""The footer at 80 columns shows whole keys only, `?` lists every key, Esc asks first."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from companion.core.session import Session
from companion.tui.i18n import ui
from companion.tui.keys import key_list
from companion.tui.modals import KeysScreen, LeaveScreen

from .conftest import SEED, screen_text

GAMES = {"gauekos": 9, "halloween": 4, "18-fantasmas": 2, "alien-1979": 3, "kaijupoly": 3,
         "rey-de-los-monstruos": 3, "dice-duel": 2, "marcador": 4}


def footer_keys(app) -> list[FooterKey]:
    return list(app.screen.query_one(Footer).query(FooterKey))


def assert_fits(app, width: int = 80) -> None:
    """Every key the footer shows lies wholly inside the screen, and reads as it should."""
    keys = footer_keys(app)
    assert keys
    bottom = screen_text(app).splitlines()[-1]
    for key in keys:
        assert key.region.right <= width, (key.key_display, key.description, key.region)
        assert key.region.width >= len(key.key_display) + 1 + len(key.description) - 1
        assert f"{key.key_display} {key.description}".strip() in bottom, (bottom, key.description)


@pytest.mark.parametrize("lang", ["es", "eu", "en"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_game_footer_fits_80_columns_and_question_mark_lists_every_key(make_app, home: Path,
                                                                             game: str, lang: str) -> None:
    """Each game's footer at 80×24: whole keys, `?` among them; `?` lists every key in the table's language."""
    session = Session.new(game, [f"P{n}" for n in range(1, GAMES[game] + 1)], seed=SEED, lang=lang,
                          path=home / f"{game}.toml")
    app = make_app(session=session, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_fits(app)
        shown = {key.key_display: key.description for key in footer_keys(app)}
        assert "?" in shown
        game_screen = app.screen
        expected = key_list(game_screen, lang)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = listed_keys(app)
        for keys, words in expected:
            assert words in listed, words
        for key_display, description in shown.items():  # every footer key is in the list too
            assert description in listed
        assert "ctrl+p" in listed or "^p" in listed
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen
    session.close()


@pytest.mark.parametrize("start", ["start", "dice"])
async def test_start_and_dice_footer_fit_80_columns(make_app, start: str) -> None:
    """The start screen's and the dice screen's footers at 80 columns: whole keys; `?` lists them."""
    app = make_app(start=start, lang="eu")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert_fits(app)
        below = app.screen
        app.screen.set_focus(None)  # `?` types into a field that has the focus
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = listed_keys(app)
        assert "Teklak" in listed
        for key in footer_keys_of(below):
            assert key.description in listed


def listed_keys(app) -> str:
    """What the `?` list says, row by row (it scrolls: read from its rows, not the screen)."""
    return "\n".join(str(row.content) for row in app.screen.query(".keys-row"))


def footer_keys_of(screen) -> list[FooterKey]:
    return list(screen.query_one(Footer).query(FooterKey))


async def test_escape_asks_before_leaving_the_game(make_app, duel: Session) -> None:
    """Esc asks "leave the game? it is saved either way"; Esc again stays, Enter leaves."""
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game_screen = app.screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        assert "guardada de todos modos" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen"


@pytest.mark.parametrize("game, players, typo, guess", [
    ("dice-duel", 2, "lucy 1 4", "suerte 1 4"),  # guessed in the table's words (a Spanish table)
    ("gauekos", 9, "tiebrek 6", "desempate 6"),
])
async def test_a_typo_says_did_you_mean_and_what_is_allowed_once(make_app, home: Path, game: str, players: int,
                                                                 typo: str, guess: str) -> None:
    """A typo on the command line: "did you mean ...?" and what is allowed now, on the error line only (no toast)."""
    session = Session.new(game, [f"P{n}" for n in range(1, players + 1)], seed=SEED, lang="es",
                          path=home / f"{game}.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *typo, "enter")
        await pilot.pause()
        assert not app._notifications  # no toast over the table: the error line says it, once
        error = app.screen.error
        assert f"¿Querías decir '{guess}'?" in error
        assert error.count(f"'{guess}'") == 1
        if session.expects().private:  # a secret step (the lucky numbers), `v` off: no list of what it allows
            assert "Se puede" not in error, error
        else:
            assert "Se puede" in error or "Ahora" in error, error
        assert screen_text(app).count("¿Querías decir") == 1
    session.close()


@pytest.mark.parametrize("lang, search, commands", [
    ("es", "Buscar órdenes…", ["Tema", "Captura de pantalla", "Salir", "Teclas"]),
    ("eu", "Aginduak bilatu…", ["Gaia", "Pantaila-argazkia", "Irten", "Teklak"]),
])
async def test_the_command_palette_speaks_the_tables_language(make_app, lang: str, search: str,
                                                               commands: list[str]) -> None:
    """ctrl+p: the search field and Textual's own commands in the table's language."""
    from textual.command import CommandPalette

    app = make_app(lang=lang)
    async with app.run_test(size=(80, 40)) as pilot:  # room for every command (the languages too)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        shown = screen_text(app)
        assert search in shown
        for command in commands:
            assert command in shown, command
        assert "Screenshot" not in shown and "Theme" not in shown


@pytest.mark.parametrize("lang, words", [("es", "No hay ninguna orden que coincida"),
                                         ("eu", "Ez dago bat datorren agindurik")])
async def test_a_search_that_matches_nothing_says_so_in_the_tables_language(make_app, lang: str,
                                                                            words: str) -> None:
    """ctrl+p, then a search that matches nothing: not Textual's "No matches found"."""
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 40)) as pilot:  # room for every command (the languages too)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"zqxwv")
        for _ in range(20):  # Textual waits a moment before it says there is no match
            await pilot.pause(0.1)
            if words in screen_text(app):
                break
        shown = screen_text(app)
        assert words in shown and "No matches" not in shown


async def test_an_open_list_on_the_form_names_its_key_in_the_tables_language(make_app) -> None:
    """The game list open on the start form: the footer says "esc Cerrar la lista", not "Dismiss menu"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game").focus()
        await pilot.press("enter")
        await pilot.pause()
        bottom = screen_text(app).splitlines()[-1]
        assert "esc Cerrar la lista" in bottom and "Dismiss" not in bottom


async def test_a_wider_terminal_shows_more_keys(make_app, duel: Session) -> None:
    """At 80 columns the footer keeps the essential keys; widened to 120 it shows the rest (Esc too), all whole."""
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        narrow = [key.key_display for key in footer_keys(app)]
        assert "esc" not in narrow and "?" in narrow
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        wide = [key.key_display for key in footer_keys(app)]
        assert set(narrow) < set(wide) and "esc" in wide
        assert_fits(app, 120)


async def _notices(app, pilot, want: int = 1) -> list:
    for _ in range(50):  # the file is written by a worker: wait for its notice, never for a time
        if len(app._notifications) >= want:
            break
        await pilot.pause(0.02)
    return list(app._notifications)


@pytest.mark.parametrize("lang", ["eu", "es"])
async def test_the_palettes_screenshot_is_saved_and_said_in_the_tables_language(make_app, home: Path, tmp_path: Path,
                                                                                monkeypatch, lang: str) -> None:
    """ctrl+p, Screenshot: saved in a folder that is made when missing (no ~/Downloads here),
    and the notice is in the table's language, not Textual's English."""
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))
    app = make_app(lang=lang)
    async with app.run_test(size=(80, 40)) as pilot:  # room for every command (the languages too)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*ui("ui.cmd.screenshot", lang))
        await pilot.pause(0.3)
        await pilot.press("enter")
        notices = await _notices(app, pilot)
        shot = list((home / "screenshots").glob("*.svg"))
        assert len(shot) == 1 and shot[0].read_text(encoding="utf-8").startswith("<svg")
        said = [(n.title, n.message) for n in notices]
        assert said == [(ui("ui.screenshot.title", lang), ui("ui.screenshot.saved", lang, path=str(shot[0])))]
        assert not any(t == "Screenshot" or m.startswith(("Saved", "Failed")) for t, m in said)


async def test_a_screenshot_that_cannot_be_saved_says_why_in_the_tables_language(make_app, home: Path) -> None:
    (home / "screenshots").write_text("not a folder")
    app = make_app(lang="eu")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.deliver_screenshot()
        notices = await _notices(app, pilot)
        assert [n.title for n in notices] == [ui("ui.screenshot.title", "eu")]
        assert notices[0].severity == "error" and "Failed" not in notices[0].message


async def test_the_start_form_offers_the_keys_list_from_a_text_field(make_app) -> None:
    """In the players field `?` is text (typed, as a person may write it); the footer says
    f4 opens the keys list there, and it does; off the text fields `?` opens it too."""
    app = make_app(lang="eu")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#players")
        assert app.focused is players
        assert_fits(app)
        assert f"f4 {ui('ui.key.keys', 'eu')}" in screen_text(app).splitlines()[-1]
        await pilot.press("question_mark")
        await pilot.pause()
        assert players.value == "?" and not isinstance(app.screen, KeysScreen)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        await pilot.press("escape")
        await pilot.pause()
        app.screen.query_one("#game").focus()
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)


async def test_leaving_a_game_goes_back_to_continue_on_that_game(make_app, duel: Session) -> None:
    """From the start screen into a game and out again (Esc, Enter): the start screen shows
    Continue with the game just left highlighted, not the New game form it was started from."""
    from textual.widgets import OptionList, TabbedContent

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        start.query_one(TabbedContent).active = "tab-new"
        await pilot.pause()
        app.open_session(duel)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(100):
            await pilot.pause(0.02)
            if app.screen is start and start.query_one(TabbedContent).active == "tab-resume":
                break
        assert app.screen is start
        assert start.query_one(TabbedContent).active == "tab-resume"
        saves = start.query_one("#saves", OptionList)
        assert saves.highlighted == 0
        assert "Duelo de dados" in str(saves.get_option_at_index(0).prompt)


async def test_leaving_a_finished_game_offers_no_going_on(make_app, home: Path) -> None:
    """The whole-game Kaijupoly trial: after the winner, Esc still said "puedes seguirla luego";
    a game that is over says it is over and saved, with only "Salir"."""
    session = Session.new("dice-duel", ["Ana", "Bea"], {"target": 10}, seed=5, lang="es", path=home / "over.toml")
    for text in ("lucky 1 6", "lucky 2 6", "roll @ 5 5", "hold"):
        session.act(text)
    assert session.outcome() is not None
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        shown = screen_text(app)
        assert "ha terminado y está guardada" in shown and "seguirla luego" not in shown, shown
        assert not app.screen.query("#leave-no")
    session.close()

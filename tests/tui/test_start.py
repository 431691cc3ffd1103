"""The start screen: a new game with players typed as any text, seats by
count, options checked by the game, and resuming (also a damaged save)."""

from __future__ import annotations

import re
from pathlib import Path

from textual.widgets import Input, Static, TabbedContent

from companion.core.session import Session
from companion.tui.frame import GameScreen
from companion.tui.i18n import ui
from companion.tui.start import RecoverScreen, StartScreen

from .conftest import open_save, screen_text, show_saves


async def type_players(pilot, text: str) -> None:
    players = pilot.app.screen.query_one("#players", Input)
    players.focus()
    await pilot.press(*text)


async def test_new_duel_shows_names_exactly_as_typed(make_app, home: Path) -> None:
    """`[bold]Ana` is a name, not markup: it shows literally on both screens."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await type_players(pilot, "Ana, [bold]Ana")
        seats = app.screen.query_one("#seats", Static)
        assert "[bold]Ana" in seats.content.plain
        assert "[bold]Ana" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert session.game.players == ["Ana", "[bold]Ana"]
        assert session.path is not None and session.path.parent == home and session.path.exists()
        shown = screen_text(app)
        assert "[bold]Ana" in shown
        assert "Ana, elige tu número de la suerte en secreto." in shown


async def test_players_by_count_get_seat_names_in_the_language(make_app) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_players(pilot, "3")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        expected = [ui("ui.start.seat", "en", n=n) for n in (1, 2, 3)]
        assert app.screen.session.game.players == expected
        assert expected[0] != "ui.start.seat"


async def test_bad_option_is_refused_with_its_reason(make_app, home: Path) -> None:
    """Options go through Option.coerce; a refusal says why and starts nothing."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_players(pilot, "Ana, Bea")
        target = app.screen.query_one("#option-target", Input)
        target.value = "5"
        await pilot.click("#begin")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "como mínimo 10" in str(app.screen.query_one("#error-target").content)
        assert "como mínimo 10" in str(app.screen.query_one("#new-error").content)
        assert list(home.glob("*.toml")) == []


async def test_too_few_players_is_refused(make_app, home: Path) -> None:
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_players(pilot, "Ana")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "2 to 8 players" in str(app.screen.query_one("#new-error").content)
        assert list(home.glob("*.toml")) == []


async def test_language_switch_relabels_the_screen(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert ui("ui.start.new", "es") in screen_text(app)
        app.screen.query_one("#language").focus()
        await pilot.press("right", "enter")
        await pilot.pause()
        assert app.lang == "en"
        assert ui("ui.start.new", "en") in screen_text(app)
        assert app.narrator.lang == "en"


async def test_resume_lists_saves_newest_first(make_app, home: Path) -> None:
    old = Session.new("dice-duel", ["Ana", "Bea"], seed=1, path=home / "old.toml")
    old.act("lucky 1 3")
    old.close()
    new = Session.new("dice-duel", ["Carla", "[i]Dani"], seed=2, path=home / "new.toml")
    new.close()
    import os
    os.utime(home / "old.toml", (1_000_000, 1_000_000))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        panel = app.screen.query_one("#resume")
        assert [s.name for s in panel.saves] == ["new.toml", "old.toml"]
        assert [s.actions for s in panel.saves] == [0, 1]
        app.screen.query_one(TabbedContent).active = "tab-resume"
        await pilot.pause()
        shown = screen_text(app)
        assert "Carla, [i]Dani" in shown
        app.screen.query_one("#saves").focus()
        await pilot.press("down", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.players == ["Ana", "Bea"]
        assert len(app.screen.session.played) == 1


async def test_damaged_save_offers_to_recover_the_intact_part(make_app, home: Path) -> None:
    path = home / "broken.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=1, path=path)
    session.act("lucky 1 3")
    session.act("lucky 2 5")
    session.close()
    with path.open("ab") as handle:
        handle.write(b"\n[[action]]\ndo = \"roll\nthis is not toml\n")
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.screen.query_one(TabbedContent).active = "tab-resume"
        await pilot.pause()
        assert "broken.toml" in screen_text(app)
        app.screen.query_one("#saves").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RecoverScreen)
        flat = re.sub(r"[\s█]+", "", screen_text(app))  # the long tmp path wraps in the dialog
        assert str(path).replace(" ", "") in flat
        assert "action3" in flat  # what is wrong: where the damage starts
        assert ui("ui.resume.recover", "en", count=2).replace(" ", "") in flat
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.session.played) == 2
        aside = list(home.glob("broken.toml.damaged-*"))
        assert len(aside) == 1 and b"this is not toml" in aside[0].read_bytes()


async def test_cancelled_recovery_leaves_the_file_alone(make_app, home: Path) -> None:
    path = home / "broken.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=1, path=path)
    session.act("lucky 1 3")
    session.close()
    with path.open("ab") as handle:
        handle.write(b"\n[[action]]\nnot toml at all\n")
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await show_saves(app, pilot)
        await open_save(app, pilot)
        assert isinstance(app.screen, RecoverScreen)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert path.read_bytes() == before
        assert "broken.toml" in str(app.screen.query_one("#resume-error").content)


async def test_choosing_another_game_shows_its_options(make_app) -> None:
    """The form follows the chosen game: its options, its player range; it starts in the frame."""
    from companion.core.registry import find_game
    from textual.widgets import Select

    gauekos = find_game("gauekos")
    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "gauekos"
        await pilot.pause()
        await pilot.pause()
        keys = [o.key for o in gauekos.options]
        assert [w.id for w in app.screen.query("#options .value") if w.id] == [f"option-{k}" for k in keys]
        await type_players(pilot, str(gauekos.min_players))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.name == "gauekos"


async def test_house_rule_switch_says_its_state_and_is_saved(make_app, home: Path) -> None:
    """A house rule reads "off" until toggled, then "on", and the game starts with it."""
    from textual.widgets import Checkbox

    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#option-snake_eyes_reset", Checkbox)
        assert box.value is False and str(box.label) == "off"
        box.toggle()
        await pilot.pause()
        assert str(box.label) == "on"
        await type_players(pilot, "Ana, Bea")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.session.game.settings["snake_eyes_reset"] is True


async def test_focus_stays_usable_after_switching_game(make_app) -> None:
    """Switching game on the form (keys, then with a field of the old game focused): the focus is
    always somewhere, Tab moves on and typing lands in a field."""
    from textual.widgets import Input, Select

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is app.screen.query_one("#players")
        app.screen.query_one("#game").focus()
        await pilot.press("enter", "down", "enter")  # open the list, pick the next game
        await pilot.pause()
        await pilot.pause()
        select = app.screen.query_one("#game", Select)
        assert select.value != "dice-duel"
        assert app.focused is select
        await pilot.press("tab")
        assert app.focused is app.screen.query_one("#players")
        await pilot.press(*"Ana")
        assert app.screen.query_one("#players", Input).value == "Ana"
        # A field of this game has the focus; the game changes under it: the focus goes back to the game.
        await pilot.press("tab")
        option = app.focused
        assert option is not None and option.id and option.id.startswith("option-")
        select.value = "halloween" if select.value != "halloween" else "gauekos"
        await pilot.pause()
        await pilot.pause()
        assert app.focused is not None and app.focused.is_attached
        await pilot.press("tab")
        assert app.focused is not None and app.focused.is_attached


async def test_each_tab_starts_on_its_field(make_app, duel) -> None:
    """F1 lands in the players field, F2 on the list of saves, the dice tab on its button."""
    from textual.widgets import TabbedContent

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.focused is app.screen.query_one("#saves")  # a save to go on with: Continue first
        await pilot.press("f1")
        assert app.focused is app.screen.query_one("#players")
        await pilot.press("f2")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#saves")
        app.screen.query_one(TabbedContent).active = "tab-dice"
        await pilot.pause()
        await pilot.pause()
        assert app.focused is app.screen.query_one("#to-dice")


async def test_a_key_with_nothing_focused_goes_to_the_form(make_app) -> None:
    """With the focus nowhere, Tab and typing still reach the form (never "until F1")."""
    from textual.widgets import Input

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.set_focus(None)
        await pilot.press(*"Ana")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#players")
        assert app.screen.query_one("#players", Input).value == "Ana"
        app.screen.set_focus(None)
        await pilot.press("tab")
        assert app.focused is not None


async def test_game_field_follows_a_language_switch(make_app) -> None:
    """The chosen game's title in the field (not only in its list) is in the new language,
    also for the first game of the list (the Select's value does not change then)."""
    from textual.widgets import Select

    app = make_app(lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        select = app.screen.query_one("#game", Select)
        select.value = "dice-duel"
        await pilot.pause()
        app.lang = "eu"
        await pilot.pause()
        game_row = next(line for line in screen_text(app).splitlines() if ui("ui.start.game", "eu") in line)
        assert ui("game.dice-duel.title", "eu") in game_row
        assert ui("game.dice-duel.title", "es") not in game_row


def _choice_keys_quoted(text: str, option) -> list[str]:
    """The canonical keys of `option`'s choices that `text` quotes as a value ("none: ...")."""
    return [str(c) for c in option.choices if re.search(rf"(^|[\s(;]){re.escape(str(c))}\s*[:=,]", text)]


def test_no_option_help_lists_its_choices_by_their_keys() -> None:
    """An option's help speaks the table's words: its choices are shown by their labels
    (the Select), so the help never quotes the canonical keys (`none: ... app: ...`)."""
    from companion.core.registry import find_game, game_names
    from companion.tui.i18n import option_help

    quoted = {}
    for name, _ in game_names():
        game = find_game(name)
        for option in game.options:
            if option.choices and not isinstance(option.default, bool):
                for lang in ("en", "es", "eu"):
                    found = _choice_keys_quoted(option_help(name, option, lang), option)
                    if found:
                        quoted[(name, option.key, lang)] = found
    assert quoted == {}


async def test_fantasmas_options_show_no_english_keys_in_basque(make_app) -> None:
    from textual.widgets import Select

    app = make_app(lang="eu")
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "18-fantasmas"
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert ui("game.18-fantasmas.option.opponent", "eu") in shown
        assert "none:" not in shown and "app:" not in shown


async def test_a_refusal_goes_away_when_another_game_is_chosen(make_app) -> None:
    """The dice duel's "2 to 8 players" says nothing of Gauekos: switching game clears it."""
    from textual.widgets import Select

    app = make_app(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_players(pilot, "Ana")
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one("#new-error")
        assert "2 to 8 players" in str(error.content) and error.has_class("-shown")
        app.screen.query_one("#game", Select).value = "gauekos"
        await pilot.pause()
        await pilot.pause()
        assert str(error.content) == "" and not error.has_class("-shown")

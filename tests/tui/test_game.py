"""The game frame: choices by number keys, undo and redo, the notation
command line (and its refusals), the curtain, secrets, and what the
narrator is asked to say."""

from __future__ import annotations

from textual.widgets import Input

from companion.core.session import Session
from companion.speech.backends import RecordingBackend
from companion.tui.frame import CurtainScreen, GameScreen
from companion.tui.i18n import ui
from companion.tui.widgets import LOCK

from .conftest import screen_text


def view_state(session: Session) -> dict:
    return {"public": session.game.public_state(), "private": session.game.private_state(),
            "played": [p.entry.notation for p in session.played]}


async def test_number_keys_play_the_choices(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("3", "5")
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 3", "lucky 2 5"]
        assert duel.game.private_state() == {"lucky": {"Ana": 3, "[bold]Ana": 5}}
        assert "Ana, ¿tiras o te plantas?" in screen_text(app)


async def test_clicking_a_choice_plays_it(make_app, duel: Session) -> None:
    """Mouse works too: a click on a choice submits its notation."""
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#choices")
        await pilot.click(bar, offset=(1 + 8 * 3 + 2, 0))  # the fourth chip: " 4 " + " 4 " + gap
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 4"]


async def test_undo_and_redo_keys_move_the_game_back_and_forth(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "5")
        await pilot.pause()
        before = view_state(duel)
        await pilot.press("1")  # roll
        await pilot.pause()
        after = view_state(duel)
        assert after != before
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert view_state(duel) == before
        assert Session.load(duel.path).played[-1].entry.notation == "lucky 2 5"  # the file too
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert view_state(duel) == after
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        await pilot.pause()
        assert duel.played == []
        await pilot.press("ctrl+z")  # nothing left: said in words, nothing breaks
        await pilot.pause()
        assert ui("ui.game.nothing_to_undo", "es") in str(app.screen.query_one("#error").content)


async def test_refused_notation_shows_why_and_changes_nothing(make_app, duel: Session) -> None:
    app = make_app(session=duel, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = view_state(duel)
        saved = duel.path.read_bytes()
        await pilot.press("colon")
        await pilot.pause()
        line = app.screen.query_one("#notation", Input)
        assert line.has_focus
        await pilot.press(*"hold", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#error").content)
        assert "Lucky numbers come first" in error
        assert "Lucky numbers come first" in screen_text(app)
        assert view_state(duel) == before
        assert duel.path.read_bytes() == saved
        assert line.value == "hold"  # kept, to be corrected
        await pilot.press(*" nonsense", "enter")
        await pilot.pause()
        assert "Write it like: hold" in str(app.screen.query_one("#error").content)
        line.value = ""
        await pilot.press(*"lucky 1 4", "enter")
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 4"]
        assert str(app.screen.query_one("#error").content) == ""
        assert not line.has_focus


async def test_table_dice_typed_after_at(make_app, duel: Session) -> None:
    """`roll @ 4 6` uses the physical dice; an impossible face is refused."""
    app = make_app(session=duel, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "5", "colon", *"roll @ 4 9", "enter")
        await pilot.pause()
        assert "cannot show 9" in str(app.screen.query_one("#error").content)
        assert len(duel.played) == 2
        app.screen.query_one("#notation", Input).value = ""
        await pilot.press(*"roll @ 4 6", "enter")
        await pilot.pause()
        assert duel.played[-1].entry.draws[0].values == (4, 6)
        assert "2d6: 4, 6" in screen_text(app)


async def test_curtain_blanks_everything_then_lifts(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        shown = screen_text(app)
        assert "[bold]Ana" in shown and "Ana ya tiene número de la suerte." in shown
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        hidden = screen_text(app)
        for word in ("Ana", "suerte", ui("ui.game.table", "es"), ui("ui.key.undo", "es")):
            assert word not in hidden
        assert hidden.strip() == ui("ui.curtain.hint", "es")
        await pilot.press("1")  # keys do not reach the game behind the curtain
        await pilot.pause()
        assert len(duel.played) == 1
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "[bold]Ana" in screen_text(app)


async def test_secrets_show_only_when_revealed(make_app, duel: Session) -> None:
    app = make_app(session=duel, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        secret = "Ana's lucky number is 3."
        shown = screen_text(app)
        assert secret not in shown
        # the notation of a secret action tells the secret too
        assert "lucky Ana 3" not in shown and "lucky 1 3" not in shown
        assert "Ana has chosen a lucky number." in shown
        assert LOCK in shown
        await pilot.press("v")
        await pilot.pause()
        shown = screen_text(app)
        assert secret in shown
        assert "lucky Ana 3" in shown  # the log names the seat
        assert "Lucky numbers: Ana 3" in shown
        await pilot.press("v")
        await pilot.pause()
        assert secret not in screen_text(app)


async def test_narrator_says_public_lines_in_order(make_app, duel: Session, narrator,
                                                   recording: RecordingBackend) -> None:
    """Public spoken events in order, then the next prompt's line; secrets never."""
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "5", "1", "1")
        await pilot.pause()
        narrator.wait_idle(5)
        expected: list[str] = ["dice-duel.ask_lucky"]
        for played in duel.played:
            expected += [e.line.id for e in played.events if e.speak and not e.private]
            if played.entry.notation == "lucky 1 3":
                expected.append("dice-duel.ask_lucky")
        assert recording.line_ids == expected
        assert expected[:5] == ["dice-duel.ask_lucky", "dice-duel.lucky_chosen", "dice-duel.ask_lucky",
                                "dice-duel.lucky_chosen", "dice-duel.rolled"]
        assert "dice-duel.lucky_secret" not in recording.line_ids
        assert recording.spoken[1] == "Ana ya tiene número de la suerte."
        assert app.subtitle == recording.spoken[-1]
        assert recording.spoken[-1] in screen_text(app)


async def test_the_outcome_is_shown_big(make_app, home) -> None:
    session = Session.new("dice-duel", ["Ana", "Bea"], {"target": 10}, seed=5, lang="en",
                          path=home / "short.toml")
    session.act("lucky 1 6")
    session.act("lucky 2 6")
    session.act("roll @ 5 5")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")  # hold 10: Ana reaches the target
        await pilot.pause()
        assert session.outcome() is not None
        shown = screen_text(app)
        assert "ANA WINS WITH 10 POINTS!" in shown
        assert ui("ui.game.winners", "en", names="Ana") in shown
    session.close()


async def test_leaving_the_game_goes_to_the_start_screen(make_app, duel: Session) -> None:
    from companion.tui.start import StartScreen

    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.press("escape")  # asks first: Enter leaves (the game is saved either way)
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(100):  # the start screen lists the saves in a worker of its own (slow when loaded)
            await app.workers.wait_for_complete()
            await pilot.pause(0.02)
            if isinstance(app.screen, StartScreen) and app.screen.query_one("#resume").saves \
                    and app.screen.query_one("#start-tabs").active == "tab-resume":
                break
        assert isinstance(app.screen, StartScreen)
        saves = app.screen.query_one("#resume").saves
        assert [s.actions for s in saves] == [1]
        assert saves[0].state is not None and saves[0].state["es"]  # where it stands, remembered on leaving
        # It opens on Continue, the game just left highlighted and focused.
        assert app.screen.query_one("#start-tabs").active == "tab-resume"
        assert app.focused is app.screen.query_one("#saves")
        shown = screen_text(app)
        assert "Ana, [bold]Ana" in shown and "1 acción · " in shown, shown


async def test_a_line_said_twice_together_shows_once(make_app, duel: Session) -> None:
    """The end said as an event and again as the prompt ("¡Bea y Carlos escapan con vida!")
    shows once in the subtitle, not twice side by side."""
    from companion.tui.app import Narrated

    app = make_app(session=duel, mute=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for text in ("¡Bea y Carlos escapan con vida!", "¡Bea y Carlos escapan con vida!"):
            app.post_message(Narrated(text))
        await pilot.pause()
        said = app.subtitle  # (what the opening said stays in the burst until the next key)
        assert said.endswith("¡Bea y Carlos escapan con vida!") and said.count("escapan con vida") == 1, said


async def test_muted_start_still_shows_subtitles_and_m_unmutes(make_app, duel: Session, narrator,
                                                                recording: RecordingBackend) -> None:
    app = make_app(session=duel, mute=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert narrator.muted
        await pilot.press("3")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.spoken == []
        # nothing heard: the lines said together are shown together, the newest last
        assert app.subtitle == "Ana ya tiene número de la suerte. · [bold]Ana, elige tu número de la suerte en secreto."
        await pilot.press("m")
        await pilot.pause()
        assert not narrator.muted

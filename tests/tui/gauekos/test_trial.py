"""What a game master ran into in a real trial (issue 13), on the Gauekos screen: undo and redo
across the calls of a night, the phantom call's one instruction and its time, notation typed
in the table's language."""

from __future__ import annotations

from dataclasses import replace

from companion.tui.games.gauekos import GauekosScreen

from ..conftest import screen_text
from .conftest import FAST
from .helpers import STARTED, played, press, said, until

TO_GAUEKOS = (*STARTED, "lovers 7 8", "done", "later", "sorgina 1", "shown")


async def test_undo_from_akerbeltz_puts_her_to_sleep_and_wakes_the_gauekos_with_their_time(
        make_app, new_table, narrator, recording) -> None:
    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=30)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GauekosScreen)
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        for _ in range(12):  # 30 -> 18
            screen.tick()
        await press(pilot, "6", "space")  # victim 6, their call closed: Akerbeltz's call
        assert played(session)[-2:] == ["victim 6", "close"] and screen.countdown is None
        said(narrator, recording)
        recording.clear()
        await press(pilot, "ctrl+z", "ctrl+z")
        assert played(session)[-2:] == ["sorgina 1", "shown"]
        assert said(narrator, recording) == ["gauekos.call.akerbeltz.sleep", "gauekos.call.gauekos.wake"]
        assert screen.countdown is not None and screen.countdown.left == 18  # not restarted
        await pilot.pause()
        assert "0:18" in screen_text(app)
        assert "Gauekos, despertad" in screen_text(app)  # the subtitle is the wake line
        recording.clear()
        await press(pilot, "ctrl+y", "ctrl+y")
        assert played(session)[-2:] == ["victim 6", "close"]
        assert said(narrator, recording) == ["gauekos.call.gauekos.sleep", "gauekos.call.akerbeltz.wake"]
        recording.clear()
        await press(pilot, "ctrl+z", "ctrl+z")
        assert said(narrator, recording) == ["gauekos.call.akerbeltz.sleep", "gauekos.call.gauekos.wake"]
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        assert screen.countdown.left == 18


async def test_undo_within_one_call_says_nothing(make_app, new_table, narrator, recording) -> None:
    session = new_table(8, *TO_GAUEKOS, "victim 6", "close", "no life")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said(narrator, recording)
        recording.clear()
        await press(pilot, "ctrl+z")
        assert played(session)[-2:] == ["victim 6", "close"]
        assert said(narrator, recording) == []


async def test_another_path_to_the_gauekos_call_starts_a_full_countdown(make_app, new_table) -> None:
    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=30)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        for _ in range(5):
            screen.tick()
        await press(pilot, "ctrl+z", "ctrl+z", "2", "space")  # the Sorgiña looks at Bo instead
        assert played(session)[-2:] == ["sorgina 2", "shown"]
        assert screen.countdown is not None and screen.countdown.left == 30


PHANTOM_AKERBELTZ = ("deck gaueko 2 sorgina samartintxiki lamia akerbeltz", "role 1 gaueko", "role 2 gaueko",
                     "role 3 sorgina", "role 4 samartintxiki", "role 5 campesino", "role 6 lamia",
                     "role 7 campesino", "role 8 campesino", "start", "keep", "lovers 7 8", "done", "later",
                     "sorgina 1", "shown", "victim 6", "close")


async def test_a_phantom_call_gives_one_instruction_and_its_time_left(make_app, new_table, monkeypatch) -> None:
    from companion.tui.games.gauekos.timers import Timing

    monkeypatch.setattr(GauekosScreen, "timing", Timing(second=None, poll=0.005, phantom=(9.2, 9.4)))
    session = new_table(8, *PHANTOM_AKERBELTZ)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.phantom_clock() is not None)
        await pilot.pause()
        text = screen_text(app)
        assert "Pasa sola cuando se acaba el tiempo" in text
        assert "Espera más o menos" not in text  # the command line's instruction is not shown twice
        assert "Llamada fantasma  0:10" in text
        screen.tick()
        await pilot.pause()
        assert "Llamada fantasma  0:09" in screen_text(app)
        await press(pilot, "space")  # now, without waiting
        assert played(session)[-1] == "pass"
        assert screen.phantom_clock() is None


async def test_the_gaueko_countdown_is_shown_big(make_app, new_table) -> None:
    from companion.tui.games.gauekos.timers import BigClock

    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=12)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        big = app.screen.query_one(BigClock)
        assert big.display and big.value == "0:12" and big.size.height == 3
        screen.tick()
        screen.tick()
        await pilot.pause()
        assert big.value == "0:10" and big.has_class("-urgent")
        await press(pilot, "6")
        assert not big.display


async def test_a_forced_step_is_space_named_in_the_footer(make_app, new_table) -> None:
    session = new_table(8, *TO_GAUEKOS, "victim 8", "close", "no life", "no death")  # Hal dies: Gus, her lover, grieves
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert session.expects().step == "grief"
        text = screen_text(app)
        footer = text.splitlines()[-1]
        assert "Gus muere de pena" in footer and "Seguir" not in footer
        assert "número de asiento" not in text  # nothing to choose
        await press(pilot, "space")
        assert played(session)[-1] == "grief 7"
        footer = screen_text(app).splitlines()[-1]
        assert "Gus muere de pena" not in footer and "Seguir" in footer


async def test_notation_in_a_spanish_prompt_and_typed_in_spanish(make_app, new_table) -> None:
    session = new_table(8, *STARTED)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "v")  # the Lamia's call: its detail is the Kontalari's (secrets shown)
        assert "enamorados A B" in screen_text(app) and "lovers A B" not in screen_text(app)
        await press(pilot, "colon")
        for key in "enamorados Gus Hal":
            await pilot.press(key if key != " " else "space")
        await press(pilot, "enter")
        assert played(session)[-1] == "lovers 7 8"  # saved in the canonical form


async def test_v_inside_the_grimoire_shows_what_the_sorgina_has_seen(make_app, new_table) -> None:
    session = new_table(8, *TO_GAUEKOS, "victim 3", "close", "no life", "no death", "mayor 5")
    app = make_app(session=session)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "i")
        text = screen_text(app)
        assert "Lo que ha visto la Sorgiña" in text and "Noche 1: Ana" not in text
        assert "★ Pariente mayor: Ed" in text
        await press(pilot, "v")
        text = screen_text(app)
        assert "Noche 1: Ana, Gaueko" in text
        await press(pilot, "v")
        assert "Noche 1: Ana, Gaueko" not in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, GauekosScreen) and not app.screen.revealed


async def test_the_pariente_mayor_is_marked_on_the_seat_grid(make_app, new_table) -> None:
    session = new_table(8, *STARTED, "lovers 7 8", "done", "mayor 5", "sorgina 1", "shown")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "5 Ed ★" in text
        assert "Ana ★" not in text


async def test_each_player_looks_at_their_card_alone(make_app, new_table) -> None:
    session = new_table(8, "deck gaueko 2 sorgina lamia cazador akerbeltz", "deal")
    cards = session.game.private_state()["cards"]
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = played(session)
        await press(pilot, "p")
        text = screen_text(app)
        assert "Solo mira Ana" in text and "tu carta" not in text  # covered until Enter
        for role in set(cards.values()):  # no card shows through the cover
            assert f" {role.capitalize()}" not in text.replace("Solo mira", "")
        await press(pilot, "enter")
        assert "Ana, tu carta:" in screen_text(app)
        await press(pilot, "x")  # any key covers it and passes it on
        assert "Solo mira Bo" in screen_text(app) and "tu carta" not in screen_text(app)
        await press(pilot, "escape")
        assert isinstance(app.screen, GauekosScreen)
        assert played(session) == before  # nothing played


async def test_a_name_that_looks_like_markup_shows_as_typed(make_app, home) -> None:
    from companion.core.session import Session

    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "[bold]Gus", "Hal"]
    session = Session.new("gauekos", names, {}, seed=5, lang="es", path=home / "markup.toml")
    for action in (*TO_GAUEKOS, "victim 8", "close", "no life", "no death"):
        session.act(action)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[bold]Gus muere de pena" in screen_text(app).splitlines()[-1]  # the forced step, in the footer
        await press(pilot, "p")
        await press(pilot, *["enter", "x"] * 6)  # Ana, Bo, Cy, Di, Ed, Flo have looked (Hal is dead)
        assert "Solo mira [bold]Gus" in screen_text(app)
        await press(pilot, "enter")
        assert "[bold]Gus, tu carta:" in screen_text(app)
    session.close()


async def test_x_still_catches_galtzagorri_once_the_victim_is_recorded(make_app, new_table, narrator,
                                                                       recording) -> None:
    setup = ("deck gaueko 2 sorgina galtzagorri akerbeltz lamia", "role 1 gaueko", "role 2 gaueko",
             "role 3 sorgina", "role 4 akerbeltz", "role 5 galtzagorri", "role 6 lamia", "role 7 campesino",
             "role 8 campesino", "start", "lovers 7 8", "done", "later", "sorgina 1", "shown")
    session = new_table(8, *setup)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "6")  # victim 6: their call waits for the Kontalari to close it
        assert played(session)[-1] == "victim 6"
        assert "Han pillado a Galtzagorri espiando" in screen_text(app)  # x is still on offer
        said(narrator, recording)
        recording.clear()
        await press(pilot, "x")
        assert played(session)[-1] == "caught"
        assert said(narrator, recording) == []  # their wake line is not said again
        assert "Han pillado a Galtzagorri espiando" not in screen_text(app).split("Registro")[0]
        await press(pilot, "space")  # closed: Akerbeltz wakes
        assert "¿salva a Ed" not in screen_text(app)  # the victim is a secret: shown with `v` only
        await press(pilot, "v")
        assert "¿salva a Ed" in screen_text(app)  # Akerbeltz is asked about Galtzagorri now
        await press(pilot, "v")
        assert said(narrator, recording) == ["gauekos.call.gauekos.sleep", "gauekos.call.akerbeltz.wake"]
        await press(pilot, "n")  # she keeps her life spell: x is gone
        assert "x  Han pillado" not in screen_text(app)


PHANTOM_AKERBELTZ = ("deck gaueko 2 sorgina galtzagorri akerbeltz lamia samartintxiki", "role 1 gaueko",
                     "role 2 gaueko", "role 3 sorgina", "role 4 samartintxiki", "role 5 galtzagorri", "role 6 lamia",
                     "role 7 campesino", "role 8 campesino", "start", "keep", "lovers 7 8", "done", "later",
                     "sorgina 1", "shown", "victim 6", "close")


async def test_a_phantom_call_keeps_its_pause_and_passes_whatever_is_typed(make_app, new_table, monkeypatch) -> None:
    """The trial: `:harrapatuta` in the phantom Akerbeltz call was taken, the call's time vanished
    and it never passed. Now the Kontalari closed the gauekos' call before it (Galtzagorri is
    caught until then): it is refused, and the call keeps its pause and passes by itself."""
    monkeypatch.setattr(GauekosScreen, "timing", replace(FAST, phantom=(12.0, 12.0)))  # long enough on a loaded machine
    session = new_table(8, *PHANTOM_AKERBELTZ, lang="eu")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert session.expects().step == "phantom"
        await until(pilot, lambda: screen.phantom_clock() is not None)
        await press(pilot, ":", *"harrapatuta", "enter")
        assert played(session)[-1] == "close"
        assert screen.phantom_clock() is not None and "◷" in screen_text(app)  # its time is still shown
        await press(pilot, "escape", "x", "3")  # keys that mean nothing here change nothing either
        assert screen.phantom_clock() is not None
        await until(pilot, lambda: played(session)[-1] == "pass", tries=6000)


async def test_a_chime_when_a_call_starts_and_a_tick_in_the_last_seconds(make_app, new_table, monkeypatch) -> None:
    """Sound cues (item 13): once per call, before its wake line; a tick with each of the last
    spoken seconds of the gauekos' countdown."""
    session = new_table(8, *TO_GAUEKOS, gaueko_countdown=12)
    app = make_app(session=session)
    cues: list[str] = []
    monkeypatch.setattr(type(app), "cue", lambda self, name: cues.append(name))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert cues == ["chime"]  # the gauekos' call, on opening the game
        await until(pilot, lambda: screen.countdown is not None and screen.countdown.running)
        for _ in range(12):
            screen.tick()
        assert cues.count("tick") >= 3 and "chime" == cues[0]
        cues.clear()
        await press(pilot, "6", "space")  # victim 6, their call closed: Akerbeltz wakes
        assert cues == ["chime"]


async def test_text_only_an_undo_across_calls_shows_the_sleep_line_and_the_wake_line(make_app, new_table) -> None:
    """Without sound the subtitle is all the Kontalari has: the call left closing its eyes must not
    be replaced at once by the call returned to waking (the trial never saw "Gauekoak, itxi begiak")."""
    from companion.tui.narration import TextNarrator

    narrator = TextNarrator("eu")
    narrator.text_only = True
    session = new_table(8, *STARTED, "lovers 7 8", "done", "later", lang="eu")
    app = make_app(session=session, narrator=narrator)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "1", "space")  # sorgina 1, the card shown: the gauekos' call
        assert played(session)[-2:] == ["sorgina 1", "shown"]
        await press(pilot, "ctrl+z")  # back to the card being shown: the gauekos close their eyes
        assert played(session)[-1] == "sorgina 1"
        await until(pilot, lambda: "Gauekoak, itxi begiak." in app.subtitle)
        text = " ".join(screen_text(app).split())
        assert "Gauekoak, itxi begiak." in text
        await press(pilot, "ctrl+z")
        assert played(session)[-1] == "later"
        await until(pilot, lambda: "Sorgina, esna zaitez" in app.subtitle)
        await press(pilot, "ctrl+y", "ctrl+y")  # forward again: the Sorgiña sleeps, the gauekos wake
        await until(pilot, lambda: "Gauekoak, esna zaitezte" in app.subtitle)
        assert "Sorgina, itxi begiak." in app.subtitle
        await pilot.pause(0.05)
        await press(pilot, "escape")  # a key: what the redo said has been seen
        narrator.say_text("Bat")  # a later line, on its own, replaces them
        await until(pilot, lambda: app.subtitle == "Bat")


async def test_an_enter_right_after_a_digit_that_chose_chooses_nothing_at_the_next_call(make_app, new_table) -> None:
    """The trial: `3` elected the Pariente mayor at once, and the Enter typed after it (the hint
    read "0-9 ⏎") chose seat 1 at the Sorgiña's call."""
    session = new_table(8, *STARTED, "lovers 7 8", "done")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "3", "enter")
        assert played(session)[-1] == "mayor 3"
        assert session.game.public_state()["call"] == "sorgina"
        text = screen_text(app)
        assert "1-9 " in text and "0-9 ⏎" not in text  # one digit chooses: no Enter after it
        await press(pilot, "enter")  # a later Enter is meant: the cursor's seat
        assert played(session)[-1] == "sorgina 1"

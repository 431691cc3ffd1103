"""Text-only narration stays marked on screen; sound cues that are not heard show as text."""

from __future__ import annotations

from pathlib import Path

from companion.core.session import Session
from companion.speech import Narrator
from companion.speech.backends import SilentBackend

from .conftest import screen_text


async def test_text_only_narration_is_marked_beside_the_subtitle(make_app, duel: Session) -> None:
    """No engine: one passing notice, and a lasting "[solo texto]" mark in the subtitle line (in the table's language)."""
    narrator = Narrator(SilentBackend(), lang="es", notice="No hay motor de voz.")
    app = make_app(session=duel, narrator=narrator)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            narrator.wait_idle(5)
            await pilot.pause()
            assert app.text_only
            assert "[solo texto] » Ana, elige" in screen_text(app)
            assert len(app._notifications) == 1  # the notice, once
            app.lang = "eu"
            await pilot.pause()
            assert "[testua soilik]" in screen_text(app)
    finally:
        narrator.close()


async def test_with_a_voice_there_is_no_mark(make_app, duel: Session) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.text_only and "solo texto" not in screen_text(app)


async def test_a_cue_not_heard_shows_as_text_for_a_moment(make_app, duel: Session, recording, tmp_path: Path,
                                                          monkeypatch) -> None:
    """`app.cue("chime")`: the narrator gets it (in turn with the lines); not heard here, so
    "♪ nueva llamada" shows beside the subtitle, then goes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.cue("chime")
        await pilot.pause()
        assert "♪ nueva llamada" in screen_text(app)
        app.narrator.wait_idle(5)
        assert recording.cues == ["chime"]
        await pilot.pause(1.7)
        assert "♪" not in screen_text(app)
        app.action_mute()  # muted with the narrator: nothing played, and the mark shows instead of the cue
        app.cue("tick")
        await pilot.pause()
        assert "♪" not in screen_text(app) and "[narrador silenciado]" in screen_text(app)
        app.narrator.wait_idle(5)
        assert recording.cues == ["chime"]


async def test_muting_leaves_a_lasting_mark_and_silences_the_cues(make_app, duel: Session) -> None:
    """m: a passing notice and a mark beside the subtitle that stays until unmuted (in the
    table's language); a cue while muted is neither played nor shown as "♪" text."""
    app = make_app(session=duel, lang="eu")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[kontalaria isilduta]" not in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert app.muted
        assert "[kontalaria isilduta] » " in screen_text(app)
        app.cue("tick")
        await pilot.pause()
        assert "♪" not in screen_text(app)
        app.lang = "es"
        await pilot.pause()
        assert "[narrador silenciado]" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert not app.muted and "silenciado" not in screen_text(app)
        app.cue("tick")
        await pilot.pause()
        assert "♪ tic" in screen_text(app)  # not muted, and not heard here (a recording): shown


async def test_started_muted_shows_the_mark(make_app, duel: Session) -> None:
    app = make_app(session=duel, mute=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[narrador silenciado]" in screen_text(app)

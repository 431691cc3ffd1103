"""Choosing who narrates: `--voice` and the start screen's pick (f5) reach the narrator."""

from __future__ import annotations

import asyncio

from companion.tui import narration
from companion.tui.app import create_app
from companion.tui.voicepick import VoicePickScreen


class FakeNarrator:
    def __init__(self, lang: str, voice: str) -> None:
        self.lang = lang
        self.voice = voice
        self.muted = False
        self.closed = False

    def say_line(self, line) -> None:
        pass

    def close(self) -> None:
        self.closed = True


def recording_build(monkeypatch) -> list[FakeNarrator]:
    made: list[FakeNarrator] = []

    def build(narrator, lang, on_subtitle, on_notice, voice="auto"):
        fake = FakeNarrator(lang, voice)
        made.append(fake)
        return fake, fake.close

    monkeypatch.setattr(narration, "build", build)
    return made


async def settle(pilot, done) -> None:
    for _ in range(200):
        await pilot.pause()
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never settled")


async def test_voice_flag_reaches_the_narrator(monkeypatch, tmp_path):
    made = recording_build(monkeypatch)
    app = create_app(home=tmp_path, lang="en", voice="espeak")
    async with app.run_test() as pilot:
        await settle(pilot, lambda: made)
        assert made[0].voice == "espeak"


async def test_the_start_screen_picks_a_voice_and_the_narrator_is_made_again(monkeypatch, tmp_path):
    made = recording_build(monkeypatch)
    app = create_app(home=tmp_path, lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: made and app.narrator is made[0])
        assert made[0].voice == "auto"
        await pilot.press("f5")
        await settle(pilot, lambda: isinstance(app.screen, VoicePickScreen))
        shown = [str(app.screen.query_one("#voice-list").get_option_at_index(i).prompt)
                 for i in range(app.screen.query_one("#voice-list").option_count)]
        assert shown[0].startswith("auto: Piper si el idioma tiene voz") and shown[1].startswith("espeak: espeak-ng")
        await pilot.press("down", "enter")  # espeak
        await settle(pilot, lambda: len(made) == 2 and app.narrator is made[1])
        assert app.voice == "espeak" and made[1].voice == "espeak"
        assert made[0].closed  # the old narrator is let go
        await pilot.press("f5")
        await settle(pilot, lambda: isinstance(app.screen, VoicePickScreen))
        await pilot.press("escape")  # Esc keeps the voice
        await pilot.pause()
        assert app.voice == "espeak" and len(made) == 2


async def test_an_unknown_voice_is_told_once_and_the_default_speaks(tmp_path, monkeypatch):
    notices: list[str] = []
    calls: list[str] = []

    def create(kind, lang, on_subtitle, on_notice, voice="auto"):
        calls.append(voice)
        if voice == "nobody":
            from companion.core.game import Line
            from companion.speech.piper_voices import BadVoice

            raise BadVoice(Line("error.speech.unknown_voice", {"voice": "nobody", "voices": "auto, espeak"}))
        return FakeNarrator(lang, voice)

    made = narration._made_narrator(create, "es", lambda t: None, notices.append, "nobody")
    assert calls == ["nobody", "auto"] and made.voice == "auto"
    assert notices == ["No hay ninguna voz 'nobody'. Elige una de: auto, espeak."]


async def test_the_voice_picked_is_remembered_and_the_flag_wins_over_it(monkeypatch, tmp_path):
    made = recording_build(monkeypatch)
    app = create_app(home=tmp_path, lang="en")
    async with app.run_test() as pilot:
        await settle(pilot, lambda: made)
        app.choose_voice("espeak")
        await settle(pilot, lambda: len(made) == 2)
    assert create_app(home=tmp_path, lang="en").voice == "espeak"  # next time
    assert create_app(home=tmp_path, lang="en", voice="auto").voice == "auto"  # --voice auto wins

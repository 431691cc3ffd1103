"""The speech engine is no part of the first paint: with no narrator handed
in, the app starts on subtitles only, makes the real narrator in a worker
after the first screen, and never while muted (unmuting starts it)."""

from __future__ import annotations

import asyncio

from companion.tui import narration
from companion.tui.app import create_app


class FakeNarrator:
    def __init__(self) -> None:
        self.lang = "es"
        self.muted = False
        self.closed = False
        self.said: list = []

    def say_line(self, line) -> None:
        self.said.append(line)

    def close(self) -> None:
        self.closed = True


def _recording_build(monkeypatch):
    made: list[FakeNarrator] = []

    def build(narrator, lang, on_subtitle, on_notice, voice="auto"):
        assert narrator is None
        fake = FakeNarrator()
        fake.lang = lang
        made.append(fake)
        return fake, fake.close

    monkeypatch.setattr(narration, "build", build)
    return made


async def _settle(pilot, made, count):
    for _ in range(100):
        await pilot.pause()
        if len(made) >= count:
            await pilot.pause()
            return
        await asyncio.sleep(0.01)


async def test_muted_the_engine_is_never_made(monkeypatch, tmp_path):
    made = _recording_build(monkeypatch)
    app = create_app(home=tmp_path, seed=1, mute=True, lang="en")
    async with app.run_test() as pilot:
        await pilot.pause()
        await asyncio.sleep(0.05)
        await pilot.pause()
        assert made == []
        assert isinstance(app.narrator, narration.TextNarrator)
        app.action_mute()  # unmuting starts it
        await _settle(pilot, made, 1)
        assert len(made) == 1 and app.narrator is made[0] and made[0].lang == "en"
    assert made[0].closed


async def test_unmuted_the_engine_starts_after_the_first_screen(monkeypatch, tmp_path):
    made = _recording_build(monkeypatch)
    app = create_app(home=tmp_path, seed=1, lang="eu")
    assert made == []  # not while the app is being made
    async with app.run_test() as pilot:
        await _settle(pilot, made, 1)
        assert len(made) == 1 and app.narrator is made[0]
        app.lang = "en"
        assert made[0].lang == "en"
    assert made[0].closed

"""Sound really comes out: a TUI session plays the first night through the system's default
ALSA device, which the test points at a file, and sox measures what arrived there.

The `file` plugin with a `null` slave writes every sample an application plays to the
default device; its output goes through `cat >>`, so each line the player plays is
appended (the plugin itself truncates its file at every open). It runs wherever aplay,
sox and espeak-ng are installed and never skips under CI.
"""

from __future__ import annotations

import subprocess
import wave
from pathlib import Path

import pytest

from companion.core.game import Line
from companion.core.language import render
from companion.core.session import Session
from companion.speech.cues import CUES
from companion.speech.player import PLAYER_ENV
from companion.tui import narration
from companion.tui.app import create_app
from companion.tui.games.gauekos import GauekosScreen
from companion.tui.games.gauekos.timers import Timing
from tests.tui.gauekos.helpers import NAMES, STARTED, press, until

from .conftest import need_piper_voice, need_program

FAST = Timing(second=None, poll=0.005, phantom=(0.01, 0.02), digit_wait=30)
RATE = 22050  # espeak-ng's, the joe voice's and the cues' rate: the raw file is one stream


@pytest.fixture
def alsa_to_file(tmp_path, monkeypatch) -> Path:
    """$HOME/.asoundrc sends the default device to a raw file; returns that file."""
    need_program("aplay")
    need_program("sox")
    need_program("espeak-ng")
    home = tmp_path / "alsa-home"
    home.mkdir()
    raw = tmp_path / "played.raw"
    (home / ".asoundrc").write_text(
        'pcm.!default {\n  type file\n  slave.pcm "null"\n'
        f'  file "| cat >> {raw}"\n  format "raw"\n}}\n', encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv(PLAYER_ENV, raising=False)
    monkeypatch.setattr(GauekosScreen, "timing", FAST)
    return raw


def raw_stat(raw: Path) -> dict[str, float]:
    result = subprocess.run(["sox", "-t", "raw", "-r", str(RATE), "-e", "signed", "-b", "16", "-c", "1",
                             str(raw), "-n", "stat"], capture_output=True, text=True, check=True)
    stats = {}
    for row in result.stderr.splitlines():
        name, sep, value = row.partition(":")
        if sep:
            try:
                stats[" ".join(name.split())] = float(value)
            except ValueError:
                pass
    return stats


def wav_seconds_now(path: Path) -> float:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getframerate(), wav.getsampwidth(), wav.getnchannels()) == (RATE, 2, 1)
        return wav.getnframes() / RATE


async def play_first_call(tmp_path: Path, lang: str, voice: str) -> dict:
    """Run the app (its own narrator, its real player) into the night's first call.

    Returns what was said (the subtitles), the seconds of each WAV handed to the player,
    the engine that spoke and the notices."""
    session = Session.new("gauekos", NAMES[:8], seed=5, lang=lang, path=tmp_path / f"night-{lang}.toml")
    for action in STARTED[:-1]:
        session.act(action)
    seconds: list[float] = []
    said: list[str] = []
    try:
        app = create_app(home=tmp_path / "saves", seed=5, session=session, lang=lang, voice=voice)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: not isinstance(app.narrator, narration.TextNarrator), tries=2000)
            narrator = app.narrator
            assert not app.text_only, narrator.notices
            narrator.on_audio_ready = lambda path: seconds.append(wav_seconds_now(path))
            shown = narrator.on_subtitle
            narrator.on_subtitle = lambda text: (said.append(text), shown(text))
            await press(pilot, "space")  # the night begins: its first call is the Lamia's
            assert narrator.wait_idle(60)
            chosen = narrator.backend
            engine = chosen.engine_of(lang) if hasattr(chosen, "engine_of") else chosen.name
            return {"said": said, "seconds": seconds, "engine": engine, "notices": list(narrator.notices)}
    finally:
        session.close()


@pytest.mark.parametrize(("lang", "engines"), [("es", ("pyttsx3", "espeak")), ("en", ("piper",))])
async def test_a_tui_session_plays_the_night_call_through_the_default_device(alsa_to_file, tmp_path, lang, engines):
    if "piper" in engines:
        need_piper_voice()
    heard = await play_first_call(tmp_path, lang, "auto")
    assert heard["notices"] == []  # no "no sound device", no voice set aside
    assert heard["engine"] in engines
    call = render(Line("gauekos.call.lamia.wake"), lang)
    assert call in heard["said"]
    assert len(heard["seconds"]) >= len(heard["said"])  # every line said was played (Piper: by sentences)
    stats = raw_stat(alsa_to_file)
    expected = sum(heard["seconds"])
    # What reached the device is those WAVs, whole, and the call's chime (each play padded to a period).
    plays = len(heard["seconds"]) + 1
    assert expected * 0.98 <= stats["Length (seconds)"] <= expected + CUES["chime"][0] + 0.2 * plays, (stats, heard)
    assert stats["Length (seconds)"] > 3 and stats["RMS amplitude"] > 0.02, stats

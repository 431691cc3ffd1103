"""Sound cues: synthesised offline into small WAVs, played in turn with the lines, muted with
the narrator, shown as text when not heard."""

from __future__ import annotations

import re
import subprocess
import threading
import wave
from pathlib import Path

import pytest

from companion.speech import Narrator, RecordingBackend
from companion.speech.backends import AudioBackend
from companion.speech.cues import CUES, cue_path, render_cue

from .conftest import need_program


def sox_stat(path: Path) -> dict[str, float]:
    out = subprocess.run([need_program("sox"), str(path), "-n", "stat"], capture_output=True, text=True).stderr
    return {key.strip(): float(value) for key, value in re.findall(r"^([A-Za-z ]+?(?:\([a-z]+\))?):\s+(-?[0-9.]+)$",
                                                                  out, flags=re.M)}


@pytest.mark.parametrize("name, seconds, low, high", [("chime", 0.6, 700, 1800), ("tick", 0.06, 1200, 3000)])
def test_each_cue_is_a_short_clean_sound(tmp_path: Path, name: str, seconds: float, low: int, high: int) -> None:
    """Rendered to WAV and read back by sox: the length, audible but never clipped, in its pitch range."""
    path = render_cue(name, tmp_path / f"{name}.wav")
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
    assert path.stat().st_size < 40_000  # small
    stat = sox_stat(path)
    assert stat["Length (seconds)"] == pytest.approx(seconds, abs=0.01)
    assert 0.2 < stat["Maximum amplitude"] < 0.95 and -0.95 < stat["Minimum amplitude"] < -0.2
    assert stat["RMS     amplitude"] > 0.02
    assert low < stat["Rough   frequency"] < high


def test_cue_files_are_made_once_at_first_use(tmp_path: Path) -> None:
    first = cue_path("tick", tmp_path)
    stamp = first.stat().st_mtime_ns
    assert cue_path("tick", tmp_path) == first and first.stat().st_mtime_ns == stamp
    with pytest.raises(ValueError):
        cue_path("gong", tmp_path)


class PlayerSpy:
    def __init__(self) -> None:
        self.played: list[Path] = []

    def play(self, path: Path, cancelled: threading.Event) -> None:
        assert path.is_file()
        self.played.append(path.name)

    def cancel(self) -> None:
        pass


class ToneBackend(AudioBackend):
    name = "tone"

    def render(self, text: str, lang: str, path: Path, cancelled=None) -> bool:
        render_cue("tick", path)
        return True


def test_a_cue_plays_in_turn_with_the_lines_and_is_muted_with_the_narrator(tmp_path: Path, monkeypatch) -> None:
    """The chime before the call's line, through the speech player; nothing while muted."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # the cues are made here, not in the user's cache
    spy = PlayerSpy()
    narrator = Narrator(ToneBackend(player=spy), lang="es")
    try:
        assert narrator.cue("chime") is True
        narrator.say_text("Akerbeltz, despierta.")
        narrator.wait_idle(5)
        assert spy.played[0].startswith("chime-") and spy.played[1].startswith("line-")
        narrator.set_muted(True)
        assert narrator.cue("tick") is False
        narrator.wait_idle(5)
        assert len(spy.played) == 2
        with pytest.raises(ValueError):
            narrator.cue("gong")
    finally:
        narrator.close()


def test_a_recording_backend_records_cues(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    backend = RecordingBackend()
    narrator = Narrator(backend, lang="es")
    try:
        assert narrator.cue("tick") is False  # recorded, not heard: the app shows it as text
        narrator.wait_idle(5)
        assert backend.cues == ["tick"] and backend.spoken == []
    finally:
        narrator.close()


def test_every_cue_is_named() -> None:
    assert set(CUES) == {"chime", "tick"}

"""Real speech: one WAV per language checked with `wave` and sox, the player
process killed on skip, and the no-sound-device path turning to text once.

These need espeak-ng and sox: skipped with a reason on a bare machine, but
under CI (where the Debian packages are installed) a missing program fails.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import wave
from pathlib import Path

import pytest

from companion.core.game import Line
from companion.core.language import render
from companion.speech import (
    EspeakCliBackend,
    NullPlayer,
    ProcessPlayer,
    Pyttsx3Backend,
    render_wav,
)
from companion.speech import render as render_module
from companion.speech.engine import shared_engine
from companion.speech.errors import EngineUnavailable
from companion.speech.notices import notice_text

from .conftest import IN_CI

LINE = Line("dice-duel.lucky_double", {"player": "Ane", "bonus": 12})
LANGS = ("es", "en", "eu")


def sox_stat(sox: str, path: Path) -> dict[str, float]:
    result = subprocess.run([sox, str(path), "-n", "stat"], capture_output=True, text=True, check=True)
    stats = {}
    for row in result.stderr.splitlines():  # sox writes `stat` to stderr
        name, _, value = row.partition(":")
        if re.fullmatch(r"\s*-?[\d.]+(e-?\d+)?\s*", value):
            stats[" ".join(name.split())] = float(value)
    return stats


def assert_is_speech(path: Path, sox: str) -> None:
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() >= 16000
        assert wav.getnframes() / wav.getframerate() > 0.5
    stats = sox_stat(sox, path)
    assert stats["Length (seconds)"] > 0.5
    assert stats["RMS amplitude"] > 0.01


@pytest.fixture
def pyttsx3_engine(espeak):
    """The shared pyttsx3 engine; required under CI, skipped elsewhere if it cannot start."""
    engine = shared_engine()
    try:
        engine.start()
    except EngineUnavailable as exc:
        if IN_CI:
            pytest.fail(f"pyttsx3 cannot start under CI: {exc}")
        pytest.skip(str(exc))
    return engine


@pytest.mark.parametrize("lang", LANGS)
def test_render_wav_speaks_each_language(lang, tmp_path, espeak, sox, pyttsx3_engine, capfd):
    """render_wav writes a real, audible WAV in each pack's voice, and prints nothing."""
    path = render_wav(render(LINE, lang), lang, tmp_path / f"{lang}.wav")
    assert path == tmp_path / f"{lang}.wav"
    assert_is_speech(path, sox)
    assert capfd.readouterr() == ("", "")  # pyttsx3's "Audio saved to" is silenced


@pytest.mark.parametrize("backend_class", [Pyttsx3Backend, EspeakCliBackend])
@pytest.mark.parametrize("lang", LANGS)
def test_each_renderer_speaks_each_language(backend_class, lang, tmp_path, espeak, sox, pyttsx3_engine):
    backend = backend_class(player=NullPlayer())
    try:
        backend.render(render(LINE, lang), lang, tmp_path / "line.wav")
    finally:
        backend.close()
    assert_is_speech(tmp_path / "line.wav", sox)


def test_languages_sound_different(tmp_path, espeak, pyttsx3_engine):
    """The same words in two packs' voices give different audio: the voice really changed."""
    frames = {}
    for lang in ("es", "en"):
        path = render_wav("Ane, Bea, Cai.", lang, tmp_path / f"{lang}.wav")
        with wave.open(str(path), "rb") as wav:
            frames[lang] = wav.readframes(wav.getnframes())
    assert frames["es"] != frames["en"]


def test_render_wav_rejects_empty_text(tmp_path):
    with pytest.raises(ValueError):
        render_wav("  ", "en", tmp_path / "x.wav")


@pytest.mark.parametrize("backend_class", [Pyttsx3Backend, EspeakCliBackend])
def test_no_sound_device_turns_to_text_once(backend_class, narrator_for, heard, espeak, pyttsx3_engine, capfd):
    """A player that exits 1 (as aplay does with no card): one notice, then subtitles only."""
    narrator = narrator_for(backend_class(player=ProcessPlayer(["false"])), lang="es")
    for name in ("Ane", "Bea", "Cai"):
        narrator.say("dice-duel.turn", player=name)
    assert narrator.wait_idle(10)
    assert heard.notices == [notice_text("speech.no_audio", "es")]
    assert heard.notices == ["No hay dispositivo de sonido: la narración se muestra solo como texto."]
    assert heard.subtitles == ["Turno de Ane.", "Turno de Bea.", "Turno de Cai."]
    assert len(heard.audio) == 1  # rendering stops after the first failure
    assert narrator.text_only
    assert capfd.readouterr() == ("", "")


def _aplay_has_no_device(tmp_path: Path) -> bool:
    probe = tmp_path / "probe.wav"
    with wave.open(str(probe), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(8000)
        wav.writeframes(b"\0\0" * 80)
    result = subprocess.run(["aplay", "-q", str(probe)], capture_output=True, check=False)
    return result.returncode != 0


def test_real_aplay_without_a_sound_card_prints_nothing(tmp_path, narrator_for, heard, espeak, pyttsx3_engine, capfd):
    """On a machine with no card, aplay's ALSA errors never reach the terminal."""
    if shutil.which("aplay") is None or not _aplay_has_no_device(tmp_path):
        pytest.skip("needs aplay and no sound card")
    narrator = narrator_for(Pyttsx3Backend(player=ProcessPlayer(["aplay", "-q"])))
    narrator.say("dice-duel.turn", player="Ane")
    narrator.say("dice-duel.turn", player="Bea")
    assert narrator.wait_idle(10)
    assert heard.notices == [notice_text("speech.no_audio", "en")]
    assert capfd.readouterr() == ("", "")


def _wait_for_lines(path: Path, count: int) -> list[str]:
    for _ in range(3000):  # up to 30 s: a loaded machine renders and starts slowly
        if path.exists():
            lines = path.read_text().split()
            if len(lines) >= count:
                return lines
        time.sleep(0.01)
    raise AssertionError(f"{path} never got {count} lines")


def _gone(pid: int, patience: float = 5.0) -> bool:
    """The process has ended (or is a zombie), allowing a killed one a moment to go."""
    end = time.monotonic() + patience
    while not _ended(pid) and time.monotonic() < end:
        time.sleep(0.02)
    return _ended(pid)


def _ended(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc to see processes")
def test_skip_kills_the_player_and_its_children(tmp_path, narrator_for, heard, espeak, monkeypatch):
    """A player that would play for a minute is killed, children too, and the next line plays."""
    marks = tmp_path / "pids"
    monkeypatch.setenv("MARKS", str(marks))
    script = 'sleep 60 & echo $! >> "$MARKS"; wait'
    narrator = narrator_for(EspeakCliBackend(player=ProcessPlayer(["sh", "-c", script])))
    narrator.say_text("One.")
    narrator.say_text("Two.")
    first = int(_wait_for_lines(marks, 1)[0])
    narrator.skip()
    second = int(_wait_for_lines(marks, 2)[1])
    narrator.stop()
    assert narrator.wait_idle(10)
    assert _gone(first) and _gone(second)
    assert heard.notices == []  # a killed player is not a missing sound device
    assert len(heard.audio) == 2
    assert not any(Path(p).exists() for p in heard.audio)  # temp WAVs are cleaned up


def test_pyttsx3_that_cannot_import_makes_the_backend_unavailable(monkeypatch):
    """ImportError (or RuntimeError from a missing libespeak-ng) means: no pyttsx3 backend."""
    from companion.speech.engine import EngineThread

    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # `import pyttsx3` now raises ImportError
    with pytest.raises(EngineUnavailable, match="pyttsx3 cannot start"):
        Pyttsx3Backend(player=NullPlayer(), engine=EngineThread())


def test_render_wav_falls_back_to_the_espeak_program(monkeypatch, tmp_path, espeak, sox):
    class NoEngine:
        def start(self):
            raise EngineUnavailable("pyttsx3 is not here")

    monkeypatch.setattr(render_module, "shared_engine", NoEngine)
    path = render_wav(render(LINE, "eu"), "eu", tmp_path / "eu.wav")
    assert_is_speech(path, sox)

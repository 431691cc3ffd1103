"""Playing a WAV with a separate player process that can be killed at once.

pyttsx3's own `say()` cannot be interrupted (#138) and, with no sound card,
returns as if it had spoken while ALSA prints over the screen (#9). A player
process in its own session, with its output thrown away, can be stopped by
killing its process group, and its exit status tells us whether sound works:
`aplay` exits 1 within milliseconds when there is no device (`aplay -l` does
not: it exits 0 with no cards).
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import threading
import wave
from pathlib import Path
from typing import Protocol, Sequence

from ..core.game import Line
from .errors import NoAudioDevice


class Player(Protocol):
    """Plays one file at a time; `play` blocks, `cancel` may come from any thread."""

    def play(self, path: Path, cancelled: threading.Event) -> None: ...

    def cancel(self) -> None: ...


PLAYER_ENV = "COMPANION_AUDIO_PLAYER"


def default_command() -> list[str] | None:
    """The player for this platform, or None on Windows (winsound is used there).

    $COMPANION_AUDIO_PLAYER overrides it (e.g. `pw-play` on a PipeWire-only
    system, or `false` to try the no-sound path); the file is appended.
    """
    override = os.environ.get(PLAYER_ENV, "").strip()
    if override:
        return shlex.split(override)
    if sys.platform == "darwin":
        return ["afplay"]
    if sys.platform.startswith("win"):
        return None
    return ["aplay", "-q"]


def default_player() -> Player:
    command = default_command()
    return WinsoundPlayer() if command is None else ProcessPlayer(command)


class ProcessPlayer:
    """Runs `command + [file]`; any failure we did not cause means no sound here."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None

    def play(self, path: Path, cancelled: threading.Event) -> None:
        with self._lock:
            if cancelled.is_set():
                return
            try:
                process = subprocess.Popen(
                    [*self.command, str(path)],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,
                )
            except OSError as exc:
                raise NoAudioDevice(Line("error.speech.player_cannot_run", {
                    "player": self.command[0], "problem": exc.strerror or str(exc)})) from exc
            self._process = process
        try:
            status = process.wait()
        finally:
            with self._lock:
                self._process = None
        if status != 0 and not cancelled.is_set():
            raise NoAudioDevice(Line("error.speech.player_failed", {"player": self.command[0], "status": status}))

    def cancel(self) -> None:
        with self._lock:
            process = self._process
            if process is None or process.poll() is not None:
                return
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


class NullPlayer:
    """Plays nothing: render-only backends (benchmarks, WAV export)."""

    def play(self, path: Path, cancelled: threading.Event) -> None:
        return None

    def cancel(self) -> None:
        return None


class WinsoundPlayer:
    """Windows: winsound plays asynchronously; we wait for the file's length or a cancel."""

    def play(self, path: Path, cancelled: threading.Event) -> None:
        import winsound  # type: ignore[import-not-found]

        try:
            with wave.open(str(path), "rb") as wav:
                seconds = wav.getnframes() / float(wav.getframerate() or 1)
            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT)
        except (RuntimeError, OSError, wave.Error) as exc:
            raise NoAudioDevice(Line("error.speech.windows_sound", {"problem": str(exc)})) from exc
        if cancelled.wait(seconds):
            self.cancel()

    def cancel(self) -> None:
        import winsound  # type: ignore[import-not-found]

        winsound.PlaySound(None, winsound.SND_PURGE)

"""The espeak-ng command line: the fallback renderer when pyttsx3 cannot start.

It renders a sentence in about 15 ms (NARRATION.md). Text goes in on stdin,
never as an argument, so a line starting with "-" is not read as an option.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from ..core.game import Line
from .errors import EngineUnavailable, RenderError
from .voices import EngineVoice


def espeak_program() -> str | None:
    """Path of `espeak-ng` (or the older `espeak`), or None."""
    return shutil.which("espeak-ng") or shutil.which("espeak")


@lru_cache(maxsize=1)
def cli_voices() -> tuple[EngineVoice, ...]:
    """Voices the command line knows, by file id (the same ids pyttsx3 uses)."""
    program = espeak_program()
    if program is None:
        raise EngineUnavailable(Line("error.speech.no_espeak"))
    result = subprocess.run(
        [program, "--voices"], capture_output=True, text=True, timeout=30, check=False
    )
    voices = []
    for row in result.stdout.splitlines()[1:]:
        cols = row.split()
        if len(cols) >= 5:
            voices.append(EngineVoice(id=cols[4].lower(), name=cols[3].replace("_", " ")))
    return tuple(voices)


def render_cli(text: str, voice: str, rate: int, volume: float, path: Path) -> None:
    """Write `text` to `path` as a WAV with the espeak-ng program."""
    program = espeak_program()
    if program is None:
        raise EngineUnavailable(Line("error.speech.no_espeak"))
    amplitude = str(max(0, min(200, round(volume * 100))))
    command = [program, "-v", voice, "-s", str(rate), "-a", amplitude, "-b", "1", "-w", str(path), "--stdin"]
    try:
        result = subprocess.run(
            command,
            input=text.encode("utf-8"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise RenderError(Line("error.speech.espeak_failed", {"problem": str(exc)})) from exc
    if result.returncode != 0 or not _has_audio(path):
        problem = (result.stderr.decode("utf-8", "replace").strip()
                   or Line("error.speech.exit_status", {"status": result.returncode}))
        raise RenderError(Line("error.speech.espeak_no_audio", {"voice": voice, "problem": problem}))


def _has_audio(path: Path) -> bool:
    try:
        return path.stat().st_size > 44  # a WAV header alone is 44 bytes
    except OSError:
        return False

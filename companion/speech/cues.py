"""Sound cues: a short chime when a call starts, a tick in a countdown's last seconds.

Made offline with the standard library (`wave` and `math`): each cue is synthesised once,
at first use, into a small WAV file in the user cache folder (`cue_path`), and played by
the same player as speech (see `Narrator.cue`). `render_cue` writes one anywhere, which is
how the tests check them (`sox FILE -n stat`).
"""

from __future__ import annotations

import math
import os
import struct
import tempfile
import wave
from pathlib import Path

RATE = 22050
VERSION = 1  # bump when a cue's sound changes: the cached files are made again

# name -> (seconds, [(start s, frequency Hz, amplitude, decay per second)])
CUES: dict[str, tuple[float, list[tuple[float, float, float, float]]]] = {
    # Two bell-like notes, a fifth apart (A5 then E6): "listen, a call begins".
    "chime": (0.6, [(0.0, 880.0, 0.30, 6.0), (0.0, 1760.0, 0.06, 9.0),
                    (0.12, 1318.5, 0.30, 6.0), (0.12, 2637.0, 0.05, 9.0)]),
    # A dry wood-block tick: short, high, fast decay.
    "tick": (0.06, [(0.0, 1800.0, 0.45, 70.0), (0.0, 3600.0, 0.10, 110.0)]),
}


def samples(name: str) -> list[float]:
    """The cue as samples in [-1, 1] at RATE (a 3 ms attack; no click at either end)."""
    try:
        seconds, partials = CUES[name]
    except KeyError:
        raise ValueError(f"no cue {name!r}; the cues are {', '.join(CUES)}") from None
    count = int(seconds * RATE)
    attack = int(0.003 * RATE)
    out = []
    for n in range(count):
        t = n / RATE
        value = 0.0
        for start, freq, amp, decay in partials:
            if t >= start:
                local = t - start
                value += amp * math.exp(-decay * local) * math.sin(2 * math.pi * freq * local)
        if n < attack:
            value *= n / attack
        tail = count - n
        if tail < attack:
            value *= tail / attack
        out.append(max(-1.0, min(1.0, value)))
    return out


def render_cue(name: str, path: str | Path) -> Path:
    """Write cue `name` as a 16-bit mono WAV at `path` (atomically)."""
    path = Path(path)
    data = b"".join(struct.pack("<h", int(v * 32767)) for v in samples(name))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}-", suffix=".wav", dir=path.parent)
    os.close(fd)
    try:
        with wave.open(tmp, "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def cue_folder() -> Path:
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("companion")) / "cues"
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return Path(tempfile.gettempdir()) / "companion-cues"


def cue_path(name: str, folder: Path | None = None) -> Path:
    """The cue's WAV file, made at first use (in the user cache folder by default)."""
    folder = folder if folder is not None else cue_folder()
    path = folder / f"{name}-v{VERSION}.wav"
    if not path.is_file():
        try:
            render_cue(name, path)
        except OSError:  # a cache that cannot be written: a private temporary copy
            path = render_cue(name, Path(tempfile.mkdtemp(prefix="companion-cues-")) / path.name)
    return path

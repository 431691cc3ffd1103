"""The first night as the table hears it, in sound.

`first_night_lines` plays the preparation turn and the first night through
the Gauekos screen (keys only, a recording narrator) and returns what the
narrator said; `write_wav` renders each line with the speech layer's
`render_wav` and joins them into one WAV with a short silence between
lines; `sox_stat` reads `sox FILE -n stat`.

    python -m tests.tui.gauekos.audio es /tmp/first-night-es.wav
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

from companion.core.session import Session
from companion.speech.backends import RecordingBackend
from companion.speech.narrator import Narrator
from companion.speech.render import render_wav
from companion.tui.app import create_app
from companion.tui.games.gauekos import GauekosScreen
from companion.tui.games.gauekos.timers import Timing

from .helpers import NAMES, STARTED, press, until

# The Lamia enamours Gus and Hal, the lovers recognise each other, no election yet; the Sorgiña
# looks at Ana, the gauekos choose Cy, Akerbeltz keeps both spells.
FIRST_NIGHT_KEYS = ("7", "8", "space", "space", "1", "space", "3", "space", "n", "n")  # space: card shown, call closed
PAUSE = 0.4  # seconds of silence between two lines


async def first_night_lines(lang: str, home: Path) -> list[tuple[str | None, str]]:
    """(line id, text) of everything said from the preparation turn to the end of night 1."""
    recording = RecordingBackend()
    narrator = Narrator(recording, lang=lang)
    session = Session.new("gauekos", NAMES[:8], seed=5, lang=lang, path=home / f"first-night-{lang}.toml")
    for action in STARTED[:-1]:
        session.act(action)
    try:
        app = create_app(narrator=narrator, home=home, seed=5, session=session, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await press(pilot, "space", *FIRST_NIGHT_KEYS)  # start, then the night by keys
            await until(pilot, lambda: session.game.public_state()["phase"] == "day")
        assert narrator.wait_idle(5)
    finally:
        narrator.close()
        session.close()
    lines = list(zip(recording.line_ids, recording.spoken))
    dawn = next(i for i, (line_id, _) in enumerate(lines) if line_id == "gauekos.dawn")
    return lines[:dawn]


def write_wav(texts: list[str], lang: str, path: Path) -> Path:
    """Render each text in `lang`'s voice and join them, with a short silence between, into `path`."""
    with tempfile.TemporaryDirectory(prefix="gauekos-night-") as tmp:
        parts = [render_wav(text, lang, Path(tmp) / f"{n:02d}.wav") for n, text in enumerate(texts)]
        with wave.open(str(parts[0]), "rb") as first:
            params = first.getparams()
        silence = b"\0" * int(params.framerate * PAUSE) * params.sampwidth * params.nchannels
        with wave.open(str(path), "wb") as out:
            out.setparams(params)
            for part in parts:
                with wave.open(str(part), "rb") as wav:
                    assert (wav.getframerate(), wav.getsampwidth(), wav.getnchannels()) == \
                        (params.framerate, params.sampwidth, params.nchannels)
                    out.writeframes(wav.readframes(wav.getnframes()))
                out.writeframes(silence)
    return path


def sox_stat(path: Path) -> dict[str, float]:
    """`sox FILE -n stat` as numbers: {"Length (seconds)": 41.2, "RMS amplitude": 0.08, ...}."""
    result = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True)
    stats = {}
    for line in result.stderr.splitlines():
        name, _, value = line.partition(":")
        try:
            stats[re.sub(r"\s+", " ", name.strip())] = float(value)
        except ValueError:
            continue
    return stats


def main(argv: list[str]) -> int:
    lang, out = argv[1], Path(argv[2])
    GauekosScreen.timing = Timing(second=None, poll=0.005, phantom=(0.01, 0.02), digit_wait=0.05)
    with tempfile.TemporaryDirectory(prefix="gauekos-home-") as home:
        lines = asyncio.run(first_night_lines(lang, Path(home)))
    for line_id, text in lines:
        print(f"{line_id}: {text}")
    write_wav([text for _, text in lines], lang, out)
    stats = sox_stat(out)
    print(f"{out}: {stats['Length (seconds)']:.1f} s, RMS {stats['RMS amplitude']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

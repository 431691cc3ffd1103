"""Voices: time from `speak` to the first audio bytes handed to the player, for the
night calls of Gauekos in English, with Piper (the joe voice) and with espeak-ng,
each uncached (rendered when said) and cached (rendered ahead when the game starts).
The baseline of each row is measured in the same run; the target (issue 27) is
<= 100 ms for a call with a neural voice.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

TARGET = 0.100


def _first_audio(backend, texts: list[str], lang: str) -> float:
    """Median seconds from the narrator's `say` to the WAV handed to the player (as the app
    says a line: through the narrator's queue and worker; NullPlayer: nothing plays)."""
    import threading

    from companion.speech.narrator import Narrator

    ready = threading.Event()
    stamp: list[float] = []

    def heard(_path) -> None:
        stamp.append(time.perf_counter())
        ready.set()

    narrator = Narrator(backend, lang=lang, on_audio_ready=heard)
    times = []
    try:
        for text in texts:
            ready.clear()
            stamp.clear()
            start = time.perf_counter()
            narrator.say_text(text)
            if not ready.wait(60):
                raise RuntimeError("no audio")
            times.append(stamp[0] - start)
            narrator.wait_idle(60)
    finally:
        narrator.close()  # closes the backend too; it makes its work folder again when used
    return statistics.median(times)


def bench_voices(report) -> None:
    from companion.speech.backends import EspeakCliBackend
    from companion.speech.cache import SpeechCache, ahead_texts
    from companion.speech.errors import SpeechError
    from companion.speech.piper_backend import PiperBackend
    from companion.speech.piper_voices import choose_voices
    from companion.speech.player import NullPlayer

    lang = "en"
    texts = ahead_texts("gauekos", lang)
    voice = choose_voices("auto").get(lang)
    if voice is None:
        report("first audio bytes, Piper", "skipped", "no English Piper voice", "scripts/setup --dev installs one")
        return
    with tempfile.TemporaryDirectory(prefix="bench-voices-") as tmp:
        os.environ["COMPANION_SPEECH_CACHE"] = tmp
        try:
            espeak = EspeakCliBackend(NullPlayer(), cache=SpeechCache(Path(tmp) / "espeak"))
        except SpeechError:
            report("first audio bytes, espeak-ng", "skipped", "espeak-ng is not installed", "-")
            return
        piper = PiperBackend({lang: voice}, None, NullPlayer(), cache=SpeechCache(Path(tmp) / "piper"))
        start = time.perf_counter()
        piper.render("Ready.", lang, Path(tmp) / "warm.wav")  # loads the model once, as a game start does
        load = time.perf_counter() - start

        e_cold = _first_audio(espeak, texts, lang)
        p_cold = _first_audio(piper, texts, lang)
        start = time.perf_counter()
        espeak.prepare(texts, lang)
        e_ahead = time.perf_counter() - start
        start = time.perf_counter()
        piper.prepare(texts, lang)
        p_ahead = time.perf_counter() - start
        e_warm = _first_audio(espeak, texts, lang)
        p_warm = _first_audio(piper, texts, lang)
        espeak.close()
        piper.close()
    calls = f"{len(texts)} Gauekos lines (en)"
    report("Piper voice load (once per process)", _ms(load), "-", voice.name)
    report("first audio, espeak-ng uncached", _ms(e_cold), f"espeak-ng cached {_ms(e_warm)}",
           f"{e_cold / e_warm:.1f}x the cached; {calls}")
    report("first audio, Piper uncached", _ms(p_cold), f"espeak-ng uncached {_ms(e_cold)}",
           f"{p_cold / e_cold:.1f}x espeak-ng (what a line with a name costs)")
    report("first audio, Piper cached", _ms(p_warm), f"Piper uncached {_ms(p_cold)}",
           f"{p_cold / p_warm:.0f}x faster; target <= 100 ms: {'met' if p_warm <= TARGET else 'NOT met'}")
    report("first audio, Piper cached vs espeak", _ms(p_warm), f"espeak-ng cached {_ms(e_warm)}",
           f"{p_warm / e_warm:.2f}x")
    report("render ahead at game start", _ms(p_ahead), f"espeak-ng {_ms(e_ahead)}",
           f"{p_ahead / e_ahead:.1f}x; {calls}, in the background")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"

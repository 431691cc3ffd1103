"""WAV export: a line in a pack's voice, written synchronously to a file.

For `companion say --wav`, benchmarks and the real-audio tests. The engine
writes into a private temp dir and the finished file is moved into place, so
an unwritable target fails here, in the caller's thread, and never inside
espeak-ng's callback thread.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import wave
from pathlib import Path

from ..core.game import Line
from ..core.language import load_pack
from .engine import shared_engine
from .errors import EngineUnavailable, NothingToSay, RenderError, VoiceMissing
from .espeak_cli import cli_voices, render_cli
from .piper_voices import BadVoice, choose_voices
from .voices import pick_voice

log = logging.getLogger(__name__)


def render_wav(text: str, lang: str, path: str | Path, voice: str = "espeak") -> Path:
    """Write `text` as a WAV in `lang`'s voice; returns the path.

    `voice` as `--voice` says ("auto": the language's Piper voice if it has one); espeak-ng
    (through pyttsx3, else its program) speaks otherwise, and when the Piper voice fails.
    """
    if not text.strip():
        raise NothingToSay(Line("error.speech.nothing_to_say"))
    pack = load_pack(lang)
    target = Path(path)
    piper = choose_voices(voice).get(lang) if voice != "espeak" else None
    with tempfile.TemporaryDirectory(prefix="companion-wav-") as tmp:
        out = Path(tmp) / "line.wav"
        if piper is not None:
            from .piper_engine import render_piper

            try:
                render_piper(piper.model, text, pack.rate, pack.volume, out)
                shutil.move(str(out), target)
                return target
            except BadVoice as exc:
                log.info("Piper voice %s failed (%s); espeak-ng speaks instead", piper.name, exc)
        try:
            engine = shared_engine()
            engine.start()
            voice = pick_voice(pack, engine.voices)
            if voice is None:
                raise VoiceMissing(Line("speech.no_voice", {"language": pack.name}))
            engine.render(text, voice, pack.rate, pack.volume, out)
        except (EngineUnavailable, RenderError) as exc:
            log.info("pyttsx3 could not render (%s); trying the espeak-ng program", exc)
            voice = pick_voice(pack, cli_voices())
            if voice is None:
                raise VoiceMissing(Line("speech.no_voice", {"language": pack.name})) from exc
            render_cli(text, voice, pack.rate, pack.volume, out)
        shutil.move(str(out), target)
    return target


def wav_seconds(path: str | Path) -> float:
    """Length of a WAV file in seconds."""
    with wave.open(str(path), "rb") as wav:
        return wav.getnframes() / float(wav.getframerate())

"""Piper (piper-tts, ONNX) rendering: load a voice once, speak text into a WAV.

Imported only when a Piper voice is used, so `import companion.speech` never loads
onnxruntime. A loaded voice is kept for the process (loading takes about a second;
a sentence then renders several times faster than it is spoken). Piper renders a
sentence at a time, so a cancel stops a render between sentences.
"""

from __future__ import annotations

import logging
import threading
import wave
from pathlib import Path
from typing import Any

from ..core.game import Line
from .piper_voices import BadVoice, read_settings

log = logging.getLogger(__name__)

BASE_RATE = 200  # Piper speaks about 200 words a minute at its own pace; a pack's rate is read against it

_loaded: dict[tuple[str, int, int], Any] = {}
_lock = threading.Lock()
_model_locks: dict[str, threading.Lock] = {}


def load_voice(model: Path) -> Any:
    """The PiperVoice of `model`, loaded once per process; BadVoice if it cannot be loaded."""
    model = Path(model)
    try:
        stat = model.stat()
    except OSError:
        raise BadVoice(Line("error.speech.voice_no_model", {"path": str(model)})) from None
    key = (str(model), stat.st_size, stat.st_mtime_ns)
    with _lock:
        voice = _loaded.get(key)
        model_lock = _model_locks.setdefault(str(model), threading.Lock())
    if voice is not None:
        return voice
    with model_lock:  # two threads asking at once load it once
        with _lock:
            voice = _loaded.get(key)
        if voice is not None:
            return voice
        read_settings(model)
        try:
            from piper import PiperVoice

            voice = PiperVoice.load(model, config_path=model.with_name(model.name + ".json"))
        except ImportError:
            raise BadVoice(Line("error.speech.no_piper")) from None
        except Exception as exc:  # onnxruntime's own errors for a damaged model
            raise BadVoice(Line("error.speech.voice_damaged", {"path": str(model), "problem": _short(exc)})) from None
        with _lock:
            _loaded[key] = voice
        return voice


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text[:160]}"


def synthesize(voice: Any, text: str, rate_factor: float, volume: float,
               cancelled: threading.Event | None = None) -> bytes:
    """16-bit mono samples of `text`; b"" when cancelled. rate_factor > 1 speaks faster."""
    from piper import SynthesisConfig

    scale = voice.config.length_scale if getattr(voice.config, "length_scale", None) else 1.0
    config = SynthesisConfig(length_scale=scale / max(0.25, rate_factor), volume=volume)
    parts = []
    try:
        for chunk in voice.synthesize(text, syn_config=config):
            if cancelled is not None and cancelled.is_set():
                return b""
            parts.append(chunk.audio_int16_bytes)
    except Exception as exc:  # a model that loads but cannot run
        raise BadVoice(Line("error.speech.voice_damaged", {"path": "", "problem": _short(exc)})) from None
    return b"".join(parts)


def write_wav(path: Path, rate: int, samples: bytes) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples)


def sentences(model: Path, text: str, rate: int, volume: float, cancelled: threading.Event | None = None):
    """(sample rate, 16-bit samples) of each sentence of `text`, as soon as it is rendered."""
    from piper import SynthesisConfig

    voice = load_voice(model)
    scale = voice.config.length_scale if getattr(voice.config, "length_scale", None) else 1.0
    config = SynthesisConfig(length_scale=scale / max(0.25, rate / BASE_RATE), volume=volume)
    chunks = iter(voice.synthesize(text, syn_config=config))
    while not (cancelled is not None and cancelled.is_set()):
        try:
            chunk = next(chunks)
        except StopIteration:
            return
        except Exception as exc:  # a model that loads but cannot run
            raise BadVoice(Line("error.speech.voice_damaged", {"path": str(model), "problem": _short(exc)})) from None
        yield int(voice.config.sample_rate), chunk.audio_int16_bytes


def render_piper(model: Path, text: str, rate: int, volume: float, path: Path,
                 cancelled: threading.Event | None = None) -> bool:
    """Write `text` spoken by the voice `model` to the WAV `path`; False if cancelled."""
    voice = load_voice(model)
    samples = synthesize(voice, text, rate / BASE_RATE, volume, cancelled)
    if not samples:
        return False
    write_wav(path, int(voice.config.sample_rate), samples)
    return True

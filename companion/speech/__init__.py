"""The speech layer: a narrator that never blocks the UI, and its backends.

Never imports textual or rich; pyttsx3 is imported only when its engine first
starts (see `engine.py`), so importing this package is cheap.
"""

import logging

from .backends import (
    AudioBackend,
    Backend,
    EspeakCliBackend,
    Pyttsx3Backend,
    RecordingBackend,
    SilentBackend,
    Utterance,
    make_backend,
)
from .errors import (
    EngineUnavailable, NoAudioDevice, NothingToSay, RenderError, SpeechError, UnknownBackend, VoiceMissing,
)
from .narrator import Narrator, create_narrator
from .player import NullPlayer, ProcessPlayer
from .render import render_wav, wav_seconds

# A library must not print: without this, Python's last-resort handler would
# write our warnings to stderr, over the TUI.
logging.getLogger(__name__).addHandler(logging.NullHandler())

__all__ = [
    "AudioBackend",
    "Backend",
    "EngineUnavailable",
    "EspeakCliBackend",
    "Narrator",
    "NoAudioDevice",
    "NothingToSay",
    "NullPlayer",
    "ProcessPlayer",
    "Pyttsx3Backend",
    "RecordingBackend",
    "RenderError",
    "SilentBackend",
    "SpeechError",
    "UnknownBackend",
    "Utterance",
    "VoiceMissing",
    "create_narrator",
    "make_backend",
    "render_wav",
    "wav_seconds",
]

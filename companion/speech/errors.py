"""Why speech can fail, as errors the narrator can turn into one notice.

All are `CompanionError`s so the CLI shows them like any other problem; the
narrator never lets one escape its worker thread.
"""

from __future__ import annotations

from ..core.errors import CompanionError


class SpeechError(CompanionError):
    """Base of every speech problem."""

    title = "Speech problem"


class EngineUnavailable(SpeechError):
    """No speech engine could start (pyttsx3 or libespeak-ng missing, no espeak-ng)."""

    title = "No speech engine"


class NoAudioDevice(SpeechError):
    """A WAV was rendered but nothing can play it (no sound card, no player)."""

    title = "No sound device"


class VoiceMissing(SpeechError):
    """The engine has no voice for a pack's language."""

    title = "Voice missing"


class RenderError(SpeechError):
    """The engine ran but wrote no usable WAV."""

    title = "Speech failed"

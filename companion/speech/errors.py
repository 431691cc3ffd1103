"""Why speech can fail, as errors the narrator can turn into one notice.

All are `CompanionError`s so the CLI shows them like any other problem; the
narrator never lets one escape its worker thread. Each carries a voice-pack
`Line` (`error.speech.*`, `speech.*`) and its `title` is a line id
(`error.title.speech.*`), so both reach the table in its language.
"""

from __future__ import annotations

from ..core.errors import CompanionError


class SpeechError(CompanionError):
    """Base of every speech problem."""

    title = "error.title.speech.problem"


class EngineUnavailable(SpeechError):
    """No speech engine could start (pyttsx3 or libespeak-ng missing, no espeak-ng)."""

    title = "error.title.speech.no_engine"


class NoAudioDevice(SpeechError):
    """A WAV was rendered but nothing can play it (no sound card, no player)."""

    title = "error.title.speech.no_audio"


class VoiceMissing(SpeechError):
    """The engine has no voice for a pack's language."""

    title = "error.title.speech.voice_missing"


class RenderError(SpeechError):
    """The engine ran but wrote no usable WAV."""

    title = "error.title.speech.failed"


class NothingToSay(SpeechError, ValueError):
    """Empty text was given to speak (a ValueError, as it always was)."""

    title = "error.title.speech.nothing_to_say"


class UnknownBackend(SpeechError, ValueError):
    """A speech backend kind that does not exist (a ValueError, as it always was)."""

    title = "error.title.speech.unknown_backend"

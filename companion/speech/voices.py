"""Which engine voice speaks a pack: the pack names one, the engine may lack it.

Setting an unknown voice in pyttsx3 raises nothing and keeps the old voice
(NARRATION.md), so Spanish would be read with English sounds. We check the
pack's voice against the engine's list ourselves and say so when it is absent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..core.language import VoicePack


@dataclass(frozen=True)
class EngineVoice:
    """One voice an engine offers; `id` is what the engine accepts (e.g. `roa/es`)."""

    id: str
    name: str = ""


def pick_voice(pack: VoicePack, voices: Iterable[EngineVoice]) -> str | None:
    """The engine voice id for `pack`: its engine voice, else its espeak voice, else None."""
    ids = [v.id.lower() for v in voices]
    for want in (pack.engine_voice.lower(), pack.espeak_voice.lower()):
        if want in ids:
            return want
    short = pack.espeak_voice.lower()
    for voice_id in ids:
        if voice_id.rsplit("/", 1)[-1] == short:
            return voice_id
    return None

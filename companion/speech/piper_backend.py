"""The Piper backend: a neural voice for each language that has one, espeak-ng for the rest.

Chosen per language: `voices` maps a language to its Piper voice; any other language (Basque
has no Piper voice) goes to the espeak-ng backend kept as `fallback`. A voice whose model
turns out missing or damaged is set aside for the rest of the session: the line is spoken
by espeak-ng instead, and the table is told once (`take_notices`).
"""

from __future__ import annotations

import logging
import queue
import threading
from pathlib import Path

from ..core.game import Line
from ..core.language import load_pack
from .backends import AudioBackend, AudioHook, Utterance
from .cache import SpeechCache
from .errors import VoiceMissing
from .piper_voices import BadVoice, PiperVoiceInfo
from .player import Player

log = logging.getLogger(__name__)


class PiperBackend(AudioBackend):
    """Renders with Piper where `voices` has the language, else with `fallback`."""

    name = "piper"

    def __init__(self, voices: dict[str, PiperVoiceInfo], fallback: AudioBackend | None = None,
                 player: Player | None = None, cache: SpeechCache | None = None) -> None:
        super().__init__(player if player is not None else getattr(fallback, "player", None), cache)
        self.voices = dict(voices)
        self.fallback = fallback
        self._broken: set[str] = set()
        self._lock = threading.Lock()
        self._notices: list[Line] = []

    def piper_voice(self, lang: str) -> PiperVoiceInfo | None:
        """The Piper voice speaking `lang` now (None: espeak-ng speaks it)."""
        info = self.voices.get(lang)
        with self._lock:
            return None if info is None or info.name in self._broken else info

    def engine_of(self, lang: str) -> str:
        """What speaks `lang`: "piper" or the fallback's name."""
        return "piper" if self.piper_voice(lang) is not None else getattr(self.fallback, "name", "")

    def voice_key(self, lang: str) -> str:
        info = self.piper_voice(lang)
        if info is not None:
            return info.key
        return self._fallback(lang).voice_key(lang)

    def _fallback(self, lang: str) -> AudioBackend:
        if self.fallback is None:
            raise VoiceMissing(Line("speech.no_voice", {"language": load_pack(lang).name}))
        return self.fallback

    def render(self, text: str, lang: str, path: Path, cancelled: threading.Event | None = None) -> bool:
        info = self.piper_voice(lang)
        if info is not None:
            from .piper_engine import render_piper

            pack = load_pack(lang)
            try:
                return render_piper(info.model, text, pack.rate, pack.volume, path, cancelled)
            except BadVoice as exc:
                self._set_aside(info, lang, exc)
        return self._fallback(lang).render(text, lang, path, cancelled)

    def speak(self, utterance: Utterance, on_audio: AudioHook | None = None) -> None:
        """A line not rendered ahead is played a sentence at a time, each as soon as it is
        rendered, while Piper renders the next: its first audio comes after one sentence."""
        info = self.piper_voice(utterance.lang)
        if (info is None or utterance.cancelled.is_set() or self.cached(utterance.text, utterance.lang) is not None
                or self._await_ahead(utterance) is not None):
            return super().speak(utterance, on_audio)
        pack = load_pack(utterance.lang)
        parts: queue.Queue[Path | BaseException | None] = queue.Queue()
        producer = threading.Thread(target=self._render_parts, name="companion-piper-line", daemon=True,
                                    args=(info, utterance, pack.rate, pack.volume, parts))
        producer.start()
        while True:
            try:
                part = parts.get(timeout=0.02)
            except queue.Empty:
                if utterance.cancelled.is_set():
                    return  # the producer stops after the sentence it is on; close() sweeps its file
                continue
            if part is None:
                return
            if isinstance(part, BadVoice):  # the voice failed before a sound: espeak-ng says it all
                self._set_aside(info, utterance.lang, part)
                return super().speak(utterance, on_audio)
            if isinstance(part, BaseException):
                raise part
            try:
                if utterance.cancelled.is_set():
                    return
                if on_audio is not None:
                    on_audio(part)
                self.player.play(part, utterance.cancelled)
            finally:
                part.unlink(missing_ok=True)

    def _render_parts(self, info: PiperVoiceInfo, utterance: Utterance, rate: int, volume: float,
                      parts: queue.Queue) -> None:
        from .piper_engine import sentences, write_wav

        said = 0
        try:
            for sample_rate, samples in sentences(info.model, utterance.text, rate, volume, utterance.cancelled):
                path = self._workdir() / f"line-{next(self._count)}.wav"
                write_wav(path, sample_rate, samples)
                parts.put(path)
                said += 1
        except BadVoice as exc:
            parts.put(exc if said == 0 else None)
            return
        except BaseException as exc:  # the speaking thread raises it, as a render error would be
            parts.put(exc)
            return
        parts.put(None)

    def _set_aside(self, info: PiperVoiceInfo, lang: str, exc: BadVoice) -> None:
        log.info("Piper voice %s set aside: %s", info.name, exc)
        with self._lock:
            if info.name in self._broken:
                return
            self._broken.add(info.name)
            self._notices.append(Line("speech.piper_fallback", {
                "voice": info.name, "language": load_pack(lang).name, "problem": exc.line}))

    def take_notices(self) -> list[Line]:
        """What the table should be told since the last call (a voice set aside)."""
        with self._lock:
            notices, self._notices = self._notices, []
        return notices

    def close(self) -> None:
        super().close()
        if self.fallback is not None:
            self.fallback.close()

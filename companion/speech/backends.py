"""Backends: what the narrator's worker thread calls to make a line heard.

A backend's `speak` blocks until the line is over (or cancelled) and is only
ever called from the narrator's one worker thread; `cancel` may come from any
thread. The audio backends render a WAV (pyttsx3, or the espeak-ng program
when pyttsx3 cannot start) and play it with a killable player process; the
silent and recording backends make no sound, for --mute and for tests.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import itertools
import logging
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from ..core.game import Line
from ..core.language import load_pack
from .engine import EngineThread, shared_engine
from .cache import SpeechCache
from .errors import EngineUnavailable, SpeechError, UnknownBackend, VoiceMissing
from .espeak_cli import cli_voices, espeak_program, render_cli
from .notices import notice_text
from .player import Player, default_player
from .voices import pick_voice

log = logging.getLogger(__name__)

AudioHook = Callable[[Path], None]
KINDS = ("auto", "pyttsx3", "espeak", "silent")


@dataclass
class Utterance:
    """One line to speak; `cancelled` is set by skip/stop from any thread."""

    text: str
    lang: str = "en"
    line_id: str | None = None
    cue: str | None = None  # a sound cue (see cues.py) instead of words
    cancelled: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)


class Backend(Protocol):
    name: str
    audible: bool

    def speak(self, utterance: Utterance, on_audio: AudioHook | None = None) -> None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class SilentBackend:
    """Speaks nothing: --mute, or no engine at all (the narrator still shows subtitles)."""

    name = "silent"
    audible = False

    def speak(self, utterance: Utterance, on_audio: AudioHook | None = None) -> None:
        return None

    def cancel(self) -> None:
        return None

    def close(self) -> None:
        return None


class RecordingBackend:
    """Records every utterance it is given, in order, for tests; thread-safe."""

    name = "recording"
    audible = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._utterances: list[Utterance] = []
        self.cues: list[str] = []  # the sound cues played, in order

    def play_cue(self, name: str, path: Path, cancelled: threading.Event) -> None:
        with self._lock:
            self.cues.append(name)

    def speak(self, utterance: Utterance, on_audio: AudioHook | None = None) -> None:
        with self._lock:
            self._utterances.append(utterance)

    @property
    def utterances(self) -> list[Utterance]:
        with self._lock:
            return list(self._utterances)

    @property
    def spoken(self) -> list[str]:
        """The texts spoken so far, in order."""
        return [u.text for u in self.utterances]

    @property
    def line_ids(self) -> list[str | None]:
        """The line id of each spoken text (None for raw text), in order."""
        return [u.line_id for u in self.utterances]

    def clear(self) -> None:
        with self._lock:
            self._utterances.clear()

    def cancel(self) -> None:
        return None

    def close(self) -> None:
        return None


class AudioBackend(ABC):
    """Render each line to a WAV in a private temp dir, then play it; subclasses render."""

    name = "audio"
    audible = True

    def __init__(self, player: Player | None = None, cache: SpeechCache | None = None) -> None:
        self.player = player if player is not None else default_player()
        self.cache = cache if cache is not None else SpeechCache()
        self._inflight: dict[tuple, threading.Event] = {}  # lines being rendered ahead right now
        self._inflight_lock = threading.Lock()
        self._dir: Path | None = None
        self._count = itertools.count(1)

    @abstractmethod
    def render(self, text: str, lang: str, path: Path, cancelled: threading.Event | None = None) -> bool:
        """Write `text` spoken in `lang` to the WAV file `path`; False if cancelled first."""

    def voice_key(self, lang: str) -> str | None:
        """Names the voice that speaks `lang` (with the model's identity), for the cache;
        None: this backend's lines are never cached."""
        return None

    def _cache_key(self, text: str, lang: str) -> tuple[str, int, float, str] | None:
        key = self.voice_key(lang)
        if key is None or self.cache is None:
            return None
        pack = load_pack(lang)
        return key, pack.rate, pack.volume, text

    def cached(self, text: str, lang: str) -> Path | None:
        """The line's WAV rendered ahead, if it is in the cache."""
        try:
            key = self._cache_key(text, lang)
            return None if key is None or self.cache is None else self.cache.get(*key)
        except (SpeechError, OSError):
            return None

    def speak(self, utterance: Utterance, on_audio: AudioHook | None = None) -> None:
        if utterance.cancelled.is_set():
            return
        ready = self.cached(utterance.text, utterance.lang) or self._await_ahead(utterance)
        if ready is not None:  # rendered ahead: straight to the player
            if on_audio is not None:
                on_audio(ready)
            self.player.play(ready, utterance.cancelled)
            return
        path = self._workdir() / f"line-{next(self._count)}.wav"
        try:
            if self.render(utterance.text, utterance.lang, path, utterance.cancelled) is False:
                return
            if utterance.cancelled.is_set():
                return
            if on_audio is not None:
                on_audio(path)
            self.player.play(path, utterance.cancelled)
        finally:
            path.unlink(missing_ok=True)

    def _await_ahead(self, utterance: Utterance) -> Path | None:
        """The line is being rendered ahead right now: wait for that rather than render it twice."""
        try:
            key = self._cache_key(utterance.text, utterance.lang)
        except SpeechError:
            return None
        with self._inflight_lock:
            event = self._inflight.get(key) if key is not None else None
        if event is None:
            return None
        while not event.wait(0.02):
            if utterance.cancelled.is_set():
                return None
        return self.cached(utterance.text, utterance.lang)

    def prepare(self, texts: list[str], lang: str, stop: threading.Event | None = None) -> int:
        """Render `texts` in `lang` into the cache (those not there yet); returns how many."""
        made = 0
        for text in texts:
            if stop is not None and stop.is_set():
                break
            if not text.strip() or self.cached(text, lang) is not None:
                continue
            try:
                key = self._cache_key(text, lang)
            except SpeechError as exc:
                log.info("cannot render ahead in %s: %s", lang, exc)
                break
            if key is None or self.cache is None:
                break
            target = self.cache.path(*key)
            spare = self.cache.spare(target)
            with self._inflight_lock:
                done = self._inflight[key] = threading.Event()
            try:
                if self.render(text, lang, spare, stop) is False:
                    continue
                if self._cache_key(text, lang) == key:  # never a fallback's audio under another voice's name
                    self.cache.keep(spare, target)
                    made += 1
            except SpeechError as exc:
                log.info("could not render ahead in %s: %s", lang, exc)
                break
            finally:
                spare.unlink(missing_ok=True)
                with self._inflight_lock:
                    self._inflight.pop(key, None)
                done.set()
        return made

    def play_cue(self, name: str, path: Path, cancelled: threading.Event) -> None:
        """Play a sound cue's WAV (made by cues.py) with the speech player."""
        if not cancelled.is_set():
            self.player.play(path, cancelled)

    def cancel(self) -> None:
        self.player.cancel()

    def close(self) -> None:
        self.player.cancel()
        if self._dir is not None:
            shutil.rmtree(self._dir, ignore_errors=True)
            self._dir = None

    def _workdir(self) -> Path:
        if self._dir is None:
            self._dir = Path(tempfile.mkdtemp(prefix="companion-speech-"))
        return self._dir


def _missing_voice(lang: str) -> VoiceMissing:
    pack = load_pack(lang)
    return VoiceMissing(Line("speech.no_voice", {"language": pack.name}))


class Pyttsx3Backend(AudioBackend):
    """pyttsx3 (espeak driver) renders; the shared owner thread is its only user."""

    name = "pyttsx3"

    def __init__(self, player: Player | None = None, engine: EngineThread | None = None,
                 cache: SpeechCache | None = None) -> None:
        super().__init__(player, cache)
        self.engine = engine if engine is not None else shared_engine()
        self.engine.start()  # raises EngineUnavailable: pyttsx3 or libespeak-ng missing

    def _voice(self, lang: str) -> str:
        voice = pick_voice(load_pack(lang), self.engine.voices)
        if voice is None:
            raise _missing_voice(lang)
        return voice

    def voice_key(self, lang: str) -> str:
        return f"pyttsx3:{self._voice(lang)}"

    def render(self, text: str, lang: str, path: Path, cancelled: threading.Event | None = None) -> bool:
        pack = load_pack(lang)
        self.engine.render(text, self._voice(lang), pack.rate, pack.volume, path)
        return True


class EspeakCliBackend(AudioBackend):
    """`espeak-ng -w` renders: the fallback when pyttsx3 cannot start."""

    name = "espeak"

    def __init__(self, player: Player | None = None, cache: SpeechCache | None = None) -> None:
        super().__init__(player, cache)
        if espeak_program() is None:
            raise EngineUnavailable(Line("error.speech.no_espeak"))

    def _voice(self, lang: str) -> str:
        voice = pick_voice(load_pack(lang), cli_voices())
        if voice is None:
            raise _missing_voice(lang)
        return voice

    def voice_key(self, lang: str) -> str:
        return f"espeak:{self._voice(lang)}"

    def render(self, text: str, lang: str, path: Path, cancelled: threading.Event | None = None) -> bool:
        pack = load_pack(lang)
        render_cli(text, self._voice(lang), pack.rate, pack.volume, path)
        return True


def make_backend(
    kind: str = "auto", *, player: Player | None = None, lang: str = "en", voice: str = "auto"
) -> tuple[Backend, str | None]:
    """A backend of `kind`, degrading pyttsx3 → espeak-ng → silent.

    `voice` ("auto", "espeak" or a Piper voice's name; see `choose_voices`) puts a Piper
    voice in front for the languages that have one. Returns the backend and a notice for
    the table when it fell back to silence (None otherwise: the espeak-ng program sounds
    the same as pyttsx3).
    """
    if kind not in KINDS:
        raise UnknownBackend(Line("error.speech.unknown_backend", {"kind": str(kind)[:40], "kinds": ", ".join(KINDS)}))
    if kind == "silent":
        return SilentBackend(), None
    from .piper_voices import choose_voices

    piper = choose_voices(voice)  # raises BadVoice for a name no voice has
    order = ("pyttsx3", "espeak") if kind == "auto" else (kind,)
    base: AudioBackend | None = None
    for name in order:
        try:
            base = Pyttsx3Backend(player) if name == "pyttsx3" else EspeakCliBackend(player)
            break
        except EngineUnavailable as exc:
            log.info("speech backend %s unavailable: %s", name, exc)
    if piper:
        from .piper_backend import PiperBackend

        return PiperBackend(piper, base, player), None
    if base is not None:
        return base, None
    return SilentBackend(), notice_text("speech.no_engine", lang)

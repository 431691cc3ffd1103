"""The narrator: speaks lines without ever blocking the caller.

The caller is Textual's event loop, and awaiting speech there freezes key
handling for a whole sentence (NARRATION.md #10). So `say` shows the
subtitle at once, on the caller's thread, and queues the line for one worker
thread that owns the backend; skip, stop, repeat and mute act from any
thread. When the engine or the sound device is missing, the narrator says so
once through `on_notice` and carries on in text. Nothing here prints: the
worker reports only through the callbacks, so it cannot scribble on the TUI.

Threads: `on_subtitle` runs on the caller's thread, inside `say`;
`on_notice` and `on_audio_ready` run on the worker thread (a TUI should
forward them with `App.call_from_thread` or `post_message`).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from pathlib import Path
from typing import Any, Callable

from ..core.game import Line
from ..core.language import explain, load_pack, render
from .backends import Backend, SilentBackend, Utterance, make_backend
from .errors import EngineUnavailable, NoAudioDevice, SpeechError, VoiceMissing
from .notices import notice_text
from .player import Player

log = logging.getLogger(__name__)

TextHook = Callable[[str], None]


class Narrator:
    """Fire-and-forget speech with subtitles, skip, stop, repeat and mute."""

    def __init__(
        self,
        backend: Backend | None = None,
        lang: str = "en",
        on_subtitle: TextHook | None = None,
        on_notice: TextHook | None = None,
        *,
        on_audio_ready: Callable[[Path], None] | None = None,
        notice: str | None = None,
    ) -> None:
        self.backend: Backend = backend if backend is not None else SilentBackend()
        load_pack(lang)
        self._lang = lang
        self.on_subtitle = on_subtitle
        self.on_notice = on_notice
        self.on_audio_ready = on_audio_ready
        self.notices: list[str] = []  # every notice given, in order
        self._startup_notice = notice
        self._cond = threading.Condition()
        self._queue: queue.Queue[tuple[int, Utterance] | None] = queue.Queue()
        self._pending = 0  # queued or being spoken
        self._generation = 0  # stop() bumps it; older queued lines are dropped
        self._current: Utterance | None = None
        self._last: Line | str | None = None
        self._muted = False
        self._text_only = False
        self._closed = False
        self._ahead: queue.Queue[tuple[list[str], str] | None] = queue.Queue()
        self._ahead_stop = threading.Event()
        self._ahead_thread: threading.Thread | None = None
        self._thread = threading.Thread(target=self._work, name="companion-narrator", daemon=True)
        self._thread.start()

    # -- speaking ------------------------------------------------------------

    def say(self, line_id: str, **values: Any) -> str:
        """Speak voice-pack line `line_id` filled with `values`; returns the text shown."""
        return self.say_line(Line(line_id, values))

    def say_line(self, line: Line) -> str:
        text = render(line, self._lang)
        self._last = line
        return self._enqueue(text, line.id)

    def say_text(self, text: str) -> str:
        """Speak raw text (already in the table's language)."""
        self._last = text
        return self._enqueue(text, None)

    def repeat(self) -> str | None:
        """Say the last line again (in the current language); None if nothing was said."""
        last = self._last
        if last is None:
            return None
        return self.say_line(last) if isinstance(last, Line) else self.say_text(last)

    def _enqueue(self, text: str, line_id: str | None) -> str:
        if not text.strip():
            return text
        if self.on_subtitle is not None:
            self.on_subtitle(text)
        with self._cond:
            if self._muted or self._closed:
                return text
            self._pending += 1
            self._queue.put((self._generation, Utterance(text, self._lang, line_id)))
        return text

    def cue(self, name: str) -> bool:
        """Play the sound cue `name` ("chime", "tick"; see cues.py) in turn with the lines.

        Never blocks. Muted, closed or text-only: nothing is played. Returns True when the
        cue will be heard; False tells the caller to show it as text instead."""
        from .cues import CUES

        if name not in CUES:
            raise ValueError(f"no cue {name!r}; the cues are {', '.join(CUES)}")
        with self._cond:
            if self._muted or self._closed or self._text_only or not hasattr(self.backend, "play_cue"):
                return False
            self._pending += 1
            self._queue.put((self._generation, Utterance("", self._lang, None, cue=name)))
        return bool(getattr(self.backend, "audible", False))

    def prepare_game(self, part: str) -> bool:
        """Render game `part`'s fixed lines (calls, rounds) ahead, in the table's language,
        on a background thread, so saying one later starts at once. Never blocks.
        False when there is nothing to do (a backend without a cache, muted, text only)."""
        from .cache import ahead_texts

        if not hasattr(self.backend, "prepare") or self._muted or self._text_only or self._closed:
            return False
        texts = ahead_texts(part, self._lang)
        if not texts:
            return False
        with self._cond:
            self._ahead.put((texts, self._lang))
            if self._ahead_thread is None:
                self._ahead_thread = threading.Thread(target=self._work_ahead, name="companion-ahead", daemon=True)
                self._ahead_thread.start()
        return True

    def wait_prepared(self, timeout: float | None = None) -> bool:
        """Block until every line asked of `prepare_game` is rendered (tests, bench); False on timeout."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._ahead.unfinished_tasks:
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True

    # -- control (any thread) --------------------------------------------------

    def skip(self) -> None:
        """Stop the line being spoken; the queue goes on."""
        with self._cond:
            if self._current is not None:
                self._current.cancelled.set()
                self.backend.cancel()

    def stop(self) -> None:
        """Stop the line being spoken and drop every queued line."""
        with self._cond:
            self._generation += 1
            if self._current is not None:
                self._current.cancelled.set()
                self.backend.cancel()

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        """Muted: subtitles still shown, nothing rendered or played."""
        with self._cond:
            self._muted = bool(muted)
        if muted:
            self.stop()

    def toggle_mute(self) -> bool:
        self.set_muted(not self._muted)
        return self._muted

    @property
    def text_only(self) -> bool:
        """True once the engine or the sound device failed: lines are shown, not heard."""
        return self._text_only

    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        load_pack(lang)  # raises VoicePackError for a language without a pack
        self._lang = lang

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until nothing is queued or playing (tests, CLI); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Stop speaking and end the worker; later lines are only subtitled."""
        with self._cond:
            self._closed = True
        self.stop()
        self._ahead_stop.set()
        self._ahead.put(None)
        self._queue.put(None)
        self._thread.join(timeout)
        if self._ahead_thread is not None:
            self._ahead_thread.join(timeout)
        self.backend.close()

    def __enter__(self) -> Narrator:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- worker thread -----------------------------------------------------------

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            generation, utterance = item
            try:
                with self._cond:
                    if generation != self._generation or self._muted:
                        continue
                    self._current = utterance
                self._speak(utterance)
            finally:
                with self._cond:
                    self._current = None
                    self._pending -= 1
                    self._cond.notify_all()

    def _speak(self, utterance: Utterance) -> None:
        if self._startup_notice is not None:
            notice, self._startup_notice = self._startup_notice, None
            self._notice(notice)
        if self._text_only:
            return
        if utterance.cue is not None:
            self._play_cue(utterance)
            return
        try:
            self.backend.speak(utterance, on_audio=self._audio_ready)
            self._backend_notices(utterance.lang)
        except NoAudioDevice as exc:
            self._go_text_only(exc, notice_text("speech.no_audio", utterance.lang))
        except EngineUnavailable as exc:
            self._go_text_only(exc, notice_text("speech.no_engine", utterance.lang))
        except VoiceMissing as exc:
            self._notice(explain(exc, utterance.lang))  # only this language is silent
        except SpeechError as exc:
            self._go_text_only(exc, notice_text("speech.failed", utterance.lang, problem=explain(exc, utterance.lang)))
        except Exception as exc:  # a backend bug must not kill the worker or print a traceback
            log.exception("narrator backend failed")
            self._go_text_only(exc, notice_text("speech.failed", utterance.lang, problem=str(exc)))

    def _work_ahead(self) -> None:
        while True:
            item = self._ahead.get()
            try:
                if item is None:
                    return
                texts, lang = item
                if not self._ahead_stop.is_set():
                    self.backend.prepare(texts, lang, self._ahead_stop)
                    self._backend_notices(lang)
            except Exception:  # rendering ahead only saves time: a failure costs nothing else
                log.exception("rendering ahead failed")
            finally:
                self._ahead.task_done()

    def _backend_notices(self, lang: str) -> None:
        """What the backend asked to tell the table (a neural voice set aside)."""
        take = getattr(self.backend, "take_notices", None)
        if take is not None:
            for line in take():
                self._notice(render(line, lang))

    def _play_cue(self, utterance: Utterance) -> None:
        from .cues import cue_path

        try:
            self.backend.play_cue(utterance.cue, cue_path(utterance.cue), utterance.cancelled)
        except NoAudioDevice as exc:
            self._go_text_only(exc, notice_text("speech.no_audio", utterance.lang))
        except Exception:  # a cue that cannot be played is only a missing sound
            log.exception("sound cue failed")

    def _go_text_only(self, exc: BaseException, notice: str) -> None:
        log.info("narration goes text-only: %s", exc)
        self._text_only = True
        self._notice(notice)

    def _notice(self, text: str) -> None:
        if text in self.notices:
            return
        self.notices.append(text)
        if self.on_notice is not None:
            self._call(self.on_notice, text)

    def _audio_ready(self, path: Path) -> None:
        if self.on_audio_ready is not None:
            self._call(self.on_audio_ready, path)

    @staticmethod
    def _call(hook: Callable[[Any], None], arg: Any) -> None:
        try:
            hook(arg)
        except Exception:  # a UI callback's bug must not stop narration
            log.exception("narrator callback failed")


def create_narrator(
    kind: str = "auto",
    lang: str = "en",
    on_subtitle: TextHook | None = None,
    on_notice: TextHook | None = None,
    *,
    player: Player | None = None,
    on_audio_ready: Callable[[Path], None] | None = None,
    voice: str = "auto",
) -> Narrator:
    """A narrator on the best backend of `kind` (with `voice`, see `make_backend`);
    a fallback to silence is noticed once."""
    backend, notice = make_backend(kind, player=player, lang=lang, voice=voice)
    return Narrator(
        backend, lang, on_subtitle, on_notice, on_audio_ready=on_audio_ready, notice=notice
    )

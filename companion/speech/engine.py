"""The one thread that owns the pyttsx3 engine, for the whole process.

pyttsx3 keeps one engine per driver name and libespeak-ng is initialised once
per process, so every user (the narrator's worker, `render_wav`, `companion
voices`) must go through the same owner or the engine loses speech or loops
forever (NARRATION.md #4: pyttsx3 #126, #131, #262, #403). Jobs come in on a
queue; each is exactly one `save_to_file` per `runAndWait` (#2, #3), and we
wait for the `finished-utterance` event because `runAndWait` may return
before the file is written (#219): espeak-ng synthesises on its own thread.

pyttsx3 is imported here, on the owner thread, when the engine first starts,
so `import companion.speech` stays cheap.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..core.game import Line
from .errors import EngineUnavailable, RenderError, SpeechError
from .voices import EngineVoice

START_TIMEOUT = 15.0


def _quiet(*_args: Any, **_kwargs: Any) -> None:
    """Stands in for `print` inside pyttsx3's espeak driver (see `_start_engine`)."""


@dataclass
class _Job:
    text: str
    voice: str
    rate: int
    volume: float
    path: Path
    done: threading.Event = field(default_factory=threading.Event)
    error: SpeechError | None = None


def _budget(text: str) -> float:
    """Seconds to allow a render: espeak-ng runs hundreds of times faster than speech."""
    return 10.0 + len(text) / 100


def _has_audio(path: Path) -> bool:
    try:
        return path.stat().st_size > 44  # a WAV header alone is 44 bytes
    except OSError:
        return False


class EngineThread:
    """Owns one pyttsx3 engine on one daemon thread; `render` may be called from any thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Job] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: Line | None = None
        self._voices: tuple[EngineVoice, ...] = ()
        self._finished = threading.Event()
        self._completed = False
        self._errors: list[str] = []
        self._is_playing: Callable[[], int] = lambda: 0

    def start(self, timeout: float = START_TIMEOUT) -> None:
        """Start the engine once; raise EngineUnavailable if it cannot start."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="companion-pyttsx3", daemon=True)
                self._thread.start()
        if not self._ready.wait(timeout):
            raise EngineUnavailable(Line("error.speech.pyttsx3_slow_start"))
        if self._failure is not None:
            raise EngineUnavailable(self._failure)

    @property
    def voices(self) -> tuple[EngineVoice, ...]:
        self.start()
        return self._voices

    def render(self, text: str, voice: str, rate: int, volume: float, path: Path) -> None:
        """Write `text` to `path` as a WAV; blocks the calling thread until it is written."""
        self.start()
        job = _Job(text, voice, rate, volume, Path(path))
        self._jobs.put(job)
        if not job.done.wait(_budget(text) * 2 + 5):
            raise RenderError(Line("error.speech.pyttsx3_timeout"))
        if job.error is not None:
            raise job.error

    # -- on the owner thread --------------------------------------------------

    def _run(self) -> None:
        try:
            engine = self._start_engine()
        except Exception as exc:  # ImportError, RuntimeError/OSError when libespeak-ng is missing
            self._failure = Line("error.speech.pyttsx3_cannot_start", {"problem": f"{type(exc).__name__}: {exc}"})
            self._ready.set()
            return
        self._ready.set()
        while True:
            job = self._jobs.get()
            try:
                self._render(engine, job)
            except SpeechError as exc:
                job.error = exc
            except Exception as exc:  # an engine bug must not kill the owner thread
                job.error = RenderError(Line("error.speech.pyttsx3_failed", {"problem": f"{type(exc).__name__}: {exc}"}))
            finally:
                job.done.set()

    def _start_engine(self) -> Any:
        import pyttsx3
        from pyttsx3.drivers import _espeak
        from pyttsx3.drivers import espeak as espeak_driver

        # save_to_file prints "Audio saved to ..." with Python's print, from
        # espeak-ng's own thread (#8). redirect_stdout would swap sys.stdout
        # for every thread (the TUI's too) and an fd-level redirect would hide
        # the TUI's own output, so shadow `print` in that module only.
        espeak_driver.print = _quiet
        engine = pyttsx3.init("espeak")
        engine.connect("finished-utterance", self._on_finished)
        engine.connect("error", self._on_error)
        self._voices = tuple(EngineVoice(v.id.lower(), v.name or "") for v in engine.getProperty("voices"))
        self._is_playing = _espeak.IsPlaying
        return engine

    def _on_finished(self, name: Any = None, completed: bool = True, **_: Any) -> None:
        self._completed = bool(completed)
        self._finished.set()

    def _on_error(self, name: Any = None, exception: BaseException | None = None, **_: Any) -> None:
        self._errors.append(str(exception))

    def _render(self, engine: Any, job: _Job) -> None:
        self._errors.clear()
        engine.setProperty("voice", job.voice)
        engine.setProperty("rate", job.rate)
        engine.setProperty("volume", job.volume)
        for _attempt in range(2):
            self._finished.clear()
            self._completed = False
            job.path.unlink(missing_ok=True)
            engine.save_to_file(job.text, str(job.path))
            engine.runAndWait()
            if not self._finished.wait(_budget(job.text)):
                raise RenderError(Line("error.speech.pyttsx3_unfinished"))
            self._settle()
            if self._completed and _has_audio(job.path):
                return
        problem = "; ".join(self._errors) or Line("error.speech.no_audio_written")
        raise RenderError(Line("error.speech.pyttsx3_no_wav", {"problem": problem}))

    def _settle(self) -> None:
        """Wait until espeak-ng's thread has left pyttsx3's callback, so the
        next job never touches the engine while that thread still does."""
        deadline = time.monotonic() + 2.0
        while self._is_playing() and time.monotonic() < deadline:
            time.sleep(0.001)


_shared: EngineThread | None = None
_shared_lock = threading.Lock()


def shared_engine() -> EngineThread:
    """The process's one pyttsx3 owner (not started until first used)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = EngineThread()
        return _shared

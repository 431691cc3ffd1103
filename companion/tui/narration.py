"""The app's link to the narrator (companion.speech).

The narrator is fire-and-forget: `say_line` returns at once and calls
`on_subtitle(text)` (maybe from another thread); `on_notice` may come from a
worker thread. The app hands both to the narrator as callbacks that only
post a message, which is safe from any thread.

If the speech layer cannot be imported the app still runs: `TextNarrator`
shows every line as a subtitle and says nothing aloud.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.game import Line
from companion.core.language import render

Callback = Callable[[str], None]


class TextNarrator:
    """Subtitles only: the stand-in when no speech layer is installed."""

    def __init__(self, lang: str = "es", on_subtitle: Callback | None = None,
                 on_notice: Callback | None = None) -> None:
        self.lang = lang
        self.on_subtitle = on_subtitle
        self.on_notice = on_notice
        self.muted = True
        self.text_only = False  # True when it stands in for a speech layer that is missing
        self._last: str | None = None

    def say(self, line_id: str, **values: Any) -> None:
        self.say_line(Line(line_id, values))

    def say_line(self, line: Line) -> None:
        self.say_text(render(line, self.lang))

    def say_text(self, text: str) -> None:
        self._last = text
        if self.on_subtitle is not None:
            self.on_subtitle(text)

    def repeat(self) -> None:
        if self._last is not None:
            self.say_text(self._last)

    def skip(self) -> None:
        pass

    def cue(self, name: str) -> bool:
        return False  # never heard: the app shows it as text

    def stop(self) -> None:
        pass

    def toggle_mute(self) -> bool:
        return self.muted

    def close(self) -> None:
        pass


def is_text_only(narrator: Any) -> bool:
    """The narrator cannot be heard (no engine, no sound device): lines are shown, not said."""
    if getattr(narrator, "text_only", False):
        return True
    return getattr(getattr(narrator, "backend", None), "name", "") == "silent"


def _chain(first: Callback, second: Callback) -> Callback:
    def both(text: str) -> None:
        first(text)
        second(text)

    return both


def attach(narrator: Any, on_subtitle: Callback, on_notice: Callback) -> Callable[[], None]:
    """Add the app's callbacks to a narrator built elsewhere (keeping its own).

    Returns the function that puts the narrator's own callbacks back.
    """
    before: dict[str, Any] = {}
    for attr, callback in (("on_subtitle", on_subtitle), ("on_notice", on_notice)):
        try:
            current = getattr(narrator, attr, None)
            setattr(narrator, attr, callback if current is None else _chain(current, callback))
            before[attr] = current
        except AttributeError:  # a narrator that does not let us hook in: text still shows
            pass

    def detach() -> None:
        for attr, value in before.items():
            setattr(narrator, attr, value)

    return detach


def _made_narrator(create: Any, lang: str, on_subtitle: Callback, on_notice: Callback, voice: str) -> Any:
    """A real narrator with `voice`; an unknown voice is told once and the default speaks."""
    from companion.core.language import explain
    from companion.speech.errors import SpeechError

    try:
        return create("auto", lang, on_subtitle, on_notice, voice=voice)
    except SpeechError as exc:
        on_notice(explain(exc, lang))
        return create("auto", lang, on_subtitle, on_notice)


def build(narrator: Any, lang: str, on_subtitle: Callback,
          on_notice: Callback, voice: str = "auto") -> tuple[Any, Callable[[], None]]:
    """The narrator the app uses, and what the app does with it when it ends.

    The app closes a narrator it made; one handed in gets its own callbacks
    back and stays open for whoever made it.

    `narrator` may be None (a real one is made on the best backend: speech
    if it can, else text with a notice), a narrator (the app's callbacks are
    added to it), or a speech backend such as RecordingBackend (a narrator
    is made around it).
    """
    if narrator is not None and hasattr(narrator, "say_line"):
        return narrator, attach(narrator, on_subtitle, on_notice)
    try:
        from companion.speech.narrator import Narrator, create_narrator
    except ImportError:  # no speech layer at all: subtitles only
        made: Any = TextNarrator(lang, on_subtitle, on_notice)
        made.text_only = True
    else:
        if narrator is None:
            made = _made_narrator(create_narrator, lang, on_subtitle, on_notice, voice)
        else:  # a backend, e.g. RecordingBackend
            made = Narrator(narrator, lang, on_subtitle, on_notice)
    return made, made.close

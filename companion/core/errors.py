"""The errors a player or a game master can meet, each saying what went wrong
in words a player understands, in the table's language.

Shaped after python-chess: the text is not an action (`InvalidActionError`),
or it is one the rules forbid now (`IllegalActionError`). Both are
`ValueError`s so callers that only care about "refused" can catch one thing.

An error carries a voice-pack `Line` (an id and values), never an English
sentence: `core.language.explain(error, lang)` renders it in any language,
and `str(error)` in English (from `voices/en/`), so logs and tracebacks read
the same words a player sees.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .lines import Line
from .text import printable


def _words(text: Any, lang: str = "en") -> str:
    if text is None or text == "":
        return ""
    if isinstance(text, str):
        return text
    from .language import render  # language imports this module

    return render(text, lang)


_ENDS = (".", "?", "!", "…")


def sentence(text: str) -> str:
    """`text` as a whole sentence: trimmed, ending with its full stop (a question or an
    exclamation keeps its own mark), so sentences put side by side never run together."""
    text = text.strip()
    return text if not text or text.endswith(_ENDS) else text + "."


def sentences(*texts: str) -> str:
    """Sentences side by side, each with its full stop; empty ones left out."""
    return " ".join(filter(None, (sentence(t) for t in texts)))


def _allowed_words(allowed: Any, lang: str, how: bool = True) -> list[str]:
    """What is allowed now, then how to write it: a step's hint (`error.allowed_hint`) comes
    after the list it goes with, as a sentence of its own (`error.how`), so a list of every
    verb never reads as if all of them were allowed; left out (`how=False`) when the refusal
    says itself how to write what was typed."""
    if isinstance(allowed, Line) and allowed.id == "error.allowed_hint":
        hint, more = allowed.values.get("hint"), allowed.values.get("more")
        return [_words(more, lang), _words(Line("error.how", {"hint": hint}), lang) if hint and how else ""]
    return [_words(allowed, lang)]


SAME: Any = object()  # `public_allowed` not given: the table reads what the game master reads


class CompanionError(Exception):
    """Base of every error this project raises on purpose.

    `line` says what is wrong; `allowed`, when there is something to do
    instead, says what (both Lines, or plain text for words that are not a
    sentence of ours, such as an operating system's own message); `how` says how
    to write it, and `examples` are the game's actions written out, said only
    when neither `allowed` nor `how` has anything to say. The message is those
    sentences in that order: why, what is allowed now, how to write it.

    `public_line` and `public_allowed` are the same message as the table may
    read it (the CLI without `--private`, the game master's screen with the
    secrets hidden): a refusal at a private step, or one whose reason names a
    hand, says less there. They default to `line` and `allowed`; the step
    engine (companion/core/steps.py) sets both for every rule's refusal.
    """

    title = "error.title.error"

    def __init__(self, line: Any, *, allowed: Any = None, how: Any = None, examples: Any = None,
                 public_line: Any = None, public_allowed: Any = SAME) -> None:
        self.line = line
        self.allowed = allowed or None
        self.how = how or None
        self.examples = examples or None
        self.public_line = line if public_line is None else public_line
        self.public_allowed = self.allowed if public_allowed is SAME else (public_allowed or None)
        super().__init__(line)

    def words(self, lang: str = "en", public: bool = False) -> str:
        """The whole message in `lang`: whole sentences, why first; with `public`, as the
        table may read it."""
        line, allowed = (self.public_line, self.public_allowed) if public else (self.line, self.allowed)
        how = _words(self.how, lang)
        parts = [_words(line, lang), *_allowed_words(allowed, lang, not how), how]
        if not any(parts[1:]):
            parts.append(_words(self.examples, lang))
        return sentences(*parts)

    @property
    def message(self) -> str:
        return self.words("en")

    def __str__(self) -> str:
        return self.words("en")


class ActionError(CompanionError, ValueError):
    """A reported action was refused; the game is exactly as it was."""

    title = "error.title.refused"

    def __init__(self, what: Any, *, allowed: Any = None, text: str = "", line: Any = None,
                 how: Any = None, examples: Any = None, public_line: Any = None,
                 public_allowed: Any = SAME) -> None:
        if line is not None:  # a Line that says it all, advice included
            what, allowed = line, None
        super().__init__(what, allowed=allowed, how=how, examples=examples, public_line=public_line,
                         public_allowed=public_allowed)
        self.text = text

    @property
    def reason(self) -> str:
        return _words(self.line)


class InvalidActionError(ActionError):
    """The text is not an action of this game's notation."""

    title = "error.title.not_understood"


class IllegalActionError(ActionError):
    """A well-formed action that the rules forbid at this moment."""

    title = "error.title.not_allowed"


class UnknownGameError(CompanionError, LookupError):
    """No game answers to that name; the message lists the ones that exist."""

    title = "error.title.unknown_game"


class SetupError(CompanionError, ValueError):
    """Players or options that a game cannot start with."""

    title = "error.title.setup"


class SaveError(CompanionError):
    """A save file that cannot be read or written; always names the file.

    `problem` is a Line (or an operating system's own words)."""

    title = "error.title.save"

    def __init__(self, path: Path | str, problem: Any) -> None:
        self.path = Path(path)
        self.problem = problem
        # A file's name is anybody's text: its control characters are written out, never shown raw.
        super().__init__(Line("error.save.named", {"path": printable(str(self.path)), "problem": problem}))


class DamagedSaveError(SaveError):
    """The file is damaged after an intact prefix that can be recovered.

    `intact` is how many actions replay cleanly before the damage; recovering
    keeps them and sets the damaged tail aside in another file, never
    dropping it silently.
    """

    title = "error.title.damaged"

    def __init__(self, path: Path | str, problem: Any, intact: int) -> None:
        super().__init__(path, problem)
        self.intact = intact
        self.recovery: Any = None  # what recovering would keep and set aside (a session.Recovery)


class SavedButError(SaveError):
    """The save holds what was played (or undone), but the disk reported a
    problem making it durable: it counts as done (it replays), and saying it
    was not would be untrue. The lock's note stays for the next writer."""

    title = "error.title.save"

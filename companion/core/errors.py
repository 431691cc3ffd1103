"""The errors a player or a game master can meet, each saying what went wrong
in words a player understands.

Shaped after python-chess: the text is not an action (`InvalidActionError`),
or it is one the rules forbid now (`IllegalActionError`). Both are
`ValueError`s so callers that only care about "refused" can catch one thing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any


class CompanionError(Exception):
    """Base of every error this project raises on purpose."""

    title = "Error"

    def __init__(self, message: str, *, line: Any = None) -> None:
        super().__init__(message)
        self.message = message
        # A voice-pack Line saying the same in any language (core.language.explain).
        self.line = line

    def __str__(self) -> str:
        return self.message


class ActionError(CompanionError, ValueError):
    """A reported action was refused; the game is exactly as it was."""

    title = "Refused"

    def __init__(self, message: str, *, text: str = "", allowed: str = "", line: Any = None) -> None:
        full = message
        if allowed:
            full = f"{message} {allowed}"
        super().__init__(full, line=line)
        self.reason = message
        self.text = text
        self.allowed = allowed


class InvalidActionError(ActionError):
    """The text is not an action of this game's notation."""

    title = "Not understood"


class IllegalActionError(ActionError):
    """A well-formed action that the rules forbid at this moment."""

    title = "Not allowed now"


class UnknownGameError(CompanionError, LookupError):
    """No game answers to that name; the message lists the ones that exist."""

    title = "Unknown game"


class SetupError(CompanionError, ValueError):
    """Players or options that a game cannot start with."""

    title = "Cannot start"


class SaveError(CompanionError):
    """A save file that cannot be read or written; always names the file."""

    title = "Save file problem"

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class DamagedSaveError(SaveError):
    """The file is damaged after an intact prefix that can be recovered.

    `intact` is how many actions replay cleanly before the damage; recovering
    keeps them and sets the damaged tail aside in another file, never
    dropping it silently.
    """

    title = "Damaged save file"

    def __init__(self, path: Path | str, problem: str, intact: int) -> None:
        super().__init__(path, problem)
        self.intact = intact

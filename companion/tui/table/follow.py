"""Reading what the table view shows: the save, read-only and without its lock, as its public
view; and the live file. Pure of Textual so the app can call it from a thread.

`Seen` holds only public data: the public view (state, public prompt, public log, outcome),
the game's name, its players and its options (what `companion show` prints without
`--private`). The game object is dropped as soon as the view is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from companion.core.public import PublicView, words
from companion.core.session import Session


@dataclass(frozen=True)
class Seen:
    """One reading of the save: its public view, the game's options, the save's language."""

    view: PublicView
    options: Mapping[str, Any]
    lang: str
    actions: int

    def words(self, lang: str) -> dict[str, Any]:
        return words(self.view, lang)


def load(path: Path) -> Seen:
    """The save's public view now (raises CompanionError or OSError when it cannot be read)."""
    session = Session.load(path, read_only=True)
    try:
        return Seen(session.public_view(), dict(session.header.options), session.lang, len(session.played))
    finally:
        session.close()

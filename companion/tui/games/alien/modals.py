"""The Alien screen's words: its UI lines (`L`) and how a line is shown. Its pop-ups are the
frame's covered picker and notice (companion/tui/picker.py)."""

from __future__ import annotations

from typing import Any

from companion.core.game import Line, Text
from companion.core.language import render

UI = "ui.alien-1979"


def L(name: str, **values: Any) -> Line:
    """A UI line of this screen (`ui.alien-1979.<name>`)."""
    return Line(f"{UI}.{name}", values)


def words(text: Text, lang: str) -> str:
    return render(text, lang)

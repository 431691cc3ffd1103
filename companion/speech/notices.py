"""What the narrator tells the table when speech degrades, in the table's language.

The notices are voice-pack lines (`speech.no_engine`, `speech.no_audio`,
`speech.no_voice`, `speech.failed` in `voices/<lang>/core.toml`); a pack that
lacks one falls back to English from `voices/en/`, like every other line.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Line
from ..core.language import render

NOTICES = ("speech.no_engine", "speech.no_audio", "speech.no_voice", "speech.failed")


def notice_text(notice_id: str, lang: str = "en", **values: Any) -> str:
    """The notice `notice_id` in `lang` (English where the pack lacks it)."""
    return render(Line(notice_id, values), lang)

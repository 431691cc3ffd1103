"""What the narrator tells the table when speech degrades, in the table's language.

Voice packs may carry these ids; until they do, the English default here is
used, so a notice never shows a bare line id.
"""

from __future__ import annotations

from typing import Any

from ..core.language import fill, template

DEFAULTS = {
    "speech.no_engine": "No speech engine: narration is shown as text only.",
    "speech.no_audio": "No sound device: narration is shown as text only.",
    "speech.no_voice": "No {language} voice in the speech engine: those lines are shown as text only.",
    "speech.failed": "Narration failed ({problem}): lines are shown as text only.",
}


def notice_text(notice_id: str, lang: str = "en", **values: Any) -> str:
    """The notice `notice_id` in `lang`, falling back to the English default here."""
    text = template(notice_id, lang)
    if text == notice_id:
        text = DEFAULTS[notice_id]
    return fill(text, values)

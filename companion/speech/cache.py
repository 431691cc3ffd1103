"""Lines rendered ahead: a folder of WAVs keyed by text, voice and speed.

A neural voice takes about half a second to render a sentence on a laptop CPU, too long
for a night call. So when a game starts, its fixed lines (`ahead_texts`: the calls, the
rounds; never a line with a name in it) are rendered in the background into this cache,
and saying one later only hands the file to the player. A file appears in the cache only
whole (written aside, then renamed), so a reader never plays half a line.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import tempfile
from pathlib import Path

from ..core.language import _PLACEHOLDER, load_pack

CACHE_ENV = "COMPANION_SPEECH_CACHE"

# The lines of a game said again and again at fixed moments, whatever the players are called.
# Matched after the game's own prefix (`gauekos.call.lamia.wake`): never ui.*, state.*, error.*.
AHEAD = ("call.*", "round.*", "night.falls", "prep.begins", "dawn*", "day.debate", "countdown.over",
         "day_timer.over")


def cache_folder() -> Path:
    env = os.environ.get(CACHE_ENV, "").strip()
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("companion")) / "speech"


def ahead_texts(part: str, lang: str) -> list[str]:
    """The texts of game `part` to render ahead in `lang`: its fixed lines without placeholders."""
    pack = load_pack(lang)
    texts = []
    for line_id in pack.parts.get(part, ()):
        own = line_id[len(part) + 1:] if line_id.startswith(f"{part}.") else ""
        text = pack.lines.get(line_id, "")
        if own and text.strip() and not _PLACEHOLDER.search(text) and any(fnmatch.fnmatchcase(own, p) for p in AHEAD):
            texts.append(text)
    return list(dict.fromkeys(texts))


class SpeechCache:
    """WAV files by (voice, rate, volume, text); `folder` None means the user cache folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self._folder = folder

    @property
    def folder(self) -> Path:
        return self._folder if self._folder is not None else cache_folder()

    def path(self, voice_key: str, rate: int, volume: float, text: str) -> Path:
        digest = hashlib.sha256(f"{voice_key}\n{rate}\n{volume:.3f}\n{text}".encode("utf-8")).hexdigest()
        return self.folder / f"{digest[:32]}.wav"

    def get(self, voice_key: str, rate: int, volume: float, text: str) -> Path | None:
        path = self.path(voice_key, rate, volume, text)
        return path if path.is_file() else None

    def spare(self, target: Path) -> Path:
        """A private file beside `target` to render into; `keep` renames it into place."""
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".render-", suffix=".wav", dir=target.parent)
        os.close(fd)
        return Path(tmp)

    @staticmethod
    def keep(spare: Path, target: Path) -> None:
        os.replace(spare, target)

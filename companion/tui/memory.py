"""What the app remembers between evenings, beside the saves: the language chosen, the
last game chosen on the new-game form, the saves opened from elsewhere (`companion play
FILE`) and a short summary of each save played in the app (so the Continue list need not
replay a long game for each row).

One small JSON file, `companion-state.json` in the saves folder (not a `.toml`, so never
listed as a save). Whatever is in it (damaged, hostile, from another version) only ever
reads as "nothing remembered": every value is checked for its type and size, and a path
is shown only through `printable`. Writes are atomic (a temporary file, then a rename).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.core.language import LANGUAGES

FILE = "companion-state.json"
LIMIT = 256 * 1024  # a bigger file is not ours: ignored
RECENT = 30
SUMMARIES = 100
TEXT = 300  # the longest summary text kept


def _load(home: Path) -> dict[str, Any]:
    try:
        path = home / FILE
        if path.stat().st_size > LIMIT:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(home: Path, data: dict[str, Any]) -> None:
    """Write atomically; a folder that cannot be written only means nothing is remembered."""
    try:
        home.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".state-", suffix=".tmp", dir=home)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, ensure_ascii=False)
            os.replace(tmp, home / FILE)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError:
        pass


def remembered_lang(home: Path) -> str | None:
    lang = _load(home).get("lang")
    return lang if isinstance(lang, str) and lang in LANGUAGES else None


def remember_lang(home: Path, lang: str) -> None:
    data = _load(home)
    if data.get("lang") != lang:
        data["lang"] = lang
        _save(home, data)


def remembered_voice(home: Path) -> str | None:
    """The voice picked last time on the start screen (f5), as `--voice` spells it."""
    voice = _load(home).get("voice")
    return voice if isinstance(voice, str) and 0 < len(voice) <= 120 else None


def remember_voice(home: Path, voice: str) -> None:
    data = _load(home)
    if data.get("voice") != voice:
        data["voice"] = voice
        _save(home, data)


def last_game(home: Path) -> str | None:
    game = _load(home).get("last_game")
    return game if isinstance(game, str) and 0 < len(game) <= 64 else None


def remember_game(home: Path, game: str) -> None:
    data = _load(home)
    data["last_game"] = game
    _save(home, data)


def recent_files(home: Path) -> list[Path]:
    """Saves opened from outside the saves folder, newest first (only those that still exist)."""
    listed = _load(home).get("recent")
    found: list[Path] = []
    if not isinstance(listed, list):
        return found
    for item in listed[:RECENT]:
        if not isinstance(item, str) or not item or len(item) > 4096 or "\0" in item:
            continue
        path = Path(item)
        try:
            if path.is_absolute() and path.suffix == ".toml" and path.is_file():
                found.append(path)
        except (OSError, ValueError):
            continue
    return found


def remember_file(home: Path, path: Path) -> None:
    """Keep `path` in the recent list (a save in the saves folder is listed anyway)."""
    try:
        path = path.resolve()
        if path.parent == home.resolve():
            return
    except (OSError, RuntimeError):
        return
    data = _load(home)
    listed = data.get("recent")
    listed = [p for p in listed if isinstance(p, str)] if isinstance(listed, list) else []
    data["recent"] = [str(path)] + [p for p in listed if p != str(path)][:RECENT - 1]
    _save(home, data)


def _stamp(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]


def load(home: Path) -> dict[str, Any]:
    """Everything remembered, read once (for `summary_of` over a whole listing)."""
    return _load(home)


def summary_of(home: Path, path: Path, data: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The summary remembered for `path`, if the file has not changed since: {"state": {lang:
    text}, "progress": {lang: text}, "over": bool}. `data`: what `load` returned, to read the file once for many saves."""
    found = (data if data is not None else _load(home)).get("summaries")
    if not isinstance(found, dict):
        return None
    item = found.get(str(path.resolve()) if path.exists() else str(path))
    if not isinstance(item, dict) or item.get("stamp") != _stamp(path):
        return None
    state = item.get("state")
    if not isinstance(state, dict):
        return None
    texts = {k: v[:TEXT] for k, v in state.items() if isinstance(k, str) and isinstance(v, str)}
    progress = item.get("progress")
    progress = ({k: v[:TEXT] for k, v in progress.items() if isinstance(k, str) and isinstance(v, str)}
                if isinstance(progress, dict) else {})
    return {"state": texts, "progress": progress, "over": item.get("over") is True}


def remember_summary(home: Path, session: Any) -> None:
    """Remember where `session` stands, in every language, for the Continue list: the
    prompt (or the result) and the game's `progress()` (its round, night, countdown...)."""
    from companion.core.language import render

    path = getattr(session, "path", None)
    if path is None:
        return
    path = Path(path)
    stamp = _stamp(path)
    if stamp is None:
        return
    progress: dict[str, str] = {}
    try:
        outcome = session.outcome()
        if outcome is not None:
            said = {lang: render(outcome.line, lang) if outcome.line is not None else ", ".join(outcome.winners)
                    for lang in LANGUAGES}
        else:
            title = session.game.public_prompt().title
            said = {lang: render(title, lang) for lang in LANGUAGES}
            where = session.game.progress()
            if where is not None:
                progress = {lang: render(where, lang)[:TEXT] for lang in LANGUAGES}
    except Exception:  # a summary is a nicety: never a reason to fail leaving a game
        return
    data = _load(home)
    summaries = data.get("summaries")
    summaries = dict(summaries) if isinstance(summaries, dict) else {}
    key = str(path.resolve())
    summaries.pop(key, None)
    summaries[key] = {"stamp": stamp, "state": {k: v[:TEXT] for k, v in said.items()}, "progress": progress,
                      "over": outcome is not None}
    while len(summaries) > SUMMARIES:
        summaries.pop(next(iter(summaries)))
    data["summaries"] = summaries
    _save(home, data)

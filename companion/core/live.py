"""The live public state beside a save: what the game master's app shows the whole table
besides the save itself (the line the narrator is saying, the running timers, the app's
language, whether the app is open), for the table view to follow.

The file is `<save>.live.json`. The app `publish`es it whole (a temporary file in the same
folder, then `os.replace`), so a reader sees the old file or the new one, never half of one.
`read` tolerates anything else at that path: missing, damaged, huge, hostile. It returns a
clean `Live` with only the fields it understands, of the types it expects, and short text
(a hostile file must not put junk or escape codes on a public screen).

Nothing private goes in here: the subtitle is what the narrator said aloud to everyone, and
the timers are the ones the table hears counting.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .language import LANGUAGES
from .text import plain

SUFFIX = ".live.json"
MAX_BYTES = 64 * 1024  # a live file is a few hundred bytes: anything bigger is not ours
MAX_TEXT = 600  # the longest subtitle kept
MAX_TIMERS = 4
HEARTBEAT = 5.0  # the app rewrites the file at least this often while open
STALE = 3 * HEARTBEAT  # a heartbeat older than this: the app is gone (killed, or the machine slept)
TIMER_KINDS = ("gauekos", "day", "marcador")  # marcador: its turn timer


def live_path(save: Path | str) -> Path:
    """The live file of a save: `<save>.live.json` beside it."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


@dataclass(frozen=True)
class Timer:
    """A countdown the table watches: `deadline` (wall clock, seconds) while it runs, so a
    reader counts down by itself; `left` when paused or not started yet."""

    kind: str
    total: int
    left: int
    running: bool = False
    paused: bool = False
    deadline: float | None = None

    def left_at(self, now: float) -> int:
        """Seconds left at wall-clock `now`."""
        if self.running and not self.paused and self.deadline is not None:
            return max(0, min(self.total, math.ceil(self.deadline - now)))
        return max(0, min(self.total, self.left))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "total": self.total, "left": self.left, "running": self.running,
                "paused": self.paused, "deadline": self.deadline}


@dataclass(frozen=True)
class Live:
    """What the game master's app publishes. `open` False: it closed (or it never ran)."""

    open: bool = False
    subtitle: str = ""
    timers: tuple[Timer, ...] = ()
    lang: str | None = None
    pid: int | None = None
    heartbeat: float = 0.0
    actions: int | None = None  # the save's number of actions when written
    extra: Mapping[str, Any] = field(default_factory=dict)

    def closed(self, now: float | None = None) -> bool:
        """The app is not there: it said so, its heartbeat is stale, or its process is gone."""
        if not self.open:
            return True
        now = time.time() if now is None else now
        if now - self.heartbeat > STALE:
            return True
        return self.pid is not None and not _alive(self.pid)

    def to_json(self) -> dict[str, Any]:
        return {"open": self.open, "subtitle": self.subtitle, "timers": [t.to_json() for t in self.timers],
                "lang": self.lang, "pid": self.pid, "heartbeat": self.heartbeat, "actions": self.actions}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError, ValueError):
        return True  # someone else's process, or not ours to ask: trust the heartbeat
    return True


def publish(save: Path | str, live: Live | Mapping[str, Any]) -> Path:
    """Write the live file whole: a temporary file in the same folder, then `os.replace`."""
    path = live_path(save)
    data = live.to_json() if isinstance(live, Live) else dict(live)
    text = json.dumps(data, ensure_ascii=False, default=str)
    fd, temp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return path


def _text(value: Any, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        return ""
    value = " ".join(plain(value.replace("\n", " ")).split())
    return value if len(value) <= limit else value[: limit - 1] + "…"


def _int(value: Any, low: int = 0, high: int = 24 * 3600) -> int | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return max(low, min(high, int(value)))


def _float(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _timer(raw: Any) -> Timer | None:
    if not isinstance(raw, dict) or raw.get("kind") not in TIMER_KINDS:
        return None
    total, left = _int(raw.get("total")), _int(raw.get("left"))
    if total is None or left is None:
        return None
    return Timer(raw["kind"], total, min(left, total), raw.get("running") is True, raw.get("paused") is True,
                 _float(raw.get("deadline")))


def parse(data: Any) -> Live | None:
    """A `Live` from decoded JSON, keeping only what it understands; None if it is not one."""
    if not isinstance(data, dict):
        return None
    raw_timers = data.get("timers")
    timers = tuple(t for t in map(_timer, raw_timers[:MAX_TIMERS]) if t is not None) \
        if isinstance(raw_timers, list) else ()
    lang = data.get("lang") if data.get("lang") in LANGUAGES else None
    pid = _int(data.get("pid"), 1, 2**31)
    return Live(data.get("open") is True, _text(data.get("subtitle")), timers, lang, pid,
                _float(data.get("heartbeat")) or 0.0, _int(data.get("actions"), 0, 10**9))


def read(save: Path | str) -> Live | None:
    """The live file of `save`, or None when there is none or it cannot be read as one
    (damaged, too big, not JSON, not ours). Never raises for what the file holds."""
    path = live_path(save)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(raw) > MAX_BYTES:
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return parse(data)

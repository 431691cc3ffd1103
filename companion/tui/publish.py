"""The game master's app tells the table view what it cannot read in the save: the line the
narrator is saying, the timers counting and the app's language (companion/core/live.py).

`LivePublisher` writes only when something the table sees changed (a timer's deadline that
moved by less than a second is the same deadline), and again every HEARTBEAT seconds so the
table view knows the app is still there; `close()` writes `open: false`. A folder it cannot
write to never troubles the game: the table view then says the app is closed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Sequence

from companion.core import live

HEARTBEAT = live.HEARTBEAT
DRIFT = 1.0  # seconds a running timer's deadline may move before it is written again


class LivePublisher:
    def __init__(self, save: Path) -> None:
        self.save = save
        self.last: live.Live | None = None

    @classmethod
    def for_session(cls, session: Any) -> "LivePublisher | None":
        """A publisher for a session played from a file this app writes (not a read-only look)."""
        journal = getattr(session, "journal", None)
        if journal is None or getattr(journal, "read_only", None) is not None or session.path is None:
            return None
        return cls(Path(session.path))

    def update(self, *, subtitle: str, timers: Sequence[live.Timer], lang: str, actions: int,
               beat: bool = False) -> None:
        now = time.time()
        made = live.Live(True, subtitle, tuple(timers), lang, os.getpid(), now, actions)
        if not beat and self.last is not None and self.last.open and _same(self.last, made):
            return
        self._write(made)

    def beat(self) -> None:
        """The heartbeat: the last state again, with the time now."""
        if self.last is not None and self.last.open:
            last = self.last
            self.update(subtitle=last.subtitle, timers=last.timers, lang=last.lang or "es",
                        actions=last.actions or 0, beat=True)

    def close(self) -> None:
        last = self.last or live.Live()
        self._write(live.Live(False, "", (), last.lang, os.getpid(), time.time(), last.actions))

    def _write(self, made: live.Live) -> None:
        try:
            live.publish(self.save, made)
        except OSError:  # a folder we cannot write to: the table view says the app is closed
            pass
        self.last = made


def _same(a: live.Live, b: live.Live) -> bool:
    if (a.subtitle, a.lang, a.actions, len(a.timers)) != (b.subtitle, b.lang, b.actions, len(b.timers)):
        return False
    for x, y in zip(a.timers, b.timers):
        if (x.kind, x.total, x.running, x.paused) != (y.kind, y.total, y.running, y.paused):
            return False
        if x.deadline is None or y.deadline is None:
            if x.deadline != y.deadline or x.left != y.left:
                return False
        elif abs(x.deadline - y.deadline) > DRIFT:
            return False
    return True


def timer(kind: str, total: int, left: int, running: bool, paused: bool) -> live.Timer:
    """A timer as the table sees it: a deadline on the wall clock while it counts."""
    counting = running and not paused and left > 0
    return live.Timer(kind, total, left, running, paused, time.time() + left if counting else None)

"""One writer per save: an advisory lock on a sidecar file `<save>.lock`.

Every writer (the app while a game is open, `companion new`, `companion act`,
undo and redo, recovering a damaged save) takes it before it reads or writes
the save; readers (`companion show`, a game opened read-only) do not. The
lock is `flock` on the sidecar, so the operating system drops it when its
process ends, however it ends (kill -9 included). The sidecar holds the
owner's pid and command line, which is how a second writer is told who has
the save; its last owner removes it on close (a kill -9 leaves it behind,
unlocked and harmless, and the next owner takes it over).

The sidecar also notes a write in progress (`pending = [start, length]`)
while the save grows: a writer killed in the middle of one write leaves a
note that the next owner reads before anything else, cutting a half-written
batch back off so that a batch is in the save whole or not at all.

Within one process, sessions on one save share its lock (the app closes a
game after opening the next one; tests read a save while a session holds
it); a second writer in the same process is still refused by the journal,
which checks the file is the size it last left it before every write.

Where `fcntl` does not exist (Windows) there is no lock: the journal's size
check is then the only guard.
"""

from __future__ import annotations

import errno
import json
import os
import shlex
import sys
import threading
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SaveError
from .lines import Line

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".lock"
_BUSY = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)


def lock_path(save: Path | str) -> Path:
    """The sidecar of a save (by the save's real path, so a link locks its target)."""
    real = Path(os.path.realpath(save))
    return real.with_name(real.name + SUFFIX)


def this_command() -> str:
    """This process's command line, as a person would have typed it."""
    argv = list(sys.argv) or [""]
    first = Path(argv[0]).name
    if first == "__main__.py":  # python -m <package>
        first = f"python -m {Path(argv[0]).parent.name}"
    elif first in ("", "-c"):
        first = "python" + (" -c" if argv[0] == "-c" else "")
    text = " ".join([first, shlex.join(argv[1:])]).strip()
    return text if len(text) <= 300 else text[:299] + "…"


@dataclass
class Holder:
    """Who holds a save: a pid and a command line (empty when not known)."""

    pid: int | None = None
    command: str = ""

    def line(self) -> Line:
        if self.pid is None:
            return Line("error.save.locked_unknown")
        return Line("error.save.locked", {"pid": self.pid, "command": self.command or "?"})


class SaveLockedError(SaveError):
    """Another process is writing the save; `holder` says which."""

    def __init__(self, path: Path | str, holder: Holder) -> None:
        self.holder = holder
        super().__init__(path, holder.line())


def _parse(data: bytes) -> dict[str, Any]:
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _read_all(fd: int) -> bytes:
    chunks, offset = [], 0
    while True:
        chunk = os.pread(fd, 65536, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)


def _holder(fd: int, patience: float = 1.0) -> Holder:
    """Read who holds the lock; its owner may not have written its name yet."""
    deadline = time.monotonic() + patience
    while True:
        data = _parse(_read_all(fd))
        pid = data.get("pid")
        if isinstance(pid, int):
            command = data.get("command")
            return Holder(pid, command if isinstance(command, str) else "")
        if time.monotonic() >= deadline:
            return Holder()
        time.sleep(0.02)


def _fsync_quietly(fd: int) -> None:
    try:
        os.fsync(fd)
    except OSError:
        pass


class SaveLock:
    """This process's hold on one save (shared by the sessions of the process)."""

    _held: dict[str, "SaveLock"] = {}
    # Re-entrant: a journal dropped without close() releases its lock from __del__, and the
    # garbage collector may run that inside `take` on this same thread.
    _guard = threading.RLock()

    def __init__(self, save: Path, fd: int) -> None:
        self.save = save  # the real path
        self.path = lock_path(save)
        self.fd = fd
        self.users = 1
        self.rolled_back = 0  # bytes of a half-written batch cut off when taken
        self._who: str | None = None  # the note's fixed first lines
        self._size = 0  # the sidecar's size, kept by padding every note to it

    @classmethod
    def take(cls, save: Path | str) -> "SaveLock":
        """Hold `save` for writing, or raise SaveLockedError naming who has it.

        A SaveError (not a SaveLockedError) when the sidecar cannot be made."""
        shown = Path(save)
        real = Path(os.path.realpath(save))
        with cls._guard:
            held = cls._held.get(str(real))
            if held is not None:
                held.users += 1
                return held
            lock = cls._acquire(shown, real)
            cls._held[str(real)] = lock
            return lock

    @classmethod
    def _acquire(cls, shown: Path, real: Path) -> "SaveLock":
        path = lock_path(real)
        fd = -1
        for _ in range(50):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
            except FileNotFoundError:
                raise SaveError(shown, Line("error.save.no_file")) from None
            except OSError as exc:
                raise SaveError(shown, Line("error.save.cannot_lock", {"problem": exc.strerror or str(exc)})) from None
            if fcntl is None:  # pragma: no cover - Windows
                break
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                holder = _holder(fd) if exc.errno in _BUSY else None
                os.close(fd)
                if holder is None:
                    raise SaveError(shown, Line("error.save.cannot_lock", {"problem": exc.strerror or str(exc)})) from None
                raise SaveLockedError(shown, holder) from None
            # Its last owner may have removed the sidecar between our open and our lock.
            try:
                mine, there = os.fstat(fd), os.stat(path)
                if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
                    break
            except FileNotFoundError:
                pass
            os.close(fd)
            fd = -1
        if fd < 0:  # pragma: no cover - the sidecar kept vanishing
            raise SaveError(shown, Line("error.save.cannot_lock", {"problem": str(path)}))
        lock = cls(real, fd)
        try:
            previous = _read_all(fd)
            lock._size = len(previous)  # every note covers the last owner's whole text
            lock.rolled_back = lock._finish_interrupted(_parse(previous))
            lock._note()
        except OSError as exc:
            lock._drop()
            raise SaveError(shown, Line("error.save.cannot_lock", {"problem": exc.strerror or str(exc)})) from None
        return lock

    def _finish_interrupted(self, previous: dict[str, Any]) -> int:
        """Cut back a batch its writer was killed while writing; the bytes cut."""
        pending = previous.get("pending")
        if not (isinstance(pending, list) and len(pending) == 2 and all(isinstance(n, int) for n in pending)):
            return 0
        start, length = pending
        try:
            size = os.stat(self.save).st_size
        except FileNotFoundError:
            return 0
        if not start < size < start + length:
            return 0  # nothing of it written, or all of it: the save is whole either way
        fd = os.open(self.save, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        try:
            os.ftruncate(fd, start)
            os.fsync(fd)
        finally:
            os.close(fd)
        return size - start

    def _note(self, pending: tuple[int, int] | None = None) -> None:
        """Rewrite the sidecar in place, padded to the size it already has: no
        truncation, so a note costs one page-cache write and no metadata."""
        if self._who is None:
            self._who = f"pid = {os.getpid()}\ncommand = {_toml_string(this_command())}\n"
        text = self._who + (f"pending = [{pending[0]}, {pending[1]}]\n" if pending is not None else "")
        data = text.encode("utf-8")
        if len(data) < self._size:
            data += b" " * (self._size - len(data))  # trailing blanks are valid TOML
        elif len(data) > self._size:
            data += b" " * 32  # room for a longer pending note next time
        os.pwrite(self.fd, data, 0)
        self._size = len(data)

    def writing(self, start: int, length: int) -> None:
        """Note that the save is about to grow from `start` by `length` bytes.

        The note is not fsynced: it guards against a writer killed in the
        middle of its write (the page cache outlives the process, so the next
        owner reads it), which is the case a batch can be torn by. A power cut
        before the save's own fsync is met by the reader instead, which sets a
        damaged tail aside; nothing was said to the table before that fsync."""
        self._note((start, length))

    def written(self) -> None:
        """The write noted by `writing` is whole in the save (or was undone)."""
        try:
            self._note()
        except OSError:
            pass  # the note says a write of the size the save now has: harmless

    def release(self) -> None:
        with self._guard:
            self.users -= 1
            if self.users > 0:
                return
            if self._held.get(str(self.save)) is self:
                del self._held[str(self.save)]
            self._drop()

    def _drop(self) -> None:
        if self.fd < 0:
            return
        try:
            os.unlink(self.path)  # while still locked: the next owner's check sees it is gone
        except OSError:
            pass
        os.close(self.fd)
        self.fd = -1


def _toml_string(text: str) -> str:
    # JSON strings are TOML basic strings once DEL is escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")

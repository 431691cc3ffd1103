"""One writer per save: an advisory lock on a sidecar file `<save>.lock`.

Every writer (the app while a game is open, `companion new`, `companion act`,
undo and redo, recovering a damaged save) takes it before it reads or writes
the save; readers (`companion show`, a game opened read-only) do not. The
lock is `flock` on the sidecar, so the operating system drops it when its
process ends, however it ends (kill -9 included). The sidecar holds the
owner's pid and command line, which is how a second writer is told who has
the save; its last owner removes it on close (a kill -9 leaves it behind,
unlocked and harmless, and the next owner takes it over).

The sidecar also notes a write in progress while the save grows
(`pending = [start, length]`, the save's identity and the bytes it adds): a
writer killed in the middle of one write leaves a note that the next owner
reads before anything else, cutting a half-written batch back off so that a
batch is in the save whole or not at all. A note is trusted only when it
proves itself: written in this boot, about this very file, and the bytes
past `start` are the first bytes of what it says it adds. Even then the cut
bytes go to a `.damaged-*` copy beside the save first, so a stale or hostile
note can cost at most a refusal, never a byte of the save. A note whose
write may be in the save but was not settled (a failed fsync that could not
be undone) is left in place on close for the next owner to settle.

The sidecar is opened without following a link, and refused (with a message
naming it) when it is a link, not a plain file, or another name of a file.

Within one process, sessions on one save share its lock (the app closes a
game after opening the next one; tests read a save while a session holds
it); a second writer in the same process is still refused by the journal,
which checks the file is the size it last left it before every write.

Where `fcntl` does not exist (Windows) there is no lock: the journal's size
check is then the only guard.
"""

from __future__ import annotations

import base64
import binascii
import errno
import json
import os
import stat
import shlex
import sys
import threading
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import SaveError
from .files import NotPlainFile, is_link, keep_aside, open_plain
from .lines import Line

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".lock"
_BUSY = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)
MAX_NOTE = 1024 * 1024  # a note is under 1 KB plus the batch it covers; a bigger sidecar is not one
MAX_PENDING = 8 * 1024 * 1024  # a batch cannot be bigger than a save


def _real(save: Path | str) -> Path:
    """A save's path with its folder resolved (its own name is never followed: a link is refused)."""
    shown = Path(save)
    return Path(os.path.realpath(shown.parent)) / shown.name


def lock_path(save: Path | str) -> Path:
    """The sidecar of a save: `<save>.lock` beside it."""
    real = _real(save)
    return real.with_name(real.name + SUFFIX)


def _boot() -> str:
    """This boot's id (Linux), so a note from before a restart is never trusted; "" elsewhere."""
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as handle:
            return handle.read().strip()
    except OSError:
        return ""


BOOT = _boot()


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


def _read_all(fd: int, limit: int = MAX_NOTE) -> bytes:
    """The sidecar's text; b"" when it is bigger than any note (not one of ours)."""
    chunks, offset = [], 0
    while offset <= limit:
        chunk = os.pread(fd, 65536, offset)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)
    return b""


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
        self.set_aside: Path | None = None  # ... and the copy they were kept in
        self.unsettled = False  # a write that may be in the save was not settled: keep the note
        self._who: str | None = None  # the note's fixed first lines
        self._size = 0  # the sidecar's size, kept by padding every note to it

    @classmethod
    def take(cls, save: Path | str) -> "SaveLock":
        """Hold `save` for writing, or raise SaveLockedError naming who has it.

        A SaveError (not a SaveLockedError) when the sidecar cannot be made."""
        shown = Path(save)
        real = _real(save)
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
        if is_link(real):  # the save itself: never written through a link
            raise SaveError(shown, Line("error.save.link"))
        fd = -1
        for _ in range(50):
            try:
                fd = open_plain(path, os.O_RDWR | os.O_CREAT)
            except FileNotFoundError:
                raise SaveError(shown, Line("error.save.no_file")) from None
            except NotPlainFile as exc:
                line_id = {"link": "lock_link", "linked": "lock_linked"}.get(exc.why, "lock_not_file")
                raise SaveError(shown, Line(f"error.save.{line_id}", {"lock": str(path)})) from None
            except IsADirectoryError:
                raise SaveError(shown, Line("error.save.lock_not_file", {"lock": str(path)})) from None
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
                mine, there = os.fstat(fd), os.lstat(path)
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
            previous = _parse(_read_all(fd))
            lock.rolled_back, lock.set_aside = lock._finish_interrupted(previous)
            os.ftruncate(fd, 0)  # the old note is settled (or was never one): ours replaces it
            lock._note()
        except OSError as exc:
            lock.unsettled = True  # whatever the old note says stays for the next owner
            lock._drop()
            raise SaveError(shown, Line("error.save.cannot_lock", {"problem": exc.strerror or str(exc)})) from None
        return lock

    def _finish_interrupted(self, previous: dict[str, Any]) -> tuple[int, Path | None]:
        """Settle the write a killed writer noted: cut a half-written batch back
        (its bytes kept in a `.damaged-*` copy first), fsync a whole one. Only a
        note that proves itself counts (`_proven`). The bytes cut, and the copy."""
        proven = _proven(previous, self.save)
        if proven is None:
            return 0, None
        start, adds = proven
        fd = open_plain(self.save, os.O_RDWR)
        try:
            size = os.fstat(fd).st_size
            if size <= start or size > start + len(adds):
                return 0, None  # none of it written, or more than it: the note says nothing of this file
            there = os.pread(fd, size - start, start)
            if there != adds[: size - start]:
                return 0, None  # not the bytes it announced: stale or not ours
            if size == start + len(adds):
                os.fsync(fd)  # whole: its writer may have died before (or failing) its fsync
                return 0, None
            aside = keep_aside(self.save, there)
            os.ftruncate(fd, start)
            os.fsync(fd)
            return size - start, aside
        finally:
            os.close(fd)

    def _note(self, pending: tuple[int, bytes, tuple[int, int]] | None = None) -> None:
        """Rewrite the sidecar in place, padded to the size it already has: no
        truncation, so a note costs one page-cache write and no metadata."""
        if self._who is None:
            self._who = (f"pid = {os.getpid()}\nboot = {_toml_string(BOOT)}\n"
                         f"command = {_toml_string(this_command())}\n")
        text = self._who
        if pending is not None:
            start, adds, (dev, ino) = pending
            text += (f"pending = [{start}, {len(adds)}]\nsave = [{dev}, {ino}]\n"
                     f"adds = \"{base64.b64encode(adds).decode('ascii')}\"\n")
        data = text.encode("utf-8")
        if len(data) < self._size:
            data += b" " * (self._size - len(data))  # trailing blanks are valid TOML
        elif len(data) > self._size:
            data += b" " * 32  # room for a longer pending note next time
        os.pwrite(self.fd, data, 0)
        self._size = len(data)

    def writing(self, start: int, adds: bytes, save: tuple[int, int]) -> None:
        """Note that the save (its (st_dev, st_ino): `save`) is about to grow
        from `start` by the bytes `adds`.

        The note is not fsynced: it guards against a writer killed in the
        middle of its write (the page cache outlives the process, so the next
        owner reads it), which is the case a batch can be torn by. A power cut
        before the save's own fsync is met by the reader instead, which sets a
        damaged tail aside; nothing was said to the table before that fsync."""
        self._note((start, adds, save))

    def written(self) -> None:
        """The write noted by `writing` is whole and durable in the save (or was undone)."""
        self.unsettled = False
        try:
            self._note()
        except OSError:
            pass  # the note then proves a write the save holds whole: the next owner fsyncs it

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
        if not self.unsettled:  # an unsettled note stays for the next owner
            try:
                mine, there = os.fstat(self.fd), os.lstat(self.path)
                if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
                    os.unlink(self.path)  # while still locked: the next owner's check sees it is gone
            except OSError:
                pass
        os.close(self.fd)
        self.fd = -1


BLOCK_START = b"\n[[action]]\n"  # how every appended batch begins (saveformat.Entry.to_block)


def _proven(note: dict[str, Any], save: Path) -> tuple[int, bytes] | None:
    """(start, the bytes it adds) of a pending write the note proves is this
    save's; None for a note that does not (stale, from another boot or file,
    malformed or hostile): such a note is ignored, never obeyed."""
    pending, ident, adds, pid, boot = (note.get(k) for k in ("pending", "save", "adds", "pid", "boot"))
    if not (isinstance(pending, list) and len(pending) == 2 and all(type(n) is int for n in pending)):
        return None
    start, length = pending
    if not (type(pid) is int and pid > 0 and isinstance(boot, str) and boot == BOOT):
        return None
    if not (isinstance(ident, list) and len(ident) == 2 and all(type(n) is int for n in ident)):
        return None
    if not (isinstance(adds, str) and 0 <= start and 0 < length <= MAX_PENDING):
        return None
    try:
        data = base64.b64decode(adds, validate=True)
        info = os.lstat(save)
    except (binascii.Error, ValueError, OSError):
        return None
    if len(data) != length or not stat.S_ISREG(info.st_mode) or [info.st_dev, info.st_ino] != ident:
        return None
    if not data.startswith(BLOCK_START):  # a writer only ever appends whole `[[action]]` blocks
        return None  # (so a cut it asks for never reaches into the setup part)
    return start, data


def _toml_string(text: str) -> str:
    # JSON strings are TOML basic strings once DEL is escaped too.
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")

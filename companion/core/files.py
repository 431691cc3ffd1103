"""Files beside a save, written so that nothing sitting in their place can
redirect or swallow a write: every file companion creates or writes is
opened without following a link (O_NOFOLLOW), made with O_EXCL where it is
new, and checked to be a plain file with one name before a byte goes in.

Shared by the journal (the save, its recovered copy, the damaged parts set
aside) and the lock (its sidecar, and a half-written batch it cuts back).
"""

from __future__ import annotations

import errno
import os
import stat
from datetime import datetime, timezone
from pathlib import Path

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
BINARY = getattr(os, "O_BINARY", 0)
CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class ShortWrite(OSError):
    """The disk took only part of what was written."""


class NotPlainFile(OSError):
    """A name that is a link, not a regular file, or a file with another name too."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(errno.EPERM, why, str(path))
        self.why = why  # "link", "not_a_file" or "linked"


def signature(path: Path | str) -> tuple[int, int] | None:
    """(mtime in ns, size) of a file, None when it cannot be read: what a follower of a save
    compares to know it changed, without reading it (the table view, the table page)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size


def is_link(path: Path | str) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def open_plain(path: Path | str, flags: int, mode: int = 0o600) -> int:
    """`os.open` that never follows a link at `path` and returns only a regular
    file with a single name (a hard link to another file is refused too, since
    writing it would write that file); NotPlainFile says which it was."""
    try:
        fd = os.open(path, flags | NOFOLLOW | BINARY | CLOEXEC | getattr(os, "O_NONBLOCK", 0), mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP and is_link(path):
            raise NotPlainFile(Path(path), "link") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotPlainFile(Path(path), "not_a_file")
        if info.st_nlink > 1:
            raise NotPlainFile(Path(path), "linked")
    except BaseException:
        os.close(fd)
        raise
    return fd


def fsync_dir(path: Path) -> None:
    """Make a file's new or renamed name in `path` (a folder) durable, where the
    system allows it (POSIX; elsewhere, and on file systems that refuse, a no-op)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)


def write_new(path: Path, data: bytes) -> None:
    """Make `path` (it must not exist: O_EXCL, so no link or file in its place is
    written through) holding `data`, fsynced. A short write is an error."""
    fd = open_plain(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        if os.write(fd, data) != len(data):
            raise ShortWrite(errno.ENOSPC, "short write")
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        fd = -1
        try:
            os.unlink(path)
        except OSError:
            pass
        raise
    finally:
        if fd >= 0:
            os.close(fd)


def write_temp(path: Path, data: bytes) -> None:
    """`write_new` for a scratch name of ours (`.NAME.PID.tmp`): one left by a
    dead process of the same pid (or anything an intruder put there) is removed
    first, never written through."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    write_new(path, data)


def aside_path(path: Path) -> Path:
    """A new name beside `path` for bytes set aside: `<file>.damaged-<time>[-n]`."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return aside


def keep_aside(path: Path, data: bytes) -> Path:
    """Write `data` to a new `.damaged-*` file beside `path`, durably (its name
    too), before anything is cut: the bytes exist somewhere at every moment."""
    for _ in range(20):
        aside = aside_path(path)
        try:
            write_new(aside, data)
        except FileExistsError:  # made between our look and our O_EXCL: another name
            continue
        fsync_dir(aside.parent)
        return aside
    raise FileExistsError(errno.EEXIST, "no free name", str(path))

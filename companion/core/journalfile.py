"""The writing side of a journal: an open save that grows by one fsynced
block per action (or one write per batch), undo that cuts the last block
off, and recovery that sets a damaged part aside in a `.damaged-*` copy
before the save loses a byte. Reading is `journal.py`.

Every file here is opened without following a link (see `files.py`), and a
failed write says what the file holds, never more nor less.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import NoReturn

from .errors import SaveError, SavedButError
from .files import NotPlainFile, ShortWrite, fsync_dir, keep_aside, open_plain, write_temp
from .journal import Block, _os_words, _read_bytes
from .lines import Line
from .lock import SaveLock
from .saveformat import Entry, Header, _problem

_ShortWrite = ShortWrite  # the disk took only part of a block


def _write_words(exc: OSError) -> Line | str:
    return _problem("short_write") if isinstance(exc, ShortWrite) else _os_words(exc)


def _plain_problem(exc: NotPlainFile) -> Line:
    return _problem(exc.why)  # error.save.link, .not_a_file or .linked


def _open_append(path: Path) -> int:
    return open_plain(path, os.O_WRONLY | os.O_APPEND)


class JournalFile:
    """An open save that grows by fsynced blocks: one per action, or one write
    for a batch; its writer holds the save's lock (see `lock.SaveLock`).

    `read_only` (a Line saying why) makes a journal that refuses every write
    with that Line and holds no lock: a game opened to look at."""

    def __init__(self, path: Path, offsets: list[int], end: int, *, lock: SaveLock | None = None,
                 read_only: Line | None = None) -> None:
        self.path = path
        self.offsets = list(offsets)
        self.end = end
        self.lock = lock
        self.read_only = read_only
        self._fd = -1
        if read_only is not None:
            return
        try:
            self._fd = _open_append(path)
        except NotPlainFile as exc:
            raise SaveError(path, _plain_problem(exc)) from None
        except OSError as exc:
            raise SaveError(path, _problem("cannot_open", problem=_os_words(exc))) from None

    @classmethod
    def create(cls, path: Path | str, header: Header, title: str, overwrite: bool = False) -> "JournalFile":
        """Write a new save (mode 0600) atomically: the file appears complete or not at all,
        and its name is durable (the folder is fsynced). The new save's lock is taken first."""
        path = Path(path)
        if path.exists() and not overwrite:
            raise SaveError(path, _problem("exists"))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SaveError(path, _problem("cannot_write", problem=_os_words(exc))) from None
        lock = SaveLock.take(path)
        try:
            if path.exists() and not overwrite:  # made while we waited for the lock
                raise SaveError(path, _problem("exists"))
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            data = header.to_bytes(title)
            try:
                write_temp(tmp, data)
                os.replace(tmp, path)  # replaces a link at `path`, never writes through it
                fsync_dir(path.parent)
            except OSError as exc:
                tmp.unlink(missing_ok=True)
                raise SaveError(path, _problem("cannot_write", problem=_write_words(exc))) from None
            return cls(path, [], len(data), lock=lock)
        except BaseException:
            lock.release()
            raise

    def _refuse_if_read_only(self) -> None:
        if self.read_only is not None:
            raise SaveError(self.path, self.read_only)

    def _check_unchanged(self, problem_id: str) -> os.stat_result:
        """The file must be exactly as this writer left it: nobody else writes it."""
        try:
            info = os.fstat(self._fd)
        except OSError as exc:
            raise SaveError(self.path, _problem(problem_id, problem=_os_words(exc))) from None
        if info.st_size != self.end:
            raise SaveError(self.path, _problem("changed", size=info.st_size, expected=self.end))
        return info

    def append(self, entry: Entry) -> None:
        self.append_many([entry])

    def append_many(self, entries: list[Entry]) -> None:
        """Append every entry in ONE write and one fsync: all of them are saved or
        none (a kill in the middle is cut back by the lock's next owner).

        When the disk fails, what is said is what the file holds: SaveError
        (`not_saved`) when it provably holds none of the batch; SavedButError
        when it holds all of it (the fsync failed and it could not be cut back:
        the batch counts as played); `not_settled` when a part of it is there
        that could not be cut back. In the last two the lock's note stays, for
        the next writer to settle."""
        self._refuse_if_read_only()
        blocks = [entry.to_block() for entry in entries]
        data = b"".join(blocks)
        if not data:
            return
        info = self._check_unchanged("not_saved")
        if self.lock is not None:
            try:
                self.lock.writing(self.end, data, (info.st_dev, info.st_ino))
            except OSError as exc:
                raise SaveError(self.path, _problem("not_saved", problem=_os_words(exc))) from None
        try:
            written = os.write(self._fd, data)
            if written != len(data):
                raise _ShortWrite(errno.ENOSPC, "short write")
            os.fsync(self._fd)
        except OSError as exc:
            self._failed_write(exc, blocks, len(data))
        self._written()
        self._advance(blocks)

    def _advance(self, blocks: list[bytes]) -> None:
        for block in blocks:
            self.offsets.append(self.end)
            self.end += len(block)

    def _failed_write(self, exc: OSError, blocks: list[bytes], length: int) -> NoReturn:
        """Leave no half batch behind: cut back to where we were; then say what the file holds."""
        problem = _write_words(exc)
        try:
            os.ftruncate(self._fd, self.end)
            os.fsync(self._fd)  # best effort: the cut outlives a power cut too
        except OSError:
            pass
        try:
            size: int | None = os.fstat(self._fd).st_size
        except OSError:
            size = None
        if size == self.end:  # provably none of it: the note has nothing left to settle
            self._written()
            raise SaveError(self.path, _problem("not_saved", problem=problem)) from None
        if self.lock is not None:
            self.lock.unsettled = True  # the note stays: the next writer settles what is there
        if size == self.end + length:
            self._advance(blocks)  # it is in the file, whole: it replays, so it is played
            raise SavedButError(self.path, _problem("saved_but", problem=problem)) from None
        raise SaveError(self.path, _problem("not_settled", problem=problem)) from None

    def _written(self) -> None:
        if self.lock is not None:
            self.lock.written()

    def drop_last(self) -> None:
        """Undo: cut the last action's block off the file, if the file is still
        the size this writer left it (never another writer's action). A cut
        that is made but not made durable is an undo done (SavedButError)."""
        self._refuse_if_read_only()
        if not self.offsets:
            return
        self._check_unchanged("undo_not_saved")
        cut = self.offsets[-1]
        try:
            os.ftruncate(self._fd, cut)
        except OSError as exc:
            raise SaveError(self.path, _problem("undo_not_saved", problem=_os_words(exc))) from None
        self.offsets.pop()
        self.end = cut
        try:
            os.fsync(self._fd)
        except OSError as exc:
            raise SavedButError(self.path, _problem("undone_but", problem=_os_words(exc))) from None

    def close(self) -> None:
        """Close the file and let go of the save's lock."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        lock, self.lock = self.lock, None
        if lock is not None:
            lock.release()

    def __del__(self) -> None:  # a session dropped without close() must not hold the save
        try:
            self.close()
        except Exception:
            pass


def set_aside(path: Path, offset: int) -> Path:
    """Copy the damaged tail to `<file>.damaged-<time>` and cut it off the save.

    The copy is written and fsynced before the save is truncated, so the
    damaged bytes exist somewhere at every moment.
    """
    data = _read_bytes(path)
    aside = keep_aside(path, data[offset:])  # the copy's name is on disk before the save loses the bytes
    fd = open_plain(path, os.O_WRONLY)
    try:
        os.ftruncate(fd, offset)
        os.fsync(fd)
    finally:
        os.close(fd)
    return aside


def set_aside_blocks(path: Path, size: int, intact_end: int, kept: list[Block],
                     aside: list[Block]) -> tuple[Path, list[int], int]:
    """Recover a save damaged in the middle and keep the play: the intact part,
    then the later blocks in `kept` (whole, as they were), make the save; the
    blocks in `aside` go to `<file>.damaged-<time>`.

    The copy is written and fsynced first; the save is then replaced at once
    (a new file renamed over it), so every byte exists somewhere at every
    moment. `size` is the file's size when it was read: a file that changed
    since is left alone. Returns the copy, the kept blocks' new offsets and
    the new end of the save."""
    try:
        if not kept:  # the damage is the tail: cut it off
            if os.lstat(path).st_size != size:
                raise SaveError(path, _problem("changed_while_recovering"))
            return set_aside(path, intact_end), [], intact_end
        data = _read_bytes(path)
        if len(data) != size:
            raise SaveError(path, _problem("changed_while_recovering"))
        aside_path = keep_aside(path, b"".join(data[b.start : b.stop] for b in aside))
        offsets, end, parts = [], intact_end, [data[:intact_end]]
        for block in kept:
            offsets.append(end)
            parts.append(data[block.start : block.stop])
            end += block.stop - block.start
        tmp = path.with_name(f".{path.name}.{os.getpid()}.recovering")
        write_temp(tmp, b"".join(parts))
        os.replace(tmp, path)
        fsync_dir(path.parent)
    except NotPlainFile as exc:
        raise SaveError(path, _plain_problem(exc)) from None
    except OSError as exc:
        raise SaveError(path, _problem("cannot_write", problem=_write_words(exc))) from None
    return aside_path, offsets, end

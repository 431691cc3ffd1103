"""The journal: a game saved as a person-readable TOML file, one
`[[action]]` block appended (and fsynced) per accepted action.

Appending is O(1): the file is never rewritten while playing. Undo truncates
the last block away. Reading is forgiving where it can be honest about it: a
damaged tail (bad TOML, a cut-off block, bytes that are not UTF-8) is
reported with the file, the action number and the line, and the intact
prefix can be recovered with the damaged part kept aside in another file.

Every problem is a voice-pack `Line` (`error.save.*`), so it reaches a player
in the table's language; an operating system's or a parser's own message
rides along as a plain value inside one. What a block and the setup part
hold, and the bounds a save must meet, are in `saveformat.py`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CompanionError, DamagedSaveError, SaveError, SavedButError
from .files import NotPlainFile, ShortWrite, fsync_dir, keep_aside, open_plain, write_temp
from .game import Line
from .lock import SaveLock
from .text import printable
from .saveformat import (MAX_ACTIONS, MAX_BLOCK_BYTES, MAX_SAVE_BYTES, MAX_SETUP_BYTES, BlockError, Entry,
                         Header, _fast_entry, _problem)

_BLOCK = re.compile(rb"(?m)^\[\[action\]\][ \t]*\r?$")
_HEAD = b"[[action]]"
BOM = b"\xef\xbb\xbf"  # a save opened and saved by Notepad starts with one

def _os_words(exc: OSError) -> str:
    """An operating system's own words for a failure (a plain value inside a Line)."""
    return exc.strerror or str(exc)


def _write_words(exc: OSError) -> "Line | str":
    return _problem("short_write") if isinstance(exc, ShortWrite) else _os_words(exc)


_ShortWrite = ShortWrite  # the disk took only part of a block


def _plain_problem(exc: NotPlainFile) -> Line:
    return _problem(exc.why)  # error.save.link, .not_a_file or .linked


@dataclass
class Damage:
    """Where a save stops being readable, and the bytes from there on.

    `problem` is a Line: `error.save.damaged_at` (the action, the line in the
    file and what is wrong there) or `error.save.not_replayable`."""

    problem: Line
    intact: int  # how many actions before the damage
    offset: int  # byte offset where the damaged part begins


@dataclass
class Block:
    """An `[[action]]` block from the damaged one on: where its bytes are, and
    what it holds (`entry`) or why it holds no action (`problem`)."""

    number: int  # its action number in the file (from 1)
    start: int  # byte offset of its bytes (the newline before `[[action]]` included)
    stop: int  # byte offset where the next block's bytes begin
    entry: Entry | None = None
    problem: Line | None = None


@dataclass
class ReadJournal:
    header: Header
    entries: list[Entry]
    offsets: list[int]  # byte offset of each entry's block
    end: int  # byte offset of the end of the intact part
    damage: Damage | None = None
    rest: list[Block] = field(default_factory=list)  # the damaged block and every block after it
    size: int = 0  # bytes in the file


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _size(n: int) -> str:
    """A size as a person reads it: 900 bytes, 64 KB, 8 MB."""
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n // 1024} KB"
    mb = n / (1024 * 1024)
    return f"{mb:.0f} MB" if mb >= 10 or mb == int(mb) else f"{mb:.1f} MB"


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, read only if it is a regular file within MAX_SAVE_BYTES
    (never a folder, a pipe or a device, which could hang or never end)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(path, _problem("no_file")) from None
    except OSError as exc:
        raise SaveError(path, _problem("unreadable", problem=_os_words(exc))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(path, _problem("not_a_file"))
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(path, _problem("too_big", size=_size(info.st_size), limit=_size(MAX_SAVE_BYTES)))
        chunks, total = [], 0
        while True:  # it may grow while we read: never past the bound
            chunk = os.read(fd, MAX_SAVE_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_SAVE_BYTES:
                raise SaveError(path, _problem("too_big", size=_size(total), limit=_size(MAX_SAVE_BYTES)))
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(path, _problem("unreadable", problem=_os_words(exc))) from None
    finally:
        os.close(fd)


def _toml(text: str) -> dict:
    """tomllib, with the ways hostile TOML fails that are not TOMLDecodeError
    (nesting past the recursion limit, a number of thousands of digits, memory)
    turned into one: ValueError."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except (ValueError, RecursionError, MemoryError) as exc:
        raise _TooComplex() from exc


class _TooComplex(ValueError):
    """TOML nested too deeply or holding a number too long to read."""


def _setup(path: Path, data: bytes, head_end: int) -> dict:
    if head_end > MAX_SETUP_BYTES:
        raise SaveError(path, _problem("setup_too_big", size=_size(head_end), limit=_size(MAX_SETUP_BYTES)))
    try:
        return _toml(data[:head_end].decode("utf-8-sig"))  # a BOM is no part of the text
    except UnicodeDecodeError:
        raise SaveError(path, _problem("setup_not_text")) from None
    except _TooComplex:
        raise SaveError(path, _problem("setup_too_complex")) from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(path, _problem("setup_not_toml", problem=printable(str(exc)))) from None


def _entry(chunk: bytes) -> Entry:
    """One block's action, or a BlockError saying why it holds none."""
    if len(chunk) > MAX_BLOCK_BYTES:
        raise BlockError(_problem("block.too_big", size=_size(len(chunk)), limit=_size(MAX_BLOCK_BYTES)))
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError:
        raise BlockError(_problem("block.not_text")) from None
    fast = _fast_entry(text)
    if fast is not None:
        return fast
    try:
        block = _toml(text)
    except _TooComplex:
        raise BlockError(_problem("block.too_complex")) from None
    except tomllib.TOMLDecodeError as exc:
        raise BlockError(_problem("block.not_toml", problem=printable(str(exc)))) from None
    actions = block.get("action")
    if not isinstance(actions, list) or len(actions) != 1 or set(block) != {"action"}:
        raise BlockError(_problem("block.not_single"))
    return Entry.from_toml(actions[0])


def read(path: Path | str) -> ReadJournal:
    """Read a save; report (not raise) damage after an intact setup part.

    Every block after the first damaged one is read too (`rest`), so that
    recovering can replay the later actions that are still whole."""
    path = Path(path)
    data = _read_bytes(path)
    starts = [m.start() for m in _BLOCK.finditer(data)]
    if len(starts) > MAX_ACTIONS:  # each block costs a parse: refused before any
        raise SaveError(path, _problem("too_many_actions", count=len(starts), limit=MAX_ACTIONS))
    head_end = starts[0] if starts else len(data)
    last = starts[-1] if starts else 0  # where the last part (a block, or the setup) begins
    torn = _torn_head(data, last, len(data), setup=not starts)
    if torn is not None and not starts:
        head_end = torn  # the first block's header line is torn: the setup part ends before it
    header = Header.from_toml(path, _setup(path, data, head_end))
    entries: list[Entry] = []
    offsets: list[int] = []
    rest: list[Block] = []
    damage: Damage | None = None
    # The newline before a block header belongs to that block's bytes.
    begins = [start - 1 if data[start - 1 : start] == b"\n" else start for start in starts] + [len(data)]
    bounds = starts + [len(data)]
    if torn is not None:  # the file ends inside the next block's `[[action]]` line: that block is torn
        blank = next((len(e) for e in (b"\r\n\r\n", b"\n\n") if data.endswith(e, last, torn)), 1) - 1
        begins.insert(-1, torn - blank)  # the blank line before it is its own; the line ending before that is not
        bounds.insert(-1, torn)
    for number, (start, stop) in enumerate(zip(bounds, bounds[1:]), 1):
        begin = begins[number - 1]
        if torn is not None and start == torn:
            entry, problem = None, _problem("block.torn")
        else:
            try:
                entry = _entry(data[start:stop])
                problem = None
            except BlockError as exc:
                entry, problem = None, exc.line
        if damage is None and entry is not None:
            entries.append(entry)
            offsets.append(begin)
            continue
        if damage is None:
            where = _problem("damaged_at", number=number, line=_line_of(data, start), problem=problem)
            damage = Damage(where, number - 1, begin)
        rest.append(Block(number, begin, begins[number], entry, problem))
    end = damage.offset if damage is not None else len(data)
    return ReadJournal(header, entries, offsets, end, damage, rest, len(data))


def _torn_head(data: bytes, start: int, stop: int, setup: bool = False) -> int | None:
    """Where a tail torn inside an `[[action]]` line begins, when the last part
    (`data[start:stop]`: a block, or the setup part when `setup`) is whole and
    followed by the first bytes of the next block's header and nothing else (a
    write cut off there); else None."""
    torn = data.rfind(b"\n", start, stop) + 1
    fragment = data[torn:stop]
    if torn <= start or not fragment or not _HEAD.startswith(fragment):
        return None
    try:
        if setup:
            _toml(data[start:torn].decode("utf-8-sig"))
        else:
            _entry(data[start:torn])
    except (BlockError, UnicodeDecodeError, ValueError):
        return None  # the part before it is damaged too: that is where the damage starts
    return torn


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

    def _failed_write(self, exc: OSError, blocks: list[bytes], length: int) -> None:
        """Leave no half batch behind: cut back to where we were; then say what the file holds."""
        problem = _write_words(exc)
        try:
            os.ftruncate(self._fd, self.end)
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


def damaged(path: Path, damage: Damage, kept: int = 0) -> DamagedSaveError:
    """The error for a damaged save; `kept`: how many later actions recovering
    would replay after the intact ones."""
    if kept:
        line = _problem("damaged_keeps", where=damage.problem, intact=damage.intact, kept=kept)
    else:
        line = _problem("damaged", where=damage.problem, intact=damage.intact)
    return DamagedSaveError(path, line, damage.intact)


def peek_lang(path: Path | str) -> str | None:
    """The language a save says it is in, read from its setup part alone, so
    that a save that cannot be opened is still reported in its table's
    language; None when even that cannot be read."""
    from .language import available_languages

    try:
        data = _read_bytes(Path(path))
        first = _BLOCK.search(data)
        head_end = first.start() if first else (_torn_head(data, 0, len(data), setup=True) or len(data))
        if head_end > MAX_SETUP_BYTES:
            return None
        head = _toml(data[:head_end].decode("utf-8-sig"))
    except (CompanionError, UnicodeDecodeError, ValueError):
        return None
    lang = head.get("lang")
    return lang if isinstance(lang, str) and lang in available_languages() else None

"""The journal: a game saved as a person-readable TOML file, one
`[[action]]` block appended (and fsynced) per accepted action.

Appending is O(1): the file is never rewritten while playing. Undo truncates
the last block away. Reading is forgiving where it can be honest about it: a
damaged tail (bad TOML, a cut-off block, bytes that are not UTF-8) is
reported with the file, the action number and the line, and the intact
prefix can be recovered with the damaged part kept aside in another file.
This is the reading side; writing (appending, undo, recovery) is in
`journalfile.py`.

Every problem is a voice-pack `Line` (`error.save.*`), so it reaches a player
in the table's language; an operating system's or a parser's own message
rides along as a plain value inside one. What a block and the setup part
hold, and the bounds a save must meet, are in `saveformat.py`.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CompanionError, DamagedSaveError, SaveError
from .files import fsync_dir  # noqa: F401 - where callers have always found it
from .game import Line
from .text import printable
from .saveformat import (MAX_ACTIONS, MAX_BLOCK_BYTES, MAX_SAVE_BYTES, MAX_SETUP_BYTES, BlockError, Entry,
                         Header, _fast_entry, _problem)

_BLOCK = re.compile(rb"(?m)^\[\[action\]\][ \t]*\r?$")
_HEAD = b"[[action]]"

def _os_words(exc: OSError) -> str:
    """An operating system's own words for a failure (a plain value inside a Line)."""
    return exc.strerror or str(exc)


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
    followed by the first bytes of the next block's header and nothing but
    blanks (a write cut off there); else None."""
    end = len(data[:stop].rstrip())  # blanks after the torn bytes are no action either
    torn = data.rfind(b"\n", start, end) + 1
    fragment = data[torn:end]
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

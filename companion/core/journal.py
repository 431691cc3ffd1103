"""The journal: a game saved as a person-readable TOML file, one
`[[action]]` block appended (and fsynced) per accepted action.

Appending is O(1): the file is never rewritten while playing. Undo truncates
the last block away. Reading is forgiving where it can be honest about it: a
damaged tail (bad TOML, a cut-off block, bytes that are not UTF-8) is
reported with the file, the action number and the line, and the intact
prefix can be recovered with the damaged part kept aside in another file.

Every problem is a voice-pack `Line` (`error.save.*`), so it reaches a player
in the table's language; an operating system's or a parser's own message
rides along as a plain value inside one.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .dice import Draw
from .errors import CompanionError, DamagedSaveError, SaveError
from .game import Line
from .language import render

FORMAT = 1
_BLOCK = re.compile(rb"(?m)^\[\[action\]\][ \t]*\r?$")

# The exact shape `Entry.to_block` writes, for a fast path past tomllib (which
# is most of the cost of loading a long game). Strings allow only the escapes
# that JSON and TOML share, so json.loads reads them as TOML would; anything
# else (a hand edit, damage) goes through tomllib.
_STR = r'"(?:[^"\\\x00-\x1f\x7f]|\\[btnfr"\\]|\\u[0-9A-Fa-f]{4})*"'
_VAL = rf"(?:-?(?:0|[1-9][0-9]*)|{_STR})"
_DRAW = rf"\{{ kind = ({_STR}), what = ({_STR}), values = \[((?:{_VAL}(?:, {_VAL})*)?)\], source = ({_STR}) \}}"
_FAST = re.compile(
    rf"\[\[action\]\]\ndo = ({_STR})\n(?:at = ({_STR})\n)?(?:draws = \[({_DRAW}(?:, {_DRAW})*)\]\n)?\n?"
)
_FAST_DRAW = re.compile(_DRAW)
_FAST_VAL = re.compile(_VAL)


def _fast_entry(text: str) -> "Entry | None":
    match = _FAST.fullmatch(text)
    if match is None:
        return None
    draws = [
        Draw(json.loads(kind), json.loads(what), tuple(json.loads(v) for v in _FAST_VAL.findall(values)),
             json.loads(source))
        for kind, what, values, source in _FAST_DRAW.findall(match.group(3) or "")
    ]
    return Entry(json.loads(match.group(1)), draws, json.loads(match.group(2)) if match.group(2) else "")


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def toml_value(value: Any) -> str:
    """One value as inline TOML (strings, ints, floats, bools, lists, tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        # JSON strings are TOML basic strings once DEL is escaped too.
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value).__name__)  # a programming error: saves hold only TOML values


def toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)


def _problem(line_id: str, **values: Any) -> Line:
    return Line(f"error.save.{line_id}", values)


def _os_words(exc: OSError) -> str:
    """An operating system's own words for a failure (a plain value inside a Line)."""
    return exc.strerror or str(exc)


class BlockError(CompanionError, ValueError):
    """An `[[action]]` block that does not hold one readable action."""


class _ShortWrite(OSError):
    """The disk took only part of a block."""


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _comment(text: str) -> str:
    """One TOML comment line (no control characters, which comments may not hold)."""
    return "# " + _CONTROL.sub(" ", text)


@dataclass
class Entry:
    """One accepted action: its notation and the chance it drew."""

    notation: str
    draws: list[Draw] = field(default_factory=list)
    at: str = ""

    def to_block(self) -> bytes:
        lines = ["", "[[action]]", f"do = {toml_value(self.notation)}"]
        if self.at:
            lines.append(f"at = {toml_value(self.at)}")
        if self.draws:
            lines.append(f"draws = {toml_value([d.to_toml() for d in self.draws])}")
        return ("\n".join(lines) + "\n").encode("utf-8")

    @classmethod
    def from_toml(cls, data: Any) -> "Entry":
        if not isinstance(data, dict) or not isinstance(data.get("do"), str):
            raise BlockError(_problem("block.no_do"))
        draws = data.get("draws", [])
        if not isinstance(draws, list):
            raise BlockError(_problem("block.draws_not_list"))
        try:
            parsed = [Draw.from_toml(d) for d in draws]
        except (KeyError, TypeError, AttributeError) as exc:
            raise BlockError(_problem("block.draw_incomplete", problem=str(exc))) from None
        return cls(data["do"], parsed, str(data.get("at", "")))


@dataclass
class Header:
    """What a save starts with: the game, its players and options, the seed."""

    game: str
    players: list[str]
    options: dict[str, Any]
    seed: int
    lang: str = "es"
    created: str = ""
    format: int = FORMAT

    def to_bytes(self, title: str) -> bytes:
        """The setup part; its comments are in the save's language (`title` is
        the game's title where the pack has none)."""
        title_id = f"game.{self.game}.title"
        said = render(Line(title_id), self.lang)
        game = title if said == title_id else said
        lines = [
            _comment(render(Line("save.comment.title", {"game": game}), self.lang)),
            _comment(render(Line("save.comment.layout"), self.lang)),
            _comment(render(Line("save.comment.commands"), self.lang)),
            f"format = {self.format}",
            f"game = {toml_value(self.game)}",
            f"created = {toml_value(self.created or now())}",
            f"seed = {self.seed}",
            f"lang = {toml_value(self.lang)}",
            f"players = {toml_value(self.players)}",
            "",
            "[options]",
            *(f"{toml_key(k)} = {toml_value(v)}" for k, v in self.options.items()),
        ]
        return ("\n".join(lines) + "\n").encode("utf-8")

    @classmethod
    def from_toml(cls, path: Path, data: dict) -> "Header":
        fmt = data.get("format")
        if not isinstance(fmt, int):
            raise SaveError(path, _problem("not_a_save"))
        if fmt > FORMAT:
            raise SaveError(path, _problem("newer", format=fmt, supported=FORMAT))
        game, players, seed = data.get("game"), data.get("players"), data.get("seed")
        if not isinstance(game, str):
            raise SaveError(path, _problem("no_game"))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise SaveError(path, _problem("players"))
        if not isinstance(seed, int):
            raise SaveError(path, _problem("seed"))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise SaveError(path, _problem("options"))
        return cls(game, players, options, seed, str(data.get("lang", "es")), str(data.get("created", "")), fmt)


@dataclass
class Damage:
    """Where a save stops being readable, and the bytes from there on.

    `problem` is a Line: `error.save.damaged_at` (the action, the line in the
    file and what is wrong there) or `error.save.not_replayable`."""

    problem: Line
    intact: int  # how many actions before the damage
    offset: int  # byte offset where the damaged part begins


@dataclass
class ReadJournal:
    header: Header
    entries: list[Entry]
    offsets: list[int]  # byte offset of each entry's block
    end: int  # byte offset of the end of the intact part
    damage: Damage | None = None


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def read(path: Path | str) -> ReadJournal:
    """Read a save; report (not raise) a damaged tail after an intact header."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, _problem("no_file")) from None
    except OSError as exc:
        raise SaveError(path, _problem("unreadable", problem=_os_words(exc))) from None
    starts = [m.start() for m in _BLOCK.finditer(data)]
    head_end = starts[0] if starts else len(data)
    try:
        head = tomllib.loads(data[:head_end].decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(path, _problem("setup_not_text")) from None
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(path, _problem("setup_not_toml", problem=str(exc))) from None
    header = Header.from_toml(path, head)
    entries: list[Entry] = []
    offsets: list[int] = []
    bounds = starts + [len(data)]
    for number, (start, stop) in enumerate(zip(bounds, bounds[1:]), 1):
        chunk = data[start:stop]
        # The newline before the next block header belongs to this block's text.
        begin = start - 1 if start and data[start - 1 : start] == b"\n" else start
        try:
            text = chunk.decode("utf-8")
            fast = _fast_entry(text)
            if fast is not None:
                entries.append(fast)
                offsets.append(begin)
                continue
            block = tomllib.loads(text)
            actions = block.get("action")
            if not isinstance(actions, list) or len(actions) != 1 or set(block) != {"action"}:
                raise BlockError(_problem("block.not_single"))
            entry = Entry.from_toml(actions[0])
        except UnicodeDecodeError:
            problem: Any = _problem("block.not_text")
        except tomllib.TOMLDecodeError as exc:
            problem = _problem("block.not_toml", problem=str(exc))
        except ValueError as exc:
            problem = exc.line if isinstance(exc, BlockError) else str(exc)
        else:
            entries.append(entry)
            offsets.append(begin)
            continue
        where = _problem("damaged_at", number=number, line=_line_of(data, start), problem=problem)
        return ReadJournal(header, entries, offsets, begin, Damage(where, number - 1, begin))
    return ReadJournal(header, entries, offsets, len(data))


def _open_append(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))


class JournalFile:
    """An open save that grows by one fsynced block per action."""

    def __init__(self, path: Path, offsets: list[int], end: int) -> None:
        self.path = path
        self.offsets = list(offsets)
        self.end = end
        try:
            self._fd = _open_append(path)
        except OSError as exc:
            raise SaveError(path, _problem("cannot_open", problem=_os_words(exc))) from None

    @classmethod
    def create(cls, path: Path | str, header: Header, title: str, overwrite: bool = False) -> "JournalFile":
        """Write a new save (mode 0600) atomically: the file appears complete or not at all."""
        path = Path(path)
        if path.exists() and not overwrite:
            raise SaveError(path, _problem("exists"))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        data = header.to_bytes(title)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
            try:
                os.write(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, path)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise SaveError(path, _problem("cannot_write", problem=_os_words(exc))) from None
        return cls(path, [], len(data))

    def append(self, entry: Entry) -> None:
        block = entry.to_block()
        try:
            written = os.write(self._fd, block)
            if written != len(block):
                raise _ShortWrite()
            os.fsync(self._fd)
        except OSError as exc:
            # Leave no half block behind: cut back to where we were.
            try:
                os.ftruncate(self._fd, self.end)
            except OSError:
                pass
            problem = _problem("short_write") if isinstance(exc, _ShortWrite) else _os_words(exc)
            raise SaveError(self.path, _problem("not_saved", problem=problem)) from None
        self.offsets.append(self.end)
        self.end += len(block)

    def drop_last(self) -> None:
        """Undo: cut the last action's block off the file."""
        if not self.offsets:
            return
        cut = self.offsets.pop()
        try:
            os.ftruncate(self._fd, cut)
            os.fsync(self._fd)
        except OSError as exc:
            self.offsets.append(cut)
            raise SaveError(self.path, _problem("undo_not_saved", problem=_os_words(exc))) from None
        self.end = cut

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def set_aside(path: Path, offset: int) -> Path:
    """Copy the damaged tail to `<file>.damaged-<time>` and cut it off the save.

    The copy is written and fsynced before the save is truncated, so the
    damaged bytes exist somewhere at every moment.
    """
    data = path.read_bytes()
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        os.write(fd, data[offset:])
        os.fsync(fd)
    finally:
        os.close(fd)
    with open(path, "r+b") as handle:
        handle.truncate(offset)
        os.fsync(handle.fileno())
    return aside


def damaged(path: Path, damage: Damage) -> DamagedSaveError:
    return DamagedSaveError(path, _problem("damaged", where=damage.problem, intact=damage.intact), damage.intact)


def peek_lang(path: Path | str) -> str | None:
    """The language a save says it is in, read from its setup part alone, so
    that a save that cannot be opened is still reported in its table's
    language; None when even that cannot be read."""
    from .language import available_languages

    try:
        data = Path(path).read_bytes()
        first = _BLOCK.search(data)
        head = tomllib.loads(data[: first.start() if first else len(data)].decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    lang = head.get("lang")
    return lang if isinstance(lang, str) and lang in available_languages() else None

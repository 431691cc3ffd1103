"""Kaijupoly boards as data: the shipped printings (`boards/*.toml`, by name),
the user's own (`.toml` files in the user boards folder, by name), a board
file anywhere (by path), and the compact form a save keeps.

The option `board` is one of those. A file is read once, when the game is
set up, and the option then holds the board itself in its compact form (one
line of JSON), so a save replays without the file and a later edit of the
file never changes a game in play. A shipped board is kept by name.

A board file is checked whole (the header of `boards/madrid.toml` says what
it holds); anything else is refused with the file, the line where one can be
found, and the reason, in the table's language. Names are text from a file:
their control characters are dropped, and no input, however hostile (huge
numbers, nesting, wrong types, thousands of squares), raises anything but a
SetupError.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, NamedTuple

from companion.core.errors import SetupError
from companion.core.game import Line, Option
from companion.core.notation import fold, shown
from companion.core.text import plain, printable

from .board import KINDS, SERVICES, SQUARES, Board, Square

FOLDER = Path(__file__).resolve().parent / "boards"
DEFAULT = "madrid"
LINE = "kaijupoly.board"
MAX_BYTES = 64 * 1024  # a board is under 8 KiB; a bigger file is not one
MAX_NUMBER = 1_000_000  # no amount on a board comes near it
MAX_NAME = 40  # characters of a square's name or a board's id
MAX_SHORT = 8  # characters of a square's short name: a cell of the ring
MAX_TITLE = 60
MAX_CURRENCY = 4
MAX_GROUP = 20
MIN_CITIES = 2
STATION_RENTS = 4  # rent by stations held: 1 to 4
UTILITY_MULTIPLIERS = 2  # × the dice by utilities held: 1 or 2
LIMIT = {"station": STATION_RENTS, "utility": UTILITY_MULTIPLIERS}  # squares of a service kind

BOARD_KEYS = ("title", "currency", "start_money", "go_salary", "jail_fine", "station_rents",
              "utility_multipliers", "square")
MONEY = ("start_money", "go_salary", "jail_fine")
SQUARE_KEYS = ("position", "kind", "name", "short", "group", "price", "house", "hotel", "rent", "mortgage", "tax")
# The values each kind holds, in the compact form's order; `mortgage` may be left out (half the price).
VALUES = {"city": ("group", "price", "house", "hotel", "rent", "mortgage"),
          "station": ("price", "mortgage"), "utility": ("price", "mortgage"), "tax": ("tax",)}
OPTIONAL = ("mortgage",)

Where = Callable[[int | None, str | None], int | None]


class Problem(Exception):
    """What is wrong with a board: a reason (a Line) and the line of the file, if known."""

    def __init__(self, reason: str | Line, line: int | None = None, **values: Any) -> None:
        super().__init__(reason)
        self.reason = reason if isinstance(reason, Line) else Line(f"{LINE}.{reason}", values)
        self.line = line


@lru_cache(maxsize=1)
def shipped() -> tuple[str, ...]:
    """The boards shipped with the game, by name (the files in `boards/`)."""
    return tuple(sorted(p.stem for p in FOLDER.glob("*.toml")))


def user_folder() -> Path:
    """Where a user's own boards live: $COMPANION_BOARDS, else the user data folder's `boards`."""
    env = os.environ.get("COMPANION_BOARDS")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion")) / "boards"


def user_files() -> list[Path]:
    """The `.toml` files of the user boards folder, by name (none when it does not exist)."""
    try:
        return sorted(user_folder().glob("*.toml"), key=lambda p: p.name)
    except OSError:
        return []


# -- building and checking a board ---------------------------------------------------


def build(data: dict[str, Any], board_id: str, where: Where = lambda index, key: None) -> Board:
    """A checked board from a file's data (as tomllib reads it); `where(index, key)` finds
    the line of the file a key is on (`index`: which square, None for the board's own)."""
    for key in data:
        if key not in BOARD_KEYS:
            raise Problem("unknown_key", where(None, str(key)), key=shown(str(key), 20),
                          known=", ".join(BOARD_KEYS))
    title = _text(data, "title", MAX_TITLE, where)
    currency = _text(data, "currency", MAX_CURRENCY, where)
    money = {key: _number(data, key, where) for key in MONEY}
    rents = _numbers(data, "station_rents", STATION_RENTS, where)
    multipliers = _numbers(data, "utility_multipliers", UTILITY_MULTIPLIERS, where)
    entries = data.get("square")
    if not isinstance(entries, list) or not entries:
        raise Problem("no_squares", where(None, "square"))
    if len(entries) != SQUARES:
        raise Problem("count", where(None, "square"), count=len(entries), need=SQUARES)
    squares: dict[int, Square] = {}
    index_of: dict[int, int] = {}
    for index, entry in enumerate(entries):
        square = _square(entry, index, where)
        if square.position in squares:
            raise Problem(Line(f"{LINE}.square", {"position": square.position,
                                                  "reason": Line(f"{LINE}.position_twice")}),
                          where(index, "position"))
        squares[square.position] = square
        index_of[square.position] = index
    ordered = tuple(squares[p] for p in range(SQUARES))  # 40 entries, none twice: every position once
    _check_layout(ordered, lambda position, key=None: where(index_of[position], key))
    return Board(board_id, title, currency, money["start_money"], money["go_salary"], money["jail_fine"],
                 rents, multipliers, ordered)


def _check_layout(squares: tuple[Square, ...], where: Callable[..., int | None]) -> None:
    """What the whole board needs: GO first and once, one jail, enough cities, no more services
    than their rents count."""
    if squares[0].kind != "go":
        raise Problem("go_first", where(0, "kind"), kind=_kind(squares[0].kind))
    for square in squares[1:]:
        if square.kind == "go":
            raise Problem("go_twice", where(square.position, "kind"), position=square.position)
    jails = [s.position for s in squares if s.kind == "jail"]
    if not jails:
        sent = [s.position for s in squares if s.kind == "go-to-jail"]
        if sent:
            raise Problem("go_to_jail_no_jail", where(sent[0], "kind"), position=sent[0])
        raise Problem("no_jail")
    if len(jails) > 1:
        raise Problem("jails", where(jails[1], "kind"), count=len(jails), positions=", ".join(map(str, jails)))
    cities = sum(1 for s in squares if s.kind == "city")
    if cities < MIN_CITIES:
        raise Problem("few_cities", count=cities, need=MIN_CITIES)
    for kind in SERVICES:
        found = [s.position for s in squares if s.kind == kind]
        if len(found) > LIMIT[kind]:
            raise Problem("too_many", where(found[LIMIT[kind]], "kind"), kind=_kind(kind), count=len(found),
                          limit=LIMIT[kind])


def _square(entry: Any, index: int, where: Where) -> Square:
    """One `[[square]]` table, checked; a problem names the square (by position once known)."""
    at: Where = lambda _index, key: where(index, key)  # noqa: E731
    position: int | None = None
    try:
        if not isinstance(entry, dict):
            raise Problem("not_square", where(index, None))
        position = _number(entry, "position", at, high=SQUARES - 1)
        for key in entry:
            if key not in SQUARE_KEYS:
                raise Problem("unknown_key", at(index, str(key)), key=shown(str(key), 20),
                              known=", ".join(SQUARE_KEYS))
        kind = entry.get("kind")
        if "kind" not in entry:
            raise Problem("missing", at(index, "kind"), field="kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise Problem("kind", at(index, "kind"), kind=shown(str(kind), 20), kinds=", ".join(KINDS))
        name = _text(entry, "name", MAX_NAME, at)
        short = _text(entry, "short", MAX_SHORT, at, empty_ok=True) or name[:MAX_SHORT].rstrip()
        holds = VALUES.get(kind, ())
        for key in SQUARE_KEYS[4:]:
            if key in entry and key not in holds:
                raise Problem("not_for_kind", at(index, key), field=key, kind=_kind(kind))
        values: dict[str, Any] = {}
        for key in holds:
            if key in OPTIONAL and key not in entry:
                continue
            values[key] = (_group(entry, at) if key == "group" else _number(entry, key, at))
        if "price" in values:
            values.setdefault("mortgage", values["price"] // 2)
            if values["mortgage"] > values["price"]:
                raise Problem("mortgage", at(index, "mortgage"), mortgage=values["mortgage"], price=values["price"])
        return Square(position, kind, name, short, **values)
    except Problem as problem:
        wrapper = (Line(f"{LINE}.square", {"position": position, "reason": problem.reason}) if position is not None
                   else Line(f"{LINE}.entry", {"index": index + 1, "reason": problem.reason}))
        raise Problem(wrapper, problem.line) from None


def _kind(kind: str) -> Line:
    return Line(f"{LINE}.kind.{kind}")


def _clean(text: str) -> str:
    """Text from a file as a name keeps it: no control characters, single spaces."""
    return " ".join(plain(text).split())


def _text(data: dict, key: str, limit: int, where: Where, empty_ok: bool = False) -> str:
    if key not in data:
        if empty_ok:
            return ""
        raise Problem("missing", where(None, key), field=key)
    value = data[key]
    if not isinstance(value, str):
        raise Problem("text", where(None, key), field=key)
    text = _clean(value[: 8 * limit + 64])  # a huge string costs no more than a long one
    if not text and not empty_ok:
        raise Problem("empty", where(None, key), field=key)
    if len(text) > limit:
        raise Problem("too_long", where(None, key), field=key, limit=limit, text=shown(text, limit + 8))
    return text


def _group(data: dict, where: Where) -> str:
    return _text(data, "group", MAX_GROUP, where).lower()


def _number(data: dict, key: str, where: Where, high: int = MAX_NUMBER) -> int:
    if key not in data:
        raise Problem("missing", where(None, key), field=key)
    value = data[key]
    if type(value) is not int or not 0 <= value <= high:  # a bool, a float, a huge number: refused alike
        raise Problem("number", where(None, key), field=key, low=0, high=high)
    return value


def _numbers(data: dict, key: str, count: int, where: Where) -> tuple[int, ...]:
    if key not in data:
        raise Problem("missing", where(None, key), field=key)
    value = data[key]
    if (not isinstance(value, list) or len(value) != count
            or not all(type(v) is int and 0 <= v <= MAX_NUMBER for v in value)):
        raise Problem("numbers", where(None, key), field=key, count=count, low=0, high=MAX_NUMBER)
    return tuple(value)


# -- the compact form a save keeps ---------------------------------------------------


def compact(board: Board) -> str:
    """The form a save keeps: one line of JSON, each square `[kind, name, short, values...]`
    in position order, its values those VALUES names for its kind."""
    squares = [[s.kind, s.name, s.short, *(getattr(s, key) for key in VALUES.get(s.kind, ()))]
               for s in board.squares]
    data = {"id": board.id, "title": board.title, "currency": board.currency,
            "money": [board.start_money, board.go_salary, board.jail_fine],
            "station_rents": list(board.station_rents), "utility_multipliers": list(board.utility_multipliers),
            "squares": squares}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


COMPACT_KEYS = ("id", "title", "currency", "money", "station_rents", "utility_multipliers", "squares")


def from_compact(text: str) -> Board:
    """A board from its compact form, checked as a file is."""
    if len(text) > MAX_BYTES:
        raise Problem("too_big", limit=MAX_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Problem("not_compact") from None
    if not isinstance(data, dict) or sorted(data) != sorted(COMPACT_KEYS):
        raise Problem("not_compact")
    money, squares = data["money"], data["squares"]
    if not isinstance(money, list) or len(money) != len(MONEY) or not isinstance(squares, list):
        raise Problem("not_compact")
    if len(squares) != SQUARES:
        raise Problem("count", count=len(squares), need=SQUARES)
    entries = []
    for position, row in enumerate(squares):
        kind = row[0] if isinstance(row, list) and row else None
        holds = VALUES.get(kind, ()) if isinstance(kind, str) else ()
        if not isinstance(row, list) or len(row) != 3 + len(holds):
            raise Problem("not_compact")
        entries.append({"position": position, "kind": kind, "name": row[1], "short": row[2],
                        **dict(zip(holds, row[3:]))})
    board_id = data["id"]
    if not isinstance(board_id, str) or not _clean(board_id) or len(board_id) > MAX_NAME:
        raise Problem("not_compact")
    fields = {key: data[key] for key in ("title", "currency", "station_rents", "utility_multipliers")}
    return build({**fields, **dict(zip(MONEY, money)), "square": entries}, _clean(board_id))


# -- reading a file ------------------------------------------------------------------


def read(path: Path) -> Board:
    """A board file, checked; a SetupError names the file, the line and the reason."""
    path = Path(path)
    try:
        regular = stat.S_ISREG(path.stat().st_mode)  # not a folder, nor a pipe (reading one would block)
        if regular:
            with path.open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        problem = getattr(exc, "strerror", None) or str(exc)
        raise _refused(path, Problem("unreadable", problem=shown(problem, 80))) from None
    if not regular:
        raise _refused(path, Problem("not_file"))
    if len(raw) > MAX_BYTES:
        raise _refused(path, Problem("too_big", limit=MAX_BYTES))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refused(path, Problem("not_utf8")) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        raise _refused(path, Problem("not_toml", int(found.group(1)) if found else None)) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, arrays nested thousands deep
        raise _refused(path, Problem("not_toml")) from None
    lines = text.splitlines()
    try:
        return build(data, _id_of(path), lambda index, key: _where(lines, index, key))
    except Problem as problem:
        raise _refused(path, problem) from None


def _id_of(path: Path) -> str:
    """A file's board id: its stem, as a refusal would quote it (control characters written out)."""
    return shown(path.stem, MAX_NAME) or "-"


def _refused(path: Path, problem: Problem) -> SetupError:
    values = {"path": printable(str(path)), "reason": problem.reason}
    if problem.line is None:
        return SetupError(Line(f"{LINE}.refused", values))
    return SetupError(Line(f"{LINE}.refused_at", {**values, "line": problem.line}))


_SQUARE_HEADER = re.compile(r"^\s*\[\[\s*[\"']?square[\"']?\s*\]\]")
_TABLE_HEADER = re.compile(r"^\s*\[")


def _line_of(lines: list[str], key: str, start: int = 0, end: int | None = None) -> int | None:
    """The first line (from 1) in [start, end) that sets `key` (`key =`, `"key" =`) or opens `[key]`
    or `[[key]]`."""
    pattern = re.compile(rf'^\s*(?:\[\[?\s*{re.escape(key)}\s*\]|["\']?{re.escape(key)}["\']?\s*=)')
    for n in range(start, len(lines) if end is None else end):
        if pattern.match(lines[n]):
            return n + 1
    return None


def _where(lines: list[str], index: int | None, key: str | None) -> int | None:
    """The line of a board key (`index` None), or of square number `index` (its `[[square]]`
    header, or its line in an inline `square = [...]` list) and of its `key` within it."""
    if index is None:
        return _line_of(lines, key) if key else None
    headers = [n for n, text in enumerate(lines) if _SQUARE_HEADER.match(text)]
    if headers:
        if index >= len(headers):
            return None
        start = headers[index]
        end = next((n for n in range(start + 1, len(lines)) if _TABLE_HEADER.match(lines[n])), len(lines))
        return (_line_of(lines, key, start + 1, end) if key else None) or start + 1
    first = _line_of(lines, "square")
    if first is None:
        return None
    tables = [n for n in range(first - 1, len(lines)) if "{" in lines[n]]  # one inline table a line
    return tables[index] + 1 if index < len(tables) else first


# -- by name, and the option ---------------------------------------------------------


@lru_cache(maxsize=16)
def _shipped(name: str) -> Board:
    return read(FOLDER / f"{name}.toml")


@lru_cache(maxsize=64)
def _from_compact(text: str) -> Board:
    try:
        return from_compact(text)
    except Problem as problem:
        raise SetupError(Line(f"{LINE}.refused_saved", {"reason": problem.reason})) from None


def user_file(name: str) -> Path | None:
    """The user board a name stands for: its file's name or stem, as typed or folded."""
    if not name or "/" in name or os.sep in name:
        return None
    files = user_files()
    for match in (lambda p: name in (p.name, p.stem), lambda p: fold(name) in (fold(p.name), fold(p.stem))):
        for path in files:
            if match(path):
                return path
    return None


def board_of(value: str) -> Board:
    """The board an option value names: a shipped name, a user board's name, or the compact
    form (as `BoardOption.coerce` leaves it). Shipped and compact boards are read once; a
    user board's file is read each time (it may have been edited)."""
    if value in shipped():
        return _shipped(value)
    if value.lstrip().startswith("{"):
        return _from_compact(value)
    path = user_file(value)
    if path is None:
        raise _unknown(value)
    return read(path)


def default_board() -> Board:
    return _shipped(DEFAULT)


def _unknown(name: Any) -> SetupError:
    mine = [p.stem for p in user_files()]
    return SetupError(Line(f"{LINE}.unknown", {"name": shown(str(name), 40),
                                               "boards": ", ".join([*shipped(), *mine]),
                                               "folder": printable(str(user_folder()))}))


def _is_path(text: str) -> bool:
    return text.lower().endswith(".toml") or "/" in text or os.sep in text or text.startswith("~")


def _path(text: str) -> Path:
    try:
        return Path(text).expanduser()
    except RuntimeError:  # `~nobody`: no such user's home
        return Path(text)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, a NUL
        return False


class BoardOption(Option):
    """`board`: a shipped name (kept as it is), or a user board's name, a board file's path or
    the compact form (kept in compact form, so a save replays without the file). A path keeps
    its case: no folding."""

    def coerce(self, raw: Any) -> str:
        text = raw.strip() if isinstance(raw, str) else ""
        if not text:
            raise _unknown(raw)
        if fold(text) in shipped():
            _shipped(fold(text))  # a broken shipped file is refused now, not in play
            return fold(text)
        if text.startswith("{"):
            return compact(_from_compact(text))
        path = _path(text)
        mine = user_file(text)
        if mine is not None and not (_is_path(text) and _exists(path)):
            return compact(read(mine))
        if _is_path(text) or _exists(path):
            return compact(read(path))
        raise _unknown(text)

    def offered(self) -> tuple[str, ...]:
        """The boards a form lists: shipped then the user's, those that load (a path is typed, on the CLI)."""
        return tuple(dict.fromkeys(listed.name for listed in available() if not isinstance(listed.board, SetupError)))

    def shown(self, value: Any) -> Any:
        """A shipped board by its name; a board kept whole by its title, not its 2 KB."""
        if isinstance(value, str) and value.startswith("{"):
            try:
                return board_of(value).title
            except SetupError:
                return value[:40]
        return value


class Listed(NamedTuple):
    """A board as `companion boards` lists it: its name, its file (None: shipped), and the board
    or the refusal of its file."""

    name: str
    path: Path | None
    board: Board | SetupError


def available() -> list[Listed]:
    """Every board, shipped then the user's (by the name the option takes), each with its
    refusal instead when it cannot be used: one bad file never hides the others."""
    found: list[Listed] = []
    for name in shipped():
        try:
            found.append(Listed(name, None, _shipped(name)))
        except SetupError as exc:
            found.append(Listed(name, None, exc))
    for path in user_files():
        try:
            found.append(Listed(path.stem, path, read(path)))
        except SetupError as exc:
            found.append(Listed(path.stem, path, exc))
    return found

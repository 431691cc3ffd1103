"""Castles as data: the shipped printings (`castles/*.toml`, by name), a
castle file anywhere (by path), and the short form a save keeps.

The option `castle` is a shipped name (`nestorgames`, the default), or a
path to a `.toml` file. A file is read once, when the game is set up, and
the option then holds the castle itself in its short form, so a save
replays without the file:

    BRrBR/YMYMY/RBRBy/BMYMR/YRbBY r:up y:right b:down

(rows from the top, `/` between rows; R Y B carpets, M mirrors, r y b the
portals; then where each portal opens at the start).

A castle must have: 5 rows of 5 rooms; only the letters R, Y, B, M and the
portals P:R, P:Y, P:B; exactly one portal of each colour; at least 6 rooms
of each carpet colour (the 6 ghosts of that colour must fit at placement);
and for each portal an opening (up, right, down, left) that faces the outer
wall, as the rule text sets the portals at the start. Anything else is
refused with the file, the line where there is one, and the reason, in the
table's language.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.core.errors import SetupError
from companion.core.game import Line, Option
from companion.core.notation import fold, shown
from companion.core.text import printable

from .board import COLOURS, FACINGS, GHOSTS_PER_COLOUR, SIZE, TOWARD, Castle
from .notation import COLOUR_OF, NAME

FOLDER = Path(__file__).resolve().parent / "castles"
DEFAULT = "nestorgames"
MAX_BYTES = 64 * 1024  # a castle is a few hundred bytes; a bigger file is not one
NEED = 2 * GHOSTS_PER_COLOUR  # rooms of each colour the placement needs

FACING_OF = {w: n for n, words in enumerate((
    ("up", "arriba", "gora", "goian"),
    ("right", "derecha", "eskuin", "eskuina", "eskuinera"),
    ("down", "abajo", "behera", "behean"),
    ("left", "izquierda", "ezker", "ezkerra", "ezkerrera"),
)) for w in words}
CELL_KIND = {"r": "R", "y": "Y", "b": "B", "m": "M"}
SHORT = re.compile(r"^[RYBMryb]{5}(?:/[RYBMryb]{5}){4}(?: [ryb]:(?:up|right|down|left)){3}$")


class Problem(Exception):
    """What is wrong with a castle: a reason (a Line) and the line of the file, if known."""

    def __init__(self, reason: str, line: int | None = None, **values: Any) -> None:
        super().__init__(reason)
        self.reason = Line(f"{NAME}.castle.{reason}", values)
        self.line = line


@lru_cache(maxsize=1)
def shipped() -> tuple[str, ...]:
    """The castles shipped with the game, by name (the files in `castles/`)."""
    return tuple(sorted(p.stem for p in FOLDER.glob("*.toml")))


# -- building and checking a castle ------------------------------------------------


def build(rows: list[Any], openings: Any, where: Any = lambda key, index=None: None) -> Castle:
    """A checked castle from the rows (`B R P:R B R`) and the openings ({colour: facing});
    `where(key, index)` finds the line of the file a row or an opening is on."""
    if not isinstance(rows, list) or len(rows) != SIZE:
        raise Problem("rows_count", where("rows"), count=len(rows) if isinstance(rows, list) else 0)
    kinds: list[str] = []
    portal: dict[str, int] = {}
    for r, text in enumerate(rows):
        if not isinstance(text, str):
            raise Problem("row_not_text", where("rows"), row=r + 1)
        cells = text.split()
        if len(cells) != SIZE:
            raise Problem("row_size", where("rows", r), row=r + 1, count=len(cells))
        for c, token in enumerate(cells):
            kind = _kind(token)
            if kind is None:
                raise Problem("unknown_room", where("rows", r), row=r + 1, column="abcde"[c],
                              room=shown(token, 12))
            if kind.startswith("P"):
                colour = kind[1]
                if colour in portal:
                    raise Problem("portal_twice", where("rows", r), colour=_colour(colour))
                portal[colour] = len(kinds)
                kind = "P"
            kinds.append(kind)
    for colour in COLOURS:
        if colour not in portal:
            raise Problem("portal_missing", where("rows"), colour=_colour(colour))
        count = kinds.count(colour)
        if count < NEED:
            raise Problem("too_few", where("rows"), colour=_colour(colour, "_f"), count=count, need=NEED)
    if not isinstance(openings, dict):
        raise Problem("no_openings", where("openings"))
    opening: dict[str, int] = {}
    for key, value in openings.items():
        colour = COLOUR_OF.get(fold(str(key)))
        if colour is None or colour in opening:
            raise Problem("opening_key", where("openings", key), key=shown(str(key), 12))
        facing = FACING_OF.get(fold(value)) if isinstance(value, str) else None
        if facing is None:
            raise Problem("bad_facing", where("openings", key), colour=_colour(colour),
                          value=shown(str(value), 12))
        if TOWARD[portal[colour]][facing] is not None:
            raise Problem("facing_inward", where("openings", key), colour=_colour(colour),
                          facing=Line(f"{NAME}.facing.{facing}"))
        opening[colour] = facing
    for colour in COLOURS:
        if colour not in opening:
            raise Problem("opening_missing", where("openings"), colour=_colour(colour))
    return Castle("".join(kinds), portal, opening)


def _kind(token: str) -> str | None:
    word = token.lower()
    if word in CELL_KIND:
        return CELL_KIND[word]
    if len(word) == 3 and word[:2] == "p:" and word[2] in CELL_KIND and word[2] != "m":
        return "P" + CELL_KIND[word[2]]
    return None


def _colour(colour: str, form: str = "") -> Line:
    return Line(f"{NAME}.colour{form}.{colour}")


def short(castle: Castle) -> str:
    """The form a save keeps: `BRrBR/YMYMY/RBRBy/BMYMR/YRbBY r:up y:right b:down`."""
    letters = [castle.portal_at(c).lower() if k == "P" else k for c, k in enumerate(castle.kinds)]  # type: ignore
    rows = "/".join("".join(letters[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))
    return rows + "".join(f" {c.lower()}:{FACINGS[castle.opening[c]]}" for c in COLOURS)


def from_short(text: str) -> Castle:
    rows, *openings = text.split(" ")
    cells = [f"P:{x}" if x.islower() else x for x in rows.replace("/", "")]
    return build([" ".join(cells[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE)],
                 dict(o.split(":") for o in openings))


# -- reading a file ------------------------------------------------------------------


def read(path: Path) -> Castle:
    """A castle file, checked; a SetupError names the file, the line and the reason."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise _refused(path, Problem("too_big", limit=MAX_BYTES))
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise _refused(path, Problem("unreadable", problem=printable(exc.strerror or str(exc)))) from None
    except UnicodeDecodeError:
        raise _refused(path, Problem("not_text")) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = re.search(r"line (\d+)", str(exc))
        raise _refused(path, Problem("not_toml", int(found.group(1)) if found else None)) from None
    lines = text.splitlines()
    try:
        for key in data:
            if key not in ("rows", "openings", "title"):
                raise Problem("unknown_key", _line_of(lines, key), key=shown(key, 20))
        if "rows" not in data:
            raise Problem("no_rows")
        return build(data["rows"], data.get("openings"), lambda key, index=None: _where(lines, key, index))
    except Problem as problem:
        raise _refused(path, problem) from None


def _refused(path: Path, problem: Problem) -> SetupError:
    values = {"path": printable(str(path)), "reason": problem.reason}
    if problem.line is None:
        return SetupError(Line(f"{NAME}.castle.refused", values))
    return SetupError(Line(f"{NAME}.castle.refused_at", {**values, "line": problem.line}))


def _line_of(lines: list[str], key: str, after: int = 0) -> int | None:
    """The first line (from 1) after `after` that sets `key` (`key =`, `"key" =`) or opens `[key]`."""
    pattern = re.compile(rf'^\s*(?:\[\s*{re.escape(key)}\s*\]|["\']?{re.escape(key)}["\']?\s*=)')
    for n in range(after, len(lines)):
        if pattern.match(lines[n]):
            return n + 1
    return None


def _where(lines: list[str], key: str, index: Any = None) -> int | None:
    """The line of `rows` (or of its row `index`), of `[openings]` (or of its key `index`)."""
    start = _line_of(lines, key)
    if start is None or index is None:
        return start
    if key == "openings":
        return _line_of(lines, str(index), start) or start
    strings = 0  # the rows' strings, one by one from the `rows =` line
    for n in range(start - 1, len(lines)):
        for _ in re.findall(r'"[^"]*"|\'[^\']*\'', lines[n].split("=", 1)[-1] if n == start - 1 else lines[n]):
            if strings == index:
                return n + 1
            strings += 1
    return start


# -- the option ----------------------------------------------------------------------


@lru_cache(maxsize=16)
def _shipped(name: str) -> Castle:
    return read(FOLDER / f"{name}.toml")


@lru_cache(maxsize=64)
def _from_short(text: str) -> Castle:
    try:
        return from_short(text)
    except Problem as problem:
        raise SetupError(Line(f"{NAME}.castle.refused_short", {"text": shown(text), "reason": problem.reason}))


def castle_of(value: str) -> Castle:
    """The castle an option value names (as `CastleOption.coerce` leaves it)."""
    if value in shipped():
        return _shipped(value)
    return _from_short(value)


class CastleOption(Option):
    """`castle`: a shipped name, a castle file's path (kept as its short form), or the
    short form itself (as a save holds it). Paths keep their case: no folding."""

    def coerce(self, raw: Any) -> str:
        if not isinstance(raw, str) or not raw.strip():
            raise SetupError(Line(f"{NAME}.castle.unknown", {"name": shown(str(raw), 40),
                                                             "shipped": ", ".join(shipped())}))
        text = raw.strip()
        if fold(text) in shipped():
            _shipped(fold(text))  # a broken shipped file is refused now, not in play
            return fold(text)
        if SHORT.match(text):
            return short(_from_short(text))
        path = Path(text).expanduser()
        if text.lower().endswith(".toml") or path.exists():
            return short(read(path))
        raise SetupError(Line(f"{NAME}.castle.unknown", {"name": shown(text, 40), "shipped": ", ".join(shipped())}))


def default_castle() -> Castle:
    return _shipped(DEFAULT)


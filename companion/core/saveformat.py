"""The save format: what a journal's setup part and each `[[action]]` block
hold, how they are written, and the bounds and schema a save must meet
before anything in it is believed (a hostile or damaged file is refused
with a Line naming what is wrong, never a crash).

`companion.core.journal` reads and writes files of this format.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from .dice import Draw, parse_dice
from .errors import CompanionError, SaveError
from .game import Line
from .language import render
from .notation import MAX_TEXT, shown
from .text import MAX_NAME, has_control, printable

FORMAT = 1
# Bounds on what a save may hold, checked before anything is parsed. Measured:
# an action takes 80-110 bytes (a 2,000-action Halloween or Gauekos journal is
# 160-220 KB), the longest block seen is under 1 KB (a 12-seat Gauekos deal),
# a setup part under 500 bytes. Each bound is 20x or more above that.
MAX_SAVE_BYTES = 8 * 1024 * 1024  # the whole file: ~40x a 2,000-action game
MAX_SETUP_BYTES = 64 * 1024  # the part before the first action
MAX_BLOCK_BYTES = 64 * 1024  # one [[action]] block
MAX_DRAWS = 256  # rolls and draws recorded by one action (a 28-seat deal is 28)
MAX_ACTIONS = 50_000  # [[action]] blocks in a save: 25x a 2,000-action game
MAX_PLAYERS = 99  # names in a save (no game seats more)
MAX_WORD = 40  # characters of a deck's name, a card, an option's key
MAX_OPTION_TEXT = 8 * 1024  # characters of an option's text value (a Kaijupoly board kept whole: ~2 KB)
SEED_DIGITS = 20  # a seed is a whole number of at most this many digits (2**64 has 20)
HEADER_KEYS = frozenset({"format", "game", "created", "seed", "lang", "players", "options"})

# The exact shape `Entry.to_block` writes, for a fast path past tomllib (which
# is most of the cost of loading a long game). Strings allow only the escapes
# that JSON and TOML share, so json.loads reads them as TOML would; anything
# else (a hand edit, damage) goes through tomllib.
_STR = r'"(?:[^"\\\x00-\x1f\x7f]|\\[btnfr"\\]|\\u[0-9A-Fa-f]{4})*"'
_VAL = rf"(?:-?(?:0|[1-9][0-9]{{0,8}})|{_STR})"  # a longer number goes the slow, checked way
_DRAW = rf"\{{ kind = ({_STR}), what = ({_STR}), values = \[((?:{_VAL}(?:, {_VAL})*)?)\], source = ({_STR}) \}}"
_FAST = re.compile(
    rf"\[\[action\]\]\ndo = ({_STR})\n(?:at = ({_STR})\n)?(?:draws = \[({_DRAW}(?:, {_DRAW})*)\]\n)?\n?"
)
_FAST_DRAW = re.compile(_DRAW)
_FAST_VAL = re.compile(_VAL)


def _fast_str(token: str) -> str:
    """A string `_STR` matched: without a backslash it is its inner text (what json.loads returns)."""
    return token[1:-1] if "\\" not in token else json.loads(token)


def _fast_val(token: str) -> Any:
    return _fast_str(token) if token[0] == '"' else int(token)  # `_VAL`'s numbers read as json.loads does


_FAST_DRAWS: dict[tuple[str, str, str, str], Draw] = {}  # one block's draw text -> its Draw (frozen)
_FAST_DRAWS_MAX = 4096


def _fast_draw(kind: str, what: str, values: str, source: str) -> Draw:
    key = (kind, what, values, source)
    draw = _FAST_DRAWS.get(key)
    if draw is None:
        draw = Draw(_fast_str(kind), _fast_str(what), tuple(_fast_val(v) for v in _FAST_VAL.findall(values)),
                    _fast_str(source))
        if len(_FAST_DRAWS) < _FAST_DRAWS_MAX:
            _FAST_DRAWS[key] = draw
    return draw


def _fast_entry(text: str) -> "Entry | None":
    match = _FAST.fullmatch(text)
    if match is None:
        return None
    found = match.group(3)
    draws = [_fast_draw(*parts) for parts in _FAST_DRAW.findall(found)] if found else []
    at = match.group(2)
    return _checked(Entry(_fast_str(match.group(1)), draws, _fast_str(at) if at else ""))


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


class BlockError(CompanionError, ValueError):
    """An `[[action]]` block that does not hold one readable action."""


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _comment(text: str) -> str:
    """One TOML comment line (no control characters, which comments may not hold)."""
    return "# " + _CONTROL.sub(" ", text)


@dataclass(slots=True)
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
        other = sorted(set(data) - {"do", "at", "draws"})
        if other:
            raise BlockError(_problem("block.other_key", key=_quoted(other[0])))
        draws = data.get("draws", [])
        if not isinstance(draws, list):
            raise BlockError(_problem("block.draws_not_list"))
        if len(draws) > MAX_DRAWS:
            raise BlockError(_problem("block.too_many_draws", count=len(draws), limit=MAX_DRAWS))
        parsed = []
        for draw in draws:
            if not isinstance(draw, dict):
                raise BlockError(_problem("block.draw_incomplete", problem=_quoted(draw)))
            missing = [key for key in ("kind", "what", "values") if key not in draw]
            if missing:
                raise BlockError(_problem("block.draw_incomplete", problem=missing[0]))
            other = sorted(set(draw) - {"kind", "what", "values", "source"})
            if other:
                raise BlockError(_problem("block.other_key", key=_quoted(other[0])))
            values = draw["values"]
            parsed.append(Draw(draw["kind"], draw["what"], tuple(values) if isinstance(values, list) else values,
                               draw.get("source", "app")))
        at = data.get("at", "")
        return _checked(cls(data["do"], parsed, at))


def _quoted(value: Any, limit: int = 20) -> str:
    """A value from a file as a message quotes it: short, one line, no control characters."""
    try:
        text = value if isinstance(value, str) else toml_value(value)
    except TypeError:
        text = str(value)
    return printable(shown(text, limit))


_SOURCES = ("app", "table")


@lru_cache(maxsize=64)
def _dice(what: str) -> Any:
    """`parse_dice`, once per dice spec a journal names (a DiceSpec is frozen)."""
    return parse_dice(what)


def _checked(entry: Entry) -> Entry:
    """An action block holds what companion writes and nothing else: a short
    action (its words are the game's to judge, on replay), a time, and rolls
    (whole numbers on the dice named) or draws (one short card name) from the
    app or the table."""
    notation = entry.notation
    if not notation.strip() or len(notation) > MAX_TEXT:
        raise BlockError(_problem("block.do", limit=MAX_TEXT))
    if not isinstance(entry.at, str) or len(entry.at) > MAX_WORD or has_control(entry.at):
        raise BlockError(_problem("block.at"))
    for draw in entry.draws:
        if draw.source not in _SOURCES:
            raise BlockError(_problem("block.draw_source", source=_quoted(draw.source)))
        if not isinstance(draw.what, str) or not draw.what or len(draw.what) > MAX_WORD or has_control(draw.what):
            raise BlockError(_problem("block.draw_what", what=_quoted(draw.what)))
        values = draw.values
        if draw.kind == "roll":
            try:
                spec = _dice(draw.what)
            except CompanionError:
                raise BlockError(_problem("block.draw_what", what=_quoted(draw.what))) from None
            if not (isinstance(values, tuple) and len(values) == spec.count
                    and all(type(v) is int and 1 <= v <= spec.sides for v in values)):
                raise BlockError(_problem("block.roll_values", dice=str(spec), count=spec.count,
                                          sides=spec.sides, values=_quoted(list(values) if isinstance(values, tuple)
                                                                           else values, 40)))
        elif draw.kind == "draw":
            if not (isinstance(values, tuple) and len(values) == 1 and isinstance(values[0], str)
                    and values[0] and len(values[0]) <= MAX_WORD and not has_control(values[0])):
                raise BlockError(_problem("block.draw_card", values=_quoted(
                    list(values) if isinstance(values, tuple) else values, 40), limit=MAX_WORD))
        else:
            raise BlockError(_problem("block.draw_kind", kind=_quoted(draw.kind)))
    return entry


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
        """The setup part, checked field by field: a save format we know, a game
        we know, 1 to MAX_PLAYERS short plain names, a seed of at most
        SEED_DIGITS digits, a language we have, options that are plain values.
        Nothing in it is ever used as a path."""
        from .language import available_languages
        from .registry import entry_for

        def refuse(line_id: str, **values: Any) -> SaveError:
            return SaveError(path, _problem(line_id, **values))

        if "format" not in data:
            raise refuse("not_a_save")
        unknown = sorted(set(data) - HEADER_KEYS)
        if unknown:  # a misspelt key (one flipped bit) must not silently become a default
            raise refuse("unknown_key", key=_quoted(unknown[0]), keys=", ".join(sorted(HEADER_KEYS)))
        fmt = data["format"]
        if type(fmt) is not int or fmt < 1:
            raise refuse("format", value=_quoted(fmt))
        if fmt > FORMAT:
            raise refuse("newer", format=fmt, supported=FORMAT)
        game, players, seed = data.get("game"), data.get("players"), data.get("seed")
        if not isinstance(game, str) or not game.strip():
            raise refuse("no_game")
        try:
            entry_for(game)
        except CompanionError as exc:
            raise refuse("unknown_game", problem=exc.line) from None
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise refuse("players")
        if not 1 <= len(players) <= MAX_PLAYERS:
            raise refuse("player_count", count=len(players), high=MAX_PLAYERS)
        for seat, name in enumerate(players, 1):
            if not name.strip():
                raise refuse("player_name", seat=seat, problem=_problem("name.empty"))
            if len(name) > MAX_NAME:
                raise refuse("player_name", seat=seat, problem=_problem("name.too_long", limit=MAX_NAME))
            if has_control(name):
                raise refuse("player_name", seat=seat, problem=_problem("name.control"))
        if type(seed) is not int:
            raise refuse("seed")
        if abs(seed) >= 10**SEED_DIGITS:
            raise refuse("seed_range", digits=SEED_DIGITS)
        lang = data.get("lang", "es")
        if not isinstance(lang, str) or lang not in available_languages():
            raise refuse("lang", lang=_quoted(lang), langs=", ".join(available_languages()))
        created = data.get("created", "")
        if not isinstance(created, str) or len(created) > MAX_WORD or has_control(created):
            raise refuse("created")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise refuse("options")
        for key, value in options.items():
            plain_value = (isinstance(value, (bool, float)) or type(value) is int and abs(value) < 10**9
                           or isinstance(value, str) and len(value) <= MAX_OPTION_TEXT and not has_control(value))
            if len(key) > MAX_WORD or has_control(key) or not plain_value:
                raise refuse("option_value", option=_quoted(key))
        return cls(game, players, options, seed, lang, created, fmt)

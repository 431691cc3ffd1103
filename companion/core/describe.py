"""A game's state in words: what `companion show` prints, as Lines of the voice packs.

`Game.describe(state, private)` turns a state dict (the public one, or with
`private` the private one: the caller passes only what it may show) into Lines.
The default here (`generic`) labels each key (`state.<game>.<key>`) and shows
its value plainly; a game that registers its own describer says each value in
the table's words. Pure: no rendering, no screen, no speech.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from .language import template
from .lines import Line

NONE = "-"


def yes_no(value: bool) -> Line:
    return Line("cli.yes" if value else "cli.no")


def join(items: Iterable[Any], empty: Any = NONE, sep: str = "comma") -> Any:
    """Items (text or Lines) joined with the packs' comma (or `sep`: "semicolon"); `empty`
    when there are none."""
    items = list(items)
    if not items:
        return empty
    result = items[0]
    for item in items[1:]:
        result = Line(f"describe.{sep}", {"a": result, "b": item})
    return result


def pair(label: Any, value: Any) -> Line:
    """`Label: value`."""
    return Line("describe.pair", {"label": label, "value": NONE if value is None else value})


def label(game: str, key: str) -> Any:
    """A state key's words (`state.<game>.<key>`), the key itself where the packs have none."""
    line_id = f"state.{game}.{key}"
    return Line(line_id) if template(line_id, "en") != line_id else key


def plain(value: Any) -> Any:
    """A value shown as it is: yes/no, lists and tables joined (the kit's default)."""
    if isinstance(value, bool):
        return yes_no(value)
    if value is None:
        return NONE
    if isinstance(value, Line):
        return value
    if isinstance(value, Mapping):
        return join(Line("describe.item", {"key": k, "value": plain(v)}) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return join(plain(v) for v in value)
    return str(value)


class Describer:
    """One game's words for its describer: `line("round", ...)` is the pack line
    `<game>.describe.round`, `pair(key, value)` a state key's label and its value, `counts`
    a table of numbers by whom (`<game>.describe.count`)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def line(self, key: str, **values: Any) -> Line:
        return Line(f"{self.game}.describe.{key}", values)

    def pair(self, key: str, value: Any) -> Line:
        return pair(label(self.game, key), value)

    def counts(self, table: Mapping[str, Any], who: str = "player", key: Any = None) -> Any:
        """`Ana 3, Bea 1`: each entry by the `count` line (`who` names its placeholder)."""
        return join(self.line("count", **{who: key(k) if key else k, "n": NONE if n is None else n})
                    for k, n in table.items())


def generic(game: str, state: Mapping[str, Any]) -> list[Line]:
    """Every key labelled, every value plain: for a game with no describer of its own."""
    return [pair(label(game, key), plain(value)) for key, value in state.items()]

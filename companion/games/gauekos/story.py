"""The story of the game, night by night, for the end screen.

Entries are kept in the game state as plain data (line id and values) so the
state stays JSON-able; values under keys ending in `card` or `role` are role
keys, turned into the role's line when the story is told.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.core.game import Line

from .roles import role_line


def entry(line_id: str, **values: Any) -> dict[str, Any]:
    return {"id": line_id, "values": values}


def as_line(item: Mapping[str, Any]) -> Line:
    values = {k: (role_line(v) if k.endswith(("card", "role")) else v) for k, v in item["values"].items()}
    return Line(item["id"], values)


def tell(entries: Iterable[Mapping[str, Any]]) -> list[Line]:
    return [as_line(e) for e in entries]


def joined(lines: list[Line]) -> Line:
    """Several lines as one `a, b, c` line that renders in any language."""
    if not lines:
        return Line("gauekos.list.none")
    if len(lines) == 1:
        return lines[0]
    return Line("gauekos.list", {"first": lines[0], "rest": joined(lines[1:])})


def chain(names: list[str], line_id: str) -> Line | str:
    """Names joined by the word of `line_id` ("{first} or {rest}"), in any language."""
    if len(names) <= 1:
        return names[0] if names else ""
    return Line(line_id, {"first": names[0], "rest": chain(names[1:], line_id)})

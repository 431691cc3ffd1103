"""The observation: what a game looks like now as plain data (ids and numbers), for
scripts (`companion show --json`) and the table page, which draws it.

A game states it once, in `Game.observe(private)` (its own package's observe.py): the
public observation holds only what the whole table may see; `private=True` adds the
secrets under `"private"`. Players are named once (`players`) and everything else
speaks of seats (0-based indexes into `players`), so a page says names, never seat
numbers. A `Line` inside becomes `{"line": id, "values": {...}}`: its words come from the
voice packs in the table's language, where it is drawn.

`observation(session)` wraps a game's observation with what the session knows: the game,
the format number, the public prompt, the outcome, and the lines the table was told (the
public events of each action, or what a secret action was told as: never notation).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

from .lines import Line, Notation

if TYPE_CHECKING:
    from .public import PublicView
    from .session import Session

FORMAT = 1  # bumped whenever a key changes meaning or goes; new keys may come without it


def jsonable(value: Any) -> Any:
    """`value` as JSON data: Lines as `{"line", "values"}`, tuples and sets as lists,
    mapping keys as strings; anything else unknown as its text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Line):
        return {"line": value.id, "values": {str(k): jsonable(v) for k, v in value.values.items()}}
    if isinstance(value, Notation):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(v) for v in value), key=str)
    return str(value)


def seat_of(players: list[str], name: Any) -> int | None:
    """The seat (0-based) of a player named in a state, None for nobody."""
    try:
        return players.index(name)
    except ValueError:
        return None


def told(view: "PublicView") -> list[dict[str, Any]]:
    """The lines the table was told, oldest first: one entry per public log entry, with its
    public events' lines; a secret action adds the line the table was told instead of it.
    A public action's notation is not shown (its events say it in words)."""
    entries = []
    for number, item in enumerate(view.log, 1):
        lines = [jsonable(item.said)] if item.secret and isinstance(item.said, Line) else []
        lines += [jsonable(line) for line in item.events]
        entries.append({"n": number, "secret": item.secret, "lines": lines})
    return entries


def observation(session: "Session", private: bool = False) -> dict[str, Any]:
    """The whole observation of a session: format, game, the game's own observation, the
    prompt (public unless `private`), the outcome and the lines the table was told."""
    view = session.public_view()
    game = session.game
    prompt = game.expects() if private else view.prompt
    outcome = view.outcome
    return {
        "format": FORMAT,
        "game": session.header.game,
        "players": list(game.players),
        "actions": len(view.log),
        "now": jsonable(prompt.title),
        "who": seat_of(list(game.players), prompt.who),
        "outcome": None if outcome is None else {
            "termination": outcome.termination,
            "winners": [seat_of(list(game.players), w) for w in outcome.winners],
            "line": jsonable(outcome.line)},
        "observed": game.observe(private),
        "told": told(view),
    }

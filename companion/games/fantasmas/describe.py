"""18 fantasmas' state in the table's words (`companion show`): whose turn, each ghost by
colour and room, the portals, the ghosts out, in the dungeon and to place. Nothing is
secret in this game. Pure: Lines only."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import NONE, Describer, join, label, pair
from companion.core.lines import Line

from .say import colour, facing

G = "18-fantasmas"


D = Describer(G)
_l = D.line


def _ghost(text: str) -> Line:
    c, _, room = text.partition(" ")  # "b c3": its colour and its room
    return _l("ghost", colour=colour(c.upper()), room=room)


def _portal(c: str, where: str) -> Line:
    from .rules import ARROWS  # "c1 ↓": the portal's room and the way it faces
    room, _, arrow = where.partition(" ")
    facing_ = facing(ARROWS.index(arrow)) if arrow and arrow in ARROWS else NONE
    return _l("portal", colour=colour(c.upper()), room=room, facing=facing_)


def _per_player(table: Mapping[str, Mapping[str, int]]) -> Any:
    return join((_l("player", player=p, what=join(_l("count", colour=colour(c.upper()), n=n) for c, n in counts.items()))
                 for p, counts in table.items()), sep="semicolon")


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """The game's `describe` (companion/core/describe.py): the public state (no private one)."""
    if private:
        return []
    lines = [_l("turn", player=state["turn"]) if state["turn"] else _l("no_turn")]
    lines.append(pair(label(G, "ghosts"), join((_l("player", player=p, what=join(map(_ghost, g), _l("none")))
                                                for p, g in state["ghosts"].items()), sep="semicolon")))
    lines.append(pair(label(G, "portals"), join((_portal(c, w) for c, w in state["portals"].items()), sep="semicolon")))
    for key in ("escaped", "dungeon"):
        lines.append(pair(label(G, key), _per_player(state[key])))
    if any(n for counts in state["to_place"].values() for n in counts.values()):
        lines.append(pair(label(G, "to_place"), _per_player(state["to_place"])))
    if state["released"]:
        lines.append(pair(label(G, "released"), colour(state["released"].upper())))
    return lines

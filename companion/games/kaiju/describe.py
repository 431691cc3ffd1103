"""Kaijupoly's and Rey de los Monstruos' state in the table's words (`companion show`):
the round and whose turn, then each key labelled, its value already in words (squares
by name, deeds as Lines) and an empty list said as "nobody". Nothing is secret in
either game. Pure: Lines only."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import join, label, pair, plain
from companion.core.lines import Line

from .notation import KING, NAME


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """Kaijupoly's `describe` (companion/core/describe.py): the public state (no private one)."""
    return _lines(NAME, state, private)


def describe_king(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """Rey de los Monstruos' `describe`: its own labels, the same words."""
    return _lines(KING, state, private)


def _lines(game: str, state: Mapping[str, Any], private: bool) -> list[Line]:
    if private:
        return []
    lines = [Line(f"{NAME}.describe.round", {"round": state["round"], "player": state["turn"]}) if state["turn"]
             else Line(f"{NAME}.describe.round_only", {"round": state["round"]})]
    for key, value in state.items():
        if key in ("players", "round", "turn"):
            continue
        if key == "cities" and isinstance(value, Mapping):  # Rey: each kaiju's ruins
            value = join((Line(f"{NAME}.describe.player", {"player": p, "what": join(c)}) for p, c in value.items()),
                         sep="semicolon")
        elif key == "where" and isinstance(value, Mapping):
            value = join(Line(f"{NAME}.describe.where", {"player": p, "square": sq}) for p, sq in value.items())
        elif key == "deeds" and isinstance(value, Mapping):
            value = join((Line(f"{NAME}.describe.deed", {"square": sq, "what": what}) for sq, what in value.items()),
                         sep="semicolon")
        else:
            value = plain(value)
        lines.append(pair(label(game, key), value))
    return lines

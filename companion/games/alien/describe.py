"""Alien 1979's state in the table's words (`companion show`): whose turn, where the Alien
and each survivor are, the codes entered and the cards drawn (by name: "Rey de oros");
with `private`, the hands and the face-down codes. Pure: Lines only."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import NONE, Describer, join, label, pair, yes_no
from companion.core.lines import Line

from .say import card, cards, names, sector

G = "alien-1979"


D = Describer(G)
_l = D.line


def _counts(table: Mapping[str, Any], key=lambda k: k) -> Any:
    return D.counts(table, who="who", key=key)


def _cards(codes) -> Any:
    return join((card(c) if c != "?" else _l("unknown") for c in codes), Line(f"{G}.none"))


def public_lines(s: Mapping[str, Any]) -> list[Line]:
    lines = []
    if s["turn"]:
        lines.append(_l("turn", player=s["turn"]) if s["actions_left"] is None
                     else _l("turn_actions", player=s["turn"], n=s["actions_left"]))
    lines.append(pair(label(G, "alien"), sector(s["alien"]) if s["alien"] else NONE))
    lines.append(pair(label(G, "where"), join(_l("where", player=p, sector=sector(w)) for p, w in s["where"].items())))
    lines.append(pair(label(G, "markers"), _counts(s["markers"])))
    lines.append(pair(label(G, "weapons"), names(s["weapons"])))
    lines.append(pair(label(G, "protected"), names(s["protected"])))
    lines.append(pair(label(G, "hands"), _counts(s["hands"])))
    if s["dead"]:
        lines.append(pair(label(G, "dead"), names(s["dead"])))
    lines.append(pair(label(G, "face_down"), _counts(s["face_down"], sector)))
    if s["entered"]:
        lines.append(pair(label(G, "entered"), cards(s["entered"])))
        lines.append(pair(label(G, "entered_by"), s["entered_by"] or NONE))
    lines.append(pair(label(G, "mad"), yes_no(s["mad"])))
    if s["countdown"] is not None:
        lines.append(pair(label(G, "countdown"), s["countdown"]))
    if s["aboard"]:
        lines.append(pair(label(G, "aboard"), names(s["aboard"])))
    lines.append(pair(label(G, "capacity"), s["capacity"]))
    lines.append(pair(label(G, "drawn"), _cards(s["drawn"])))
    lines.append(pair(label(G, "deck"), s["deck"]))
    lines.append(pair(label(G, "reshuffles"), s["reshuffles"]))
    if s["saved"] is not None:
        lines.append(pair(label(G, "saved"), names(s["saved"])))
    return lines


def private_lines(s: Mapping[str, Any]) -> list[Line]:
    return [pair(label(G, "hands"), join((_l("hand", who=p, cards=_cards(h)) for p, h in s["hands"].items()),
                                        sep="semicolon")),
            pair(label(G, "codes_down"), join((_l("hand", who=sector(k), cards=_cards(v))
                                               for k, v in s["codes_down"].items()), sep="semicolon")),
            pair(label(G, "unseen"), _cards(s["unseen"]))]


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """The game's `describe` (companion/core/describe.py): the public state, or the private one."""
    return private_lines(state) if private else public_lines(state)

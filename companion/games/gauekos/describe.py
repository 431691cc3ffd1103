"""Gauekos' state in the table's words (`companion show`): night or day and the vote under
way, who lives, the dead's cards, the deck; with `private`, the cards, the lovers, the
spells and tonight's doings. Pure: Lines only (role and call keys become their lines)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import NONE, Describer, join
from companion.core.lines import Line

from .night import call_name
from .roles import role_line
from .story import as_line

G = "gauekos"


D = Describer(G)
_l, _pair, _counts = D.line, D.pair, D.counts


def _cards(table: Mapping[str, Any]) -> Any:
    return join(_l("card", player=p, card=role_line(c) if c else NONE) for p, c in table.items())


def _vote(vote: Mapping[str, Any]) -> Line:
    stage = vote["stage"]
    if stage == "runoff" and vote.get("candidates"):
        return _l("stage.runoff_between", a=vote["candidates"][0], b=vote["candidates"][-1])
    if stage in ("tiebreak", "tied"):
        return _l(f"stage.{stage}", players=join(vote.get("tied", ())))
    return _l(f"stage.{stage}") if stage in ("first", "runoff", "candidates") else _l("stage.other")


def _header(state: Mapping[str, Any]) -> Line:
    phase, vote = state["phase"], state["vote"]
    if phase == "night":
        return _l("night", night=state["night"])
    if phase == "day":
        return _l("day_vote", day=state["day"], vote=_vote(vote)) if vote else _l("day", day=state["day"])
    if phase in ("setup", "prep", "dusk", "over"):
        return _l(phase, night=state["night"], day=state["day"])
    return _l("day", day=state["day"])


def public_lines(state: Mapping[str, Any]) -> list[Line]:
    lines = [_header(state), _pair("alive", join(state["alive"]))]
    if state["dead"]:
        lines.append(_pair("dead", _cards(state["dead"])))
    if state["mayor"]:
        lines.append(_pair("mayor", state["mayor"]))
    lines.append(_pair("deck", join(_l("deck", role=role_line(r), n=n) for r, n in state["deck"].items())))
    if state["call"]:
        lines.append(_l("call", call=call_name(state["call"])))
    if state["countdown"]:
        lines.append(_l("countdown", seconds=state["countdown"]))
    if state["day_timer"]:
        lines.append(_l("day_timer", seconds=state["day_timer"]))
    if state["pending"]:
        kind = state["pending"]["kind"]
        lines.append(_l(f"pending.{kind}" if kind in ("grief", "shot", "successor") else "pending.other",
                        player=state["pending"]["player"]))
    vote = state["vote"] or {}
    if vote.get("tally"):
        lines.append(_l("tally", tally=_counts(vote["tally"])))
    if vote.get("proposals"):
        lines.append(_l("proposals", pairs=join(join(p) if len(p) < 2 else Line(f"{G}.choice.runoff", {"a": p[0], "b": p[1]})
                                                for p in vote["proposals"])))
    for done in state["votes"]:
        lines.append(_l("vote_done", day=done["day"], round=_l(f"round.{done['round']}")
                        if done["round"] in ("first", "runoff") else NONE, tally=_counts(done.get("tally") or {})))
    if "cards" in state:
        lines.append(_pair("cards", _cards(state["cards"])))
    for item in state.get("story", ()):
        lines.append(as_line(item))
    return lines


def _tonight(t: Mapping[str, Any]) -> Any:
    parts = []
    if t.get("victim"):
        parts.append(_l("tonight.victim", player=t["victim"], cause=_l(f"cause.{t['cause']}")
                        if t.get("cause") in ("gauekos", "caught") else NONE))
    if t.get("saved"):
        parts.append(_l("tonight.saved"))
    if t.get("death"):
        parts.append(_l("tonight.death", player=t["death"]))
    if t.get("inspected"):
        parts.append(_l("tonight.inspected", player=t["inspected"]))
    return join(parts, _l("tonight.nothing"))


def private_lines(state: Mapping[str, Any]) -> list[Line]:
    lines = [_pair("cards", _cards(state["cards"])), _pair("roles", _cards(state["roles"]))]
    if state["leftovers"]:
        lines.append(_pair("leftovers", join(role_line(r) for r in state["leftovers"])))
    lines.append(_pair("lovers", join(state["lovers"])))
    for spell in ("life_spell", "death_spell"):
        lines.append(_pair(spell, _l("spell.used" if state[spell] == "used" else "spell.unused")))
    info = state["call_info"]
    if info:
        lines.append(_l("call_info", call=call_name(info["call"]), players=join(info.get("holders") or ())))
        if info.get("phantom"):
            lines.append(_l("phantom"))
    lines.append(_pair("tonight", _tonight(state["tonight"] or {})))
    lines.extend(as_line(item) for item in state["story"])
    return lines


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """The game's `describe` (companion/core/describe.py): the public state, or the private one."""
    return private_lines(state) if private else public_lines(state)

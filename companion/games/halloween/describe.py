"""La noche de Halloween's state in the table's words (`companion show`): the round and
whose turn, the pot, each colour and child as the table sees them; with `private`, the
candies, secret children, hands and the score table. Pure: Lines only."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.describe import NONE, Describer, join, label, pair
from companion.core.lines import Line

G = "halloween"


D = Describer(G)
_l, _pair, _counts = D.line, D.pair, D.counts


def _child(view: Mapping[str, Any]) -> Line:
    if not view["in_play"]:
        return _l("child.home", child=view["name"], player=view["sent_home_by"] or NONE)
    marks = []
    if view["moved"]:
        marks.append(_l("mark.moved"))
    if view["frozen"]:
        marks.append(_l("mark.frozen", player=view["frozen"]["by"], turns=view["frozen"]["turns"]))
    if view["rip_cooldown"]:
        marks.append(_l("mark.cooldown", player=view["rip_cooldown"]))
    return _l("child.marked", child=view["name"], marks=join(marks)) if marks else view["name"]


def _header(state: Mapping[str, Any]) -> Line:
    phase = state["phase"]
    if phase == "setup":
        return _l("setup")
    if phase == "play":
        return _l("round", round=state["round"], rounds=state["rounds"], holder=state["turn_card"] or NONE,
                  player=state["turn"] or NONE)
    return _l("final" if phase == "final" else "over", round=state["round"], rounds=state["rounds"])


def _knock(k: Mapping[str, Any]) -> Line:
    kind = _l(f"kind.{k['kind']}") if k["kind"] in ("truco", "trato") else _l("kind.none")
    parts = [_l("knock", child=k["child"], player=k["mover"], owner=k["owner"], kind=kind)]
    if k.get("claim") is not None:
        parts.append(_l("claim", claim=k["claim"]))
    if k.get("die") is not None:
        parts.append(_l("die", die=k["die"]))
    return pair(label(G, "knock"), join(parts))


def _fight(f: Mapping[str, Any]) -> Line:
    parts = [_l("fight", player=f["attacker"], child=f["target"]),
             _l("front", candies=join(_l("count", player=p, n=n) for p, n in f["front"].items()))]
    if f["bids"] is not None:
        parts.append(_l("bids", bids=_counts(f["bids"])))
    elif f["bid_in"]:
        parts.append(_l("bid_in", players=join(f["bid_in"])))
    return pair(label(G, "fight"), join(parts))


def public_lines(state: Mapping[str, Any]) -> list[Line]:
    lines = [_header(state), _l("pot", pot=state["pot"])]
    if any(state["colours"].values()):
        lines.append(_pair("colours", join(_l("colour", player=p, colour=Line(f"{G}.colour.{c}") if c else NONE)
                                           for p, c in state["colours"].items())))
    if state["youngest"]:
        lines.append(_pair("youngest", state["youngest"]))
    if state["out"]:
        lines.append(_pair("out", join(state["out"])))
    if state["phase"] != "setup":
        lines.append(_pair("children", join(_child(v) for v in state["children"].values())))
    if state["moving"]:
        m = state["moving"]
        lines.append(_l("moving", child=m["child"]) if m["distance"] is None
                     else _l("moving_far", child=m["child"], distance=m["distance"]))
    if state["extra_moves"]:
        lines.append(_pair("extra_moves", state["extra_moves"]))
    if any(state["sent_home"].values()):
        lines.append(_pair("sent_home", _counts({p: n for p, n in state["sent_home"].items() if n})))
    if state["cries"]:
        lines.append(_pair("cries", join(_l("cry", child=c, player=p) for c, p in state["cries"].items())))
    if state["blocked"]:
        lines.append(_pair("blocked", join(_l("blocked", player=p, turns=n) for p, n in state["blocked"].items())))
    if state["rip_cooldown"]:
        lines.append(_pair("rip_cooldown", join(state["rip_cooldown"])))
    lines.append(_l("actions", deck=state["action_deck"], discarded=state["action_discarded"],
                    played=join(map(str, state["action_played"]))))
    lines.append(_pair("hands", _counts(state["hands"])))
    lines.append(_l("treats", n=state["treat_deck"]))
    if state["knock"]:
        lines.append(_knock(state["knock"]))
    if state["fight"]:
        lines.append(_fight(state["fight"]))
    if state["revealed_children"]:
        lines.append(_pair("revealed_children", join(_l("secret", player=p, child=c)
                                                     for p, c in state["revealed_children"].items())))
    if state["ranking"]:
        lines.append(_pair("ranking", join(_l("rank", place=r["place"], player=r["player"], total=r["total"])
                                           for r in state["ranking"])))
    return lines


def private_lines(state: Mapping[str, Any]) -> list[Line]:
    lines = [_pair("candies", _counts(state["candies"])),
             _pair("secret_children", join(_l("secret", player=p, child=c or NONE)
                                           for p, c in state["secret_children"].items())),
             _pair("hands", join(_l("hand", player=p, cards=join(map(str, h), _l("no_cards")))
                                 for p, h in state["hands"].items())),
             _l("deck", unseen=join(map(str, state["action_deck"]["unseen"])),
                bottom=join(map(str, state["action_deck"]["bottom"]))),
             _pair("action_discarded", join(map(str, state["action_discarded"])))]
    if state["looking"]:
        lines.append(_pair("looking", join(map(str, state["looking"]))))
    if state["truco_die"] is not None:
        lines.append(_pair("truco_die", state["truco_die"]))
    if state["bids"]:
        lines.append(_pair("bids", _counts({p: NONE if b is None else b for p, b in state["bids"].items()})))
    lines.append(_pair("scores", join(_l("score", player=r["player"], total=r["total"], candies=r["candies"],
                                         child=r["child"] or NONE, secret=NONE if r["secret_points"] is None else r["secret_points"],
                                         sent=r["sent_home"], sent_points=r["sent_points"])
                                      for r in state["scores"])))
    return lines


def describe(state: Mapping[str, Any], private: bool = False) -> list[Line]:
    """The game's `describe` (companion/core/describe.py): the public state, or the private one."""
    return private_lines(state) if private else public_lines(state)

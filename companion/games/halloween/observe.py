"""La noche de Halloween as data (companion/core/observe.py): the round, the pot, whose turn,
the children (in play, sent home by whom, frozen), the cards in each hand (a count), the
fight (attacker, target, each fighter's front and whose hidden bid is in; the bids only once
all are in) and the knock at the door. The private observation adds candies, secret
children, hands and the bids."""

from __future__ import annotations

from typing import Any

from companion.core.observe import jsonable

from . import auction
from .children import CHILDREN


def _fight(g) -> dict[str, Any] | None:
    a = g.auction
    if not a:
        return None
    seats = auction.participants(g)
    bids = a["bids"]
    opened = bids is not None and None not in bids
    return {"attacker": a["attacker"], "target": a["target"],
            "fighters": [{"seat": s, "front": auction.front(g, s), "bid_in": bids is not None and b is not None,
                          "bid": b if opened else None}
                         for s, b in zip(seats, bids or [None] * len(seats))]}


def _knock(g) -> dict[str, Any] | None:
    k = g.knock
    if not k:
        return None
    view = {"owner": k["owner"], "mover": k["mover"], "child": k["child"], "kind": k["kind"]}
    if k["kind"] == "truco":
        view.update({"claim": k["claim"], "helper": k["helper"], "fee": k["fee"],
                     "die": k["die"] if k["revealed"] else None, "rolls": list(k["rolls"])})
    elif k["kind"] == "trato":
        view.update({"treat": k["treat"], "rolls": list(k["rolls"])})
    return jsonable(view)


def observe(g, private: bool = False) -> dict[str, Any]:
    n = len(g.players)
    public = g.public_state()
    seen: dict[str, Any] = {
        "phase": g.phase,
        "round": g.round,
        "rounds": public["rounds"],
        "turn": g.current if g.phase == "play" else None,
        "turn_card": g.holder if g.phase != "setup" else None,
        "colours": list(g.colours),
        "out": list(g.out_order),
        "pot": g.ledger.pot,
        "children": [{"id": c, "in_play": c not in g.gone,
                      "sent_home_by": g.gone[c]["by"] if c in g.gone else None,
                      "frozen": {"by": g.frozen[c]["by"], "turns": g.frozen[c]["turns"]} if c in g.frozen else None}
                     for c in CHILDREN],
        "sent_home": list(g.sent_home),
        "hands": [len(h) for h in g.hands],
        "action_deck": len(g.pool) + len(g.bottom),
        "treat_deck": g.treat_left,
        "fight": _fight(g),
        "knock": _knock(g),
        "revealed": [g.secret[s] if g.phase in ("final", "over") else None for s in range(n)],
        "ranking": [{"seat": g.players.index(r["player"]), "place": r["place"], "total": r["total"],
                     "candies": r["candies"], "child": g.secret[g.players.index(r["player"])],
                     "sent_home": r["sent_home"]} for r in public["ranking"]] if public["ranking"] else None,
    }
    if private:
        seen["private"] = {"candies": list(g.ledger.candies), "secret": list(g.secret),
                           "hands": [sorted(h) for h in g.hands],
                           "bids": list(g.auction["bids"]) if g.auction and g.auction["bids"] else None}
    return seen

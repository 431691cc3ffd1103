"""The score: 1 point a candy, +5 if your secret child is still in play,
-10 if it went home, +2 for every child you sent home. Ties share the win."""

from __future__ import annotations

from .children import NAMES

IN_PLAY_BONUS = 5
WENT_HOME = -10
PER_SENT_HOME = 2


def rows(g) -> list[dict]:
    """One row a player, in seat order; `secret_points` is None while the card is unknown."""
    table = []
    for seat, name in enumerate(g.players):
        child = g.secret[seat]
        secret_points = None if child is None else (WENT_HOME if child in g.gone else IN_PLAY_BONUS)
        candies = g.ledger.candies[seat]
        sent = PER_SENT_HOME * g.sent_home[seat]
        table.append({"player": name, "candies": candies, "child": NAMES[child] if child else None,
                      "secret_points": secret_points, "sent_home": g.sent_home[seat], "sent_points": sent,
                      "total": candies + (secret_points or 0) + sent})
    return table


def ranking(table: list[dict]) -> list[dict]:
    """Rows best first, each with its shared place (equal totals share a place)."""
    ordered = sorted(table, key=lambda row: -row["total"])
    ranked = []
    for row in ordered:
        place = 1 + sum(1 for other in ordered if other["total"] > row["total"])
        ranked.append({**row, "place": place})
    return ranked


def winners(table: list[dict]) -> tuple[str, ...]:
    best = max(row["total"] for row in table)
    return tuple(row["player"] for row in table if row["total"] == best)


def row_values(row: dict) -> dict:
    """A ranked row as the values of the `halloween.score.row` line."""
    points = row["secret_points"]
    return {"place": row["place"], "player": row["player"], "total": row["total"], "candies": row["candies"],
            "child": row["child"] or "?", "secret": "?" if points is None else f"{points:+d}",
            "sent": f"{row['sent_points']:+d}"}

"""The bank of Kaijupoly: every movement of money, logged; debts and ruin;
losing cities and elimination; the end.

Every payment goes through `pay(g, payer, payee, amount, why)`, where payer
or payee is a seat or None for the bank, and is written in `g.ledger`, so the
money the generals hold is always their starting money plus what the ledger
says the bank paid them less what they paid it (tested as an invariant).

The game keeps the last LEDGER_KEPT payments (a screen shows the recent
history; every payment is also an event of the log), so that a long game's
copies and snapshots cost no more than a short one's.

A debt the general cannot pay waits in `g.debts`: the general gives up one
city (or service) at a time, its troops at half their cost and the city at
its mortgage value, each counted destroyed, until the debt can be paid
(`sell`). A general who cannot pay even then pays what is left and is out.
"""

from __future__ import annotations

from companion.core.game import Event

from .odds import CUARTEL
from .say import event, money, square

LEDGER_KEPT = 200
REASONS = ("start", "salary", "stations", "power", "rent", "rubble", "tax", "fine", "card", "troops", "supplies",
           "sale", "leaves")


def pay(g, payer: int | None, payee: int | None, amount: int, why: str) -> None:
    """Money moves (a seat, or None for the bank), and the ledger says so."""
    if amount <= 0:
        return
    if payer is not None:
        g.money[payer] -= amount
    if payee is not None:
        g.money[payee] += amount
    if payer is None:
        g.bank_paid += amount
    if payee is None:
        g.bank_took += amount
    g.ledger.append({"from": payer, "to": payee, "amount": amount, "why": why, "round": g.round})
    g.payments += 1
    if len(g.ledger) > LEDGER_KEPT:
        del g.ledger[0]


def since(g, count: int) -> list[dict]:
    """The payments made after the first `count` (as many as the ledger still keeps)."""
    new = g.payments - count
    return g.ledger[len(g.ledger) - new:] if new > 0 else []


def owe(g, debtor: int, creditor: int | None, amount: int, why: str) -> list[Event]:
    """A payment due now: paid at once when the general can, else it waits for sales."""
    if amount <= 0:
        return []
    g.debts.append({"debtor": debtor, "creditor": creditor, "amount": amount, "why": why})
    return collect(g)


def collect(g) -> list[Event]:
    """Settle the debts in order; stop at the first one that needs a sale."""
    events: list[Event] = []
    while g.debts:
        debt = g.debts[0]
        debtor, creditor, amount, why = debt["debtor"], debt["creditor"], debt["amount"], debt["why"]
        if creditor is not None and g.out[creditor]:
            creditor = None  # a general who left the game is paid no more: the bank takes it
        if g.money[debtor] >= amount:
            g.debts.pop(0)
            pay(g, debtor, creditor, amount, why)
            events.append(paid(g, debtor, creditor, amount, why))
            continue
        if sellable(g, debtor):
            if not debt.get("told"):
                debt["told"] = True
                events.append(event("ruin.owes", player=g.players[debtor], owed=money(g, amount),
                                    held=money(g, g.money[debtor])))
            return events
        g.debts.pop(0)
        left = g.money[debtor]
        pay(g, debtor, creditor, left, why)
        events.append(event("ruin.broke", player=g.players[debtor], paid=money(g, left), owed=money(g, amount)))
        if not g.out[debtor]:
            events += eliminate(g, debtor)
    return events


def paid(g, debtor: int, creditor: int | None, amount: int, why: str) -> Event:
    who = g.players[debtor]
    if creditor is None:
        return event(f"pay.{why}" if why in ("rubble", "tax", "fine", "card", "supplies") else "pay.bank",
                     player=who, amount=money(g, amount), city=square(g, g.pos[debtor]))
    return event("pay.rent" if why == "rent" else "pay.general", player=who, owner=g.players[creditor],
                 amount=money(g, amount), city=square(g, g.pos[debtor]))


def held(g, seat: int, *, cities_only: bool = False) -> list[int]:
    """The deeds a general holds that still stand, in board order."""
    found = [p for p, owner in g.owner.items() if owner == seat and p not in g.destroyed]  # in board order
    return [p for p in found if g.board[p].kind == "city"] if cities_only else found


def sellable(g, seat: int) -> list[int]:
    return held(g, seat)


def troops_value(g, position: int) -> int:
    """What a city's troops fetch when sold: half their cost (a Cuartel: half of it and of
    the four platoons it replaced, as the base game sells a hotel and then its houses)."""
    sq, level = g.board[position], g.level.get(position, 0)
    if level >= CUARTEL:
        return (sq.hotel + 4 * sq.house) // 2
    return level * sq.house // 2


def sale_value(g, position: int) -> int:
    return g.board[position].mortgage + troops_value(g, position)


def sell(g, seat: int, position: int) -> list[Event]:
    """A ruined general gives up a deed: troops and city for money, the city counted destroyed."""
    value = sale_value(g, position)
    pay(g, None, seat, value, "sale")
    what = "ruin.sells" if g.board[position].kind == "city" else "ruin.sells_service"  # a station is no city
    events = [event(what, player=g.players[seat], city=square(g, position), amount=money(g, value))]
    events += lose(g, position, sold=True, out=False)
    events += collect(g)  # the debt is paid from the sale first; then, with no city left, the general is out
    if not g.out[seat] and not held(g, seat, cities_only=True) and g.board[position].kind == "city":
        events += eliminate(g, seat)
    return events


def lose(g, position: int, *, sold: bool = False, out: bool = True) -> list[Event]:
    """A deed leaves its general for the centre of the board, destroyed; a general left with
    no city is out of the game (unless `out` is False: a sale pays the debt first)."""
    seat = g.owner.get(position)
    g.owner[position] = None
    g.destroyed.add(position)
    if position in g.level:
        g.level[position] = 0
    if sold:
        g.sold.add(position)
    if not out or seat is None or g.out[seat] or held(g, seat, cities_only=True) or g.board[position].kind != "city":
        return []
    return eliminate(g, seat)


def eliminate(g, seat: int) -> list[Event]:
    """Out of the game: what money is left goes back to the bank, services to the centre. The
    first general out rolls for the Kaiju from now on."""
    g.out[seat] = True
    g.eliminated.append(seat)
    g.jailed[seat] = None
    g.jail_cards[seat] = 0  # back to the deck: nobody out of the game holds cards
    for p in held(g, seat):
        g.owner[p] = None
    events = [event("out", player=g.players[seat])]
    if g.money[seat] > 0:
        pay(g, seat, None, g.money[seat], "leaves")
    g.queue = [item for item in g.queue if item.get("seat") != seat]
    if len(g.eliminated) == 1:
        events.append(event("kaiju_roller", player=g.players[seat]))
    events += g.check_end()
    if not g.over:
        events += g.kaiju_arrives()
    return events


def standing(g) -> list[int]:
    """The generals who still hold a city that stands."""
    return [s for s in range(len(g.players)) if not g.out[s] and held(g, s, cities_only=True)]


def end_check(g) -> list[Event]:
    """One general (or none) still holds undestroyed cities: the Kaiju sleeps for centuries."""
    if g.over or g.phase != "play":
        return []
    left = standing(g)
    if len(left) > 1:
        return []
    g.phase, g.winner = "over", (left[0] if left else None)
    g.queue, g.debts = [], []
    return [Event(g.outcome().line)]

"""A general's turn and the round of Kaijupoly: the roll, doubles and jail,
moving and passing GO (with the transport and utility extras), what the
square landed on does, the end of the turn, and the Kaiju's move after the
last general of each round.

Things that wait for a decision or a roll (the GO bonus roll, a card, troops
on landing, a battle) go into `g.queue` in the order they happen; debts wait
in `g.debts` and come before anything else. `advance(g)` moves the game on
past whatever needs nobody (a turn with nothing left to decide ends; the
round ends; the next general begins).
"""

from __future__ import annotations

from companion.core.game import Event

from . import battle
from .bank import held, lose, owe, pay
from .board import SQUARES
from .odds import CUARTEL
from .say import event, money, square, troops


# -- the general's roll ---------------------------------------------------------------------


def rolled(g, faces: tuple[int, int]) -> list[Event]:
    """The turn's 2d6: out of jail on a double (or paying after three tries), three doubles
    in a row to jail, else move; a double rolls again."""
    me = g.current
    a, b = faces
    double = a == b
    who = g.players[me]
    events = [event("rolled", player=who, a=a, b=b, total=a + b)]
    g.again = False
    if g.jailed[me] is not None:
        if double:
            g.jailed[me] = None
            events.append(event("jail.double", player=who))
        else:
            g.jailed[me] += 1
            if g.jailed[me] < 3:
                g.stage = "end"
                return events + [event("jail.stays", player=who, tries=g.jailed[me])]
            g.jailed[me] = None
            events.append(event("jail.third", player=who, fine=money(g, g.board.jail_fine)))
            events += owe(g, me, None, g.board.jail_fine, "fine")
            if g.out[me]:
                return events
        g.stage = "end"
        return events + move(g, me, a + b)
    if double:
        g.doubles += 1
        if g.doubles == 3:
            g.stage = "end"
            return events + [event("jail.three_doubles", player=who)] + to_jail(g, me)
        g.again = True
    g.stage = "roll" if g.again else "end"
    return events + move(g, me, a + b)


def to_jail(g, seat: int) -> list[Event]:
    g.pos[seat] = g.board.jail
    g.jailed[seat] = 0
    g.again = False
    if seat == g.current:
        g.stage = "end"
    return [event("jail.goes", player=g.players[seat], jail=square(g, g.board.jail))]


def move(g, seat: int, steps: int) -> list[Event]:
    """Forward (clockwise) `steps` squares: passing or landing on GO pays, then the square acts."""
    start = g.pos[seat]
    g.pos[seat] = (start + steps) % SQUARES
    events = [event("moves", player=g.players[seat], city=square(g, g.pos[seat]), steps=steps)]
    if start + steps >= SQUARES:
        events += salary(g, seat)
    return events + land(g, seat)


def move_to(g, seat: int, position: int) -> list[Event]:
    """A card sends the general forward to a square."""
    steps = (position - g.pos[seat]) % SQUARES or SQUARES
    return move(g, seat, steps)


def salary(g, seat: int) -> list[Event]:
    """A lap of the world: the salary, plus the rent of the transports held, plus a 2d6 roll
    times the utilities' multiplier (a roll of its own, queued)."""
    board, who = g.board, g.players[seat]
    pay(g, None, seat, board.go_salary, "salary")
    events = [event("go.salary", player=who, amount=money(g, board.go_salary))]
    mine = held(g, seat)
    stations = [p for p in mine if board[p].kind == "station"]
    utilities = [p for p in mine if board[p].kind == "utility"]
    if stations:
        extra = board.station_rents[min(len(stations), len(board.station_rents)) - 1]
        pay(g, None, seat, extra, "stations")
        events.append(event("go.stations", player=who, count=len(stations), amount=money(g, extra)))
    if utilities:
        times = board.utility_multipliers[min(len(utilities), len(board.utility_multipliers)) - 1]
        g.queue.append({"step": "bonus", "seat": seat, "times": times, "utilities": utilities})
    if not g.passed_go[seat]:
        g.passed_go[seat] = True
        events += kaiju_arrives(g)
    return events


def bonus_rolled(g, item: dict, faces: tuple[int, int]) -> list[Event]:
    seat, times = item["seat"], item["times"]
    amount = sum(faces) * times
    pay(g, None, seat, amount, "power")
    return [event("go.power", player=g.players[seat], a=faces[0], b=faces[1], times=times,
                  amount=money(g, amount))]


def land(g, seat: int) -> list[Event]:
    """What the square does to the general who lands on it."""
    position = g.pos[seat]
    sq = g.board[position]
    who = g.players[seat]
    if sq.kind == "city":
        owner = g.owner.get(position)
        if position in g.destroyed:
            return owe(g, seat, None, sq.rent, "rubble")
        if owner is not None and owner != seat:
            return owe(g, seat, owner, sq.rent, "rent")
        if owner == seat and g.level[position] == 0 and position not in g.abandoned:
            if g.money[seat] >= sq.house:
                g.queue.append({"step": "troops", "seat": seat, "square": position})
                return []
            g.abandoned.add(position)
            return [event("troops.cannot", player=who, city=sq.name, cost=money(g, sq.house))]
        return []
    if sq.kind == "tax":
        return owe(g, seat, None, sq.tax, "tax")
    if sq.kind == "card" and g.settings["card_effects"]:
        g.queue.append({"step": "card", "seat": seat, "square": position})
        return []
    if sq.kind == "go-to-jail":
        return to_jail(g, seat)
    if sq.kind == "jail":  # only passing by: said, so nobody thinks the general is jailed
        return [event("jail.visiting", player=who)]
    return []


# -- troops -----------------------------------------------------------------------------------


def troops_cost(g, position: int, level: int) -> int:
    """From the city's troops now up to `level`: a platoon each, the Cuartel on top of four."""
    sq, now = g.board[position], g.level[position]
    platoons = max(0, min(level, 4) - min(now, 4))
    return platoons * sq.house + (sq.hotel if level >= CUARTEL > now else 0)


def buy(g, seat: int, position: int, level: int) -> list[Event]:
    cost = troops_cost(g, position, level)
    pay(g, seat, None, cost, "troops")
    g.level[position] = level
    return [event("troops.bought", player=g.players[seat], city=square(g, position), troops=troops(level),
                  amount=money(g, cost))]


def reinforcements(g, seat: int) -> list[tuple[int, int]]:
    """At the end of a turn: (city, level) the general can afford for cities with a platoon."""
    found = []
    for p in held(g, seat, cities_only=True):
        for level in range(g.level[p] + 1, CUARTEL + 1):
            if g.level[p] >= 1 and troops_cost(g, p, level) <= g.money[seat]:
                found.append((p, level))
    return found


# -- the flow of turns and rounds ------------------------------------------------------------


def begin(g, seat: int) -> list[Event]:
    g.current, g.stage, g.doubles, g.again = seat, "roll", 0, False
    jailed = g.jailed[seat] is not None
    return [event("turn.jailed" if jailed else "turn", player=g.players[seat], round=g.round)]


def living(g) -> list[int]:
    return [s for s in range(len(g.players)) if not g.out[s]]


def advance(g) -> list[Event]:
    """Past everything that needs nobody: a turn with nothing left to decide ends, the round
    ends with the Kaiju's move, the next general begins."""
    events: list[Event] = []
    while g.phase == "play" and not g.debts and not g.queue:
        if g.stage == "kaiju_done":
            g.round += 1
            events += begin(g, living(g)[0])
        elif g.stage == "end" and (g.out[g.current] or not reinforcements(g, g.current)):
            events += next_turn(g)
        elif g.stage == "roll" and g.out[g.current]:
            events += next_turn(g)
        else:
            break
    return events


def next_turn(g) -> list[Event]:
    after = [s for s in living(g) if s > g.current]
    if after:
        return begin(g, after[0])
    if g.kaiju is None:
        g.round += 1
        return begin(g, living(g)[0])
    g.stage = "kaiju"
    roller = g.kaiju_roller()
    return [event("kaiju.turn" if roller is None else "kaiju.turn_by",
                  player=g.players[roller] if roller is not None else "")]


# -- the Kaiju ---------------------------------------------------------------------------------


def kaiju_arrives(g) -> list[Event]:
    """Once every general still in the game has passed GO, the Kaiju stands on GO."""
    if g.kaiju is not None or not all(g.passed_go[s] for s in living(g)):
        return []
    g.kaiju = 0
    return [event("kaiju.arrives", go=square(g, 0))]


def kaiju_rolled(g, faces: tuple[int, int]) -> list[Event]:
    """Counter-clockwise by 2d6; an unprotected city or a service falls, a protected city fights."""
    total = sum(faces)
    g.kaiju = (g.kaiju - total) % SQUARES
    g.stage = "kaiju_done"
    position = g.kaiju
    sq = g.board[position]
    events = [event("kaiju.moves", a=faces[0], b=faces[1], total=total, city=sq.name)]
    if position in g.destroyed or not sq.deed:
        return events + [event("kaiju.nothing" if not sq.deed else "kaiju.rubble", city=sq.name)]
    if sq.kind != "city":
        owner = g.owner.get(position)
        if owner is None:  # left in the centre by a general out of the game: nobody hands it in
            events.append(event("kaiju.service_centre", city=sq.name))
        else:
            events.append(event("kaiju.service", city=sq.name, player=g.players[owner]))
        return events + lose(g, position)
    if g.level[position] == 0:
        owner = g.owner.get(position)
        events.append(event("kaiju.razes", city=sq.name, player=g.players[owner] if owner is not None else "-"))
        return events + lose(g, position)
    return events + battle.start(g, position)

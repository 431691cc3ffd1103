"""What happens without anyone choosing: the Alien's card and its effect,
pursuit markers and protection, deaths (and the codes they scatter), the end
of a turn with the countdown, and the ship's departure.

Every function takes the game (`g`, an `Alien1979`), changes it and returns
the events to tell; nothing here refuses anything (the steps check first).
"""

from __future__ import annotations

from companion.core.game import Event

from .cards import ACTIONS, MAIN, MAX_MARKERS, STRIKE, effect, ordered, rank, sector_of
from .say import card as card_line, event, names, sector


def reveal(g, card: str) -> list[Event]:
    """The Alien card of this turn, drawn: told, then done."""
    board = g.board
    board.drawn.append(card)
    who = g.players[g.current]
    events = [event("reveal", player=who, card=card_line(card))]
    kind = effect(card)
    if kind == "move":
        where = sector_of(card)
        events.append(event("alien_stays" if board.alien == where else "alien_moves", sector=sector(where)))
        board.alien = where
        return events
    if kind == "strike":
        return events + strike(g, STRIKE[rank(card)], "ace" if rank(card) == "1" else "two")
    where = sector_of(card)
    there = board.in_sector(where)
    events.append(event("drop_call" if there else "drop_nobody", sector=sector(where)))
    if g.mad:  # a 3, 5 or 7 also strikes once where the Alien stands
        events += strike(g, 1, "mad")
    for seat in there:
        if board.crew[seat].alive and board.crew[seat].hand:
            events += must_drop(g, seat, where)
    return events


def strike(g, markers: int, how: str) -> list[Event]:
    """Markers for everyone where the Alien stands; a protected player loses the weapon instead."""
    board = g.board
    victims = board.in_sector(board.alien)
    events = [event(f"strike_{how}" if victims else "strike_nobody", sector=sector(board.alien))]
    for seat in victims:
        crew, who = board.crew[seat], g.players[seat]
        if crew.protected:
            crew.protected = crew.weapon = False
            events.append(event("absorbed", player=who))
            continue
        crew.markers = min(MAX_MARKERS, crew.markers + markers)
        events.append(event("markers", player=who, count=markers, total=crew.markers))
        if crew.markers >= MAX_MARKERS:
            events += kill(g, seat)
    return events


def kill(g, seat: int) -> list[Event]:
    """Five markers: dead at once. The codes fall where the player stood; the entered codes
    go back face down if the player had entered them; nobody left alive: the Alien wins."""
    board = g.board
    crew, who = board.crew[seat], g.players[seat]
    where = crew.sector
    dropped = board.drop_all(seat)
    crew.alive, crew.weapon, crew.protected, crew.sector = False, False, False, None
    g.drops = [d for d in g.drops if d["seat"] != seat]
    events = [event("dies", player=who)]
    if dropped:
        places = sorted({s for _, s in dropped}, key=MAIN.index)
        if len(places) == 1 and places[0] == where:
            events.append(event("dead_codes", player=who, count=len(dropped), sector=sector(where)))
        else:
            events.append(event("dead_codes_spread", player=who, count=len(dropped)))
        events += [event("dropped_secret", private=True, player=who, card=card_line(c), sector=sector(s))
                   for c, s in dropped]
    if g.enterer == seat:
        events += lose_codes(g, seat)
    if not board.living():
        g.phase, g.end = "over", "alien"
        g.drops = []
        events.append(Event(g.outcome().line))
    return events


def lose_codes(g, seat: int) -> list[Event]:
    """The player who entered the codes is dead: they go back face down over the main sectors,
    the Alien is no longer mad and any countdown stops."""
    board = g.board
    back, board.pile = ordered(board.pile), []
    board.spread(back)
    running = g.countdown is not None
    g.enterer, g.countdown, g.fresh_countdown = None, None, False
    events = [event("codes_lost", player=g.players[seat], count=len(back))]
    if running:
        events.append(event("countdown_stops"))
    return events


def must_drop(g, seat: int, where: str) -> list[Event]:
    """A player in `where` drops one code there: at once with one card, else they choose (a step)."""
    hand = g.board.crew[seat].hand
    if len(hand) == 1:
        return drop(g, seat, hand[0])
    g.drops.append({"seat": seat, "sector": where})
    return []


def drop(g, seat: int, card: str) -> list[Event]:
    crew = g.board.crew[seat]
    crew.hand.remove(card)
    g.board.down[crew.sector].append(card)
    who, where = g.players[seat], sector(crew.sector)
    return [event("dropped", player=who, sector=where, count=len(crew.hand)),
            event("dropped_secret", private=True, player=who, card=card_line(card), sector=where)]


def end_turn(g) -> list[Event]:
    """The turn is over: the countdown counts the activator's turns; then the next living player."""
    events: list[Event] = []
    p = g.current
    if g.countdown is not None and p == g.enterer:
        if g.fresh_countdown:
            g.fresh_countdown = False
        else:
            g.countdown -= 1
            if g.countdown == 0:
                return events + depart(g)
            events.append(event("countdown_left", player=g.players[p], count=g.countdown))
    living = g.board.living()
    g.current = next((s for s in living if s > p), living[0])
    g.actions_left, g.phase = ACTIONS, "card"
    events.append(event("turn", player=g.players[g.current]))
    return events


def depart(g) -> list[Event]:
    """The end of the activator's last turn: the ship leaves with whoever is aboard; everyone
    left on the Nostromo dies with the Alien."""
    board = g.board
    g.saved = board.aboard()
    left = [s for s in board.living() if s not in g.saved]
    g.phase, g.end, g.drops = "over", "departed", []
    aboard = names([g.players[s] for s in g.saved])
    events = [event("departs" if g.saved else "departs_empty", players=aboard)]
    events.append(event("explodes_with", players=names([g.players[s] for s in left]), count=len(left)) if left
                  else event("explodes"))
    events.append(Event(g.outcome().line))
    return events

"""A turn's actions: what each costs, where it may be taken, why it is
refused, and what it does.

`why_not(g, action)` is the one check: None when the player to act may take
`action` now, else the refusal (a line id under `alien-1979.error.` and its
values). What the act step offers is exactly the candidates it lets through,
so what is offered and what is legal cannot drift apart. `do(g, action,
chance)` applies an action already checked.
"""

from __future__ import annotations

from companion.core.game import Event

from .cards import ALL_CODES, CODES, COUNTDOWN as COUNTDOWN_TURNS, FIGURES, HAND_LIMIT, MADRE, MAIN, NAVE, PILE, \
    REY, capacity, code_sets, needs_pairs, rank, valid_codes
from .flow import must_drop
from .notation import BOARD, COUNTDOWN, END, PROTECT, TAKE, UNMARK, WEAPON, Enter, Force, Move, Pull, Push
from .say import card as card_line, cards as cards_line, event, sector

Refusal = tuple[str, dict]


def cost(g, action) -> int:
    """Actions an action takes: two to go from a main sector to MADRE, to pull someone out of
    the ship, to enter the codes and to start the countdown; `end` none; the rest one."""
    here = g.board.crew[g.current].sector
    if isinstance(action, Move):
        return 2 if here in MAIN and action.sector == MADRE else 1
    if isinstance(action, (Pull, Enter)) or action == COUNTDOWN:
        return 2
    return 0 if action == END else 1


def boarding_pool(g) -> list[str]:
    """What a player trying to board draws from: the entered codes, or (house rule) all 12 figures."""
    return list(FIGURES) if g.settings["board_from_all_codes"] else list(g.board.pile)


def candidates(g) -> list:
    """The actions worth checking for the player to act, by where they stand, as the rule text
    lists them (the act step keeps the legal ones; `why_not` still checks any action typed)."""
    board, me = g.board, g.current
    here = board.crew[me].sector
    found: list = [Move(s) for s in MAIN if s != here]
    if here in MAIN:
        return found + [BOARD, Move(MADRE), UNMARK, TAKE, PROTECT, END]
    if here == NAVE:
        return found + [COUNTDOWN, END]
    others = [s + 1 for s in board.living() if s != me]
    found += [WEAPON] + [Force(s) for s in others]
    found += [Push(s, to) for s in others for to in MAIN] + [Pull(s, to) for s in others for to in MAIN]
    found += [Enter(combo) for combo in code_sets(board.crew[me].hand, len(g.players))]
    return found + [END]


def why_not(g, action) -> Refusal | None:
    """None when the player to act may take `action` now; else the refusal's line id and its
    values (sectors as their names: `refusal` turns them into words, only when refusing)."""
    crew = g.board.crew[g.current]
    reason = _where_and_what(g, action, crew, crew.sector, {"sector": crew.sector})
    if reason is None and cost(g, action) > g.actions_left:
        return "two_actions", {}
    return reason


def refusal(reason: Refusal) -> tuple[str, dict]:
    """A refusal's values as a line shows them (a sector's name in the table's language)."""
    name, values = reason
    return name, {k: sector(v) if k == "sector" else v for k, v in values.items()}


def _where_and_what(g, action, crew, here, at) -> Refusal | None:  # noqa: C901 - one rule per line
    board = g.board
    if isinstance(action, Move):
        if action.sector == here:
            return "already_there", at
        if here == NAVE and action.sector == MADRE:
            return "ship_to_madre", {}
        return None
    if action == BOARD:
        if here == NAVE:
            return "already_there", at
        if here not in MAIN:
            return "board_where", at
        if not board.pile:
            return "ship_shut", {}
        if len(board.aboard()) >= capacity(len(g.players)):
            return "ship_full", {"capacity": capacity(len(g.players))}
        return None
    if action in (UNMARK, TAKE, PROTECT):
        if here not in MAIN:
            return f"{action.word}_where", at
        if action == UNMARK:
            return None if crew.markers else ("no_markers", {})
        if action == TAKE:
            if len(crew.hand) >= HAND_LIMIT:
                return "hand_full", {}
            return None if board.down[here] else ("no_codes_here", at)
        if not crew.weapon:
            return "no_weapon", {}
        return ("protected_already", {}) if crew.protected else None
    if action == WEAPON:
        if here != MADRE:
            return "weapon_where", at
        return ("armed", {}) if crew.weapon else None
    if isinstance(action, (Force, Push, Pull, Enter)):
        if here != MADRE:
            return "madre_only", at
        if isinstance(action, Enter):
            return _why_not_enter(g, action, crew)
        return _why_not_target(g, action)
    if action == COUNTDOWN:
        if g.enterer is None:
            return "no_codes_entered", {}
        if g.enterer != g.current:
            return "not_enterer", {"player": g.players[g.enterer]}
        if here != NAVE:
            return "countdown_where", at
        if g.countdown is not None:
            return "countdown_running", {"count": g.countdown}
        return None
    return None  # END


def _why_not_target(g, action) -> Refusal | None:
    board, n = g.board, len(g.players)
    if not 1 <= action.seat <= n:
        return "no_seat", {"seat": action.seat, "seats": n}
    seat = action.seat - 1
    target = board.crew[seat]
    who = g.players[seat]
    if seat == g.current:
        return "not_yourself", {}
    if not target.alive:
        return "dead", {"player": who}
    there = {"player": who, "sector": target.sector}
    if isinstance(action, Force):
        if target.sector not in MAIN:
            return "force_main", there
        return None if target.hand else ("no_codes_to_drop", {"player": who})
    if action.sector not in MAIN:
        return "to_main", {"sector": action.sector}
    if isinstance(action, Push):
        if target.sector not in MAIN:
            return "push_main", there
        return ("push_same", there) if target.sector == action.sector else None
    if target.sector != NAVE:
        return "pull_aboard", {"player": who}
    if action.sector == board.alien:
        return "pull_alien", {"player": who, "sector": action.sector}
    return None


def _why_not_enter(g, action: Enter, crew) -> Refusal | None:
    if g.enterer is not None:
        return "entered_already", {"player": g.players[g.enterer]}
    for card in action.cards:
        if card not in crew.hand:
            return "not_held", {"card": card_line(card)}
    n = len(g.players)
    if not valid_codes(action.cards, n):
        return ("pairs_needed" if needs_pairs(n) else "trio_needed"), {"count": n}
    return None


# -- doing them (already checked) ------------------------------------------------------------


def do(g, action, chance) -> list[Event]:
    """Apply a checked action and spend what it costs (after any draw: a card the table typed
    that cannot be drawn is refused before anything changes)."""
    spent = cost(g, action)
    events = _do(g, action, chance)
    g.actions_left = 0 if action == END else g.actions_left - spent
    return events


def _do(g, action, chance) -> list[Event]:  # noqa: C901 - one action per branch
    board, me = g.board, g.current
    crew, who = board.crew[me], g.players[me]
    if isinstance(action, Move):
        crew.sector = action.sector
        return [event("moved", player=who, sector=sector(action.sector))]
    if action == BOARD:
        return _board(g, me, chance)
    if action == UNMARK:
        crew.markers -= 1
        return [event("unmarked", player=who, total=crew.markers)]
    if action == TAKE:
        here = crew.sector
        held = [c for other in board.crew for c in other.hand]  # refused, the table hears "someone's"
        card = chance.draw(CODES, board.take_candidates(here), held=held)
        board.take(me, here, card)
        return [event("took", player=who, sector=sector(here), count=len(crew.hand)),
                event("took_secret", private=True, player=who, card=card_line(card))]
    if action == PROTECT:
        crew.protected = True
        return [event("protects", player=who)]
    if action == WEAPON:
        crew.weapon = True
        return [event("armed", player=who)]
    if isinstance(action, Force):
        target = action.seat - 1
        where = board.crew[target].sector
        events = [event("forced", player=who, target=g.players[target], sector=sector(where))]
        return events + must_drop(g, target, where)
    if isinstance(action, Push):
        board.crew[action.seat - 1].sector = action.sector
        return [event("pushed", player=who, target=g.players[action.seat - 1], sector=sector(action.sector))]
    if isinstance(action, Pull):
        board.crew[action.seat - 1].sector = action.sector
        return [event("pulled", player=who, target=g.players[action.seat - 1], sector=sector(action.sector))]
    if isinstance(action, Enter):
        return _enter(g, me, action)
    if action == COUNTDOWN:
        drawn = chance.draw(PILE, list(board.pile))
        g.countdown, g.fresh_countdown = COUNTDOWN_TURNS[rank(drawn)], True
        return [event("countdown", player=who, card=card_line(drawn), count=g.countdown)]
    return [event("ended", player=who)]  # END


def _board(g, me: int, chance) -> list[Event]:
    board, who = g.board, g.players[me]
    pool = boarding_pool(g)
    drawn = chance.draw(ALL_CODES if g.settings["board_from_all_codes"] else PILE, pool)
    events = [event("board_draw", player=who, card=card_line(drawn))]
    if rank(drawn) == REY:
        board.crew[me].sector = NAVE
        return events + [event("boarded", player=who)]
    return events + [event("board_failed", player=who, sector=sector(board.crew[me].sector))]


def _enter(g, me: int, action: Enter) -> list[Event]:
    board = g.board
    for card in action.cards:
        board.crew[me].hand.remove(card)
    board.pile = list(action.cards)
    g.enterer = me
    events = [event("entered", player=g.players[me], cards=cards_line(action.cards)), event("mad")]
    if not any(rank(c) == REY for c in boarding_pool(g)):
        events.append(event("no_rey"))
    return events


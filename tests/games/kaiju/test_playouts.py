"""Many random games of Kaijupoly and of Rey de los Monstruos (the steps'
sampler and uniformly random legal actions, mixed): the rules' invariants
hold after every action, every action's notation reads back as itself, and
every game ends."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest
from hypothesis import given, settings, strategies as st

from companion.core.dice import LiveChance
from companion.games.kaiju.bank import REASONS, held, sale_value, since, standing
from companion.games.kaiju.board import SQUARES
from companion.games.kaiju.boards import board_of, compact
from companion.games.kaiju.monsters import KingOfMonsters
from companion.games.kaiju.notation import Dice, Sell
from companion.games.kaiju.odds import survival
from companion.games.kaiju.rules import Kaijupoly

CUARTEL = 5
OPENING = 20  # uniformly random actions only in the first rounds: see `choose`


def poor_board() -> str:
    """The Madrid board for a poor table (400 € to start, 50 € a lap, five times the rents), in
    the compact form the option takes: generals are ruined and sell cities often."""
    madrid = board_of("madrid")
    squares = tuple(replace(s, rent=s.rent * 5) if s.kind == "city" else s for s in madrid.squares)
    return compact(replace(madrid, id="poor", title="Madrid, poor", start_money=400, go_salary=50,
                           squares=squares))


POOR = poor_board()
POOR_SETUPS = [(["Ana", "Bea", "Carlos"], {"board": POOR, "double_money": False}),
               (["Ana", "Bea", "Carlos", "Dani"], {"board": POOR, "card_effects": True}),
               ([f"G{n}" for n in range(1, 7)], {"board": POOR})]
KAIJUPOLY_SETUPS = POOR_SETUPS + Kaijupoly.example_setups() + [
    (["Ana", "Bea"], {}),
    (["Ana", "Bea", "Carlos", "Dani"], {"board": "world", "double_money": False, "card_effects": True}),
    ([f"G{n}" for n in range(1, 7)], {"card_effects": True}),
    ([f"G{n}" for n in range(1, 8)], {"board": "world"}),
    ([f"G{n}" for n in range(1, 9)], {"card_effects": True, "board": "world"}),
]
KING_SETUPS = KingOfMonsters.example_setups() + [
    (["Ane", "Iker"], {"kaiju_fights": True}),
    (["Ane", "Iker", "Lur", "Mikel", "Nora"], {"board": "world"}),
    ([f"K{n}" for n in range(1, 9)], {"kaiju_fights": True}),
    ([f"K{n}" for n in range(1, 5)], {"kaiju_fights": True, "board": "world"}),
]


def ids(events) -> list[str]:
    return [e.line.id for e in events]


def choose(game, rng: random.Random, uniform: float):
    """The sampler's action, or (with chance `uniform`, in the opening rounds) any legal action.

    Uniformly random troops bought all game long make a random Kaijupoly last for ever (a
    Cuartel survives 95 % of battles and gets rebuilt), as the steps' own sampler knows
    (steps.CALM_ROUNDS): after the opening the sampler alone plays."""
    legal = list(game.legal_actions())
    if game.round <= OPENING and rng.random() < uniform:
        action = rng.choice(legal)
    else:
        action = game.sample_action(rng)
    assert action in legal
    return action


def check_notation(game, action) -> None:
    assert game.parse(game.notation(action)) == action


# -- Kaijupoly ------------------------------------------------------------------------------------


@dataclass
class Before:
    """What a Kaijupoly game looked like before an action."""

    step: str | None
    state: object
    kaiju: int | None
    destroyed: set
    abandoned: set
    level: dict
    owner: dict
    out: list
    pos: list
    money: list
    current: int
    ledger: int
    debts: list
    sale: int | None = None


def before_kaijupoly(g, action) -> Before:
    found = g.pending_step()
    step, state = (found[0].kind, found[1]) if found else (None, None)
    sale = sale_value(g, action.square) if isinstance(action, Sell) else None
    return Before(step, dict(state) if isinstance(state, dict) else state, g.kaiju, set(g.destroyed),
                  set(g.abandoned), dict(g.level), dict(g.owner), list(g.out), list(g.pos), list(g.money),
                  g.current, g.payments, [dict(d) for d in g.debts], sale)


def level_after(level: int, mega: bool) -> int:
    """The rule text's battle, written out again: a Cuartel becomes 4 platoons (3 on a double six),
    else one platoon falls (two on a double six)."""
    if level == CUARTEL:
        return 3 if mega else 4
    return max(0, level - (2 if mega else 1))


def check_round(g, p: int, was: int) -> None:
    """A battle's round (both games), checked against the rule text: 2d6 against the city's die
    plus its platoons (+5 with a Cuartel); a tie again; the city higher: repelled; else a hit."""
    record = g.battle["rounds"][-1]
    (x, y), die = record["kaiju"], record["die"]
    attack, defence, mega = x + y, die + (5 if was == CUARTEL else was), (x, y) == (6, 6)
    assert record["before"] == was and 1 <= die <= 6
    if attack == defence and not mega:
        assert record["result"] == "tie" and g.level[p] == was and p not in g.destroyed
    elif defence > attack:
        assert record["result"] == "repelled" and g.level[p] == was and g.battle["end"] == "repelled"
    else:
        assert g.level[p] == level_after(was, mega)
        assert (p in g.destroyed) == (g.level[p] == 0)


class Books:
    """The ledger read as it grows: each general's money must be exactly what it says came in
    and went out, and the generals' total what the bank paid less what it took."""

    def __init__(self, g) -> None:
        self.seen = 0
        self.came = [0] * len(g.players)
        self.went = [0] * len(g.players)
        self.from_bank = self.to_bank = 0

    def check(self, g) -> None:
        seats = range(len(g.players))
        assert g.payments >= self.seen  # payments are only ever added
        assert g.payments - self.seen <= len(g.ledger)  # one action makes far fewer than the ledger keeps
        for entry in since(g, self.seen):
            assert entry["why"] in REASONS
            assert isinstance(entry["amount"], int) and entry["amount"] > 0
            payer, payee = entry["from"], entry["to"]
            assert payer != payee
            if payer is None:
                self.from_bank += entry["amount"]
            else:
                self.went[payer] += entry["amount"]
            if payee is None:
                self.to_bank += entry["amount"]
            else:
                self.came[payee] += entry["amount"]
        self.seen = g.payments
        assert sum(g.money) == self.from_bank - self.to_bank == g.bank_paid - g.bank_took
        for s in seats:
            assert g.money[s] == self.came[s] - self.went[s] >= 0


def check_kaijupoly(g, b: Before, action, events, books: Books) -> None:
    n = len(g.players)
    said = ids(events)
    books.check(g)

    # Troops and ruins.
    for p in g.board.cities:
        assert 0 <= g.level[p] <= CUARTEL
        if p in g.destroyed:
            assert g.level[p] == 0 and g.owner[p] is None
        if p in g.abandoned:
            assert g.level[p] == 0  # a city left without troops never gets any
    assert set(g.board.cities) <= set(g.level)
    assert all(g.level[p] == 0 for p in g.level if g.board[p].kind != "city")  # a wrecked service has no troops
    assert b.destroyed <= g.destroyed and b.abandoned <= g.abandoned
    for p in g.destroyed - b.destroyed:
        assert g.board[p].deed
    for p in g.board.cities:
        was, now = b.level[p], g.level[p]
        if now > was:  # troops are bought only as the rules allow
            seat = b.owner[p]
            assert seat is not None and g.owner[p] == seat and not g.out[seat]
            if b.step == "troops":  # on landing on one's own unprotected city, never abandoned
                assert b.state["square"] == p and b.state["seat"] == seat and g.pos[seat] == p
                assert was == 0 and p not in b.abandoned
            else:  # at the end of one's turn, for a city that holds a platoon
                assert b.step == "end" and b.current == seat and was >= 1
        elif now < was:  # troops fall only to the Kaiju, or in a ruined general's sale
            assert b.step in ("kaiju", "battle", "ruin"), (b.step, action)
        if g.phase == "play" and p not in g.destroyed and g.owner[p] is not None:
            assert not g.out[g.owner[p]]

    # The Kaiju.
    if b.kaiju is None:
        if g.kaiju is not None:  # it enters on GO once every general still in has passed GO
            assert g.kaiju == 0 and "kaijupoly.kaiju.arrives" in said
            assert all(g.passed_go[s] for s in range(n) if not g.out[s])
    else:
        assert g.kaiju is not None and 0 <= g.kaiju < SQUARES  # once placed it never leaves
        if b.step == "kaiju":
            assert 2 <= (b.kaiju - g.kaiju) % SQUARES <= 12  # counter-clockwise, 2d6
        else:
            assert g.kaiju == b.kaiju
    if g.kaiju is None and g.phase == "play":
        assert not all(g.passed_go[s] for s in range(n) if not g.out[s])

    if b.step == "battle":
        check_round(g, b.state["square"], b.level[b.state["square"]])
    if "kaijupoly.battle.starts" in said:
        assert g.battle["odds"] == str(survival(g.battle["start"])) and 1 <= g.battle["start"] <= CUARTEL

    # The generals.
    assert all(g.out[s] for s in range(n) if b.out[s])  # out for good
    assert sorted(g.eliminated) == [s for s in range(n) if g.out[s]]
    assert len(set(g.eliminated)) == len(g.eliminated)
    for s in range(n):
        if g.out[s]:
            assert held(g, s) == [] and g.money[s] == 0 and g.jailed[s] is None
            if b.out[s]:
                assert g.pos[s] == b.pos[s]  # an eliminated general moves no more
    if g.phase != "over":
        found = g.pending_step()
        who = found[0].who(g, found[1])
        seats = [] if who is None else [who] if isinstance(who, int) else list(who)
        for seat in seats:
            assert isinstance(seat, int)
            if g.out[seat]:  # the first general out rolls the Kaiju's dice (rule 7), and nothing else
                assert found[0].kind in ("kaiju", "battle") and seat == g.eliminated[0]
        if found[0].kind == "battle":  # the city's general and whoever rolls for the Kaiju
            owner = g.owner[found[1]["square"]]
            assert seats == [s for s in (g.eliminated[0] if g.eliminated else None, owner) if s is not None]
        if found[0].kind == "kaiju":
            assert who == (g.eliminated[0] if g.eliminated else None)
        assert list(g.legal_actions())  # never stuck
    else:
        left = standing(g)
        assert len(left) <= 1
        assert left == ([g.winner] if g.winner is not None else [])
        outcome = g.outcome()
        assert outcome.winners == ((g.players[g.winner],) if g.winner is not None else ())


def play_kaijupoly(seed: int, setup: tuple, uniform: float, check_sales: bool = False):
    players, options = setup
    g = Kaijupoly.new(players, options)
    rng = random.Random(seed)
    books = Books(g)
    g.seen = set()  # the event ids and steps of the game, for the test that the playouts reach them
    # The bound holds for the sampler's games (as the conformance test plays them). Uniformly
    # random troops in the opening can make an 8-general game outlast it (seed 146 of setup 6
    # at 0.3: 6,000 actions, round 571, three cities of 3-4 platoons still standing: the Kaiju
    # lands on one square a round), so those games get three times as long.
    limit = Kaijupoly.max_actions if uniform == 0 else 3 * Kaijupoly.max_actions
    for _ in range(limit):
        if g.outcome() is not None:
            break
        action = choose(g, rng, uniform)
        check_notation(g, action)
        b = before_kaijupoly(g, action)
        events = g.apply(action, LiveChance(rng))
        check_kaijupoly(g, b, action, events, books)
        g.seen.update(ids(events))
        if b.step == "kaiju" and g.eliminated:
            g.seen.add("kaiju rolled by the first general out")
        if check_sales:
            check_sale_pays_the_debt(g, b, action)
    assert g.outcome() is not None, f"the game did not end within {limit} actions"
    return g


def check_sale_pays_the_debt(g, b: Before, action) -> None:
    """Rule 7: a ruined general sells a city to pay what he owes; when the sale raises enough, the
    debt is paid (to the creditor, or to the bank if the creditor is out), whatever else follows."""
    if not isinstance(action, Sell):
        return
    debt = b.debts[0]
    seat = debt["debtor"]
    if b.money[seat] + b.sale < debt["amount"]:
        return
    creditor = debt["creditor"] if debt["creditor"] is not None and not b.out[debt["creditor"]] else None
    paid = [e for e in since(g, b.ledger) if e["from"] == seat and e["why"] == debt["why"]]
    assert {"from": seat, "to": creditor, "amount": debt["amount"]} in [
        {k: e[k] for k in ("from", "to", "amount")} for e in paid], (debt, since(g, b.ledger))


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.integers(0, len(KAIJUPOLY_SETUPS) - 1),
       uniform=st.sampled_from([0.0, 0.1, 0.3]))
def test_kaijupoly_random_games_keep_the_invariants_and_end(seed, setup, uniform):
    g = play_kaijupoly(seed, KAIJUPOLY_SETUPS[setup], uniform)
    assert g.phase == "over"
    assert g.destroyed  # nobody wins without the Kaiju (or ruin) razing something


def test_kaijupoly_random_games_reach_what_the_invariants_are_about():
    """The sampler's games (on rich and poor tables) do what the invariants are about."""
    seen = set()
    for seed in range(24):
        seen |= play_kaijupoly(seed, KAIJUPOLY_SETUPS[seed % len(KAIJUPOLY_SETUPS)], 0.0).seen
    for name in ("kaiju.arrives", "kaiju.razes", "kaiju.service", "kaiju.rubble", "battle.repelled", "battle.mega",
                 "battle.tie", "battle.destroyed", "troops.bought", "troops.skipped", "troops.cannot", "pay.rent",
                 "pay.rubble", "go.stations", "go.power", "jail.goes", "ruin.sells", "out", "kaiju_roller",
                 "wins", "card.collect"):
        assert f"kaijupoly.{name}" in seen, name
    assert "kaiju rolled by the first general out" in seen


# Poor tables' games: nearly every one reaches a ruined general's last sale.
LAST_SALE_SEEDS = [(seed, POOR_SETUPS[seed % len(POOR_SETUPS)]) for seed in range(12)]


def test_a_ruined_general_s_sale_pays_the_debt_it_raises_enough_for():
    for seed, setup in LAST_SALE_SEEDS:
        play_kaijupoly(seed, setup, 0.0, check_sales=True)


# -- Rey de los Monstruos --------------------------------------------------------------------------


def crowned(g) -> list[int]:
    """Most cities destroyed; among those tied, most deeds; still tied, all of them."""
    n = len(g.players)
    cities = [sum(1 for p, k in g.taken.items() if k == s and g.board[p].kind == "city") for s in range(n)]
    deeds = [sum(1 for k in g.taken.values() if k == s) for s in range(n)]
    most = max(cities)
    tied = [s for s in range(n) if cities[s] == most]
    best = max(deeds[s] for s in tied)
    return [s for s in tied if deeds[s] == best]


def check_king(g, b: dict, action, events) -> None:
    n = len(g.players)
    said = ids(events)
    cities = set(g.board.cities)
    assert set(g.taken) == g.destroyed  # every ruin has its taker, and only ruins are taken
    assert b["destroyed"] <= g.destroyed
    assert all(g.taken[p] == k for p, k in b["taken"].items())  # a taken deed stays its taker's
    new = g.destroyed - b["destroyed"]
    assert len(new) <= 1  # one square per move
    for p in new:  # destroyed by the kaiju whose turn it is, where it stands
        assert g.taken[p] == b["current"] and g.pos[b["current"]] == p
        assert p in cities or g.board[p].service
    for p in cities:
        assert g.level[p] == 0 if p in g.destroyed else 1 <= g.level[p] <= CUARTEL
    assert (g.phase == "over") == (cities <= g.destroyed)  # the end: exactly when every city is down

    # Moves: the kaiju whose turn it is, clockwise, by its one die (1-6) or its two (2-12).
    moved = [s for s in range(n) if g.pos[s] != b["pos"][s]]
    if isinstance(action, Dice):
        me = b["current"]
        assert moved == [me]
        low, high = (1, 6) if action.count == 1 else (2, 12)
        assert low <= (g.pos[me] - b["pos"][me]) % SQUARES <= high
    else:
        assert moved == []

    # Fights: only with the house rule, and only between two kaijus on one square.
    if b["step"] == "kaiju_fight":
        assert g.settings["kaiju_fights"]
        mover, other = b["state"]["mover"], b["state"]["other"]
        assert g.pos[mover] == g.pos[other] and mover == b["current"]
        if "rey-de-los-monstruos.fight.lost" in said:
            assert g.down[mover] and not new and "kaijupoly.battle.starts" not in said  # no city
    if not g.settings["kaiju_fights"]:
        assert not any(g.down) and "rey-de-los-monstruos.step.fight" not in said
    if b["step"] == "battle":
        check_round(g, b["state"]["square"], b["level"][b["state"]["square"]])
    if "kaijupoly.battle.starts" in said:  # a battle always starts against a city that stands
        assert g.battle["odds"] == str(survival(g.battle["start"])) and g.battle["attacker"] == b["current"]

    # Turns: in seat order; a kaiju knocked down spends its next turn getting up.
    if "rey-de-los-monstruos.turn" in said:
        a, c = b["current"], g.current
        skipped, seat = [], a
        while True:
            seat = (seat + 1) % n
            if seat == c:
                break
            skipped.append(seat)
        got_up = [g.players.index(e.line.values["player"]) for e in events
                  if e.line.id == "rey-de-los-monstruos.gets_up"]
        assert got_up == skipped
        for s in skipped:
            assert not g.down[s]
    else:
        assert g.current == b["current"]
    for s in range(n):
        if b["down"][s] and not g.down[s]:
            assert "rey-de-los-monstruos.gets_up" in said
    if g.phase != "over":
        step, _ = g.pending_step()
        if step.kind == "move":
            assert not g.down[g.current]  # a knocked-down kaiju never takes its next turn
    else:
        assert list(g.outcome().winners) == [g.players[s] for s in crowned(g)]


def play_king(seed: int, setup: int, uniform: float):
    players, options = KING_SETUPS[setup]
    g = KingOfMonsters.new(players, options)
    assert all(g.level[p] == CUARTEL for p in g.board.cities)  # a Cuartel in every city
    assert not g.destroyed and not g.taken and g.pos == [0] * len(players)
    rng = random.Random(seed)
    g.seen = set()  # the event ids of the game, for the test that the playouts reach them
    for _ in range(KingOfMonsters.max_actions):
        if g.outcome() is not None:
            break
        action = choose(g, rng, uniform)
        check_notation(g, action)
        found = g.pending_step()
        b = {"step": found[0].kind, "state": dict(found[1]) if found[1] else None, "current": g.current,
             "pos": list(g.pos), "destroyed": set(g.destroyed), "taken": dict(g.taken), "down": list(g.down),
             "level": dict(g.level)}
        events = g.apply(action, LiveChance(rng))
        check_king(g, b, action, events)
        g.seen.update(ids(events))
    assert g.outcome() is not None, "the game did not end within KingOfMonsters.max_actions"
    return g


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), setup=st.integers(0, len(KING_SETUPS) - 1),
       uniform=st.sampled_from([0.0, 0.3, 1.0]))
def test_king_random_games_keep_the_invariants_and_end(seed, setup, uniform):
    g = play_king(seed, setup, uniform)
    assert g.destroyed >= set(g.board.cities)
    winners = g.outcome().winners
    assert winners and set(winners) <= set(g.players)


def test_king_random_games_reach_what_the_invariants_are_about():
    """The sampler's games do fight, knock down, get up, wreck services, repel and raze."""
    seen = set()
    for seed in range(30):
        seen |= play_king(seed, seed % len(KING_SETUPS), 0.0).seen
    for name in ("fight.won", "fight.lost", "fight.tie", "gets_up", "wrecks", "crowned"):
        assert f"rey-de-los-monstruos.{name}" in seen, name
    for name in ("battle.repelled", "battle.mega", "battle.tie", "battle.destroyed"):
        assert f"kaijupoly.{name}" in seen, name

"""18 fantasmas computer opponent: the strength of each level, and its speed.

Each level (easy, normal, hard) plays the random player, the one-move greedy
player and the level above it; "hard" also plays the random and greedy
players against their targets. In a series the player under test is A in
half the games and B in the other half; game i uses seed i, so the same run
gives the same results. "hard" runs at a reduced per-move node budget so the
bench stays within minutes (the app's default, budget=1.0, searches
ai.NODES_PER_SECOND nodes); the softer levels always play as in the app
(fixed depth: no budget). A game that reaches MOVE_CAP actions, or ends
without a winner, counts as not won. Each rate comes with its 95 % Wilson
interval; "clearly" means the whole interval is on one side of 50 %.
Baselines from the same run: the greedy player's own win rate against the
same opponents (in the same seat, same seeds), and the median time the
greedy player took per move.

    scripts/bench_fantasmas.py               (200 games a series; 100 for hard against normal)
    scripts/bench_fantasmas.py --games 40    (40 a series, 20 for hard)
    scripts/bench_fantasmas.py --nodes 3000  (hard's per-move budget)

From scripts/bench.py: `from bench_fantasmas import bench_fantasmas; bench_fantasmas(report)`.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.fantasmas import ai  # noqa: E402
from companion.games.fantasmas.ai_model import OVER, PHASE, TO, WIN, apply  # noqa: E402

GAMES = 200
BENCH_NODES = 4000  # hard's budget per move in the bench (the default budget, budget=1.0, is ai.NODES_PER_SECOND)
MOVE_CAP = 400  # actions per game, both players, placement included
BASIC = {"random": ai.random_model, "greedy": ai.greedy_model}
LEVELS = tuple(ai.LEVELS)  # weakest first


def _move(player: str, cas, s: list[int], rng: random.Random, seed: int, nodes: int) -> int:
    if player in BASIC:
        return BASIC[player](cas, s, rng)
    info = ai.choose_model(cas, s, seed=seed, nodes=nodes, budget=10.0, level=player)
    return ai.to_move(info["action"])


def play(seat: int, player: str, opponent: str, seed: int, nodes: int, cap: int = MOVE_CAP) -> tuple:
    """One game, `player` in `seat`: (winner or None, the player's move times, actions played)."""
    cas, s = ai.to_model(ai.new_position())
    rng = random.Random(seed)
    times = []
    actions = 0
    while s[PHASE] != OVER and actions < cap:
        mover = player if s[TO] == seat else opponent
        start = time.perf_counter()
        m = _move(mover, cas, s, rng, seed * 1000 + actions, nodes)
        if mover == player:
            times.append(time.perf_counter() - start)
        apply(s, m, cas)
        actions += 1
    won = s[WIN] if s[PHASE] == OVER and s[WIN] < 2 else None
    return won, times, actions


def _one(args: tuple) -> tuple:
    i, player, opponent, nodes = args
    seat = i % 2
    won, times, actions = play(seat, player, opponent, i, nodes)
    return won == seat, won is None, times, actions


def series(player: str, opponent: str, games: int, nodes: int, workers: int) -> dict:
    """`player` against `opponent`: wins, draws (no winner or capped), move times, mean actions."""
    jobs = [(i, player, opponent, nodes) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_one, jobs, chunksize=2))
    else:
        results = [_one(j) for j in jobs]
    return {"games": games, "wins": sum(1 for r in results if r[0]), "draws": sum(1 for r in results if r[1]),
            "times": [t for r in results for t in r[2]], "length": statistics.mean(r[3] for r in results)}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(result: dict) -> str:
    low, high = wilson(result["wins"], result["games"])
    return f"{result['wins'] / result['games']:.0%} [{low:.0%}-{high:.0%}]"


def clearly(result: dict, above: bool) -> str:
    low, high = wilson(result["wins"], result["games"])
    ok = low > 0.5 if above else high < 0.5
    return f"{'wins' if above else 'loses'} clearly: {'met' if ok else 'NOT met'}"


def bench_fantasmas(report, games: int = GAMES, nodes: int = BENCH_NODES, workers: int | None = None) -> None:
    workers = workers or min(2, os.cpu_count() or 1)
    baselines = {opp: series("greedy", opp, games, nodes, workers) for opp in BASIC}
    greedy_time = statistics.median(t for b in baselines.values() for t in b["times"])
    targets = {"random": 0.95, "greedy": 0.70}
    times: dict[str, list[float]] = {}
    for index, level in enumerate(LEVELS):
        budget = f"; {nodes} nodes/move" if ai.LEVELS[level] is None else ""
        for opp in BASIC:
            result = series(level, opp, games, nodes, workers)
            times.setdefault(level, []).extend(result["times"])
            if level == "hard":
                verdict = f"target >= {targets[opp]:.0%}: {'met' if result['wins'] / games >= targets[opp] else 'NOT met'}"
            else:
                verdict = clearly(result, above=True)
            report(f"fantasmas {level} vs {opp} ({games} g)", f"{rate(result)} won",
                   f"greedy vs {opp} {rate(baselines[opp])}",
                   f"{verdict}; {result['length']:.0f} act/g{budget}")
        if index + 1 < len(LEVELS):
            above = LEVELS[index + 1]
            n = games if ai.LEVELS[above] is not None else max(2, games // 2)  # hard is the slow one
            result = series(level, above, n, nodes, workers)
            report(f"fantasmas {level} vs {above} ({n} g)", f"{rate(result)} won",
                   f"{result['draws']} without a winner", f"{clearly(result, above=False)}")
    for level in LEVELS:
        median = statistics.median(times[level])
        report(f"fantasmas {level} move, bench", f"{median * 1000:.1f} ms median",
               f"greedy move {greedy_time * 1000:.2f} ms", f"{median / greedy_time:.0f}x greedy")
    move_time, default_nodes, depth = default_move_time()
    report("fantasmas hard move, default budget", f"{move_time * 1000:.0f} ms median",
           f"greedy move {greedy_time * 1000:.2f} ms",
           f"{default_nodes} nodes, depth {depth}; target ~1 s: {'met' if 0.5 <= move_time <= 1.5 else 'NOT met'}")


def default_move_time(samples: int = 6) -> tuple[float, int, int]:
    """Median seconds per move at the default budget (budget=1.0), over mid-game positions."""
    times, depths = [], []
    for i in range(samples):
        cas, s = ai.to_model(ai.new_position())
        rng = random.Random(100 + i)
        for _ in range(18 + 6 * i):
            if s[PHASE] == OVER:
                break
            apply(s, ai.greedy_model(cas, s, rng), cas)
        if s[PHASE] == OVER:
            continue
        start = time.perf_counter()
        info = ai.choose_info(ai.to_dict(cas, s), seed=i)
        times.append(time.perf_counter() - start)
        depths.append(info["depth"])
    return statistics.median(times), ai.NODES_PER_SECOND, int(statistics.median(depths))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--nodes", type=int, default=BENCH_NODES)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--match", nargs=2, metavar=("PLAYER", "OPPONENT"),
                        help="only this series (random, greedy, easy, normal, hard)")
    parser.add_argument("--level", action="append", default=[], metavar="NAME=DEPTH:TEMPERATURE[:ATTENTION]",
                        help="try a softer level's settings (tuning), e.g. easy=1:0.5:0.6")
    args = parser.parse_args(argv)
    for text in args.level:  # set before the worker processes fork
        name, _, spec = text.partition("=")
        depth, temperature, *attention = spec.split(":")
        ai.LEVELS[name] = ai.Level(int(depth), float(temperature), *map(float, attention))

    def report(name: str, value: str, baseline: str, verdict: str) -> None:
        print(f"{name:<38} {value:<22} {baseline:<34} {verdict}", flush=True)

    print(f"{'measure':<38} {'value':<22} {'baseline (same run)':<34} ratio", flush=True)
    if args.match:
        start = time.perf_counter()
        result = series(*args.match, args.games, args.nodes, args.workers or min(2, os.cpu_count() or 1))
        report(f"{args.match[0]} vs {args.match[1]} ({args.games} g)", f"{rate(result)} won",
               f"{result['draws']} without a winner",
               f"{result['length']:.0f} act/g; {time.perf_counter() - start:.0f} s")
        return 0
    bench_fantasmas(report, args.games, args.nodes, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""18 fantasmas computer opponent: its strength and its speed.

Plays the AI against the random player and against the one-move greedy
player (the AI is A in half the games and B in the other half; game i uses
seed i, so the same run gives the same results), at a reduced per-move node
budget so the whole bench stays within a few minutes; a game that reaches
MOVE_CAP actions counts as not won. Baselines from the same run: the greedy
player's own win rate against the same opponents (in the AI's seat, same
seeds), and the median time the greedy player took per move in those games. Targets: >= 95 % vs random, >= 70 % vs greedy.

    scripts/bench_fantasmas.py               (200 + 200 games)
    scripts/bench_fantasmas.py --games 40    (40 + 40)
    scripts/bench_fantasmas.py --nodes 3000  (per-move budget)

From scripts/bench.py: `from bench_fantasmas import bench_fantasmas; bench_fantasmas(report)`.
"""

from __future__ import annotations

import argparse
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
BENCH_NODES = 4000  # per AI move in the bench (the default budget, budget=1.0, is ai.NODES_PER_SECOND)
MOVE_CAP = 400  # actions per game, both players, placement included
OPPONENTS = {"random": ai.random_model, "greedy": ai.greedy_model}


def play(ai_seat: int, opponent: str, seed: int, nodes: int | None, cap: int = MOVE_CAP) -> tuple:
    """One game: (winner or None, AI move times, actions played). nodes=None: the
    greedy player takes the AI's seat (the baseline)."""
    cas, s = ai.to_model(ai.new_position())
    rng = random.Random(seed)
    other = OPPONENTS[opponent]
    times = []
    actions = 0
    while s[PHASE] != OVER and actions < cap:
        if s[TO] == ai_seat:
            if nodes is None:
                start = time.perf_counter()
                m = ai.greedy_model(cas, s, rng)
                times.append(time.perf_counter() - start)
            else:
                start = time.perf_counter()
                info = ai.choose_model(cas, s, seed=seed * 1000 + actions, nodes=nodes, budget=10.0)
                times.append(time.perf_counter() - start)
                m = ai.to_move(info["action"])
        else:
            m = other(cas, s, rng)
        apply(s, m, cas)
        actions += 1
    won = s[WIN] if s[PHASE] == OVER and s[WIN] < 2 else None
    return won, times, actions


def _one(args: tuple) -> tuple:
    i, opponent, nodes = args
    seat = i % 2
    won, times, actions = play(seat, opponent, i, nodes)
    return won == seat, times, actions


def series(opponent: str, games: int, nodes: int | None, workers: int) -> tuple[float, list[float], float]:
    """(win rate, AI move times, mean actions per game)."""
    jobs = [(i, opponent, nodes) for i in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_one, jobs, chunksize=4))
    else:
        results = [_one(j) for j in jobs]
    wins = sum(1 for won, _, _ in results if won)
    times = [t for _, ts, _ in results for t in ts]
    return wins / games, times, statistics.mean(a for _, _, a in results)


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


def bench_fantasmas(report, games: int = GAMES, nodes: int = BENCH_NODES, workers: int | None = None) -> None:
    workers = workers or min(2, os.cpu_count() or 1)
    targets = {"random": 0.95, "greedy": 0.70}
    all_times: list[float] = []
    greedy_times: list[float] = []
    for opponent, target in targets.items():
        base, base_times, _ = series(opponent, games, None, workers)
        rate, times, length = series(opponent, games, nodes, workers)
        all_times += times
        greedy_times += base_times
        verdict = f"target >= {target:.0%}: {'met' if rate >= target else 'NOT met'}; {nodes} nodes/move"
        report(f"fantasmas AI vs {opponent} ({games} games)", f"{rate:.1%} won ({length:.0f} act/g)",
               f"greedy vs {opponent} {base:.1%}", verdict)
    greedy_time = statistics.median(greedy_times)  # the greedy player's moves in the baseline games
    median = statistics.median(all_times)
    report(f"fantasmas AI move, bench ({nodes} nodes)", f"{median * 1000:.1f} ms median",
           f"greedy move {greedy_time * 1000:.2f} ms", f"{median / greedy_time:.0f}x greedy")
    move_time, default_nodes, depth = default_move_time()
    report("fantasmas AI move, default budget", f"{move_time * 1000:.0f} ms median",
           f"greedy move {greedy_time * 1000:.2f} ms",
           f"{default_nodes} nodes, depth {depth}; target ~1 s: {'met' if 0.5 <= move_time <= 1.5 else 'NOT met'}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--nodes", type=int, default=BENCH_NODES)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)

    def report(name: str, value: str, baseline: str, verdict: str) -> None:
        print(f"{name:<38} {value:<22} {baseline:<34} {verdict}", flush=True)

    print(f"{'measure':<38} {'value':<22} {'baseline (same run)':<34} ratio", flush=True)
    bench_fantasmas(report, args.games, args.nodes, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

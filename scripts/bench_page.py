"""The table page under 30 viewers: one server process (`companion table FILE --serve`) and
30 event streams, as 30 phones would hold them. Figures beside baselines from the same run
(the server with no viewer, one viewer) and beside the old figures of one textual-serve
process per viewer (issue 25, measured on this 2-core machine: 42 MiB each, 1.3 GiB and
21 s for 30 phones to join, updates under 0.3 s)."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "tableserve"))

VIEWERS = 30
ACTIONS = 12


def _rss(pid: int) -> int:
    """Resident memory of a process and its children, in bytes."""
    total = 0
    pids = [pid]
    try:
        pids += [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for each in pids:
        for line in Path(f"/proc/{each}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


async def _viewer(url: str, first: asyncio.Event, states: list[float]) -> None:
    import aiohttp

    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None)) as client:
        async with client.get(url) as response:
            async for raw in response.content:
                if raw.startswith(b"event: state"):
                    states.append(time.perf_counter())
                    first.set()


async def _run(save: Path, url: str, pid: int, report) -> None:
    from companion.core.session import Session

    idle = _rss(pid)

    async def join(count: int):
        firsts = [asyncio.Event() for _ in range(count)]
        states: list[list[float]] = [[] for _ in range(count)]
        start = time.perf_counter()
        tasks = [asyncio.create_task(_viewer(url + "events", f, s)) for f, s in zip(firsts, states)]
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in firsts)), 60)
        return tasks, states, time.perf_counter() - start

    async def latencies(states, tasks) -> list[float]:
        found = []
        session = Session.load(save)
        rng = random.Random(7)
        try:
            for _ in range(ACTIONS):
                await asyncio.sleep(0.15)
                seen = [len(s) for s in states]
                if session.outcome() is not None:
                    break
                sent = time.perf_counter()
                session.act(session.game.notation(session.game.sample_action(rng)))
                deadline = time.perf_counter() + 5
                while any(len(s) <= n for s, n in zip(states, seen)) and time.perf_counter() < deadline:
                    await asyncio.sleep(0.002)
                found += [s[n] - sent for s, n in zip(states, seen) if len(s) > n]
        finally:
            session.close()
        return found

    tasks, states, one_join = await join(1)
    one = await latencies(states, tasks)
    for t in tasks:
        t.cancel()
    await asyncio.sleep(0.3)
    tasks, states, join_all = await join(VIEWERS)
    await asyncio.sleep(0.5)
    memory = _rss(pid)
    many = await latencies(states, tasks)
    for t in tasks:
        t.cancel()
    mib = lambda b: f"{b / 2**20:.1f} MiB"  # noqa: E731
    report(f"table page: memory, {VIEWERS} viewers", mib(memory), f"no viewer {mib(idle)}; old {VIEWERS}x42 MiB",
           f"{memory / idle:.2f}x idle; {memory / (VIEWERS * 42 * 2**20):.3f}x old (target <= 150 MiB)")
    report(f"table page: all {VIEWERS} get a state", f"{join_all * 1000:.0f} ms",
           f"1 viewer {one_join * 1000:.0f} ms; old 21 s", f"{join_all / 21:.3f}x old (target <= 2 s)")
    report(f"table page: update, {VIEWERS} viewers",
           f"median {statistics.median(many) * 1000:.0f} ms", f"1 viewer median {statistics.median(one) * 1000:.0f} ms",
           f"{statistics.median(many) / statistics.median(one):.2f}x; max {max(many) * 1000:.0f} ms "
           f"(target median <= 200 ms; old < 300 ms)")


def bench_page(report) -> None:
    from pagesaves import moment_save

    with tempfile.TemporaryDirectory() as folder:
        save = moment_save("halloween", Path(folder))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "companion", "table", str(save), "--serve", "--port", str(port)],
                                  cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            address = server.stdout.readline().split()[-1]
            asyncio.run(_run(save, address, server.pid, report))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    bench_page(lambda *cols: print("  ".join(cols), flush=True))

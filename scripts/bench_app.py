"""Benchmarks of the app at any length of game (the issue "Fast and lean at
any length of game"): each figure beside a baseline measured in the same run.

- screens: key press to the next paint on every game screen, with presses
  spaced as a person's (60 ms), after 10, 500 and 2,000 actions played (or
  as many as a random game of that kind lasts); Halloween at a turn's start
  and in a costume fight's auction, the first one after that many actions
  (or the last one of the longest game);
- memory: peak RSS after 2,000 actions played through the app, against the
  RSS right after start;
- session: `Session.act` (rules + journal) at action 10 and 2,000 against a
  bare append + fsync of the same bytes; undo and redo at 2,000 actions;
- cli: `companion show` and `companion act` on a 2,000-action save against
  `python -c "import textual"`.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAP = 0.06  # seconds between presses: a person's pace, not back to back
LENGTHS = (10, 500, 2000)
HALLOWEEN = ["Ana", "Luis", "Eva", "Iker", "Maite"]
SCREENS = (  # (label, game, players, options[, the steps to stop at])
    ("dice duel", "dice-duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}),
    ("gauekos", "gauekos", [f"P{n}" for n in range(1, 29)], {}),
    ("halloween turn", "halloween", HALLOWEEN, {}, ("start",)),
    ("halloween auction", "halloween", HALLOWEEN, {}, ("auction", "auction_bids")),
    ("18 fantasmas", "18-fantasmas", ["Ana", "Bo"], {}),
    ("alien 1979", "alien-1979", ["Ana", "Bea", "Carlos", "Dani"], {}),
    ("kaijupoly", "kaijupoly", ["Ana", "Bea", "Carlos"], {}),
    ("rey de los monstruos", "rey-de-los-monstruos", ["Ane", "Iker", "Lur"], {"kaiju_fights": True}),
)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def played_session(game: str, players, options, actions: int, path: Path | None = None, seed: int = 7,
                   steps: tuple[str, ...] | None = None):
    """A session after `actions` random actions; where no game of this kind lasts that long,
    the longest of a few seeds, played to its end. With `steps` (of the game's public state),
    played on to the first of those steps; where none comes after `actions`, the last one of
    the game that gets furthest."""
    from companion.core.session import Session

    def play(seed_: int, path_: Path | None, actions_: int):
        if path_ is not None and path_.exists():
            path_.unlink()
        session = Session.new(game, players, options, seed=seed_, path=path_)
        rng = random.Random(seed_)
        last = None  # how many actions were played when one of `steps` last came
        while session.outcome() is None:
            at_step = steps is None or session.game.public_state().get("step") in steps
            if at_step:
                last = len(session.played)
                if last >= actions_:
                    break
            session.act(session.game.notation(session.game.sample_action(rng)))
        if steps is None:
            last = len(session.played)
        return session, last

    lengths = {}
    for candidate in range(seed, seed + 6):
        session, last = play(candidate, path, actions)
        if last is not None and last >= actions:
            return session
        lengths[candidate] = len(session.played) if steps is None else (last or 0)
        session.close()
    best = max(lengths, key=lengths.get)
    return play(best, path, actions if steps is None else lengths[best])[0]


async def paint_times(app, key: str, action: str, presses: int, *, owner: str = "screen",
                      gap: float = GAP) -> list[float]:
    """Post `key` as a real Key event `presses` times, `gap` seconds apart, and time each until
    the first refresh after `action` (on the app or its screen) ran: Pilot's press()+pause()
    would mostly measure the test harness."""
    from textual import events

    times = []
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        await pilot.pause()
        target = app if owner == "app" else app.screen
        original = getattr(target, action)
        done = asyncio.Event()

        def timed(*args, **kwargs):
            result = original(*args, **kwargs)
            target.call_after_refresh(done.set)
            return result

        setattr(target, action, timed)
        for _ in range(presses):
            done.clear()
            start = time.perf_counter()
            app.post_message(events.Key(key, key))
            await asyncio.wait_for(done.wait(), 10)
            times.append(time.perf_counter() - start)
            await asyncio.sleep(gap)
    return times


class _Counter:
    """The baseline app: one Static whose number a key bumps."""

    @staticmethod
    def make(key: str):
        from textual.app import App
        from textual.widgets import Static

        class Counter(App):
            BINDINGS = [(key, "bump", "bump")]
            count = 0

            def compose(self):
                yield Static("0", id="n")

            def action_bump(self) -> None:
                self.count += 1
                self.query_one("#n", Static).update(str(self.count))

        return Counter()


def _bare_paint(presses: int) -> float:
    return statistics.median(asyncio.run(paint_times(_Counter.make("v"), "v", "action_bump", presses,
                                                     owner="app")))


def bench_screens(report, presses: int = 30) -> None:
    """`v` (show or hide the secrets) redraws the whole game view: the update a key makes."""
    from companion.speech.backends import RecordingBackend
    from companion.speech.narrator import Narrator
    from companion.tui.app import create_app

    bare = _bare_paint(presses)
    for label, game, players, options, *steps in SCREENS:
        figures = []
        for length in LENGTHS:
            session = played_session(game, players, options, length, steps=steps[0] if steps else None)
            app = create_app(narrator=Narrator(RecordingBackend(), lang="es"), session=session,
                             home=Path(tempfile.mkdtemp()), mute=True)
            median = statistics.median(asyncio.run(paint_times(app, "v", "action_reveal", presses)))
            figures.append((len(session.played), median))
        first = figures[0][1]
        for played, median in figures:
            report(f"key to paint, {label} at {played}", ms(median), f"bare counter app {ms(bare)}",
                   f"{median / bare:.1f}x; {median / first:.2f}x its first (target <= 16 ms, flat 1.2x)")


MEMORY_CHILD = r"""
import asyncio, random, sys, tempfile, time
from pathlib import Path
from companion.core.session import Session
from companion.speech.backends import RecordingBackend
from companion.speech.narrator import Narrator
from companion.tui.app import create_app
from companion.tui.log import EventLog

def rss(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1])

async def main():
    session = Session.new("duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}, seed=3,
                          path=Path(tempfile.mkdtemp()) / "m.toml")
    app = create_app(narrator=Narrator(RecordingBackend(), lang="es"), session=session,
                     home=Path(tempfile.mkdtemp()), mute=True)
    rng = random.Random(3)
    async with app.run_test(headless=True, size=(80, 24)) as pilot:
        await pilot.pause()
        start, start_peak, full = rss("VmRSS:"), rss("VmHWM:"), 0
        bound = time.monotonic() + float(sys.argv[2])
        for _ in range(int(sys.argv[1])):
            if session.outcome() is not None or time.monotonic() > bound:
                break
            app.screen.submit(session.game.notation(session.game.sample_action(rng)))
            await pilot.pause()
            if len(session.played) == EventLog.KEEP:  # the log's window is full from here on
                full = rss("VmRSS:")
        print(start, start_peak, full, rss("VmHWM:"), len(session.played), EventLog.KEEP)

asyncio.run(main())
"""


def bench_memory(report, actions: int = 2000, seconds: float = 600) -> None:
    """Played through the app's own submit, in one process: the peak RSS (VmHWM) at the end
    against the RSS once the first screen is idle (and the peak then, should start-up have
    peaked higher). Bounded in time (a slow machine reaches fewer actions, and the figure says
    how many). The second figure is the growth once the log holds its `KEEP` actions: what
    every further action costs (the played actions and their events, and Textual's bounded
    caches filling)."""
    out = subprocess.run([sys.executable, "-c", MEMORY_CHILD, str(actions), str(seconds)], capture_output=True, text=True,
                         check=True, env={**os.environ, "COMPANION_HOME": tempfile.mkdtemp()})
    start, start_peak, full, peak, played, keep = (int(x) for x in out.stdout.split())
    at_start = f"right after start {start / 1024:.0f} MiB"
    if start_peak > start:
        at_start += f" (peak {start_peak / 1024:.0f})"
    report(f"peak RSS after {played} actions", f"{peak / 1024:.0f} MiB", at_start,
           f"{peak / start:.2f}x (target <= 1.2x)")
    if full and played > keep:
        report(f"RSS growth, actions {keep} to {played}", f"{(peak - full) / 1024:+.1f} MiB",
               f"at {keep} (log full) {full / 1024:.0f} MiB",
               f"{(peak - full) / (played - keep) * 1000 / 1024:.1f} MiB per 1,000 actions")


def bench_session(report) -> None:
    folder = Path(tempfile.mkdtemp())

    def act_cost(size: int) -> tuple[float, float]:
        session = played_session("dice-duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}, size,
                                 folder / f"s{size}.toml")
        rng = random.Random(size)
        acts, raws = [], []
        fd = os.open(folder / f"raw{size}.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        for _ in range(100):
            text = session.game.notation(session.game.sample_action(rng))
            start = time.perf_counter()
            session.act(text)
            acts.append(time.perf_counter() - start)
            block = session.played[-1].entry.to_block()
            start = time.perf_counter()
            os.write(fd, block)
            os.fsync(fd)
            raws.append(time.perf_counter() - start)
        os.close(fd)
        if size >= 2000:
            undo = statistics.median(_timed(session.undo) for _ in range(5))
            redo = statistics.median(_timed(session.redo) for _ in range(5))
            report(f"undo at {len(session.played)} actions", ms(undo), f"raw write+fsync {ms(statistics.median(raws))}",
                   f"{undo * 1000:.1f} ms (target <= 50 ms)")
            report(f"redo at {len(session.played)} actions", ms(redo), f"raw write+fsync {ms(statistics.median(raws))}",
                   f"{redo * 1000:.1f} ms (target <= 50 ms)")
        session.close()
        return statistics.median(acts), statistics.median(raws)

    small, raw_small = act_cost(10)
    large, raw_large = act_cost(2000)
    report("Session.act at action 10", ms(small), f"append+fsync {ms(raw_small)}",
           f"{small / raw_small:.2f}x (target <= 1.5x)")
    report("Session.act at action 2000", ms(large), f"append+fsync {ms(raw_large)}",
           f"{large / raw_large:.2f}x; {large / small:.2f}x action 10 (target <= 1.5x, flat 1.2x)")


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _process(args: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_cli(report) -> None:
    folder = Path(tempfile.mkdtemp())
    path = folder / "long.toml"
    session = played_session("dice-duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}, 2000, path)
    action = session.game.notation(session.game.sample_action(random.Random(1)))
    count = len(session.played)
    session.close()
    base = _process([sys.executable, "-c", "import textual"])
    show = _process([sys.executable, "-m", "companion", "show", str(path)])
    report(f"companion show, {count} actions", ms(show), f"python -c 'import textual' {ms(base)}",
           f"{show / base:.2f}x (target <= 1.0x)")
    copy = folder / "copy.toml"
    times = []
    for _ in range(5):
        copy.write_bytes(path.read_bytes())
        times.append(_process([sys.executable, "-m", "companion", "act", str(copy), action], runs=1))
    act = statistics.median(times)
    report(f"companion act, {count} actions", ms(act), f"python -c 'import textual' {ms(base)}",
           f"{act / base:.2f}x (target <= 1.0x)")

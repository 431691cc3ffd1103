"""Benchmarks: every figure is printed beside a baseline measured in the
same run on the same machine, as a ratio, so the numbers mean something
whatever the machine. Targets from the foundation issue are shown; nothing
here fails a build (no timing assertions anywhere in the tests).

    scripts/bench            all
    scripts/bench journal    only the journal figures (also: startup, keys, speech, engines,
                             screens, memory, session, cli, fantasmas, voices, page)
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

ROOT = Path(__file__).resolve().parents[1]
RESULTS: list[tuple[str, str, str, str]] = []


def report(name: str, value: str, baseline: str, verdict: str) -> None:
    RESULTS.append((name, value, baseline, verdict))
    print(f"{name:<38} {value:<22} {baseline:<34} {verdict}", flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


# -- start-up -------------------------------------------------------------------
# Each child process exits as soon as its first screen is ready (Textual's
# auto_pilot runs then), so the figure is process start to first screen.

_READY = """
import sys
async def ready(pilot):
    pilot.app.exit()
app.run(headless=True, auto_pilot=ready)
"""

BARE_APP = """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
app = Bare()
""" + _READY

# The start screen's widget kinds with no companion code: how much is Textual's own cost.
SAME_WIDGETS_APP = """
from textual.app import App
from textual.containers import Horizontal
from textual.widgets import (Button, Checkbox, Footer, Input, OptionList, RadioButton, RadioSet,
                             Select, Static, TabbedContent, TabPane)
class Same(App):
    def compose(self):
        with Horizontal():
            yield Static("companion")
            yield RadioSet(RadioButton("es", value=True), RadioButton("en"), RadioButton("eu"), compact=True)
        with TabbedContent():
            with TabPane("new"):
                yield Select([("a", 1), ("b", 2)], value=1, allow_blank=False, compact=True)
                yield Input(compact=True)
                yield Input("30", compact=True)
                yield Checkbox("off", compact=True)
                yield Input(compact=True)
                yield Button("start", compact=True)
            with TabPane("saves"):
                yield OptionList(compact=True)
            with TabPane("dice"):
                yield Button("dice", compact=True)
        yield Footer(compact=True)
app = Same()
""" + _READY

COMPANION_APP = """
from companion.tui.app import create_app
app = create_app(mute=True)
""" + _READY


def _time_process(code: str, runs: int) -> float:
    times = []
    env = {**os.environ, "COMPANION_HOME": tempfile.mkdtemp()}
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_startup(runs: int = 7) -> None:
    # Textual was byte-compiled when pip installed it; compile companion too (as
    # its own install or any second launch would), or this figure would time the
    # compiler wherever PYTHONDONTWRITEBYTECODE is set.
    import compileall

    compileall.compile_dir(ROOT / "companion", quiet=2)
    bare = _time_process(BARE_APP, runs)
    same = _time_process(SAME_WIDGETS_APP, runs)
    ours = _time_process(COMPANION_APP, runs)
    report("start to first screen", ms(ours), f"same widgets, no companion {ms(same)}",
           f"{ours / same:.2f}x (target <= 1.2x)")
    report("start to first screen", ms(ours), f"bare Textual app {ms(bare)}",
           f"{ours / bare:.2f}x (target <= 1.5x; the same widgets alone: {same / bare:.2f}x)")


# -- key press to screen update ---------------------------------------------------------
# Pilot's press()+pause() mostly measures the test harness (pause waits on every
# widget), so each key is posted as a real Key event and timed until the first
# screen refresh after its action ran.


def bench_keys(presses: int = 200) -> None:
    """The dice screen, presses back to back (the screens bench spaces them as a person would)."""
    from bench_app import _Counter, paint_times

    from companion.speech.backends import RecordingBackend
    from companion.speech.narrator import Narrator
    from companion.tui.app import create_app

    bare = statistics.median(asyncio.run(paint_times(_Counter.make("6"), "6", "action_bump", presses, owner="app",
                                                     gap=0)))
    app = create_app(narrator=Narrator(RecordingBackend(), lang="es"), seed=1, start="dice",
                     home=Path(tempfile.mkdtemp()))
    ours = statistics.median(asyncio.run(paint_times(app, "6", "action_roll", presses, gap=0)))  # roll a d6
    report("key press to screen update (median)", ms(ours), f"bare counter app {ms(bare)}",
           f"{ours / bare:.2f}x; {ours * 1000:.1f} ms (target <= 16 ms)")


# -- speech ------------------------------------------------------------------------------


def bench_speech(runs: int = 5) -> None:
    import shutil
    import threading

    from companion.speech.backends import make_backend
    from companion.speech.narrator import Narrator

    text = "Se despierta la Sorgiña. Sorgiña, elige a quién quieres conocer esta noche."
    if not shutil.which("espeak-ng"):
        report("say to first audio bytes", "skipped", "espeak-ng is not installed", "-")
        return
    base_times = []
    for _ in range(runs):
        out = Path(tempfile.mkdtemp()) / "b.wav"
        start = time.perf_counter()
        subprocess.run(["espeak-ng", "-v", "es", "-w", str(out), text], check=True)
        base_times.append(time.perf_counter() - start)
    ready = threading.Event()
    stamp: list[float] = []

    def on_audio(_path) -> None:
        stamp.append(time.perf_counter())
        ready.set()

    backend, _notice = make_backend("auto")
    narrator = Narrator(backend, lang="es", on_audio_ready=on_audio)
    times = []
    for _ in range(runs):
        ready.clear()
        stamp.clear()
        start = time.perf_counter()
        narrator.say_text(text)
        if not ready.wait(10):
            break
        times.append(stamp[0] - start)
        narrator.stop()
    narrator.close()
    if not times:
        report("say to first audio bytes", "no audio written", type(backend).__name__, "-")
        return
    ours, base = statistics.median(times), statistics.median(base_times)
    report("say to first audio bytes", ms(ours), f"espeak-ng CLI to WAV {ms(base)}",
           f"{ours / base:.2f}x; {ours * 1000:.0f} ms (target <= 100 ms)")


# -- journal --------------------------------------------------------------------------------


def _long_game(path: Path, actions: int):
    from companion.core.session import Session

    session = Session.new("duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}, seed=7, path=path)
    rng = random.Random(7)
    while len(session.played) < actions and session.outcome() is None:
        session.act(session.game.notation(session.game.sample_action(rng)))
    return session


def bench_journal() -> None:
    import tomllib

    from companion.core.session import Session

    folder = Path(tempfile.mkdtemp())
    big = _long_game(folder / "big.toml", 2000)
    big.close()
    count = len(big.played)
    data = (folder / "big.toml").read_text()
    from bench_app import _timed

    parse = statistics.median(_timed(lambda: tomllib.loads(data)) for _ in range(5))
    replay = statistics.median(_timed(lambda: Session.load(folder / "big.toml")) for _ in range(5))
    report(f"replay of a {count}-action journal", ms(replay), f"tomllib parse of it {ms(parse)}",
           f"{replay / parse:.1f}x; {replay * 1000:.0f} ms (target <= 100 ms)")

    # The cost of appending an action is `Session.act`'s, measured by bench_app.bench_session.


def main(argv: list[str]) -> int:
    chosen = set(argv) or {"startup", "keys", "speech", "journal", "engines", "screens", "memory", "session", "cli",
                            "fantasmas", "voices", "page"}
    print(f"{'measure':<38} {'value':<22} {'baseline (same run)':<34} ratio", flush=True)
    import bench_app

    for name in ("screens", "memory", "session", "cli"):
        if name in chosen:
            getattr(bench_app, f"bench_{name}")(report)
    if "page" in chosen:
        from bench_page import bench_page

        bench_page(report)
    if "fantasmas" in chosen:
        from bench_fantasmas import bench_fantasmas

        bench_fantasmas(report)
    if "engines" in chosen:
        from bench_engines import bench_engines

        bench_engines(report)
    if "journal" in chosen:
        bench_journal()
    if "speech" in chosen:
        bench_speech()
    if "voices" in chosen:
        from bench_voices import bench_voices

        bench_voices(report)
    if "keys" in chosen:
        bench_keys()
    if "startup" in chosen:
        bench_startup()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

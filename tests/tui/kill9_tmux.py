"""Pull the plug on the app: `companion play FILE --mute` runs in a tmux pane
while keys are sent at a person's pace (number keys to choose, ctrl+z to
undo, ctrl+y to redo); at a random moment the pane is captured and the app
is killed with SIGKILL. Then the save must load with no damage and hold what
the screen showed as done: the log's count of actions and its last entry.

Every numbered log entry on the screen must be in the save with the notation
shown. The screen can only lag the save (an action is saved before it is
shown), so the save may hold more than the log showed; the one exception
allowed the other way is an undo sent last that landed after the capture
(the save then holds one action fewer). When the save holds exactly what the
log showed, the screen's prompt must be the saved game's prompt. Anything
else (a shown action not saved, a damaged save) is a failure.

Run 100 kills by hand with `scripts/kill9-tui` (about 6 minutes); the test
suite runs 10 (tests/tui/test_kill9_tmux.py).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["1"] * 6 + ["2"] * 3 + ["3", "4", "5", "6"] + ["C-z"] * 4 + ["C-y"] * 2
# The log is the right-hand column (read from its left border, where its box
# starts); toasts may cover its right end, never its left.
_LOG_ENTRY = re.compile(r"^│ (\d+)\. (.*?)(?:\s{2,}|\s*[│▌]|\s*$)")


def tmux_available() -> bool:
    return shutil.which("tmux") is not None and sys.platform != "win32"


@dataclass
class Tally:
    kills: int = 0
    keys: int = 0
    settled: int = 0  # the save is exactly what the screen showed
    ahead: int = 0  # the save holds more than the log showed (saved, not yet shown)
    undone_after: int = 0  # the last key (ctrl+z) undid one after the capture
    lost: int = 0  # an action the screen showed that the save does not hold
    prompt_differs: int = 0  # same actions, yet the screen asked something else
    damaged: int = 0
    unreadable_screen: int = 0
    notes: list[str] = field(default_factory=list)

    def report(self) -> str:
        return (f"{self.kills} kills after {self.keys} keys: {self.settled} saves exactly as shown, "
                f"{self.ahead} saves ahead of the screen (saved, not yet shown), "
                f"{self.undone_after} one undo ahead; {self.lost} shown actions lost, {self.damaged} damaged, "
                f"{self.prompt_differs} prompts differing, {self.unreadable_screen} screens unread")


class Pane:
    def __init__(self, socket: str, width: int = 200, height: int = 40) -> None:
        self.socket = socket
        self.width, self.height = width, height

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True).stdout

    def start(self, command: str) -> int:
        self.tmux("kill-session", "-t", "app")
        self.tmux("new-session", "-d", "-s", "app", "-x", str(self.width), "-y", str(self.height), command)
        return int(self.tmux("display", "-p", "-t", "app", "#{pane_pid}").strip())

    def capture(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "app")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "app", *keys)

    def close(self) -> None:
        self.tmux("kill-server")


def shown_log(screen: str) -> list[tuple[int, str]] | None:
    """The log's entries on screen, (number, notation) each; [] for an empty log, None for no log."""
    lines = screen.splitlines()
    top = next((n for n, line in enumerate(lines) if "╭─ Log" in line), None)
    if top is None:
        return None
    column = lines[top].index("╭─ Log")
    entries = [_LOG_ENTRY.search(line[column:]) for line in lines[top + 1:]]
    return [(int(m.group(1)), m.group(2)) for m in entries if m]


def wait_for(pane: Pane, ready, timeout: float = 20.0) -> str:
    deadline = time.monotonic() + timeout
    while True:
        screen = pane.capture()
        if ready(screen) or time.monotonic() > deadline:
            return screen
        time.sleep(0.05)


def new_save(path: Path, seed: int) -> None:
    from companion.core.session import Session

    path.unlink(missing_ok=True)
    Session.new("duel", ["Ana", "Luis"], {"target": 60}, seed=seed, lang="en", path=path).close()


def one_kill(pane: Pane, save: Path, rng: random.Random, tally: Tally) -> None:
    from companion.core.session import Session
    from companion.core.language import render
    from companion.tui.widgets import shown_notation

    env = f"COMPANION_HOME={save.parent}"
    pid = pane.start(f"cd {ROOT} && {env} exec {sys.executable} -m companion play {save} --mute")
    # The whole first screen, not a capture in the middle of its first paint (log and keys
    # already drawn, the prompt at the top not yet).
    screen = wait_for(pane, lambda s: shown_log(s) is not None and "Undo" in s and "─ Now" in s)
    last = None
    for number in range(rng.randint(1, 12)):
        if number:
            time.sleep(rng.uniform(0.08, 0.35))  # a person's pace
        last = rng.choice(KEYS)
        pane.keys(last)
        tally.keys += 1
    time.sleep(rng.choice([0.0, rng.uniform(0.0, 0.03), rng.uniform(0.0, 0.3)]))  # often while it works
    screen = pane.capture()
    os.kill(pid, signal.SIGKILL)
    tally.kills += 1
    time.sleep(0.05)
    shown = shown_log(screen)
    try:
        session = Session.load(save)
    except Exception as exc:  # noqa: BLE001 - counted, then asserted on
        tally.damaged += 1
        tally.notes.append(f"kill {tally.kills}: {exc}")
        return
    try:
        if shown is None:
            tally.unreadable_screen += 1
            tally.notes.append(f"kill {tally.kills}: no log on screen:\n{screen}")
            return
        count = shown[-1][0] if shown else 0
        played = session.played
        wrong = [(n, notation) for n, notation in shown
                 if n <= len(played) and shown_notation(played[n - 1], False) != notation]
        prompt = render(session.expects().title, "en") if session.outcome() is None else ""
        if wrong:
            tally.lost += 1
            tally.notes.append(f"kill {tally.kills}: the screen showed {wrong}, the save holds otherwise")
        elif count > len(played):
            if last == "C-z" and count == len(played) + 1:
                tally.undone_after += 1  # the undo sent last landed after the capture
            else:
                tally.lost += 1
                tally.notes.append(f"kill {tally.kills}: screen {shown}, save {len(played)} "
                                   f"({[p.entry.notation for p in played[-3:]]}), last key {last}:\n{screen}")
        elif count < len(played):
            tally.ahead += 1  # saved, not shown yet: the log had not caught up
        elif prompt in "\n".join(screen.splitlines()[:4]):
            tally.settled += 1
        else:
            tally.prompt_differs += 1
            tally.notes.append(f"kill {tally.kills}: the save says {prompt!r}, the screen:\n{screen}")
    finally:
        over = session.outcome() is not None
        session.close()
    if over:
        new_save(save, rng.randrange(1 << 30))


def run_kills(kills: int, folder: Path, seed: int = 0) -> Tally:
    """`kills` kills on a game that goes on from kill to kill (a fresh one every 10)."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "kill9.toml"
    pane = Pane(f"companion-kill9-{os.getpid()}")
    tally = Tally()
    try:
        for number in range(kills):
            if number % 10 == 0:
                new_save(save, seed * 1000 + number)
            one_kill(pane, save, rng, tally)
    finally:
        pane.close()
    return tally


def main(argv: list[str]) -> int:
    import tempfile

    kills = int(argv[0]) if argv else 100
    with tempfile.TemporaryDirectory() as folder:
        started = time.monotonic()
        tally = run_kills(kills, Path(folder), seed=int(argv[1]) if len(argv) > 1 else 0)
    print(tally.report(), f"in {time.monotonic() - started:.0f} s")
    for note in tally.notes:
        print(note)
    return 0 if tally.lost == tally.damaged == tally.unreadable_screen == tally.prompt_differs == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

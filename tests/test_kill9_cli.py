"""Trust at the table, from the command line: `companion act` saves a batch
whole or not at all, prints nothing it has not saved, refuses a second
writer, and a closed pipe never hides a lost save.

The kill -9 harness runs real `python -m companion act FILE a b c ...`
processes (batches of 1-20 actions from seeded random playouts of the dice
duel, Gauekos and Halloween), kills each with SIGKILL at a random moment,
and checks the save against what the process printed and against the
playout it was given.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.cli import _played_lines
from companion.core.journal import read
from companion.core.registry import find_game
from companion.core.session import Session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL and flock are POSIX")

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("duel", "gauekos", "halloween")


def companion(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=ROOT, **kwargs)


def players_for(game_cls) -> list[str]:
    return [f"P{n}" for n in range(1, max(game_cls.min_players, min(4, game_cls.max_players)) + 1)]


def playout(name: str, seed: int, length: int) -> Session:
    """A seeded random playout in memory: the actions every run is compared with."""
    game_cls = find_game(name)
    session = Session.new(game_cls, players_for(game_cls), seed=seed, lang="en")
    rng = random.Random(seed)
    while session.outcome() is None and len(session.played) < length:
        session.act(session.game.notation(session.game.sample_action(rng)))
    return session


def same_action(a, b) -> bool:
    return a.notation == b.notation and a.draws == b.draws  # `at` is the time it was played


@dataclass
class Tally:
    runs: int = 0
    killed_mid_run: int = 0  # the process was still running when killed
    killed_after_save: int = 0  # ... and its batch was saved already (killed while printing)
    whole: int = 0  # batches saved whole
    none: int = 0  # batches not saved at all
    partial_raw: int = 0  # a part of a batch in the file before anyone reopened it
    partial: int = 0  # a part of a batch in the save once opened by a writer
    rolled_back: int = 0  # half-written batches the next writer cut back
    printed: int = 0  # actions printed as accepted
    printed_lost: int = 0  # printed as accepted, not in the save
    printed_wrong: int = 0  # printed differently from what the save holds
    content_wrong: int = 0  # a saved action that is not the playout's
    damaged: int = 0
    notes: list[str] = field(default_factory=list)


def printed_actions(out: str, batch: list[str]) -> list[tuple[str, list[str]]]:
    """The actions the process printed (complete lines only): (notation, event lines)."""
    lines = out.split("\n")
    complete = lines[:-1]  # the last piece has no newline: cut off by the kill, or empty
    printed: list[tuple[str, list[str]]] = []
    for line in complete:
        if len(printed) < len(batch) and line == f"{batch[len(printed)]}:":
            printed.append((batch[len(printed)], []))
        elif line.startswith("  ") and printed:
            printed[-1][1].append(line)
    return printed


def one_run(tmp: Path, run: int, tally: Tally, life: float) -> None:
    rng = random.Random(1000 + run)
    name = GAMES[run % len(GAMES)]
    before, size = rng.randint(0, 8), rng.randint(1, 20)
    expected = playout(name, run, before + size)
    entries = [p.entry for p in expected.played]
    before = min(before, len(entries) - 1)
    batch = [e.notation for e in entries[before:]]
    save = tmp / f"run{run}.toml"
    game_cls = find_game(name)
    start = Session.new(game_cls, players_for(game_cls), seed=run, lang="en", path=save)
    for entry in entries[:before]:
        start.act(entry.notation)
    start.close()

    proc = companion("act", str(save), "--private", "--lang", "en", "--", *batch,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    how, first = run % 3, b""
    if how == 0:  # at any moment of its life
        time.sleep(rng.uniform(0.0, life))
    elif how == 1:  # around the save: starting, loading and checking take most of its life
        time.sleep(rng.uniform(0.6 * life, life))
    else:  # while it prints: right after its first line
        first = proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.002))
    still_running = proc.poll() is None
    proc.send_signal(signal.SIGKILL)  # a no-op once it has ended (and been reaped)
    rest, err = proc.stdout.read(), proc.stderr.read()  # not communicate(): it skips what readline buffered
    proc.wait()
    out = (first + rest).decode("utf-8", "replace")
    tally.runs += 1
    tally.killed_mid_run += still_running
    if not still_running:
        assert proc.returncode == 0, err.decode()

    raw = read(save)  # as the kill left it: no lock taken, nothing cut back
    if len(raw.entries) not in (before, before + len(batch)) or raw.damage is not None:
        tally.partial_raw += 1
        tally.notes.append(f"run {run}: the file held {len(raw.entries)} of {before}+{len(batch)}")
    try:
        loaded = Session.load(save)  # a writer: cuts back a half-written batch first
    except Exception as exc:  # noqa: BLE001 - counted, then asserted on
        tally.damaged += 1
        tally.notes.append(f"run {run}: {exc}")
        return
    tally.rolled_back += bool(loaded.journal.lock.rolled_back)
    saved = [p.entry for p in loaded.played]
    if len(saved) == before + len(batch):
        tally.whole += 1
        tally.killed_after_save += still_running
    elif len(saved) == before:
        tally.none += 1
    else:
        tally.partial += 1
        tally.notes.append(f"run {run}: saved {len(saved)} of {before}+{len(batch)}")
    for number, entry in enumerate(saved):
        if number >= len(entries) or not same_action(entry, entries[number]):
            tally.content_wrong += 1
    printed = printed_actions(out, batch)
    tally.printed += len(printed)
    for index, (notation, events) in enumerate(printed):
        number = before + index
        if number >= len(saved):
            tally.printed_lost += 1
            continue
        said = _played_lines(loaded.played[number], "en", True)
        if said[0] != f"{notation}:" or events != said[1:1 + len(events)]:
            tally.printed_wrong += 1  # another notation, or other dice, than the save's
            tally.notes.append(f"run {run} action {number + 1}: printed {[notation, *events]}, saved {said}")
    loaded.close()


def test_kill_minus_nine_during_act_batches(tmp_path):
    """100 real `companion act` batches killed at random: 0 printed actions lost, 0 partial batches."""
    scratch = tmp_path / "time.toml"
    Session.new("duel", ["P1", "P2"], seed=0, path=scratch).close()
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "companion", "act", str(scratch), "lucky 1 2", "lucky 2 3"], cwd=ROOT,
                   capture_output=True, check=True)
    life = time.monotonic() - started  # how long one `act` lives here, now: the kills aim inside it
    tally = Tally()
    for run in range(100):
        one_run(tmp_path, run, tally, life)
    report = (f"{tally.runs} kills ({tally.killed_mid_run} while running, {tally.killed_after_save} of them after "
              f"the save): {tally.whole} whole, {tally.none} none, "
              f"{tally.partial} partial ({tally.partial_raw} in the raw file, {tally.rolled_back} cut back); "
              f"{tally.printed} printed, {tally.printed_lost} lost, {tally.printed_wrong} printed wrong; "
              f"{tally.content_wrong} saved actions not the playout's; {tally.damaged} damaged")
    print(report)
    assert tally.damaged == 0, tally.notes
    assert tally.partial == 0 and tally.partial_raw == 0, tally.notes
    assert tally.printed_lost == 0 and tally.printed_wrong == 0, (report, tally.notes[:5])
    assert tally.content_wrong == 0, report
    assert tally.killed_mid_run >= 30, report  # the kills did land while it worked
    assert tally.whole > 0 and tally.none > 0 and tally.printed > 0, report


# -- a closed pipe --------------------------------------------------------------


def _rolling_duel(path: Path) -> None:
    session = Session.new("duel", ["Ana", "Luis"], {"target": 200}, seed=3, lang="en", path=path)
    session.act("lucky 1 4")
    session.act("lucky 2 2")
    session.close()


def test_act_into_head_saves_and_exits_0_or_saves_nothing_and_says_so(tmp_path):
    """`companion act F roll | head -1`, 20 times: never exit 0 with nothing saved."""
    save = tmp_path / "pipe.toml"
    _rolling_duel(save)
    command = f'"{sys.executable}" -m companion act "{save}" roll roll roll | head -1 >/dev/null; ' \
              'echo "${PIPESTATUS[0]}"'
    outcomes = []
    for _ in range(20):
        before = len(read(save).entries)
        done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True)
        status = int(done.stdout.strip().splitlines()[-1])
        after = len(read(save).entries)
        outcomes.append((status, after - before))
    print("head -1 runs (exit status, actions saved):", outcomes)
    assert all((status == 0 and saved == 3) or (status != 0 and saved == 0) for status, saved in outcomes), outcomes
    assert all(status == 0 for status, _ in outcomes), outcomes  # saving comes first, so it always saves


def test_a_pipe_closed_before_anything_is_printed(tmp_path):
    """The reader is gone before the first line: the batch is saved, the exit is 0, stderr is quiet."""
    save = tmp_path / "closed.toml"
    _rolling_duel(save)
    for _ in range(3):
        before = len(read(save).entries)
        proc = companion("act", str(save), "roll", "roll", stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait() == 0, err
        assert err == b""
        assert len(read(save).entries) == before + 2


# -- two writers ----------------------------------------------------------------


def test_a_second_writer_is_refused_naming_the_first_until_it_closes(tmp_path):
    save = tmp_path / "two.toml"
    _rolling_duel(save)
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys; from companion.core.session import Session\n"
        "s = Session.load(sys.argv[1]); print('ready', flush=True); sys.stdin.readline(); s.close()\n"
        "print('closed', flush=True); sys.stdin.readline()"), str(save)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        untouched = save.read_bytes()
        refused = subprocess.run([sys.executable, "-m", "companion", "act", str(save), "roll", "--lang", "en"],
                                 cwd=ROOT, capture_output=True, text=True)
        assert refused.returncode == 1 and refused.stdout == ""
        assert f"{save}: another process is writing it already (pid {holder.pid}: python -c" in refused.stderr
        refused = subprocess.run([sys.executable, "-m", "companion", "act", str(save), "roll", "--lang", "es"],
                                 cwd=ROOT, capture_output=True, text=True)
        assert f"ya la está escribiendo otro proceso (pid {holder.pid}" in refused.stderr
        new = subprocess.run([sys.executable, "-m", "companion", "new", "duel", "--players", "2", "--save", str(save),
                              "--force", "--lang", "en"], cwd=ROOT, capture_output=True, text=True)
        assert new.returncode == 1 and f"pid {holder.pid}" in new.stderr
        assert save.read_bytes() == untouched
        shown = subprocess.run([sys.executable, "-m", "companion", "show", str(save)], cwd=ROOT,
                               capture_output=True, text=True)
        assert shown.returncode == 0, shown.stderr  # a reader takes no lock
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "closed"
        accepted = subprocess.run([sys.executable, "-m", "companion", "act", str(save), "roll"], cwd=ROOT,
                                  capture_output=True, text=True)
        assert accepted.returncode == 0, accepted.stderr
        assert len(read(save).entries) == 3
        assert not Path(f"{save}.lock").exists()  # the last owner tidied its sidecar away
    finally:
        holder.kill()
        holder.wait()

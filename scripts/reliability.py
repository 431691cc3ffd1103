"""Nothing lost, whatever happens beside the save: the reliability harness.

Four families, each counted and checked against the rule that matters: no
byte a save held before a run is ever lost (it stays the save's prefix, or
sits in a `.damaged-*` copy beside it), nothing printed is missing from the
save, and every exit status tells the truth.

  kills    `companion act FILE ...` killed with SIGKILL at each of its file
           system calls in turn (open, read, write, pwrite, fsync, ftruncate,
           fstat, rename, unlink, close, dup2; before it and after it), on a
           clean save and with each hostile sidecar planted beside it
  faults   a disk that fails (EIO, ENOSPC, a short write) at each write,
           fsync and truncate of an append, alone and in pairs
  tails    a save cut at every byte of its last blocks, and torn inside
           `[[action]]`: the damage is blamed on the torn bytes, recovery
           keeps every whole action, save + copy == the torn file
  sidecars links, hard links, pipes, folders and garbage where the lock,
           a damaged copy or a scratch file goes: refused or ignored, the
           file they point at untouched

Run it: `.venv/bin/python scripts/reliability.py [--quick]` (tests/core/
test_reliability.py runs the quick form). Prints one line of figures per
family and exits 1 if any rule was broken.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import errno
import io
import os
import random
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.cli import main  # noqa: E402
from companion.core import lock as lock_module  # noqa: E402
from companion.core.errors import CompanionError, DamagedSaveError  # noqa: E402
from companion.core.journal import read  # noqa: E402
from companion.core.lock import lock_path  # noqa: E402
from companion.core.session import Session  # noqa: E402

KILLER = r"""
import os, signal, sys
from companion.cli import main
target, when = int(sys.argv[1]), sys.argv[2]
calls = 0
def wrap(name):
    real = getattr(os, name)
    def counted(*args, **kwargs):
        global calls
        calls += 1
        if calls == target and when == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        result = real(*args, **kwargs)
        if calls == target and when == "after":
            os.kill(os.getpid(), signal.SIGKILL)
        return result
    setattr(os, name, counted)
# every call that opens, reads, writes, syncs, cuts, renames, removes or closes a file (a stat
# changes nothing: a kill before it is a kill after the call before it)
for name in ("open", "read", "write", "pread", "pwrite", "fsync", "ftruncate", "fstat", "replace", "unlink",
             "close", "dup2"):
    wrap(name)
code = main(sys.argv[3:])
sys.stderr.write(f"\nCALLS {calls}\n")
sys.exit(code)
"""


@dataclass
class Tally:
    runs: int = 0
    kills: int = 0
    bytes_lost: int = 0
    broken: list[str] = field(default_factory=list)
    extra: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, n: int = 1) -> None:
        self.extra[key] = self.extra.get(key, 0) + n

    def fail(self, text: str) -> None:
        self.broken.append(text)


def duel(path: Path, count: int, seed: int = 5) -> Path:
    session = Session.new("duel", ["Ana", "Luis"], {"target": 200}, seed=seed, lang="en", path=path)
    rng = random.Random(seed)
    while len(session.played) < count:
        session.act(session.game.notation(session.game.sample_action(rng)))
    session.close()
    return path


def next_actions(path: Path, count: int, seed: int = 9) -> list[str]:
    session = Session.load(path, read_only=True)
    session.journal = None
    rng = random.Random(seed)
    out = []
    while len(out) < count and session.outcome() is None:
        text = session.game.notation(session.game.sample_action(rng))
        session.act(text)
        out.append(text)
    return out


def lost(original: bytes, path: Path) -> int:
    """Bytes of `original` that are neither the save's prefix nor in a copy set aside."""
    now = path.read_bytes() if path.exists() else b""
    same = len(os.path.commonprefix([original, now]))
    missing = original[same:]
    if missing and any(c.read_bytes().startswith(missing) for c in path.parent.glob(path.name + ".damaged-*")):
        return 0
    return len(missing)


def settle(path: Path, tally: Tally, where: str) -> list[str]:
    """Open the save as the next writer would (settling any note), and read what it holds."""
    try:
        session = Session.load(path)
    except DamagedSaveError:
        tally.count("damaged")
        session = Session.load(path, recover=True)
    except CompanionError as exc:
        tally.fail(f"{where}: the next writer cannot open it: {exc}")
        return []
    notations = [p.entry.notation for p in session.played]
    session.close()
    if lock_path(path).exists():
        tally.fail(f"{where}: the lock file stayed after a clean close")
    return notations


# -- hostile sidecars planted before a run -----------------------------------------------------


def plant(kind: str, save: Path, scratch: Path) -> Path | None:
    """Put `kind` where the save's lock goes; returns a victim file that must stay untouched."""
    lock = lock_path(save)
    victim = scratch / "victim.txt"
    victim.write_text("precious\n")
    data = save.read_bytes()
    info = os.lstat(save)
    if kind == "issue-note":
        lock.write_text("pending = [10, 1000000]\n")
    elif kind == "forged-note":  # proves boot and file, but not its bytes
        start = len(data) // 2
        lock.write_text(f'pid = 4242\nboot = "{getattr(lock_module, "BOOT", "")}"\npending = [{start}, {len(data)}]\n'
                        f"save = [{info.st_dev}, {info.st_ino}]\n"
                        f'adds = "{base64.b64encode(b"x" * len(data)).decode()}"\n')
    elif kind == "garbage":
        lock.write_bytes(random.Random(len(data)).randbytes(300))
    elif kind == "huge":
        lock.write_bytes(b"pending = [10, 99]\n" + b"#" * (3 * 1024 * 1024))
    elif kind == "symlink":
        lock.symlink_to(victim)
        return victim
    elif kind == "dangling":
        lock.symlink_to(scratch / "nowhere")
        return scratch / "nowhere"
    elif kind == "hardlink":
        os.link(victim, lock)
        return victim
    elif kind == "fifo":
        os.mkfifo(lock)
    elif kind == "folder":
        lock.mkdir()
    elif kind == "aside-link":  # where a damaged copy of this second would go
        for n in ("", "-2", "-3"):
            stamp = __import__("datetime").datetime.now(__import__("datetime").timezone.utc).strftime("%Y%m%d-%H%M%S")
            os.symlink(victim, save.with_name(f"{save.name}.damaged-{stamp}{n}"))
        return victim
    return None


REFUSED = {"symlink", "dangling", "hardlink", "fifo", "folder"}
IGNORED = {"issue-note", "forged-note", "garbage", "huge", "aside-link"}


def clear(save: Path) -> None:
    lock = lock_path(save)
    if lock.is_dir() and not lock.is_symlink():
        lock.rmdir()
    elif os.path.lexists(lock):
        lock.unlink()


# -- kills at each system call ----------------------------------------------------------------


def kill_run(scratch: Path, target: int, when: str, sidecar: str | None, tally: Tally) -> int:
    """One `act` killed at its `target`th call; returns how many calls a whole run made (or 0)."""
    save = duel(scratch / "k.toml", 3)
    batch = next_actions(save, 4)
    victim = plant(sidecar, save, scratch) if sidecar else None
    original = save.read_bytes()
    victim_text = victim.read_text() if victim is not None and victim.exists() else None
    proc = subprocess.run([sys.executable, "-c", KILLER, str(target), when, "act", str(save), "--private",
                           "--lang", "en", "--", *batch], cwd=ROOT, capture_output=True, text=True)
    tally.runs += 1
    killed = proc.returncode == -signal.SIGKILL
    tally.kills += killed
    where = f"kill at call {target} {when} ({sidecar or 'clean'})"
    if victim is not None and (victim.read_text() if victim.exists() else None) != victim_text:
        tally.fail(f"{where}: the file a sidecar pointed at was written")
    if sidecar in REFUSED:
        if not killed and proc.returncode != 1:
            tally.fail(f"{where}: a {sidecar} lock was not refused (exit {proc.returncode})")
        clear(save)
    tally.bytes_lost += lost(original, save)
    saved = settle(save, tally, where)
    tally.bytes_lost += lost(original, save)
    new = len(saved) - 3
    if new not in (0, len(batch)):
        tally.fail(f"{where}: {new} of a batch of {len(batch)} saved")
    printed = sum(1 for line in proc.stdout.splitlines() if line.endswith(":") and not line.startswith(" "))
    if printed > new:
        tally.fail(f"{where}: {printed} printed, {new} saved")
    if not killed and proc.returncode == 0 and new != len(batch):
        tally.fail(f"{where}: exit 0 with the batch not saved")
    if not killed and proc.returncode == 1 and new != 0 and sidecar not in REFUSED:
        tally.fail(f"{where}: exit 1 with the batch saved")
    if "Traceback" in proc.stderr:
        tally.fail(f"{where}: a traceback")
    for path in scratch.iterdir():
        if path.is_symlink() or path.is_dir():
            path.unlink() if path.is_symlink() else path.rmdir()
        else:
            path.unlink()
    calls = [line for line in proc.stderr.splitlines() if line.startswith("CALLS ")]
    return int(calls[-1].split()[1]) if calls else 0


def kills(scratch: Path, quick: bool) -> Tally:
    tally = Tally()
    total = kill_run(scratch, 10**9, "before", None, tally)
    points = range(1, total + 1)
    if quick:
        points = sorted(random.Random(1).sample(list(points), min(3, total)))
    for sidecar in [None, *sorted(REFUSED | IGNORED)] if not quick else [None, "issue-note", "symlink"]:
        for target in points:
            for when in ("before", "after"):
                kill_run(scratch, target, when, sidecar, tally)
    tally.count("calls per run", total)
    return tally


# -- a failing disk -----------------------------------------------------------------------------


@contextlib.contextmanager
def failing(save: Path, faults: dict[str, str]):
    """os.write / fsync / ftruncate failing on the save, os.pwrite on its lock (`note`:
    only the note of a write in progress) and, for `lock_ftruncate`, os.ftruncate on
    its lock, as `faults` says (eio, enospc, short)."""
    save_ino = os.stat(save).st_ino
    real = {name: getattr(os, name) for name in ("write", "fsync", "ftruncate", "pwrite")}

    def which(fd: int) -> str:
        try:
            mine = os.fstat(fd).st_ino
            if mine == save_ino:
                return "save"
            return "lock" if lock_path(save).exists() and os.stat(lock_path(save)).st_ino == mine else ""
        except OSError:
            return ""

    def make(name):
        def fn(fd, *args):
            file = which(fd)
            how = faults.get(name) if file == "save" or (file == "lock" and name == "pwrite") else None
            if file == "lock" and name == "ftruncate":
                how = faults.get("lock_ftruncate")
            if file == "lock" and name == "pwrite" and b"pending" in bytes(args[0]):
                how = how or faults.get("note")  # only the note of a write in progress
            if how == "short":
                return real[name](fd, bytes(args[0])[: len(args[0]) // 2], *args[1:])
            if how:
                code = errno.EIO if how == "eio" else errno.ENOSPC
                raise OSError(code, os.strerror(code))
            return real[name](fd, *args)
        return fn

    for name in real:
        setattr(os, name, make(name))
    try:
        yield
    finally:
        for name, fn in real.items():
            setattr(os, name, fn)


def faults(scratch: Path, quick: bool) -> Tally:
    tally = Tally()
    single = [{"write": "eio"}, {"write": "enospc"}, {"write": "short"}, {"fsync": "eio"}, {"ftruncate": "eio"},
              {"pwrite": "enospc"}]
    pairs = [{**a, **b} for i, a in enumerate(single) for b in single[i + 1:] if set(a).isdisjoint(b)]
    cases = single + pairs + [{"write": "short", "ftruncate": "eio", "fsync": "eio"}, {"lock_ftruncate": "eio"},
                                   {"note": "enospc"}, {"note": "eio", "write": "eio"}]
    if quick:  # one of each outcome: not played, counts as played, not settled, not reserved
        cases = [{"write": "short"}, {"fsync": "eio", "ftruncate": "eio"}, {"write": "short", "ftruncate": "eio"},
                 {"note": "enospc"}, {"lock_ftruncate": "eio"}]
    for case in cases:
        save = duel(scratch / "f.toml", 3)
        batch = next_actions(save, 5)
        original = save.read_bytes()
        err = io.StringIO()
        with failing(save, case), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = main(["act", str(save), "--lang", "en", "--", *batch])
        tally.runs += 1
        where = f"faults {case}"
        saved = settle(save, tally, where)
        new = len(saved) - 3
        tally.bytes_lost += lost(original, save)
        tally.count(f"exit {code}")
        said = err.getvalue()
        if code in (0, 4) and new != len(batch):
            tally.fail(f"{where}: exit {code} but {new} saved")
        if code == 1 and new != 0:
            tally.fail(f"{where}: exit 1 ('{said.strip()}') but {new} saved")
        if code == 1 and ("counts as played" in said or "Saved in" in said):
            tally.fail(f"{where}: exit 1 but said saved ('{said.strip()}')")
        tally.count(next((f"said '{words}'" for words in ("not played", "counts as played", "reserved")
                          if words in said), "said nothing" if not said.strip() else "said other"))
        if code == 4 and "counts as played" not in said:
            tally.fail(f"{where}: exit 4 without saying it counts as played")
        for path in scratch.iterdir():
            path.unlink()
    return tally


# -- torn tails ---------------------------------------------------------------------------------


def tails(scratch: Path, quick: bool) -> Tally:
    tally = Tally()
    full = duel(scratch / "t.toml", 8).read_bytes()
    whole = duel(scratch / "w.toml", 8)
    journal = read(whole)
    bounds = journal.offsets + [len(full)]
    cuts = list(range(bounds[-4], len(full) + 1))
    cuts += [len(full) + len(t) for t in (b"\n", b"\n[", b"\n[[act", b"\n[[action]")]
    if quick:
        cuts = cuts[::25] + cuts[-4:]
    tear = full + b"\n[[action]"
    for cut in cuts:
        data = tear[:cut]
        save = scratch / "c.toml"
        save.write_bytes(data)
        expected = sum(1 for stop in bounds[1:] if stop <= cut)
        try:
            session = Session.load(save)
            intact = len(session.played)
            session.close()
        except DamagedSaveError as exc:
            intact = exc.intact
            session = Session.load(save, recover=True)
            if len(session.played) < intact:
                tally.fail(f"cut at {cut}: recovery kept {len(session.played)} of {intact} intact")
            session.close()
            copies = list(scratch.glob("c.toml.damaged-*"))
            if save.read_bytes() + b"".join(c.read_bytes() for c in copies) != data:
                tally.fail(f"cut at {cut}: save + copy is not the torn file")
                tally.bytes_lost += 1
        tally.runs += 1
        if intact not in (expected, expected + 1) or intact > 8:
            tally.fail(f"cut at {cut}: {intact} actions called intact, {expected} whole")
        for path in scratch.glob("c.toml*"):
            path.unlink()
    return tally


# -- sidecars without a kill -------------------------------------------------------------------


def sidecars(scratch: Path, quick: bool) -> Tally:
    tally = Tally()
    for kind in sorted(REFUSED | IGNORED):
        for command in (["act"], ["show", "--recover"]):
            save = duel(scratch / "s.toml", 4)
            batch = next_actions(save, 2) if command == ["act"] else []
            victim = plant(kind, save, scratch)
            original = save.read_bytes()
            text = victim.read_text() if victim is not None and victim.exists() else None
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                code = main([*command[:1], str(save), *command[1:], *batch])
            tally.runs += 1
            where = f"sidecar {kind} {command[0]}"
            if victim is not None and (victim.read_text() if victim.exists() else None) != text:
                tally.fail(f"{where}: the file it pointed at was written")
            if kind in REFUSED and code != 1:
                tally.fail(f"{where}: not refused (exit {code})")
            if kind in IGNORED and code != 0:
                tally.fail(f"{where}: refused (exit {code})")
            tally.count(f"{'refused' if code else 'ignored'}")
            clear(save)
            tally.bytes_lost += lost(original, save)
            for path in scratch.iterdir():
                path.unlink()
    return tally


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a sample of each family (for the test suite)")
    parser.add_argument("families", nargs="*", default=["tails", "faults", "sidecars", "kills"])
    args = parser.parse_args(argv)
    os.environ.setdefault("COMPANION_HOME", tempfile.mkdtemp(prefix="companion-home-"))
    broken = 0
    for name in args.families:
        with tempfile.TemporaryDirectory(prefix=f"reliability-{name}-") as folder:
            tally = globals()[name](Path(folder), args.quick)
        extra = ", ".join(f"{k} {v}" for k, v in sorted(tally.extra.items()))
        print(f"{name}: {tally.runs} runs, {tally.kills} kills, {tally.bytes_lost} bytes lost, "
              f"{len(tally.broken)} broken rules{'; ' + extra if extra else ''}", flush=True)
        for text in tally.broken[:10]:
            print(f"  {text}")
        broken += len(tally.broken) + tally.bytes_lost
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main_())

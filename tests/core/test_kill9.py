"""Pull the plug: a process appending actions is killed with SIGKILL at
random moments; every action it reported as accepted is in the save, and
the save loads with no damage."""

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from companion.core.session import Session

APPENDER = r"""
import random, sys
from companion.core.session import Session
path, seed = sys.argv[1], int(sys.argv[2])
session = Session.new("duel", ["Ana", "Luis", "Mia"], {"target": 200}, seed=seed, path=path)
rng = random.Random(seed)
while session.outcome() is None:
    session.act(session.game.notation(session.game.sample_action(rng)))
    print(len(session.played), flush=True)  # reported only after the save holds it
print("END", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("seed", range(12))
def test_kill_minus_nine_loses_no_accepted_action(tmp_path, seed):
    rng = random.Random(seed)
    path = tmp_path / "kill.toml"
    proc = subprocess.Popen([sys.executable, "-c", APPENDER, str(path), str(seed)],
                            stdout=subprocess.PIPE, text=True)
    wanted = rng.randint(1, 150)
    accepted = 0
    for line in proc.stdout:
        if line.strip() == "END":
            break
        accepted = int(line)
        if accepted >= wanted:
            break
    time.sleep(rng.random() * 0.02)  # let it run on a little: die mid-write, maybe
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    session = Session.load(path)  # raises DamagedSaveError on any corruption
    assert len(session.played) >= accepted
    # And each saved action is the one played: the same notation, the same dice.
    expected = Session.new("duel", ["Ana", "Luis", "Mia"], {"target": 200}, seed=seed)
    playout = random.Random(seed)
    for saved in session.played:
        expected.act(expected.game.notation(expected.game.sample_action(playout)))
        assert (saved.entry.notation, saved.entry.draws) == (expected.played[-1].entry.notation,
                                                             expected.played[-1].entry.draws)
    session.close()

"""The reliability harness (scripts/reliability.py) in its quick form: a
sample of kills at single system calls beside hostile sidecars, failing
disks, torn tails and hostile sidecars. No byte of a save lost, no rule
broken. The whole harness is run by hand: `.venv/bin/python
scripts/reliability.py`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _harness():
    spec = importlib.util.spec_from_file_location("reliability", ROOT / "scripts" / "reliability.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(sys.platform == "win32", reason="links, fifos and SIGKILL are POSIX")
@pytest.mark.parametrize("family", ["tails", "faults", "sidecars", "kills"])
def test_no_byte_lost_and_no_rule_broken(tmp_path, family):
    if family == "kills":
        pytest.importorskip("signal")
    tally = getattr(_harness(), family)(tmp_path, True)
    print(f"{family}: {tally.runs} runs, {tally.kills} kills, {tally.bytes_lost} bytes lost, {tally.extra}")
    assert tally.runs > 0
    assert tally.bytes_lost == 0 and tally.broken == [], tally.broken[:5]

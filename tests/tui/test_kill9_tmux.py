"""Kill -9 the app in a tmux pane while keys are sent (tests/tui/kill9_tmux.py):
10 kills here; `scripts/kill9-tui` runs 100."""

import pytest

from .kill9_tmux import run_kills, tmux_available


@pytest.mark.skipif(not tmux_available(), reason="needs tmux (and SIGKILL)")
def test_kill_minus_nine_in_tmux_loses_nothing_the_screen_showed(tmp_path):
    tally = run_kills(10, tmp_path, seed=7)
    print(tally.report())
    assert tally.kills == 10
    assert tally.damaged == 0 and tally.unreadable_screen == 0, tally.notes
    assert tally.lost == 0, tally.notes
    # A prompt above a log that matches the save is a question, not a claim that something was
    # done: one differing means tmux was captured between two paints (seen on a loaded machine,
    # 1 of 10). Rare, or the screen no longer follows the save.
    assert tally.prompt_differs <= 2, tally.notes

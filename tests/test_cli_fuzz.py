"""Fuzzing every game's notation through the command line's entry point,
in-process: `companion.cli.main(["act", FILE, text])` with 5,000-digit numbers,
NUL and other control characters, newlines, TOML-looking text and 1 MB lines.

Whatever the text: no exception escapes `main` (argparse's own exit for a
text that looks like an option is its usage message, status 2); a refusal
(a non-zero status) leaves the file byte for byte as it was; an accepted
action leaves a clean journal one action longer; nothing printed holds a raw
escape sequence."""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.cli import main
from companion.core.journal import read
from companion.core.registry import find_game, game_names
from companion.core.session import Session

EXAMPLES = int(os.environ.get("COMPANION_FUZZ_EXAMPLES", "150"))
GAMES = [name for name, _ in game_names()]
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _vocabulary(name: str) -> list[str]:
    """Every word of the notations a few random games of `name` offered."""
    words: set[str] = set()
    cls = find_game(name)
    for seed in range(3):
        players, options = cls.example_setups()[0]
        session = Session.new(cls, players, options, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if session.outcome() is not None:
                break
            for choice in session.expects().choices:
                words.update(choice.notation.split())
            session.act(session.game.notation(session.game.sample_action(rng)))
    return sorted(words)


VOCABULARY = {name: _vocabulary(name) for name in GAMES}
HOSTILE_WORDS = ["9" * 5000, "-" + "9" * 5000, "0", "-1", "99999", "²", "١٢", "\x00", "\x1b[2J", "\x9b", "\u202e",
                 "\n", "\r\n", "\t", '"', "'", "\\", "[[action]]", 'do = "roll"', "[options]", "format = 1",
                 "@", "@ 1", "@ 9", "@ " + "9" * 5000, "{", "}", "#", "é", "[bold]", ""]


def _texts(name: str) -> st.SearchStrategy[str]:
    words = st.sampled_from(VOCABULARY[name] + HOSTILE_WORDS)
    huge = st.builds(lambda w, n: w * n, st.sampled_from(["9", "a", "x ", "\x00", "\n", "é", "roll "]),
                     st.sampled_from([5000, 100_000, 1 << 20]))
    return st.one_of(
        st.lists(words, min_size=1, max_size=7).map(" ".join),  # near-notation, mostly
        st.text(max_size=60),  # any characters
        st.builds(lambda a, b, sep: a + sep + b, st.lists(words, max_size=3).map(" ".join),
                  st.lists(words, max_size=3).map(" ".join), st.sampled_from(["\n", '"\n[[action]]\n', "\x00"])),
        huge,
        st.builds(lambda a, h: a + " " + h, st.lists(words, max_size=2).map(" ".join), huge),
    )


def run_act(path: Path, text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(["act", str(path), text])
        except SystemExit as exc:  # argparse: `-x` is an unknown option, `-h` the help
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue(), err.getvalue()


_PLAYED: dict[tuple[str, int, int], tuple[bytes, list[str]]] = {}


def _played(name: str, seed: int, steps: int) -> tuple[bytes, list[str]]:
    """A save of `name` after `steps` random actions, and the choices it offers then."""
    key = (name, seed, steps)
    if key not in _PLAYED:
        cls = find_game(name)
        players, options = cls.example_setups()[0]
        path = Path(tempfile.mkdtemp()) / "g.toml"
        session = Session.new(cls, players, options, seed=seed, lang="en", path=path)
        rng = random.Random(seed)
        for _ in range(steps):
            if session.outcome() is not None:
                break
            session.act(session.game.notation(session.game.sample_action(rng)))
        session.close()
        _PLAYED[key] = path.read_bytes(), [c.notation for c in session.expects().choices] or ["-"]
    return _PLAYED[key]


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")  # the 1 MB texts
@pytest.mark.parametrize("name", GAMES)
def test_any_text_through_companion_act_is_accepted_or_refused_cleanly(name):
    path = Path(tempfile.mkdtemp()) / f"{name}.toml"
    seen = {"examples": 0, "accepted": 0, "refused": 0}

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(seed=st.integers(0, 3), steps=st.integers(0, 60), data=st.data())
    def check(seed, steps, data):
        # The game some way in (so that every step of it is fuzzed), then one text: half the
        # time one of the choices offered now, as it is or with hostile text around it.
        saved, choices = _played(name, seed, steps)
        path.write_bytes(saved)
        how = data.draw(st.sampled_from(["choice", "choice+", "text", "text"]))
        if how == "text":
            text = data.draw(_texts(name))
        else:
            text = choices[data.draw(st.integers(0, 63)) % len(choices)]
            if how == "choice+":
                junk = data.draw(_texts(name))
                text = data.draw(st.sampled_from([text + " " + junk, junk + " " + text, text + junk]))
        before = path.read_bytes()
        actions = len(read(path).entries)
        status, out, err = run_act(path, text)
        seen["examples"] += 1
        assert not RAW_CONTROL.search(out + err)  # nothing printed drives the terminal
        if status == 0 and path.read_bytes() != before:
            seen["accepted"] += 1
            journal = read(path)
            assert journal.damage is None and len(journal.entries) == actions + 1
            Session.load(path, read_only=True).close()  # and it replays
        else:
            seen["refused"] += status != 0
            assert path.read_bytes() == before  # a refusal changes nothing
            if status == 1:
                assert err.strip()  # and says why

    check()
    print(f"{name}: {seen}")
    assert seen["examples"] >= min(EXAMPLES, 50) and seen["refused"] > 0 and seen["accepted"] > 0

"""Every game in the catalogue passes the same checks (see conformance.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.game import Game
from companion.core.language import load_pack
from companion.core.registry import entries, find_game
from companion.core.session import Session
from companion.core.steps import StepGame

from .conformance import Seen, every_setup, missing_from_packs, playout, unfilled

CASES = every_setup()
IDS = [f"{name}-{len(players)}p-{i}" for i, (name, players, _) in enumerate(CASES)]
GAMES = [e.name for e in entries()]
JOURNALS = Path(__file__).parent / "journals"


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
@pytest.mark.parametrize("seed", range(6))
def test_random_playout_ends_and_round_trips(tmp_path, name, players, options, seed):
    path = tmp_path / "game.toml"
    session = playout(find_game(name), players, options, seed, path)
    assert session.outcome() is not None
    loaded = Session.load(path)
    assert loaded.game.state() == session.game.state()
    assert [p.entry for p in loaded.played] == [p.entry for p in session.played]
    assert loaded.outcome() == session.outcome()
    # Undo twice and redo twice comes back to the same game and the same file.
    end_state, end_file = session.game.state(), path.read_bytes()
    steps = min(2, len(session.played))
    for _ in range(steps):
        session.undo()
    for _ in range(steps):
        session.redo()
    assert session.game.state() == end_state
    assert path.read_bytes() == end_file


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
def test_every_offered_choice_is_accepted_and_refusals_change_nothing(tmp_path, name, players, options):
    seen = Seen()
    for seed in (11, 12):
        playout(find_game(name), players, options, seed, tmp_path / f"thorough-{seed}.toml", thorough=True, seen=seen)
    assert seen.refused > 0
    assert seen.plain == set(), "words that come from no voice pack reach the table"
    assert unfilled(seen.samples.values()) == []
    assert missing_from_packs(seen.lines) == {lang: [] for lang in missing_from_packs(())}


@pytest.mark.parametrize("name", GAMES)
def test_the_game_is_written_on_the_step_engine(name):
    game_cls = find_game(name)
    assert issubclass(game_cls, StepGame)
    entry = next(e for e in entries() if e.name == name)
    assert game_cls.name == entry.name and game_cls.title == entry.title
    assert game_cls.max_actions > 0
    for lang in ("en", "es", "eu"):
        lines = load_pack(lang).lines
        assert f"game.{name}.title" in lines and f"game.{name}.summary" in lines
        for option in game_cls.options:
            assert f"game.{name}.option.{option.key}" in lines, (lang, option.key)
            assert f"game.{name}.option.{option.key}.help" in lines, (lang, option.key)
            for value in option.choices:
                assert f"game.{name}.option.{option.key}.{value}" in lines, (lang, option.key, value)


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_journal_replays_to_its_known_ending(name):
    """Saves written before the game kit still load and end the same way."""
    session = Session.load(JOURNALS / f"{name}.toml")
    ending = json.loads((JOURNALS / f"{name}.ending.json").read_text())
    outcome = session.outcome()
    assert outcome is not None
    assert len(session.played) == ending["actions"]
    assert outcome.termination == ending["termination"]
    assert list(outcome.winners) == ending["winners"]
    assert json.loads(json.dumps(session.game.public_state(), default=str)) == ending["public"]


@pytest.mark.parametrize("name", GAMES)
def test_rules_import_no_ui_nor_speech(name):
    """Rules are pure: loading a game loads no textual, rich, pyttsx3, nor our UI or speech."""
    code = (
        "import sys; from companion.core.registry import find_game;"
        f"find_game({name!r});"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pyttsx3')"
        " or m.startswith(('companion.tui', 'companion.speech'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_core_imports_no_game():
    code = (
        "import sys, companion.core.session, companion.core.registry, companion.core.steps;"
        "from companion.core.registry import game_names; game_names();"
        "print(sorted(m for m in sys.modules if m.startswith('companion.games')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_game_that_never_ends_fails_the_suite():
    """The suite's own guard: a playout stopped at its cap is a failure, not a pass."""
    from companion.games.dice_duel.rules import DiceDuel

    class Endless(DiceDuel):
        max_actions = 30

        def hold(self):  # banking never wins
            self.turn_points = 0
            return self._next_player()

    with pytest.raises(AssertionError, match="did not end within 30"):
        playout(Endless, ["Ana", "Bo"], {"target": 10}, seed=1)


def test_every_game_class_is_a_game():
    for name in GAMES:
        assert issubclass(find_game(name), Game)


@pytest.mark.parametrize("name, players, options", CASES, ids=IDS)
def test_every_state_key_has_a_label_in_every_pack(name, players, options):
    """The state panels and `companion show` label each key from the packs."""
    keys: set[str] = set()
    start = Session.new(name, players, options, seed=4, lang="en")
    end = playout(find_game(name), players, options, seed=4)
    for session in (start, end):
        keys |= set(session.game.public_state()) | set(session.game.private_state())
    for lang in ("en", "es", "eu"):
        lines = load_pack(lang).lines
        assert sorted(k for k in keys if f"state.{name}.{k}" not in lines) == [], lang


@pytest.mark.parametrize("name, low, high", [("dice-duel", 2, 8), ("gauekos", 6, 28), ("halloween", 4, 5),
                                                ("18-fantasmas", 1, 2), ("alien-1979", 2, 8)])
def test_player_counts_follow_the_rulings(name, low, high):
    from companion.core.errors import SetupError

    game_cls = find_game(name)
    assert (game_cls.min_players, game_cls.max_players) == (low, high)
    for count in (low - 1, high + 1):
        with pytest.raises(SetupError):
            game_cls.new([f"P{n}" for n in range(count)])

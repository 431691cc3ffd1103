"""The rules and the core never load the UI or the speech engine: checked in
a fresh interpreter, as harlequin does."""

import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "rich", "pyttsx3")


@pytest.mark.parametrize("module", [
    "companion.core", "companion.core.session", "companion.core.language",
    "companion.games", "companion.games.dice_duel.rules", "companion.games.tables",
])
def test_core_and_games_import_no_ui_nor_speech(module):
    code = (
        f"import sys, importlib; importlib.import_module({module!r});"
        "from companion.core.registry import find_game;"
        "[find_game(n) for n in ('duel',)];"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_games_package_imports_nothing_from_tui_or_speech():
    code = (
        "import sys, companion.games, companion.games.dice_duel.rules;"
        "print(sorted(m for m in sys.modules if m.startswith(('companion.tui', 'companion.speech'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

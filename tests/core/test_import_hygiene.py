"""The core never loads the UI or the speech engine: checked in a fresh
interpreter, as harlequin does. (Each game's rules are checked the same way
in tests/games/test_conformance.py.)"""

import subprocess
import sys

import pytest

FORBIDDEN = ("textual", "rich", "pyttsx3")


@pytest.mark.parametrize("module", [
    "companion.core", "companion.core.session", "companion.core.language", "companion.core.steps",
    "companion.core.notation", "companion.games", "companion.games.tables",
])
def test_core_imports_no_ui_nor_speech(module):
    code = (
        f"import sys, importlib; importlib.import_module({module!r});"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}"
        " or m.startswith(('companion.tui', 'companion.speech'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

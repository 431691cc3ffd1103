"""`companion show` and `companion act` load neither the UI nor the speech
layer: checked in a fresh interpreter, as tests/core/test_import_hygiene.py."""

import subprocess
import sys

import pytest

from companion.cli import _needs_speech
from companion.core.session import Session

FORBIDDEN = ("textual", "rich", "pyttsx3")


def _loaded_by(argv):
    code = (
        "import sys, io, contextlib; from companion.cli import main\n"
        f"with contextlib.redirect_stdout(io.StringIO()): code = main({argv!r})\n"
        f"print(code, sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}"
        " or m.startswith(('companion.tui', 'companion.speech'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.fixture
def save(tmp_path):
    session = Session.new("duel", ["Ana", "Luis"], {"target": 15}, seed=1, lang="en", path=tmp_path / "g.toml")
    import random
    rng = random.Random(1)
    for _ in range(5):
        session.act(session.game.notation(session.game.sample_action(rng)))
    session.close()
    return str(tmp_path / "g.toml")


def test_show_imports_no_ui_nor_speech(save):
    assert _loaded_by(["show", save]) == "0 []"
    assert _loaded_by(["show", "--json", "--log", save]) == "0 []"


def test_act_imports_no_ui_nor_speech(save):
    import random
    session = Session.load(save, read_only=True)
    action = session.game.notation(session.game.sample_action(random.Random(2)))
    session.close()
    assert _loaded_by(["act", save, action]) == "0 []"


@pytest.mark.parametrize("argv,speech", [
    ([], True), (["--mute"], True), (["--help"], True), (["show", "f"], False), (["--lang", "en", "act", "f", "say"], False),
    (["say", "hola"], True), (["voices"], True), (["nope"], True), (["act", "--help"], False), (["--seed", "3", "roll", "d6"], False),
])
def test_the_speech_commands_are_parsed_only_when_needed(argv, speech):
    assert _needs_speech(argv) is speech

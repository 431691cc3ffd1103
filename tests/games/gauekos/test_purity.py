"""The rules stay pure: no UI, no speech, no `random` calls of their own."""

import pathlib
import re
import subprocess
import sys

import companion.games.gauekos as package


def test_gauekos_imports_no_ui_nor_speech():
    code = (
        "import sys; from companion.core.registry import find_game; find_game('gauekos');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pyttsx3')"
        " or m.startswith(('companion.tui', 'companion.speech'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_rules_never_roll_themselves():
    """Chance comes only through `chance.draw`; `random` appears only as the sampler's type."""
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        assert not re.search(r"random\.(?!Random\b)", path.read_text()), path


def test_registered_with_aliases():
    from companion.core.registry import find_game
    from companion.games.gauekos.rules import Gauekos

    for name in ("gauekos", "Gauekos", "werewolf", "hombre lobo", "otsoa"):
        assert find_game(name) is Gauekos

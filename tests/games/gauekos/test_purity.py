"""The rules stay pure: no `random` calls of their own (tests/games/test_conformance.py
checks that no game loads the UI or the speech layer)."""

import pathlib
import re

import companion.games.gauekos as package


def test_rules_never_roll_themselves():
    """Chance comes only through `chance.draw`; `random` appears only as the sampler's type."""
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        assert not re.search(r"random\.(?!Random\b)", path.read_text()), path


def test_registered_with_aliases():
    from companion.core.registry import find_game
    from companion.games.gauekos.rules import Gauekos

    for name in ("gauekos", "Gauekos", "werewolf", "hombre lobo", "otsoa"):
        assert find_game(name) is Gauekos

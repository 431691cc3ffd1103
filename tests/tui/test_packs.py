"""Every UI word the TUI shows is a `ui.` line in all three voice packs,
with the same placeholders; footer keys have their words too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.language import load_pack
from companion.tui.app import CompanionApp
from companion.tui.dicescreen import DiceScreen
from companion.tui.frame import CurtainScreen, GameScreen
from companion.tui.keys import action_name, key_line
from companion.tui.start import RecoverScreen, StartScreen
from companion.tui.widgets import NotationInput

TUI = Path(__file__).resolve().parents[2] / "companion" / "tui"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def used_ids() -> set[str]:
    found: set[str] = set()
    for source in TUI.rglob("*.py"):
        found |= set(re.findall(r"""["'](ui(?:\.[a-z_]+)+)["']""", source.read_text()))
    return found


def key_ids() -> set[str]:
    ids = set()
    for cls in (CompanionApp, GameScreen, CurtainScreen, StartScreen, RecoverScreen, DiceScreen, NotationInput):
        for binding in cls.BINDINGS:
            action = binding.action if hasattr(binding, "action") else binding[1]
            ids.add(key_line(action, getattr(cls, "KEY_LINES", {})))
    return ids


@pytest.mark.parametrize("lang", ["en", "es", "eu"])
def test_every_ui_line_is_in_every_pack(lang: str) -> None:
    lines = load_pack(lang).lines
    missing = sorted((used_ids() | key_ids()) - set(lines))
    assert missing == []


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_ui_lines_have_the_english_placeholders(lang: str) -> None:
    english, other = load_pack("en").lines, load_pack(lang).lines
    for key in (k for k in english if k.startswith("ui.")):
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(english[key])), key

"""Every word of the Halloween screen is a line in the three voice packs,
with the same placeholders; its footer keys have their words too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.core.language import load_pack
from companion.tui.games.halloween import HalloweenScreen
from companion.tui.keys import key_line

HERE = Path(__file__).resolve().parents[3] / "companion" / "tui" / "games" / "halloween"
# Lines named with a variable part in the code, spelled out.
DYNAMIC = [f"menu.{kind}{end}" for kind in ("cards", "discard") for end in ("", "_hidden", "_title")] + \
    [f"score.{key}" for key in ("player", "candies", "child", "secret", "sent", "total")] + \
    ["role.child", "role.owner", "fee.one", "fee.two", "fee.card", "fee.none", "truco.says_false",
     "picker.hint", "fight.opened"]


def screen_ids() -> set[str]:
    found = set(DYNAMIC)
    for source in HERE.glob("*.py"):
        found |= set(re.findall(r"""\bL\(["']([a-z_.]+)["']""", source.read_text()))
    return {f"ui.halloween.{name}" for name in found} | {"halloween.rip.all_in"}


def footer_ids() -> set[str]:
    own = getattr(HalloweenScreen, "KEY_LINES", {})
    return {key_line(b.action, own) for b in HalloweenScreen.BINDINGS if b.show}


@pytest.mark.parametrize("lang", ["en", "es", "eu"])
def test_every_line_of_the_screen_is_in_every_pack(lang: str) -> None:
    lines = load_pack(lang).lines
    assert sorted((screen_ids() | footer_ids()) - set(lines)) == []


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_the_lines_have_the_english_placeholders(lang: str) -> None:
    english, other = load_pack("en").lines, load_pack(lang).lines
    for key in screen_ids():
        assert set(re.findall(r"\{(\w+)", other[key])) == set(re.findall(r"\{(\w+)", english[key])), key

"""Voice pack files of the plain shape are read without tomllib, to exactly what
tomllib reads; any other shape goes through tomllib (same data, same errors)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.core import language
from companion.core.language import _fast_pack, voices_dirs


def test_every_shipped_part_reads_fast_as_tomllib_reads_it() -> None:
    files = sorted(p for folder in voices_dirs() for p in folder.glob("*/*.toml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = _fast_pack(text)
        assert fast is not None, path
        slow = tomllib.loads(text)
        assert fast == slow
        assert [type(v) for t in fast.values() for v in t.values()] == \
               [type(v) for t in slow.values() for v in t.values()]


@pytest.mark.parametrize("text", [
    '[lines]\na = "x \\" y"\n',  # an escape
    '[lines]\na.b = "x"\n',  # a dotted key
    '[lines]\na = "x"\na = "y"\n',  # a repeated key (tomllib refuses it)
    '[lines]\n[lines]\n',  # a repeated table
    'a = "x"\n',  # a key outside any table
    '[lines]\na = """x"""\n',
    '[lines]\na = "x"  # comment\n',
    '[lines]\n# a comment with \x01 a control\n',
    '[lines]\na = "tab\there"\n',
    '[lines]\r\na = "x"\r\n',
    '[other]\na = "x"\n',
    '[lines]\na = 1e3\n',
    '[lines]\na = 007\n',
])
def test_other_shapes_go_through_tomllib(text: str) -> None:
    assert _fast_pack(text) is None


def test_plain_shape_values() -> None:
    text = '# head\n\n[voice]\nrate = 150\nvolume = 0.5\nneg = -3\n  # indented\n[lines]\n"ui.x" = "Hola {n}"\nb-1 = ""\n'
    assert _fast_pack(text) == tomllib.loads(text)


def test_a_damaged_part_is_still_refused(tmp_path: Path) -> None:
    bad = tmp_path / "core.toml"
    bad.write_text('[lines]\na = "x"\na = "y"\n', encoding="utf-8")
    with pytest.raises(language.VoicePackError):
        language._read_part(bad)

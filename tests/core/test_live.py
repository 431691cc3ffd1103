"""The live file beside a save (companion/core/live.py): written whole, read whatever it holds."""

from __future__ import annotations

import json
import os
import time

from companion.core import live


def test_publish_then_read_round_trips_and_leaves_no_temporary_file(tmp_path):
    save = tmp_path / "game.toml"
    save.write_text("")
    timer = live.Timer("gauekos", 45, 30, True, False, time.time() + 30)
    made = live.Live(True, "Gauekos, abrid los ojos.", (timer,), "eu", os.getpid(), time.time(), 12)
    path = live.publish(save, made)
    assert path == tmp_path / "game.toml.live.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml", "game.toml.live.json"]
    back = live.read(save)
    assert back is not None and back.open and not back.closed()
    assert (back.subtitle, back.lang, back.actions, back.timers) == (made.subtitle, "eu", 12, (timer,))
    assert 29 <= back.timers[0].left_at(time.time()) <= 30


def test_marcadors_turn_timer_is_read_back(tmp_path):
    """The kind marcador's screen publishes (companion/tui/games/marcador/screen.py) is one the
    readers keep: the table view and the table page count it down."""
    save = tmp_path / "game.toml"
    timer = live.Timer("marcador", 60, 42, True, False, time.time() + 42)
    live.publish(save, live.Live(True, "", (timer,), "es", os.getpid(), time.time(), 3))
    back = live.read(save)
    assert back is not None and back.timers == (timer,)


def test_publish_replaces_the_file_whole(tmp_path, monkeypatch):
    """The new file is written aside and renamed over the old one: a reader never sees half."""
    save = tmp_path / "game.toml"
    live.publish(save, live.Live(True, "first", (), "es", None, time.time()))
    replaced = []
    real = os.replace

    def spy(src, dst):
        assert os.path.dirname(src) == os.path.dirname(dst)  # same folder: rename is atomic
        assert json.loads(open(src, encoding="utf-8").read())["subtitle"] == "second"  # complete before the rename
        assert live.read(save).subtitle == "first"  # readers still see the old file whole
        replaced.append(dst)
        real(src, dst)

    monkeypatch.setattr(live.os, "replace", spy)
    live.publish(save, live.Live(True, "second", (), "es", None, time.time()))
    assert replaced and live.read(save).subtitle == "second"


def test_read_of_a_missing_damaged_or_foreign_file_is_none(tmp_path):
    save = tmp_path / "game.toml"
    assert live.read(save) is None
    path = live.live_path(save)
    for junk in (b"", b'{"open": tr', b"\xff\xfe\x00", b"[1, 2]", b'"text"', b"null",
                 b"[" * 100000 + b"]" * 100000, b'{"a": "' + b"x" * (live.MAX_BYTES + 10) + b'"}'):
        path.write_bytes(junk)
        assert live.read(save) is None
    path.unlink()
    path.mkdir()  # a folder where the file should be
    assert live.read(save) is None


def test_read_of_a_hostile_file_keeps_only_clean_values(tmp_path):
    save = tmp_path / "game.toml"
    hostile = {
        "open": "yes",  # not True: closed
        "subtitle": "\x1b[31mred\x1b[0m\nline two\u202e" + "x" * 5000,
        "timers": [{"kind": "phantom", "total": 10, "left": 5}, {"kind": "gauekos", "total": 1e308, "left": -5},
                   {"kind": "day", "total": float("nan"), "left": 1}, "junk", {"kind": "day"}] * 10,
        "lang": "xx", "pid": "1; rm -rf /", "heartbeat": "soon", "actions": True,
    }
    live.live_path(save).write_text(json.dumps(hostile), encoding="utf-8")
    got = live.read(save)
    assert got is not None and not got.open and got.closed()
    assert "\x1b" not in got.subtitle and "\u202e" not in got.subtitle and "\n" not in got.subtitle
    assert got.subtitle.startswith("[31mred[0m line two") and len(got.subtitle) <= live.MAX_TEXT
    assert [t.kind for t in got.timers] == ["gauekos"]  # the phantom and the broken ones are dropped
    assert got.timers[0].left_at(time.time()) == 0
    assert (got.lang, got.pid, got.heartbeat, got.actions) == (None, None, 0.0, None)


def test_closed_when_said_stale_or_gone(tmp_path):
    now = time.time()
    assert live.Live(False, heartbeat=now).closed(now)
    assert not live.Live(True, heartbeat=now, pid=os.getpid()).closed(now)
    assert live.Live(True, heartbeat=now - live.STALE - 1).closed(now)
    gone = 2**22 + 12345  # above the default pid_max: no such process
    assert live.Live(True, heartbeat=now, pid=gone).closed(now)


def test_a_paused_timer_keeps_its_seconds_and_a_running_one_counts_from_its_deadline():
    now = 1000.0
    assert live.Timer("day", 300, 120, True, True, None).left_at(now + 50) == 120
    assert live.Timer("day", 300, 120, True, False, now + 120).left_at(now + 50) == 70
    assert live.Timer("day", 300, 120, True, False, now + 120).left_at(now + 500) == 0

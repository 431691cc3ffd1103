"""Nothing lost, whatever sits beside the save (issue 23): a stale or hostile
lock note, links where the lock or the save should be, a disk that fails in
the middle of a write, a tail torn inside `[[action]]`, a misspelt header
key, a BOM. Each repro of the issue is a test here or in
tests/test_cli_exits.py."""

from __future__ import annotations

import base64
import errno
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.core import errors, lock
from companion.core.errors import DamagedSaveError, SaveError
from companion.core.journal import read
from companion.core.lock import lock_path
from companion.core.saveformat import Entry
from companion.core.session import Session
from companion.tui.memory import remember_lang

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links, flock and SIGKILL are POSIX")
ROOT = Path(__file__).resolve().parents[2]


def duel(path: Path, count: int = 5, lang: str = "en", target: int = 15) -> Path:
    """A dice duel with `count` actions of a seeded random playout."""
    session = Session.new("duel", ["Ana", "Luis"], {"target": target}, seed=7, lang=lang, path=path)
    rng = random.Random(7)
    while len(session.played) < count and session.outcome() is None:
        session.act(session.game.notation(session.game.sample_action(rng)))
    session.close()
    return path


def next_actions(path: Path, count: int) -> list[str]:
    """`count` actions the rules accept after the save's own (a copy in memory)."""
    session = Session.load(path, read_only=True)
    rng = random.Random(11)
    out = []
    while len(out) < count and session.outcome() is None:
        session.journal = None
        text = session.game.notation(session.game.sample_action(rng))
        session.act(text)
        out.append(text)
    return out


def damaged_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


# -- 1. a stale or hostile lock note -------------------------------------------------------


@pytest.mark.parametrize("note", [
    "pending = [10, 1000000]\n",  # the repro: cut a save to 10 bytes
    "pid = 1\ncommand = \"x\"\npending = [0, 99999999]\n",
    "pending = [-5, 10]\n",
    "pid = 4242\nboot = \"not this boot\"\npending = [10, 1000000]\nsave = [0, 0]\nadds = \"\"\n",
    "\x00\xff not toml at all",
])
def test_a_hostile_lock_note_costs_no_byte_of_the_save(tmp_path, capsys, note):
    save = duel(tmp_path / "s.toml")
    before = save.read_bytes()
    lock_path(save).write_bytes(note.encode("utf-8", "surrogateescape"))
    assert main(["act", str(save), "roll"]) == 0, capsys.readouterr().err
    after = save.read_bytes()
    assert after.startswith(before) and len(read(save).entries) == 6
    assert damaged_copies(save) == []  # an unproven note is ignored: nothing was cut
    assert not lock_path(save).exists()


def _forged(path: Path, start: int, payload: bytes, **changes) -> str:
    info = os.lstat(path)
    fields = {"pid": "4242", "boot": f'"{lock.BOOT}"', "command": '"companion act"',
              "pending": f"[{start}, {len(payload)}]", "save": f"[{info.st_dev}, {info.st_ino}]",
              "adds": f'"{base64.b64encode(payload).decode()}"'}
    fields.update(changes)
    return "".join(f"{key} = {value}\n" for key, value in fields.items())


def test_a_note_that_matches_everything_still_only_moves_the_bytes_aside(tmp_path, capsys):
    """Even a note forged to prove itself (this boot, this file, the very bytes) cannot
    destroy a byte: the cut bytes are in a .damaged copy before the save is cut, and it is said."""
    save = duel(tmp_path / "s.toml", 6)
    data = save.read_bytes()
    start = read(save).offsets[3]
    lock_path(save).write_text(_forged(save, start, data[start:] + b"more"))
    assert main(["show", str(save), "--recover"]) == 0  # a writer: it settles the note
    err = capsys.readouterr().err
    copies = damaged_copies(save)
    assert len(copies) == 1 and f"kept in {copies[0]}" in err
    assert save.read_bytes() + copies[0].read_bytes() == data  # every byte somewhere


@pytest.mark.parametrize("change", [
    {"boot": '"another boot"'}, {"save": "[1, 2]"}, {"pid": '"x"'}, {"adds": '"not base64!"'},
])
def test_a_note_that_does_not_prove_itself_is_ignored(tmp_path, change):
    save = duel(tmp_path / "s.toml", 6)
    data = save.read_bytes()
    start = read(save).offsets[3]
    lock_path(save).write_text(_forged(save, start, data[start:] + b"more", **change))
    Session.load(save).close()
    assert save.read_bytes() == data and damaged_copies(save) == []


STALE_NOTE = r"""
import os, signal, sys
from companion.core.session import Session
session = Session.load(sys.argv[1])
journal, session.journal = session.journal, None
for _ in range(5):
    session.act("roll")
data = b"".join(p.entry.to_block() for p in session.played[-5:])
info = os.fstat(journal._fd)
journal.lock.writing(journal.end, data, (info.st_dev, info.st_ino))
os.kill(os.getpid(), signal.SIGKILL)  # killed before its write: a stale note is left behind
"""


@posix_only
def test_a_stale_note_left_by_a_kill_never_cuts_a_save_that_moved_on(tmp_path):
    """A kill leaves a note; the save is then restored from a backup a little longer than the
    noted write's start (the old code cut it back to that start)."""
    save = duel(tmp_path / "s.toml", 4)
    subprocess.run([sys.executable, "-c", STALE_NOTE, str(save)], cwd=ROOT)
    assert "pending = " in lock_path(save).read_text()
    restored = save.read_bytes() + Entry("hold").to_block()  # other bytes than the note's
    save.write_bytes(restored)  # the same file (inode), as `cp backup.toml s.toml` does
    Session.load(save).close()
    assert save.read_bytes() == restored and damaged_copies(save) == []


@posix_only
def test_a_half_batch_cut_back_after_a_kill_is_kept_beside_the_save(tmp_path):
    save = duel(tmp_path / "s.toml", 2)
    before = save.read_bytes()
    code = STALE_NOTE.replace("os.kill(", "os.write(journal._fd, data[: len(data) // 2]); os.kill(")
    subprocess.run([sys.executable, "-c", code, str(save)], cwd=ROOT)
    torn = save.read_bytes()
    session = Session.load(save)
    assert session.journal.lock.rolled_back == len(torn) - len(before)
    assert session.journal.lock.set_aside == damaged_copies(save)[0]
    session.close()
    assert save.read_bytes() == before and damaged_copies(save)[0].read_bytes() == torn[len(before):]


# -- 2. links and odd files where the lock, the save or a copy should be --------------------------


@posix_only
def test_a_lock_that_is_a_link_is_refused_and_its_target_untouched(tmp_path, capsys):
    save = duel(tmp_path / "v.toml")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    lock_path(save).symlink_to(victim)
    before = save.read_bytes()
    assert main(["act", str(save), "roll"]) == 1
    err = capsys.readouterr().err
    assert f"its lock file {lock_path(save)} is a link" in err
    assert victim.read_text() == "precious\n" and lock_path(save).is_symlink()
    assert save.read_bytes() == before
    dangling = tmp_path / "nowhere.txt"
    lock_path(save).unlink()
    lock_path(save).symlink_to(dangling)  # a link to nothing: never created through
    assert main(["act", str(save), "roll"]) == 1
    assert not dangling.exists()


@posix_only
@pytest.mark.parametrize("kind", ["hard link", "fifo", "folder"])
def test_a_lock_that_is_no_plain_file_of_its_own_is_refused(tmp_path, capsys, kind):
    save = duel(tmp_path / "v.toml")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    if kind == "hard link":
        os.link(victim, lock_path(save))
    elif kind == "fifo":
        os.mkfifo(lock_path(save))
    else:
        lock_path(save).mkdir()
    before = save.read_bytes()
    assert main(["act", str(save), "roll"]) == 1
    assert f"its lock file {lock_path(save)} is" in capsys.readouterr().err
    assert victim.read_text() == "precious\n" and save.read_bytes() == before


@posix_only
def test_a_save_that_is_a_link_is_read_but_never_written_through(tmp_path, capsys):
    target = duel(tmp_path / "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    before = target.read_bytes()
    assert main(["show", str(link)]) == 0  # a reader may follow it
    capsys.readouterr()
    assert main(["act", str(link), "roll"]) == 1
    assert "is a link to another file" in capsys.readouterr().err
    assert target.read_bytes() == before and link.is_symlink()


@posix_only
def test_a_link_at_the_recovery_scratch_name_is_replaced_not_written_through(tmp_path):
    save = duel(tmp_path / "s.toml", 6)
    data = save.read_bytes()
    third = read(save).offsets[2]
    save.write_bytes(data[:third] + b"\n[[action]]\nnot toml\n" + data[third:])  # damage in the middle
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / f".s.toml.{os.getpid()}.recovering").symlink_to(victim)
    Session.load(save, recover=True).close()
    assert victim.read_text() == "precious\n"
    assert len(read(save).entries) >= 2


# -- 4. a disk that fails in the middle of a write ------------------------------------------------


class FailingDisk:
    """os.fsync / os.ftruncate / os.write failing with EIO on the save's file only."""

    def __init__(self, monkeypatch, save: Path, *, fsync=False, ftruncate=False, short_write=False):
        self.ino = os.stat(save).st_ino
        real_fsync, real_ftruncate, real_write = os.fsync, os.ftruncate, os.write

        def the_save(fd: int) -> bool:
            return os.fstat(fd).st_ino == self.ino

        def fsync_(fd):
            if fsync and the_save(fd):
                raise OSError(errno.EIO, "Input/output error")
            return real_fsync(fd)

        def ftruncate_(fd, size):
            if ftruncate and the_save(fd):
                raise OSError(errno.EIO, "Input/output error")
            return real_ftruncate(fd, size)

        def write_(fd, data):
            if short_write and the_save(fd):
                return real_write(fd, bytes(data)[: len(data) // 2])
            return real_write(fd, data)

        monkeypatch.setattr(os, "fsync", fsync_)
        monkeypatch.setattr(os, "ftruncate", ftruncate_)
        monkeypatch.setattr(os, "write", write_)


def test_a_batch_in_the_save_is_never_told_not_played(tmp_path, capsys, monkeypatch):
    """fsync fails (EIO), then ftruncate fails: all 20 actions are in the file and replay, so
    they are printed as played, the problem is said, the exit status is 4 (not 1: a script
    must not play them again), and the lock's note stays until the next writer settles it."""
    save = duel(tmp_path / "f.toml", 2, target=200)
    actions = next_actions(save, 20)
    disk = FailingDisk(monkeypatch, save, fsync=True, ftruncate=True)
    assert main(["act", str(save), *actions]) == 4
    out, err = capsys.readouterr()
    assert "it was not played" not in err and "counts as played" in err
    assert "Input/output error" in err and out.count(":\n") >= 20
    assert "pending = " in lock_path(save).read_text()  # the note stays for the next writer
    monkeypatch.undo()
    del disk
    assert len(read(save).entries) == 22
    session = Session.load(save)  # settles it: a whole write is fsynced, nothing cut
    assert len(session.played) == 22 and damaged_copies(save) == []
    session.close()
    assert not lock_path(save).exists()


def test_a_batch_cut_back_after_a_failed_fsync_is_not_played(tmp_path, capsys, monkeypatch):
    save = duel(tmp_path / "f.toml", 2, target=200)
    before = save.read_bytes()
    FailingDisk(monkeypatch, save, fsync=True)
    assert main(["act", str(save), *next_actions(save, 3)]) == 1
    assert "it was not played" in capsys.readouterr().err
    monkeypatch.undo()
    assert save.read_bytes() == before and not lock_path(save).exists()


def test_a_torn_batch_that_cannot_be_cut_back_is_set_aside_by_the_next_writer(tmp_path, capsys, monkeypatch):
    save = duel(tmp_path / "f.toml", 2, target=200)
    before = save.read_bytes()
    FailingDisk(monkeypatch, save, short_write=True, ftruncate=True)
    assert main(["act", str(save), *next_actions(save, 4)]) == 1
    err = capsys.readouterr().err
    assert "it was not played" in err and "set aside" in err
    monkeypatch.undo()
    assert "pending = " in lock_path(save).read_text()
    session = Session.load(save)
    assert len(session.played) == 2 and save.read_bytes() == before
    assert session.journal.lock.set_aside is not None
    session.close()


def test_an_action_in_the_save_despite_a_failed_fsync_stays_played_in_the_session(tmp_path, monkeypatch):
    save = duel(tmp_path / "f.toml", 2, target=200)
    session = Session.load(save)
    action = next_actions(save, 1)[0]
    FailingDisk(monkeypatch, save, fsync=True, ftruncate=True)
    with pytest.raises(errors.SavedButError):
        session.act(action)
    assert len(session.played) == 3  # as the file holds it
    monkeypatch.undo()
    FailingDisk(monkeypatch, save, fsync=True)
    with pytest.raises(errors.SavedButError):
        session.undo()  # cut, not made durable: undone all the same
    assert len(session.played) == 2
    monkeypatch.undo()
    session.act(action)  # the session and the file still agree: it goes on
    session.close()
    assert len(read(save).entries) == 3


# -- 5. a tail torn inside the `[[action]]` line --------------------------------------------------


@pytest.mark.parametrize("tail", [b"\n[[act", b"\n[", b"\n[[action]", b"[[ac", b"\r\n[[action"])
def test_a_tail_torn_inside_the_action_line_blames_the_torn_bytes(tmp_path, tail):
    save = duel(tmp_path / "t.toml", 5)
    whole = save.read_bytes()
    save.write_bytes(whole + tail)
    with pytest.raises(DamagedSaveError) as damaged:
        Session.load(save)
    assert damaged.value.intact == 5
    assert "damaged at action 6" in str(damaged.value) and "cut off while being written" in str(damaged.value)
    session = Session.load(save, recover=True)
    assert len(session.played) == 5
    session.close()
    kept = save.read_bytes()
    assert kept + damaged_copies(save)[0].read_bytes() == whole + tail
    assert len(read(save).entries) == 5


def test_a_tear_inside_the_first_action_line_keeps_the_setup(tmp_path):
    save = duel(tmp_path / "t.toml", 0)
    save.write_bytes(save.read_bytes() + b"\n[[act")
    with pytest.raises(DamagedSaveError) as damaged:
        Session.load(save)
    assert damaged.value.intact == 0 and "damaged at action 1" in str(damaged.value)


# -- 6. unknown header keys -----------------------------------------------------------------------


def test_a_misspelt_header_key_is_refused_by_name_not_defaulted(tmp_path):
    save = duel(tmp_path / "o.toml", 3, target=15)
    save.write_text(save.read_text().replace("[options]", "[oxtions]"))
    with pytest.raises(SaveError, match="holds 'oxtions', which is no part of a save"):
        Session.load(save, read_only=True)


# -- 7. a BOM, and an unreadable header's language ------------------------------------------------


def test_a_save_with_a_bom_reads_and_plays_on(tmp_path, capsys):
    save = duel(tmp_path / "b.toml", 3)
    save.write_bytes(b"\xef\xbb\xbf" + save.read_bytes())  # opened and saved in Notepad
    before = save.read_bytes()
    assert main(["show", str(save)]) == 0
    assert "Dice duel" in capsys.readouterr().out  # its own language, English
    assert main(["act", str(save), *next_actions(save, 2)]) == 0
    assert save.read_bytes().startswith(before) and len(read(save).entries) == 5


def test_an_unreadable_header_is_reported_in_the_apps_remembered_language(tmp_path, capsys):
    remember_lang(Path(os.environ["COMPANION_HOME"]), "en")
    save = duel(tmp_path / "x.toml", 1)
    save.write_bytes(b"\x00garbage = = \n" + save.read_bytes())
    assert main(["show", str(save)]) == 1
    err = capsys.readouterr().err
    assert "its setup part" in err and "partida" not in err

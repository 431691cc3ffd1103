"""One writer per save: the lock, read-only sessions, the size check that
keeps undo off another writer's action, batches cut back after a kill, and
the folder fsynced."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import companion.core.files as files_module
import companion.core.journalfile as journal_module
from companion.core.errors import SaveError
from companion.core.game import Line
from companion.core.journal import fsync_dir, read
from companion.core.saveformat import Entry
from companion.core.lock import SaveLockedError, lock_path
from companion.core.session import Session

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="flock and SIGKILL are POSIX")
ROOT = Path(__file__).resolve().parents[2]


def duel(path: Path, *actions: str) -> Path:
    session = Session.new("duel", ["Ana", "Luis"], {"target": 200}, seed=2, lang="en", path=path)
    for action in ("lucky 1 4", "lucky 2 2", *actions):
        session.act(action)
    session.close()
    return path


def python(code: str, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, **kwargs)


def test_a_writer_holds_a_sidecar_naming_itself_and_removes_it_on_close(tmp_path):
    path = duel(tmp_path / "g.toml")
    session = Session.load(path)
    text = lock_path(path).read_text()
    assert f"pid = {os.getpid()}\n" in text and "command = " in text
    session.close()
    assert not lock_path(path).exists()
    reader = Session.load(path, read_only=True)
    assert not lock_path(path).exists()  # a reader takes no lock
    reader.close()


def test_a_read_only_session_refuses_every_write_with_its_reason(tmp_path):
    path = duel(tmp_path / "g.toml", "roll")
    before = path.read_bytes()
    why = Line("error.save.locked", {"pid": 4242, "command": "companion play g.toml"})
    session = Session.load(path, read_only=why)
    for write in (lambda: session.act("roll"), session.undo):
        with pytest.raises(SaveError) as refused:
            write()
        assert refused.value.problem == why
        assert "another process is writing it already (pid 4242: companion play g.toml)" in str(refused.value)
    assert len(session.played) == 3 and path.read_bytes() == before
    plain = Session.load(path, read_only=True)
    with pytest.raises(SaveError, match="is open read-only: nothing was played or saved"):
        plain.act("roll")


def test_undo_never_removes_an_action_another_writer_made(tmp_path):
    """Two sessions of one process share the lock; the size check still keeps them apart."""
    path = duel(tmp_path / "g.toml")
    mine, other = Session.load(path), Session.load(path)
    mine.act("roll")
    other_view = path.read_bytes()
    with pytest.raises(SaveError, match="has changed on disk since it was opened"):
        other.undo()  # would cut `mine`'s roll
    with pytest.raises(SaveError, match="has changed on disk"):
        other.act("roll")  # would append after an action it never saw
    assert path.read_bytes() == other_view
    assert [e.notation for e in read(path).entries] == ["lucky 1 4", "lucky 2 2", "roll"]
    mine.undo()  # its own action: fine
    assert len(read(path).entries) == 2
    mine.close()
    other.close()


@posix_only
def test_a_second_process_is_refused_with_the_holders_pid_and_command(tmp_path):
    path = duel(tmp_path / "g.toml")
    holder = python("import sys; from companion.core.session import Session\n"
                    "s = Session.load(sys.argv[1]); print('ready', flush=True); sys.stdin.readline()",
                    str(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(SaveLockedError) as refused:
            Session.load(path)
        assert refused.value.holder.pid == holder.pid
        assert refused.value.holder.command.startswith("python -c ")
        with pytest.raises(SaveLockedError):
            Session.new("duel", ["A", "B"], path=path, overwrite=True)
        with pytest.raises(SaveLockedError):
            Session.load(path, recover=True)
        Session.load(path, read_only=True).close()
    finally:
        holder.kill()
        holder.wait()
    Session.load(path).close()  # the OS let go of the dead holder's lock


@posix_only
def test_a_lock_left_by_a_killed_writer_is_taken_over(tmp_path):
    path = duel(tmp_path / "g.toml")
    python("import os, signal, sys; from companion.core.session import Session\n"
           "s = Session.load(sys.argv[1]); os.kill(os.getpid(), signal.SIGKILL)", str(path)).wait()
    assert lock_path(path).exists()  # left behind, but no longer locked
    session = Session.load(path)
    assert f"pid = {os.getpid()}" in lock_path(path).read_text()
    session.act("roll")
    session.close()
    assert len(read(path).entries) == 3


DIE_MID_WRITE = r"""
import os, signal, sys
from companion.core.session import Session
path, keep = sys.argv[1], float(sys.argv[2])
session = Session.load(path)
journal, session.journal = session.journal, None
for _ in range(5):
    session.act("roll")
data = b"".join(p.entry.to_block() for p in session.played[-5:])
info = os.fstat(journal._fd)
journal.lock.writing(journal.end, data, (info.st_dev, info.st_ino))  # as append_many does, then die part-way
os.write(journal._fd, data[: int(len(data) * keep)])
os.kill(os.getpid(), signal.SIGKILL)
"""


@posix_only
@pytest.mark.parametrize("keep, saved", [(0.0, 2), (0.01, 2), (0.5, 2), (0.99, 2), (1.0, 7)])
def test_a_batch_cut_by_a_kill_is_cut_back_by_the_next_writer(tmp_path, keep, saved):
    path = duel(tmp_path / "g.toml")
    before = path.read_bytes()
    python(DIE_MID_WRITE, str(path), str(keep)).wait()
    session = Session.load(path, recover=False)  # no damage: a half batch is not damage, it is undone
    assert len(session.played) == saved
    if saved == 2:
        assert path.read_bytes() == before
        assert bool(session.journal.lock.rolled_back) == (keep > 0)
    session.close()


def test_append_many_is_one_write_and_one_fsync(tmp_path, monkeypatch):
    path = duel(tmp_path / "g.toml")
    session = Session.load(path)
    calls: list[str] = []
    write, fsync = os.write, os.fsync
    monkeypatch.setattr(os, "write", lambda fd, data: calls.append("write") or write(fd, data))
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append("fsync") or fsync(fd))
    session.journal.append_many([Entry("roll"), Entry("hold"), Entry("roll")])
    monkeypatch.undo()
    assert calls.count("write") == 1  # the save's one write (the lock's note is a pwrite)
    assert calls.count("fsync") == 1  # the save only: the lock's note outlives a kill in the page cache
    assert [e.notation for e in read(path).entries][-3:] == ["roll", "hold", "roll"]
    assert session.journal.end == path.stat().st_size
    session.close()


def test_the_folder_is_fsynced_after_a_save_is_made_and_after_a_tail_is_set_aside(tmp_path, monkeypatch):
    synced: list[Path] = []
    real = journal_module.fsync_dir
    spy = lambda folder: synced.append(Path(folder)) or real(folder)  # noqa: E731
    monkeypatch.setattr(journal_module, "fsync_dir", spy)
    monkeypatch.setattr(files_module, "fsync_dir", spy)  # the copies set aside are made there
    path = duel(tmp_path / "g.toml")
    assert synced == [tmp_path]
    with path.open("ab") as handle:
        handle.write(b"\n[[action]]\nnot toml\n")
    Session.load(path, recover=True).close()
    assert synced == [tmp_path, tmp_path]
    fsync_dir(tmp_path / "no such folder")  # nothing to sync: no error

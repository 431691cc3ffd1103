"""`serve()` as `companion table FILE --serve` runs it: in its own process, announcing the
address, writing `<save>.table.json` while it listens and removing it when stopped; and
the QR code it prints, read back module by module."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from companion.core.session import Session
from companion.tableserve import info, qr, serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    Session.new("dice-duel", ["Ana", "Luis"], seed=1, lang="eu", path=path).close()
    return path


def wait_for(check, what: str, limit: float = 30.0):
    """Poll `check` until it answers (a condition, not a timing assertion)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_serve_writes_the_address_file_and_removes_it_when_stopped(save: Path, stop) -> None:
    code = f"from companion.tableserve import serve; raise SystemExit(serve({str(save)!r}, port=0))"
    process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        found = wait_for(lambda: info.running(save), "the server's .table.json")
        assert found["pid"] == process.pid
        assert found["address"] == f"http://127.0.0.1:{found['port']}/t/{found['token']}/"
        assert found["lang"] == "eu"  # the save's language when none is given
        assert oct(info.info_path(save).stat().st_mode & 0o777) == "0o600"
        with urllib.request.urlopen(found["address"]) as response:
            assert response.status == 200
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{found['port']}/")
        assert refused.value.code == 403
        process.send_signal(stop)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    assert not info.info_path(save).exists()
    lines = out.splitlines()
    assert lines[0] == f"Mahaiaren ikuspegia helbide honetan: {found['address']}"
    assert "█" not in out and "\x1b[" not in out  # this computer only: no code to scan, no colours
    assert lines[-1] == "Mahaiaren ikuspegia ez da gehiago zerbitzatzen."


def test_serve_without_a_save_says_so(tmp_path: Path) -> None:
    said: list[str] = []
    assert serve(tmp_path / "none.toml", port=0, lang="es", out=said.append) == 2
    assert said == [f"No hay ninguna partida guardada en {tmp_path / 'none.toml'}."]


def test_a_taken_port_is_said_in_words(save: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        said: list[str] = []
        assert serve(save, port=port, lang="en", out=said.append) == 1
    assert said == [f"Cannot listen on port {port}: choose another with --port, or --port 0 for any free one."]
    assert not info.info_path(save).exists()


# -- the address file ---------------------------------------------------------------

def test_a_dead_servers_file_is_ignored(save: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    info.write(save, {"address": "http://x/", "token": "t", "pid": int(dead.stdout)})
    assert info.info_path(save).name == "duel.toml.table.json"
    assert info.running(save) is None
    info.write(save, {"address": "http://x/", "token": "t", "pid": os.getpid()})
    assert info.running(save)["address"] == "http://x/"


def test_only_its_own_file_is_removed(save: Path) -> None:
    info.write(save, {"address": "http://x/", "token": "t", "pid": os.getpid()})
    info.remove(save, pid=os.getpid() + 1)
    assert info.info_path(save).exists()
    info.remove(save, pid=os.getpid())
    assert not info.info_path(save).exists()
    info.remove(save)  # already gone: fine
    assert [p.name for p in save.parent.iterdir()] == ["duel.toml"]  # no temporary left behind


def test_a_broken_file_is_ignored(save: Path) -> None:
    info.info_path(save).write_text("{not json")
    assert info.running(save) is None
    info.info_path(save).write_text(json.dumps({"pid": "1"}))
    assert info.running(save) is None


# -- the QR code ------------------------------------------------------------------------

def unblock(lines: list[str]) -> list[list[bool]]:
    """The half-block text back into module rows."""
    top = {" ": False, "▄": False, "▀": True, "█": True}
    bottom = {" ": False, "▀": False, "▄": True, "█": True}
    rows = []
    for line in lines:
        rows.append([top[c] for c in line])
        rows.append([bottom[c] for c in line])
    return rows


@pytest.mark.parametrize("address", ["http://127.0.0.1:8000/t/abc/",
                                     "http://192.168.100.230:65000/t/" + "A" * 22 + "/"])
def test_the_text_qr_is_every_module_of_the_code(address: str) -> None:
    code = qr.code(address)
    size = code.symbol_size(scale=1, border=0)[0]
    assert size == 17 + 4 * code.version  # a regular code, not micro
    lines = qr.half_blocks(address)
    assert len({len(line) for line in lines}) == 1 and len(lines[0]) == size + 2 * qr.QUIET
    modules = unblock(lines)[: size + 2 * qr.QUIET]
    assert modules == qr.matrix(address)
    # the quiet zone: four light modules all round
    for row in modules[: qr.QUIET] + modules[-qr.QUIET:]:
        assert not any(row)
    assert not any(any(row[: qr.QUIET]) or any(row[-qr.QUIET:]) for row in modules)
    # the three finder patterns: a dark 7x7 ring in the corners
    q = qr.QUIET
    for top, left in ((q, q), (q, q + size - 7), (q + size - 7, q)):
        ring = [modules[top][left + i] for i in range(7)] + [modules[top + 6][left + i] for i in range(7)]
        assert all(ring)


def test_the_svg_is_written(tmp_path: Path) -> None:
    qr.svg("http://127.0.0.1:8000/t/abc/", str(tmp_path / "qr.svg"))
    assert (tmp_path / "qr.svg").read_text().lstrip().startswith("<?xml")


@pytest.mark.skipif(not __import__("shutil").which("zbarimg"), reason="zbarimg (zbar-tools) not installed")
def test_the_text_qr_scans(tmp_path: Path) -> None:
    """The printed characters, drawn as pixels (8 per module), decode back to the address."""
    address = "http://192.168.1.23:8000/t/" + "Zx_9" * 5 + "ab/"
    modules = unblock(qr.half_blocks(address))
    scale = 8
    pixels = [[m for m in row for _ in range(scale)] for row in modules for _ in range(scale)]
    image = tmp_path / "qr.pbm"
    image.write_text(f"P1\n{len(pixels[0])} {len(pixels)}\n"
                     + "\n".join(" ".join("1" if p else "0" for p in row) for row in pixels) + "\n")
    found = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True)
    assert found.stdout.strip() == address, found.stderr


def test_companion_table_serve_streams_the_public_observation(save: Path) -> None:
    """The whole path: `companion table FILE --serve --port 0` binds this computer only by
    default, keeps its token beside the save for a restart, and a viewer's stream carries the
    game's observation and title in the save's language (Basque here)."""
    process = subprocess.Popen([sys.executable, "-m", "companion", "table", str(save), "--serve", "--port", "0"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        found = wait_for(lambda: info.running(save), "the server's .table.json")
        assert found["host"] == "127.0.0.1"
        token = save.with_name(save.name + ".table.token")
        assert token.read_text().strip() == found["token"]
        assert oct(token.stat().st_mode & 0o777) == "0o600"
        seen = b""
        with urllib.request.urlopen(found["address"] + "events") as stream:
            while b"event: state" not in seen or not seen.endswith(b"\n\n"):
                seen += stream.readline()
        state = json.loads(seen.split(b"event: state\ndata: ")[1].split(b"\n")[0])
        assert state["title"] == "Dado-duelua" and state["obs"]["format"] == 1
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert not info.info_path(save).exists()

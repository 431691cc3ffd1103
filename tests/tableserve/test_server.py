"""The table page's server: the token guards every path, the page fetches nothing from
elsewhere, one stream per viewer pushes the public observation as the save grows (replaying
only the appended actions), a cap on viewers says so in words, and a missing or damaged
save is said while the last state stays. aiohttp's client only; the browser tests are in
test_page_browser.py. The server runs in-process on a free port."""

from __future__ import annotations

import asyncio
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest

from companion.core import live
from companion.core.session import Session
from companion.tableserve import announce
from companion.tableserve.follow import STATIC
from companion.tableserve.server import LOCAL, TableServer, shown_host


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    Session.new("dice-duel", ["Ana", "[bold]Luis"], seed=1, lang="es", path=path).close()
    return path


@pytest.fixture
async def server(save: Path):
    served = TableServer(save, host=LOCAL, port=0, poll=0.02)
    await served.start()
    yield served
    await served.stop()


def origin(server: TableServer) -> str:
    return f"http://{LOCAL}:{server.bound_port}"


class Events:
    """A viewer's stream, read event by event."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response

    async def next(self, timeout: float = 10.0) -> tuple[str, dict]:
        kind, data = "message", []
        while True:
            raw = await asyncio.wait_for(self.response.content.readline(), timeout)
            if not raw:
                raise EOFError("stream closed")
            line = raw.decode().rstrip("\n")
            if not line:
                if data:
                    return kind, json.loads("\n".join(data))
                continue
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])

    async def state(self, check=lambda s: True, timeout: float = 10.0) -> dict:
        """The next state event that passes `check`."""
        while True:
            kind, data = await self.next(timeout)
            if kind == "state" and check(data):
                return data


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]


async def test_the_page_answers_with_the_token(server) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address) as response:
            assert response.status == 200
            assert response.content_type == "text/html"
            assert response.headers["Referrer-Policy"] == "no-referrer"
            page = await response.text()
    assert server.address == f"{origin(server)}/t/{server.token}/"
    assert '<html lang="es">' in page
    assert "<title>Vista de mesa</title>" in page


@pytest.mark.parametrize("path", ["/", "/events", "/static/page.js", "/t/", "/t/wrong/",
                                  "/t/wrong/events", "/t/wrong/static/page.js", "/favicon.ico"])
async def test_every_path_without_the_right_token_is_refused(server, path) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(origin(server) + path, allow_redirects=False) as response:
            assert response.status == 403
            assert "código QR" in await response.text()


async def test_a_token_that_only_starts_right_is_refused(server) -> None:
    async with aiohttp.ClientSession() as client:
        for token in (server.token[:-1], server.token + "x", server.token.upper()):
            async with client.get(f"{origin(server)}/t/{token}/") as response:
                assert response.status == 403


async def test_the_page_fetches_nothing_from_another_host(server) -> None:
    """Offline tables: every script and stylesheet is relative and really served, and no
    file of the page names another host (the SVG namespace is a name, never fetched)."""
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address) as response:
            page = await response.text()
        links = Links()
        links.feed(page)
        assert links.urls
        for url in links.urls:
            absolute = urljoin(server.address, url)
            assert urlsplit(absolute).netloc == f"{LOCAL}:{server.bound_port}", url
            async with client.get(absolute) as response:
                assert response.status == 200, url
    for path in STATIC.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8").replace("http://www.w3.org/2000/svg", "")
            assert not re.search(r"https?:|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", text), path


async def test_a_viewer_gets_the_words_then_the_state_then_each_action(server, save) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address + "events") as response:
            assert response.content_type == "text/event-stream"
            events = Events(response)
            kind, words = await events.next()
            assert kind == "words" and words["lang"] == "es"
            assert words["words"]["page.log"] == "Lo que se ha dicho"
            assert words["words"]["state.dice-duel.target"] == "Meta"
            first = await events.state()
            assert first["obs"]["format"] == 1 and first["obs"]["game"] == "dice-duel"
            assert first["obs"]["players"] == ["Ana", "[bold]Luis"]
            assert first["title"] and first["now"] and first["panel"] == "dice-duel"
            assert first["closed"] == "La aplicación del director de juego está cerrada."
            session = Session.load(save)
            rng_actions = [session.game.notation(session.game.sample_action(__import__("random").Random(1)))]
            session.act(rng_actions[0])
            session.close()
            after = await events.state(lambda s: s["obs"]["actions"] == 1)
            assert after["told"] and all(isinstance(line, str) for line in after["told"][-1]["lines"])
    assert server.follower.reloads == 1  # the appended action was replayed alone


async def test_the_app_open_shows_its_subtitle_and_timers(server, save) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address + "events") as response:
            events = Events(response)
            await events.state()
            import os
            import time

            live.publish(save, live.Live(True, "¡Hola, mesa!", (live.Timer("day", 60, 60, True, False, time.time() + 60),),
                                         "en", os.getpid(), time.time(), 0))
            found = await events.state(lambda s: s["live"]["subtitle"])
            assert found["live"]["subtitle"] == "¡Hola, mesa!"
            assert found["closed"] is None and found["lang"] == "en"  # the app's language
            assert found["live"]["timers"][0]["deadline"] > found["clock"]


async def test_a_missing_then_damaged_save_is_said_and_the_last_state_stays(server, save) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address + "events") as response:
            events = Events(response)
            first = await events.state()
            kept = save.read_bytes()
            save.unlink()
            gone = await events.state(lambda s: s["status"] == "missing")
            assert gone["banner"] == "No se encuentra duel.toml: se muestra el último estado leído."
            assert gone["obs"] == first["obs"]
            save.write_bytes(kept + b"\n[[action]]\nnotation = \x00\x01 broken\n")
            bad = await events.state(lambda s: s["status"] == "unreadable")
            assert "duel.toml" in bad["banner"] and bad["obs"] == first["obs"]
            save.write_bytes(kept)
            back = await events.state(lambda s: s["status"] == "ok")
            assert back["banner"] is None


async def test_past_the_cap_a_viewer_is_told_the_table_is_full(save) -> None:
    served = TableServer(save, host=LOCAL, port=0, max_viewers=1)
    await served.start()
    try:
        async with aiohttp.ClientSession() as client:
            async with client.get(served.address + "events") as first:
                await Events(first).state()
                async with client.get(served.address + "events") as second:
                    kind, data = await Events(second).next()
                    assert kind == "full"
                    assert data["text"].startswith("La mesa ya tiene 1 pantalla conectada")
    finally:
        await served.stop()


async def test_the_address_without_its_last_slash_redirects(server) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address.rstrip("/"), allow_redirects=False) as response:
            assert response.status == 302
            assert response.headers["Location"] == f"/t/{server.token}/"


async def test_a_taken_port_is_an_os_error(server, save) -> None:
    other = TableServer(save, host=LOCAL, port=server.bound_port)
    with pytest.raises(OSError):
        await other.start()


def test_tokens_differ_and_are_long(save) -> None:
    tokens = {TableServer(save).token for _ in range(20)}
    assert len(tokens) == 20 and all(len(t) >= 22 for t in tokens)


def test_every_interface_shows_the_lan_address() -> None:
    assert shown_host("127.0.0.1") == "127.0.0.1"
    assert shown_host("::1") == "[::1]"
    lan = shown_host("0.0.0.0")
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", lan) and lan != "0.0.0.0"


def test_the_terminal_announcement_is_in_the_table_language() -> None:
    """The QR code only for an address other devices can reach; this computer only: how."""
    address = "http://192.168.1.5:8000/t/abc/"
    local = announce(address, "127.0.0.1", "es", colour=False)
    assert local[0] == f"Vista de mesa servida en {address}"
    assert "Solo este ordenador puede abrirla" in local[-2]
    assert not any("█" in line for line in local)
    assert local[-1] == "Ctrl+C deja de servirla."
    lan = announce(address, "0.0.0.0", "eu", colour=False)
    assert lan[-2].startswith("Eskaneatu kodea")
    assert any("█" in line for line in lan)
    coloured = announce(address, "0.0.0.0", "en", colour=True)
    assert any(line.startswith("\x1b[30;107m") for line in coloured)

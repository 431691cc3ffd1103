"""The served table view: the token guards every path, the page fetches nothing from
elsewhere, a websocket runs its own process, and the server leaves nothing behind.
aiohttp's client only (CI has no browser); the server runs in-process on a free port."""

from __future__ import annotations

import re
import shlex
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import aiohttp
import pytest

from companion.core.session import Session
from companion.tableserve import announce, info
from companion.tableserve.server import LOCAL, TableServer, shown_host, table_command

# Each browser connection runs this instead of the table view: what it sends reaching the
# websocket proves the process started.
ECHO = shlex.join([sys.executable, str(Path(__file__).with_name("fake_view.py"))])


@pytest.fixture
async def server():
    served = TableServer(ECHO, host=LOCAL, port=0, lang="es")
    await served.start()
    yield served
    await served.stop()


def origin(server: TableServer) -> str:
    return f"http://{LOCAL}:{server.bound_port}"


class Links(HTMLParser):
    """Every address the page would fetch: src/href attributes and CSS url(...)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.urls.append(value)

    def handle_data(self, data):
        self.text.append(data)
        self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", data)
        self.urls += re.findall(r"@import\s+['\"]([^'\"]+)", data)


async def test_the_page_answers_with_the_token(server) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address) as response:
            assert response.status == 200
            assert response.content_type == "text/html"
            page = await response.text()
    assert server.address == f"{origin(server)}/t/{server.token}/"
    assert '<html lang="es">' in page
    assert "<title>Vista de mesa</title>" in page
    assert f'data-session-websocket-url="ws://{LOCAL}:{server.bound_port}/t/{server.token}/ws"' in page


@pytest.mark.parametrize("path", ["/", "/ws", "/static/js/textual.js", "/t/", "/t/wrong/",
                                  "/t/wrong/ws", "/t/wrong/static/js/textual.js", "/favicon.ico"])
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


async def test_the_websocket_refuses_without_the_token(server) -> None:
    async with aiohttp.ClientSession() as client:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"ws://{LOCAL}:{server.bound_port}/ws")
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"ws://{LOCAL}:{server.bound_port}/t/wrong/ws")
        assert refused.value.status == 403


async def test_each_websocket_runs_its_own_table_view(server) -> None:
    """Two browsers (or a reload): two connections, each with its own process and output."""
    url = f"ws://{LOCAL}:{server.bound_port}/t/{server.token}/ws?width=80&height=24"
    async with aiohttp.ClientSession() as client:
        for _ in range(2):
            async with client.ws_connect(url) as socket:
                assert server.sockets
                seen = b""
                while b"table-view-started" not in seen:
                    message = await socket.receive(timeout=30)
                    assert message.type == aiohttp.WSMsgType.BINARY, message
                    seen += message.data
    assert not server.sockets or all(s.closed for s in server.sockets)


async def test_the_page_fetches_nothing_from_another_host(server) -> None:
    """Offline tables: every script, stylesheet, font and image is relative or on this server,
    and each of them is really served."""
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address) as response:
            page = await response.text()
        links = Links()
        links.feed(page)
        assert links.urls
        fetched = []
        for url in links.urls:
            absolute = urljoin(server.address, url)
            assert urlsplit(absolute).netloc == f"{LOCAL}:{server.bound_port}", url
            async with client.get(absolute) as response:
                assert response.status == 200, url
                body = await response.read()
            fetched.append(url)
            if url.endswith(".css"):
                inner = re.findall(rb"url\(\s*['\"]?([^'\")]+)", body) + re.findall(rb"@import\s+['\"]([^'\"]+)", body)
                assert all(not u.startswith((b"http:", b"https:", b"//")) for u in inner), inner
    assert any(u.endswith("textual.js") for u in fetched)
    assert any(u.endswith(".ttf") for u in fetched)
    assert "fonts.googleapis" not in page and "cdn" not in page.lower()


async def test_the_address_without_its_last_slash_redirects(server) -> None:
    async with aiohttp.ClientSession() as client:
        async with client.get(server.address.rstrip("/"), allow_redirects=False) as response:
            assert response.status == 302
            assert response.headers["Location"] == f"/t/{server.token}/"


async def test_a_taken_port_is_an_os_error(server) -> None:
    other = TableServer(ECHO, host=LOCAL, port=server.bound_port, lang="es")
    with pytest.raises(OSError):
        await other.start()


def test_tokens_differ_and_are_long() -> None:
    tokens = {TableServer(ECHO).token for _ in range(20)}
    assert len(tokens) == 20 and all(len(t) >= 22 for t in tokens)


def test_the_command_runs_the_table_view_of_the_save(tmp_path) -> None:
    path = tmp_path / "a game with spaces.toml"
    command = table_command(path, "eu")
    assert shlex.split(command) == [sys.executable, "-m", "companion", "table", str(path), "--lang", "eu"]
    assert shlex.split(table_command(path, None)) == [sys.executable, "-m", "companion", "table", str(path)]


def test_every_interface_shows_the_lan_address() -> None:
    assert shown_host("127.0.0.1") == "127.0.0.1"
    assert shown_host("::1") == "[::1]"
    lan = shown_host("0.0.0.0")
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", lan) and lan != "0.0.0.0"


def test_the_terminal_announcement_is_in_the_table_language() -> None:
    address = "http://192.168.1.5:8000/t/abc/"
    local = announce(address, "127.0.0.1", "es", colour=False)
    assert local[0] == f"Vista de mesa servida en {address}"
    assert "Solo este ordenador puede abrirla" in local[-2]
    assert local[-1] == "Ctrl+C deja de servirla."
    lan = announce(address, "0.0.0.0", "eu", colour=False)
    assert lan[-2].startswith("Eskaneatu kodea")
    assert any("█" in line for line in lan)
    coloured = announce(address, "0.0.0.0", "en", colour=True)
    assert any(line.startswith("\x1b[30;107m") for line in coloured)

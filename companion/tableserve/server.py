"""The table view in a browser: textual-serve behind a token, on this computer unless asked.

Each browser connection (a second phone, a reload) runs its own table-view process,
`python -m companion --lang L table FILE`, which follows the save file; so the game
master's app can be closed and reopened without anyone at the table noticing.

Every path is under `/t/<token>/`; any other request (the page, the websocket, a
static file) gets 403 before routing, and the token is compared in constant time.
The page is our own template: textual-serve's fetches Roboto Mono from Google Fonts,
and the table may have no internet; ours uses the copy textual-serve ships.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import shlex
import socket
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from companion.core.game import Line
from companion.core.language import render

HERE = Path(__file__).parent
LOCAL = "127.0.0.1"
ANY = ("0.0.0.0", "::", "")
QUIT_WAIT = 5.0  # seconds a table view gets to quit when its browser leaves


def table_command(path: Path, lang: str | None) -> str:
    """The shell command each browser connection runs (textual-serve starts it with a shell);
    without `lang` the view follows the game master's app's language."""
    argv = [sys.executable, "-m", "companion", "table", str(path)]
    return shlex.join(argv + (["--lang", lang] if lang else []))


def lan_address() -> str:
    """This computer's address on the local network: the one its default route leaves from
    (a UDP `connect` only picks the route; nothing is sent). 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return probe.getsockname()[0]
        except OSError:
            return LOCAL


def shown_host(host: str) -> str:
    """The host people type or scan: the LAN address when bound to every interface."""
    if host in ANY:
        return lan_address()
    return f"[{host}]" if ":" in host else host


class TableServer(Server):
    """textual-serve's server with a token in every path, our page, and a clean stop."""

    def __init__(self, command: str, *, host: str = LOCAL, port: int = 8000, lang: str = "es",
                 token: str | None = None) -> None:
        super().__init__(command, host=host, port=port, title=render(Line("serve.title"), lang),
                         templates_path=HERE / "templates")
        self.lang = lang
        self.token = token or secrets.token_urlsafe(16)
        self.prefix = f"/t/{self.token}"
        self.sockets: set[web.WebSocketResponse] = set()
        self.runner: web.AppRunner | None = None
        self.bound_port: int | None = None

    # -- addresses ---------------------------------------------------------------

    @property
    def address(self) -> str:
        """The page's full address, token included (what the QR code holds)."""
        return f"http://{shown_host(self.host)}:{self.bound_port or self.port}{self.prefix}/"

    # -- the aiohttp application -----------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """403 unless the path starts with `/t/<the token>/`."""
        parts = request.path.split("/", 3)  # "", "t", token, rest
        given = parts[2] if len(parts) > 2 and parts[1] == "t" else ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text=render(Line("serve.forbidden"), self.lang))
        return await handler(request)

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get(self.prefix, self.handle_slash),
            web.get(f"{self.prefix}/", self.handle_index),
            web.get(f"{self.prefix}/ws", self.handle_websocket),
            web.static(f"{self.prefix}/static", self.statics_path),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_slash(self, request: web.Request) -> web.StreamResponse:
        """The address typed without its last slash: the page's relative links need it."""
        raise web.HTTPFound(f"{self.prefix}/")

    @aiohttp_jinja2.template("table.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page; its websocket address is built from the Host the browser used, so the
        same page works at 127.0.0.1 and at the LAN address."""
        scheme = "wss" if request.secure else "ws"

        def words(line_id: str) -> str:
            return render(Line(line_id), self.lang)

        return {
            "lang": self.lang,
            "title": self.title,
            "ended": words("serve.ended"),
            "restart": words("serve.restart"),
            "static": "static/",  # relative to /t/<token>/
            "websocket_url": f"{scheme}://{request.host}{self.prefix}/ws",
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's handler, keeping each socket so a stop can close them (and so end
        their table-view processes) at once."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        await websocket.prepare(request)
        self.sockets.add(websocket)
        service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                             close=websocket.close, download_manager=self.download_manager)
        try:
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # a broken browser connection ends its own view only
            logging.getLogger("textual-serve").debug("table view connection: %r", error)
        finally:
            self.sockets.discard(websocket)
            await self._end(service)
            await websocket.close()
        return websocket

    @staticmethod
    async def _end(service: AppService) -> None:
        """Ask the view to quit; one that does not within seconds is killed, so a stuck
        process never holds the server's stop."""
        process = service._process
        try:
            await asyncio.wait_for(service.stop(), QUIT_WAIT)
            if process is not None:
                await asyncio.wait_for(process.wait(), QUIT_WAIT)  # reaped: no zombie, no stray pipe
        except (asyncio.TimeoutError, OSError):
            if process is not None and process.returncode is None:
                process.kill()
                await process.wait()

    async def on_shutdown(self, app: web.Application) -> None:
        for websocket in list(self.sockets):
            await websocket.close()

    # -- running -------------------------------------------------------------

    async def start(self) -> str:
        """Listen; returns the address. Raises OSError when the port is taken."""
        self.runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None,
                                    shutdown_timeout=3)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host or None, self.port)
        try:
            await site.start()
        except OSError:
            await self.runner.cleanup()
            self.runner = None
            raise
        self.bound_port = self.runner.addresses[0][1]
        return self.address

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

"""The table page: one aiohttp server for every viewer, our own HTML, CSS and JavaScript.

One `Follower` reads the save for everyone (companion/tableserve/follow.py); each change
is encoded once and pushed to every viewer as a Server-Sent Event (`/events`), which the
browser reconnects by itself after a blip or a server restart. The page sends nothing
but the request for its files and that stream: it is read-only by construction.

Every path is under `/t/<token>/`; any other request gets 403 before routing, and the
token is compared in constant time. Past `max_viewers` open streams a new viewer is told,
in the table's language, that the table is full, and tries again later by itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import socket
from pathlib import Path
from typing import Awaitable, Callable

from aiohttp import web

from companion.core.game import Line
from companion.core.language import render

from .follow import STATIC, Follower, words

LOCAL = "127.0.0.1"
ANY = ("0.0.0.0", "::", "")
POLL = 0.1  # seconds between looks at the save and the live file (two stats)
KEEPALIVE = 15.0  # seconds between comments on an idle stream (proxies, dead phones)
MAX_VIEWERS = 60
RETRY_FULL = 15000  # milliseconds a viewer turned away waits before trying again


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


def _event(kind: str, data: object) -> bytes:
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


class TableServer:
    """Serves the page of one save to every viewer from this one process."""

    def __init__(self, save: Path, *, host: str = LOCAL, port: int = 8000, lang: str | None = None,
                 token: str | None = None, max_viewers: int = MAX_VIEWERS, poll: float = POLL) -> None:
        self.save = Path(save)
        self.host, self.port = host, port
        self.follower = Follower(self.save, lang)
        self.follower.poll()
        self.lang = self.follower.lang()
        self.token = token or secrets.token_urlsafe(16)
        self.prefix = f"/t/{self.token}"
        self.max_viewers = max_viewers
        self.poll_every = poll
        self.viewers: set[asyncio.Event] = set()
        self.latest = b""
        self.latest_words: bytes = b""
        self.words_key: tuple[str | None, str] | None = None
        self.version = 0
        self.runner: web.AppRunner | None = None
        self.task: asyncio.Task | None = None
        self.bound_port: int | None = None
        self._encode()

    @property
    def title(self) -> str:
        return render(Line("serve.title"), self.lang)

    @property
    def address(self) -> str:
        """The page's full address, token included (what the QR code holds)."""
        return f"http://{shown_host(self.host)}:{self.bound_port or self.port}{self.prefix}/"

    # -- what every viewer gets ------------------------------------------------------

    def _encode(self) -> None:
        """Encode the follower's message once for every viewer (and the page's words when
        the game or the language changed), then wake each viewer's stream."""
        message = self.follower.message()
        self.lang = message["lang"]
        key = (message.get("game"), self.lang)
        if key != self.words_key:
            self.words_key = key
            self.latest_words = _event("words", {"lang": self.lang, "game": key[0],
                                                 "words": words(key[0] or "", self.lang)})
        self.latest = _event("state", message)
        self.version += 1
        for wake in self.viewers:
            wake.set()

    async def follow(self) -> None:
        """Look at the save every POLL seconds (in a thread: a first load may replay a long
        game); once a second, whether the game master's app closed (its heartbeat)."""
        loop = asyncio.get_running_loop()
        was_closed = self.follower.closed()
        since = 0.0
        while True:
            await asyncio.sleep(self.poll_every)
            since += self.poll_every
            changed = await loop.run_in_executor(None, self.follower.poll)
            if since >= 1.0:
                since = 0.0
                closed = self.follower.closed()
                changed = changed or closed != was_closed
                was_closed = closed
            if changed:
                self._encode()

    # -- the aiohttp application -------------------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        """403 unless the path starts with `/t/<the token>/`."""
        parts = request.path.split("/", 3)  # "", "t", token, rest
        given = parts[2] if len(parts) > 2 and parts[1] == "t" else ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text=render(Line("serve.forbidden"), self.lang))
        response = await handler(request)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # the token stays on this page
        return response

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard])
        app.add_routes([
            web.get(self.prefix, self.handle_slash),
            web.get(f"{self.prefix}/", self.handle_index),
            web.get(f"{self.prefix}/events", self.handle_events),
            web.static(f"{self.prefix}/static", STATIC),
        ])
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_slash(self, request: web.Request) -> web.StreamResponse:
        """The address typed without its last slash: the page's relative links need it."""
        raise web.HTTPFound(f"{self.prefix}/")

    async def handle_index(self, request: web.Request) -> web.Response:
        page = (STATIC / "index.html").read_text(encoding="utf-8")
        page = page.replace("{lang}", self.lang).replace("{title}", _escape(self.title))
        return web.Response(text=page, content_type="text/html", charset="utf-8")

    async def handle_events(self, request: web.Request) -> web.StreamResponse:
        """The stream of one viewer: the page's words, then every state as it changes."""
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        await response.prepare(request)
        if len(self.viewers) >= self.max_viewers:
            text = render(Line("page.full", {"count": self.max_viewers}), self.lang)
            await response.write(f"retry: {RETRY_FULL}\n".encode() + _event("full", {"text": text}))
            return response
        wake = asyncio.Event()
        self.viewers.add(wake)
        sent_words = b""
        try:
            await response.write(b"retry: 1000\n\n")
            while True:
                if self.latest_words is not sent_words:
                    sent_words = self.latest_words
                    await response.write(sent_words)
                wake.clear()
                await response.write(self.latest)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(wake.wait(), KEEPALIVE)
                    continue
                await response.write(b": keep-alive\n\n")
        except (ConnectionResetError, asyncio.CancelledError, RuntimeError):
            pass
        finally:
            self.viewers.discard(wake)
        return response

    async def on_shutdown(self, app: web.Application) -> None:
        for wake in self.viewers:
            wake.set()

    # -- running ---------------------------------------------------------------------

    async def start(self) -> str:
        """Listen; returns the address. Raises OSError when the port is taken."""
        self.runner = web.AppRunner(self.app(), handle_signals=False, access_log=None, shutdown_timeout=1)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host or None, self.port)
        try:
            await site.start()
        except OSError:
            await self.runner.cleanup()
            self.runner = None
            raise
        self.bound_port = self.runner.addresses[0][1]
        self.task = asyncio.create_task(self.follow())
        return self.address

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
        if self.follower.session is not None:
            self.follower.session.close()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")

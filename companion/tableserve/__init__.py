"""`companion table FILE --serve`: the table page, for phones, tablets and TVs.

Nothing listens unless this is called. It binds 127.0.0.1 unless a host is given, puts a
random token in the address, prints the address and its QR code in the table's language,
and writes `<save>.table.json` (address, token, pid) so the game master's app can show
them; the file goes when the server stops (Ctrl+C or SIGTERM).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Callable

from companion.core.game import Line
from companion.core.language import render

from . import info, qr

DEFAULT_PORT = 8000


def announce(address: str, host: str, lang: str, *, colour: bool) -> list[str]:
    """What the terminal shows once the page is served: the address, the QR code when other
    devices can reach it (else how to let them), and how to stop, in the table's language."""
    def words(line_id: str, **values: str) -> str:
        return render(Line(line_id, values), lang)

    from .server import ANY, LOCAL

    lines = [words("serve.serving", address=address), ""]
    if host in (LOCAL, "localhost", "::1"):  # no other device can reach it: no code to scan
        lines.append(words("serve.local_only"))
    else:
        code = qr.half_blocks(address)
        lines += list(qr.on_light(code)) if colour else code
        lines.append("")
        if host in ANY:
            lines.append(words("serve.scan"))
    lines.append(words("serve.stop"))
    return lines


def table_lang(save: Path) -> str:
    """The language of the page and of what is printed: the game master's app's while it is
    open (its live file), else the save's."""
    from companion.core import live
    from companion.core.journal import peek_lang

    found = live.read(save)
    if found is not None and found.lang and not found.closed():
        return found.lang
    return peek_lang(save) or "es"


def token_for(save: Path) -> str:
    """The token of `save`'s page: kept beside it (owner-only) so a restarted server keeps
    the address every phone has open, and the pages reconnect by themselves."""
    import secrets

    path = save.with_name(save.name + ".table.token")
    try:
        found = path.read_text(encoding="ascii").strip()
        if len(found) >= 22 and found.replace("-", "").replace("_", "").isalnum():
            return found
    except (OSError, ValueError):
        pass
    token = secrets.token_urlsafe(16)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(token + "\n")
    except OSError:
        pass
    return token


def serve(path: str | os.PathLike[str], host: str | None = None, port: int | None = None,
          lang: str | None = None, *, out: Callable[[str], None] | None = None,
          max_viewers: int | None = None) -> int:
    """Serve the table page of the save at `path` until interrupted; the exit code.
    Without `lang` the page follows the game master's app's language.
    `out` receives each printed line."""
    from .server import LOCAL, MAX_VIEWERS, TableServer

    save = Path(path).resolve()
    host = LOCAL if host is None else host
    port = DEFAULT_PORT if port is None else port
    write = out or (lambda text: print(text, flush=True))
    if not save.is_file():
        write(render(Line("serve.no_save", {"path": str(path)}), lang or "es"))
        return 2
    server = TableServer(save, host=host, port=port, lang=lang, token=token_for(save),
                         max_viewers=max_viewers or MAX_VIEWERS)
    colour = out is None and sys.stdout.isatty()
    return asyncio.run(_run(server, save, write, colour))


async def _run(server, save: Path, write: Callable[[str], None], colour: bool) -> int:
    lang = server.lang
    try:
        address = await server.start()
    except OSError as exc:
        write(render(Line("serve.port_busy", {"port": str(server.port), "reason": exc.strerror or str(exc)}), lang))
        return 1
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stopped.set)
        except (NotImplementedError, RuntimeError):  # not the main thread, or Windows
            pass
    pid = os.getpid()
    try:
        info.write(save, {"address": address, "token": server.token, "pid": pid,
                          "host": server.host, "port": server.bound_port, "lang": lang, "save": str(save)})
        for line in announce(address, server.host, lang, colour=colour):
            write(line)
        await stopped.wait()
    finally:
        info.remove(save, pid)
        await server.stop()
    write(render(Line("serve.stopped"), lang))
    return 0

"""`<save>.table.json`: where the table view of a save is served, for the game master's app.

The server writes it (atomically) once it listens and removes it when it stops; the app
reads it and trusts it only while the process it names is alive, so a server killed
hard leaves a file that is simply ignored. Light on purpose: the app imports this
module, never the server's (aiohttp) code.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path
from typing import Any

SUFFIX = ".table.json"


def info_path(save: str | os.PathLike[str]) -> Path:
    """`duel.toml` -> `duel.toml.table.json`, beside it."""
    save = Path(save)
    return save.with_name(save.name + SUFFIX)


def write(save: str | os.PathLike[str], info: dict[str, Any]) -> Path:
    """Write `info` beside the save: to a temporary file first, then renamed over, so a
    reader never sees half a file. Readable by the owner only: it holds the token."""
    path = info_path(save)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(info, out, indent=2)
        out.write("\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)
    return path


def remove(save: str | os.PathLike[str], pid: int | None = None) -> None:
    """Remove the file, only if it is ours (`pid`): a newer server may have replaced it."""
    path = info_path(save)
    if pid is not None:
        found = _read(path)
        if found is not None and found.get("pid") != pid:
            return
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def alive(pid: int) -> bool:
    """Whether process `pid` exists (signal 0 checks without sending anything)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it exists
        return True
    return True


def running(save: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The served address of `save` (`address`, `token`, `pid`...) if its server is alive."""
    found = _read(info_path(save))
    if found is None or not isinstance(found.get("pid"), int) or not isinstance(found.get("address"), str):
        return None
    return found if alive(found["pid"]) else None


def stop(save: str | os.PathLike[str]) -> bool:
    """Ask the running server of `save` to stop (SIGTERM: it cleans up and removes the file)."""
    found = running(save)
    if found is None:
        return False
    try:
        os.kill(found["pid"], signal.SIGTERM)
    except OSError:
        return False
    return True


def _read(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None

"""The saves folder: where it is, what a new save is called, and a summary
of each save for the resume list (read without replaying the game)."""

from __future__ import annotations

import os
import traceback
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.core.errors import SaveError
from companion.core.lines import Line, Text
from companion.core.text import printable

RECENT = 30
CRASH_LOG = "crash.log"  # beside the saves; not a .toml, so never listed as one
CRASH_LOG_LIMIT = 1024 * 1024  # past this the log starts afresh (the old one kept as crash.log.1)


def default_home() -> Path:
    """$COMPANION_HOME, else the user data folder's `saves`."""
    env = os.environ.get("COMPANION_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion")) / "saves"


def default_save_name(game: str, when: datetime | None = None) -> str:
    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return f"{game}-{stamp}.toml"


def save_path(home: Path, game: str, typed: str = "", when: datetime | None = None) -> Path:
    """Where a new game is saved: the typed name (in `home` unless a path), else the default."""
    typed = typed.strip()
    if not typed:
        return home / default_save_name(game, when)
    path = Path(typed).expanduser()
    if path.suffix != ".toml":
        path = path.with_name(path.name + ".toml")
    return path if path.is_absolute() else home / path


@dataclass(frozen=True)
class SaveSummary:
    """One line of the resume list."""

    path: Path
    game: str = ""
    players: tuple[str, ...] = ()
    actions: int = 0
    problem: Text = ""  # non-empty: the file cannot be read, or its tail is damaged (a Line)
    damaged: bool = False  # a readable prefix exists, so it can be recovered
    modified: float = 0.0  # when it was last written (seconds since the epoch)
    state: dict[str, str] | None = None  # where the game stands, by language (remembered, see memory.py)
    progress: dict[str, str] | None = None  # its round, night, countdown... by language (Game.progress)
    over: bool = False

    @property
    def when(self) -> str:
        if not self.modified:
            return ""
        return datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    @property
    def name(self) -> str:
        return printable(self.path.name)  # a file's name may hold an escape sequence: never shown raw


def summarize(path: Path, home: Path | None = None, memory: dict | None = None) -> SaveSummary:
    """One save's line, read from the journal without replaying it, plus where the game
    stands when the app remembers it (`memory.summary_of`); a file that cannot be read is
    listed as such, whatever is wrong with it."""
    from companion.core.journal import read  # here: the start screen's first paint need not wait for it

    summary = _summarize(path, read)
    if home is None or summary.problem:
        return summary
    from dataclasses import replace

    from .memory import summary_of

    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    known = summary_of(home, path, memory)
    if known is None:
        return replace(summary, modified=modified)
    return replace(summary, modified=modified, state=known["state"], progress=known["progress"] or None,
                   over=known["over"])


def _summarize(path: Path, read) -> SaveSummary:

    try:
        journal = read(path)
    except SaveError as exc:
        return SaveSummary(path, problem=exc.problem)
    except Exception as exc:  # one hostile file never stops the list (nor the start screen)
        return SaveSummary(path, problem=Line("error.save.unreadable", {"problem": type(exc).__name__}))
    header = journal.header
    if journal.damage is not None:
        return SaveSummary(path, header.game, tuple(header.players), len(journal.entries),
                           journal.damage.problem, damaged=True)
    return SaveSummary(path, header.game, tuple(header.players), len(journal.entries))


def recent_saves(home: Path, limit: int = RECENT) -> list[SaveSummary]:
    """The newest saves in `home`, newest first (by the time they were last written)."""
    stamped = []
    try:
        for path in home.glob("*.toml"):
            try:
                if path.is_file():
                    stamped.append((path.stat().st_mtime, path.name, path))
            except OSError:  # gone (or unreadable) since it was listed
                continue
    except OSError:
        return []
    from .memory import load, recent_files

    listed = {path.resolve() for _, _, path in stamped}
    for path in recent_files(home):  # opened from elsewhere (`companion play FILE`)
        try:
            if path.resolve() not in listed:
                listed.add(path.resolve())
                stamped.append((path.stat().st_mtime, path.name, path))
        except OSError:
            continue
    stamped.sort(key=lambda item: item[:2], reverse=True)
    remembered = load(home)
    return [summarize(path, home, remembered) for _, _, path in stamped[:limit]]


def write_crash_log(home: Path, error: BaseException, context: str = "") -> tuple[Path | None, str]:
    """Append an unexpected error (its traceback) to `crash.log` beside the
    saves; (the log, "") or (None, why it could not be written)."""
    from companion import __version__

    path = home / CRASH_LOG
    text = (f"--- {datetime.now().isoformat(timespec='seconds')} companion {__version__}"
            f"{'; ' + context if context else ''}\n"
            + "".join(traceback.format_exception(type(error), error, error.__traceback__)) + "\n")
    try:
        home.mkdir(parents=True, exist_ok=True)
        try:
            if path.stat().st_size > CRASH_LOG_LIMIT:
                os.replace(path, path.with_name(CRASH_LOG + ".1"))
        except FileNotFoundError:
            pass
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0), 0o600)
        try:
            os.write(fd, text.encode("utf-8", "backslashreplace"))
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        return None, exc.strerror or str(exc)
    return path, ""

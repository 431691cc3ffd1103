"""The saves folder: where it is, what a new save is called, and a summary
of each save for the resume list (read without replaying the game)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.core.errors import SaveError
from companion.core.journal import read
from companion.core.lines import Text

RECENT = 30


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

    @property
    def name(self) -> str:
        return self.path.name


def summarize(path: Path) -> SaveSummary:
    try:
        journal = read(path)
    except SaveError as exc:
        return SaveSummary(path, problem=exc.problem)
    header = journal.header
    if journal.damage is not None:
        return SaveSummary(path, header.game, tuple(header.players), len(journal.entries),
                           journal.damage.problem, damaged=True)
    return SaveSummary(path, header.game, tuple(header.players), len(journal.entries))


def recent_saves(home: Path, limit: int = RECENT) -> list[SaveSummary]:
    """The newest saves in `home`, newest first (by the time they were last written)."""
    try:
        files = [p for p in home.glob("*.toml") if p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    return [summarize(p) for p in files[:limit]]

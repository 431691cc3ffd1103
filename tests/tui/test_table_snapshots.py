"""The table view at 80×24, midway through real games (the journals in tests/games/journals),
with the game master's app open: its spoken line and a paused timer from the live file."""

from __future__ import annotations

import os
import time
from pathlib import Path

from companion.core import live
from companion.core.journal import read
from companion.core.session import Session
from companion.tui.table.app import TableApp

JOURNALS = Path(__file__).resolve().parents[1] / "games" / "journals"


def midway(name: str, folder: Path, share: float = 0.5) -> Path:
    """A save of the journal `name` cut at `share` of its actions."""
    journal = read(JOURNALS / f"{name}.toml")
    header = journal.header
    path = folder / f"{name}.toml"
    session = Session.new(header.game, header.players, header.options, seed=header.seed, lang=header.lang,
                          path=path)
    for entry in journal.entries[: int(len(journal.entries) * share)]:
        session.act(entry.notation)
    session.close()
    return path


def test_table_gauekos(snap_compare, tmp_path):
    """Gauekos by day in Basque: the living and the revealed cards of the dead, the vote as
    announced, the day timer paused, the spoken line."""
    path = midway("gauekos", tmp_path, 0.5)
    live.publish(path, live.Live(True, "Botoak: Jugador 8 5, Jugador 2 1, Jugador 6 1.",
                                 (live.Timer("day", 300, 184, True, True, None),), "eu", os.getpid(), time.time()))
    assert snap_compare(TableApp(path, watch=False), terminal_size=(80, 24))


def test_table_kaijupoly(snap_compare, tmp_path):
    """Kaijupoly in Spanish, the game master's app closed: the ring with rubble, owners, troops
    and the Kaiju, the generals in the centre."""
    path = midway("kaijupoly", tmp_path, 0.3)
    assert snap_compare(TableApp(path, watch=False), terminal_size=(80, 24))


def test_table_halloween(snap_compare, tmp_path):
    path = midway("halloween", tmp_path, 0.5)
    live.publish(path, live.Live(True, "Eva mueve a Eduardito.", (), "es", os.getpid(), time.time()))
    assert snap_compare(TableApp(path, watch=False), terminal_size=(80, 24))

"""The served page's one reader of the save: it follows the file for every viewer at once.

A look (`poll`) costs two `stat`s when nothing changed. When the save grew by actions
appended to the same game, only those are replayed on the session kept (`Session` read
only, no lock); an undo, a new game in the same file or anything else that is not a plain
append loads it again. A save that cannot be read (damaged, half-written, gone) keeps the
last good state and says so. What a viewer receives is `message()`: the public observation
(companion/core/observe.py), every line it needs rendered in the table's language, the
live file's subtitle, timers (deadlines on the server's clock, with that clock) and
whether the game master's app is open. Nothing private is read into it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from companion.core import live
from companion.core.errors import CompanionError
from companion.core.files import signature as _stat
from companion.core.game import Line
from companion.core.journal import read
from companion.core.language import load_pack, render, template
from companion.core.observe import observation
from companion.core.session import Session

TOLD = 40  # log entries a viewer gets (the newest; the page shows what fits)
STATIC = Path(__file__).with_name("static")
# The pack lines every page may need, besides its game's (`ui.<game>.`, `state.<game>.`,
# `game.<game>.` and the prefixes a panel asks for in PANEL_WORDS).
PAGE_WORDS = ("page.", "ui.table.", "serve.")
PANEL_WORDS: dict[str, tuple[str, ...]] = {
    "gauekos": ("gauekos.role.",),
    "halloween": ("halloween.child.", "halloween.colour."),
    "kaijupoly": ("kaijupoly.troops.",),
    "marcador": ("marcador.round_of", "marcador.round_open", "marcador.no_points"),
    "rey-de-los-monstruos": ("kaijupoly.troops.", "ui.kaijupoly.", "state.kaijupoly."),
}


PANEL_OF = {"rey-de-los-monstruos": "kaijupoly"}  # a game drawn by another game's panel


def panel_of(game: str) -> str:
    """The panel that draws `game`: its own file under static/panels/, else the generic one."""
    game = PANEL_OF.get(game, game)
    return game if (STATIC / "panels" / f"{game}.js").is_file() else "generic"


def words(game: str, lang: str) -> dict[str, str]:
    """The pack templates a page of `game` needs, by id, in `lang` (English where missing)."""
    prefixes = PAGE_WORDS + (f"ui.{game}.", f"state.{game}.", f"game.{game}.") + PANEL_WORDS.get(game, ())
    ids = set(load_pack("en").lines) | set(load_pack(lang).lines)
    return {i: template(i, lang) for i in sorted(ids) if i.startswith(prefixes)}


class Follower:
    """The save at `path` as the page shows it; `lang` fixed, or None to follow the app's."""

    def __init__(self, path: Path, lang: str | None = None) -> None:
        self.path = path
        self.fixed = lang
        self.session: Session | None = None
        self.stat: tuple[int, int] | None = None
        self.live_stat: tuple[int, int] | None = None
        self.live: live.Live | None = None
        self.status = "waiting"  # ok, unreadable, missing, waiting (never read yet)
        self.reloads = 0  # whole replays (the tests check that an append replays only itself)

    # -- reading -----------------------------------------------------------------

    def poll(self) -> bool:
        """Look at the save and the live file; whether anything a viewer sees changed."""
        changed = False
        found = _stat(self.path)
        if found is None:
            if self.status != "missing":
                self.status, self.stat, changed = "missing", None, True
        elif found != self.stat:
            self.stat = found
            before = self.status
            try:
                self._read()
                self.status = "ok"
            except (CompanionError, OSError, ValueError, RecursionError):
                self.status = "unreadable" if self.session is not None or before != "waiting" else "unreadable"
            changed = True
        live_found = _stat(live.live_path(self.path))
        if live_found != self.live_stat:
            self.live_stat = live_found
            self.live = live.read(self.path)
            changed = True
        return changed

    def _read(self) -> None:
        journal = read(self.path)
        session = self.session
        if journal.damage is not None:
            raise ValueError("damaged")
        same = (session is not None and session.header.game == journal.header.game
                and session.header.players == journal.header.players
                and session.header.seed == journal.header.seed
                and len(journal.entries) >= len(session.played)
                and all(p.entry == e for p, e in zip(session.played, journal.entries)))
        if not same:
            self.session = Session.load(self.path, read_only=True)
            self.session.header.lang = journal.header.lang
            self.reloads += 1
            return
        try:
            for entry in journal.entries[len(session.played):]:
                session._replay_one(entry)
        except Exception:  # a rule refusing the appended action: read it all again
            self.session = Session.load(self.path, read_only=True)
            self.reloads += 1

    # -- what a viewer gets --------------------------------------------------------

    @property
    def game(self) -> str | None:
        return self.session.header.game if self.session is not None else None

    def lang(self) -> str:
        if self.fixed:
            return self.fixed
        found = self.live
        if found is not None and found.lang and not found.closed():
            return found.lang
        return self.session.lang if self.session is not None else "es"

    def closed(self) -> bool:
        return self.live is None or self.live.closed()

    def message(self) -> dict[str, Any]:
        """Everything a viewer draws now, as JSON data, every word in the table's language."""
        lang = self.lang()
        name = self.path.name
        status = {"ok": None, "waiting": render(Line("ui.table.waiting", {"path": name}), lang),
                  "missing": render(Line("page.missing", {"path": name}), lang),
                  "unreadable": render(Line("ui.table.unreadable", {"path": name}), lang)}[self.status]
        data: dict[str, Any] = {"lang": lang, "status": self.status, "banner": status,
                                "closed": render(Line("ui.table.closed"), lang) if self.closed() else None,
                                "clock": time.time(), "live": self._live()}
        session = self.session
        if session is None:
            data.update(game=None, panel="generic", title=render(Line("serve.title"), lang))
            return data
        obs = observation(session)
        told = obs.pop("told")[-TOLD:]
        view_outcome = session.game.outcome()
        game = session.header.game
        data.update(
            game=game, panel=panel_of(game), obs=obs,
            panel_css=(STATIC / "panels" / f"{panel_of(game)}.css").is_file(),
            title=render(Line(f"game.{game}.title"), lang),
            now=render(session.game.public_prompt().title, lang),
            outcome=None if view_outcome is None else (
                render(view_outcome.line, lang) if view_outcome.line else render(Line("ui.table.over"), lang)),
            told=[{"n": t["n"], "secret": t["secret"], "lines": [render(_line(x), lang) for x in t["lines"]]}
                  for t in told],
        )
        return data

    def _live(self) -> dict[str, Any]:
        found = self.live
        if found is None or found.closed():
            return {"subtitle": "", "timers": []}
        return {"subtitle": found.subtitle,
                "timers": [{"kind": t.kind, "total": t.total, "left": t.left_at(time.time()), "running": t.running,
                            "paused": t.paused, "deadline": t.deadline} for t in found.timers]}


def _line(data: Any) -> Any:
    """A Line back from its observation form (`{"line", "values"}`), for rendering."""
    if isinstance(data, dict) and "line" in data:
        return Line(data["line"], {k: _line(v) for k, v in (data.get("values") or {}).items()})
    if isinstance(data, list):
        return [_line(v) for v in data]
    return data

"""Kaijupoly at the table: the frame's prompt, choices, error line and keys,
with the board drawn as a ring of its 40 squares (owners, troops, rubble,
the Kaiju, the generals) around a centre that holds the generals' table and
the battle round by round (both rolls, the odds before and after), or the
bank's ledger (`b`), or the game's log (`l`). `o` shows on the ring the
chance that the Kaiju's next move lands on each city.

The number keys follow the frame's menu; this screen's policy (menu.py):
a choice's own key (troops 1-5, 0 to leave a city without troops or to end
the turn), reinforcements folded by city. It plays only notation, through
the frame's `submit` (the session's `act`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical


from companion.games.kaiju.notation import NAME

from ...frame import GameScreen, View
from ...i18n import ui
from ...log import EventLog
from . import view as kaiju_view
from .cells import Tag, tags
from .centre import CentrePanel, Section
from ...menu import Entry
from .menu import build_menu
from .ring import Ring

HERE = Path(__file__).parent
UI = f"ui.{NAME}"


class KaijuScreen(GameScreen):
    """The ring of squares around the generals, the battle and the ledger."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "kaiju.tcss"]
    BINDINGS = [
        Binding("0", "choose(0)", "Choice 0", show=False),
        Binding("o", "odds", "Odds"),
        Binding("b", "ledger", "Bank"),
        Binding("l", "log", "Log"),
        Binding("ctrl+y", "redo", "Redo", show=False),  # room in the footer at 80 columns
        Binding("v", "reveal", "Secrets", show=False),  # nothing is secret in this game
        Binding("m", "app.mute", "Mute", show=False),
    ]
    KEY_LINES = {"odds": f"{UI}.key.odds", "ledger": f"{UI}.key.ledger", "log": f"{UI}.key.log"}

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self.tags: list[Tag] = tags(session.game.players)
        self.threat_on = False
        self.mode = "table"  # the centre: "table", "ledger" or "log"

    # -- layout ----------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        centre = Vertical(CentrePanel(id="kj-centre-text"), EventLog(id="log"), id="kj-centre")
        yield Ring(centre, id="kj-ring")

    def on_mount(self) -> None:
        # Textual runs the frame's own on_mount too (each class's handler along the MRO): calling
        # it here as well said the opening prompt twice and doubled the frame's watchers.
        self.call_after_refresh(self.refresh_view)  # the centre knows its size once laid out

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)

    # -- data down -------------------------------------------------------------

    def update_view(self, view: View) -> None:
        super().update_view(view)
        facts = self.game.facts()
        for ring in self.widgets(Ring):
            ring.show(self.cells(facts), self.threat_on)
        for log in self.widgets(EventLog):
            log.display = self.mode == "log"
        for centre in self.widgets(CentrePanel):
            centre.display = self.mode != "log"
            if self.mode != "log":
                centre.show(self.sections(facts, view, centre.content_size.width or 52))

    def cells(self, facts: dict[str, Any]) -> list[Any]:
        return kaiju_view.cells(self.game, facts, self.tags)

    def sections(self, facts: dict[str, Any], view: View, width: int) -> list[Section]:
        return kaiju_view.sections(self.game, facts, self.tags, view.played, self.threat_on, self.mode, view.lang,
                                   view.prompt.step, width)

    def menu_entries(self, view: View) -> list[Entry]:
        return build_menu(view.prompt.choices)

    def table_choices(self, view: View) -> list[Any]:
        """The table's own dice (`@`); never the deal of the deeds (the app shuffles them)."""
        return [c for c in view.prompt.choices if c.chance and c.group != "deal"]

    # -- keys ------------------------------------------------------------------

    def action_odds(self) -> None:
        self.threat_on = not self.threat_on
        self.refresh_view()

    def action_ledger(self) -> None:
        self.mode = "table" if self.mode == "ledger" else "ledger"
        for centre in self.widgets(CentrePanel):
            centre.top = None
        self.refresh_view()

    def scroll_target(self) -> Any:
        """The bank (`b`) and the table scroll in the centre; the log (`l`) as everywhere."""
        if self.mode == "log":
            return super().scroll_target()
        return next(iter(self.widgets(CentrePanel)), None)

    def action_log(self) -> None:
        self.mode = "table" if self.mode == "log" else "log"
        self.refresh_view()

"""Each player looks at their own card, the screen passed from hand to hand.

`p` on the Gauekos screen, once every seat has a card: for each living
player in seat order (from the cursor's seat) a cover says whose turn it is
to look ("Only Ana looks"); Enter shows that player's card (and the role it
plays as now, if another), any key covers it again and passes the screen
on; Esc stops. Nothing is played: the Kontalari's book is not changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import ui
from ...widgets import LOCK, put
from .setup import role_name

HERE = Path(__file__).parent


@dataclass(frozen=True)
class Card:
    """One player's card, and the role it plays as now when that is another."""

    player: str
    card: str
    role: str | None = None


class LookScreen(ModalScreen[None]):
    """The cards one by one, each covered until its player alone looks."""

    CSS_PATH = [HERE / "gauekos.tcss"]
    AUTO_FOCUS = ""

    def __init__(self, cards: Sequence[Card]) -> None:
        super().__init__()
        self.cards = list(cards)
        self.index = 0
        self.covered = True

    def compose(self) -> ComposeResult:
        with Vertical(id="gk-look"):
            yield Static(id="gk-look-title", markup=False)
            yield Static(id="gk-look-text", markup=False)
            yield Static(id="gk-look-hint", markup=False)

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        lang = self.app.lang
        card = self.cards[self.index]
        box = self.query_one("#gk-look")
        box.set_class(self.covered, "-covered")
        title = ui("ui.gauekos.look.cover", lang, player=card.player)
        put(self.query_one("#gk-look-title", Static), Content.styled(f"{LOCK} {title}", "bold"))
        text = self.query_one("#gk-look-text", Static)
        if self.covered:
            put(text, Content(ui("ui.gauekos.look.away", lang)))
            hint = ui("ui.gauekos.look.lift", lang)
        else:
            lines = [Content.assemble(ui("ui.gauekos.look.card", lang, player=card.player) + " ",
                                      (role_name(card.card, lang), "bold reverse"))]
            if card.role is not None:
                lines.append(Content(ui("ui.gauekos.look.plays_as", lang, role=role_name(card.role, lang))))
            put(text, Content("\n").join(lines))
            nxt = self.cards[self.index + 1].player if self.index + 1 < len(self.cards) else None
            hint = (ui("ui.gauekos.look.next", lang, player=nxt) if nxt is not None
                    else ui("ui.gauekos.look.last", lang))
        put(self.query_one("#gk-look-hint", Static), Content.styled(hint, "dim"))

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "escape":
            self.dismiss(None)
        elif self.covered:
            if event.key == "enter":
                self.covered = False
                self._draw()
        elif self.index + 1 < len(self.cards):
            self.index += 1
            self.covered = True
            self._draw()
        else:
            self.dismiss(None)

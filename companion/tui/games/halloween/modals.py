"""The Halloween screen's pop-ups. Each one covers the whole screen (no
table shows through), so a secret shown in one is seen only by whoever
looks when it is lifted:

* `PickerScreen`, `NoticeScreen`: the frame's covered picker and notice
  (companion/tui/picker.py), named here for this game's screens.
* `RevealScreen`: the hidden bids, closed fists first, then all of them at
  once with the outcome.

They return what was chosen (`dismiss(notation)`); the game screen plays it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from textual import events
from textual.app import ComposeResult

from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...picker import NoticeScreen, PickerScreen
from .menu import L, words

__all__ = ["NoticeScreen", "PickerScreen", "RevealScreen"]

CSS = [Path(__file__).parent / "halloween.tcss"]


def tr(text: Any, lang: str) -> str:
    return words(text, lang)


class RevealScreen(ModalScreen[None]):
    """The costume fight's hands: closed fists first (hidden bids), then every bid at once."""

    CSS_PATH = CSS

    def __init__(self, title: str, rows: Sequence[tuple[str, int, int | None]], outcome: Sequence[Content],
                 *, fists: bool, on_open: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.rows = list(rows)  # (player, front, bid)
        self.outcome = list(outcome)
        self.fists = fists
        self.on_open = on_open

    def compose(self) -> ComposeResult:
        with Vertical(id="hw-reveal", classes="hw-box"):
            yield Static(Content.styled(self.title_text, "bold $warning"), markup=False, id="hw-reveal-title")
            yield Static(id="hw-reveal-hands", markup=False)
            yield Static(id="hw-reveal-outcome", markup=False)
            yield Static(id="hw-reveal-hint", markup=False)

    def on_mount(self) -> None:
        if self.fists:
            self._show_fists()
        else:
            self._open()

    def _hands(self, opened: bool) -> Content:
        width = max((len(player) for player, _, _ in self.rows), default=0)
        lines = []
        for player, front, bid in self.rows:
            hand = (f"  {bid:>3}  ", "bold reverse $accent") if opened else ("   ?   ", "bold reverse $warning")
            lines.append(Content.assemble((f"{player:<{width}}  ", "bold"), hand,
                                          (f"  (+{front})", "dim")))
        return Content("\n").join(lines)

    def _show_fists(self) -> None:
        lang = self.app.lang
        self.query_one("#hw-reveal-hands", Static).update(self._hands(False))
        self.query_one("#hw-reveal-outcome", Static).update(Content.styled(tr(L("reveal.fists"), lang), "bold"))
        self.query_one("#hw-reveal-hint", Static).update(Content.styled(tr(L("reveal.open_key"), lang), "dim"))

    def _open(self) -> None:
        lang = self.app.lang
        self.fists = False
        self.query_one("#hw-reveal-hands", Static).update(self._hands(True))
        self.query_one("#hw-reveal-outcome", Static).update(Content("\n").join(self.outcome))
        self.query_one("#hw-reveal-hint", Static).update(Content.styled(tr(L("notice.hide"), lang), "dim"))
        if self.on_open is not None:
            on_open, self.on_open = self.on_open, None
            on_open()

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.fists:
            if event.key == "enter":
                self._open()
            return
        self.dismiss(None)

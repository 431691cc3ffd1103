"""The Halloween screen's pop-ups. Each one covers the whole screen (no
table shows through), so a secret shown in one is seen only by whoever
looks when it is lifted:

* `PickerScreen`: numbered entries (a private prompt, the cards in a hand,
  a helper's fees...), covered first when only one player may look; with a
  masked field when something is typed unseen (the secret child).
* `NoticeScreen`: something to show one player (or the game master), behind
  a cover first; any key hides it again.
* `RevealScreen`: the hidden bids, closed fists first, then all of them at
  once with the outcome.

They return what was chosen (`dismiss(notation)`); the game screen plays it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...widgets import LOCK
from .menu import Entry, L, entry_for, words

CSS = [Path(__file__).parent / "halloween.tcss"]


def tr(text: Any, lang: str) -> str:
    return words(text, lang)


class CoveredScreen(ModalScreen[Any]):
    """A pop-up that may start covered: `Enter` lifts the cover for the one who may look."""

    CSS_PATH = CSS
    AUTO_FOCUS = ""  # nothing under the cover may take the keys

    def __init__(self, cover: str | None = None, cover_title: str | None = None,
                 cover_hint: str | None = None) -> None:
        super().__init__()
        self.covered = cover is not None or cover_title is not None
        self._cover_who = cover
        self._cover_title = cover_title
        self._cover_hint = cover_hint

    def compose_cover(self) -> ComposeResult:
        lang = self.app.lang
        title = self._cover_title or tr(L("cover.title", player=self._cover_who or ""), lang)
        hint = self._cover_hint or tr(L("cover.hint"), lang)
        with Vertical(id="hw-cover", classes="hw-box"):
            yield Static(Content.assemble((f"{LOCK} ", "bold"), (title, "bold $warning")), markup=False,
                         id="hw-cover-title")
            yield Static(Content(hint), markup=False, id="hw-cover-hint")

    def lift(self) -> None:
        self.covered = False
        self.query_one("#hw-cover").display = False
        self.query_one("#hw-shown").display = True
        self.shown()

    def shown(self) -> None:
        """Called when the cover is lifted (or at once without one)."""

    def on_mount(self) -> None:
        self.query_one("#hw-shown").display = not self.covered
        self.query_one("#hw-cover").display = self.covered
        if not self.covered:
            self.shown()


class PickerScreen(CoveredScreen):
    """Numbered entries; a group opens another picker; Escape goes back without choosing."""

    BINDINGS = [Binding("escape", "back", "Back", show=False),
                *[Binding(str(n), f"pick({n})", show=False) for n in range(10)],
                Binding("enter", "lift_cover", show=False)]

    def __init__(self, title: Any, entries: Sequence[Entry], *, detail: Any = None, cover: str | None = None,
                 masked: tuple[Any, Any, Callable[[str], str | None]] | None = None,
                 empty: Any = None) -> None:
        super().__init__(cover)
        self.title_text = title
        self.entries = list(entries)
        self.detail = detail
        self.masked = masked  # (label, placeholder, typed text -> notation or None)
        self.empty = empty if empty is not None else L("picker.none")

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        yield from self.compose_cover()
        with Vertical(id="hw-shown", classes="hw-box"):
            yield Static(Content.styled(tr(self.title_text, lang), "bold"), markup=False, id="hw-picker-title")
            if self.detail is not None:
                yield Static(Content.styled(tr(self.detail, lang), "$warning"), markup=False, id="hw-picker-detail")
            lines: list[Content] = []
            for number, entry in enumerate(self.entries[:9], 1):
                more = " …" if entry.opens else ""
                lines.append(Content.assemble((f" {entry.key or number} ", "bold reverse $accent"), " ",
                                              tr(entry.label, lang) + more))
            if not self.entries:
                lines.append(Content.styled(tr(self.empty, lang), "dim"))
            yield Static(Content("\n").join(lines), markup=False, id="hw-picker-list")
            if self.masked is not None:
                label, placeholder, _ = self.masked
                yield Static(Content(tr(label, lang)), markup=False, id="hw-picker-masked-label")
                yield Input(password=True, placeholder=tr(placeholder, lang), id="hw-picker-masked", compact=True)
            yield Static(Content(tr(L("picker.hint_masked" if self.masked else "picker.hint"), lang)),
                         markup=False, id="hw-picker-hint")
            yield Static(id="hw-picker-error", markup=False)

    def shown(self) -> None:
        if self.masked is not None:
            self.query_one("#hw-picker-masked", Input).focus()

    def action_lift_cover(self) -> None:
        if self.covered:
            self.lift()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_pick(self, number: int) -> None:
        entry = None if self.covered else entry_for(self.entries, str(number))
        if entry is None:
            return
        if entry.notation is not None:
            self.dismiss(entry.notation)
            return
        self.app.push_screen(PickerScreen(entry.title or entry.label, entry.group, detail=entry.detail),
                             self._chosen_inside)

    def _chosen_inside(self, notation: str | None) -> None:
        if notation is not None:
            self.dismiss(notation)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.masked is None:
            return
        notation = self.masked[2](event.value)
        if notation is None:
            event.input.value = ""
            self.query_one("#hw-picker-error", Static).update(
                Content.styled(tr(L("picker.not_understood"), self.app.lang), "$text-error"))
            return
        self.dismiss(notation)


class NoticeScreen(CoveredScreen):
    """Lines for one pair of eyes: covered until Enter (Esc leaves), then any key hides them."""

    def __init__(self, lines: Sequence[Content], *, title: str = "", cover: str | None = None,
                 cover_title: str | None = None, cover_hint: str | None = None) -> None:
        super().__init__(cover, cover_title, cover_hint)
        self.lines = list(lines)
        self.title_text = title

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        yield from self.compose_cover()
        with Vertical(id="hw-shown", classes="hw-box"):
            if self.title_text:
                yield Static(Content.styled(self.title_text, "bold"), markup=False, id="hw-notice-title")
            yield Static(Content("\n").join(self.lines), markup=False, id="hw-notice-text")
            yield Static(Content.styled(tr(L("notice.hide"), lang), "dim"), markup=False, id="hw-notice-hint")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.covered:
            if event.key == "enter":
                self.lift()
            elif event.key == "escape":
                self.dismiss(None)
            return
        self.dismiss(None)


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

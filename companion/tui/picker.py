"""The covered pop-ups every game screen uses. Each covers the whole screen
(no table shows through), so a secret shown in one is seen only by whoever
looks when it is lifted:

* `PickerScreen`: numbered menu entries (a folded group of choices, a private
  prompt, the cards in a hand, the players), covered first when only one
  player may look; an entry that opens more opens another picker; with a
  masked field when something is typed unseen (Halloween's secret child).
* `NoticeScreen`: lines for one pair of eyes (a hand, a card just drawn),
  covered first; any key hides them again.

A picker returns the chosen entry's notation (`dismiss(notation)`); the game
screen plays it through its `submit`. The entries are keyed as the choice
bar keys them (`menu.paged`): a key plays the entry shown with it.
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

from companion.core.game import Line, Text
from companion.core.language import render

from .menu import Entry, entry_for, paged

CSS = [Path(__file__).parent / "picker.tcss"]
LOCK = "◈"  # as widgets.LOCK (one cell wide)
PACK_LOCK = "🔒"  # the voice packs mark secret entries with it; the screen shows the frame's mark


def words(text: Text | None, lang: str) -> str:
    """A line (or text) in `lang`, its secret marks drawn as the frame draws them (one cell wide)."""
    return "" if text is None else render(text, lang).replace(PACK_LOCK, LOCK)


def entry_label(entry: Entry, lang: str) -> str:
    """An entry as the bar and the picker show it: a lock when covered, "…" when it opens more."""
    text = words(entry.label, lang)
    if (entry.cover is not None or entry.locked) and LOCK not in text:
        text = f"{LOCK} {text}"
    if entry.opens and not text.endswith("…"):
        text = f"{text} …"
    return text


class CoveredScreen(ModalScreen[Any]):
    """A pop-up that may start covered: Enter lifts the cover for the one who may look."""

    CSS_PATH = CSS
    AUTO_FOCUS = ""  # nothing under the cover may take the keys

    def __init__(self, cover: str | None = None, cover_title: str | None = None,
                 cover_hint: str | None = None) -> None:
        super().__init__()
        self.covered = cover is not None or cover_title is not None
        self.cover_who = cover or ""
        self._cover_title = cover_title
        self._cover_hint = cover_hint

    def compose_cover(self) -> ComposeResult:
        lang = self.app.lang
        title = self._cover_title or words(Line("ui.menu.cover.title", {"player": self.cover_who}), lang)
        hint = self._cover_hint or words(Line("ui.menu.cover.hint"), lang)
        with Vertical(id="mn-cover", classes="mn-box"):
            yield Static(Content.assemble((f"{LOCK} ", "bold"), (title, "bold $warning")), markup=False,
                         id="mn-cover-title")
            yield Static(Content(hint), markup=False, id="mn-cover-hint")

    def lift(self) -> None:
        self.covered = False
        self.query_one("#mn-cover").display = False
        self.query_one("#mn-shown").display = True
        self.shown()

    def shown(self) -> None:
        """Called when the cover is lifted (or at once without one)."""

    def on_mount(self) -> None:
        self.query_one("#mn-shown").display = not self.covered
        self.query_one("#mn-cover").display = self.covered
        if not self.covered:
            self.shown()


class PickerScreen(CoveredScreen):
    """Numbered entries; an entry that opens more opens another picker; Escape goes back."""

    BINDINGS = [Binding("escape", "back", "Back", show=False),
                *[Binding(str(n), f"pick({n})", show=False) for n in range(10)],
                Binding("enter", "lift_cover", show=False)]

    def __init__(self, title: Text, entries: Sequence[Entry], *, detail: Text | None = None,
                 cover: str | None = None, lines: Sequence[Content] = (),
                 masked: tuple[Any, Any, Callable[[str], str | None]] | None = None,
                 empty: Text | None = None) -> None:
        super().__init__(cover)
        self.title_text = title
        self.entries = paged(entries)  # keyed as shown: a key plays what it is shown with
        self.detail = detail
        self.lines = list(lines)  # shown above the entries (a hand's cards)
        self.masked = masked  # (label, placeholder, typed text -> notation or None)
        self.empty = empty

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        yield from self.compose_cover()
        with Vertical(id="mn-shown", classes="mn-box"):
            yield Static(Content.styled(words(self.title_text, lang), "bold"), markup=False, id="mn-picker-title")
            if self.detail is not None:
                yield Static(Content.styled(words(self.detail, lang), "$warning"), markup=False,
                             id="mn-picker-detail")
            if self.lines:
                yield Static(Content("\n").join(self.lines), markup=False, id="mn-picker-lines")
            rows = [Content.assemble((f" {entry.key} ", f"bold reverse $accent @click=screen.pick({entry.key})"),
                                     " ", entry_label(entry, lang))
                    for entry in self.entries]
            if not rows and self.empty is not None:
                rows.append(Content.styled(words(self.empty, lang), "dim"))
            if rows:
                yield Static(Content("\n").join(rows), markup=False, id="mn-picker-list")
            if self.masked is not None:
                label, placeholder, _ = self.masked
                yield Static(Content(words(label, lang)), markup=False, id="mn-picker-masked-label")
                yield Input(password=True, placeholder=words(placeholder, lang), id="mn-picker-masked",
                            compact=True)
            hint = "picker.hint_masked" if self.masked else "picker.hint" if self.entries else "notice.hide_escape"
            yield Static(Content.styled(words(Line(f"ui.menu.{hint}"), lang), "dim"), markup=False,
                         id="mn-picker-hint")
            yield Static(id="mn-picker-error", markup=False)

    def shown(self) -> None:
        if self.masked is not None:
            self.query_one("#mn-picker-masked", Input).focus()

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
        self.app.push_screen(PickerScreen(entry.title or entry.label, entry.inner, detail=entry.detail),
                             self._inside)

    def _inside(self, notation: str | None) -> None:
        if notation is not None:
            self.dismiss(notation)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.masked is None:
            return
        notation = self.masked[2](event.value)
        if notation is None:
            event.input.value = ""
            self.query_one("#mn-picker-error", Static).update(
                Content.styled(words(Line("ui.menu.picker.not_understood"), self.app.lang), "$text-error"))
            return
        self.dismiss(notation)


class NoticeScreen(CoveredScreen):
    """Lines for one pair of eyes: covered until Enter (Escape leaves), then any key hides them."""

    def __init__(self, lines: Sequence[Content], *, title: str = "", cover: str | None = None,
                 cover_title: str | None = None, cover_hint: str | None = None) -> None:
        super().__init__(cover, cover_title, cover_hint)
        self.lines = list(lines)
        self.title_text = title

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        yield from self.compose_cover()
        with Vertical(id="mn-shown", classes="mn-box"):
            if self.title_text:
                yield Static(Content.styled(self.title_text, "bold"), markup=False, id="mn-notice-title")
            yield Static(Content("\n").join(self.lines), markup=False, id="mn-notice-text")
            yield Static(Content.styled(words(Line("ui.menu.notice.hide"), lang), "dim"), markup=False,
                         id="mn-notice-hint")

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

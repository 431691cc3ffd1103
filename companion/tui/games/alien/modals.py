"""The Alien screen's pop-ups. Each covers the whole screen (no table shows
through), so a secret shown in one is seen only by whoever looks:

* `AlienPicker`: numbered entries (a folded group of choices, the players,
  the code to drop); covered first when only one player may look.
* `AlienNotice`: lines for one pair of eyes (a player's codes, the code just
  taken), covered first; any key hides them again.

A picker returns the chosen entry's notation (`dismiss(notation)`); the game
screen plays it through its `submit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from companion.core.game import Line, Text
from companion.core.language import render

from ...widgets import LOCK

CSS = [Path(__file__).parent / "alien.tcss"]
UI = "ui.alien-1979"


def L(name: str, **values: Any) -> Line:
    """A UI line of this screen (`ui.alien-1979.<name>`)."""
    return Line(f"{UI}.{name}", values)


def words(text: Text, lang: str) -> str:
    return render(text, lang)


@dataclass(frozen=True)
class Entry:
    """One numbered entry: plays `notation`, or opens `group` in a picker (or `kind`: a flow
    of the screen, such as a player's codes)."""

    label: Text
    notation: str | None = None
    group: tuple["Entry", ...] = ()
    title: Text | None = None
    cover: str | None = None  # the picker stays covered until this player alone looks
    kind: str | None = None

    @property
    def opens(self) -> bool:
        return self.notation is None


def entry_for(entries: Sequence[Entry], key: str) -> Entry | None:
    if key.isdigit() and 1 <= int(key) <= min(9, len(entries)):
        return entries[int(key) - 1]
    return None


class AlienCovered(ModalScreen[Any]):
    """A pop-up that may start covered: Enter lifts the cover for the one who may look."""

    CSS_PATH = CSS
    AUTO_FOCUS = ""

    def __init__(self, cover: str | None = None) -> None:
        super().__init__()
        self.covered = cover is not None
        self.cover_who = cover or ""

    def compose_cover(self) -> ComposeResult:
        lang = self.app.lang
        with Vertical(id="al-cover", classes="al-box"):
            yield Static(Content.assemble((f"{LOCK} ", "bold"),
                                          (words(L("cover.title", player=self.cover_who), lang), "bold $warning")),
                         markup=False, id="al-cover-title")
            yield Static(Content(words(L("cover.hint"), lang)), markup=False, id="al-cover-hint")

    def lift(self) -> None:
        self.covered = False
        self.query_one("#al-cover").display = False
        self.query_one("#al-shown").display = True

    def on_mount(self) -> None:
        self.query_one("#al-shown").display = not self.covered
        self.query_one("#al-cover").display = self.covered


class AlienPicker(AlienCovered):
    """Numbered entries; an entry with a group opens another picker; Escape goes back."""

    BINDINGS = [Binding("escape", "back", show=False),
                *[Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)],
                Binding("enter", "lift_cover", show=False)]

    def __init__(self, title: Text, entries: Sequence[Entry], *, cover: str | None = None,
                 lines: Sequence[Content] = ()) -> None:
        super().__init__(cover)
        self.title_text = title
        self.entries = list(entries)
        self.lines = list(lines)  # shown above the entries (a hand's cards)

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        yield from self.compose_cover()
        with Vertical(id="al-shown", classes="al-box"):
            yield Static(Content.styled(words(self.title_text, lang), "bold"), markup=False, id="al-picker-title")
            if self.lines:
                yield Static(Content("\n").join(self.lines), markup=False, id="al-picker-lines")
            rows = [Content.assemble((f" {number} ", "bold reverse $accent"), " ",
                                     words(entry.label, lang) + (" …" if entry.opens else ""))
                    for number, entry in enumerate(self.entries[:9], 1)]
            if rows:
                yield Static(Content("\n").join(rows), markup=False, id="al-picker-list")
            hint = "picker.hint" if rows else "notice.hide_escape"
            yield Static(Content.styled(words(L(hint), lang), "dim"), markup=False, id="al-picker-hint")

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
        self.app.push_screen(AlienPicker(entry.title or entry.label, entry.group), self._inside)

    def _inside(self, notation: str | None) -> None:
        if notation is not None:
            self.dismiss(notation)


class AlienNotice(AlienCovered):
    """Lines for one pair of eyes: covered until Enter (Escape leaves), then any key hides them."""

    def __init__(self, title: str, lines: Sequence[Content], *, cover: str | None = None) -> None:
        super().__init__(cover)
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield from self.compose_cover()
        with Vertical(id="al-shown", classes="al-box"):
            yield Static(Content.styled(self.title_text, "bold"), markup=False, id="al-picker-title")
            yield Static(Content("\n").join(self.lines), markup=False, id="al-picker-lines")
            yield Static(Content.styled(words(L("notice.hide"), self.app.lang), "dim"), markup=False,
                         id="al-picker-hint")

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

"""The event log: what happened, action by action, drawn line by line.

A game of two thousand actions must answer a key as fast as one of ten (the issue "Fast and
lean at any length of game"), so the log is one widget that draws its lines itself (Textual's
line API) rather than a widget per action: an action is turned into text once, wrapped once
for the log's width, and only the lines in view are ever painted. It keeps the last `KEEP`
actions; older ones leave the log.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Any, Callable, Sequence

from textual.content import Content
from textual.events import Resize
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import RenderOptions

from .i18n import say, ui
from .widgets import LOCK, shown_notation

INDENT = "  "  # an event's lines, under its action's number


def entry_content(number: int, item: Any, revealed: bool, lang: str,
                  spell: Callable[[str, str], str] | None = None) -> Content:
    """One action's lines in the log: `3. notation` (in the table's words: `spell` is the game's
    speller), then each event (secret ones covered)."""
    lines: list[Content] = [Content.styled(f"{number}. {shown_notation(item, revealed, lang, spell)}", "dim")]
    covered = 0  # secret events in a row, told as one line ("6 secrets (v shows them)")
    for event in item.events:
        if event.private and not revealed:
            covered += 1
            continue
        lines += _covered(covered, lang)
        covered = 0
        if not event.private:
            lines.append(Content.assemble(INDENT, say(event.line, lang)))
        else:
            lines.append(Content.assemble((INDENT + LOCK + " ", "bold $warning"), say(event.line, lang)))
    lines += _covered(covered, lang)
    return Content("\n").join(lines)


def _covered(count: int, lang: str) -> list[Content]:
    if not count:
        return []
    words = ui("ui.game.secret_event", lang) if count == 1 else ui("ui.game.secret_events", lang, count=count)
    return [Content.styled(f"{INDENT}{LOCK} {words}", "dim")]


class LogEntry:
    """One played action in the log. Its text is made, and wrapped for the log's width, only
    when its lines come into view; until then its height is counted as one line for the
    notation and one an event (what it is unless a line wraps)."""

    __slots__ = ("number", "item", "private", "key", "made_for", "content", "strips", "wrapped_for", "spell")

    def __init__(self, number: int, item: Any, spell: Callable[[str, str], str] | None = None) -> None:
        self.number = number
        self.item = item
        self.spell = spell  # the game's speller: the notation in the table's words
        self.private = getattr(item, "secret", False) or any(event.private for event in item.events)
        self.key: tuple[bool, str] = (False, "")  # (revealed, lang) to show it for
        self.made_for: tuple[bool, str] | None = None  # the key `content` was made for
        self.content = Content()
        self.strips: list[Strip] = []
        self.wrapped_for: tuple[tuple[bool, str] | None, int] = (None, -1)  # (key, width) of `strips`

    def show_for(self, revealed: bool, lang: str) -> bool:
        """Ask for the text for `revealed` and `lang` (an action without secrets reads the same
        revealed or not). True when that changes what it shows."""
        key = (revealed and self.private, lang)
        if key == self.key:
            return False
        self.key = key
        return True

    def height(self, width: int) -> int:
        if self.wrapped_for == (self.key, width):
            return len(self.strips)
        return 1 + len(self.item.events)

    def wrap(self, width: int, style: Any, options: RenderOptions) -> bool:
        """Make the text and its lines for `width`, unless they are made. True when made now."""
        if self.wrapped_for == (self.key, width):
            return False
        if self.made_for != self.key:
            self.content = entry_content(self.number, self.item, self.key[0], self.key[1], spell=self.spell)
            self.made_for = self.key
        self.strips = []
        for line in self.content.split("\n"):
            if line.plain.startswith(INDENT) and width > 2 * len(INDENT):  # an event: hang its lines
                lines = line[len(INDENT):].render_strips(width - len(INDENT), None, style, options)
                pad = Strip.blank(len(INDENT), style.rich_style)
                self.strips += [Strip.join([pad, strip]) for strip in lines]
            else:
                self.strips += line.render_strips(width, None, style, options)
        self.wrapped_for = (self.key, width)
        return True


class EventLog(ScrollView, can_focus=False):
    """What happened, action by action; private events are marked and hidden unless revealed.

    `show` takes the whole list of played actions and does only what changed since the last
    call: new actions are added and undone ones dropped. Text is made and wrapped only for the
    entries that come into view, so a reveal, a language change or a resize costs what the
    view holds, not what the log holds."""

    DEFAULT_CSS = """
    EventLog { border: round $primary; padding: 0 1; height: 1fr;
               scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    """

    KEEP = 200
    """How many of the last actions the log holds; older ones are dropped."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.entries: list[LogEntry] = []  # in order, numbers consecutive
        self._ends: list[int] = []  # the line after each shown entry's last
        self._empty: LogEntry | None = None  # the "nothing yet" line, shown alone
        self._title_lang: str | None = None
        self._settling = False
        self._follow = True  # stay at the end as actions come; off while scrolled back
        self.spell: Callable[[str, str], str] | None = None  # the game's speller (set by the screen)

    @property
    def numbers(self) -> list[int]:
        """The numbers of the actions the log holds."""
        return [entry.number for entry in self.entries]

    def in_view(self) -> list[LogEntry]:
        """The entries with a line in view now."""
        shown, ends = self._shown(), self._ends
        top, view = round(self.scroll_y), self.scrollable_content_region.height
        index = bisect_right(ends, top)
        seen = []
        while index < len(shown) and index < len(ends) and (ends[index - 1] if index else 0) < top + view:
            seen.append(shown[index])
            index += 1
        return seen

    def show(self, played: Sequence[Any], revealed: bool, lang: str) -> None:
        if lang != self._title_lang:
            self._title_lang = lang
            self.border_title = Content(ui("ui.game.log", lang))
        total = len(played)
        first = max(1, total - self.KEEP + 1)  # the number of the first action kept
        entries = self.entries
        # Keep the entries still played, as they were (the same action at the same number).
        keep_from = 0
        while keep_from < len(entries) and entries[keep_from].number < first:
            keep_from += 1
        keep_to = keep_from
        while keep_to < len(entries) and entries[keep_to].number <= total:
            entry = entries[keep_to]
            now = played[entry.number - 1]
            if now is not entry.item and now != entry.item:  # an undo rebuilds equal actions
                break
            entry.item = now
            keep_to += 1
        changed = keep_from > 0 or keep_to < len(entries)
        kept = entries[keep_from:keep_to]
        start = kept[-1].number + 1 if kept else first
        new = [LogEntry(number, played[number - 1], self.spell) for number in range(start, total + 1)]
        for entry in kept:
            changed = entry.show_for(revealed, lang) or changed
        for entry in new:
            entry.show_for(revealed, lang)
        self.entries = kept + new
        if not total:
            self._empty = LogEntry(0, _NOTHING)
            self._empty.content = Content.styled(ui("ui.game.log_empty", lang), "dim")
            self._empty.made_for = self._empty.key
            changed = True
        elif self._empty is not None:
            self._empty, changed = None, True
        if changed or new:
            self._follow = True
            self._settle(at_end=True)

    # -- laying out what is in view ---------------------------------------------------

    def _shown(self) -> list[LogEntry]:
        return [self._empty] if self._empty is not None else self.entries

    def _settle(self, at_end: bool) -> None:
        """Make exact the entries in view (at the end, or where the log is scrolled to), count
        the lines, and scroll. Entries out of view keep their counted height."""
        width, view = self.scrollable_content_region.width, self.scrollable_content_region.height
        shown = self._shown()
        if width <= 0:
            self._ends = []
            self.virtual_size = Size(0, 0)
            return
        style, options = self.visual_style, RenderOptions(self._get_style, self.styles)
        if at_end:  # from the last entry up until the view is full
            index, filled = len(shown) - 1, 0
            while index >= 0 and filled < view:
                shown[index].wrap(width, style, options)
                filled += len(shown[index].strips)
                index -= 1
        else:  # from the entry at the top down until the view is full
            ends = list(accumulate(entry.height(width) for entry in shown))
            top = min(round(self.scroll_y), max(0, (ends[-1] if ends else 0) - view))
            index = bisect_right(ends, top)
            start = ends[index - 1] if index else 0
            while index < len(shown) and start < top + view:
                shown[index].wrap(width, style, options)
                start += len(shown[index].strips)
                index += 1
        self._ends = list(accumulate(entry.height(width) for entry in shown))
        total = self._ends[-1] if self._ends else 0
        self._settling = True
        try:
            self.virtual_size = Size(width, total)
            if at_end:
                self.scroll_to(y=max(0, total - view), animate=False, immediate=True, force=True)
                if not self.show_vertical_scrollbar:  # not laid out yet: set the bar when it is
                    self.call_after_refresh(self._place_scrollbar)
        finally:
            self._settling = False
        self.refresh()

    def _place_scrollbar(self) -> None:
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.position = self.scroll_y

    def on_resize(self, event: Resize) -> None:
        self._settle(at_end=self._follow)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if not self._settling and self.is_mounted:
            self._follow = round(new_value) >= self.max_scroll_y  # scrolled back, or to the end again
            self._settle(at_end=self._follow)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        for entry in self._shown():
            entry.wrapped_for = (None, -1)  # colours may have changed: draw again
        if self.is_mounted:
            self._settle(at_end=self._follow)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        line, style = scroll_y + y, self.rich_style
        shown, ends = self._shown(), self._ends
        if len(ends) != len(shown) or line >= (ends[-1] if ends else 0):
            return Strip.blank(width, style)
        index = bisect_right(ends, line)
        entry = shown[index]
        if entry.wrapped_for != (entry.key, width):
            # In view but not made (a frame before `_settle` caught up): make it; its height
            # is set right when the log next settles. Made entries cost no style lookup here.
            entry.wrap(width, self.visual_style, RenderOptions(self._get_style, self.styles))
        offset = line - (ends[index - 1] if index else 0)
        if offset >= len(entry.strips):
            return Strip.blank(width, style)
        return entry.strips[offset].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)


class _Nothing:
    events = ()


_NOTHING = _Nothing()

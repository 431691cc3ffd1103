"""`TableApp`: the public second screen (`companion table FILE`).

It reads the save read-only (no writer lock: the game master's app keeps it) and shows
only its public view, with the live file beside it: the spoken line and the timers, which
count down here by themselves from their deadline. It follows both with watchfiles (and a
once-a-second look at the save's size and time, in case a change is missed). When the game
master's app is closed it says so and keeps the last state; a save it cannot read (damaged,
or caught half-written) keeps the last good state and names the file.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Digits, Static

from companion.core import live
from companion.core.files import signature as _stat
from companion.core.game import Line
from companion.core.language import LANGUAGES, render

from ..i18n import say, ui
from ..widgets import put
from .board import KAIJU_GAMES, board_for, cells
from .follow import Seen, load
from .games import panel_lines

HERE = Path(__file__).parent
LOG_TAIL = 12  # log entries kept for the side (the panel shows what fits, newest last)
POLL = 1.0  # seconds between looks at the clocks, the heartbeat and the save's size


def title_text(seen: Seen, lang: str) -> str:
    return render(Line(f"game.{seen.view.game}.title"), lang)


def now_content(seen: Seen, lang: str) -> Content:
    """What is happening now (the public prompt's title), or how the game ended."""
    outcome = seen.view.outcome
    if outcome is not None:
        return Content.styled(say(outcome.line, lang) if outcome.line else ui("ui.table.over", lang), "bold")
    return Content.styled(say(seen.view.prompt.title, lang), "bold")


def log_lines(seen: Seen, lang: str) -> list[Content]:
    """The public log's latest entries, newest first (the top of the panel is always the news),
    as the table was told them: the events' lines, and for a secret action the line told
    instead; never notation or seat numbers (as on the table page, companion/core/observe.py)."""
    lines: list[Content] = []
    for number, item in enumerate(reversed(seen.view.log[-LOG_TAIL:])):
        if item.secret:
            lines.append(Content.styled(say(seen.said(item, lang), lang), "italic"))
        lines += [Content.styled(say(line, lang), "bold" if number == 0 else "dim") for line in item.events]
    return lines


def screen_text(seen: Seen, lang: str) -> str:
    """Every word the table view draws from the save, as plain text (the secrecy test reads it)."""
    parts = [title_text(seen, lang), now_content(seen, lang).plain]
    parts += [c.plain for c in panel_lines(seen.view.game, seen.view.state, seen.options, lang)]
    parts += [c.plain for c in log_lines(seen, lang)]
    return "\n".join(parts)


class TableApp(App[None]):
    """The table's screen: public words only, big enough to read across the room."""

    TITLE = "companion"
    CSS_PATH = [HERE / "table.tcss"]
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
                Binding("q", "quit", "Quit", show=False)]

    def __init__(self, path: Path | str, *, lang: str | None = None, watch: bool = True) -> None:
        super().__init__()
        self.path = Path(path)
        self.chosen_lang = lang if lang in LANGUAGES else None
        self.watching = watch
        self.seen: Seen | None = None
        self.unreadable = False
        self.live: live.Live | None = live.read(self.path)
        self._stat: tuple[int, int] | None = None
        self._loading = asyncio.Lock()
        self._first_load()

    def _first_load(self) -> None:
        self._stat = _stat(self.path)
        try:
            self.seen = load(self.path)
        except Exception:  # noqa: BLE001 - whatever is in the file, the screen stays up and says so
            self.unreadable = True

    @property
    def game(self) -> str | None:
        return self.seen.view.game if self.seen is not None else None

    @property
    def lang(self) -> str:
        if self.chosen_lang:
            return self.chosen_lang
        if self.live is not None and self.live.lang:  # the game master's app's, kept once it closes
            return self.live.lang
        return self.seen.lang if self.seen is not None and self.seen.lang in LANGUAGES else "es"

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="t-head"):
            yield Static(id="t-title", markup=False)
            yield Static(id="t-notice", markup=False)
        yield Static(id="t-now", markup=False)
        yield Static(id="t-spoken", markup=False)
        board = board_for(self.seen.options) if self.game in KAIJU_GAMES and self.seen is not None else None
        self.board = board
        with Horizontal(id="t-middle"):
            if board is not None:
                from ..games.kaiju.ring import Ring

                self._centre = Static(id="t-centre", markup=False)
                yield Ring(self._centre, id="t-ring")
            else:
                with VerticalScroll(id="t-game"):
                    yield Static(id="t-panel", markup=False)
            with Vertical(id="t-side"):
                yield Static(id="t-clock-label", markup=False)
                yield Digits(id="t-clock")
                yield Static(id="t-log", markup=False)

    def on_mount(self) -> None:
        self.screen.set_class(self.board is not None, "-ring")
        self.show()
        self.set_interval(POLL, self._tick)
        if self.watching:
            self.follow()

    # -- following ------------------------------------------------------------------------

    @work(exclusive=True, group="follow")
    async def follow(self) -> None:
        """Watch the save's folder for the save and its live file; re-read what changed."""
        from watchfiles import awatch

        save, live_name = self.path.name, live.live_path(self.path).name
        names = {save, live_name}
        async for changes in awatch(self.path.parent, watch_filter=lambda _c, p: Path(p).name in names,
                                    debounce=40, step=20, recursive=False):
            changed = {Path(p).name for _, p in changes}
            if live_name in changed:
                self.reload_live()
            if save in changed:
                await self.reload_save()

    def reload_live(self) -> None:
        self.live = live.read(self.path)
        self.show()

    async def reload_save(self) -> None:
        """Read the save again (in a thread); a failed read is tried once more a moment later
        (a write caught half-way), then the last good state stays and the notice names the file."""
        async with self._loading:
            for attempt in range(2):
                stat = _stat(self.path)
                try:
                    seen = await asyncio.to_thread(load, self.path)
                except Exception:  # noqa: BLE001 - a hostile or damaged file must not bring the screen down
                    if attempt == 0:
                        await asyncio.sleep(0.15)
                        continue
                    self._stat, self.unreadable = stat, True
                else:
                    self._stat, self.seen, self.unreadable = stat, seen, False
                break
        self.show()

    async def _tick(self) -> None:
        """Once a second: the clocks count down, a stale heartbeat shows, a missed change is read."""
        if _stat(self.path) != self._stat and not self._loading.locked():
            await self.reload_save()
        else:
            self.show()

    # -- drawing ------------------------------------------------------------------------------

    def closed(self) -> bool:
        return self.live is None or self.live.closed()

    def show(self) -> None:
        lang = self.lang
        seen = self.seen
        title = title_text(seen, lang) if seen is not None else self.path.name
        put(self.query_one("#t-title", Static), Content.styled(title, "bold"))
        notices = []
        if self.closed():
            notices.append(ui("ui.table.closed", lang))
        if self.unreadable:
            notices.append(ui("ui.table.unreadable", lang, path=self.path.name))
        notice = self.query_one("#t-notice", Static)
        notice.display = bool(notices)
        put(notice, Content.styled("  ".join(notices), "bold"))
        spoken = self.live.subtitle if self.live is not None and not self.closed() else ""
        said = self.query_one("#t-spoken", Static)
        said.display = bool(spoken)
        put(said, Content.assemble(("» ", "bold $accent"), spoken))
        self._clock(lang)
        if seen is None:
            put(self.query_one("#t-now", Static), Content(ui("ui.table.waiting", lang, path=self.path.name)))
            return
        now = self.query_one("#t-now", Static)
        now.set_class(seen.view.outcome is not None, "-over")
        put(now, now_content(seen, lang))
        width = max(0, self.query_one("#t-game").content_size.width - 1) if self.board is None else 0  # a scrollbar's room
        lines = panel_lines(seen.view.game, seen.view.state, seen.options, lang, width=width or 44)
        log = log_lines(seen, lang)
        if self.board is not None:
            self.query_one("#t-ring").show(cells(seen.view.game, seen.view.state, self.board), False)
            put(self._centre, Content("\n").join(lines + [Content("")] + log[:8]))
        else:
            put(self.query_one("#t-panel", Static), Content("\n").join(lines))
        put(self.query_one("#t-log", Static), Content("\n").join(log))

    def _clock(self, lang: str) -> None:
        """The timer the table watches, in big digits, counting from its deadline."""
        timers = self.live.timers if self.live is not None and not self.closed() else ()
        shown = next((t for t in timers if t.kind == "gauekos"), None) or next(iter(timers), None)
        label, digits = self.query_one("#t-clock-label", Static), self.query_one("#t-clock", Digits)
        label.display = digits.display = shown is not None
        if shown is None:
            return
        left = shown.left_at(time.time())
        named = {"gauekos": "ui.gauekos.countdown", "marcador": "ui.marcador.timer"}
        name = ui(named.get(shown.kind, "ui.gauekos.day_timer"), lang)
        state = ui("ui.gauekos.timer_paused", lang) if shown.paused else \
            ui("ui.gauekos.timer_over", lang) if left == 0 else ""
        put(label, Content.assemble((name, "bold"), "  ", (state, "italic")))
        digits.update(f"{left // 60}:{left % 60:02d}")
        digits.set_class(left <= 10, "-urgent")

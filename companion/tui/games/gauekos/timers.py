"""The timers of a Gauekos table: the gaueko countdown and the day timer.

A `Countdown` is plain state (seconds left, running or paused) and says
which lines to speak as it goes; the screen ticks every countdown with one
Textual interval of `Timing.second` seconds and speaks what `tick` returns.
Nothing here waits or sleeps: tests inject a `Timing` with a fast second,
or none at all and tick by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.widgets import Digits, Static

from ...widgets import put

from companion.core.game import Line

from ...i18n import ui

GAUEKOS = "gauekos"
DAY = "day"
PHANTOM = "phantom"  # a phantom call's pause: shown, never said
SPOKEN_TICKS = 10  # the countdown says its last ten seconds
DAY_WARNINGS = (120, 60, 30, 10)  # the day timer warns with this many seconds left
CLOCK = "◷"  # one cell wide in common monospace fonts (an emoji hourglass is two)


@dataclass(frozen=True)
class Timing:
    """How the screen paces itself; tests inject a fast one.

    second: real seconds per timer second (None: the timers tick only when
        `GauekosScreen.tick()` is called).
    poll: how often to look whether the narrator has finished speaking (a
        phantom call's pause and the timers start once the wake line is said).
    phantom: the range of a phantom call's random pause, in seconds, after its
        wake line: about as long as a real call takes.
    digit_wait: with 10 players or more, how long a typed `1` waits for a
        second digit before it means seat 1.
    """

    second: float | None = 1.0
    poll: float = 0.2
    phantom: tuple[float, float] = (7.0, 15.0)
    digit_wait: float = 1.5


class Countdown:
    """A timer shown on screen whose ticks may be spoken."""

    def __init__(self, kind: str, total: int, token: object, left: int | None = None) -> None:
        self.kind = kind
        self.total = total
        self.left = total if left is None else left
        self.token = token  # what it belongs to (the call, the day): a new token means a new timer
        self.running = False  # starts once the narrator has said what comes before
        self.paused = False

    @property
    def over(self) -> bool:
        return self.left <= 0

    def start(self) -> None:
        self.running = True

    def toggle_pause(self) -> None:
        self.paused = not self.paused

    def tick(self) -> list[Line]:
        """One second passes; the lines to speak for it."""
        if not self.running or self.paused or self.over:
            return []
        self.left -= 1
        return self.spoken()

    def spoken(self) -> list[Line]:
        if self.kind == PHANTOM:
            return []
        if self.kind == GAUEKOS:
            if self.left == 0:
                return [Line("gauekos.countdown.over")]
            if self.left <= SPOKEN_TICKS:
                return [Line("gauekos.countdown.tick", {"seconds": self.left})]
            return []
        if self.left == 0:
            return [Line("gauekos.day_timer.over")]
        if self.left in DAY_WARNINGS and self.left < self.total:
            return [Line("gauekos.day_timer.warning", {"seconds": self.left})]
        return []


def clock(seconds: int) -> str:
    """`75` -> `1:15`."""
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


class TimerBar(Static):
    """The running timer, big enough to read from the table; urgent in its last ten seconds."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, countdown: Countdown | None, lang: str) -> None:
        self.display = countdown is not None
        if countdown is None:
            return
        label = ui({GAUEKOS: "ui.gauekos.countdown", PHANTOM: "ui.gauekos.phantom_timer"}.get(
            countdown.kind, "ui.gauekos.day_timer"), lang)
        if countdown.over:
            state = ui("ui.gauekos.timer_over", lang)
        elif countdown.paused:
            state = ui("ui.gauekos.timer_paused", lang)
        elif not countdown.running:
            state = ui("ui.gauekos.timer_waiting", lang)
        else:
            state = ""
        parts: list[object] = [(f"{CLOCK} {label} ", "bold"), (f" {clock(countdown.left)} ", "bold reverse")]
        if state:
            parts += ["  ", (state, "italic")]
        if countdown.kind != PHANTOM:  # it passes by itself: nothing to pause
            parts += ["   ", (ui("ui.gauekos.timer_keys", lang), "dim")]
        put(self, Content.assemble(*parts))
        self.set_class(countdown.kind != PHANTOM and countdown.left <= SPOKEN_TICKS, "-urgent")


class BigClock(Digits):
    """The gaueko countdown in digits three lines tall, read across the table (and without sound,
    where its spoken seconds are only a subtitle); urgent in its spoken last seconds."""

    def show(self, countdown: Countdown | None) -> None:
        self.display = countdown is not None and countdown.kind == GAUEKOS
        if countdown is None or not self.display:
            return
        self.update(clock(countdown.left))
        self.set_class(countdown.left <= SPOKEN_TICKS, "-urgent")

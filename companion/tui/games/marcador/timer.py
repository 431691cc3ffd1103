"""The turn timer: plain state (seconds left, paused or not) that says which lines to speak
as it goes (the last ten seconds, then "Time!"), and the big digits that show it. Nothing
here waits: the screen ticks it once a second, a test ticks it by hand."""

from __future__ import annotations

from textual.widgets import Digits

from companion.core.game import Line

SPOKEN = 10  # the last seconds said aloud


class Countdown:
    """One turn's countdown; `token` is the turn it belongs to (a new turn, a new countdown)."""

    def __init__(self, total: int, token: object) -> None:
        self.total = self.left = total
        self.token = token
        self.paused = False

    @property
    def over(self) -> bool:
        return self.left <= 0

    def tick(self) -> list[Line]:
        """One second passes; what to say for it."""
        if self.paused or self.over:
            return []
        self.left -= 1
        if self.left == 0:
            return [Line("marcador.time_up")]
        if self.left <= SPOKEN:
            return [Line("marcador.tick", {"seconds": self.left})]
        return []


def clock(seconds: int) -> str:
    """`75` -> `1:15`."""
    seconds = max(0, seconds)
    return f"{seconds // 60}:{seconds % 60:02d}"


class BigClock(Digits):
    """The countdown three lines tall, read across the table; urgent in its spoken seconds."""

    def show(self, countdown: Countdown | None) -> None:
        self.display = countdown is not None
        if countdown is None:
            return
        self.update(clock(countdown.left))
        self.set_class(countdown.left <= SPOKEN, "-urgent")
        self.set_class(countdown.paused, "-paused")

"""The Gauekos screen's hands-off pace: what happens between two keys.

A phantom call passes by itself after its wake line is said and a random
pause as long as a real call; the gaueko countdown and the day timer start
once the narrator has finished speaking and say their last seconds. None of
them ever blocks a key. It all reads the prompt: its step (`phantom`,
`gauekos`) and its facts (the countdown).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.timer import Timer

from companion.core.game import Event

from ...frame import View
from .timers import DAY, GAUEKOS, Countdown

QUIET = ("gauekos.setup.deck",)  # said on every toggle of the deck: shown, not spoken


@dataclass
class Phantom:
    """A phantom call waiting to pass by itself."""

    token: int  # the number of actions played when it began
    timer: Timer | None = None
    seconds: float = 0.0


class Pacing:
    """Mixin of `GauekosScreen`: speech, the phantom calls' pause, the timers."""

    session: Any
    _phantom: Phantom | None
    _poll_timer: Timer | None
    countdown: Countdown | None
    day_timer: Countdown | None
    _day_left: dict[int, int]

    def speak(self, events: list[Event]) -> None:
        super().speak([e for e in events if e.line.id not in QUIET])
        self._call_began()

    def _call_began(self) -> None:
        """A phantom call passes by itself once its wake line is said and a pause has gone by."""
        if self.session.expects().step == "phantom":
            token = len(self.session.played)
            if self._phantom is None or self._phantom.token != token:
                self._phantom = Phantom(token)
                self._waiting()

    def _waiting(self) -> None:
        if self._poll_timer is not None:
            self._poll_timer.resume()

    def _idle(self) -> bool:
        """The narrator has said everything it was given (a narrator that cannot tell is idle)."""
        wait_idle = getattr(self.narrator, "wait_idle", None)
        return True if wait_idle is None else bool(wait_idle(0))

    def _poll(self) -> None:
        """Start what waits for the narrator: a phantom call's pause, the timers."""
        waiting = False
        phantom = self._phantom
        if phantom is not None and phantom.timer is None:
            if self._idle():
                low, high = self.timing.phantom
                phantom.seconds = self._rng.uniform(low, high)
                phantom.timer = self.set_timer(phantom.seconds, partial(self._phantom_over, phantom.token))
            else:
                waiting = True
        for countdown in (self.countdown, self.day_timer):
            if countdown is not None and not countdown.running:
                if self._idle():
                    countdown.start()
                    self._show_timer()
                else:
                    waiting = True
        if not waiting and self._poll_timer is not None:
            self._poll_timer.pause()

    def _phantom_over(self, token: int) -> None:
        phantom, self._phantom = self._phantom, None
        if phantom is None or phantom.token != token or token != len(self.session.played):
            return
        prompt = self.session.expects()
        if prompt.step == "phantom" and prompt.choices:
            self.submit(prompt.choices[0].notation)

    def _drop_phantom(self) -> None:
        if self._phantom is not None and self._phantom.timer is not None:
            self._phantom.timer.stop()
        self._phantom = None

    def _sync_timers(self, view: View) -> None:
        seconds = view.prompt.facts.get("countdown")
        if view.prompt.step == "gauekos" and seconds:
            token = (GAUEKOS, len(self.session.played))
            if self.countdown is None or self.countdown.token != token:
                self.countdown = Countdown(GAUEKOS, int(seconds), token)
                self._waiting()
        else:
            self.countdown = None
        total = view.public["day_timer"]
        day = view.public["day"]
        if total:
            token = (DAY, day)
            if self.day_timer is None or self.day_timer.token != token:
                self.day_timer = Countdown(DAY, int(total), token, left=self._day_left.get(day))
                self._waiting()
        elif self.day_timer is not None:
            self._day_left[self.day_timer.token[1]] = self.day_timer.left  # type: ignore[index]
            self.day_timer = None

    def tick(self) -> None:
        """One second of every running timer; their lines are said. Tests call it by hand."""
        for countdown in (self.countdown, self.day_timer):
            if countdown is None:
                continue
            for line in countdown.tick():
                self.narrator.say_line(line)
        self._show_timer()

    def action_timer(self) -> None:
        shown = self.countdown or self.day_timer
        if shown is not None:
            shown.toggle_pause()
            self._show_timer()

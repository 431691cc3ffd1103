"""The Gauekos screen's hands-off pace: what happens between two keys.

A phantom call passes by itself after its wake line is said and a random
pause as long as a real call; the gaueko countdown and the day timer start
once the narrator has finished speaking and say their last seconds. None of
them ever blocks a key. It all reads the prompt: its step (`phantom`,
`gauekos`) and its facts (the countdown).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.timer import Timer

from companion.core.game import Event, Line
from companion.games.gauekos.night import SPOKEN

from ...frame import View
from .timers import DAY, GAUEKOS, PHANTOM, Countdown

QUIET = ("gauekos.setup.deck",)  # said on every toggle of the deck: shown, not spoken


@dataclass
class Phantom:
    """A phantom call waiting to pass by itself."""

    token: int  # the number of actions played when it began
    timer: Timer | None = None
    seconds: float = 0.0
    clock: Countdown | None = None  # the time left, shown once the pause has begun


class Pacing:
    """Mixin of `GauekosScreen`: speech, the phantom calls' pause, the timers."""

    session: Any
    _phantom: Phantom | None
    _poll_timer: Timer | None
    countdown: Countdown | None
    day_timer: Countdown | None
    _day_left: dict[int, int]
    _countdown_left: dict[object, int]

    def speak(self, events: list[Event]) -> None:
        super().speak([e for e in events if e.line.id not in QUIET])
        self._call_began()

    def before_prompt_said(self, prompt: Any) -> None:
        """A chime when a call starts (a phantom call too), before its wake line; once per call."""
        now = self.call_now()
        if now is not None and getattr(self, "_chimed_call", None) != now:
            self.app.cue("chime")
        self._chimed_call = now

    def call_now(self) -> str | None:
        """The call under way that has wake and sleep lines (a phantom call too), or None."""
        if self.session.outcome() is not None:
            return None
        call = self.session.expects().facts.get("call")
        return call if call in SPOKEN else None

    def crossed(self, left: str | None) -> None:
        """After an undo: the call left goes back to sleep and the call returned to wakes again,
        said as the night had them (without sound the subtitle shows the two together: app.py)."""
        now = self.call_now()
        if now != left:
            if left is not None:
                self.narrator.say_line(Line(f"gauekos.call.{left}.sleep"))
            if now is not None:
                self.narrator.say_line(Line(f"gauekos.call.{now}.wake"))
        self._call_began()

    def _call_began(self) -> None:
        """A phantom call passes by itself once its wake line is said and a pause has gone by;
        a pause already under way for this very state goes on (a refused line changes nothing)."""
        token = len(self.session.played)
        phantom = self.session.outcome() is None and self.session.expects().step == "phantom"
        if self._phantom is not None and (not phantom or self._phantom.token != token):
            self._drop_phantom()
        if phantom and self._phantom is None:
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
                phantom.clock = Countdown(PHANTOM, math.ceil(phantom.seconds), phantom.token)
                phantom.clock.start()
                self._show_timer()
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

    def phantom_clock(self) -> Countdown | None:
        """The time left of the phantom call passing by itself, once its pause has begun."""
        return self._phantom.clock if self._phantom is not None else None

    def _phantom_over(self, token: int) -> None:
        """The pause is over: pass, if the phantom call that began it is still the current one
        (a stale timer never clears a newer call's pause)."""
        if self._phantom is None or self._phantom.token != token:
            return
        self._phantom = None
        self._show_timer()
        if token != len(self.session.played):
            return
        prompt = self.session.expects()
        if prompt.step == "phantom" and prompt.choices:
            self.submit(prompt.choices[0].notation)

    def _drop_phantom(self) -> None:
        if self._phantom is not None and self._phantom.timer is not None:
            self._phantom.timer.stop()
        self._phantom = None
        self._show_timer()

    def _sync_timers(self, view: View) -> None:
        seconds = view.prompt.facts.get("countdown")
        if self.countdown is not None:  # kept, so an undo back into this call finds it as it was
            self._countdown_left[self.countdown.token] = self.countdown.left
        if view.prompt.step == "gauekos" and seconds:
            # this very call: an undo back into it finds its countdown, another path a new one
            token = (GAUEKOS, len(self.session.played), hash(tuple(p.entry.notation for p in self.session.played)))
            if self.countdown is None or self.countdown.token != token:
                self.countdown = Countdown(GAUEKOS, int(seconds), token, left=self._countdown_left.get(token))
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
        for countdown in (self.countdown, self.day_timer, self.phantom_clock()):
            if countdown is None:
                continue
            for line in countdown.tick():
                if line.id == "gauekos.countdown.tick":
                    self.app.cue("tick")  # the last seconds of the gauekos' call: a tick, then the number
                self.narrator.say_line(line)
        self._show_timer()

    def action_timer(self) -> None:
        shown = self.countdown or self.day_timer
        if shown is not None:
            shown.toggle_pause()
            self._show_timer()

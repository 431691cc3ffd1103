"""The Gauekos screen's keys: every key builds a notation line and plays it
through `submit`, exactly as the `:` command line and `companion act` do.

Number keys pick a seat by its number (two digits with 10 players or more);
arrows move the cursor and Enter picks it; at setup the number keys give the
cursor's seat a card, and in the counts entry they type counts. Letters are
the special choices (each choice says its letter); at setup they toggle the
special cards. Space goes on where there is nothing to choose; `e` elects
the Pariente mayor when the rules allow it, `w` switches the vote entry,
`t` pauses a timer, `i` opens the grimoire.
"""

from __future__ import annotations

from typing import Any

from textual.timer import Timer

from ...i18n import ui
from .drawing import deck_roles
from .ending import EndPanel, GrimoireScreen
from .look import Card, LookScreen
from .modes import OVER, PAIR, SEAT, SETUP, VOTE, Mode
from .seats import KeyPressed, SeatGrid, SeatPicked
from .setup import KEY_SPECIAL, SPECIAL_KEYS
from .votes import COUNTS, VOTERS, VoteDraft


class Controls:
    """Mixin of `GauekosScreen`: what each key does now (see `mode`)."""

    session: Any
    mode: Mode
    cursor: int | None
    marks: list[int]
    digits: str
    electing: bool
    draft: VoteDraft | None
    _digit_timer: Timer | None
    _enter_timer: Timer | None = None  # set: a digit just chose, the next Enter is swallowed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "elect":
            return self.can_elect()
        if action == "vote_mode":
            return self.mode.kind == VOTE
        if action == "timer":
            return bool(self.countdown or self.day_timer)
        if action == "gaueko_count":
            return self.mode.kind == SETUP
        if action == "look":
            return bool(self._cards_to_look_at())
        if action == "letter":
            return self._letter_means(str(parameters[0]) if parameters else "")
        return super().check_action(action, parameters)

    def _letter_means(self, letter: str) -> bool:
        if self.mode.kind == SETUP:
            return letter in KEY_SPECIAL or letter == "x"
        if self.mode.kind == VOTE:
            return letter == "n" and self.draft is not None and self.draft.mode == VOTERS
        return letter in self.mode.words

    def can_elect(self) -> bool:
        if self.electing or self.session.outcome() is not None:
            return False
        prompt = self.session.expects()
        return prompt.step != "election" and any(c.group == "mayor" for c in prompt.choices)

    def play(self, notation: str) -> bool:
        """Play a line built by a key; the frame shows a refusal and changes nothing."""
        self._stop_digits()
        accepted = self.submit(notation)  # a phantom call's pause goes on whatever was typed
        if accepted:
            self.electing = False
            self.refresh_view()
        return accepted

    def action_choose(self, number: int) -> None:
        kind = self.mode.kind
        if kind == OVER:
            return
        if kind == SETUP:
            roles = deck_roles(self.game.public_state()["deck"])
            if 1 <= number <= len(roles) and self.cursor is not None:
                self.play(f"role {self.cursor} {roles[number - 1]}")
            else:
                self.show_error(ui("ui.game.no_such_choice", self.lang, number=number))
            return
        if kind == VOTE and self.draft is not None and self.draft.mode == COUNTS:
            self.draft.count_digit(number)
            self._redraw()
            return
        if kind in (SEAT, PAIR, VOTE):
            self._seat_digit(number)
            return
        choice = next((c for c in self.mode.numbered if c.key == str(number)), None)
        if choice is not None:
            self.play(choice.notation)
        else:
            self.show_error(ui("ui.game.no_such_choice", self.lang, number=number))

    def _seat_digit(self, digit: int) -> None:
        players = len(self.game.players)
        typed = self.digits + str(digit)
        if typed.startswith("0"):
            return
        value = int(typed)
        if value > players:
            self._stop_digits()
            self.show_error(ui("ui.gauekos.no_seat", self.lang, seat=value, players=players))
            self._redraw()
            return
        longer = any(str(seat).startswith(typed) and seat != value for seat in range(1, players + 1))
        if not longer:
            self._stop_digits()
            if self.mode.kind in (SEAT, PAIR):  # by day Enter records the vote typed: it is meant
                self._swallow_enter()
            self.commit_seat(value)
            return
        self.digits = typed
        self.cursor = value
        if self._digit_timer is not None:
            self._digit_timer.stop()
        self._digit_timer = self.set_timer(self.timing.digit_wait, self._digits_waited)
        self._redraw()

    def _swallow_enter(self) -> None:
        """A digit that chose at once: an Enter pressed right after it (out of habit, "3 ⏎") must
        not choose the cursor's seat at the next call; for `digit_wait`, it does nothing."""
        if self._enter_timer is not None:
            self._enter_timer.stop()
        self._enter_timer = self.set_timer(self.timing.digit_wait, self._enter_back)

    def on_key(self, event: Any) -> None:
        """Any other key after the digit: the next Enter is meant again. (Textual calls the
        frame's `on_key` too; this one only looks.)"""
        if event.key != "enter":
            self._enter_back()

    def _enter_back(self) -> None:
        if self._enter_timer is not None:
            self._enter_timer.stop()
            self._enter_timer = None

    def _digits_waited(self) -> None:
        if self.digits:
            value = int(self.digits)
            self._stop_digits()
            self.commit_seat(value)

    def _stop_digits(self) -> None:
        self.digits = ""
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None

    def commit_seat(self, seat: int) -> None:
        """A seat was chosen (digits, Enter on the cursor, a click): what it means depends on the mode."""
        mode = self.mode
        self.cursor = seat
        if mode.kind == SEAT and mode.verb:
            self.play(f"{mode.verb} {seat}")
        elif mode.kind == PAIR:
            if seat in self.marks:
                self.marks.remove(seat)
            else:
                self.marks.append(seat)
                if len(self.marks) > 2:
                    self.marks.pop(0)
            if mode.verb == "lovers" and len(self.marks) == 2:
                a, b = sorted(self.marks)
                if not self.play(f"lovers {a} {b}"):
                    self.marks = []
            self._redraw()
        elif mode.kind == VOTE and self.draft is not None:
            self.draft.vote(seat)
            self._redraw()
        elif mode.kind == SETUP:
            self._redraw()

    def on_seat_picked(self, message: SeatPicked) -> None:
        message.stop()
        if self.mode.kind == SETUP:
            self.cursor = message.seat
            self._redraw()
        else:
            self.commit_seat(message.seat)

    async def on_key_pressed(self, message: KeyPressed) -> None:
        message.stop()
        await self.run_action(message.action)

    def action_pick(self) -> None:
        """Enter: the typed digits, else the cursor's seat, else go on (not right after a digit
        that chose by itself)."""
        if self._enter_timer is not None:
            self._enter_back()
            return
        if self.digits:
            self._digits_waited()
            return
        kind = self.mode.kind
        if kind in (SEAT, PAIR) and self.cursor is not None:
            self.commit_seat(self.cursor)
        elif kind == VOTE:
            self._record_vote()
        elif kind != SETUP:
            self.action_go_on()

    def action_go_on(self) -> None:
        """Space: the one thing to do when there is nothing to choose."""
        kind = self.mode.kind
        if kind == OVER:
            return
        if kind == VOTE:
            self._record_vote()
            return
        if kind == PAIR and self.mode.verb == "runoff" and len(self.marks) == 2:
            a, b = sorted(self.marks)
            self.play(f"runoff {a} {b}")
            return
        if self.mode.go_on is not None:
            self.play(self.mode.go_on.notation)
        else:
            self.show_error(ui("ui.gauekos.nothing_to_go_on", self.lang))

    def _record_vote(self) -> None:
        """Record the draft; an empty one is not recorded by a stray key (type `vote` with : for that)."""
        draft = self.draft
        if draft is None:
            return
        if not (draft.ballot_pairs() if draft.mode == VOTERS else any(draft.counts.values())):
            self.show_error(ui("ui.gauekos.nothing_to_go_on", self.lang))
            return
        draft.typing = False  # a count typed after this replaces, even when the line is refused
        self.play(draft.notation())

    def action_move(self, dx: int, dy: int) -> None:
        kind = self.mode.kind
        if kind == OVER:
            self.query_one(EndPanel).scroll_relative(y=dy * 3 or dx * 3, animate=False)
            return
        if kind == VOTE and self.draft is not None:
            self.draft.move(dx + dy)
            self._redraw()
            return
        if kind not in (SETUP, SEAT, PAIR):
            return
        players = len(self.game.players)
        columns = max(1, self.query_one(SeatGrid).columns)
        seat = (self.cursor or 1) + dx + dy * columns
        self.cursor = min(players, max(1, seat))
        self._stop_digits()
        self._redraw()

    def action_erase(self) -> None:
        if self.digits:
            self._stop_digits()
        elif self.mode.kind == VOTE and self.draft is not None:
            self.draft.back()
        self._redraw()

    def action_letter(self, letter: str) -> None:
        kind = self.mode.kind
        if kind == SETUP:
            if letter == "x":
                self.play("deal")
            elif letter in KEY_SPECIAL:
                self._toggle_special(KEY_SPECIAL[letter])
            return
        if kind == VOTE and self.draft is not None and letter == "n":
            if self.draft.mode == VOTERS:
                self.draft.vote(None)
            self._redraw()
            return
        choice = self.mode.words.get(letter)
        if choice is not None:
            self.play(choice.notation)

    def _toggle_special(self, role: str) -> None:
        deck = self.game.public_state()["deck"]
        specials = [r for r in SPECIAL_KEYS if (r in deck) != (r == role)]
        self.play(" ".join(["deck", "gaueko", str(deck.get("gaueko", 0)), *specials]))

    def action_gaueko_count(self, step: int) -> None:
        deck = self.game.public_state()["deck"]
        specials = [r for r in SPECIAL_KEYS if r in deck]
        self.play(" ".join(["deck", "gaueko", str(deck.get("gaueko", 0) + step), *specials]))

    def action_elect(self) -> None:
        if self.can_elect():
            self.electing = True
            self.refresh_view()

    def _cards_to_look_at(self) -> list[Card]:
        """Every living player's card, from the cursor's seat on, once every seat has one."""
        if self.session.outcome() is not None:
            return []
        private = self.game.private_state()
        cards, roles = private["cards"], private["roles"]
        if any(card is None for card in cards.values()):
            return []
        alive = set(self.game.public_state()["alive"])
        players = list(self.game.players)
        start = (self.cursor or 1) - 1 if self.mode.kind == SETUP else 0
        order = players[start:] + players[:start]
        return [Card(name, cards[name], roles[name] if roles.get(name) not in (None, cards[name]) else None)
                for name in order if name in alive]

    def action_look(self) -> None:
        cards = self._cards_to_look_at()
        if cards:
            self.app.clear_notifications()  # a toast must not show through
            self.app.push_screen(LookScreen(cards))

    def action_vote_mode(self) -> None:
        if self.mode.kind == VOTE and self.draft is not None:
            self.draft.switch()
            self._redraw()

    def action_grimoire(self) -> None:
        self.app.push_screen(GrimoireScreen(self._grimoire, self.action_reveal))

    def action_leave(self) -> None:
        if self.electing or self.digits:
            self.electing = False
            self._stop_digits()
            self.refresh_view()
            return
        super().action_leave()

    def action_undo(self) -> None:
        """Undo; across calls, the call left closes its eyes and the call returned to wakes
        (said and shown), and its countdown is back where it was (pacing.py)."""
        self._drop_phantom()
        self._stop_digits()
        self.electing = False
        left, count = self.call_now(), len(self.session.played)
        super().action_undo()
        if len(self.session.played) != count:
            self.crossed(left)

    def action_redo(self) -> None:
        """Redo speaks like the action did: the sleep line of the call it ends, the next wake line."""
        self._drop_phantom()
        self._stop_digits()
        self.electing = False
        super().action_redo()


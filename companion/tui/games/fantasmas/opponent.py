"""The app as the other player: it thinks in a worker thread (keys stay live),
plays through `session.act` like anyone (saved first, then said), says its
move in the first person, and waits until the person has moved its piece on
the real board and pressed Enter.

A thought is tied to the number of actions played when it started: an undo,
a redo or leaving the screen makes it stale and its answer is dropped.
Undo takes back the app's move and the person's move before it, so the
person is the one to play again.
"""

from __future__ import annotations

import zlib
from functools import partial
from typing import Any

from companion.core.game import Event, Line
from companion.games.fantasmas import ai

NAME = "18-fantasmas"
FIRST_PERSON = {"place": "app.place", "move": "app.move", "jump": "app.jump", "fight": "app.fight",
                "release": "app.release", "put": "app.put", "pass": "app.pass"}
WAITS = {"place", "move", "jump", "fight", "put"}  # the person moves a piece of the app's on the board


class Opponent:
    """Mixed into the screen before `GameScreen`."""

    session: Any
    waiting: Line | None = None  # what the app did, until the person confirms it is on the board
    thinking: int | None = None  # the action count the current thought started at
    _undoing: bool = False  # an undo is taking actions back: no thought starts half-way
    app_said: tuple[Line, ...] = ()  # the app's last move as it said it, then what followed (a fight, escapes)

    # -- thinking ----------------------------------------------------------------------

    def app_to_act(self) -> bool:
        game = self.session.game
        return self.session.outcome() is None and game.seat_is_app(game.to_act)

    def maybe_think(self) -> None:
        if self.waiting is not None or self._undoing:
            return
        if not self.app_to_act():
            self.thinking = None  # nothing to think about: the person's turn is live
            return
        key = len(self.session.played)
        if self.thinking == key:
            return
        self.thinking = key
        seed = zlib.crc32(f"{self.session.header.seed}:{key}".encode())
        budget = float(self.session.game.settings.get("app_seconds", 1))
        position = self.session.game.position()
        level = self.session.game.settings["app_level"]
        self.run_worker(partial(self._think, key, position, seed, budget, level), thread=True, group="app",
                        exclusive=True, exit_on_error=False)
        self.refresh_view()

    def _think(self, key: int, position: dict, seed: int, budget: float, level: str) -> None:
        action = ai.choose(position, seed=seed, budget=budget, level=level)
        try:
            self.app.call_from_thread(self._thought, key, action)
        except RuntimeError:  # the app closed while thinking
            pass

    def _thought(self, key: int, action: tuple) -> None:
        if self.thinking != key or len(self.session.played) != key or not self.is_attached:
            return  # stale: something was undone or played meanwhile
        self.thinking = None
        game = self.session.game
        if not self.play_for_app(game.notation_of(action)):
            return
        record = self.own_record()
        if record is not None and record["kind"] in WAITS and game.phase != "over":
            self.waiting = self.first_person(record)
        self.refresh_view()

    def own_record(self) -> dict | None:
        """What the last action itself did (not the fights, turns and escapes after it)."""
        return next((r for r in self.session.game.facts()["last"] if r["kind"] in FIRST_PERSON), None)

    def play_for_app(self, notation: str) -> bool:
        """Act and save the app's move, then say it in the first person (not as "Companion moves")."""
        from companion.core.errors import CompanionError

        try:
            events = self.session.act(notation)
        except CompanionError as exc:  # the save failed: say so, think again later
            self.refuse(exc)
            return False
        self.error = ""
        record = self.own_record()
        said: list[Event] = list(events)
        if record is not None and said:
            said[0] = Event(self.first_person(record), speak=True)
        self.app_said = tuple(e.line for e in said if not e.private)
        self.speak(said)
        return True

    def first_person(self, record: dict) -> Line:
        """"Mi fantasma rojo de b2 a b3": the app's own move, as it says it."""
        from companion.games.fantasmas.say import colour, colour_f, room

        kind = record["kind"]
        values: dict[str, Any] = {}
        if "colour" in record:
            values["colour"] = colour(record["colour"])
            values["colour_f"] = colour_f(record["colour"])
        if kind == "fight":
            values["colour"] = colour(record["attacker"][1])
        if "from" in record:
            values["src"], values["dst"] = room(record["from"]), room(record["to"])
        if "cell" in record:
            values["room"] = room(record["cell"])
        return Line(f"{NAME}.{FIRST_PERSON[kind]}", values)

    def submit(self, notation: str) -> bool:
        """A move of the person's while the app waits for its piece to be moved: taken as the
        confirmation that it was (the person is already playing on), then played."""
        if self.waiting is not None and not self.app_to_act():
            self.waiting = None
        self.app_said = ()  # the person's own move: the app's is no longer the last
        return super().submit(notation)  # type: ignore[misc]

    def confirm(self) -> None:
        """The person has moved the app's piece on the board."""
        self.waiting = None
        self.show_error("")
        self.refresh_view()

    def opponent_line(self) -> Line | None:
        """What the side panel says about the app now."""
        if self.waiting is not None:
            return Line(f"ui.{NAME}.confirm")
        if self.thinking is not None:
            return Line(f"ui.{NAME}.thinking")
        return None

    def forget_thought(self) -> None:
        self.thinking = None
        self.waiting = None
        self.app_said = ()

    # -- undo takes the person back to their own last decision ----------------------------

    def action_undo(self) -> None:
        """Undo cancels a thought under way (its answer is dropped as stale) and takes back the
        app's moves down to the person's own, whose turn is then live."""
        from companion.core.errors import CompanionError

        self.forget_thought()
        self.workers.cancel_group(self, "app")  # type: ignore[attr-defined]
        self._undoing = True
        try:
            super().action_undo()  # type: ignore[misc]
            while self.app_to_act() and self.session.can_undo:
                try:
                    self.session.undo()
                except CompanionError as exc:
                    self.refuse(exc)
                    break
        finally:
            self._undoing = False
        self.refresh_view()

    def action_redo(self) -> None:
        self.forget_thought()
        super().action_redo()  # type: ignore[misc]

    def on_unmount(self) -> None:
        self.thinking = None

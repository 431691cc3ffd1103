"""A session is a game and its journal: every action goes through
`act(text)`, is checked by the rules on a copy of the game, appended to the
save, and only then becomes the game. Load is replay; undo is replay minus
the last action; redo plays the undone action again with the same dice.
"""

from __future__ import annotations

import copy
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from .dice import LiveChance, ReplayChance, ReplayMismatch, split_table_values
from .errors import ActionError, CompanionError, IllegalActionError, InvalidActionError, SaveError, UnknownGameError
from .game import Event, Game, Line, Outcome, Prompt
from .journal import Damage, Entry, Header, JournalFile, damaged, now, read, set_aside
from .notation import shown
from .registry import find_game


@dataclass
class Played:
    """An accepted action with what it made happen (for the log and the story)."""

    entry: Entry
    events: list[Event] = field(default_factory=list)


class Session:
    """One game in play, saved as it goes when it has a file."""

    def __init__(self, game_cls: type[Game], header: Header, journal: JournalFile | None = None) -> None:
        self.game_cls = game_cls
        self.header = header
        self.journal = journal
        self.game: Game = game_cls.new(header.players, header.options)
        self.header.players = list(self.game.players)
        self.header.options = dict(self.game.settings)
        self.played: list[Played] = []
        self.redo_stack: list[Entry] = []
        self.recovered_to: Path | None = None

    # -- starting ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: str | type[Game],
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        seed: int | None = None,
        lang: str = "es",
        path: Path | str | None = None,
        overwrite: bool = False,
    ) -> "Session":
        game_cls = find_game(game) if isinstance(game, str) else game
        checked = game_cls.new(players, options or {})  # refuse bad setups before touching disk
        header = Header(
            game=game_cls.name,
            players=list(checked.players),
            options=dict(checked.settings),
            seed=secrets.randbits(48) if seed is None else seed,
            lang=lang,
            created=now(),
        )
        journal = JournalFile.create(path, header, game_cls.title, overwrite) if path is not None else None
        return cls(game_cls, header, journal)

    @classmethod
    def load(cls, path: Path | str, *, recover: bool = False) -> "Session":
        """Replay a save. A damaged one raises DamagedSaveError unless `recover`."""
        path = Path(path)
        journal = read(path)
        try:
            game_cls = find_game(journal.header.game)
        except UnknownGameError as exc:
            raise SaveError(path, Line("error.save.unknown_game", {"problem": exc.line})) from None
        try:
            session = cls(game_cls, journal.header)
        except CompanionError as exc:  # players or options the game refuses
            raise SaveError(path, Line("error.save.bad_setup", {"problem": exc.line})) from None
        damage = journal.damage
        for number, entry in enumerate(journal.entries, 1):
            try:
                session._replay_one(entry)
            except (ActionError, ReplayMismatch) as exc:
                damage = Damage(Line("error.save.not_replayable", {
                    "number": number, "notation": shown(entry.notation),
                    "problem": exc.line}),
                    number - 1, journal.offsets[number - 1])
                session = cls._replayed(game_cls, journal.header, journal.entries[: number - 1])
                break
        if damage is not None:
            if not recover:
                raise damaged(path, damage)
            session.recovered_to = set_aside(path, damage.offset)
            journal.offsets = journal.offsets[: damage.intact]
            journal.end = damage.offset
        session.journal = JournalFile(path, journal.offsets[: len(session.played)], journal.end)
        return session

    @classmethod
    def _replayed(cls, game_cls: type[Game], header: Header, entries: Sequence[Entry]) -> "Session":
        session = cls(game_cls, header)
        for entry in entries:
            session._replay_one(entry)
        return session

    def _replay_one(self, entry: Entry) -> list[Event]:
        notation, table = split_table_values(entry.notation)
        if table:
            raise ReplayMismatch(Line("error.replay.table_values"))
        action = self.game.parse(notation)
        chance = ReplayChance(list(entry.draws))
        events = self.game.apply(action, chance)
        chance.leftover()
        self.played.append(Played(entry, events))
        return events

    # -- playing -------------------------------------------------------------

    def _rng(self) -> random.Random:
        # One stream per action number: undoing and playing again rolls the same.
        return random.Random(f"{self.header.seed}:{len(self.played)}")

    def act(self, text: str) -> list[Event]:
        """Check, apply and save one action; a refusal changes nothing."""
        notation, table = split_table_values(text)
        if not notation:
            raise InvalidActionError(Line("error.nothing_typed"), text=text, allowed=self.hint())
        action = self.game.parse(notation)
        candidate = copy.deepcopy(self.game)
        chance = LiveChance(self._rng(), list(table))
        events = candidate.apply(action, chance)
        chance.leftover()
        entry = Entry(self.game.notation(action), list(chance.records), now())
        if self.journal is not None:
            self.journal.append(entry)
        self.game = candidate
        self.played.append(Played(entry, events))
        self.redo_stack.clear()
        return events

    def hint(self) -> Line | None:
        """What is allowed now, as the game says it."""
        return self.game.allowed()

    @property
    def can_undo(self) -> bool:
        return bool(self.played)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Entry:
        if not self.played:
            raise IllegalActionError(Line("error.nothing_to_undo"))
        if self.journal is not None:
            self.journal.drop_last()
        last = self.played[-1].entry
        rebuilt = self._replayed(self.game_cls, self.header, [p.entry for p in self.played[:-1]])
        self.game, self.played = rebuilt.game, rebuilt.played
        self.redo_stack.append(last)
        return last

    def redo(self) -> list[Event]:
        if not self.redo_stack:
            raise IllegalActionError(Line("error.nothing_to_redo"))
        entry = self.redo_stack[-1]
        candidate = copy.deepcopy(self)
        candidate.journal = None
        candidate.redo_stack = []
        events = candidate._replay_one(entry)
        if self.journal is not None:
            self.journal.append(entry)
        self.game, self.played = candidate.game, candidate.played
        self.redo_stack.pop()
        return events

    # -- looking -------------------------------------------------------------

    def expects(self) -> Prompt:
        return self.game.expects()

    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def path(self) -> Path | None:
        return self.journal.path if self.journal else None

    @property
    def lang(self) -> str:
        return self.header.lang

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    def __deepcopy__(self, memo: dict) -> "Session":
        clone = object.__new__(Session)
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            setattr(clone, key, value if key in {"journal", "game_cls"} else copy.deepcopy(value, memo))
        return clone

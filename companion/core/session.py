"""A session is a game and its journal: every action goes through
`act(text)`, is applied by the rules and appended to the save; a refusal or
a failed write puts the game back from a snapshot taken just before (a
pickle of it: far cheaper than a deep copy). Load is replay; undo goes back
to the nearest snapshot kept every CHECKPOINT actions and replays from
there; redo plays the undone action again with the same dice.
"""

from __future__ import annotations

import copy
import pickle
import random
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .dice import LiveChance, ReplayChance, ReplayMismatch, split_table_values
from .errors import (ActionError, CompanionError, IllegalActionError, InvalidActionError, SaveError, SavedButError,
                     SetupError, UnknownGameError)
from .game import Event, Game, Line, Outcome, Prompt
from .journal import Block, Damage, damaged, read
from .journalfile import JournalFile, set_aside_blocks
from .saveformat import SEED_DIGITS, Entry, Header, now
from .lock import SaveLock
from .language import render
from .notation import MAX_TEXT, shown
from .text import printable
from .registry import find_game

if TYPE_CHECKING:  # public.py reads Played from here
    from .public import PublicView


@dataclass(slots=True)
class Played:
    """An accepted action with what it made happen (for the log and the story).

    `secret`: its notation names a secret (a role, a bid...); the table is told
    `public` instead (companion/core/public.py). Both come from the step that was
    pending before it applied, when played and on replay alike."""

    entry: Entry
    events: list[Event] = field(default_factory=list)
    secret: bool = False
    public: Line | None = None


@dataclass
class Recovery:
    """What recovering a damaged save keeps and sets aside.

    The `intact` actions before the damage are kept; then every later block is
    tried in order against the game as recovered so far: one that reads and
    that the rules accept is kept (`kept`), the damaged block and any other
    are set aside (`aside`) in the file `path`. Items are (the action's number
    in the damaged file, its notation, or None where no action could be read)."""

    intact: int
    kept: list[tuple[int, str]] = field(default_factory=list)
    aside: list[tuple[int, str | None]] = field(default_factory=list)
    path: Path | None = None

    SHOWN = 20  # items listed by number and notation; the rest are counted

    def listed(self, which: str, lang: str) -> str:
        """`kept` or `aside` as words: `5 (roll), 6 (hold)`; "-" for none."""
        items = self.kept if which == "kept" else self.aside
        words = [render(Line("recover.item", {"number": n, "notation": printable(shown(t))}) if t is not None
                        else Line("recover.item_unreadable", {"number": n}), lang) for n, t in items[: self.SHOWN]]
        if len(items) > self.SHOWN:
            words.append(render(Line("recover.more", {"count": len(items) - self.SHOWN}), lang))
        return ", ".join(words) or "-"


def _freeze(game: Game) -> Any:
    """A snapshot of `game` that `_thaw` makes a new, equal game from: its
    pickle, or, for a game that cannot be pickled, a deep copy."""
    try:
        return pickle.dumps(game, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(game)


def _thaw(frozen: Any) -> Game:
    if isinstance(frozen, bytes):
        return pickle.loads(frozen)  # only ever our own snapshot, never a file's bytes
    return copy.deepcopy(frozen)


class Session:
    """One game in play, saved as it goes when it has a file."""

    CHECKPOINT = 32  # undo replays at most this many actions

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
        self.recovery: Recovery | None = None  # set when loading recovered a damaged save
        # Snapshots of the game after n actions (n a multiple of CHECKPOINT), and
        # the one taken before the latest action: where undo starts replaying from.
        self._checkpoints: dict[int, Any] = {0: _freeze(self.game)}
        self._recent: tuple[int, Any] | None = None

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
        if seed is not None and (type(seed) is not int or abs(seed) >= 10**SEED_DIGITS):
            raise SetupError(Line("error.setup.seed", {"digits": SEED_DIGITS}))  # a save could not hold it
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
    def load(cls, path: Path | str, *, recover: bool = False, read_only: bool | Line = False) -> "Session":
        """Replay a save. A damaged one raises DamagedSaveError unless `recover`.

        A writer (the default) holds the save's lock from before reading it
        until `close()`: another process writing it raises SaveLockedError.
        `read_only` (True, or the Line every write is refused with) takes no
        lock and never writes, so it cannot recover either."""
        path = Path(path)
        if read_only:
            why = read_only if isinstance(read_only, Line) else Line("error.save.read_only")
            return cls._load(path, False, None, why)
        lock = SaveLock.take(path)
        try:
            return cls._load(path, recover, lock, None)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _load(cls, path: Path, recover: bool, lock: SaveLock | None, read_only: Line | None) -> "Session":
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
        rest = journal.rest  # the damaged block and every block after it
        for number, entry in enumerate(journal.entries, 1):
            try:
                session._replay_one(entry)
            except (ActionError, ReplayMismatch) as exc:
                damage = Damage(Line("error.save.not_replayable", {
                    "number": number, "notation": printable(shown(entry.notation)),
                    "problem": exc.line}),
                    number - 1, journal.offsets[number - 1])
                stops = journal.offsets[number:] + [journal.end]
                rest = [Block(n, journal.offsets[n - 1], stops[n - number], journal.entries[n - 1])
                        for n in range(number, len(journal.entries) + 1)] + journal.rest
                session = cls._replayed(game_cls, journal.header, journal.entries[: number - 1])
                break
        if damage is not None:
            kept, aside = session._replay_later(rest[1:])
            aside = rest[:1] + aside
            recovery = Recovery(damage.intact, [(b.number, b.entry.notation) for b in kept],
                                [(b.number, b.entry.notation if b.entry else None) for b in aside])
            if not recover:
                error = damaged(path, damage, len(kept))
                error.recovery = recovery
                raise error
            recovery.path, offsets, journal.end = set_aside_blocks(path, journal.size, damage.offset, kept, aside)
            session.recovered_to, session.recovery = recovery.path, recovery
            journal.offsets = journal.offsets[: damage.intact] + offsets
        session.journal = JournalFile(path, journal.offsets[: len(session.played)], journal.end, lock=lock,
                                      read_only=read_only)
        return session

    def _replay_later(self, blocks: Sequence[Block]) -> tuple[list[Block], list[Block]]:
        """Replay each later block that holds an action, in order, where the rules
        still accept it; (the blocks kept, the blocks set aside).

        At most twice the game's `max_actions` blocks are tried (no game runs
        longer; each try costs a copy of the game): in a file past that, the
        rest are set aside untried, so a hostile file costs seconds, not minutes."""
        kept: list[Block] = []
        aside: list[Block] = []
        tries = 2 * self.game_cls.max_actions
        for block in blocks:
            if block.entry is not None and tries > 0:
                tries -= 1
                before = _freeze(self.game)  # apply may change the game before it refuses
                try:
                    self._replay_one(block.entry)
                except (CompanionError, ReplayMismatch):
                    self.game = _thaw(before)
                else:
                    kept.append(block)
                    continue
            aside.append(block)
        return kept, aside

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
        secret, public = self.game.secrecy(action)
        events = self.game.apply(action, chance)
        chance.leftover()
        self._played(Played(entry, events, secret, public))
        return events

    def _played(self, played: Played) -> None:
        self.played.append(played)
        if len(self.played) % self.CHECKPOINT == 0:
            self._checkpoints[len(self.played)] = _freeze(self.game)

    def _restore(self, frozen: Any, count: int) -> None:
        """Back to the game as `frozen` after `count` actions (a failed action)."""
        self.game = _thaw(frozen)
        del self.played[count:]
        self._checkpoints = {n: c for n, c in self._checkpoints.items() if n <= count}

    # -- playing -------------------------------------------------------------

    def _rng(self) -> random.Random:
        # One stream per action number: undoing and playing again rolls the same.
        return random.Random(f"{self.header.seed}:{len(self.played)}")

    def act(self, text: str) -> list[Event]:
        """Check, apply and save one action; a refusal changes nothing."""
        if len(text) > MAX_TEXT:  # refused before it is even split into words
            raise InvalidActionError(Line("error.notation.too_long", {"limit": MAX_TEXT}), text=text[:MAX_TEXT])
        notation, table = split_table_values(text)
        if not notation:
            raise InvalidActionError(Line("error.nothing_typed"), text=text, allowed=self.hint(),
                                     public_allowed=self.hint(public=True))
        try:
            action = self.game.parse(notation)
        except InvalidActionError as exc:  # not an action at all: say what is allowed now as well
            if not table:
                self._refuse_table_form(notation)
            if exc.allowed is None:
                exc.allowed = self.hint()
                exc.public_allowed = self.hint(public=True)
            raise
        secret, public = self.game.secrecy(action)
        try:  # written from the game as it was before the action, as the journal needs
            written: str | None = self.game.notation(action)
            problem: Exception | None = None
        except Exception as exc:  # the rules' own refusal below comes first
            written, problem = None, exc
        count = len(self.played)
        before = _freeze(self.game)
        saved_but: SavedButError | None = None
        try:
            chance = LiveChance(self._rng(), list(table))
            events = self.game.apply(action, chance)
            chance.leftover()
            if problem is not None:
                raise problem
            assert written is not None
            entry = Entry(written, list(chance.records), now())
            if self.journal is not None:
                try:
                    self.journal.append(entry)
                except SavedButError as exc:  # in the save (it replays): played, and said so
                    saved_but = exc
            self._played(Played(entry, events, secret, public))
        except BaseException:
            self._restore(before, count)  # a refusal (or a failed write) changes nothing
            raise
        self._recent = (count, before)
        self.redo_stack.clear()
        if saved_but is not None:
            raise saved_but
        return events

    def _refuse_table_form(self, notation: str) -> None:
        """`tirar 3 4`: the table's dice typed without `@`. When the words before the numbers are a
        roll offered now, the refusal says how this game writes the table's roll (`tirar @ 3 4`),
        never another game's example."""
        from .dice import DiceSpec, parse_dice
        from .lines import Notation

        words = notation.split()
        faces = []
        while words and words[-1].isdecimal():
            faces.insert(0, words.pop())
        if not faces or not words:
            return
        try:
            wanted = self.game.parse(" ".join(words))
        except ActionError:
            return
        for choice in self.game.expects().choices:
            if choice.chance is None:
                continue
            try:
                if self.game.parse(choice.notation) != wanted:
                    continue
            except ActionError:
                continue
            try:  # `2d6+d6`: the dice of both sides of a fight, in order
                specs: list[DiceSpec] | None = [parse_dice(part) for part in choice.chance.split("+")]
            except ActionError:  # a deck, not dice
                specs = None
            example = Notation((f"{choice.notation} @ {' '.join(faces)}",), self.game.spelled)
            if not specs:
                raise InvalidActionError(Line("error.table.card_form", {"example": example, "deck": choice.chance}),
                                         text=notation)
            raise InvalidActionError(Line("error.table.dice_form", {
                "example": example, "dice": choice.chance, "count": sum(spec.count for spec in specs),
                "sides": max(spec.sides for spec in specs)}), text=notation)

    def hint(self, public: bool = False) -> Line | None:
        """What is allowed now, as the game says it (with `public`, as the table may read it)."""
        return self.game.allowed(public=public)

    @property
    def can_undo(self) -> bool:
        return bool(self.played)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Entry:
        if not self.played:
            raise IllegalActionError(Line("error.nothing_to_undo"))
        saved_but: SavedButError | None = None
        if self.journal is not None:
            try:
                self.journal.drop_last()
            except SavedButError as exc:  # cut from the save: undone, and said so below
                saved_but = exc
        last = self.played[-1].entry
        target = len(self.played) - 1
        start = max(n for n in self._checkpoints if n <= target)
        frozen = self._checkpoints[start]
        if self._recent is not None and start < self._recent[0] <= target:
            start, frozen = self._recent
        self.game = self._replayed_game(_thaw(frozen), self.played[start:target])
        del self.played[target:]
        self._checkpoints = {n: c for n, c in self._checkpoints.items() if n <= target}
        if self._recent is not None and self._recent[0] > target:
            self._recent = None
        self.redo_stack.append(last)
        if saved_but is not None:
            raise saved_but
        return last

    @staticmethod
    def _replayed_game(game: Game, played: Sequence[Played]) -> Game:
        """`game` with already accepted actions played again (their dice as recorded)."""
        for done in played:
            notation, _ = split_table_values(done.entry.notation)
            chance = ReplayChance(list(done.entry.draws))
            game.apply(game.parse(notation), chance)
            chance.leftover()
        return game

    def redo(self) -> list[Event]:
        if not self.redo_stack:
            raise IllegalActionError(Line("error.nothing_to_redo"))
        entry = self.redo_stack[-1]
        count = len(self.played)
        before = _freeze(self.game)
        saved_but: SavedButError | None = None
        try:
            events = self._replay_one(entry)
            if self.journal is not None:
                try:
                    self.journal.append(entry)
                except SavedButError as exc:
                    saved_but = exc
        except BaseException:
            self._restore(before, count)
            raise
        self._recent = (count, before)
        self.redo_stack.pop()
        if saved_but is not None:
            raise saved_but
        return events

    # -- looking -------------------------------------------------------------

    def expects(self) -> Prompt:
        return self.game.expects()

    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    def public_view(self) -> "PublicView":
        """What the whole table may see now (companion/core/public.py)."""
        from .public import public_view

        return public_view(self)

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

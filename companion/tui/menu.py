"""The menu every game screen shows: typed entries, keyed, paged, kept still.

An `Entry` is what the game master sees and presses: a label and either the
notation it plays, the entries it opens (in place, or in a covered picker:
`cover` names the one player who may look), or a flow of the screen's own
(`kind`: a masked field, a bid...). A game's screen only says which entries
there are (its policy: what folds into what, what is covered); the frame
numbers them, pages what does not fit behind a visible "más…" entry, and
resolves a key, a click, Enter on the bar's highlight or a pick against the
entries on screen, never against a list the screen does not show.

Numbers stay where they are while the moment lasts: an entry seen before in
the same moment keeps its key when it is free. Pure: no Textual here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from companion.core.game import Choice, Line, Text

DIGITS = tuple(str(n) for n in range(1, 10))
BACK = "0"


@dataclass(frozen=True)
class Entry:
    """One entry of the menu: plays `notation`, opens `inner`, or starts the screen's flow `kind`."""

    label: Text
    notation: str | None = None
    inner: tuple["Entry", ...] = ()
    cover: str | None = None  # opened behind a cover until this player alone looks
    title: Text | None = None  # the picker's title (the label when None)
    detail: Text | None = None  # shown inside the picker (it may be a secret)
    kind: str | None = None  # a flow of the screen ("child", "bid", "hand"...), or "back"
    key: str | None = None  # the key it answers to; the frame gives the free digits to the rest
    chance: str | None = None  # the dice or deck it rolls or draws: the table may give its own
    inline: bool = False  # opens in place, in the choice bar (a page, a city's levels), not in a picker
    locked: bool = False  # shown with the lock mark (a hand, a private choice)

    @property
    def opens(self) -> bool:
        """It opens more entries (its label ends with "…")."""
        return self.notation is None and self.kind is None

    @property
    def ident(self) -> str:
        """What makes it the same entry within a moment (for keeping its number)."""
        return self.notation if self.notation is not None else f"{self.kind}:{self.label!r}"

    @classmethod
    def of(cls, choice: Choice) -> "Entry":
        """A rules' choice as it is: its label, notation, key and chance."""
        return cls(choice.label, choice.notation, key=choice.key, chance=choice.chance)


def more_entry(rest: Sequence[Entry]) -> Entry:
    return Entry(Line("ui.menu.more", {"count": len(rest)}), inner=tuple(rest), inline=True)


def back_entry() -> Entry:
    return Entry(Line("ui.menu.back"), kind="back", key=BACK)


def paged(entries: Sequence[Entry], room: int = 9, remember: dict[str, str] | None = None) -> list[Entry]:
    """`entries` with their keys: an entry that names its key keeps it, the others take the free
    digits in order (or, with `remember`, the digit they had before in this moment when it is
    free). When more than `room` entries (or more than the free digits) would show, the last
    shown is "más…", which opens the rest in place."""
    used = {e.key for e in entries if e.key}
    free = [k for k in DIGITS if k not in used]
    named = sum(1 for e in entries if e.key and e.kind != "back")
    if (not free and any(not e.key for e in entries)) or named > room:
        # every digit named already, or more named entries than the bar has room for: all take
        # keys in turn, and what does not fit goes behind "más…" (never off the screen)
        entries = [e if e.kind == "back" else replace(e, key=None) for e in entries]
        used = {e.key for e in entries if e.key}
        free = [k for k in DIGITS if k not in used]
    keyed = sum(1 for e in entries if e.key)
    loose = [e for e in entries if not e.key]
    fits = max(1, min(len(free), room - keyed))
    if len(loose) <= fits:
        shown, rest = loose, []
    else:
        shown, rest = loose[:fits - 1], loose[fits - 1:]
    keys: dict[int, str] = {}
    taken: set[str] = set()
    if remember and not rest:  # the same entries as before keep their digits
        for index, entry in enumerate(shown):
            key = remember.get(entry.ident)
            if key in free and key not in taken:
                keys[index] = key
                taken.add(key)
    spare = iter(k for k in free if k not in taken)
    for index in range(len(shown)):
        if index not in keys:
            keys[index] = next(spare)
    given = [replace(entry, key=keys[index]) for index, entry in enumerate(shown)]
    if rest:
        given.append(replace(more_entry(rest), key=next(spare)))
    out: list[Entry] = []
    placed = False
    for entry in entries:
        if entry.key:
            out.append(entry)
        elif not placed:
            out += given
            placed = True
    if remember is not None:
        for entry in out:
            if entry.kind != "back":
                remember.setdefault(entry.ident, entry.key or "")
    return out


@dataclass
class MenuState:
    """What the frame keeps of the menu between two views: the entries, the folds open in place
    (indices), and the keys given in this moment."""

    entries: list[Entry] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    moment: Any = None
    keys: dict[str, str] = field(default_factory=dict)
    top: tuple[str, ...] = ()
    rooms: list[int] = field(default_factory=list)  # the room each open fold's level was shown at
    room: int = 9  # the room of the last view
    returned: int | None = None  # the index of the fold just closed, in the level shown again

    def set(self, entries: Sequence[Entry], moment: Any) -> None:
        """The entries of this view; a new moment (an action played) forgets the keys and closes
        the folds, as other entries do: a fold left open after its entry was played would show
        its next entries with nothing on screen saying whose they are."""
        if moment != self.moment:
            self.moment = moment
            self.keys = {}
            self.path, self.rooms = [], []
        top = tuple(e.ident for e in entries)
        if top != self.top:
            self.top = top
            self.path, self.rooms = [], []
        self.entries = list(entries)

    def visible(self, room: int = 9) -> list[Entry]:
        """The entries on screen now: the menu's, or the open fold's, paged, keyed, with "volver".
        The levels above the open fold are paged at the room they were shown at when it was
        opened (paged at another room, "más…" may sit at another index, or be gone)."""
        self.room = room
        level = paged(self.entries, self.rooms[0] if self.path else room, self.keys if not self.path else None)
        for depth, index in enumerate(list(self.path)):
            if not 0 <= index < len(level) or not level[index].inner:
                self.path, self.rooms = [], []
                return paged(self.entries, room, self.keys)
            at = self.rooms[depth + 1] if depth + 1 < len(self.path) else room
            level = paged(level[index].inner, at - 1) + [back_entry()]
        return level

    def open(self, shown: Sequence[Entry], entry: Entry) -> None:
        """Open `entry` (one of `shown`, an inline fold) in place."""
        self.path.append(list(shown).index(entry))
        self.rooms.append(self.room)

    def close(self) -> bool:
        """Close the innermost fold; False when none was open."""
        if not self.path:
            return False
        self.returned = self.path.pop()
        self.rooms.pop()
        return True


def entry_for(entries: Sequence[Entry], key: str) -> Entry | None:
    """The entry on screen a key press means (the keys were given by `paged`)."""
    return next((e for e in entries if e.key == key), None)

"""What the number keys offer at each step of Alien 1979.

The rules' choices (`Prompt.choices`) are shown as they are, except:

* a private prompt (the code a player drops) is one entry that opens a
  covered picker for that player (unless the game master revealed secrets);
* a choice that names a hand's cards (`reveals`: entering the codes) is
  never on the table's menu: it is offered inside the player's codes,
  behind a handoff (`h`, or the entry "codes" while in MADRE);
* the many choices of one kind (make a player drop a code, send or pull a
  player) fold into one entry each, and by player when there are many;
  when more than nine entries are left the moves fold too.

Everything is read from what each choice says of itself (`group`, `seat`,
`reveals`), never from its notation. Pure: a function of the prompt.
"""

from __future__ import annotations

from typing import Mapping, Any, Sequence

from companion.core.game import Choice, Prompt

from ...menu import Entry
from .modals import L

FOLDED = ("force", "push", "pull")
MOVE = "move"
MENU_SIZE = 9  # past this the moves fold (the frame would page the rest behind "más…")


def plain(choice: Choice) -> Entry:
    return Entry.of(choice)


def fold(group: str, choices: Sequence[Choice], players: Sequence[str]) -> Entry:
    """One entry for a kind of choice; by player (one entry each) when they are many."""
    if len(choices) <= MENU_SIZE or not all(c.seat for c in choices):
        inner = tuple(plain(c) for c in choices)
    else:
        seats: dict[int, list[Choice]] = {}
        for choice in choices:
            seats.setdefault(choice.seat or 0, []).append(choice)
        inner = tuple(Entry(L("menu.player", player=players[seat - 1]), inner=tuple(plain(c) for c in group_),
                            title=L(f"menu.{group}")) for seat, group_ in seats.items())
    return Entry(L(f"menu.{group}"), inner=inner, title=L(f"menu.{group}"))


def build_menu(prompt: Prompt, position: Mapping[str, Any], players: Sequence[str],
               revealed: bool) -> list[Entry]:
    """The numbered entries for this prompt."""
    choices = list(prompt.choices)
    if not choices:
        return []
    who = prompt.who or ""
    if prompt.private and not revealed:
        return [Entry(L("menu.private", player=who), inner=tuple(plain(c) for c in choices), cover=who,
                      title=prompt.title)]
    shown = [c for c in choices if not c.reveals]
    kinds: dict[str, list[Choice]] = {}
    for choice in shown:
        kinds.setdefault(choice.group or "", []).append(choice)
    entries: list[Entry] = []
    seen: set[str] = set()
    for choice in shown:
        group = choice.group or ""
        if group in FOLDED:
            if group not in seen:
                seen.add(group)
                entries.append(fold(group, kinds[group], players))
        else:
            entries.append(plain(choice))
    if prompt.step == "act":
        me = position["crew"][position["current"]]
        if me["sector"] == "madre" and me["codes"]:  # where the codes are entered: the hand, behind a handoff
            entries.insert(len(entries) - 1 if entries else 0, Entry(L("menu.codes", player=who), kind="hand", locked=True))
    if len(entries) > MENU_SIZE and MOVE in kinds:
        moves = kinds[MOVE]
        first = next(n for n, e in enumerate(entries) if e.notation == moves[0].notation)
        notations = {c.notation for c in moves}
        entries = [e for e in entries if e.notation not in notations]
        entries.insert(first, Entry(L("menu.move"), inner=tuple(plain(c) for c in moves), title=L("menu.move")))
    return entries

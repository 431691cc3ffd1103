"""What the number keys offer at each step.

The rules' choices (`Prompt.choices`) are shown as they are, except the
ones that would tell a secret to everyone looking at the screen: a private
prompt (the secret die, the helper's look, the two cards Miguelín looks
at...) becomes one entry that opens a covered picker for that player; the
cards a player may play (`play N`) and discard (`discard N`) are folded
behind a covered picker offered whether or not the player holds one, so
the menu itself tells nothing. Helpers are grouped by player so that every
step fits keys 1-9. A few entries start a screen flow instead of playing
notation: the masked child entry, the hidden bids, the opened hands, the
treat modifiers.

Pure: a function of the prompt, the public state and whether the game
master has revealed the secrets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.core.game import Choice, Line, Prompt, Text
from companion.core.language import render

from ...widgets import LOCK

CHANCE = ("roll", "reroll", "draw")  # notations the table's dice or cards can stand in for (`@`)


def L(name: str, **values: Any) -> Line:
    """A UI line of this screen (`ui.halloween.<name>`)."""
    return Line(f"ui.halloween.{name}", values)


PACK_LOCK = "🔒"  # the voice packs mark secret entries with it; the screen shows the frame's mark


def words(text: Text, lang: str) -> str:
    """A line (or text) in `lang`, its secret marks drawn as the frame draws them (one cell wide)."""
    return render(text, lang).replace(PACK_LOCK, LOCK)


@dataclass(frozen=True)
class Entry:
    """One numbered entry: plays `notation`, opens `group` in a picker, or starts flow `kind`."""

    label: Text
    notation: str | None = None
    group: tuple["Entry", ...] = ()
    cover: str | None = None  # the picker stays covered until this player alone looks
    title: Text | None = None  # the picker's title
    detail: Text | None = None  # shown inside the picker (it may be a secret)
    kind: str | None = None  # "child", "bid", "hands", "treat"

    @property
    def opens(self) -> bool:
        return self.notation is None and self.kind is None


def plain(choice: Choice) -> Entry:
    return Entry(choice.label, choice.notation)


def _value(choice: Choice, key: str) -> Any:
    label = choice.label
    return label.values.get(key) if isinstance(label, Line) else None


def by_card(choices: list[Choice]) -> tuple[Entry, ...]:
    """`play N ...` choices, one entry a card; a card with targets (2, 10) opens its targets."""
    cards: dict[str, list[Choice]] = {}
    for choice in choices:
        cards.setdefault(choice.notation.split()[1], []).append(choice)
    entries = []
    for card, group in cards.items():
        if len(group) == 1:
            entries.append(plain(group[0]))
        else:
            entries.append(Entry(L("menu.card_group", card=card), group=tuple(plain(c) for c in group),
                                 title=L("menu.card_group", card=card)))
    return tuple(entries)


def cards_entry(player: str, choices: list[Choice], hidden: bool, *, discard: bool = False) -> Entry:
    """The cards `player` may play (or discard) now, behind a covered picker unless revealed."""
    name = "discard" if discard else "cards"
    group = tuple(plain(c) for c in choices) if discard else by_card(choices)
    return Entry(L(f"menu.{name}_hidden" if hidden else f"menu.{name}", player=player), group=group,
                 cover=player if hidden else None, title=L(f"menu.{name}_title", player=player))


def helper_entries(choices: list[Choice]) -> list[Entry]:
    """Truco helpers: one entry a player, opening the fees that player may ask."""
    seats: dict[str, list[Choice]] = {}
    for choice in choices:
        seats.setdefault(choice.notation.split()[1], []).append(choice)
    entries = []
    for group in seats.values():
        player = _value(group[0], "player") or ""
        entries.append(Entry(L("menu.ask", player=player), group=tuple(plain(c) for c in group),
                             title=L("menu.ask_title", player=player)))
    return entries


def _holder_of_plays(step: str | None, who: str, public: Mapping[str, Any]) -> tuple[str, str | None]:
    """Whose cards the `play` choices are: (the player who answers, the mover for card 16)."""
    knock = public.get("knock") or {}
    if step == "knock":
        return who, knock.get("mover")
    return who, None


def build_menu(prompt: Prompt, public: Mapping[str, Any], revealed: bool) -> list[Entry]:
    """The numbered entries for this prompt."""
    if public.get("phase") == "over":
        return []
    step = public.get("step")
    who = prompt.who or ""
    choices = list(prompt.choices)
    hidden = not revealed

    if step == "auction_bids":  # once a hidden bid is in, the others are hidden too
        return [Entry(L("menu.hidden_bid", player=who), kind="bid")]
    if prompt.private and hidden:
        if step == "setup_child":
            rest = [plain(c) for c in choices if not c.notation.startswith("child ") or c.notation.endswith(" later")]
            return [Entry(L("menu.child", player=who), kind="child")] + rest
        return [Entry(L("menu.private", player=who), group=tuple(plain(c) for c in choices), cover=who,
                      title=prompt.title, detail=prompt.detail)]

    plays = [c for c in choices if c.notation.startswith("play ")]
    helpers = [c for c in choices if c.notation.startswith("helper ")]
    discards = [c for c in choices if c.notation.startswith("discard ")]
    entries: list[Entry] = []
    helpers_done = discards_done = False
    for choice in choices:
        if choice in plays:
            continue
        if choice in helpers:
            if not helpers_done:
                entries += helper_entries(helpers)
                helpers_done = True
            continue
        if choice in discards:
            if not discards_done:
                entries.append(cards_entry(who, discards, hidden, discard=True))
                discards_done = True
            continue
        entries.append(plain(choice))

    if step in ("start", "knock", "card16"):
        owner, mover = _holder_of_plays(step, who, public)
        mine = [c for c in plays if not (mover and c.notation == "play 16")]
        if hidden or mine:  # offered even with no card, so the menu tells nothing
            entries.append(cards_entry(owner, mine, hidden))
        if mover:
            sixteen = [c for c in plays if c.notation == "play 16"]
            if hidden or sixteen:
                entries.append(cards_entry(mover, sixteen, hidden))
    elif plays:
        entries.append(cards_entry(who, plays, hidden))

    if step == "auction" and any(c.notation == "withdraw" for c in choices):
        entries += [Entry(L("menu.hidden_bids"), kind="bid"), Entry(L("menu.opened_hands"), kind="hands")]
    if step == "trato_treat":
        entries.append(Entry(L("menu.treat"), kind="treat"))
    return entries


def chance_notation(prompt: Prompt) -> str | None:
    """The roll or draw the table's die or card (`@`) may stand in for now."""
    for choice in prompt.choices:
        if choice.notation in CHANCE:
            return choice.notation
    return None

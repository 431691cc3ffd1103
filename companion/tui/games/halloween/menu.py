"""What the number keys offer at each step.

The rules' choices (`Prompt.choices`) are shown as they are, except the
ones that would tell a secret to everyone looking at the screen: a private
prompt (the secret die, the helper's look, the two cards Miguelín looks
at...) becomes one entry that opens a covered picker for that player; the
cards a player may play (group `play`) and discard (`discard`) are folded
behind a covered picker. That picker is offered only to a player who holds
a card playable now (the game master's screen knows the hands): an entry
that opens onto "nothing can be played now" only slows the table (issue
item). The table's own screens never learn it: the public prompt leaves
every `play` choice out (HStep.shows). Helpers are grouped by seat so that every
step fits keys 1-9. A few entries start a screen flow instead of playing
notation: the masked child entry, the hidden bids, the opened hands, the
treat modifiers.

Everything is read from what each choice says of itself (`group`, `seat`,
`key`, `reveals`, `chance`), never from its notation. Pure: a function of
the prompt, the public state and whether the game master has revealed the
secrets.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core.game import Choice, Line, Prompt
from companion.games.halloween.cards import ACTION_DECK

from ...menu import Entry
from ...picker import words

TABLE_CHANCE = ("d8", ACTION_DECK)  # what the table's own die or card (`@`) may stand in for: not the deal


def L(name: str, **values: Any) -> Line:
    """A UI line of this screen (`ui.halloween.<name>`)."""
    return Line(f"ui.halloween.{name}", values)


def plain(choice: Choice) -> Entry:
    return Entry.of(choice)


def _value(choice: Choice, name: str) -> Any:
    label = choice.label
    return label.values.get(name) if isinstance(label, Line) else None


def by_card(choices: list[Choice]) -> tuple[Entry, ...]:
    """`play` choices, one entry a card; a card with targets (2, 10) opens its targets."""
    cards: dict[Any, list[Choice]] = {}
    for choice in choices:
        cards.setdefault(_value(choice, "card"), []).append(choice)
    entries = []
    for card, group in cards.items():
        if len(group) == 1:
            entries.append(plain(group[0]))
        else:
            entries.append(Entry(L("menu.card_group", card=card), inner=tuple(plain(c) for c in group),
                                 title=L("menu.card_group", card=card)))
    return tuple(entries)


def cards_entry(player: str, choices: list[Choice], hidden: bool, *, discard: bool = False) -> Entry:
    """The cards `player` may play (or discard) now, behind a covered picker unless revealed."""
    name = "discard" if discard else "cards"
    group = tuple(plain(c) for c in choices) if discard else by_card(choices)
    return Entry(L(f"menu.{name}_hidden" if hidden else f"menu.{name}", player=player), inner=group,
                 cover=player if hidden else None, title=L(f"menu.{name}_title", player=player))


def helper_entries(choices: list[Choice], players: Sequence[str]) -> list[Entry]:
    """Truco helpers: one entry a seat, opening the fees that player may ask."""
    seats: dict[int | None, list[Choice]] = {}
    for choice in choices:
        seats.setdefault(choice.seat, []).append(choice)
    entries = []
    for seat, group in seats.items():
        player = players[seat - 1] if seat else ""
        entries.append(Entry(L("menu.ask", player=player), inner=tuple(plain(c) for c in group),
                             title=L("menu.ask_title", player=player)))
    return entries


FOLDED = ("play", "mover_play", "helper", "discard")  # groups the menu folds behind one entry


def build_menu(prompt: Prompt, public: Mapping[str, Any], revealed: bool) -> list[Entry]:
    """The numbered entries for this prompt."""
    if public.get("phase") == "over":
        return []
    step = prompt.step
    who = prompt.who or ""
    choices = list(prompt.choices)
    hidden = not revealed

    if step == "auction_bids":  # once a hidden bid is in, the others are hidden too
        return [Entry(L("menu.hidden_bid", player=who), kind="bid")]
    if prompt.private and hidden:
        if step == "setup_child":
            return [Entry(L("menu.child", player=who), kind="child")] + [plain(c) for c in choices if not c.reveals]
        return [Entry(L("menu.private", player=who), inner=tuple(plain(c) for c in choices), cover=who,
                      title=prompt.title, detail=prompt.detail)]

    kinds: dict[str, list[Choice]] = {group: [c for c in choices if c.group == group] for group in FOLDED}
    entries: list[Entry] = []
    for choice in choices:
        if choice.group == "helper" and choice is kinds["helper"][0]:
            entries += helper_entries(kinds["helper"], public.get("players") or [])
        elif choice.group == "discard" and choice is kinds["discard"][0]:
            entries.append(cards_entry(who, kinds["discard"], hidden, discard=True))
        elif choice.group not in FOLDED:
            entries.append(plain(choice))

    if kinds["play"]:  # only a card playable now: never an entry onto "nothing now"
        entries.append(cards_entry(who, kinds["play"], hidden))
    mover = (public.get("knock") or {}).get("mover") if step == "knock" else None
    if mover and kinds["mover_play"]:  # card 16 is the mover's
        entries.append(cards_entry(mover, kinds["mover_play"], hidden))

    if step == "auction" and any(c.group == "withdraw" for c in choices):
        entries += [Entry(L("menu.hidden_bids"), kind="bid"), Entry(L("menu.opened_hands"), kind="hands")]
    if step == "trato_treat":  # the two fields below hold the keys (typed there; Enter on empty is 0)
        return []
    return entries


def chance_choice(prompt: Prompt) -> Choice | None:
    """The roll or draw the table's die or card (`@`) may stand in for now."""
    return next((c for c in prompt.choices if c.chance in TABLE_CHANCE), None)

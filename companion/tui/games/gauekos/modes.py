"""What the keys mean now: worked out from the game's prompt alone.

The prompt's step names the decision and its choices say how to offer
themselves: a choice with a seat is picked by the number keys, the arrows
and the seat grid (its group is its verb: `victim`, `mayor`...); a choice
with a letter key is a special word (`no agreement` on `n`); the choice of
group `go_on` is what space plays (`done`, `pass`, the next night...); a
choice with a number key and no seat is played by that key (Samartintxiki's
`take ROLE`). The Lamia's lovers and the runoff's candidates are two seats
marked on the grid; the day's votes have their own entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.game import Choice, Prompt
from companion.games.gauekos.offers import GO_ON

from ...frame import View
from ...i18n import say

SETUP, SEAT, PAIR, VOTE, KEYS, OVER = "setup", "seat", "pair", "vote", "keys", "over"
VOTES = ("first", "runoff")  # the steps whose answer is a round of votes


@dataclass
class Mode:
    """What the keys mean now."""

    kind: str
    verb: str | None = None  # the notation verb a picked seat plays (victim, lovers, runoff...)
    offered: tuple[int, ...] = ()  # the seats offered now, from 1
    labels: dict[int, str] = field(default_factory=dict)  # seat -> its choice's label
    words: dict[str, Choice] = field(default_factory=dict)  # letter -> special choice
    numbered: tuple[Choice, ...] = ()  # other choices, on their number keys
    go_on: Choice | None = None  # what space plays
    forced: bool = False  # the only thing to do (a grief, Akerbeltz's `done`): space, named in the footer


def mode_for(view: View, electing: bool) -> Mode:
    """The mode for this view; `electing` after the `e` key."""
    prompt, public = view.prompt, view.public
    players = list(public["players"])
    if view.outcome is not None:
        return Mode(OVER)
    choices = prompt.choices
    go_on = next((c for c in choices if c.group == GO_ON), None)
    if prompt.step == "setup":
        return Mode(SETUP, go_on=go_on, offered=tuple(range(1, len(players) + 1)))
    seats: dict[str, list[Choice]] = {}
    for choice in choices:
        if choice.seat is not None:
            seats.setdefault(choice.group or "", []).append(choice)
    words = {c.key: c for c in choices if c.key and c.key.isalpha()}
    numbered = tuple(c for c in choices if c.seat is None and c.key and c.key.isdigit())
    if len(choices) == 1 and go_on is None:
        go_on = choices[0]
    if electing and "mayor" in seats:
        return _seat_mode(seats["mayor"], {}, None, prompt, view.lang, view.revealed)
    if prompt.step != "election":
        seats.pop("mayor", None)  # elected with `e`, at the moment the Kontalari picks
    living = tuple(players.index(name) + 1 for name in public["alive"])
    if prompt.step == "lamia":
        return Mode(PAIR, verb="lovers", offered=living)
    if prompt.step in VOTES:
        return Mode(VOTE, offered=living)
    if prompt.step == "candidates":
        return Mode(PAIR, verb="runoff", offered=living)
    forced = len(choices) == 1 and choices[0] is go_on
    if len(seats) == 1:
        mode = _seat_mode(next(iter(seats.values())), words, go_on, prompt, view.lang, view.revealed)
        mode.forced = forced
        return mode
    return Mode(KEYS, words=words, numbered=numbered, go_on=go_on, forced=forced)


def _seat_mode(offered: list[Choice], words: dict[str, Choice], go_on: Choice | None, prompt: Prompt,
               lang: str, revealed: bool = False) -> Mode:
    verb = offered[0].group
    # The Sorgiña's choices carry each card (what the Kontalari will show), only when the secrets are
    # shown (`v`): hidden, seats and names only (the physical card is in the Kontalari's hand).
    labels = {c.seat: say(c.label, lang) for c in offered if c.seat} if prompt.step == "sorgina" and revealed else {}
    return Mode(SEAT, verb=verb, offered=tuple(c.seat for c in offered if c.seat), labels=labels, words=words,
                go_on=go_on)

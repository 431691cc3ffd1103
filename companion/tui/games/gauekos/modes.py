"""What the keys mean now: worked out from the game's prompt and state.

The prompt's choices are sorted into seat choices (`victim 4`: the number
keys, the arrows and the seat grid), special words on letter keys (`no
agreement` on `n`), the one thing space plays (`done`, `pass`, `night`...)
and other choices on the number keys (Samartintxiki's `take ROLE`). The
Lamia's lovers and the runoff's candidates are two seats marked on the grid;
the day's votes have their own entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.core.game import Choice

from ...frame import View
from ...i18n import say

SETUP, SEAT, PAIR, VOTE, KEYS, OVER = "setup", "seat", "pair", "vote", "keys", "over"

SEAT_VERBS = ("sorgina", "victim", "death", "shoot", "successor", "tiebreak", "mayor", "grief")
# Special choices on letter keys (c, d, m, r, s, v belong to the frame).
WORD_KEYS = {"no agreement": "n", "caught": "x", "life": "l", "no life": "n", "no death": "n", "no shot": "n",
             "later": "n", "keep": "k", "no lynch": "n", "vote again": "a"}
GO_ON = ("done", "pass", "night", "start", "later")
SEAT_NOTATION = re.compile(r"^([a-z]+) (\d+)$")


@dataclass
class Mode:
    """What the keys mean now."""

    kind: str
    verb: str | None = None  # the notation verb a picked seat plays (victim, lovers, runoff...)
    offered: tuple[int, ...] = ()  # the seats offered now, from 1
    labels: dict[int, str] = field(default_factory=dict)  # seat -> its choice's label
    words: dict[str, Choice] = field(default_factory=dict)  # letter -> special choice
    numbered: tuple[Choice, ...] = ()  # other choices, on the number keys
    go_on: Choice | None = None  # what space plays


def mode_for(view: View, info: Mapping[str, Any] | None, electing: bool) -> Mode:
    """The mode for this view; `info` is the game's `call_info()`; `electing` after the `e` key."""
    public = view.public
    phase = public["phase"]
    players = list(public["players"])
    if view.outcome is not None:
        return Mode(OVER)
    choices = view.prompt.choices
    go_on = next((c for c in choices if c.notation in GO_ON), None)
    if phase == "setup":
        return Mode(SETUP, go_on=go_on, offered=tuple(range(1, len(players) + 1)))
    seats: dict[str, list[tuple[int, Choice]]] = {}
    words: dict[str, Choice] = {}
    numbered: list[Choice] = []
    for choice in choices:
        match = SEAT_NOTATION.match(choice.notation)
        if match and match.group(1) in SEAT_VERBS:
            seats.setdefault(match.group(1), []).append((int(match.group(2)), choice))
        elif choice.notation in WORD_KEYS:
            words[WORD_KEYS[choice.notation]] = choice
        elif choice.notation not in GO_ON:
            numbered.append(choice)
    if len(choices) == 1 and go_on is None:
        go_on = choices[0]
    if electing and "mayor" in seats:
        return _seat_mode("mayor", seats["mayor"], {}, None, view.lang)
    if not (info and info["call"] == "election"):
        seats.pop("mayor", None)  # elected with `e`, at the moment the Kontalari picks
    living = tuple(players.index(name) + 1 for name in public["alive"])
    stage = (public["vote"] or {}).get("stage")
    if phase in ("prep", "night") and info and info["step"] == "lovers":
        return Mode(PAIR, verb="lovers", offered=living)
    if phase == "day" and not public["pending"] and stage in ("first", "runoff"):
        return Mode(VOTE, offered=living)
    if phase == "day" and not public["pending"] and stage == "candidates":
        return Mode(PAIR, verb="runoff", offered=living)
    if len(seats) == 1:
        verb, offered = next(iter(seats.items()))
        return _seat_mode(verb, offered, words, go_on, view.lang)
    return Mode(KEYS, words=words, numbered=tuple(numbered), go_on=go_on)


def _seat_mode(verb: str, offered: list[tuple[int, Choice]], words: dict[str, Choice], go_on: Choice | None,
               lang: str) -> Mode:
    # The Sorgiña's choices carry each card (what the Kontalari will show); the others are just names.
    labels = {seat: say(choice.label, lang) for seat, choice in offered} if verb == "sorgina" else {}
    return Mode(SEAT, verb=verb, offered=tuple(seat for seat, _ in offered), labels=labels, words=words,
                go_on=go_on)

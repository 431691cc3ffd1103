"""What the whole table may see: the public view of a game in play.

The game master's screen shows everything. Everything else (the CLI without
`--private`, the coming table screen for the players) shows only this view:

- `state`: the game's `public_state()`;
- `prompt`: `expects()` in public form (`Game.public_prompt()`): a private
  prompt keeps only a title that names nobody holding a secret (the step's
  public line, its `public_title`, or the kit's "The game master records a
  secret choice"), without who, detail, choices, spoken line, step kind or
  facts; a public prompt keeps only the choices the step `shows`;
- `log`: every action as the table may know it: a secret one (`Played.secret`,
  decided by the step pending before it applied) by the line the table was
  told instead of its notation; private events left out. Consecutive secret
  actions told the same line are one entry, so the log does not count a
  call's answers (a real Akerbeltz call may take two where a phantom takes one);
- `outcome`.

Nothing here renders words: `words(view, lang)` does, for a screen or JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from .game import Outcome, Prompt
from .language import render
from .lines import Line, Text

if TYPE_CHECKING:  # session.py builds the view; only its types are needed here
    from .session import Played, Session

SECRET_ACTION = Line("public.secret_action")  # when a secret step says nothing of its own


@dataclass(frozen=True)
class PublicPlay:
    """One entry of the public log. `said` is a public action's notation, or what the
    table was told of a secret action (`secret`); `events` are the public events' lines."""

    said: Text
    secret: bool = False
    events: tuple[Line, ...] = ()


@dataclass(frozen=True)
class PublicView:
    """Everything the table may see now; `prompt` is the public prompt (the over prompt at the end)."""

    game: str
    players: tuple[str, ...]
    state: Mapping[str, Any]
    prompt: Prompt
    log: tuple[PublicPlay, ...] = ()
    outcome: Outcome | None = None


def public_play(played: "Played") -> PublicPlay:
    """One accepted action as the table may know it."""
    events = tuple(e.line for e in played.events if not e.private)
    if played.secret:
        return PublicPlay(played.public or SECRET_ACTION, True, events)
    return PublicPlay(played.entry.notation, False, events)


def public_log(played: Iterable["Played"]) -> tuple[PublicPlay, ...]:
    """The log as the table may read it (consecutive secret actions told the same line are one)."""
    log: list[PublicPlay] = []
    for item in map(public_play, played):
        last = log[-1] if log else None
        if last is not None and item.secret and last.secret and last.said == item.said:
            log[-1] = PublicPlay(last.said, True, last.events + item.events)
        else:
            log.append(item)
    return tuple(log)


def public_view(session: "Session") -> PublicView:
    game = session.game
    return PublicView(session.header.game, tuple(game.players), game.public_state(), game.public_prompt(),
                      public_log(session.played), game.outcome())


def words(view: PublicView, lang: str, log: bool = True) -> dict[str, Any]:
    """The view with every line rendered in `lang`, as plain data (for a screen or JSON).
    Without `log`, the log's lines are not rendered ("log" is an empty list)."""
    prompt, outcome = view.prompt, view.outcome
    return {
        "game": view.game,
        "players": list(view.players),
        "state": view.state,
        "now": render(prompt.title, lang),
        "detail": render(prompt.detail, lang) if prompt.detail is not None else None,
        "who": prompt.who,
        "private": prompt.private,
        "choices": [c.notation for c in prompt.choices],
        "outcome": None if outcome is None else {
            "termination": outcome.termination, "winners": list(outcome.winners),
            "text": render(outcome.line, lang) if outcome.line else "",
        },
        "log": [{"do": render(item.said, lang), "secret": item.secret,
                 "events": [render(line, lang) for line in item.events]} for item in view.log] if log else [],
    }


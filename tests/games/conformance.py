"""The conformance suite every game joins, parametrized over the registry's
catalogue: random playouts from fixed seeds through the whole API.

At every step of a playout: every offered choice parses and is accepted on a
copy; the sampled action round-trips through its notation and is accepted; a
few refused actions leave the game and the file exactly as they were; every
line the game shows or says exists in every pack. A playout must end within
the game's declared `max_actions`: a game that never ends fails.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Iterable

from companion.core.dice import LiveChance, split_table_values
from companion.core.errors import ActionError
from companion.core.game import Game, Line, Prompt
from companion.core.language import available_languages, load_pack
from companion.core.registry import find_game, game_names
from companion.core.session import Session

JUNK = ("zzz", "9" * 60, "\x00", "victim 99999", "[bold]x", "roll @ 99", "")


def every_setup() -> list[tuple[str, list[str], dict]]:
    cases = []
    for name, _title in game_names():
        for players, options in find_game(name).example_setups():
            cases.append((name, players, options))
    return cases


def lines_in(value: Any) -> Iterable[Line]:
    """Every Line inside a value (a Line's values may hold Lines)."""
    if isinstance(value, Line):
        yield value
        for inner in value.values.values():
            yield from lines_in(inner)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from lines_in(item)


def prompt_lines(prompt: Prompt) -> Iterable[Line]:
    yield from lines_in([prompt.title, prompt.detail, prompt.say, prompt.public, *(c.label for c in prompt.choices)])


@dataclass
class Seen:
    """What a playout met: line ids, refusals, notations by step kind."""

    lines: set[str] = field(default_factory=set)
    samples: dict[str, Line] = field(default_factory=dict)  # one Line of each id, with its values
    by_step: dict[str, str] = field(default_factory=dict)
    refused: int = 0
    plain: set[str] = field(default_factory=set)  # words shown that come from no pack
    names: tuple[str, ...] = ()

    def add(self, lines: Iterable[Line]) -> None:
        for line in lines:
            self.lines.add(line.id)
            self.samples.setdefault(line.id, line)

    def text(self, *texts: Any) -> None:
        """Plain strings shown to a player must be names or numbers, never words of ours."""
        for text in texts:
            if isinstance(text, str) and any(c.isalpha() for c in text) and text not in self.names:
                self.plain.add(text)


def accepted_on_a_copy(game: Game, text: str, rng: random.Random) -> list:
    trial = copy.deepcopy(game)
    notation, table = split_table_values(text)
    chance = LiveChance(rng, list(table))
    events = trial.apply(trial.parse(notation), chance)
    chance.leftover()
    return events


def check_refusals(session: Session, seen: Seen, rng: random.Random) -> None:
    """Actions of another moment and junk are refused and change nothing."""
    before = session.game.state()
    on_disk = session.path.read_bytes() if session.path else None
    step = session.expects().step
    tries = list(JUNK[: rng.randint(1, 3)])
    tries += [text for kind, text in seen.by_step.items() if kind != step][:2]
    for text in tries:
        try:
            session.act(text)
        except ActionError as exc:
            seen.refused += 1
            seen.add(lines_in([exc.line, exc.allowed]))
            seen.text(exc.line, exc.allowed)
            assert session.game.state() == before, f"refusing {text!r} changed the game"
            if on_disk is not None:
                assert session.path.read_bytes() == on_disk, f"refusing {text!r} changed the file"
            continue
        session.undo()  # it was legal after all (a notation of another step may be): take it back
        session.redo_stack.clear()
        assert session.game.state() == before


THOROUGH_EACH = 60  # a step kind's first times all tried in full; after them one in ten (Kaijupoly: ~1,000 turns)


def playout(game_cls: type[Game], players, options, seed: int, path=None, *, thorough: bool = False,
            seen: Seen | None = None) -> Session:
    """Play sampled actions until the game ends; fail if it does not end in time.

    `thorough` also plays every offered choice on a copy and tries refusals at
    every step (slower: a few seeds per game)."""
    seen = seen if seen is not None else Seen()
    session = Session.new(game_cls, players, options, seed=seed, lang="en", path=path)
    seen.names = tuple(session.game.players)
    rng = random.Random(seed)
    pick, tried = random.Random(f"thorough {seed}"), {}  # (its own dice: the game's stay the same)
    for _ in range(game_cls.max_actions):
        if session.outcome() is not None:
            break
        prompt = session.expects()
        seen.add(prompt_lines(prompt))
        seen.text(prompt.title, prompt.detail, *(c.label for c in prompt.choices))
        if thorough and tried.setdefault(prompt.step, 0) < THOROUGH_EACH or thorough and pick.random() < 0.1:
            tried[prompt.step] += 1  # every step kind in full its first times, then one in ten
            for choice in prompt.choices:
                try:
                    seen.add(lines_in([e.line for e in accepted_on_a_copy(session.game, choice.notation, rng)]))
                except ActionError as exc:  # pragma: no cover - the message says which
                    raise AssertionError(f"offered {choice.notation!r} at {prompt.step} was refused: {exc}")
            check_refusals(session, seen, rng)
        action = session.game.sample_action(rng)
        text = session.game.notation(action)
        assert session.game.parse(text) == action, f"{text!r} does not parse back to {action!r}"
        events = session.act(text)  # a sampled action must be accepted
        seen.add(lines_in([e.line for e in events]))
        if prompt.step:
            seen.by_step.setdefault(prompt.step, text)
    else:
        raise AssertionError(f"{game_cls.name} did not end within {game_cls.max_actions} actions (seed {seed})")
    outcome = session.outcome()
    seen.add(lines_in([outcome.line] if outcome else []))
    seen.add(prompt_lines(session.expects()))
    return session


def unfilled(samples: Iterable[Line], langs: Iterable[str] = ("es", "eu")) -> list[str]:
    """Lines whose rendering leaves a placeholder unfilled, per language."""
    from companion.core.language import render

    bad = []
    for line in samples:
        for lang in langs:
            text = render(line, lang)
            if "{" in text or text == line.id:
                bad.append(f"{lang} {line.id}: {text}")
    return bad


def missing_from_packs(ids: Iterable[str]) -> dict[str, list[str]]:
    """Line ids absent from each pack (so they would fall back to English or show the id)."""
    return {lang: sorted(i for i in ids if i not in load_pack(lang).lines) for lang in available_languages()}

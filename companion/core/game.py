"""The interface every game implements, in the shape of python-chess and
OpenSpiel: set up from players and options, parse notation into an action,
apply it (with chance handed in), say what is expected next, list or sample
legal actions, and tell the outcome.

Everything a game says is a `Line`: an id in the voice packs plus values, so
the same event is logged, shown and spoken in the table's language.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence

from .describe import generic
from .errors import SetupError
from .lines import Line, Text
from .notation import Words, allowed_now, fold
from .text import MAX_NAME, plain

if TYPE_CHECKING:  # dice.py needs Line from here
    from .dice import Chance


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Private events are for the game master only."""

    line: Line
    private: bool = False
    speak: bool = True


@dataclass(frozen=True)
class Choice:
    """One of the choices offered now; pressing it submits `notation`.

    The rest tells a screen how to offer it without reading the notation:
    `key` is the key it answers to ("5" for a claim of 5, a seat's number
    for a seat), `group` what kind of choice it is (for layout: "seat",
    "claim", "card"...), `seat` the seat (from 1) it names, `reveals` that
    its label tells a secret (masked until the game master asks), `chance`
    the dice or deck it rolls or draws (the table may type its own after `@`).
    """

    label: Text
    notation: str
    key: str | None = None
    group: str | None = None
    seat: int | None = None
    reveals: bool = False
    chance: str | None = None


@dataclass(frozen=True)
class Prompt:
    """What the game expects next, for the screen (big) and the narrator.

    `private`: the prompt itself shows secrets (only the game master, or the
    player named by `who`, may look). `secret`: the answer is secret, and
    `public` is what the table may be told instead ("the Sorgiña has chosen").
    `step` names the kind of decision; `facts` are the step's plain data for
    screens (a countdown, whether a call is a phantom...).
    """

    title: Text
    detail: Text | None = None
    who: str | None = None
    choices: tuple[Choice, ...] = ()
    say: Line | None = None
    private: bool = False
    secret: bool = False
    public: Line | None = None
    step: str | None = None
    chance: str | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)

    def choice_for(self, key: str) -> Choice | None:
        """The choice a key press means: the one that answers to `key`, else
        (for number keys, when no choice names its keys) the N-th one."""
        for choice in self.choices:
            if choice.key == key:
                return choice
        if key.isdigit() and not any(c.key for c in self.choices):
            index = int(key) - 1
            if 0 <= index < len(self.choices):
                return self.choices[index]
        return None


@dataclass(frozen=True)
class Outcome:
    """How a game ended; `winners` are player names (empty for a draw)."""

    termination: str
    winners: tuple[str, ...] = ()
    line: Line | None = None


@dataclass(frozen=True)
class Option:
    """A setting a game declares; house rules are shown on the setup screen.

    Its words live in the packs: `game.<game>.option.<key>` (the label),
    `...<key>.help`, and `...<key>.<value>` for each of `choices`.
    """

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    house_rule: bool = True
    minimum: int | None = None
    maximum: int | None = None

    def offered(self) -> tuple[Any, ...]:
        """The values a setup form lists for a free-text option (none: the form takes typed text)."""
        return ()

    def shown(self, value: Any) -> Any:
        """The value as a listing shows it (a board kept whole in a save shows as its title)."""
        return value

    def coerce(self, raw: Any) -> Any:
        """Turn typed text (or a TOML value) into this option's type, or refuse."""
        kind = type(self.default)
        value = raw
        said = {"option": self.key, "text": str(raw)[:40]}
        if isinstance(raw, str):
            text = fold(raw)
            if kind is bool:
                if text in _ON:
                    value = True
                elif text in _OFF:
                    value = False
                else:
                    raise SetupError(Line("error.option.on_off", said))
            elif kind is int:
                if not (text.lstrip("-").isdigit() and len(text) <= 7):
                    raise SetupError(Line("error.option.whole_number", said))
                value = int(text)
            else:
                value = text
        if kind is bool and not isinstance(value, bool):
            raise SetupError(Line("error.option.on_off", said))
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise SetupError(Line("error.option.whole_number", said))
        if self.choices and value not in self.choices:
            raise SetupError(Line("error.option.one_of", {**said, "choices": ", ".join(map(str, self.choices))}))
        if kind is int:
            if self.minimum is not None and value < self.minimum:
                raise SetupError(Line("error.option.at_least", {**said, "low": self.minimum, "value": value}))
            if self.maximum is not None and value > self.maximum:
                raise SetupError(Line("error.option.at_most", {**said, "high": self.maximum, "value": value}))
        return value


_ON = {"on", "yes", "true", "1", "si", "bai"}
_OFF = {"off", "no", "false", "0", "ez"}


MAX_SEATS = 99  # no game seats more players (and no list of names is longer)


class Game(ABC):
    """A game in play. Subclasses are pure: no UI, no speech, no `random`.

    `apply` may mutate the game before it raises: the session applies every
    action to a copy and keeps the copy only when the action was accepted, so
    a refused action leaves the game exactly as it was.
    """

    name: ClassVar[str]
    title: ClassVar[str]  # the catalogue's; the table's language says it as `game.<name>.title`
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    options: ClassVar[tuple[Option, ...]] = ()
    max_actions: ClassVar[int] = 2000  # a random game longer than this is a game that never ends
    words: ClassVar[Words | None] = None  # the game's words: how each language spells its notation

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = list(players)
        self.settings = dict(options)

    @classmethod
    def new(cls, players: Sequence[str], options: Mapping[str, Any] | None = None) -> "Game":
        """Check players and options, fill defaults, and set the game up."""
        return cls(cls.check_players(players), cls.check_options(options or {}))

    @classmethod
    def check_players(cls, players: Sequence[str]) -> list[str]:
        """Names as typed, without control characters (an escape sequence is not
        part of anyone's name) and at most MAX_NAME characters long."""
        if len(players) > MAX_SEATS:  # not even worth reading them
            raise SetupError(Line("error.setup.player_count", {"game": Line(f"game.{cls.name}.title"),
                                                               "low": cls.min_players, "high": cls.max_players,
                                                               "count": len(players)}))
        names = [plain(str(p)).strip() for p in players]
        if any(not n for n in names):
            raise SetupError(Line("error.setup.empty_name"))
        for name in names:
            if len(name) > MAX_NAME:
                raise SetupError(Line("error.setup.name_too_long", {"name": name[:12] + "…", "limit": MAX_NAME}))
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise SetupError(Line("error.setup.same_name", {"name": name}))
            seen.add(name.casefold())
        if not cls.min_players <= len(names) <= cls.max_players:
            raise SetupError(Line("error.setup.player_count", {"game": Line(f"game.{cls.name}.title"),
                                                               "low": cls.min_players, "high": cls.max_players,
                                                               "count": len(names)}))
        return names

    @classmethod
    def check_options(cls, raw: Mapping[str, Any]) -> dict[str, Any]:
        known = {o.key: o for o in cls.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            raise SetupError(Line("error.option.unknown", {"game": Line(f"game.{cls.name}.title"),
                                                           "option": str(unknown[0])[:40],
                                                           "options": ", ".join(known) or "-"}))
        return {key: (opt.coerce(raw[key]) if key in raw else opt.default) for key, opt in known.items()}

    @classmethod
    def example_setups(cls) -> list[tuple[list[str], dict[str, Any]]]:
        """Setups the conformance suite plays random games from."""
        count = max(cls.min_players, min(4, cls.max_players))
        return [([f"P{n}" for n in range(1, count + 1)], {})]

    # -- the rules -------------------------------------------------------

    @abstractmethod
    def parse(self, text: str) -> Any:
        """Turn one line of notation into an action or raise InvalidActionError."""

    @abstractmethod
    def apply(self, action: Any, chance: "Chance") -> list[Event]:
        """Apply an action or raise IllegalActionError saying why and what is allowed."""

    @abstractmethod
    def expects(self) -> Prompt:
        """What the game waits for now."""

    @abstractmethod
    def legal_actions(self) -> Iterable[Any]:
        """The actions allowed now (a representative set where the space is huge)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    def allowed(self, public: bool = False) -> Line | None:
        """What is allowed now, for a refusal (`Allowed now: roll, hold.`); with `public`, what
        the table may read: only the public prompt's choices (no card of a hand, no secret)."""
        prompt = self.public_prompt() if public else self.expects()
        return allowed_now((c.notation for c in prompt.choices), spell=self.spelled)

    def notation(self, action: Any) -> str:
        """The text that parses back into `action` (canonical: what a save keeps)."""
        return str(action)

    @classmethod
    def spelled(cls, notation: str, lang: str) -> str:
        """A canonical line as the table writes it in `lang` (a screen shows this; a save keeps
        the canonical one); it parses back to the same action. The game's `words` spell it.
        A class method: a screen keeps the speller without keeping a game."""
        return cls.words.spelled(notation, lang) if cls.words is not None else str(notation)

    def shown(self, notation: str, lang: str) -> str:
        """A canonical line as a screen of this game shows it: spelled, with players' names
        where it has their seats (`Words.named`); display only, it need not parse back."""
        if self.words is None:
            return str(notation)
        return self.words.named(notation, lang, self.players)

    def sample_action(self, rng: random.Random) -> Any:
        """A random legal action, for playouts."""
        actions = list(self.legal_actions())
        return rng.choice(actions)

    def public_state(self) -> dict[str, Any]:
        """What everybody at the table may see."""
        return {"players": list(self.players)}

    def private_state(self) -> dict[str, Any]:
        """What only the game master may see (secret roles, hands, bids)."""
        return {}

    def observe(self, private: bool = False) -> dict[str, Any]:
        """The game now as JSON data, ids and numbers (companion/core/observe.py): what the
        table page draws and `show --json` prints. By default the public state made JSON;
        `private` adds the private state under "private". A game states its own in its
        package's observe.py (seats, cards, counts) and keeps the same two keys' meaning."""
        from .observe import jsonable

        seen: dict[str, Any] = {"state": jsonable(self.public_state())}
        if private:
            seen["private"] = jsonable(self.private_state())
        return seen

    def progress(self) -> Line | None:
        """Where the game stands, in a few public words for a list of saves ("Round 3 of 8",
        "Night 2"): display only, from the public state; None when there is nothing to add
        to the prompt."""
        return None

    @classmethod
    def describe(cls, state: Mapping[str, Any], private: bool = False) -> list[Line]:
        """`state` (a `public_state()`, or with `private` a `private_state()`) as Lines for
        `companion show`: the kit labels each key and shows its value plainly; a game says
        its values in the table's words by overriding this (companion/core/describe.py)."""
        return generic(cls.name, state)

    def secrecy(self, action: Any) -> tuple[bool, Line | None]:
        """Whether `action` would be secret now, and what the table is told instead
        (StepGame derives it from the pending step; see companion/core/public.py)."""
        prompt = self.expects()
        return (True, prompt.public or Line("public.secret_action")) if prompt.secret else (False, None)

    def public_prompt(self) -> Prompt:
        """`expects()` as the table may see it: a private prompt shows only its public line."""
        prompt = self.expects()
        if prompt.private:
            return Prompt(prompt.public or Line("public.secret_step"), private=True, secret=prompt.secret,
                          public=prompt.public)
        return Prompt(prompt.title, prompt.detail, prompt.who, tuple(c for c in prompt.choices if not c.reveals),
                      prompt.say, secret=prompt.secret, public=prompt.public, step=prompt.step,
                      chance=prompt.chance, facts=prompt.facts)

    def state(self) -> dict[str, Any]:
        """Everything, for comparing a replay with the original."""
        return {"public": self.public_state(), "private": self.private_state()}

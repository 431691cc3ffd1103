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

from .errors import SetupError

if TYPE_CHECKING:  # dice.py needs Line from here
    from .dice import Chance


@dataclass(frozen=True)
class Line:
    """Something to show or say: a voice-pack line id and its values."""

    id: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted((k, str(v)) for k, v in self.values.items()))))


Text = Line | str


@dataclass(frozen=True)
class Event:
    """Something that happened. Private events are for the game master only."""

    line: Line
    private: bool = False
    speak: bool = True


@dataclass(frozen=True)
class Choice:
    """One of the choices offered now; pressing it submits `notation`."""

    label: Text
    notation: str


@dataclass(frozen=True)
class Prompt:
    """What the game expects next, for the screen (big) and the narrator."""

    title: Text
    detail: Text | None = None
    who: str | None = None
    choices: tuple[Choice, ...] = ()
    say: Line | None = None
    private: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a game ended; `winners` are player names (empty for a draw)."""

    termination: str
    winners: tuple[str, ...] = ()
    line: Line | None = None


@dataclass(frozen=True)
class Option:
    """A setting a game declares; house rules are shown on the setup screen."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""
    house_rule: bool = True
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, raw: Any) -> Any:
        """Turn typed text (or a TOML value) into this option's type, or refuse."""
        kind = type(self.default)
        value = raw
        if isinstance(raw, str):
            text = raw.strip()
            if kind is bool:
                lowered = text.lower()
                if lowered in {"on", "yes", "true", "1", "si", "sí", "bai"}:
                    value = True
                elif lowered in {"off", "no", "false", "0", "ez"}:
                    value = False
                else:
                    raise SetupError(f"Option {self.key}: say on or off, not {raw!r}.")
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise SetupError(f"Option {self.key}: {raw!r} is not a whole number.") from None
            else:
                value = text
        if kind is bool and not isinstance(value, bool):
            raise SetupError(f"Option {self.key}: say on or off, not {raw!r}.")
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise SetupError(f"Option {self.key}: {raw!r} is not a whole number.")
        if self.choices and value not in self.choices:
            raise SetupError(
                f"Option {self.key}: {raw!r} is not one of " + ", ".join(map(str, self.choices)) + "."
            )
        if kind is int:
            if self.minimum is not None and value < self.minimum:
                raise SetupError(f"Option {self.key}: at least {self.minimum}, not {value}.")
            if self.maximum is not None and value > self.maximum:
                raise SetupError(f"Option {self.key}: at most {self.maximum}, not {value}.")
        return value


class Game(ABC):
    """A game in play. Subclasses are pure: no UI, no speech, no `random`.

    `apply` may mutate the game before it raises: the session applies every
    action to a copy and keeps the copy only when the action was accepted, so
    a refused action leaves the game exactly as it was.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 99
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""

    def __init__(self, players: Sequence[str], options: Mapping[str, Any]) -> None:
        self.players = list(players)
        self.settings = dict(options)

    @classmethod
    def new(cls, players: Sequence[str], options: Mapping[str, Any] | None = None) -> "Game":
        """Check players and options, fill defaults, and set the game up."""
        return cls(cls.check_players(players), cls.check_options(options or {}))

    @classmethod
    def check_players(cls, players: Sequence[str]) -> list[str]:
        names = [str(p).strip() for p in players]
        if any(not n for n in names):
            raise SetupError("Every player needs a name (or give a count, and seats are named for you).",
                             line=Line("error.setup.empty_name"))
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise SetupError(f"Two players are called {name!r}: give each a different name.",
                                 line=Line("error.setup.same_name", {"name": name}))
            seen.add(name.casefold())
        if not cls.min_players <= len(names) <= cls.max_players:
            raise SetupError(
                f"{cls.title} is for {cls.min_players} to {cls.max_players} players, not {len(names)}.",
                line=Line("error.setup.player_count", {"game": cls.title, "low": cls.min_players,
                                                       "high": cls.max_players, "count": len(names)}),
            )
        return names

    @classmethod
    def check_options(cls, raw: Mapping[str, Any]) -> dict[str, Any]:
        known = {o.key: o for o in cls.options}
        unknown = sorted(set(raw) - set(known))
        if unknown:
            have = ", ".join(known) or "none"
            raise SetupError(f"{cls.title} has no option {unknown[0]!r}. Its options: {have}.")
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

    def notation(self, action: Any) -> str:
        """The text that parses back into `action`."""
        return str(action)

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

    def state(self) -> dict[str, Any]:
        """Everything, for comparing a replay with the original."""
        return {"public": self.public_state(), "private": self.private_state()}

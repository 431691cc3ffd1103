"""The game registry: `find_game("halloween")` with aliases, and an error
that names the games that exist (like python-chess's variant lookup)."""

from __future__ import annotations

import importlib
import unicodedata

from .errors import UnknownGameError
from .game import Game

# name -> "module:Class"; imported only when the game is asked for, so the
# start screen lists every game without loading them all.
_GAMES: dict[str, str] = {}
_ALIASES: dict[str, str] = {}
_TITLES: dict[str, str] = {}


def normalise(name: str) -> str:
    """Lower case, no accents, words joined by '-': 'La Noche' -> 'la-noche'."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join(text.lower().replace("_", " ").split())


def register(name: str, target: str, title: str, aliases: tuple[str, ...] = ()) -> None:
    key = normalise(name)
    _GAMES[key] = target
    _TITLES[key] = title
    for alias in (name, title, *aliases):
        _ALIASES[normalise(alias)] = key


def _load() -> None:
    importlib.import_module("companion.games")


def game_names() -> list[tuple[str, str]]:
    """(name, title) of every registered game."""
    _load()
    return sorted(_TITLES.items())


def find_game(name: str) -> type[Game]:
    _load()
    key = _ALIASES.get(normalise(name))
    if key is None:
        have = ", ".join(f"{k} ({t})" for k, t in sorted(_TITLES.items()))
        raise UnknownGameError(f"There is no game called {name!r}. The games are: {have}.")
    module_name, _, cls_name = _GAMES[key].partition(":")
    return getattr(importlib.import_module(module_name), cls_name)

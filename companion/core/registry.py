"""The game registry: `find_game("halloween")` with aliases, and an error
that names the games that exist (like python-chess's variant lookup).

The registry knows the games from a catalogue (`companion/games/catalogue.toml`):
names, titles, aliases and the module to load. It never imports a game until
one is asked for, so the core depends on no game and the start screen lists
every game without loading them all.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .errors import UnknownGameError
from .game import Game, Line
from .notation import fold

CATALOGUE = Path(__file__).resolve().parents[1] / "games" / "catalogue.toml"


@dataclass(frozen=True)
class Entry:
    name: str
    target: str  # "module:Class"
    title: str
    aliases: tuple[str, ...] = ()


_ENTRIES: dict[str, Entry] = {}
_ALIASES: dict[str, str] = {}
_loaded = False


def normalise(name: str) -> str:
    """Lower case, no accents, words joined by '-': 'La Noche' -> 'la-noche'."""
    return "-".join(fold(name.replace("_", " ")).split())


def register(name: str, target: str, title: str, aliases: tuple[str, ...] = ()) -> None:
    """Add a game (the catalogue's games are added this way when first needed)."""
    key = normalise(name)
    _ENTRIES[key] = Entry(key, target, title, tuple(aliases))
    for alias in (name, title, *aliases):
        _ALIASES[normalise(alias)] = key


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    with CATALOGUE.open("rb") as handle:
        for name, entry in tomllib.load(handle).items():
            register(name, entry["target"], entry["title"], tuple(entry.get("aliases", ())))


def entries() -> list[Entry]:
    """Every game, in the catalogue's order (the order lists and the start screen show)."""
    _load()
    return list(_ENTRIES.values())


def game_names() -> list[tuple[str, str]]:
    """(name, title) of every registered game."""
    return [(e.name, e.title) for e in entries()]


def entry_for(name: str) -> Entry:
    _load()
    key = _ALIASES.get(normalise(name))
    if key is None:
        have = ", ".join(e.name for e in entries())  # what people type; titles differ by language
        raise UnknownGameError(Line("error.unknown_game", {"name": str(name)[:40], "games": have}))
    return _ENTRIES[key]


def find_game(name: str) -> type[Game]:
    module_name, _, cls_name = entry_for(name).target.partition(":")
    return getattr(importlib.import_module(module_name), cls_name)

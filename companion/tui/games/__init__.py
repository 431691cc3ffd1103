"""Which screen plays which game.

A game without an entry here is played in the shared frame
(`companion.tui.frame.GameScreen`). A game with its own screen (Gauekos'
night, Halloween's streets...) puts a `GameScreen` subclass in a module of
this package and registers it by the game's registry name:

    register_screen("halloween", "companion.tui.games.halloween:HalloweenScreen")
register_screen("18-fantasmas", "companion.tui.games.fantasmas:FantasmasScreen")

Screens are imported only when a game of theirs is opened.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from companion.core.registry import normalise

if TYPE_CHECKING:  # the shared frame loads with the first game screen
    from ..frame import GameScreen

_SCREENS: dict[str, str] = {}


def register_screen(game: str, target: str) -> None:
    """Use the screen at `target` ("module:Class") for `game`."""
    _SCREENS[normalise(game)] = target


def screen_class(game: str) -> "type[GameScreen]":
    target = _SCREENS.get(normalise(game))
    if target is None:
        from ..frame import GameScreen

        return GameScreen
    module_name, _, cls_name = target.partition(":")
    return getattr(importlib.import_module(module_name), cls_name)


def make_game_screen(session: Any) -> "GameScreen":
    """The screen for a session's game, built around the session."""
    return screen_class(session.game.name)(session)


register_screen("gauekos", "companion.tui.games.gauekos:GauekosScreen")
register_screen("halloween", "companion.tui.games.halloween:HalloweenScreen")
register_screen("18-fantasmas", "companion.tui.games.fantasmas:FantasmasScreen")
register_screen("alien-1979", "companion.tui.games.alien:AlienScreen")
register_screen("kaijupoly", "companion.tui.games.kaiju:KaijuScreen")
register_screen("rey-de-los-monstruos", "companion.tui.games.kaiju:KingScreen")
register_screen("marcador", "companion.tui.games.marcador:MarcadorScreen")

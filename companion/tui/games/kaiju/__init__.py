"""The Kaijupoly screens (the board as a ring of 40 squares around the generals, the battle
round by round and the bank's ledger), registered in `companion.tui.games` for `kaijupoly`
and, the kaijus as the players, for `rey-de-los-monstruos`."""

from .king import KingScreen
from .screen import KaijuScreen

__all__ = ["KaijuScreen", "KingScreen"]

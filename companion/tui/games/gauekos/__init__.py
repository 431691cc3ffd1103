"""The Gauekos screen (the night called aloud, the Kontalari's grimoire):
registered for the game `gauekos` in `companion.tui.games`."""

from .screen import GauekosScreen

__all__ = ["GauekosScreen"]

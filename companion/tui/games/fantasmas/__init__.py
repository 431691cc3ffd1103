"""The 18 fantasmas screen (the castle, placement and play, the app as an
opponent): registered for the game `18-fantasmas` in `companion.tui.games`."""

from .screen import FantasmasScreen

__all__ = ["FantasmasScreen"]

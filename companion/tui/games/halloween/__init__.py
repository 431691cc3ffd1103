"""The La noche de Halloween screen (registered in `companion.tui.games`)."""

from .screen import HalloweenScreen

__all__ = ["HalloweenScreen"]

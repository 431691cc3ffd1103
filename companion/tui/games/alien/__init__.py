"""The Alien 1979 screen (the Nostromo's six sectors, the Alien's card, the countdown, the
odds of the next card, each player's codes behind a handoff): registered for the game
`alien-1979` in `companion.tui.games`."""

from .screen import AlienScreen

__all__ = ["AlienScreen"]

"""Marcador's screen: the scoreboard (players as rows, rounds as columns), the chart of
running totals, the turn timer in big digits and keyed entry; registered in
`companion.tui.games` for `marcador`."""

from .screen import MarcadorScreen

__all__ = ["MarcadorScreen"]

"""companion: a game master that sits beside a physical board-game table."""

__version__ = "0.1.0"

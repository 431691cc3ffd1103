"""Textual's command palette with every word in the table's language.

Textual writes its "No matches found" inline; this palette says it with the pack's line
(`ui.palette.no_matches`), the rest of the palette being Textual's own.
"""

from __future__ import annotations

from typing import Any

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option


class TablePalette(CommandPalette):
    """The palette; `no_matches` is what it says when nothing matches the search."""

    def __init__(self, *args: Any, no_matches: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.no_matches = no_matches

    def _start_no_matches_countdown(self, search_value: str) -> None:
        """Textual's countdown (the same delay, the same option id), in the table's words."""
        self._stop_no_matches_countdown()

        def show() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(self.no_matches, style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show)

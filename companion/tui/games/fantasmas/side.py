"""Beside the castle: each player's escaped, dungeon and unplaced ghosts, the
hints when asked, and the legend of the signs."""

from __future__ import annotations

from typing import Any, Mapping

from textual.content import Content
from textual.widgets import Static

from companion.core.game import Line
from companion.core.language import render

from ...i18n import ui
from ...widgets import put
from .castle import GLYPH, INK, OWNER

UI = "ui.18-fantasmas"


def ghosts(counts: Mapping[str, int]) -> list[tuple[str, str]]:
    """▲▲● as glyphs in their colours; a dash for none."""
    parts = [(GLYPH[c] * n, f"bold {INK[c]}") for c, n in counts.items() if n]
    return parts or [("—", "dim")]


def whole_entries(entries: list[str], width: int | None) -> list[str]:
    """Legend entries (`◇ mirror`) two spaces apart, in rows of `width` cells that break between
    entries, never inside one (`»▲ ▲ hemendik ateratzen` / `dira` read as two)."""
    if not width:
        return ["  ".join(entries)]
    rows: list[str] = []
    for entry in entries:
        if rows and len(rows[-1]) + 2 + len(entry) <= width:
            rows[-1] += "  " + entry
        else:
            rows.append(entry)
    return rows


def side_content(game: Any, facts: Mapping[str, Any],
                 hints: Mapping[str, list[str]] | None, lang: str, width: int | None = None) -> Content:
    position = facts["position"]
    lines: list[Content] = []
    over = game.phase == "over"
    for seat in (0, 1):
        name = render(game.seat_name(seat), lang) if isinstance(game.seat_name(seat), Line) else game.seat_name(seat)
        turn = not over and position["to_act"] == seat
        head: list[Any] = [(f" {OWNER[seat]} ", "bold reverse" if turn else "bold"), " ", (name, "bold" if turn else "")]
        if facts["app"][seat]:
            head += [" ", (ui(f"{UI}.the_app", lang), "dim")]
        lines.append(Content.assemble(*head))
        rows = [("escaped", position["escaped"][seat]), ("dungeon", position["dungeon"][seat])]
        if position["phase"] == "place" or any(position["hand"][seat].values()):
            rows.append(("hand", position["hand"][seat]))
        for key, counts in rows:
            lines.append(Content.assemble("   ", (ui(f"{UI}.{key}", lang), "dim"), " ", *ghosts(counts)))
    if hints is not None:
        lines.append(Content(""))
        for key in ("escape", "lose"):
            found = ", ".join(hints.get(key, [])) or "—"
            lines.append(Content.assemble((ui(f"{UI}.hint.{key}", lang), "bold"), " ", found))
    colours = [f"{GLYPH[c]} {render(Line(f'18-fantasmas.colour.{c}'), lang)}" for c in GLYPH]
    signs = [entry.strip() for entry in ui(f"{UI}.legend", lang).split("  ") if entry.strip()]
    rows = whole_entries(colours, width) + whole_entries(signs, width)
    lines += [Content(""), *(Content.styled(row, "dim") for row in rows)]
    return Content("\n").join(lines)


class SidePanel(Static):
    """The players' ghosts off the board, the app's state, the hints, the legend."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self._shown: tuple[Any, ...] | None = None  # what it shows, drawn again at another width

    def show(self, game: Any, facts: Mapping[str, Any], hints: Mapping[str, list[str]] | None,
             lang: str) -> None:
        self._shown = (game, facts, hints, lang)
        put(self, side_content(game, facts, hints, lang, self.content_region.width or None))

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)

"""The six sectors of the Nostromo, one box each (BASTOS ESPADAS OROS on top,
COPAS MADRE NAVE AUXILIAR below): who stands there with their pursuit
markers as pips out of five (●●○○○), weapon (†) or guard (‡) and codes in
hand (▪n), the codes lying face down (▫ in the box's title), the Alien (a
line of its own and a double border: never colour alone) and, on request,
the odds of the next card in the box's bottom border.

Pure functions build the text from `game.facts()` (plain data); the widget
only shows it. Names are shown as typed: every text is `Content`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from companion.games.alien.cards import MADRE, MAIN, MAX_MARKERS, NAVE

from ...i18n import ui
from ...widgets import put, set_title

UI = "ui.alien-1979"
PIP, EMPTY_PIP = "●", "○"
ARMED, GUARD = "†", "‡"
HELD, DOWN = "▪", "▫"
ALIEN_MARK = "✱"
TURN_MARK = "▸"
COMES, DROPS, STRIKES = "→", "▾", "✶"
ODDS_MARKS = {"alien": COMES, "drop": DROPS, "strike": STRIKES}


def pips(markers: int) -> str:
    return PIP * markers + EMPTY_PIP * (MAX_MARKERS - markers)


def pip_style(markers: int) -> str:
    return "bold $error" if markers >= 3 else "bold $warning" if markers else "dim"


def clip(name: str, width: int) -> str:
    """A name in at most `width` cells, an ellipsis where it is cut (never cut when it fits)."""
    if cell_len(name) <= width:
        return name
    out = ""
    for char in name:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out + "…"


def percent(fraction: str | Fraction) -> str:
    value = Fraction(fraction)
    if value == 0:
        return "—"
    return f"{round(value * 100)}%"


def gear(crew: Mapping[str, Any]) -> tuple[str, str]:
    if crew["protected"]:
        return GUARD, "bold $success"
    if crew["weapon"]:
        return ARMED, "bold $success"
    return " ", ""


def occupant_line(name: str, crew: Mapping[str, Any], width: int, turn: bool, longest: int = 99) -> Content:
    """`▸Ana   ●●○○○†▪2`: the name in what the marks leave of `width` (no wider than the longest name);
    a name too long for that takes a line of its own, the marks below it."""
    name_width = max(3, min(width - 10, longest))
    mark, mark_style = gear(crew)
    codes = f"{HELD}{crew['codes']}" if crew["codes"] else "  "
    marks = [(pips(crew["markers"]), pip_style(crew["markers"])), (mark, mark_style), (codes, "$accent")]
    head = (TURN_MARK if turn else " ", "bold $accent")
    style = "bold reverse" if turn else "bold"
    if cell_len(name) > name_width:
        shown = clip(name, width - 1)
        return Content.assemble(head, (shown, style), "\n", " " * max(1, width - 8), *marks)
    return Content.assemble(head, (name, style), " " * (name_width - cell_len(name) + 1), *marks)


def line_count(name: str, width: int, longest: int) -> int:
    return 2 if cell_len(name) > max(3, min(width - 10, longest)) else 1


def occupant_chip(name: str, crew: Mapping[str, Any], turn: bool) -> list[tuple[str, str] | str]:
    """The short form when a box holds more players than rows: `Ana●2†▪1`."""
    parts: list[tuple[str, str] | str] = [(TURN_MARK if turn else "", "bold $accent"),
                                          (clip(name, 8), "bold reverse" if turn else "bold")]
    if crew["markers"]:
        parts.append((f"{PIP}{crew['markers']}", pip_style(crew["markers"])))
    mark, style = gear(crew)
    if mark.strip():
        parts.append((mark, style))
    if crew["codes"]:
        parts.append((f"{HELD}{crew['codes']}", "$accent"))
    return parts


def chip_width(parts: Sequence[tuple[str, str] | str]) -> int:
    return sum(cell_len(p if isinstance(p, str) else p[0]) for p in parts)


def body(sector: str, facts: Mapping[str, Any], players: Sequence[str], lang: str,
         width: int, rows: int | None) -> Content:
    """A sector's lines: the Alien's, then one line a player (packed when they outnumber the rows)."""
    position = facts["position"]
    lines: list[Content] = []
    if position["alien"] == sector:
        lines.append(Content.styled(f"{ALIEN_MARK} {ui(f'{UI}.alien', lang)} {ALIEN_MARK}", "bold reverse $error"))
    current = position["current"] if position["phase"] in ("card", "act") else None
    here = [(seat, crew) for seat, crew in enumerate(position["crew"]) if crew["alive"] and crew["sector"] == sector]
    room = None if rows is None else rows - len(lines)
    longest = max(cell_len(name) for name in players)
    if room is None or sum(line_count(players[seat], width, longest) for seat, _ in here) <= room:
        lines += [occupant_line(players[seat], crew, width, seat == current, longest) for seat, crew in here]
    else:  # packed: as many short forms a row as fit
        row: list[Any] = []
        used = 0
        for seat, crew in here:
            chip = occupant_chip(players[seat], crew, seat == current)
            size = chip_width(chip)
            if row and used + 1 + size > width:
                lines.append(Content.assemble(*row))
                row, used = [], 0
            if row:  # the space after the chip before (never alone: an SVG export drops it)
                text, style = row[-1] if isinstance(row[-1], tuple) else (row[-1], "")
                row[-1] = (text + " ", style)
                used += 1
            row += chip
            used += size
        if row:
            lines.append(Content.assemble(*row))
    if not here and position["alien"] != sector:
        lines.append(Content.styled(ui(f"{UI}.empty", lang), "dim"))
    return Content("\n").join(lines)


def title(sector: str, facts: Mapping[str, Any], lang: str, room: int | None = None,
          line: str = "") -> Content:
    """`✱ ESPADAS ▫▫▫`: the name, the Alien's mark, the codes face down there. A title too long
    for the `room` the border has (the Basque shuttle at 80 columns) takes the short name, not a cut."""
    position = facts["position"]
    name = ui(line or f"{UI}.box.{sector}", lang)
    parts: list[Any] = []
    if position["alien"] == sector:
        parts.append((f"{ALIEN_MARK} ", "bold $error"))
    down = position["face_down"].get(sector)
    parts.append((f"{name} " if down else name, "bold"))
    if down:
        parts += [(DOWN * down if down <= 5 else f"{DOWN}×{down}", "$accent")]
    shown = Content.assemble(*parts)
    if room is not None and not line and sector == NAVE and shown.cell_length > room:
        return title(sector, facts, lang, line=f"{UI}.box.{sector}_short")
    return shown


def subtitle(sector: str, facts: Mapping[str, Any], lang: str, odds: bool) -> Content:
    """The bottom border: the odds of the next card (main sectors, on request), the ship's seats."""
    position = facts["position"]
    if sector == NAVE:
        aboard = sum(1 for c in position["crew"] if c["alive"] and c["sector"] == NAVE)
        return Content(ui(f"{UI}.seats", lang, aboard=aboard, capacity=facts["capacity"]))
    if not odds or sector not in MAIN:
        return Content("")
    shares = facts["odds"]["sectors"][sector]
    parts: list[Any] = []
    for key in ("alien", "drop", "strike"):
        if key == "strike" and Fraction(shares[key]) == 0:
            continue
        if parts:
            text, style = parts[-1]
            parts[-1] = (text + " ", style)
        parts += [(ODDS_MARKS[key], "bold"), (percent(shares[key]), "bold $warning" if key == "strike" else "")]
    return Content.assemble(*parts)


class SectorBox(Static):
    """One sector of the Nostromo."""

    def __init__(self, sector: str, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False, classes="al-sector")
        self.sector = sector
        self._subtitle: Content | None = None

    def show(self, facts: Mapping[str, Any], players: Sequence[str], lang: str, odds: bool) -> None:
        size = self.content_region.size if self.size.width else None
        width = size.width if size and size.width else 17
        rows = size.height if size and size.height else None
        self.set_class(facts["position"]["alien"] == self.sector, "-alien")
        set_title(self, title(self.sector, facts, lang, self.size.width - 4 if self.size.width else None))
        below = subtitle(self.sector, facts, lang, odds)
        if self._subtitle is None or not self._subtitle.is_same(below):
            self._subtitle = below
            self.border_subtitle = below
        put(self, body(self.sector, facts, players, lang, width, rows))


def boxes() -> list[SectorBox]:
    return [SectorBox(sector, id=f"al-{sector}") for sector in (*MAIN[:3], MAIN[3], MADRE, NAVE)]

"""One square of the ring as text, for any cell size: the short name (on its
colour group's band), then the marks: the owner's tag with the troops
(`A▪▪▪`, `A♜` for a Cuartel), rubble (`░`, with the tag of the kaiju that
took it in Rey de los Monstruos), the Kaiju (`☢`), the tags of those
standing there (as chips) and, on request, the chance that the Kaiju's next
move lands there (`17%`). Every mark is a sign of its own, never colour
alone.

A cell wide enough (or only one row high) holds the name and the marks side
by side; a narrow, taller one gives the name a row and the marks the next.
What does not fit is shortened in order: the platoons become a count
(`3▪`), the chips one chip and a count (`A+2`), then the count alone
(`+3`), then the space between goes (not before the odds shown on request:
those take the troops' room instead); then the name is cut. Pure: plain
data in, `Content` out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.cells import cell_len
from textual.content import Content

CUARTEL = 5
ONE_ROW = 12  # a cell this wide holds a name and its marks on one row
PLATOON, BARRACKS, RUBBLE, KAIJU, LEFTOVER, NOBODY = "▪", "♜", "░", "☢", "?", "·"
ABANDONED = "✗"  # its owner let the troops go: never protected (a city not yet reached shows none)

# A band for each colour group of the base game (any other group: one of these by its name).
GROUPS = {"brown": "#7a4a26", "light-blue": "#2f7394", "pink": "#94306f", "orange": "#9a5a12",
          "red": "#962626", "yellow": "#857500", "green": "#24703a", "dark-blue": "#283c94"}
SPARE_BANDS = ("#5a5a8a", "#6a4a6a", "#3a6a6a", "#6a6a3a")
# One colour a player: the tag and the chips (the tag itself tells them apart, not the colour).
PLAYER_COLOURS = ("#5fafff", "#ffaf3f", "#5fd787", "#d787ff", "#ff8787", "#5fd7d7", "#e0d050", "#afafff")


@dataclass(frozen=True)
class Tag:
    """A player's mark: one character (their initial, or their seat) and their colour."""

    text: str
    colour: str


@dataclass(frozen=True)
class Chip:
    """A player standing on a square; `held`: in jail, or knocked down (underlined)."""

    tag: Tag
    held: bool = False


@dataclass(frozen=True)
class Cell:
    """What one square shows."""

    name: str
    group: str | None = None
    owner: Tag | None = None
    level: int = 0  # troops: 1-4 platoons, 5 a Cuartel
    deed: bool = False
    rubble: bool = False
    taker: Tag | None = None  # who destroyed it (Rey de los Monstruos)
    kaiju: bool = False
    chips: tuple[Chip, ...] = ()
    threat: str | None = None  # "17%": the Kaiju's next move lands here
    leftover: bool = False  # a deed still to be chosen
    abandoned: bool = False  # its owner landed on it and bought no troops: none, ever


def initial(name: str) -> str:
    """A name's first letter or digit, upper case, if it is one narrow character ("" if not)."""
    found = next((ch.upper() for ch in name if ch.isalnum()), "")
    return found if len(found) == 1 and cell_len(found) == 1 else ""


def tags(players: Sequence[str]) -> list[Tag]:
    """Each player's initial when all differ, else everybody's seat number (1-8)."""
    initials = [initial(name) for name in players]
    if "" in initials or len(set(initials)) < len(initials):
        initials = [str(seat + 1) for seat in range(len(players))]
    return [Tag(text, PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]) for seat, text in enumerate(initials)]


def band(group: str | None) -> str | None:
    if not group:
        return None
    return GROUPS.get(group) or SPARE_BANDS[sum(map(ord, group)) % len(SPARE_BANDS)]


def clip(text: str, width: int) -> str:
    """`text` cut to `width` cells (no ellipsis: a cell has no room for one)."""
    if cell_len(text) <= width:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > width:
            break
        out += char
    return out


Part = tuple[str, str]


def width_of(parts: Sequence[Part]) -> int:
    return sum(cell_len(text) for text, _ in parts)


def troops_parts(level: int, compact: bool | None) -> list[Part]:
    """`▪▪▪`, compact `3▪`, or none at all (None: the last resort of a crowded cell)."""
    if compact is None:
        return []
    if level >= CUARTEL:
        return [(BARRACKS, "bold")]
    if level <= 0:
        return []
    return [(f"{level}{PLATOON}" if compact and level > 1 else PLATOON * level, "bold")]


def left_parts(cell: Cell, compact: bool | None) -> list[Part]:
    """Who holds it and with what, or its rubble."""
    if cell.rubble:
        parts: list[Part] = [(RUBBLE, "dim")]
        if cell.taker is not None:
            parts.append((cell.taker.text, f"bold {cell.taker.colour}"))
        return parts
    parts = []
    if cell.owner is not None:
        parts.append((cell.owner.text, f"bold {cell.owner.colour}"))
    elif cell.leftover:
        parts.append((LEFTOVER, "bold $warning"))
    elif cell.deed and cell.level == 0:
        parts.append((NOBODY, "dim"))
    if cell.abandoned and cell.level == 0:
        parts.append((ABANDONED, "bold $error"))
    return parts + troops_parts(cell.level, compact)


def right_parts(cell: Cell, folded: int) -> list[Part]:
    """The Kaiju, then who stands here: every chip; folded once, one chip and a count (`A+2`);
    twice, the count alone (`+3`)."""
    parts: list[Part] = []
    if cell.kaiju:
        parts.append((KAIJU, "bold reverse $error"))
    chips = cell.chips[:max(0, 2 - folded)] if folded and len(cell.chips) > 1 else cell.chips
    for chip in chips:
        parts.append((chip.tag.text, f"bold reverse {chip.tag.colour}" + (" underline" if chip.held else "")))
    if len(chips) < len(cell.chips):
        parts.append((f"+{len(cell.chips) - len(chips)}", "bold"))
    return parts


def threat_parts(cell: Cell) -> list[Part]:
    return [(cell.threat, "bold $warning")] if cell.threat else []


# How a crowded cell gives way, in order: (troops compact, chips folded, a space between).
# The odds keep their space (`B2▪3%` misreads): they take the troops' room instead.
SHORTER = ((False, 0, 1), (True, 0, 1), (True, 1, 1), (True, 2, 1), (True, 2, 0), (None, 2, 1))


def marks(cell: Cell, width: int, with_threat: bool) -> tuple[list[Part], list[Part]]:
    """The left and right marks, shortened until they fit `width` (or can be no shorter)."""
    for compact, folded, space in SHORTER:
        if with_threat and not space:
            continue
        left, right = left_parts(cell, compact), right_parts(cell, folded)
        if with_threat:
            right += threat_parts(cell)
        gap = space if left and right else 0
        if width_of(left) + gap + width_of(right) <= width:
            break
    return left, right


def name_part(cell: Cell, width: int) -> Part:
    style = "dim strike" if cell.rubble else "bold"
    colour = band(cell.group)
    if colour and not cell.rubble:
        style += f" on {colour}"
    return clip(cell.name, width), style


def assemble(*parts: Part | str) -> Content:
    """`Content.assemble`, but no run of text starts with a space: leading spaces become a run
    of their own, styled apart from the text (an SVG export, the screenshots, trims them)."""
    runs: list[Part] = []
    for part in parts:
        text, style = (part, "") if isinstance(part, str) else part
        if runs and runs[-1][1] == style:  # one run, as the terminal will draw it
            runs[-1] = (runs[-1][0] + text, style)
        elif text:
            runs.append((text, style))
    out: list[Part] = []
    for text, style in runs:
        body = text.lstrip(" ")
        if body and body != text:
            out.append((text[: len(text) - len(body)], "not italic" if "italic" in style else "italic"))
            text = body
        out.append((text, style))
    return Content.assemble(*out)


def spread(left: Sequence[Part], right: Sequence[Part], width: int) -> Content:
    """`left` at the start and `right` at the end of `width` cells."""
    gap = max(0, width - width_of(left) - width_of(right))
    return assemble(*left, " " * gap, *right).truncate(width)


def render(cell: Cell, width: int, height: int, threat_on: bool) -> Content:
    """The cell's text for a cell of `width` × `height`: on one row when it is wide enough
    for a name and its marks side by side (or only one row high), else the name on a row and
    the marks below it."""
    width = max(1, width)
    threat = threat_on and bool(cell.threat)
    if height <= 1 or width >= ONE_ROW:  # `Bilbao A▪▪▪ ☢B`: the name, then the marks at the end
        left, right = marks(cell, max(0, width - 3), threat)
        used = width_of(left) + width_of(right) + (1 if left and right else 0)
        room = width - used - (1 if used else 0)
        if room < 2:
            return spread(left, right, width)
        head = [name_part(cell, room), (" ", "")] if used else [name_part(cell, room)]
        return spread(head + left, right, width)
    left, right = marks(cell, width, threat)
    return Content("\n").join([assemble(name_part(cell, width)), spread(left, right, width)])

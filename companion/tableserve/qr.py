"""QR codes of the table's address, as text (terminal, Textual) and SVG (docs).

Text uses half blocks so two module rows share one character row and the
code keeps its square shape in a terminal cell (about twice as tall as
wide). Dark modules are drawn as block characters, so the text must be
shown dark on light (`on_light` below, or the modal's CSS); the quiet zone
(`border` light modules on each side) is part of the text, since a scanner
needs it and the surrounding screen may be dark.
"""

from __future__ import annotations

from typing import Iterator

import segno

# (top dark, bottom dark) -> the character showing those two modules
_HALF = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
QUIET = 4  # the quiet zone the QR specification asks for, in modules


def code(data: str) -> segno.QRCode:
    """The smallest regular (not micro) QR code of `data`: level L at least (a screen is not a
    smudged label), raised by segno when the same size allows more."""
    return segno.make(data, error="l", micro=False)


def matrix(data: str, border: int = QUIET) -> list[list[bool]]:
    """The modules of `data`'s code, quiet zone included; True is dark."""
    return [[bool(m) for m in row] for row in code(data).matrix_iter(scale=1, border=border)]


def half_blocks(data: str, border: int = QUIET) -> list[str]:
    """`data`'s code as lines of ▀▄█ and spaces: one character per module column, one line per
    two module rows (a last odd row pairs with light)."""
    rows = matrix(data, border)
    width = len(rows[0])
    lines = []
    for top in range(0, len(rows), 2):
        bottom = rows[top + 1] if top + 1 < len(rows) else [False] * width
        lines.append("".join(_HALF[(a, b)] for a, b in zip(rows[top], bottom)))
    return lines


def on_light(lines: list[str]) -> Iterator[str]:
    """The lines with ANSI colours for a terminal: black modules on a white ground, whatever
    the terminal's own colours are."""
    for line in lines:
        yield f"\x1b[30;107m{line}\x1b[0m"


def svg(data: str, path: str, scale: int = 8) -> None:
    """Write `data`'s code as an SVG file (for the docs or printing)."""
    code(data).save(path, kind="svg", scale=scale, border=QUIET)

"""Text that came from a person or a file, made safe to keep and to print.

A name or a typed line may hold control characters: a terminal escape
sequence (ESC, or the one-byte CSI of the C1 set), a NUL, a bell, or the
invisible marks that turn text right to left. Such characters are stripped
from what players type (`plain`), refused in a save, and escaped wherever
companion prints (`printable`), so no text of anyone's ever drives the
terminal. Markup-looking text such as `[bold]Ana` is not a control
character: it stays as typed.
"""

from __future__ import annotations

import re

MAX_NAME = 40  # characters of a player's name: a name, not a sentence

# C0 and DEL, the C1 set (U+0080..U+009F, where one byte can start an escape
# sequence), and the bidirectional overrides and isolates (which reorder
# what follows them on screen).
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# What `printable` lets through: a line break and a tab are layout, not control.
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def has_control(text: str) -> bool:
    """True when `text` holds a control character (line breaks and tabs included)."""
    return CONTROL.search(text) is not None


def plain(text: str) -> str:
    """`text` without its control characters (what a typed name keeps)."""
    return CONTROL.sub("", text)


def printable(text: str) -> str:
    """`text` with every control character but line breaks and tabs written
    out as `\\uXXXX`, so printing it never emits a raw escape sequence (and
    inside a JSON string the escape still reads back as the character)."""
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

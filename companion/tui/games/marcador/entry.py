"""Keyed entry: a player's number, then the points, then Enter (`2 15`, `2-3`, `2=40`; with
nine players or fewer the first digit is the seat: `215` is Bo +15). Pure: the screen
keeps the typed text and turns a complete one into notation with `notation()`."""

from __future__ import annotations

SIGNS = "+-="


def seat_typed(typed: str, players: int) -> int | None:
    """The player's number as typed (from 1), in range or not; None while none is typed."""
    text = typed.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if digits == 0:
        return None
    if not text[digits:].strip() and players <= 9 and digits >= 2:
        return int(text[0])
    return int(text[:digits])


def read(typed: str, players: int) -> tuple[int, str] | None:
    """(seat from 0, points as notation: `+15`, `-3`, `=40`) or None while incomplete or wrong."""
    text = typed.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    if digits == 0:
        return None
    seat_text, rest = text[:digits], text[digits:].strip()
    if not rest:
        if players > 9 or len(seat_text) < 2:
            return None  # more than nine seats: a space or a sign ends the seat's number
        seat_text, rest = seat_text[0], seat_text[1:]
    seat = int(seat_text)
    if not 1 <= seat <= players:
        return None
    sign = rest[0] if rest[0] in SIGNS else "+"
    number = rest[1:].strip() if rest[0] in SIGNS else rest
    if not number.isdigit() or len(number) > 4:
        return None
    return seat - 1, f"{sign}{int(number)}"


def notation(typed: str, names: list[str]) -> str | None:
    """The line a complete entry plays (`Bo +15`), by the player's name as typed."""
    found = read(typed, len(names))
    if found is None:
        return None
    seat, points = found
    return f"{names[seat]} {points}"

"""The cards of Gauekos and the deck built from them.

A role is a lowercase ASCII key (`sorgina`, not `Sorgiña`) so notation is
easy to type; its name in the table's language is the line
`gauekos.role.<key>`. The box limits and the recommended gaueko count come
from the rule text and RULINGS.md; the app warns about odd decks, it never
forbids them (the Kontalari decides).
"""

from __future__ import annotations

from typing import Mapping

from companion.core.game import Line
from companion.core.notation import fold

CAMPESINO = "campesino"
GAUEKO = "gaueko"
GALTZAGORRI = "galtzagorri"
SORGINA = "sorgina"
LAMIA = "lamia"
SAMARTINTXIKI = "samartintxiki"
CAZADOR = "cazador"
AKERBELTZ = "akerbeltz"

# Specials in the order they are written in notation (one card each in the box).
SPECIALS = (GALTZAGORRI, SORGINA, LAMIA, SAMARTINTXIKI, CAZADOR, AKERBELTZ)
ROLES = (CAMPESINO, GAUEKO, *SPECIALS)
BOX = {CAMPESINO: 20, GAUEKO: 4, **{s: 1 for s in SPECIALS}}
LEFTOVERS = 2  # cards left face down when Samartintxiki is in the deck

ALIASES = {
    "villager": CAMPESINO, "campesinos": CAMPESINO, "nekazari": CAMPESINO, "nekazaria": CAMPESINO,
    "gauekos": GAUEKO, "gauekoak": GAUEKO, "werewolf": GAUEKO, "wolf": GAUEKO, "lobo": GAUEKO,
    "sorgin": SORGINA, "seer": SORGINA, "vidente": SORGINA,
    "hunter": CAZADOR, "ehiztari": CAZADOR, "ehiztaria": CAZADOR,
    "witch": AKERBELTZ, "bruja": AKERBELTZ,
    "cupid": LAMIA, "cupido": LAMIA,
    "thief": SAMARTINTXIKI, "ladron": SAMARTINTXIKI,
    "girl": GALTZAGORRI, "nina": GALTZAGORRI,
}


def role_key(word: str) -> str | None:
    """The role a typed word names (any case, any accents), or None."""
    key = fold(word)
    if key in ROLES:
        return key
    return ALIASES.get(key)


def role_line(role: str) -> Line:
    return Line(f"gauekos.role.{role}")


def recommended_gauekos(players: int) -> int:
    """RULINGS: 1 for 6-7 (below the published range), 2 for 8-11, 3 for 12-15, 4 for 16+."""
    if players < 8:
        return 1
    if players < 12:
        return 2
    if players < 16:
        return 3
    return 4


def deck_size(players: int, specials: tuple[str, ...]) -> int:
    return players + (LEFTOVERS if SAMARTINTXIKI in specials else 0)


def deck_cards(players: int, gauekos: int, specials: tuple[str, ...]) -> dict[str, int]:
    """Every card in the deck by role: the specials, the gauekos, campesinos to fill."""
    fill = deck_size(players, specials) - gauekos - len(specials)
    cards = {CAMPESINO: fill, GAUEKO: gauekos}
    cards.update({s: 1 for s in specials})
    return {r: n for r, n in cards.items() if n > 0}


def deck_warnings(players: int, gauekos: int, specials: tuple[str, ...]) -> list[Line]:
    """Odd decks the Kontalari should know about (never a refusal)."""
    warnings: list[Line] = []
    recommended = recommended_gauekos(players)
    if players < 8:
        warnings.append(Line("gauekos.warn.few_players", {"players": players}))
    if gauekos != recommended:
        warnings.append(Line("gauekos.warn.gaueko_count", {"count": gauekos, "recommended": recommended}))
    if gauekos > BOX[GAUEKO]:
        warnings.append(Line("gauekos.warn.box", {"role": role_line(GAUEKO), "count": gauekos, "box": BOX[GAUEKO]}))
    fill = deck_cards(players, gauekos, specials).get(CAMPESINO, 0)
    if fill > BOX[CAMPESINO]:
        warnings.append(Line("gauekos.warn.box", {"role": role_line(CAMPESINO), "count": fill, "box": BOX[CAMPESINO]}))
    if gauekos * 2 >= players:
        warnings.append(Line("gauekos.warn.too_many_gauekos", {"count": gauekos, "players": players}))
    if LAMIA in specials and players < 8:
        warnings.append(Line("gauekos.warn.lamia_small", {"players": players}))
    return warnings


def count_text(cards: Mapping[str, int]) -> str:
    """`2 gaueko, 1 sorgina, 5 campesino`: the cards as notation writes them, for refusals."""
    return ", ".join(f"{n} {r}" for r, n in sorted(cards.items(), key=lambda rn: ROLES.index(rn[0])))

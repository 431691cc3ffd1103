"""The reference tables of the dice screen besides the rolled ones: what
each Halloween action card does, the Kaiju battle odds by defence, and the
Alien deck, rank by rank. Built from the games' pure data modules (nothing
here decides a rule) with every word from the voice packs; one table is
shown at a time, chosen with a key.

The rolled result tables (`companion.games.tables.TABLES`) come first: a
roll of their dice lights their row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from rich.text import Text
from textual.content import Content

from companion.core.lines import Line
from companion.games.alien import cards as alien
from companion.games.halloween import cards as halloween
from companion.games.kaiju import odds as kaiju
from companion.games.tables import TABLES

from .i18n import say, ui


@dataclass(frozen=True)
class Reference:
    """A table to read, not to roll on: `rows(lang)` gives a grid (header first) or lines."""

    id: str
    grid: bool  # True: rows of cells, header first (a DataTable); False: lines of text
    rows: Callable[[str], list]
    note: Callable[[str], str] | None = None  # read under the table: how it was worked out


def _line(line_id: str, lang: str, **values) -> str:
    return say(Line(line_id, values), lang)


def halloween_cards(lang: str) -> list[Content]:
    """The 17 action cards: when each is played, then what it does."""
    lines: list[Content] = []
    for card in halloween.ACTION_CARDS:
        number = int(card)
        lines.append(Content.styled(say(halloween.when(number), lang), "bold $accent"))
        lines.append(Content.assemble("  ", _line(f"halloween.card.{number}", lang)))
    return lines


KAIJU_LEVELS = (1, 2, 3, 4, kaiju.CUARTEL)


def kaiju_odds(lang: str) -> list[list[Text]]:
    """Each defence, 1 platoon to a Cuartel: the exact chance the city repels the Kaiju."""
    rows = [[Text(ui(f"table.kaiju_odds.{col}", lang), style="bold") for col in ("defence", "repels", "destroyed")]]
    for level in KAIJU_LEVELS:
        name = (_line("kaijupoly.troops.cuartel", lang) if level == kaiju.CUARTEL
                else _line("kaijupoly.troops.platoons", lang, count=level))
        holds = kaiju.survival(level)
        rows.append([Text(name), Text(ui("table.kaiju_odds.percent", lang, percent=kaiju.percent(holds))),
                     Text(ui("table.kaiju_odds.percent", lang, percent=kaiju.percent(1 - holds)))])
    return rows


def kaiju_note(lang: str) -> str:
    return ui("table.kaiju_odds.note", lang)


def alien_deck(lang: str) -> list[Content]:
    """What each card of the Alien deck does, rank by rank; then the figures (the codes)."""
    lines: list[Content] = []
    for rank in alien.NUMBERS:
        card = rank + alien.SUITS[0]
        kind = alien.effect(card)
        what = (ui("table.alien_deck.strike", lang, count=alien.STRIKE[rank]) if kind == "strike"
                else ui(f"table.alien_deck.{kind}", lang))
        lines.append(Content.assemble((f"{_line(f'alien-1979.rank.{rank}', lang)}: ", "bold $accent"), what))
    for rank in alien.FIGURE_RANKS:
        what = ui("table.alien_deck.figure", lang, count=alien.COUNTDOWN[rank])
        if rank == alien.REY:
            what += " " + ui("table.alien_deck.king", lang)
        lines.append(Content.assemble((f"{_line(f'alien-1979.rank.{rank}', lang)}: ", "bold $accent"), what))
    lines.append(Content.styled(ui("table.alien_deck.suits", lang), "dim"))
    return lines


REFERENCES: tuple[Reference, ...] = (
    Reference("halloween_cards", False, halloween_cards),
    Reference("kaiju_odds", True, kaiju_odds, kaiju_note),
    Reference("alien_deck", False, alien_deck),
)

# Every table the screen shows, in order: the rolled ones, then the ones to read.
TABLE_IDS: tuple[str, ...] = tuple(TABLES) + tuple(r.id for r in REFERENCES)

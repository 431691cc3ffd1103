"""Kaijupoly's position as the ring's cells and the centre's sections, read
from the game's plain data (`game.facts()`: the position and the Kaiju's
threat; the board; the ledger). Pure functions: no widget, no rule.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from rich.cells import cell_len
from textual.content import Content

from companion.games.kaiju.notation import NAME
from companion.games.kaiju.odds import percent
from companion.games.kaiju.say import money as money_line

from ...i18n import say, ui
from .cells import KAIJU, Cell, Chip, Tag, assemble
from .centre import (TURN, Section, battle_section, chance, ledger_section, legend_section, padded, tag_part,
                     troops_marks)

UI = f"ui.{NAME}"
NAME_WIDTH = 12

# The centre's sections by urgency: a battle going on (or just over) and, while troops are bought,
# the odds the general's cities have now; the generals; the last battle; the legend.
BATTLE_NOW, ODDS_NOW, TABLE, BATTLE_LAST, LEGEND = 5, 4, 3, 2, 1


def threats(facts: Mapping[str, Any]) -> dict[int, str]:
    """The chance the Kaiju's next move lands on each square, as `17%` (a board's square has
    no room for a space or the Basque order: the legend says what it is)."""
    found = facts.get("threat") or facts["position"].get("threat") or {}
    return {int(square): f"{percent(Fraction(value))}%" for square, value in found.items()}


def cells(game: Any, facts: Mapping[str, Any], tags: Sequence[Tag]) -> list[Cell]:
    position = facts["position"]
    board = game.board
    owner, level = position["owner"], position["level"]
    destroyed, leftovers = set(position["destroyed"]), set(position["leftovers"])
    abandoned = set(position.get("abandoned", ()))
    threat = threats(facts)
    generals = position["generals"]
    found = []
    for square in board.squares:
        p = square.position
        seat = owner.get(str(p))
        chips = tuple(Chip(tags[s], g["jailed"]) for s, g in enumerate(generals)
                      if not g["out"] and g["square"] == p and position["phase"] == "play")
        found.append(Cell(square.short, square.group, None if seat is None else tags[seat],
                          level.get(str(p), 0), square.deed, p in destroyed, None, position["kaiju"] == p,
                          chips, threat.get(p), p in leftovers, p in abandoned))
    return found


def money(game: Any, amount: int, lang: str) -> str:
    return say(money_line(game, amount), lang)


def heading(game: Any, position: Mapping[str, Any], lang: str) -> Content:
    """`Ronda 4 · ☢ en Glorieta de Bilbao · tira Carlos`, or the phase before play."""
    phase = position["phase"]
    if phase == "deal":
        return assemble((ui(f"{UI}.phase.deal", lang), "bold"))
    if phase in ("order", "pick"):
        names = ", ".join(game.board[p].name for p in position["leftovers"])
        return assemble((ui(f"{UI}.phase.leftovers", lang) + " ", "bold"), names)
    parts: list[Any] = [(ui(f"{UI}.round", lang, round=position["round"]), "bold"), " · "]
    if position["kaiju"] is None:
        parts += [(KAIJU, "bold $error"), " " + ui(f"{UI}.kaiju_waits", lang, go=game.board[0].name)]
    else:
        parts += [(KAIJU, "bold reverse $error"), " " + ui(f"{UI}.kaiju_at", lang,
                                                           city=game.board[position["kaiju"]].name)]
        if position["roller"] is not None:
            parts.append(" · " + ui(f"{UI}.kaiju_roller", lang, player=game.players[position["roller"]]))
    return assemble(*parts)


def table_section(game: Any, position: Mapping[str, Any], tags: Sequence[Tag], lang: str) -> Section:
    """The generals: tag, name, money, cities standing, where, and jail, cards or out."""
    players = game.players
    generals = position["generals"]
    width = min(NAME_WIDTH, max(cell_len(ui(f"{UI}.col.general", lang)), *(cell_len(p) for p in players)))
    amounts = [money(game, g["money"], lang) for g in generals]
    cash = max(cell_len(ui(f"{UI}.col.money", lang)), *(cell_len(a) for a in amounts))
    cities = cell_len(ui(f"{UI}.col.cities", lang))
    head = assemble(("   " + padded(ui(f"{UI}.col.general", lang), width) + " "
                     + ui(f"{UI}.col.money", lang).rjust(cash) + "  "
                     + ui(f"{UI}.col.cities", lang) + "  " + ui(f"{UI}.col.square", lang), "dim"))
    lines = [heading(game, position, lang)]
    if position["phase"] in ("deal", "order", "pick"):  # before play: the deeds each holds
        owners = position["owner"]
        for seat, name in enumerate(players):
            held = sum(1 for o in owners.values() if o == seat)
            lines.append(assemble(" ", tag_part(tags[seat]), " ", (padded(name, width) + " ", "bold"),
                                  ui(f"{UI}.deeds", lang, count=held)))
        return Section(lines, TABLE)
    rows = []
    for seat, (name, general) in enumerate(zip(players, generals)):
        turn = position["current"] == seat and position["stage"] in ("roll", "end")
        state: list[str] = []
        if general["out"]:
            state.append(ui(f"{UI}.out", lang))
        elif general["jailed"]:
            state.append(ui(f"{UI}.jailed", lang))
        if general["jail_cards"]:
            state.append(ui(f"{UI}.jail_cards", lang, count=general["jail_cards"]))
        where = "" if general["out"] else game.board[general["square"]].short
        style = "dim" if general["out"] else ""
        rows.append(assemble(
            (TURN if turn else " ", "bold $accent"), tag_part(tags[seat]), " ",
            (padded(name, width), "bold reverse" if turn else "bold"),
            (" " + amounts[seat].rjust(cash) + "  " + str(general["cities"]).ljust(cities) + "  ", style),
            (where.ljust(8) + "  ", style), (" · ".join(state), "bold $warning")))
    return Section(lines + [head] + rows, TABLE, short=rows)


def odds_section(game: Any, position: Mapping[str, Any], lang: str, width: int) -> Section:
    """While a general buys troops: how likely each of their protected cities is to hold now,
    as many a line as fit `width`."""
    seat = position["current"]
    odds = position["odds"]
    held = sorted(int(p) for p, owner in position["owner"].items() if owner == seat and p in odds)
    if seat is None or not held:
        return Section([], ODDS_NOW)
    lines: list[Content] = []
    parts: list[Any] = [(ui(f"{UI}.odds_now", lang), "bold")]
    used = cell_len(parts[0][0])
    for p in held:
        item = [" " + game.board[p].short + " ", (troops_marks(position["level"][str(p)]), "bold"),
                " " + chance(odds[str(p)], lang) + " "]
        size = sum(cell_len(i if isinstance(i, str) else i[0]) for i in item)
        if used + size > width and len(parts) > 1:
            lines.append(assemble(*parts))
            parts, used = [], 0
        parts += item
        used += size
    lines.append(assemble(*parts))
    return Section(lines, ODDS_NOW)


def just_fought(played: Sequence[Any]) -> bool:
    """Whether the last action played was a round of a battle (its events say so)."""
    return bool(played) and any(".battle." in event.line.id for event in played[-1].events)


def sections(game: Any, facts: Mapping[str, Any], tags: Sequence[Tag], played: Sequence[Any],
             threat_on: bool, mode: str, lang: str, step: str | None, width: int) -> list[Section]:
    """The centre: the ledger on request, else the generals and the battle, and the legend."""
    position = facts["position"]
    if mode == "ledger":
        return [ledger_section(game, tags, lang, TABLE)]
    found = [table_section(game, position, tags, lang)]
    if step in ("troops", "end"):
        found.append(odds_section(game, position, lang, width))
    battle = position["battle"]
    if battle is not None:
        now = battle["end"] is None or just_fought(played)
        found.append(battle_section(battle, game.board, lang, BATTLE_NOW if now else BATTLE_LAST, width))
    found.append(legend_section(tags[0], threat_on, lang, LEGEND))
    return found

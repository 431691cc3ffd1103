"""Rey de los Monstruos on the same ring: the players are the kaijus (no
money, no bank), every city shows its Cuartel or its platoons, a destroyed
city its rubble and the tag of the kaiju that took it; the centre holds the
kaijus' table (where each stands, cities and deeds taken, knocked down), the
battle round by round and the last fight between two kaijus.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.cells import cell_len

from companion.games.kaiju.notation import KING

from ...i18n import ui
from .cells import Cell, Chip, Tag, assemble
from .centre import FIGHT, TURN, Section, battle_section, legend_section, padded, tag_part
from .screen import KaijuScreen
from .view import BATTLE_LAST, BATTLE_NOW, LEGEND, NAME_WIDTH, TABLE, just_fought, threats

UI = f"ui.{KING}"
FOUGHT = "rey-de-los-monstruos.fight."


def cells(game: Any, facts: Mapping[str, Any], tags: Sequence[Tag]) -> list[Cell]:
    position = facts["position"]
    level, taken = position["level"], position["taken"]
    destroyed = set(position["destroyed"])
    threat = threats(facts)
    kaijus = position["kaijus"]
    found = []
    for square in game.board.squares:
        p = square.position
        chips = tuple(Chip(tags[s], k["down"]) for s, k in enumerate(kaijus) if k["square"] == p)
        taker = taken.get(str(p))
        found.append(Cell(square.short, square.group, None, level.get(str(p), 0), False, p in destroyed,
                          None if taker is None else tags[taker], False, chips, threat.get(p)))
    return found


def table_section(game: Any, position: Mapping[str, Any], tags: Sequence[Tag], lang: str) -> Section:
    """The kaijus: tag, name, where, cities and deeds taken, knocked down."""
    players = game.players
    standing = sum(1 for p in game.board.cities if p not in set(position["destroyed"]))
    width = min(NAME_WIDTH, max(cell_len(ui(f"{UI}.col.kaiju", lang)), *(cell_len(p) for p in players)))
    cities = cell_len(ui(f"{UI}.col.cities", lang))
    deeds = cell_len(ui(f"{UI}.col.deeds", lang))
    heading = assemble((ui("ui.kaijupoly.round", lang, round=position["round"]), "bold"), " · ",
                       ui(f"{UI}.standing", lang, count=standing))
    head = assemble(("   " + padded(ui(f"{UI}.col.kaiju", lang), width) + " "
                     + padded(ui("ui.kaijupoly.col.square", lang), 8) + "  "
                     + ui(f"{UI}.col.cities", lang) + "  " + ui(f"{UI}.col.deeds", lang), "dim"))
    rows = []
    for seat, (name, kaiju) in enumerate(zip(players, position["kaijus"])):
        turn = position["current"] == seat
        numbers = (" " + padded(game.board[kaiju["square"]].short, 8) + "  " + str(kaiju["cities"]).ljust(cities)
                   + "  " + str(kaiju["deeds"]).ljust(deeds) + "  ")
        rows.append(assemble((TURN if turn else " ", "bold $accent"), tag_part(tags[seat]), " ",
                             (padded(name, width), "bold reverse" if turn else "bold"), numbers,
                             (ui(f"{UI}.down", lang) if kaiju["down"] else "", "bold $warning")))
    return Section([heading, head, *rows], TABLE, short=rows)


def fight_section(game: Any, fight: Mapping[str, Any], lang: str, priority: int) -> Section:
    """The last fight between two kaijus: both rolls (who fell is in the table and the log)."""
    a, b = fight["mine"], fight["theirs"]
    line = ui(f"{UI}.fight", lang, player=game.players[fight["mover"]], other=game.players[fight["other"]],
              mine=f"{a[0]}+{a[1]}={sum(a)}", theirs=f"{b[0]}+{b[1]}={sum(b)}")
    return Section([assemble((f"{FIGHT} ", "bold $error"), line)], priority)


def sections(game: Any, facts: Mapping[str, Any], tags: Sequence[Tag], played: Sequence[Any],
             threat_on: bool, lang: str, step: str | None, width: int) -> list[Section]:
    position = facts["position"]
    found = [table_section(game, position, tags, lang)]
    fight = position["fight"]
    if fight is not None:
        now = step == "kaiju_fight" or (bool(played) and any(e.line.id.startswith(FOUGHT)
                                                              for e in played[-1].events))
        found.append(fight_section(game, fight, lang, BATTLE_NOW if now else BATTLE_LAST - 1))
    battle = position["battle"]
    if battle is not None:
        now = battle["end"] is None or just_fought(played)
        attacker = battle.get("attacker")
        found.append(battle_section(battle, game.board, lang, BATTLE_NOW if now else BATTLE_LAST, width,
                                    attacker=game.players[attacker] if attacker is not None else None))
    found.append(legend_section(tags[0], threat_on, lang, LEGEND, king=True))
    return found


class KingScreen(KaijuScreen):
    """The same ring, the kaijus as the players; no bank (`b` does nothing here)."""

    def cells(self, facts: dict[str, Any]) -> list[Any]:
        return cells(self.game, facts, self.tags)

    def sections(self, facts: dict[str, Any], view: Any, width: int) -> list[Section]:
        return sections(self.game, facts, self.tags, view.played, self.threat_on, view.lang, view.prompt.step,
                        width)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "ledger":
            return False
        return super().check_action(action, parameters)

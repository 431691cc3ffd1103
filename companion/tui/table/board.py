"""Kaijupoly and Rey de los Monstruos on the table view: the ring of 40 squares (the game
master's `Ring` and `Cell` drawing, fed from the public state), with the rubble, the owners,
their troops, the Kaiju and who stands where. The board itself is the game's option (public:
`companion show` prints it); everything else comes from `public_state()`.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.content import Content

from companion.core.game import Line

from ..games.kaiju.cells import BARRACKS, CUARTEL, KAIJU, PLATOON, RUBBLE, Cell, Chip, Tag, tags

KAIJU_GAMES = ("kaijupoly", "rey-de-los-monstruos")


def board_for(options: Mapping[str, Any]) -> Any | None:
    """The game's board from its options, or None when it cannot be had (then no ring)."""
    from companion.core.errors import CompanionError
    from companion.games.kaiju.boards import DEFAULT, board_of

    try:
        return board_of(options.get("board", DEFAULT))
    except (CompanionError, OSError, ValueError, TypeError, KeyError):
        return None


def level_of(troops: Any) -> int:
    """Troops as a level: a Cuartel is CUARTEL, platoons their count."""
    if not isinstance(troops, Line):
        return 0
    if troops.id.endswith(".cuartel"):
        return CUARTEL
    count = troops.values.get("count", 0)
    return count if isinstance(count, int) else 0


def cells(game: str, state: Mapping[str, Any], board: Any) -> list[Cell]:
    players: Sequence[str] = list(state.get("players") or [])
    tag_of = dict(zip(players, tags(players)))
    held = set(state.get("in_jail") or []) | set(state.get("down") or [])
    deeds = state.get("deeds") or {}
    standing = state.get("standing") if isinstance(state.get("standing"), Mapping) else {}
    taker = {city: tag_of[p] for p, cities in (state.get("cities") or {}).items() if p in tag_of
             for city in cities}
    found = []
    for square in board.squares:
        name = square.name
        owner: Tag | None = None
        level, rubble = 0, False
        deed = deeds.get(name)
        if isinstance(deed, Line):
            rubble = deed.id.endswith(".destroyed")
            who = deed.values.get("player")
            owner = tag_of.get(who) if isinstance(who, str) else None
            level = level_of(deed.values.get("troops"))
        if game == "rey-de-los-monstruos":
            rubble = name in taker
            if isinstance(standing.get(name), Line):
                level = level_of(standing[name].values.get("troops"))
        chips = tuple(Chip(tag_of[p], p in held) for p, at in (state.get("where") or {}).items()
                      if at == name and p in tag_of and p not in (state.get("out") or []))
        found.append(Cell(square.short, square.group, owner, level, square.deed, rubble, taker.get(name),
                          state.get("kaiju") == name, chips))
    return found


def kaiju_lines(game: str, state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> list[Content]:
    """The ring's centre: the round and the Kaiju, each general (their tag on the ring, money,
    where they stand, jail or out), and the defended cities with their odds of holding."""
    from ..i18n import say, state_label
    from .games import SEP, value_text

    def label(key: str) -> str:
        return state_label(game, key, lang)

    players: Sequence[str] = list(state.get("players") or [])
    head: list[Any] = [(f"{label('round')} {state.get('round', '')}", "bold $accent")]
    if state.get("turn"):
        head += [SEP, (f"{label('turn')}: {state['turn']}", "bold")]
    if state.get("kaiju"):
        head += [SEP, (f"{KAIJU} {state['kaiju']}", "bold $error")]
    lines = [Content.assemble(*head)]
    money = state.get("money") or {}
    where = state.get("where") or {}
    out = set(state.get("out") or [])
    held = set(state.get("in_jail") or []) | set(state.get("down") or [])
    cities = state.get("cities") or {}
    for tag, name in zip(tags(players), players):
        parts: list[Any] = [(f" {tag.text} ", f"bold reverse {tag.colour}"), " ",
                            (name, "dim strike" if name in out else "bold")]
        if name in money:
            parts += ["  ", (str(money[name]), "bold $accent")]
        if name in cities:
            parts += ["  ", (f"{RUBBLE}{len(cities[name])}", "bold")]
        if name in where and name not in out:
            parts += ["  ", where[name]]
        if name in held:
            parts += ["  ", (label("in_jail" if game == "kaijupoly" else "down"), "$warning")]
        lines.append(Content.assemble(*parts))
    board = board_for(options)
    short = {square.name: square.short for square in board.squares} if board is not None else {}
    defended = [(name, line) for name, line in ((state.get("deeds") or state.get("standing") or {}).items())
                if isinstance(line, Line) and isinstance(line.values.get("troops"), Line)]
    if defended:
        parts = [(label("deeds" if game == "kaijupoly" else "standing") + ": ", "bold")]
        for number, (name, line) in enumerate(defended):
            level = level_of(line.values["troops"])
            marks = BARRACKS if level >= CUARTEL else PLATOON * level
            parts += ([SEP] if number else []) + [short.get(name, name), " ", (marks, "bold"),
                                                  f" {line.values.get('odds', '?')}%"]
        lines.append(Content.assemble(*parts))
    for key in ("destroyed", "left"):
        if key in state:
            lines.append(Content.assemble((label(key) + ": ", "bold"), value_text(state[key], lang)))
    return lines

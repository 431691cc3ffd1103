"""Each game's panel on the table view, as lines of Content from the PUBLIC state only
(`game.public_state()`, as the public view holds it) and the game's options. Pure functions:
plain data in, Content out, so the secrecy test reads exactly what the screen shows.

Where a game master's screen draws from plain public data (Halloween's status and children),
its drawing is reused; the others are drawn here from the public state's own shape.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from textual.content import Content

from companion.core.game import Line

from ..i18n import say, state_label, ui

Lines = list[Content]
SEP = (" · ", "dim")
DEAD, ALIVE = "†", "●"


def value_text(value: Any, lang: str) -> str:
    """A state value as words: Lines rendered, yes/no, lists and tables joined."""
    if isinstance(value, Line):
        return say(value, lang)
    if isinstance(value, bool):
        return ui("ui.yes" if value else "ui.no", lang)
    if value is None:
        return "—"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {value_text(v, lang)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(value_text(v, lang) for v in value)
    return str(value)


def labelled(game: str, key: str, value: Any, lang: str) -> Content:
    return Content.assemble((state_label(game, key, lang) + ": ", "bold"), value_text(value, lang))


def generic(game: str, state: Mapping[str, Any], lang: str, skip: tuple[str, ...] = ("players",)) -> Lines:
    """Every public entry as `Label: value` (the dice duel, and what a panel leaves out)."""
    return [labelled(game, key, value, lang) for key, value in state.items() if key not in skip]


# -- Gauekos ----------------------------------------------------------------------


def role(card: Any, lang: str) -> str:
    return say(Line(f"gauekos.role.{card}"), lang) if isinstance(card, str) else "?"


def gauekos(state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> Lines:
    g = "gauekos"
    head: list[Any] = []
    for key in ("night", "day"):
        if state.get(key):
            head += [SEP] if head else []
            head.append((f"{state_label(g, key, lang)} {state[key]}", "bold $accent"))
    if state.get("mayor"):
        head += [SEP, (ui("ui.gauekos.mayor", lang, player=state["mayor"]), "bold")]
    lines = [Content.assemble(*head)] if head else []
    alive = list(state.get("alive") or [])
    dead = state.get("dead") or {}
    for name in state.get("players") or []:  # one a line: read from across the room
        if name in dead:
            lines.append(Content.assemble((f"{DEAD} {name}", "dim strike"), "  ", (role(dead[name], lang), "dim")))
        elif name in alive:
            from ..games.gauekos.drawing import MAYOR  # the game master's grid's mark

            mark = [(f" {MAYOR}", "bold $accent")] if name == state.get("mayor") else []
            lines.append(Content.assemble((f"{ALIVE} {name}", "bold"), *mark))
    vote = state.get("vote")
    if isinstance(vote, Mapping) and vote.get("tally"):
        tally = sorted(vote["tally"].items(), key=lambda kv: -kv[1])
        parts: list[Any] = [(state_label(g, "vote", lang) + ": ", "bold")]
        for number, (name, count) in enumerate(tally):
            parts += ([SEP] if number else []) + [f"{name} ", (str(count), "bold $accent")]
        lines.append(Content.assemble(*parts))
    return lines


# -- La noche de Halloween --------------------------------------------------------------


def halloween(state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> Lines:
    from ..games.halloween.panels import child_content, fight_lines, final_lines, ranking_lines, status_content

    lines = [status_content(state, lang)]
    if state.get("ranking"):
        return lines + ranking_lines(state, lang)
    if state.get("fight"):  # the public fight: who attacks, the fronts, whose hidden bid is in (✓ / …)
        lines.append(Content.styled(ui("ui.halloween.context.fight", lang), "bold"))
        lines += fight_lines(state, state["fight"], lang)
    if state.get("revealed_children"):
        lines += final_lines(state, lang)
    lines.append(Content.styled(ui("ui.halloween.children", lang), "bold"))
    lines += [child_content(child, state, lang) for child in (state.get("children") or {}).values()]
    return lines


# -- 18 fantasmas -----------------------------------------------------------------------

GLYPH = {"r": ("▲", "#ff6f6f"), "y": ("●", "#ffd75f"), "b": ("■", "#6fb7ff")}


def fantasmas(state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> Lines:
    """The castle as a 5×5 grid: each ghost its owner's letter and its colour's glyph, each
    portal its glyph and where it opens; then what escaped and what is in the dungeon."""
    players = list(state.get("players") or [])
    rooms: dict[str, tuple[str, str]] = {}
    for seat, name in enumerate(players):
        for ghost in (state.get("ghosts") or {}).get(name, []):
            colour, _, room = str(ghost).partition(" ")
            rooms[room] = ("AB"[seat % 2], colour)
    portals = {str(v).split(" ")[0]: (c, str(v).split(" ")[-1]) for c, v in (state.get("portals") or {}).items()}
    legend: list[Any] = []
    for seat, name in enumerate(players[:2]):
        legend += ([SEP] if seat else []) + [("AB"[seat], "bold reverse"), f" {name}"]
    lines: Lines = [Content.assemble(*legend), Content.styled("   " + "".join(f" {c}  " for c in "abcde"), "dim")]
    for row in range(1, 6):
        parts: list[Any] = [(f"{row}  ", "bold")]
        for column in "abcde":
            room = f"{column}{row}"
            if room in portals:
                colour, arrow = portals[room]
                glyph, ink = GLYPH.get(colour, ("?", ""))
                parts.append((f"{glyph}{arrow}  ", f"bold {ink}"))
            elif room in rooms:
                owner, colour = rooms[room]
                glyph, ink = GLYPH.get(colour, ("?", ""))
                parts += [(owner, "bold"), (glyph, f"bold {ink}"), "  "]
            else:
                parts.append(("·   ", "dim"))
        lines.append(Content.assemble(*parts))
    for key in ("escaped", "dungeon", "to_place"):  # per player, each colour by its glyph
        table = state.get(key) or {}
        if not any(sum(v.values()) for v in table.values() if isinstance(v, Mapping)):
            continue
        parts: list[Any] = [(state_label("18-fantasmas", key, lang) + ": ", "bold")]
        for number, (name, counts) in enumerate(table.items()):
            parts += ([SEP] if number else []) + [name]
            for colour, count in counts.items():
                glyph, ink = GLYPH.get(colour, ("?", ""))
                parts += [" ", (glyph, f"bold {ink}"), (str(count), "bold")]
        lines.append(Content.assemble(*parts))
    if state.get("turn"):
        lines.append(labelled("18-fantasmas", "turn", state["turn"], lang))
    return lines


# -- Alien 1979 --------------------------------------------------------------------------------

PIP, EMPTY_PIP, MAX_PIPS = "●", "○", 5


def alien(state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> Lines:
    """The six sectors: who stands in each (pursuit pips, weapon, protection), the Alien,
    the face-down codes; then the countdown and the shuttle."""
    from companion.games.alien.cards import SECTORS

    from ..games.alien.nostromo import ARMED, GUARD

    where = state.get("where") or {}
    markers = state.get("markers") or {}
    armed, safe = set(state.get("weapons") or []), set(state.get("protected") or [])
    codes = state.get("face_down") or {}
    lines: Lines = []
    for sector in SECTORS:
        name = ui(f"ui.alien-1979.box.{sector}", lang)
        parts: list[Any] = [(f"{name:<10}", "bold")]
        if state.get("alien") == sector:
            parts.append((f" ✱ {ui('ui.alien-1979.alien', lang)} ", "bold reverse $error"))
        if codes.get(sector):
            parts.append((f" ▾{codes[sector]}", "$warning"))
        for player, at in where.items():
            if at != sector:
                continue
            count = int(markers.get(player, 0) or 0)
            turn = state.get("turn") == player
            parts += ["  ", (("▸" if turn else "") + player, "bold reverse" if turn else "bold"), " ",
                      (PIP * count + EMPTY_PIP * max(0, MAX_PIPS - count), "bold $error" if count >= 3 else "")]
            parts.append((GUARD if player in safe else ARMED if player in armed else "", "bold $success"))
        lines.append(Content.assemble(*parts))
    if state.get("dead"):
        lines.append(Content.styled(f"{DEAD} " + ", ".join(state["dead"]), "dim"))
    for key in ("countdown", "deck", "aboard"):
        if state.get(key):
            lines.append(labelled("alien-1979", key, state[key], lang))
    return lines


def dice_duel(state: Mapping[str, Any], options: Mapping[str, Any], lang: str) -> Lines:
    return generic("dice-duel", state, lang)


PANELS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any], str], Lines]] = {
    "gauekos": gauekos, "halloween": halloween, "18-fantasmas": fantasmas, "alien-1979": alien,
    "dice-duel": dice_duel,
}


def panel_lines(game: str, state: Mapping[str, Any], options: Mapping[str, Any], lang: str,
                width: int = 44) -> Lines:
    """The game's panel (a game without one of its own: every public entry, labelled);
    `width` is the panel's, for a game that draws to fit (Marcador's sheet and chart)."""
    if game in ("kaijupoly", "rey-de-los-monstruos"):
        from .board import kaiju_lines

        return kaiju_lines(game, state, options, lang)
    if game == "marcador":  # the sheet and the chart, drawn as on the game master's screen
        from ..games.marcador.drawing import table_lines

        return table_lines(state, options, lang, width)
    draw = PANELS.get(game)
    if draw is None:
        return generic(game, state, lang)
    return draw(state, options, lang)

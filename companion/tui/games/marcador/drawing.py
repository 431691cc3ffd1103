"""The scoreboard and the chart as Content, from Marcador's PUBLIC state only (plain JSON
data: names, numbers per round, totals, ranks). Pure functions, shared by the game
master's screen and the table view (companion/tui/table/games.py), so both draw the
same sheet and the secrecy audit reads exactly what is shown."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.content import Content

from ...i18n import ui

LEADER, TURN = "★", "▸"
PALETTE = ("#ff6b6b", "#4ecdc4", "#ffd166", "#a78bfa", "#06d6a0", "#f78c6b", "#7aa2f7", "#f472b6",
           "#c3e88d", "#89ddff")
NAME_MAX = 12
COLUMN = 5  # one round's column: up to four digits and a space


def marker(seat: int) -> str:
    """A player's mark on the chart and the sheet: 1-9, then A, B, C..."""
    return str(seat + 1) if seat < 9 else chr(ord("A") + seat - 9)


def colour(seat: int) -> str:
    return PALETTE[seat % len(PALETTE)]


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def rounds_shown(rounds: int, width: int, name_width: int, column: int, first: int | None = None) -> range:
    """The round columns that fit in `width` (the latest ones unless `first` scrolls back)."""
    room = max(1, (width - name_width - 17) // column)  # 4 marks and a space around the name, 12 after
    if first is None or first + room > rounds:
        first = max(0, rounds - room)
    return range(max(0, first), min(rounds, max(0, first) + room))


def scoreboard(state: Mapping[str, Any], width: int, lang: str, first: int | None = None) -> Content:
    """Players as rows in seat order (their number is the key that enters their points),
    the rounds as columns (every round of a game with a limit, the ones to come blank;
    those that fit, the latest unless scrolled back), the total and the rank; the leader
    starred, whose turn marked, the round in play highlighted."""
    players: Sequence[str] = state.get("players") or []
    by_round = state.get("by_round") or {}
    played = len(next(iter(by_round.values()), [])) if by_round else 0
    rounds = max(played, state.get("rounds") or 0)
    widest = max([len(str(v)) for line in by_round.values() for v in line] + [len(str(rounds)) + 1, 2])
    column = widest + 1
    name_width = min(NAME_MAX, max([len(p) for p in players] + [4]))
    shown = rounds_shown(rounds, width, name_width, column, first)
    current = state.get("round")
    over = state.get("ended") is not None
    total_word = ui("ui.marcador.total", lang)[:6]
    rank_word = ui("ui.marcador.rank", lang)[:4]
    more = ("‹", "bold $accent") if shown.start > 0 else (" ", "")
    head: list[Any] = [more, " " * (name_width + 4)]
    for r in shown:
        style = "bold reverse" if r + 1 == current and not over else "bold" if r < played else "dim"
        head.append((f"{ui('ui.marcador.round_short', lang, n=r + 1):>{widest}}", style))
        head.append(" ")
    head += [("›" if shown.stop < rounds else "│", "bold $accent" if shown.stop < rounds else "dim"),
             (f"{total_word:>6} ", "bold"), (f"{rank_word:>4}", "bold")]
    lines = [Content.assemble(*head)]
    leaders = set(state.get("leaders") or [])
    for seat, name in enumerate(players):
        turn = name == state.get("turn")
        mark = (LEADER, "bold $warning") if name in leaders else (" ", "")
        row: list[Any] = [((TURN if turn else " "), "bold $accent"), (marker(seat), f"bold {colour(seat)}"), mark,
                          " ", (f"{_cut(name, name_width):<{name_width}}", "bold reverse" if turn else "bold"), " "]
        points = by_round.get(name, [])
        for r in shown:
            if r < len(points):
                value = points[r]
                row.append((f"{value:>{widest}} ", "dim" if value == 0 and r + 1 != current else ""))
            else:
                row.append((f"{'·':>{widest}} ", "dim"))
        total = (state.get("totals") or {}).get(name, 0)
        rank = (state.get("ranks") or {}).get(name, 0)
        row += [("│", "dim"), (f"{total:>6} ", "bold"), (f"{rank:>3}.", "bold $warning" if rank == 1 else "")]
        lines.append(Content.assemble(*row))
    return Content("\n").join(lines)


def running_totals(state: Mapping[str, Any]) -> list[list[int]]:
    """Each seat's total after each round (the round in play included), from 0 before the first."""
    out = []
    for name in state.get("players") or []:
        total, line = 0, [0]
        for points in (state.get("by_round") or {}).get(name, []):
            total += points
            line.append(total)
        out.append(line)
    return out


def has_points(state: Mapping[str, Any]) -> bool:
    return any(any(line) for line in (state.get("by_round") or {}).values())


def chart(state: Mapping[str, Any], width: int, height: int, lang: str) -> Content:
    """Each player's running total over the rounds as a line of their colour and number,
    with the scale on the left and a legend below: where the game stands, at a glance."""
    series = running_totals(state)
    players = state.get("players") or []
    if not series or height < 4:
        return Content("")
    if not has_points(state):
        return Content.styled(ui("ui.marcador.chart_empty", lang), "dim")
    legend = Content("  ").join(Content.assemble((marker(s), f"bold {colour(s)}"), f" {_cut(n, 10)}")
                                for s, n in enumerate(players))
    legend_rows = max(1, -(-legend.cell_length // max(1, width)))
    rows = max(3, height - legend_rows - 1)
    low = min(min(line) for line in series)
    high = max(max(line) for line in series)
    if high == low:
        high = low + 1
    label_width = max(len(str(low)), len(str(high))) + 1
    plot_width = max(4, width - label_width - 1)
    points = len(series[0])
    planned = max(points, (state.get("rounds") or 0) + 1)  # a game of 8 rounds is drawn 8 wide from the start
    step = max(1, min(16, (plot_width - 1) // max(1, planned - 1))) if planned > 1 else 1
    first = max(0, points - (plot_width - 1) // step - 1)  # the latest rounds when they do not all fit
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_width for _ in range(rows)]

    def row_of(value: float) -> int:
        return rows - 1 - round((value - low) * (rows - 1) / (high - low))

    zero = row_of(0) if low <= 0 <= high else None
    if zero is not None:
        grid[zero] = [("┈", "dim")] * plot_width
    for seat, line in enumerate(series):
        style = colour(seat)
        shown = line[first:]
        for i in range(len(shown) - 1):  # the segment between two rounds, dotted
            for x in range(1, step):
                value = shown[i] + (shown[i + 1] - shown[i]) * x / step
                col = i * step + x
                if col < plot_width:
                    grid[row_of(value)][col] = ("·", style)
        for i, value in enumerate(shown):
            col = i * step
            if col < plot_width:
                grid[row_of(value)][col] = (marker(seat), f"bold {style}")
    lines = []
    for r, cells in enumerate(grid):
        label = str(high) if r == 0 else str(low) if r == rows - 1 else "0" if r == zero else ""
        lines.append(Content.assemble((f"{label:>{label_width}}┤", "dim"), *cells))
    axis = f"{'':>{label_width}}└" + "".join("┬" if (c % step == 0) else "─" for c in range(plot_width))
    lines.append(Content.styled(axis[: label_width + 1 + plot_width], "dim"))
    lines.append(legend)
    return Content("\n").join(lines)


def table_lines(state: Mapping[str, Any], options: Mapping[str, Any], lang: str, width: int = 44) -> list[Content]:
    """The table view's panel (companion/tui/table/games.py): the round and whose turn, the
    sheet, and the chart below it; all from the public state."""
    width = max(24, width)
    from companion.core.game import Line

    from ...i18n import say

    rounds = state.get("rounds")
    head = Line("marcador.round_of", {"round": state.get("round"), "rounds": rounds}) if rounds else Line(
        "marcador.round_open", {"round": state.get("round")})
    turn = state.get("turn")
    top = say(Line("marcador.describe.head", {"round": head, "player": turn}) if turn else
              Line("marcador.describe.head_over", {"round": head}), lang)
    lines = [Content.styled(top, "bold $accent"), *scoreboard(state, width, lang).split("\n")]
    if has_points(state):
        lines += [Content(""), *chart(state, width, 10, lang).split("\n")]
    return lines

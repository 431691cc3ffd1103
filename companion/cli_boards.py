"""`companion boards`: the Kaijupoly boards, shipped and the user's own, or one board's 40
squares. Every word from the packs, in `--lang`; a bad file is listed with its refusal."""

from __future__ import annotations

import argparse

from companion.core.errors import SetupError
from companion.core.game import Line
from companion.core.language import explain, render
from companion.core.notation import fold

from .cli import DEFAULT_LANG, _has_line, _print, _say


def cmd_boards(args: argparse.Namespace) -> int:
    """The boards (one bad file never stops the listing: its refusal is listed instead), or
    one board's 40 squares with --show."""
    from companion.games.kaiju import boards

    lang = getattr(args, "lang", None) or DEFAULT_LANG
    if args.show is not None:
        return _show_board(boards.board_of(boards.BoardOption("board", boards.DEFAULT).coerce(args.show)), lang)
    listed = boards.available()
    _print(_say("cli.boards.shipped", lang, folder=str(boards.FOLDER)))
    for entry in listed:
        if entry.path is None:
            _print("  " + _listed(entry, boards.shipped(), lang))
    folder = boards.user_folder()
    mine = [entry for entry in listed if entry.path is not None]
    _print(_say("cli.boards.mine", lang, folder=str(folder)))
    for entry in mine:
        _print("  " + _listed(entry, boards.shipped(), lang))
    if not mine:
        _print("  " + _say("cli.boards.none", lang, folder=str(folder)))
    _print(_say("cli.boards.use", lang))
    return 0


def _listed(entry, shipped: tuple[str, ...], lang: str) -> str:
    """One board's line: its title, where it comes from (a user file shadowed by a shipped
    board of that name says so), or its file's refusal."""
    if isinstance(entry.board, SetupError):
        return _say("cli.boards.bad", lang, id=entry.name, reason=explain(entry.board, lang))
    if entry.path is None:
        return _say("cli.boards.board", lang, id=entry.name, title=entry.board.title)
    shadowed = fold(entry.name) in shipped
    return _say("cli.boards.shadowed" if shadowed else "cli.boards.user", lang,
                id=entry.name, title=entry.board.title, path=str(entry.path))


BOARD_COLUMNS = ("price", "house", "hotel", "rent", "mortgage")


def _show_board(board, lang: str) -> int:
    """A board's 40 squares as a table: position, name, kind (a city's group), its amounts."""
    money = lambda amount: f"{amount} {board.currency}"  # noqa: E731
    _print(f"{board.title} ({board.id})")
    _print(_say("cli.boards.show.money", lang, start=money(board.start_money), go=money(board.go_salary),
                fine=money(board.jail_fine)))
    _print(_say("cli.boards.show.services", lang, currency=board.currency,
                rents=", ".join(map(str, board.station_rents)),
                single=board.utility_multipliers[0], both=board.utility_multipliers[1]))
    kinds = [s.kind for s in board.squares]
    _print(_say("cli.boards.show.counts", lang, cities=kinds.count("city"), stations=kinds.count("station"),
                utilities=kinds.count("utility"), deeds=len(board.deeds)))
    rows = []
    for square in board.squares:
        kind = _word(f"kaijupoly.board.kind.{square.kind}", lang, square.kind)
        if square.kind == "city":
            kind = _word(f"kaijupoly.board.group.{square.group}", lang, square.group or "")
        elif square.kind == "tax":
            kind = f"{kind} {money(square.tax)}"
        held = BOARD_COLUMNS if square.kind == "city" else ("price", "mortgage") if square.deed else ()
        amounts = [str(getattr(square, key)) if key in held else "" for key in BOARD_COLUMNS]
        rows.append([str(square.position), square.name, kind, *amounts])
    head = ["#", *(_say(f"cli.boards.column.{key}", lang) for key in ("name", "kind", *BOARD_COLUMNS))]
    widths = [max(len(row[c]) for row in [head, *rows]) for c in range(len(head))]
    for row in [head, *rows]:
        cells = [row[c].rjust(widths[c]) if c == 0 or c > 2 else row[c].ljust(widths[c]) for c in range(len(row))]
        _print("  ".join(cells).rstrip())
    return 0


def _word(line_id: str, lang: str, fallback: str) -> str:
    """A pack's word for something a file names (a kind, a group), or the file's own word."""
    return render(Line(line_id), lang) if _has_line(line_id, lang) else fallback

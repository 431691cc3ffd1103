"""`companion export FILE --csv`: a game's score sheet for a spreadsheet, one row per
player (the points of each round, the total, the rank), from the PUBLIC state only. The
header is in the table's language; a name that a spreadsheet would read as a formula
(`=`, `+`, `-`, `@`...) is written as text. Printed, or written whole to `--out`."""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from pathlib import Path
from typing import Any, Mapping

from companion.core.errors import CompanionError
from companion.core.game import Line
from companion.core.language import render

FORMULA = ("=", "+", "-", "@", "\t", "\r")


def add_export_parser(sub, langs: list[str]) -> None:
    p = sub.add_parser("export", help="write a game's score sheet for a spreadsheet (marcador)")
    p.add_argument("file", help="the save file")
    p.add_argument("--csv", action="store_true", required=True, help="as CSV (comma-separated values)")
    p.add_argument("--out", metavar="PATH", help="write to this file instead of printing")
    p.add_argument("--force", action="store_true", help="replace PATH if it exists")
    p.add_argument("--recover", action="store_true", help="read the intact part of a damaged save")
    p.add_argument("--lang", choices=langs, help="language of the header (default: the game's)")
    p.set_defaults(func=cmd_export)


def text_cell(value: Any) -> str:
    """A name as a spreadsheet shows it: never a formula."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA) else text


def sheet_rows(state: Mapping[str, Any], lang: str) -> list[list[Any]]:
    """The header and one row per player in seat order: name, each round, total, rank."""
    players = state["players"]
    by_round, totals, ranks = state["by_round"], state["totals"], state["ranks"]
    rounds = max((len(v) for v in by_round.values()), default=0)
    header = [render(Line("marcador.export.player"), lang),
              *(render(Line("marcador.export.round", {"n": n}), lang) for n in range(1, rounds + 1)),
              render(Line("marcador.export.total"), lang), render(Line("marcador.export.rank"), lang)]
    rows: list[list[Any]] = [header]
    for name in players:
        points = list(by_round.get(name, []))
        rows.append([text_cell(name), *points, *[""] * (rounds - len(points)), totals[name], ranks[name]])
    return rows


def as_csv(rows: list[list[Any]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def cmd_export(args: argparse.Namespace) -> int:
    from companion.cli import _load, _print  # the CLI's loading and printing, errors in the table's words

    session = _load(args, read_only=not args.recover)
    try:
        lang = args.lang or session.lang
        state = session.game.public_state()
        if not all(key in state for key in ("players", "by_round", "totals", "ranks")):
            raise CompanionError(Line("marcador.export.no_sheet", {"game": Line(f"game.{session.game.name}.title")}))
        text = as_csv(sheet_rows(state, lang))
    finally:
        session.close()
    if not args.out:
        sys.stdout.write(text)  # names as typed: the csv module quotes what needs quoting
        sys.stdout.flush()
        return 0
    path = Path(args.out)
    if path.exists() and not args.force:
        raise CompanionError(Line("marcador.export.exists", {"path": str(path)}))
    partial = path.with_name(path.name + ".part")
    try:  # the whole sheet, or nothing: written aside, then moved into place
        with open(partial, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise CompanionError(Line("marcador.export.cannot_write", {"path": str(path), "why": exc.strerror or str(exc)}))
    _print(render(Line("marcador.export.written", {"path": str(path), "rows": len(state["players"])}), lang))
    return 0

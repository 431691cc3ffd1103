"""`companion table FILE`: the public second screen for the players (a second terminal, a
projector, a TV). Without --serve it runs the table view here; with --serve it serves it as a
web page for every viewer (companion/tableserve/). Both show the public view only."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.core.errors import CompanionError
from companion.core.game import Line


def add_table_parser(sub, langs: list[str]) -> None:
    p = sub.add_parser("table", help="the table view: a public screen for the players that follows a save")
    p.add_argument("file", help="the save file (the game master's app keeps playing it)")
    p.add_argument("--serve", action="store_true", help="serve the table page to phones, tablets and TVs instead")
    p.add_argument("--host", help="with --serve: the address to listen on (default 127.0.0.1, this computer "
                                  "only; 0.0.0.0 serves the local network)")
    p.add_argument("--port", type=int, default=8000, help="with --serve: the port (default 8000; 0 picks a free one)")
    p.add_argument("--max-viewers", type=int, default=None, help="with --serve: how many browsers at once (default 60)")
    p.add_argument("--lang", choices=langs, help="language (default: the game master's app's, else the game's)")
    p.set_defaults(func=cmd_table)


def cmd_table(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise CompanionError(Line("cli.table.no_file", {"path": str(path)}))
    if args.serve:
        from companion.tableserve import serve  # the web page's module, only for --serve

        return serve(path, host=args.host, port=args.port, lang=args.lang, max_viewers=args.max_viewers)
    from companion.tui.table.app import TableApp

    app = TableApp(path, lang=args.lang)
    app.run()
    return app.return_code or 0

"""The command line: `companion` opens the TUI; the subcommands run games
headless (new, act, show), roll dice, and speak. Every action still goes
through the game's notation and the session's checks.

Every word printed for a player comes from the voice packs, in the game's
language (`--lang` when given, else the save's); only argparse's own --help
text is English, for whoever installs and scripts companion.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Sequence

from companion import __version__
from companion.cliout import (FAILED, INTERRUPTED, SAVED_BUT, SAVED_NOT_PRINTED, OutputError, print_line, say_error,
                              silence)
from companion.core.dice import roll_expression
from companion.core.errors import ActionError, InvalidActionError, CompanionError, DamagedSaveError, SavedButError
from companion.core.game import Line, Option
from companion.core.journal import peek_lang
from companion.core.lock import SaveLockedError
from companion.core.language import LANGUAGES, explain, render, template
from companion.core.notation import shown
from companion.core.players import players_from
from companion.core.registry import find_game, game_names
from companion.core.public import public_play, words as public_words
from companion.core.session import Played, Session

EPILOG = """\
notation: each game has its own (see docs/games/). End an action with
'@ 3 5' to give the values the table's physical dice (or cards) showed
instead of letting the app roll.
"""


DEFAULT_LANG = "es"


_print = print_line  # companion/cliout.py: a failing output is an OutputError, never a traceback


def _say(line_id: str, lang: str, /, **values) -> str:
    return render(Line(line_id, values), lang)


def _private(lang: str) -> str:
    return _say("cli.private", lang)


def _played_lines(played: Played, lang: str, private: bool, spell=None) -> list[str]:
    """What `act` prints of one accepted action. With `private`: its notation (in the table's
    words: `spell` is the game's speller) and every event (the private ones marked). Without: what
    the table may know (companion/core/public.py): a secret action's public line instead of its
    notation, and only the public events."""
    spell = spell or (lambda notation, _lang: notation)
    if private:
        return [f"{spell(played.entry.notation, lang)}:"] + [
            f"  {_private(lang) + ' ' if e.private else ''}{render(e.line, lang)}" for e in played.events]
    item = public_play(played)
    return [f"{render(item.said, lang)}" if item.secret else f"{spell(str(item.said), lang)}:"] + [
        f"  {render(line, lang)}" for line in item.events]


def _now_line(session: Session, lang: str, private: bool) -> str:
    """The closing line of `act`: how the game ended, or what it waits for (in public form
    without `private`: a private prompt names nobody holding a secret)."""
    outcome = session.outcome()
    if outcome and outcome.line:
        return render(outcome.line, lang)
    return render((session.expects() if private else session.game.public_prompt()).title, lang)


def _parse_options(pairs: Sequence[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CompanionError(Line("cli.bad_option", {"text": shown(pair)}))
        options[key.strip()] = value.strip()
    return options


def _title(game_cls, lang: str) -> str:
    """The game's title in the language."""
    return render(Line(f"game.{game_cls.name}.title"), lang)


def _has_line(line_id: str, lang: str) -> bool:
    return template(line_id, lang) != line_id


def _words(value, lang: str) -> str:
    """A value of a game's state or options as words: yes/no, lists and tables joined."""
    if isinstance(value, bool):
        return _say("cli.yes" if value else "cli.no", lang)
    if value is None:
        return "-"
    if isinstance(value, Line):
        return render(value, lang)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v, lang)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(_words(v, lang) for v in value)
    return str(value)


def _option_value(game_name: str, option: Option | None, value, lang: str) -> str:
    """An option's value as a player reads it and types it: on/off for a switch
    (the words parse back), a choice as typed with its words beside it."""
    if isinstance(value, bool):
        return _say("cli.on" if value else "cli.off", lang)
    if option is not None:
        value = option.shown(value)
    if option is not None and option.choices:
        line_id = f"game.{game_name}.option.{option.key}.{value}"
        if _has_line(line_id, lang):
            return f"{value} ({render(Line(line_id), lang)})"
    return _words(value, lang)


def _load(args: argparse.Namespace, read_only: bool = False) -> Session:
    """Replay the save; errors and notices are in `--lang`, else the save's language.
    A writer (not `read_only`) holds the save's lock until the session is closed."""
    try:
        session = Session.load(args.file, recover=args.recover, read_only=read_only)
    except CompanionError as exc:
        # A save whose language cannot be read is reported in the app's remembered one.
        args.shown_lang = args.lang or peek_lang(args.file) or remembered_lang()
        if isinstance(exc, DamagedSaveError):
            raise CompanionError(exc.line, allowed=Line("cli.recover_hint")) from None
        raise
    lang = args.shown_lang = args.lang or session.lang
    lock = session.journal.lock if session.journal is not None else None
    if lock is not None and lock.set_aside is not None:  # a killed writer's half batch, cut back
        _print(_say("cli.cut_back", lang, path=str(session.path), size=lock.rolled_back,
                    aside=str(lock.set_aside)), err=True)
    if session.recovered_to:
        _print(_say("cli.recovered", lang, count=len(session.played), path=str(session.recovered_to)), err=True)
        if session.recovery is not None:  # exactly which later actions were kept, which set aside
            if session.recovery.kept:
                _print(_say("cli.recovered.kept", lang, actions=session.recovery.listed("kept", lang)), err=True)
            _print(_say("cli.recovered.aside", lang, path=str(session.recovered_to),
                        actions=session.recovery.listed("aside", lang)), err=True)
    return session


def _run_app(app) -> int:
    """Run the TUI; after an unexpected error (Textual's return code is then 1)
    say so in the app's language, where its details are and that the game is
    saved, and return non-zero."""
    app.run()
    code = app.return_code or 0
    if code:
        for line in app.crash_words():
            _print(line, err=True)
    return code


# -- commands -------------------------------------------------------------------


def cmd_tui(args: argparse.Namespace) -> int:
    from companion.tui.app import create_app  # textual loads only for the TUI

    return _run_app(create_app(lang=args.app_lang, seed=args.seed, mute=args.mute, voice=args.app_voice))


def cmd_new(args: argparse.Namespace) -> int:
    game = find_game(args.game)
    players = players_from(args.players, args.lang)
    options = _parse_options(args.option)
    if args.opponent is not None:  # a game the app can play a side of has an `opponent` option
        options["opponent"] = args.opponent
    session = Session.new(game, players, options, seed=args.seed,
                          lang=args.lang, path=args.save, overwrite=args.force)
    _print(_say("cli.new.started", args.lang, game=_title(game, args.lang), players=", ".join(session.game.players)))
    _print(render(Line("cli.saved", {"path": session.path}), args.lang))
    _print(render(session.expects().title, args.lang))
    session.close()
    return 0


def cmd_act(args: argparse.Namespace) -> int:
    """Check every action on a copy of the game; if all are accepted, save them
    in one write (and fsync), and only then print them: nothing printed that
    was not saved, and a batch is saved whole or not at all."""
    session: Session | None = None
    saved = False
    try:
        session = _load(args)  # a writer: holds the save's lock until closed
        lang = args.lang or session.lang
        journal, session.journal = session.journal, None  # check everything before writing anything
        accepted: list[Played] = []
        try:
            for text in args.actions:
                session.act(text)
                accepted.append(session.played[-1])
        except ActionError as exc:
            # A notation error quotes the typed text itself; a rules refusal does not.
            quoted = isinstance(exc, InvalidActionError) and bool(exc.text)
            _print(_say("cli.act.refused_quoted" if quoted else "cli.act.refused", lang, text=shown(text),
                        reason=explain(exc, lang, public=not args.private)), err=True)
            if accepted:
                _print(_say("cli.act.nothing_saved", lang, count=len(accepted)), err=True)
            return 1
        finally:
            session.journal = journal  # closed (and its lock released) below
        doubt: SavedButError | None = None
        try:
            journal.append_many([played.entry for played in accepted])
        except SavedButError as exc:  # in the save (it replays): printed as played, then the problem
            doubt = exc
        saved = True
        for played in accepted:
            for line in _played_lines(played, lang, args.private, session.game_cls.spelled):
                _print(line)
        _print(_now_line(session, lang, args.private))
        if doubt is not None:
            say_error(f"companion: {explain(doubt, lang)}")
            return SAVED_BUT
        return 0
    except OutputError as exc:  # only stdout raises it, and only after the save
        say_error(_say("cli.saved_not_printed", lang, path=str(session.path), problem=exc.strerror or str(exc)))
        return SAVED_NOT_PRINTED
    except BrokenPipeError:
        # `companion act ... | head -1`: after the save the reader leaving is no
        # error; before it, nothing was saved and the exit status says so.
        _silence(sys.stdout)
        if saved:
            return 0
        lang = getattr(args, "shown_lang", None) or args.lang or DEFAULT_LANG
        try:
            _print(_say("cli.act.output_closed", lang), err=True)
        except OSError:
            _silence(sys.stderr)
        return 1
    finally:
        if session is not None:
            session.close()


_silence = silence


def _how(game, lang: str) -> str | None:
    """How the pending action is written (the step's hint: `vote 1>5 2>5…` at a vote, whose
    choices show only `mayor N`); none for a private step, whose hint is the game master's."""
    found = game.pending_step()
    if found is None or found[0].private:
        return None
    hint = found[0].hint(game, found[1])
    return render(hint, lang) if hint is not None else None


def state_dict(session: Session, private: bool, log: bool = True) -> dict:
    """`show`'s data. Without `private`, only the public view (companion/core/public.py): the
    prompt in public form, secret actions as what the table was told, no private event.
    Without `log`, the log is not rendered (an empty list): `show` prints it only with --log."""
    game = session.game
    lang = session.lang
    view = session.public_view()
    seen = public_words(view, lang, log=log and not private)
    data = {
        "file": str(session.path) if session.path else None,
        "game": session.header.game,
        "title": _title(type(game), lang),
        "players": list(game.players),
        "options": dict(game.settings),
        # The public count is of what the table saw: a phantom call's `pass` and a real call's
        # answers are told alike, so counting journal entries would tell them apart.
        "actions": len(session.played) if private else len(view.log),
        "now": seen["now"],
        "choices": seen["choices"],
        "state": seen["state"],
        "outcome": seen["outcome"],
        "log": [{"do": item["do"], "secret": item["secret"], "events": item["events"]} for item in seen["log"]],
    }
    data["how"] = _how(game, lang)
    if private:
        prompt = session.expects()
        data["now"] = render(prompt.title, lang)
        data["choices"] = [c.notation for c in prompt.choices]
        data["log"] = [{"do": p.entry.notation, "secret": p.secret,
                        "events": [render(e.line, lang) for e in p.events]} for p in session.played] if log else []
        data["private"] = game.private_state()
    return data


def cmd_show(args: argparse.Namespace) -> int:
    session = _load(args, read_only=not args.recover)  # a reader takes no lock; recovering writes
    if args.lang:
        session.header.lang = args.lang
    lang = session.lang
    name = session.header.game
    options = {o.key: o for o in session.game_cls.options}
    data = state_dict(session, args.private, log=args.log or args.json)
    if args.json:  # the game as data (ids and numbers) for scripts and the table page
        from companion.core.observe import FORMAT, observation

        data = {"format": FORMAT, **data, "observation": observation(session, args.private)}
    spell = session.game_cls.spelled
    session.close()
    if args.json:
        def plain(value: object) -> str:  # a Line inside a state (a Kaijupoly deed) says its words
            return render(value, lang) if isinstance(value, Line) else str(value)

        _print(json.dumps(data, ensure_ascii=False, indent=2, default=plain))
        return 0
    _print(f"{data['title']} — {data['file']}")
    _print(_say("cli.show.players", lang, players=", ".join(data["players"])))
    shown_options = ", ".join(f"{k}={_option_value(name, options.get(k), v, lang)}" for k, v in data["options"].items())
    _print(_say("cli.show.options", lang, options=shown_options or "-"))
    _print(_say("cli.show.actions", lang, count=data["actions"]))
    # The state in the table's words: the public state's lines, the private one's only with --private.
    for line in session.game_cls.describe(data["state"]):
        _print(f"  {render(line, lang)}")
    if args.private:
        for line in session.game_cls.describe(data["private"], private=True):
            _print(f"  {_private(lang)} {render(line, lang)}")
    if data["outcome"]:
        _print(_say("cli.show.over", lang, text=data["outcome"]["text"] or _say("game.over", lang)))
    else:
        _print(_say("cli.show.now", lang, text=data["now"]))
        if data["how"]:
            _print(_say("cli.show.how", lang, hint=data["how"]))
        if data["choices"]:  # the JSON keeps the canonical notation; the words are the table's
            _print(_say("cli.show.allowed", lang, actions=", ".join(spell(c, lang) for c in data["choices"])))
    if args.log:
        for number, item in enumerate(data["log"], 1):
            _print(f"{number:4}. {item['do'] if item['secret'] else spell(item['do'], lang)}")
            for line in item["events"]:
                _print(f"        {line}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    try:
        session = _load(args, read_only=args.read_only)
    except SaveLockedError as exc:  # another writer has it: say who, and how to look at it anyway
        raise CompanionError(exc.line, allowed=Line("cli.play.read_only_hint", {"path": args.file})) from None
    from companion.tui.app import create_app

    try:
        # --lang wins (given before or after `play`); else the app's remembered choice, else the save's.
        return _run_app(create_app(session=session, lang=args.lang, mute=args.mute,
                                   voice=getattr(args, "app_voice", None)))
    finally:
        session.close()


def cmd_roll(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    from companion.games.tables import TABLES

    table = None
    if args.table:
        table = TABLES.get(args.table)
        if table is None:
            raise CompanionError(Line("cli.roll.no_table", {"name": shown(args.table), "tables": ", ".join(TABLES)}))
    for _ in range(args.times):
        spec, faces, total = roll_expression(args.expr, rng)
        dice = " + ".join(map(str, faces))
        if spec.modifier:
            dice += f" {spec.modifier:+d}"
        line = f"{spec}: {dice} = {total}" if len(faces) > 1 or spec.modifier else f"{spec}: {total}"
        if table is not None:
            result = table.lookup(total)  # off the table: a CompanionError, in --lang
            line += " → " + render(Line(f"table.{table.id}.row", {"roll": total, "result": result}), args.lang)
        _print(line)
    return 0


def _seats(game, lang: str) -> str:
    if game.min_players == game.max_players:
        return _say("cli.games.players_exactly", lang, count=game.min_players)
    return _say("cli.games.players", lang, low=game.min_players, high=game.max_players)


def cmd_games(args: argparse.Namespace) -> int:
    lang = args.lang or DEFAULT_LANG
    for name, _title_en in game_names():
        game = find_game(name)
        said = f"game.{name}"
        _print(_say("cli.games.game", lang, name=name, title=render(Line(f"{said}.title"), lang),
                    players=_seats(game, lang), summary=render(Line(f"{said}.summary"), lang)))
        for opt in game.options:
            kind = _say("cli.games.house_rule" if opt.house_rule else "cli.games.option_kind", lang)
            label = render(Line(f"{said}.option.{opt.key}"), lang)
            help_ = render(Line(f"{said}.option.{opt.key}.help"), lang)
            default = _option_value(name, opt, opt.default, lang) if isinstance(opt.default, bool) else opt.default
            _print("    " + _say("cli.games.option", lang, key=opt.key, default=default, kind=kind,
                                 label=label, help=help_))
            for value in opt.choices:
                words = render(Line(f"{said}.option.{opt.key}.{value}"), lang)
                _print("        " + _say("cli.games.choice", lang, value=value, words=words))
    return 0


# -- the parser ---------------------------------------------------------------------


# Commands that need nothing of the speech layer: for these, `main` builds the
# parser without `say` and `voices`, so a headless `show` or `act` never imports it.
# Commands with no save to take a language from: without --lang, the remembered one.
OWN_LANG = frozenset({"cmd_new", "cmd_roll", "cmd_games", "_boards", "run_say"})
WITHOUT_SPEECH = frozenset({"new", "act", "show", "play", "roll", "games", "boards", "table", "export"})


def _needs_speech(argv: Sequence[str]) -> bool:
    """Whether parsing `argv` needs the `say`/`voices` commands: not when its
    first command word is one of WITHOUT_SPEECH (help and errors still list them)."""
    for word in argv:
        if word in ("-h", "--help"):
            return True
        if word in WITHOUT_SPEECH:
            return False
        if word in ("say", "voices"):
            return True
    return True


def remembered_lang() -> str:
    """The language the person chose last time in the app (kept beside the saves), else the
    default: for the commands with no save to take one from, when no --lang was given."""
    from companion.tui.memory import remembered_lang as kept  # plain JSON reading: no Textual
    from companion.tui.saves import default_home

    return kept(default_home()) or DEFAULT_LANG


def build_parser(speech: bool = True) -> argparse.ArgumentParser:
    langs = sorted(LANGUAGES)
    parser = argparse.ArgumentParser(
        prog="companion",
        description="A game master beside a physical board-game table. With no command, opens the app.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--lang", choices=langs, dest="app_lang",
                        help="language of the app and the narrator (default: the one chosen last time, else es); "
                             "also the language of a command given after it")
    parser.add_argument("--seed", type=int, help="seed for the app's dice (for a reproducible evening)")
    parser.add_argument("--mute", action="store_true", help="start with narration muted (subtitles only)")
    parser.add_argument("--voice", dest="app_voice", metavar="VOICE",
                        help="who narrates: auto (a Piper voice where the language has one, else espeak-ng), "
                             "espeak, or a Piper voice's name (see `companion voices`)")
    parser.set_defaults(func=cmd_tui)
    sub = parser.add_subparsers(title="commands", metavar="COMMAND")

    p = sub.add_parser("new", help="start a game and save it to a file", epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="which game (see `companion games`)")
    p.add_argument("--players", nargs="+", required=True, metavar="NAME",
                   help="player names in seat order, or a single number of seats")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option or house rule")
    p.add_argument("--save", required=True, metavar="FILE", help="the save file to create")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")
    p.add_argument("--opponent", choices=["app", "none"],
                   help="app: the app plays the other side (games that allow it, e.g. 18-fantasmas)")
    p.add_argument("--seed", type=int, help="seed for the app's dice")
    p.add_argument("--lang", choices=langs,
                   help="the game's language (default: the one chosen last time in the app, else es)")
    p.set_defaults(func=cmd_new)

    p = sub.add_parser("act", help="check actions and append them to a save, headless", epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="the save file")
    p.add_argument("actions", nargs="+", metavar="NOTATION", help="one or more actions, in order")
    p.add_argument("--private", action="store_true", help="also print what only the game master may see")
    p.add_argument("--recover", action="store_true", help="recover the intact part of a damaged save first")
    p.add_argument("--lang", choices=langs, help="language of what is printed (default: the game's)")
    p.set_defaults(func=cmd_act)

    p = sub.add_parser("show", help="print a saved game")
    p.add_argument("file", help="the save file")
    p.add_argument("--json", action="store_true", help="print JSON for other programs")
    p.add_argument("--private", action="store_true", help="include what only the game master may see")
    p.add_argument("--log", action="store_true", help="also print every action and what it did")
    p.add_argument("--recover", action="store_true", help="recover the intact part of a damaged save first")
    p.add_argument("--lang", choices=langs, help="language of what is printed (default: the game's)")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("play", help="resume a saved game in the app")
    p.add_argument("file", help="the save file")
    p.add_argument("--recover", action="store_true", help="recover the intact part of a damaged save first")
    p.add_argument("--lang", choices=langs, help="language (default: the game's)")
    p.add_argument("--mute", action="store_true", help="start with narration muted")
    p.add_argument("--voice", dest="app_voice", metavar="VOICE", default=argparse.SUPPRESS,
                   help="who narrates (as `companion --voice`)")
    p.add_argument("--read-only", action="store_true",
                   help="only look: take no lock, and refuse every action (for a save another process writes)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("roll", help="roll dice: d6, d8, 2d6, 3d6+1...")
    p.add_argument("expr", help="a dice expression such as d8 or 2d6")
    p.add_argument("--times", type=int, default=1, help="how many rolls")
    p.add_argument("--table", help="read each total off a result table (e.g. halloween_candy)")
    p.add_argument("--seed", type=int, help="seed, for a reproducible roll")
    p.add_argument("--lang", choices=langs, help="language of table results (default: as `new`)")
    p.set_defaults(func=cmd_roll)

    p = sub.add_parser("games", help="list the games, their options and house rules")
    p.add_argument("--lang", choices=langs, help="language of the listing (default: as `new`)")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("boards", help="list the Kaijupoly boards (shipped and your own), or show one")
    p.add_argument("--show", metavar="NAME|PATH", help="print the 40 squares of one board")
    p.add_argument("--lang", choices=langs, help="language of the listing (default: as `new`)")
    p.set_defaults(func=_boards)

    from companion.cli_table import add_table_parser  # the table view's command lives in its own module

    add_table_parser(sub, langs)

    from companion.cli_export import add_export_parser  # the score sheet's export, in its own module

    add_export_parser(sub, langs)

    if speech:
        from companion.speech.cli import add_say_parser, add_voices_parser

        add_say_parser(sub)
        add_voices_parser(sub)
    return parser


def _boards(args: argparse.Namespace) -> int:
    from companion.cli_boards import cmd_boards  # the boards' module only for this command

    return cmd_boards(args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(_needs_speech(sys.argv[1:] if argv is None else argv))
    args = parser.parse_args(argv)
    if getattr(args, "app_lang", None) and getattr(args, "lang", None) is None:
        args.lang = args.app_lang  # `companion --lang eu play FILE`: the --lang before the command counts too
    if getattr(args.func, "__name__", "") in OWN_LANG and getattr(args, "lang", None) is None:
        args.lang = remembered_lang()  # no save to take a language from
    try:
        return args.func(args)
    except CompanionError as exc:
        lang = getattr(args, "shown_lang", None) or getattr(args, "lang", None) or remembered_lang()
        say_error(f"companion: {explain(exc, lang)}")
        return FAILED
    except OutputError as exc:  # `companion show F > /dev/full`: said, never a traceback
        lang = getattr(args, "shown_lang", None) or getattr(args, "lang", None) or remembered_lang()
        say_error(_say("cli.output_failed", lang, problem=exc.strerror or str(exc)))
        return FAILED
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # `companion show ... | head`: the reader left; not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())

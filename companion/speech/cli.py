"""`companion say` and `companion voices`: speech from the command line.

The lead wires `add_say_parser` and `add_voices_parser` into the main parser;
`python -m companion.speech.cli` runs them on their own. What they print is
in the app's language (`--lang`, default es), from the voice packs; only
argparse's --help text is English.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..core.game import Line
from ..core.language import (
    LANGUAGES, VoicePackError, available_languages, check_packs, explain, load_pack, render,
)
from ..core.notation import shown
from ..core.text import printable
from .backends import KINDS
from .errors import SpeechError
from .narrator import create_narrator
from .render import render_wav, wav_seconds
from .piper_voices import PiperVoiceInfo, add_voice, choose_voices, find_voices, piper_installed, voices_folder
from .voices import EngineVoice, pick_voice

SAY_TIMEOUT = 120.0
DEFAULT_LANG = "es"  # the app's default language


def add_say_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "say",
        help="speak a line aloud (or write it to a WAV file)",
        description="Speak text, or a voice-pack line, in a language's voice.",
    )
    parser.add_argument("text", nargs="*", help="the words to say")
    # SUPPRESS: when wired under `companion`, a subcommand default would
    # overwrite the main parser's own --lang (argparse copies sub-defaults over).
    parser.add_argument(
        "--lang", default=argparse.SUPPRESS, help=f"language ({', '.join(LANGUAGES)}); default {DEFAULT_LANG}"
    )
    parser.add_argument("--wav", metavar="FILE", help="write a WAV file instead of playing it")
    parser.add_argument("--line", metavar="ID", help="say this voice-pack line instead of TEXT")
    parser.add_argument(
        "--value", metavar="KEY=VALUE", action="append", default=[], help="a placeholder of --line (repeatable)"
    )
    parser.add_argument("--engine", choices=KINDS, default="auto", help="speech backend; default auto")
    add_voice_option(parser)
    parser.set_defaults(func=run_say)
    return parser


def add_voices_parser(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "voices",
        help="list voice packs and check them",
        description="List voice packs and whether the speech engine has their voice.",
    )
    parser.add_argument("--lang", dest="voices_lang", metavar="LANG", help="only this language")
    parser.add_argument(
        "--check", action="store_true", help="report missing lines and mismatched {placeholders}; exit 1 if any"
    )
    parser.add_argument("--add", metavar="FILE.onnx",
                        help="check a downloaded Piper voice (with its .onnx.json) and install it for the app")
    add_voice_option(parser)
    parser.set_defaults(func=run_voices)
    return parser


def add_voice_option(parser: argparse.ArgumentParser) -> None:
    """`--voice`: which voice speaks (shared by `say`, `voices` and the app)."""
    parser.add_argument(
        "--voice", default=argparse.SUPPRESS, metavar="VOICE",
        help="auto (a Piper voice where the language has one, else espeak-ng), espeak, "
             "or a Piper voice's name (see `companion voices`); default auto")


class _Refused(Exception):
    """Input `companion say` cannot use: `line` says why."""

    def __init__(self, line: Line) -> None:
        super().__init__(line.id)
        self.line = line


def _words(line_id: str, lang: str, /, **values: object) -> str:
    return render(Line(line_id, values), lang)


def _say_text(args: argparse.Namespace) -> str:
    if args.line:
        values = {}
        for pair in args.value:
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise _Refused(Line("cli.say.value_shape", {"text": shown(pair)}))
            values[key] = value
        return render(Line(args.line, values), args.lang)
    if args.value:
        raise _Refused(Line("cli.say.value_without_line"))
    return " ".join(args.text)


def _lang_of(args: argparse.Namespace) -> str:
    """The language to speak to the user in: the one asked for, if it has a pack."""
    lang = getattr(args, "lang", None) or DEFAULT_LANG
    return lang if lang in available_languages() else DEFAULT_LANG


def run_say(args: argparse.Namespace) -> int:
    args.lang = getattr(args, "lang", None) or DEFAULT_LANG
    try:
        load_pack(args.lang)
    except VoicePackError as exc:
        print(f"companion say: {explain(exc, _lang_of(args))}", file=sys.stderr)
        return 2
    try:
        text = _say_text(args)
        if not text.strip():
            raise _Refused(Line("cli.say.nothing"))
    except _Refused as exc:
        print(f"companion say: {render(exc.line, args.lang)}", file=sys.stderr)
        return 2
    if args.wav:
        try:
            path = render_wav(text, args.lang, args.wav, getattr(args, "voice", "auto"))
        except SpeechError as exc:
            print(f"companion say: {explain(exc, args.lang)}", file=sys.stderr)
            return 1
        except OSError as exc:  # the operating system's own words, inside our line
            problem = exc.strerror or str(exc)
            print(f"companion say: {_words('cli.say.cannot_write', args.lang, path=args.wav, problem=problem)}",
                  file=sys.stderr)
            return 1
        print(_words("cli.say.wav", args.lang, path=str(path), seconds=f"{wav_seconds(path):.2f}"))
        return 0
    notices: list[str] = []
    try:
        narrator = create_narrator(args.engine, args.lang, on_notice=notices.append,
                                   voice=getattr(args, "voice", "auto"))
    except SpeechError as exc:
        print(f"companion say: {explain(exc, args.lang)}", file=sys.stderr)
        return 2
    try:
        narrator.say_text(text)
        narrator.wait_idle(SAY_TIMEOUT)
    finally:
        narrator.close()
    print(printable(text))  # the text as typed: never a raw escape sequence on the terminal
    for notice in notices:
        print(notice, file=sys.stderr)
    return 0


def engine_voices() -> tuple[str, tuple[EngineVoice, ...]]:
    """The engine's name and its voices: pyttsx3, else the espeak-ng program, else none."""
    from .engine import shared_engine
    from .espeak_cli import cli_voices

    try:
        return "pyttsx3", shared_engine().voices
    except SpeechError:
        pass
    try:
        return "espeak-ng", cli_voices()
    except SpeechError:
        return "", ()


# What `voices --check` reports of a pack, in order: the report's field, its line.
_REPORT_LINES = (
    ("missing_parts", "cli.voices.missing_parts"),
    ("missing", "cli.voices.missing_lines"),
    ("misplaced", "cli.voices.misplaced"),
    ("bad_placeholders", "cli.voices.bad_placeholders"),
    ("extra", "cli.voices.extra"),
)


def _why_piper(info: PiperVoiceInfo, said: str) -> str:
    if info.origin == "folder":
        return _words("cli.voices.why.folder", said, path=str(info.model.parent))
    return _words("cli.voices.why.package", said, package=info.origin)


def _speaks(lang: str, chosen: dict[str, PiperVoiceInfo], voice: str, said: str) -> str:
    """Which engine will speak `lang`, and why, in the user's language."""
    info = chosen.get(lang)
    if info is not None:
        why = _words("cli.voices.why.chosen", said) if voice == info.name else _why_piper(info, said)
        return _words("cli.voices.uses", said, engine=f"Piper {info.name}", why=why)
    if voice == "espeak":
        why = _words("cli.voices.why.espeak_chosen", said)
    elif not piper_installed():
        why = _words("cli.voices.why.piper_missing", said)
    else:
        why = _words("cli.voices.why.no_piper_voice", said, language=load_pack(lang).name)
    return _words("cli.voices.uses", said, engine="espeak-ng", why=why)


def _add(args: argparse.Namespace, said: str) -> int:
    try:
        info = add_voice(args.add)
    except SpeechError as exc:
        print(f"companion voices: {explain(exc, said)}", file=sys.stderr)
        return 1
    except OSError as exc:
        problem = exc.strerror or str(exc)
        print(f"companion voices: {_words('cli.say.cannot_write', said, path=str(voices_folder()), problem=problem)}",
              file=sys.stderr)
        return 1
    print(_words("cli.voices.added", said, voice=info.name, lang=info.lang, path=str(info.model)))
    return 0


def run_voices(args: argparse.Namespace) -> int:
    said = _lang_of(args)
    if getattr(args, "add", None):
        return _add(args, said)
    wanted = getattr(args, "voice", "auto")
    try:
        chosen = choose_voices(wanted)
    except SpeechError as exc:
        print(f"companion voices: {explain(exc, said)}", file=sys.stderr)
        return 2
    langs = available_languages()
    only = args.voices_lang
    if only:
        if only not in langs:
            problem = _words("cli.voices.no_pack", said, lang=shown(only), langs=", ".join(langs))
            print(f"companion voices: {problem}", file=sys.stderr)
            return 2
        langs = [only]
    engine, voices = engine_voices()
    for lang in langs:
        pack = load_pack(lang)
        if not engine:
            state = _words("cli.voices.no_engine", said)
        else:
            voice = pick_voice(pack, voices)
            state = _words("cli.voices.found" if voice else "cli.voices.missing", said, voice=voice, engine=engine)
        print(_words("cli.voices.row", said, lang=lang, name=f"{pack.name:<10}",
                     voice=f"{pack.engine_voice:<10}", state=state))
        print(_speaks(lang, chosen, wanted, said))
    if not args.check:
        found = find_voices() if piper_installed() else []
        if not found:
            print(_words("cli.voices.piper_none", said))
        for info in found:
            print(_words("cli.voices.piper_row", said, voice=info.name, lang=info.lang, where=_why_piper(info, said)))
        return 0
    failed = False
    for report in check_packs():
        if report.lang not in langs:
            continue
        failed |= not report.ok
        print(_words("cli.voices.ok" if report.ok else "cli.voices.problems", said, lang=report.lang))
        for name, line_id in _REPORT_LINES:
            found = getattr(report, name)
            if found:
                print("  " + _words(line_id, said, count=len(found), ids=", ".join(found)))
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    subparsers = parser.add_subparsers(dest="command", required=True)
    add_say_parser(subparsers)
    add_voices_parser(subparsers)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

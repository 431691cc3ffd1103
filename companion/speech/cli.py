"""`companion say` and `companion voices`: speech from the command line.

The lead wires `add_say_parser` and `add_voices_parser` into the main parser;
`python -m companion.speech.cli` runs them on their own.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..core.game import Line
from ..core.language import LANGUAGES, VoicePackError, available_languages, check_packs, load_pack, render
from .backends import KINDS
from .errors import SpeechError
from .narrator import create_narrator
from .render import render_wav, wav_seconds
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
    parser.set_defaults(func=run_voices)
    return parser


def _say_text(args: argparse.Namespace) -> str:
    if args.line:
        values = {}
        for pair in args.value:
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise ValueError(f"--value wants KEY=VALUE, not {pair!r}")
            values[key] = value
        return render(Line(args.line, values), args.lang)
    if args.value:
        raise ValueError("--value only goes with --line")
    return " ".join(args.text)


def run_say(args: argparse.Namespace) -> int:
    args.lang = getattr(args, "lang", None) or DEFAULT_LANG
    try:
        load_pack(args.lang)
    except VoicePackError as exc:
        print(f"companion say: {exc}", file=sys.stderr)
        return 2
    try:
        text = _say_text(args)
        if not text.strip():
            raise ValueError("nothing to say (give TEXT or --line ID)")
    except ValueError as exc:
        print(f"companion say: {exc}", file=sys.stderr)
        return 2
    if args.wav:
        try:
            path = render_wav(text, args.lang, args.wav)
        except (SpeechError, OSError) as exc:
            print(f"companion say: {exc}", file=sys.stderr)
            return 1
        print(f"{path} ({wav_seconds(path):.2f} s)")
        return 0
    notices: list[str] = []
    narrator = create_narrator(args.engine, args.lang, on_notice=notices.append)
    try:
        narrator.say_text(text)
        narrator.wait_idle(SAY_TIMEOUT)
    finally:
        narrator.close()
    print(text)
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


def run_voices(args: argparse.Namespace) -> int:
    langs = available_languages()
    only = args.voices_lang
    if only:
        if only not in langs:
            print(f"companion voices: no voice pack for {only!r}. Packs: {', '.join(langs)}.", file=sys.stderr)
            return 2
        langs = [only]
    engine, voices = engine_voices()
    for lang in langs:
        pack = load_pack(lang)
        if not engine:
            state = "no speech engine"
        else:
            voice = pick_voice(pack, voices)
            state = f"{voice} in {engine}" if voice else f"missing in {engine}"
        print(f"{lang}  {pack.name:<10} voice {pack.engine_voice:<10} {state}")
    if not args.check:
        return 0
    failed = False
    for report in check_packs():
        if report.lang not in langs:
            continue
        failed |= not report.ok
        print(f"{report.lang}: {'ok' if report.ok else 'PROBLEMS'}")
        if report.missing:
            print(f"  missing (said in English): {', '.join(report.missing)}")
        if report.bad_placeholders:
            print(f"  placeholders differ from English: {', '.join(report.bad_placeholders)}")
        if report.extra:
            print(f"  not in English: {', '.join(report.extra)}")
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

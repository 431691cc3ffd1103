"""`companion say` and `companion voices`, run for real."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.speech.cli import add_say_parser, add_voices_parser, main
from companion.speech.notices import notice_text

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.speech.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def test_parsers_plug_into_a_main_parser_with_its_own_lang():
    """The main parser's --lang reaches `say` unless `say --lang` overrides it."""
    parser = argparse.ArgumentParser(prog="companion")
    parser.add_argument("--lang", default="es")
    subparsers = parser.add_subparsers(dest="command")
    add_say_parser(subparsers)
    add_voices_parser(subparsers)
    args = parser.parse_args(["--lang", "eu", "say", "--line", "dice-duel.turn", "--value", "player=Ane"])
    assert args.func.__name__ == "run_say" and args.lang == "eu" and args.value == ["player=Ane"]
    assert parser.parse_args(["--lang", "eu", "say", "--lang", "en", "hi"]).lang == "en"
    voices = parser.parse_args(["voices", "--check"])
    assert voices.check and voices.voices_lang is None  # lists every pack, whatever the app's language


def test_say_defaults_to_spanish_on_its_own(capsys):
    assert main(["say", "--engine", "silent", "--line", "dice-duel.turn", "--value", "player=Ane"]) == 0
    assert capsys.readouterr().out == "Turno de Ane.\n"


def test_voices_check_passes_for_the_shipped_packs(capsys):
    assert main(["voices", "--check"]) == 0
    out = capsys.readouterr().out
    for lang in ("es", "en", "eu"):
        assert f"{lang}: bien" in out  # said in the app's language (Spanish by default)


def test_voices_lists_each_pack_with_its_engine_voice(capsys, espeak):
    assert main(["voices"]) == 0
    out = capsys.readouterr().out
    assert "roa/es" in out and "gmw/en" in out
    assert "missing" not in out


def test_voices_rejects_an_unknown_language(capsys):
    assert main(["voices", "--lang", "xx"]) == 2
    assert "xx" in capsys.readouterr().err


def test_say_wav_writes_the_file_and_prints_its_length(tmp_path, capsys, espeak):
    target = tmp_path / "turn.wav"
    code = main(["say", "--lang", "es", "--wav", str(target), "--line", "dice-duel.turn", "--value", "player=Ane"])
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith(str(target)) and out.strip().endswith(" s)")
    assert target.stat().st_size > 44


def test_say_without_a_sound_device_prints_the_text_and_one_notice(espeak):
    result = run_cli("say", "--lang", "es", "Cae", "la", "noche.", COMPANION_AUDIO_PLAYER="false")
    assert result.returncode == 0
    assert result.stdout == "Cae la noche.\n"
    assert result.stderr == notice_text("speech.no_audio", "es") + "\n"


def test_say_muted_engine_prints_only_the_text():
    result = run_cli("say", "--lang", "en", "--engine", "silent", "--line", "dice-duel.turn", "--value", "player=Bea")
    assert (result.returncode, result.stdout, result.stderr) == (0, "Bea's turn.\n", "")


@pytest.mark.parametrize(
    "argv",
    [["say"], ["say", "--lang", "xx", "hi"], ["say", "--value", "a=1", "hi"], ["say", "--line", "x", "--value", "a"]],
)
def test_say_refuses_bad_input(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("companion say: ")


def test_voices_check_speaks_the_apps_language(capsys):
    assert main(["voices", "--check"]) == 0  # on its own: Spanish, the app's default
    out = capsys.readouterr().out
    assert "es: bien" in out and " voz " in out
    parser = argparse.ArgumentParser(prog="companion")
    parser.add_argument("--lang", default="es")
    add_voices_parser(parser.add_subparsers())
    args = parser.parse_args(["--lang", "eu", "voices", "--check"])
    assert args.func(args) == 0
    assert "eu: ondo" in capsys.readouterr().out


def test_voices_check_reports_every_kind_of_problem(monkeypatch, capsys):
    """Misplaced lines and missing files are reported too, not only missing lines."""
    from companion.core.language import PackReport
    from companion.speech import cli as speech_cli

    report = PackReport("eu", missing=["a.b"], extra=["c.d"], bad_placeholders=["e.f"],
                        misplaced=["core: gauekos.x"], missing_parts=["halloween"])
    monkeypatch.setattr(speech_cli, "check_packs", lambda: [report])
    monkeypatch.setattr(speech_cli, "engine_voices", lambda: ("", ()))
    assert main(["voices", "--lang", "eu", "--check"]) == 1
    out = capsys.readouterr().out
    assert "eu: PROBLEMAS" in out
    for words in ("faltan ficheros (sus frases se dicen en inglés): halloween", "faltan (se dicen en inglés): a.b",
                  "en el fichero equivocado (fichero: id): core: gauekos.x",
                  "marcadores distintos de los del inglés: e.f", "no están en inglés: c.d", "no hay motor de voz"):
        assert words in out, words


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["say"], "companion say: Nada que decir (da un TEXTO o --line ID).\n"),
        (["say", "--value", "a=1", "hi"], "companion say: --value solo va con --line.\n"),
        (["say", "--lang", "en", "--line", "x", "--value", "a"], "companion say: --value wants KEY=VALUE, not 'a'.\n"),
        (["say", "--lang", "eu", "--line", "x", "--value", "a"],
         "companion say: --value aukerak GAKOA=BALIOA behar du, ez 'a'.\n"),
        (["voices", "--lang", "xx"], "companion voices: No hay paquete de voz para 'xx'. Paquetes: es, en, eu.\n"),
    ],
)
def test_refusals_are_in_the_language_asked_for(argv, said, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == said


def test_speech_errors_carry_lines_and_titled_by_line_id():
    from companion.core.game import Line
    from companion.core.language import explain, render, template
    from companion.speech import errors
    from companion.speech.backends import make_backend
    from companion.speech.render import render_wav

    for cls in (errors.SpeechError, errors.EngineUnavailable, errors.NoAudioDevice, errors.VoiceMissing,
                errors.RenderError, errors.NothingToSay, errors.UnknownBackend):
        assert cls.title.startswith("error.title.speech.")
        for lang in ("en", "es", "eu"):
            assert template(cls.title, lang) != cls.title
    with pytest.raises(errors.UnknownBackend) as err:
        make_backend("festival")
    assert explain(err.value, "es") == "Motor de voz desconocido: 'festival'. Elige uno de estos: auto, pyttsx3, espeak, silent."
    with pytest.raises(ValueError) as err:
        render_wav(" ", "es", "x.wav")
    assert explain(err.value, "eu") == "Ez dago ezer esateko: testua hutsik dago."
    missing = errors.VoiceMissing(Line("speech.no_voice", {"language": "Euskara"}))
    assert explain(missing, "es") == render(Line("speech.no_voice", {"language": "Euskara"}), "es")

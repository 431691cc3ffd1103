"""The narrator's queue: order, never blocking the caller, skip, stop, repeat,
mute, subtitles and the one-time notices, with fake backends."""

from __future__ import annotations

import threading

import pytest

from companion.core.game import Line
from companion.core.language import VoicePackError, render
from companion.speech import (
    EngineUnavailable,
    Narrator,
    NoAudioDevice,
    SilentBackend,
    make_backend,
)
from companion.speech import backends as backends_module
from companion.speech.notices import notice_text


def test_recording_backend_hears_lines_in_order(narrator_for, recording, heard):
    """Lines, raw text and their ids reach the backend in the order said."""
    narrator = narrator_for(recording)
    first = narrator.say("dice-duel.turn", player="Ane")
    second = narrator.say("dice-duel.rolled", player="Ane", a=3, b=4)
    third = narrator.say_text("Night falls.")
    fourth = narrator.say_line(Line("dice-duel.wins", {"player": "Ane", "total": 30}))
    assert narrator.wait_idle(5)
    assert first == "Ane's turn."
    assert second == "Ane rolls 3 and 4."
    assert recording.spoken == [first, second, third, fourth]
    assert recording.line_ids == ["dice-duel.turn", "dice-duel.rolled", None, "dice-duel.wins"]
    assert heard.subtitles == recording.spoken
    assert heard.notices == []


def test_say_returns_while_the_backend_is_still_speaking(narrator_for, gated, heard):
    """say() only queues: the subtitle is shown and the call returns while speech is blocked."""
    narrator = narrator_for(gated)
    text = narrator.say("dice-duel.turn", player="Ane")
    assert heard.subtitles == [text]  # shown synchronously, inside say()
    assert gated.started.get(timeout=5) == text
    assert gated.log == [("start", text)]  # still speaking, yet say() has returned
    gated.release()
    assert narrator.wait_idle(5)
    assert gated.log == [("start", text), ("released", text)]


def test_lines_said_during_speech_queue_behind_it(narrator_for, gated, heard):
    narrator = narrator_for(gated)
    texts = [narrator.say_text(f"Line {n}.") for n in range(3)]
    assert heard.subtitles == texts  # every subtitle at once, none waits for speech
    for expected in texts:
        assert gated.started.get(timeout=5) == expected
        gated.release()
    assert narrator.wait_idle(5)
    assert [entry for entry in gated.log if entry[0] == "released"] == [("released", t) for t in texts]


def test_skip_stops_the_current_line_and_goes_on(narrator_for, gated):
    narrator = narrator_for(gated)
    narrator.say_text("One.")
    narrator.say_text("Two.")
    assert gated.started.get(timeout=5) == "One."
    narrator.skip()
    assert gated.started.get(timeout=5) == "Two."
    gated.release()
    assert narrator.wait_idle(5)
    assert gated.log == [("start", "One."), ("cancelled", "One."), ("start", "Two."), ("released", "Two.")]
    assert gated.cancels == 1


def test_skip_with_nothing_playing_does_nothing(narrator_for, recording):
    narrator = narrator_for(recording)
    narrator.skip()
    narrator.say_text("Still here.")
    assert narrator.wait_idle(5)
    assert recording.spoken == ["Still here."]


def test_stop_drops_the_queue_and_the_narrator_keeps_working(narrator_for, gated):
    narrator = narrator_for(gated)
    for word in ("One.", "Two.", "Three."):
        narrator.say_text(word)
    assert gated.started.get(timeout=5) == "One."
    narrator.stop()
    assert narrator.wait_idle(5)
    assert gated.log == [("start", "One."), ("cancelled", "One.")]
    narrator.say_text("Four.")
    assert gated.started.get(timeout=5) == "Four."
    gated.release()
    assert narrator.wait_idle(5)
    assert gated.log[-1] == ("released", "Four.")


def test_repeat_says_the_last_line_again(narrator_for, recording, heard):
    narrator = narrator_for(recording)
    assert narrator.repeat() is None
    narrator.say("dice-duel.turn", player="Ane")
    narrator.repeat()
    narrator.say_text("Raw words.")
    narrator.repeat()
    assert narrator.wait_idle(5)
    assert recording.spoken == ["Ane's turn.", "Ane's turn.", "Raw words.", "Raw words."]
    assert heard.subtitles == recording.spoken


def test_repeat_uses_the_current_language(narrator_for, recording):
    narrator = narrator_for(recording)
    narrator.say("dice-duel.turn", player="Ane")
    narrator.lang = "es"
    narrator.repeat()
    assert narrator.wait_idle(5)
    assert recording.spoken == ["Ane's turn.", "Turno de Ane."]
    assert [u.lang for u in recording.utterances] == ["en", "es"]


def test_muted_lines_are_subtitled_but_not_spoken(narrator_for, recording, heard):
    narrator = narrator_for(recording)
    narrator.set_muted(True)
    assert narrator.muted
    narrator.say("dice-duel.turn", player="Ane")
    assert narrator.wait_idle(5)
    assert recording.spoken == []
    assert heard.subtitles == ["Ane's turn."]
    assert narrator.toggle_mute() is False
    narrator.say("dice-duel.turn", player="Bea")
    assert narrator.wait_idle(5)
    assert recording.spoken == ["Bea's turn."]
    assert heard.subtitles == ["Ane's turn.", "Bea's turn."]


def test_muting_cuts_the_current_line_and_the_queue(narrator_for, gated):
    narrator = narrator_for(gated)
    narrator.say_text("One.")
    narrator.say_text("Two.")
    assert gated.started.get(timeout=5) == "One."
    assert narrator.toggle_mute() is True
    assert narrator.wait_idle(5)
    assert gated.log == [("start", "One."), ("cancelled", "One.")]


def test_language_can_change_and_is_checked(narrator_for, recording):
    narrator = narrator_for(recording, lang="es")
    narrator.say("dice-duel.turn", player="Ane")
    narrator.lang = "eu"
    narrator.say("dice-duel.turn", player="Ane")
    with pytest.raises(VoicePackError):
        narrator.lang = "xx"
    assert narrator.lang == "eu"
    assert narrator.wait_idle(5)
    assert recording.spoken == [render(Line("dice-duel.turn", {"player": "Ane"}), "es"), "Aneren txanda."]


def test_empty_text_is_neither_shown_nor_spoken(narrator_for, recording, heard):
    narrator = narrator_for(recording)
    narrator.say_text("   ")
    assert narrator.wait_idle(5)
    assert recording.spoken == [] and heard.subtitles == []


class _Failing:
    """A backend that fails every line with `error`, counting the attempts."""

    name = "failing"
    audible = True

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.calls = 0

    def speak(self, utterance, on_audio=None):
        self.calls += 1
        raise self.error

    def cancel(self):
        return None

    def close(self):
        return None


@pytest.mark.parametrize(
    ("error", "notice_id"),
    [
        (NoAudioDevice("aplay failed"), "speech.no_audio"),
        (EngineUnavailable("no libespeak-ng"), "speech.no_engine"),
    ],
)
def test_missing_sound_is_noticed_once_and_text_goes_on(narrator_for, heard, error, notice_id):
    backend = _Failing(error)
    narrator = narrator_for(backend)
    for name in ("Ane", "Bea", "Cai"):
        narrator.say("dice-duel.turn", player=name)
    assert narrator.wait_idle(5)
    assert heard.notices == [notice_text(notice_id, "en")]
    assert heard.subtitles == ["Ane's turn.", "Bea's turn.", "Cai's turn."]
    assert backend.calls == 1  # text only from then on: no retry every line
    assert narrator.text_only


def test_a_backend_bug_becomes_one_notice_not_a_dead_worker(narrator_for, heard, capfd):
    narrator = narrator_for(_Failing(ZeroDivisionError("boom")))
    narrator.say_text("One.")
    narrator.say_text("Two.")
    assert narrator.wait_idle(5)
    assert len(heard.notices) == 1 and "boom" in heard.notices[0]
    assert heard.subtitles == ["One.", "Two."]
    assert capfd.readouterr() == ("", "")  # no traceback over the screen


def test_a_failing_notice_callback_does_not_stop_narration(recording):
    def broken(_text):
        raise RuntimeError("UI gone")

    narrator = Narrator(_Failing(NoAudioDevice("x")), on_notice=broken)
    try:
        narrator.say_text("One.")
        narrator.say_text("Two.")
        assert narrator.wait_idle(5)
        assert narrator.notices == [notice_text("speech.no_audio", "en")]
    finally:
        narrator.close()


def test_startup_notice_is_given_once_at_the_first_line(narrator_for, heard):
    narrator = narrator_for(SilentBackend(), notice="No speech engine here.")
    assert heard.notices == []
    narrator.say_text("One.")
    narrator.say_text("Two.")
    assert narrator.wait_idle(5)
    assert heard.notices == ["No speech engine here."]


def test_close_ends_the_worker_and_later_lines_are_only_shown(recording, heard):
    narrator = Narrator(recording, on_subtitle=heard.subtitles.append)
    narrator.say_text("Before.")
    assert narrator.wait_idle(5)
    narrator.close()
    assert not narrator._thread.is_alive()
    narrator.say_text("After.")
    assert narrator.wait_idle(5)
    assert recording.spoken == ["Before."]
    assert heard.subtitles == ["Before.", "After."]


def test_say_from_many_threads_loses_nothing(narrator_for, recording):
    narrator = narrator_for(recording)
    threads = [
        threading.Thread(target=lambda n=n: [narrator.say_text(f"{n}-{i}") for i in range(20)])
        for n in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert narrator.wait_idle(5)
    spoken = recording.spoken
    assert sorted(spoken) == sorted(f"{n}-{i}" for n in range(4) for i in range(20))
    for n in range(4):  # each caller's lines keep their order
        assert [s for s in spoken if s.startswith(f"{n}-")] == [f"{n}-{i}" for i in range(20)]


def test_make_backend_kinds():
    backend, notice = make_backend("silent")
    assert isinstance(backend, SilentBackend) and notice is None
    with pytest.raises(ValueError, match="auto, pyttsx3, espeak, silent"):
        make_backend("festival")


def test_make_backend_falls_back_to_silence_with_a_notice(monkeypatch):
    def unavailable(*_args, **_kwargs):
        raise EngineUnavailable("not here")

    monkeypatch.setattr(backends_module.Pyttsx3Backend, "__init__", unavailable)
    monkeypatch.setattr(backends_module.EspeakCliBackend, "__init__", unavailable)
    backend, notice = make_backend("auto", voice="espeak")  # no Piper voice in front either
    assert isinstance(backend, SilentBackend)
    assert notice == notice_text("speech.no_engine", "en")


def test_notices_come_from_the_packs():
    from companion.core.language import load_pack

    for notice_id in ("speech.no_engine", "speech.no_audio", "speech.no_voice", "speech.failed"):
        for lang in ("en", "es", "eu"):
            assert notice_id in load_pack(lang).lines
    assert notice_text("speech.failed", "es", problem="x") == "La narración ha fallado (x): las frases se muestran solo como texto."


def test_a_player_that_cannot_run_is_no_audio_device_in_the_tables_language(tmp_path):
    import threading

    from companion.core.language import explain
    from companion.speech import ProcessPlayer

    player = ProcessPlayer([str(tmp_path / "no-such-player")])
    with pytest.raises(NoAudioDevice) as err:
        player.play(tmp_path / "x.wav", threading.Event())
    assert explain(err.value, "es").startswith(f"No se puede ejecutar el reproductor de audio '{tmp_path}/no-such-player': ")
    assert str(err.value).startswith("Cannot run the audio player")
    failing = ProcessPlayer(["false"])
    with pytest.raises(NoAudioDevice) as err:
        failing.play(tmp_path / "x.wav", threading.Event())
    assert explain(err.value, "eu") == "'false' audio-erreproduzigailuak huts egin du (irteera-kodea: 1)."

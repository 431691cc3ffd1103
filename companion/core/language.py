"""Languages and voice packs: every line the app shows or says, by id.

A voice pack is `voices/<lang>.toml`: a `[voice]` table (engine voice, rate,
volume) and a `[lines]` table of `id = "text with {placeholders}"`. Rules
produce `Line`s; this module turns them into text in the table's language,
falling back to English for a line a pack lacks. Reading packs is pure TOML,
so the CLI and the rules' tests can render lines without the speech engine.
"""

from __future__ import annotations

import re
import string
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .errors import CompanionError
from .game import Line, Text

FALLBACK = "en"
LANGUAGES = {"es": "Español", "en": "English", "eu": "Euskara"}
# `{name}`, or `{name|one|many}`: the word for one or for any other number.
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\|[^{}|]*\|[^{}|]*)?\}")


class VoicePackError(CompanionError):
    title = "Voice pack problem"


def voices_dirs() -> list[Path]:
    """Where packs live: the checkout's `voices/`, or the copy inside a wheel."""
    here = Path(__file__).resolve()
    candidates = [here.parents[2] / "voices", here.parents[1] / "voices"]
    return [p for p in candidates if p.is_dir()]


@dataclass(frozen=True)
class VoicePack:
    lang: str
    name: str
    engine_voice: str
    espeak_voice: str
    rate: int
    volume: float
    lines: Mapping[str, str] = field(default_factory=dict)
    path: Path | None = None


def _pack_path(lang: str) -> Path:
    for folder in voices_dirs():
        path = folder / f"{lang}.toml"
        if path.is_file():
            return path
    raise VoicePackError(f"No voice pack for language {lang!r}. Languages: {', '.join(LANGUAGES)}.")


@lru_cache(maxsize=None)
def load_pack(lang: str) -> VoicePack:
    path = _pack_path(lang)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise VoicePackError(f"{path}: cannot read the voice pack ({exc}).") from exc
    voice = data.get("voice", {})
    lines = data.get("lines", {})
    if not isinstance(lines, dict) or not all(isinstance(v, str) for v in lines.values()):
        raise VoicePackError(f"{path}: [lines] must map line ids to text.")
    return VoicePack(
        lang=lang,
        name=str(voice.get("name", LANGUAGES.get(lang, lang))),
        engine_voice=str(voice.get("engine_voice", lang)),
        espeak_voice=str(voice.get("espeak_voice", lang)),
        rate=int(voice.get("rate", 160)),
        volume=float(voice.get("volume", 1.0)),
        lines=dict(lines),
        path=path,
    )


def available_languages() -> list[str]:
    found = {p.stem for folder in voices_dirs() for p in folder.glob("*.toml")}
    return [lang for lang in LANGUAGES if lang in found] + sorted(found - set(LANGUAGES))


class _Keep(dict):
    """format_map helper: an unknown placeholder stays visible, never crashes."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def template(line_id: str, lang: str) -> str:
    """The text of a line in `lang`, else English, else the id itself."""
    for code in (lang, FALLBACK):
        try:
            lines = load_pack(code).lines
        except VoicePackError:
            continue
        if line_id in lines:
            return lines[line_id]
    return line_id


class _Formatter(string.Formatter):
    """`{n|candy|candies}` picks the word by the value of n (1 or not)."""

    def get_value(self, key: Any, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str) and "|" in key:
            name, one, many = (key.split("|") + ["", ""])[:3]
            value = kwargs.get(name)
            if value is None:
                return "{" + key + "}"
            return one if str(value).strip() in {"1", "-1"} else many
        return super().get_value(key, args, kwargs)


_FORMATTER = _Formatter()


def fill(text: str, values: Mapping[str, Any]) -> str:
    """Fill placeholders; values are inserted as plain text (never re-parsed)."""
    try:
        return _FORMATTER.vformat(text, (), _Keep({k: _show(v) for k, v in values.items()}))
    except (ValueError, IndexError, AttributeError):
        return text


def _show(value: Any) -> str:
    if isinstance(value, Line):
        return value.id
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)


def render(text: Text, lang: str = FALLBACK, **extra: Any) -> str:
    """A Line (or plain text) as words in `lang`."""
    if isinstance(text, str):
        return fill(text, extra) if extra else text
    values = {**text.values, **extra}
    values = {k: (render(v, lang) if isinstance(v, Line) else v) for k, v in values.items()}
    return fill(template(text.id, lang), values)


def explain(error: BaseException, lang: str = FALLBACK) -> str:
    """An error in the table's language when it carries a Line, else its English text."""
    line = getattr(error, "line", None)
    if isinstance(line, Line):
        text = render(line, lang)
        if text != line.id:
            return text
    return str(error)


@dataclass
class PackReport:
    """What `companion voices --check` says of one pack."""

    lang: str
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    bad_placeholders: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.bad_placeholders


def check_packs() -> list[PackReport]:
    """Compare every pack with English: missing ids and placeholders that differ."""
    base = load_pack(FALLBACK).lines
    reports = []
    for lang in available_languages():
        lines = load_pack(lang).lines
        report = PackReport(lang)
        report.missing = sorted(set(base) - set(lines))
        report.extra = sorted(set(lines) - set(base))
        for key in sorted(set(base) & set(lines)):
            if set(_PLACEHOLDER.findall(base[key])) != set(_PLACEHOLDER.findall(lines[key])):
                report.bad_placeholders.append(key)
        reports.append(report)
    return reports

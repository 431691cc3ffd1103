"""Languages and voice packs: every line the app shows or says, by id.

A voice pack is a folder `voices/<lang>/`: `core.toml` holds the `[voice]`
table (engine voice, rate, volume) and the app's own lines, and each game has
a file of its own (`gauekos.toml`, `halloween.toml`...) whose ids all sit
under the game's name. Every file has a `[lines]` table of
`id = "text with {placeholders}"`. Rules produce `Line`s; this module turns
them into text in the table's language, falling back to English for a line a
pack lacks. Reading packs is pure TOML, so the CLI and the rules' tests can
render lines without the speech engine.
"""

from __future__ import annotations

import re
import string
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from .errors import CompanionError
from .lines import Line, Notation, Text

FALLBACK = "en"
LANGUAGES = {"es": "Español", "en": "English", "eu": "Euskara"}
# `{name}`, or `{name|one|many}`: the word for one or for any other number.
# `{name:ra}` / `{name:tik}`: a number with the Basque allative / ablative ending (5era, 6ra).
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:\|[^{}|]*\|[^{}|]*)?(?::[a-z]+)?\}")


class VoicePackError(CompanionError):
    title = "error.title.pack"


def voices_dirs() -> list[Path]:
    """Where packs live: the checkout's `voices/`, or the copy inside a wheel."""
    here = Path(__file__).resolve()
    candidates = [here.parents[2] / "voices", here.parents[1] / "voices"]
    return [p for p in candidates if p.is_dir()]


CORE_PART = "core"
# Line ids a part may hold besides `<part>.`: the UI, titles and state labels of that game.
_PART_PREFIXES = ("ui.{part}.", "game.{part}.", "state.{part}.", "table.{part}_")
_LANG_CODE = re.compile(r"^[a-z]{2,3}$")


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
    parts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # part -> its line ids


def _pack_dir(lang: str) -> Path:
    if isinstance(lang, str) and _LANG_CODE.match(lang):
        for folder in voices_dirs():
            path = folder / lang
            if (path / f"{CORE_PART}.toml").is_file():
                return path
    raise VoicePackError(Line("error.pack.none", {"lang": str(lang), "langs": ", ".join(LANGUAGES)}))


# The plain shape every shipped pack file has, read without tomllib (most of the
# cost of loading a pack): `[lines]` / `[voice]` headers, comments, blank lines and
# `key = "text"` or `key = number` with no escapes. Any other line (an escape, a
# dotted key, a repeated key...) sends the whole file through tomllib.
_PACK_KEY_VALUE = re.compile(
    r'(?:"([^"\\\x00-\x1f\x7f]*)"|([A-Za-z0-9_-]+)) = '
    r'(?:"([^"\\\x00-\x1f\x7f]*)"|(-?(?:0|[1-9][0-9]*))|(-?(?:0|[1-9][0-9]*)\.[0-9]+))'
)
_PACK_TABLES = ("[lines]", "[voice]")
_PACK_COMMENT_BAD = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _fast_pack(text: str) -> dict[str, Any] | None:
    """`text` as tomllib reads it, if it has the plain shape; else None."""
    data: dict[str, Any] = {}
    table: dict[str, Any] | None = None
    for line in text.split("\n"):
        match = _PACK_KEY_VALUE.fullmatch(line)
        if match is not None:
            key = match.group(1) if match.group(1) is not None else match.group(2)
            if table is None or key in table:
                return None
            text_value, whole, decimal = match.group(3), match.group(4), match.group(5)
            table[key] = text_value if text_value is not None else int(whole) if whole is not None else float(decimal)
        elif line in _PACK_TABLES:
            name = line[1:-1]
            if name in data:
                return None
            table = data[name] = {}
        else:
            bare = line.lstrip(" \t")
            if bare and not (bare[0] == "#" and not _PACK_COMMENT_BAD.search(bare)):
                return None
    return data


def _read_part(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
        data = _fast_pack(text)
        if data is None:
            data = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise VoicePackError(Line("error.pack.unreadable", {"path": str(path), "problem": str(exc)})) from exc
    lines = data.get("lines", {})
    if not isinstance(lines, dict) or not all(isinstance(v, str) for v in lines.values()):
        raise VoicePackError(Line("error.pack.lines", {"path": str(path)}))
    return data


@lru_cache(maxsize=None)
def load_pack(lang: str) -> VoicePack:
    """Every part of the language's pack, merged (a game's file adds its lines)."""
    folder = _pack_dir(lang)
    core = folder / f"{CORE_PART}.toml"
    voice: dict[str, Any] = {}
    lines: dict[str, str] = {}
    parts: dict[str, tuple[str, ...]] = {}
    for path in [core] + sorted(p for p in folder.glob("*.toml") if p != core):
        data = _read_part(path)
        if path == core:
            voice = data.get("voice", {}) if isinstance(data.get("voice"), dict) else {}
        parts[path.stem] = tuple(data.get("lines", {}))
        lines.update(data.get("lines", {}))
    return VoicePack(
        lang=lang,
        name=str(voice.get("name", LANGUAGES.get(lang, lang))),
        engine_voice=str(voice.get("engine_voice", lang)),
        espeak_voice=str(voice.get("espeak_voice", lang)),
        rate=int(voice.get("rate", 160)),
        volume=float(voice.get("volume", 1.0)),
        lines=lines,
        path=folder,
        parts=parts,
    )


def available_languages() -> list[str]:
    found = {p.parent.name for folder in voices_dirs() for p in folder.glob(f"*/{CORE_PART}.toml")}
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

    def format_field(self, value: Any, spec: str) -> str:
        if spec in _BASQUE_CASES:
            return basque_case(str(value), spec)
        return super().format_field(value, spec)


_BASQUE_CASES = {"ra": ("ra", "era"), "tik": ("tik", "etik"), "ren": ("ren", "en")}


def basque_case(number: str, case: str) -> str:
    """`5` + allative -> `5era`, `6` -> `6ra`; genitive `6ren`, `5en`: Basque adds an `e`
    (and drops the genitive's `r`) after a number whose spoken form ends in a consonant
    (bat, bost, hamar, ehun)."""
    plain, with_e = _BASQUE_CASES[case]
    digits = number.strip()
    if not digits.isdigit():
        return f"{digits}-{plain}"
    n = int(digits)  # counted in twenties: 11 hamaika, 15 hamabost, 31 hogeita hamaika
    if n and n % 1000 == 0:
        consonant = False  # mila
    elif n and n % 100 == 0:
        consonant = True  # ehun, berrehun
    else:
        consonant = n % 20 in (1, 5, 10, 15)
    return digits + (with_e if consonant else plain)


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
    if isinstance(text, Notation):
        return text.words(lang)
    if isinstance(text, str):
        return fill(text, extra) if extra else text
    values = {**text.values, **extra}
    values = {k: (render(v, lang) if isinstance(v, (Line, Notation)) else v) for k, v in values.items()}
    return fill(template(text.id, lang), values)


def explain(error: BaseException, lang: str = FALLBACK, public: bool = False) -> str:
    """An error in the table's language (every error of ours carries Lines); with `public`,
    as the table may read it (companion/core/errors.py: no secret in a refusal)."""
    words = getattr(error, "words", None)
    if callable(words):
        return words(lang, public=True) if public else words(lang)
    return str(error)


@dataclass
class PackReport:
    """What `companion voices --check` says of one pack."""

    lang: str
    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    bad_placeholders: list[str] = field(default_factory=list)
    misplaced: list[str] = field(default_factory=list)  # "part: id" for a line outside its game's file
    missing_parts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.bad_placeholders or self.misplaced or self.missing_parts)


def part_of(line_id: str, parts: Iterable[str]) -> str:
    """The file a line id belongs in: its game's, or core."""
    for part in parts:
        if part == CORE_PART:
            continue
        if line_id.startswith(f"{part}.") or line_id.startswith(
                tuple(p.format(part=part.replace("-", "_") if p.startswith("table") else part)
                      for p in _PART_PREFIXES)):
            return part
    return CORE_PART


def check_packs() -> list[PackReport]:
    """Compare every pack with English: missing parts and ids, ids in the wrong
    part, placeholders that differ."""
    base_pack = load_pack(FALLBACK)
    base = base_pack.lines
    reports = []
    for lang in available_languages():
        pack = load_pack(lang)
        lines = pack.lines
        report = PackReport(lang)
        report.missing_parts = sorted(set(base_pack.parts) - set(pack.parts))
        report.missing = sorted(set(base) - set(lines))
        report.extra = sorted(set(lines) - set(base))
        for part, ids in pack.parts.items():
            report.misplaced += [f"{part}: {i}" for i in ids if part_of(i, pack.parts) != part]
        for key in sorted(set(base) & set(lines)):
            if set(_PLACEHOLDER.findall(base[key])) != set(_PLACEHOLDER.findall(lines[key])):
                report.bad_placeholders.append(key)
        reports.append(report)
    return reports

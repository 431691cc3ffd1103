"""What every game's notation shares: folding case and accents, seats and
numbers with bounds, fixed phrases and verbs with their aliases declared
once, and "did you mean ...?" for a mistyped verb.

A game declares its words in a `Words` table and writes its `parse` with
these helpers; every refusal is a voice-pack line, so a mistyped action is
explained in the table's language. The table also says how each language
writes the canonical words (`spellings`): a save keeps the canonical line,
a screen shows it spelled (`Words.spelled`), and the spelled line parses back
to the very same action.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from .errors import IllegalActionError, InvalidActionError
from .lines import Line, Notation
from .text import printable

MAX_DIGITS = 4  # a longer number is not something a player reports at a table
MAX_TEXT = 400  # characters of one action line; a longer one is not understood
LISTED = 6  # examples a refusal lists at most: a screen-long list of every action helps nobody


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: `  Víctima  5` -> `victima 5`."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().split())


def shown(text: str, limit: int = 40) -> str:
    """Typed text as a refusal quotes it: one line, cut short, control characters
    written out (a quote never drives a terminal); a huge text costs no more than
    a short one."""
    one = printable(" ".join(str(text)[: 8 * limit].split()))
    return one if len(one) <= limit else one[: limit - 1] + "…"


@dataclass(frozen=True)
class Word:
    """An action that is a fixed phrase: `roll`, `no agreement`, `end`..."""

    word: str

    def __str__(self) -> str:
        return self.word


def number(word: str, raw: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number as typed; more than a few digits is not understood."""
    text = word.strip()
    digits = text[1:] if text[:1] == "-" else text
    if not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise InvalidActionError(Line("error.notation.number", {"text": shown(raw), "word": shown(word, 12)}),
                                 text=raw)
    value = int(text)
    if (low is not None and value < low) or (high is not None and value > high):
        raise InvalidActionError(Line("error.notation.range", {"text": shown(raw), "value": value,
                                                               "low": low, "high": high}), text=raw)
    return value


def seat_index(seat: int, players: int) -> int:
    """A seat number (from 1) as an index, or a refusal naming the seats."""
    if not 1 <= seat <= players:
        raise IllegalActionError(Line("error.seat.none", {"seat": seat, "seats": players}))
    return seat - 1


class Words:
    """A game's words: fixed phrases and verbs, each with its accepted spellings.

    `phrases` maps a canonical phrase (`no agreement`) to other spellings;
    `verbs` a canonical verb (`victim`) to other spellings. Spellings are
    folded, so `Víctima` and `victima` are one.

    `spellings` maps a language to how its table writes canonical phrases and
    verbs (`{"es": {"victim": "víctima"}}`); each must be one of that word's
    accepted spellings. `arguments` does the same for the words after a verb
    (`{"es": {"red": "rojo"}}`), which the game's parse must accept as well.
    `seats` says which words after a verb are seats (`{"force": (0,)}`), so a
    screen names the player where the notation has a number (`named`).
    """

    def __init__(self, game: str, phrases: Mapping[str, Iterable[str]] = (),
                 verbs: Mapping[str, Iterable[str]] = (), examples: Iterable[str] = (),
                 spellings: Mapping[str, Mapping[str, str]] = (),
                 arguments: Mapping[str, Mapping[str, str]] = (),
                 seats: Mapping[str, tuple[int, ...]] = ()) -> None:
        self.game = game
        self.seats = dict(seats)
        self.phrase_of = {fold(s): c for c, spellings in dict(phrases).items() for s in (c, *spellings)}
        self.verb_of = {fold(s): c for c, spellings in dict(verbs).items() for s in (c, *spellings)}
        self.examples = tuple(examples)
        self.local = {lang: dict(words) for lang, words in dict(spellings).items()}
        self.local_arguments = {lang: dict(words) for lang, words in dict(arguments).items()}
        self.argument_of = {fold(local): canonical for words in self.local_arguments.values()
                            for canonical, local in words.items()}
        for lang, words in self.local.items():
            for canonical, local in words.items():
                if canonical not in (self.phrase_of.get(fold(local)), self.verb_of.get(fold(local))):
                    raise ValueError(f"{game}: {lang} {local!r} is not a spelling of {canonical!r}")

    def spelled(self, notation: str, lang: str) -> str:
        """A canonical line in the table's words (`lovers 2 5` -> `enamorados 2 5` in es): the
        whole phrase, or the verb and the words after it. Unknown words stay as they are."""
        text = str(notation)
        local = self.local.get(lang)
        if not local:
            return text
        if "@" in text:  # the table's dice or card after `@` stay as they are: `roll @ 5` -> `tirar @ 5`
            action, _, table = text.partition("@")
            return f"{self.spelled(action.strip(), lang)} @{table}"
        if text in local:
            return local[text]
        verb, _, rest = text.partition(" ")
        arguments = self.local_arguments.get(lang, {})
        if not rest:
            return text
        spelled_rest = " ".join(_spelled_word(word, arguments) for word in rest.split(" "))
        return f"{local.get(verb, verb)} {spelled_rest}"

    def named(self, notation: str, lang: str, players: list[str]) -> str:
        """`spelled`, with the players' names where the notation has their seats (`sacar 3 oros`
        -> `sacar Bea oros`): for the log and the undo toast, never for a save."""
        text = self.spelled(notation, lang)
        verb = str(notation).split(" ")[0]
        positions = self.seats.get(verb)
        if not positions:
            return text
        action, at, table = text.partition(" @")
        words = action.split(" ")
        start = len(self.local.get(lang, {}).get(verb, verb).split(" "))
        for position in positions:
            index = start + position
            if index < len(words) and words[index].isdigit() and 1 <= int(words[index]) <= len(players):
                words[index] = players[int(words[index]) - 1]
        return " ".join(words) + (at + table if at else "")

    def arguments(self, words: list[str]) -> list[str]:
        """Folded words after a verb with the tables' spellings read back as canonical ones
        (`carta` -> `card`), for a parse that reads canonical arguments only."""
        return [self.argument_of.get(word, word) for word in words]

    def quoted(self, *texts: str) -> Notation:
        """Canonical notation for a line's value, spelled when the line is rendered."""
        return Notation(tuple(texts), self.spelled)

    def split(self, text: str) -> list[str]:
        """The folded words of a line, or a refusal for an empty or overlong one."""
        if len(text) > MAX_TEXT:
            raise InvalidActionError(Line("error.notation.too_long", {"limit": MAX_TEXT}), text=text[:MAX_TEXT])
        words = fold(text).split()
        if not words:
            raise InvalidActionError(Line("error.nothing_typed"), text=text)
        return words

    def phrase(self, words: list[str]) -> Word | None:
        """The fixed phrase these words spell, if any."""
        canonical = self.phrase_of.get(" ".join(words))
        return Word(canonical) if canonical is not None else None

    def verb(self, word: str) -> str | None:
        return self.verb_of.get(word)

    def unknown(self, text: str, words: list[str] | None = None, near: Iterable[str] = ()) -> InvalidActionError:
        """Not an action of this game: "did you mean ...?" when a verb is close, or when the rest
        of the line fits a few actions (`near`, canonical lines the game found for the words
        after an unknown first word); else the few actions written most like the typed word."""
        words = words if words is not None else fold(text).split()
        if len(words) > 1 and words[0] in self.phrase_of and not any(
                p.startswith(words[0] + " ") for p in self.phrase_of):
            return self.shape(text, self.phrase_of[words[0]])  # `hold nonsense`: hold takes nothing
        guess = self.suggest(words)
        values = {"text": shown(text), "game": Line(f"game.{self.game}.title")}
        if guess:
            return InvalidActionError(Line("error.notation.did_you_mean", {**values, "guess": self.quoted(guess)}),
                                      text=text)
        near = list(dict.fromkeys(near))
        if len(near) == 1:
            return InvalidActionError(Line("error.notation.did_you_mean", {**values, "guess": self.quoted(near[0])}),
                                      text=text)
        if 1 < len(near) <= LISTED:
            return InvalidActionError(Line("error.notation.did_you_mean_any",
                                           {**values, "guesses": self.quoted(*near)}), text=text)
        listed = self.closest_examples(words[0] if words else "")
        more = len(listed) < len(self.examples)
        return InvalidActionError(Line("error.notation.unknown", values), text=text,
                                  examples=Line("error.notation.examples" + (".more" if more else ""),
                                                {"actions": self.quoted(*listed)}))

    def closest_examples(self, word: str, limit: int = LISTED) -> tuple[str, ...]:
        """The examples whose first word (in any of its spellings) is written most like `word`,
        in the order the game lists them."""
        if len(self.examples) <= limit:
            return self.examples
        spellings: dict[str, list[str]] = {}
        for table in (self.phrase_of, self.verb_of):
            for spelling, canonical in table.items():
                spellings.setdefault(canonical.split(" ")[0], []).append(spelling.split(" ")[0])

        def likeness(example: str) -> float:
            head = example.split(" ")[0]
            return max(difflib.SequenceMatcher(None, word, s).ratio() for s in spellings.get(head, [head]))

        best = sorted(range(len(self.examples)), key=lambda i: -likeness(self.examples[i]))[:limit]
        return tuple(self.examples[i] for i in sorted(best))

    def suggest(self, words: list[str]) -> str | None:
        """The canonical phrase or verb closest to what was typed."""
        if not words:
            return None
        whole = " ".join(words)
        hits = difflib.get_close_matches(whole, list(self.phrase_of), n=1, cutoff=0.75)
        if hits:
            return self.phrase_of[hits[0]]
        hits = difflib.get_close_matches(words[0], list(self.verb_of), n=1, cutoff=0.7)
        if hits:
            rest = " ".join(words[1:])
            return f"{self.verb_of[hits[0]]} {rest}".strip()
        return None

    def shape(self, text: str, example: str) -> InvalidActionError:
        """A known verb written with the wrong arguments: show how it is written."""
        return InvalidActionError(Line("error.notation.shape", {"text": shown(text)}), text=text,
                                  how=Line("error.notation.write_like", {"example": self.quoted(example)}))


def _spelled_word(word: str, arguments: Mapping[str, str]) -> str:
    """A word after the verb in the table's words; an example's `[SEAT|none]` choice by choice."""
    inner = word.strip("[]")
    if inner == word:
        return "|".join(arguments.get(one, one) for one in word.split("|"))
    start, end = word.index(inner), word.index(inner) + len(inner)
    return word[:start] + _spelled_word(inner, arguments) + word[end:]


def allowed_now(notations: Iterable[str], limit: int = 8,
                spell: Callable[[str, str], str] | None = None) -> Line | None:
    """`Allowed now: a, b, c...` from the notations on offer (spelled in the table's words by
    `spell` when the line is rendered), or None."""
    offered = list(dict.fromkeys(notations))
    if not offered:
        return None
    more = len(offered) > limit
    return Line("error.allowed_now" + (".more" if more else ""), {"actions": Notation(tuple(offered[:limit]), spell)})

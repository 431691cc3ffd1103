"""The leak detector behind tests/games/test_public_view.py: what is secret in a
game right now, and whether a public output holds any of it.

A secret is
- the notation of an action the session recorded as secret (`role 2 gaueko`,
  `lovers 2 5`, `bid 1 16`, `child 1 rosa`, `keep 12`, `lucky 1 4`...);
- the words of a private event, in the language of the output;
- a state entry tying a player to a secret: the card or role of a living
  Gauekos seat, the lovers, a Halloween child nobody has revealed, a hand, a
  bid still hidden, candies held, a lucky number (checked by key and by the
  player -> value pairs of the private state; the lovers by key: two names
  side by side are also a runoff);
- in the public log, a Gauekos hidden action told by a line that names a player;
- in a private prompt: its holders, its choices, its detail, its facts; in a
  public one, a hidden action, a choice whose label tells a secret, or (Halloween)
  a card of a hand (`play 1`, `discard 9`).

`Audit.leaks` lists what it found ("<where>: <what>"); `Audit.checked` counts
the outputs it read. Pointed at the private side (the game master's view),
the same detector must find secrets, or it proves nothing (`Audit.hits`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from companion.core.game import Game, Line
from companion.core.language import render
from companion.core.public import words
from companion.core.session import Session

LANGS = ("en", "es", "eu")

# Keys the private states use; none may appear in a public state (at any depth).
PRIVATE_KEYS = {"lucky", "roles", "lovers", "leftovers", "tonight", "call_info", "life_spell", "death_spell",
                "candies", "secret_children", "looking", "truco_die", "scores"}

HAND_VERBS = ("play ", "discard ", "keep ", "give card ")  # Halloween: offering one tells what a hand holds


def _word_re(text: str) -> re.Pattern:
    return re.compile(r"(?<![\w])" + re.escape(text) + r"(?![\w])", re.IGNORECASE)


def secret_pairs(game: Game) -> list[tuple[str, str]]:
    """(player, value) pairs that are secret now, as the state would write them."""
    p = game.players
    if game.name == "gauekos":
        if game.result is not None:
            return []
        pairs = []
        for seat in game.living():
            for value in {game.cards[seat], game.roles[seat]} - {None}:
                pairs.append((p[seat], value))
        return pairs
    if game.name == "halloween":
        from companion.games.halloween.children import NAMES

        if game.phase in ("final", "over"):
            return []
        pairs = []
        for seat, child in enumerate(game.secret):
            if child is None:
                continue
            gone = game.gone.get(child)
            if gone is not None and gone["owner"] == seat:
                continue  # the owner cried: the table knows
            pairs += [(p[seat], child), (p[seat], NAMES[child])]
        return pairs
    return []


def specific(notation: str) -> bool:
    """A notation no line would write by chance: it names a seat or a number, or has two words
    and more (`lovers 2 5`, `no agreement`); a lone word (`life`, `keep`, `done`) is checked
    only where notations are written (`Audit.said`)."""
    return any(c.isdigit() for c in notation) or len(notation.split()) > 1


def walk(value: Any, path: str = "") -> Iterable[tuple[str, Any, Any]]:
    """Every (path, key, value) of dicts, and (path, None, list) of lists, inside a state."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield path, key, inner
            yield from walk(inner, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        yield path, None, value
        for n, inner in enumerate(value):
            yield from walk(inner, f"{path}[{n}]")


@dataclass
class Audit:
    leaks: list[str] = field(default_factory=list)
    checked: int = 0  # public outputs read
    hits: int = 0  # secrets found where they belong (the private side): the detector works

    def leak(self, where: str, what: str) -> None:
        if len(self.leaks) < 50:
            self.leaks.append(f"{where}: {what}")
        else:
            self.leaks.append("...")

    # -- secrets of a session so far ---------------------------------------------

    @staticmethod
    def notations(session: Session) -> set[str]:
        """The secret actions' notations, less any that a public action also wrote (`done`
        may be both: then the table saw those words for the public one)."""
        secret = {p.entry.notation for p in session.played if p.secret}
        public = {p.entry.notation for p in session.played if not p.secret}
        return secret - public

    @staticmethod
    def private_texts(session: Session, lang: str) -> set[str]:
        texts = {render(e.line, lang) for p in session.played for e in p.events if e.private}
        public = {render(e.line, lang) for p in session.played for e in p.events if not e.private}
        return texts - public

    # -- the checks ---------------------------------------------------------------

    def text(self, where: str, text: str, notations: Iterable[str], private_texts: Iterable[str],
             *, private: bool = False, exempt: Callable[[str], bool] = lambda words: False) -> int:
        """Secret notations or private events' words in `text`; on the private side, count them.
        `exempt` says whether a private event's words were also a public event's (then fine)."""
        found = 0
        for notation in notations:
            if not specific(notation):  # `life`, `keep`: words of the lines too; see `said`
                continue
            if notation.lower() in text.lower() and _word_re(notation).search(text):
                found += 1
                if not private:
                    self.leak(where, f"notation {notation!r}")
        for words_ in private_texts:
            if words_ in text and not exempt(words_):
                found += 1
                if not private:
                    self.leak(where, f"private event {words_!r}")
        if private:
            self.hits += found
        else:
            self.checked += 1
        return found

    def said(self, where: str, written: Iterable[str], notations: Iterable[str], *,
             private: bool = False) -> None:
        """Where notations are written (the log's actions, the choices, `act`'s headers): no secret one."""
        written = set(written)
        found = [n for n in notations if n in written]
        if private:
            self.hits += len(found)
            return
        self.checked += 1
        for notation in found:
            self.leak(where, f"notation {notation!r} written")

    def state(self, where: str, game: Game, state: dict) -> None:
        """A public state holds no private key, no secret pair, no hidden bid, no hand, no lovers."""
        self.checked += 1
        pairs = set(secret_pairs(game))
        over = game.outcome() is not None
        for path, key, value in walk(state):
            if key in PRIVATE_KEYS and not (over and key == "candies"):  # the final score counts them
                self.leak(where, f"private key {path}.{key}")
            if key == "cards" and not over:
                self.leak(where, f"cards of the living at {path}")
            if key == "hands" and isinstance(value, dict) and not all(isinstance(v, int) for v in value.values()):
                self.leak(where, f"hands at {path}: {value}")
            if key == "bids" and value is not None and None in value.values():
                self.leak(where, f"hidden bids at {path}: {value}")
            if key == "die" and value is not None and path.endswith("knock") and not game.knock.get("revealed"):
                self.leak(where, f"the truco die at {path}")
            if key is not None and isinstance(value, str):
                if (str(key), value) in pairs or (value, str(key)) in pairs:
                    self.leak(where, f"{key} -> {value} at {path}")
            if key is not None and isinstance(value, (list, tuple)) and str(key) in {p for p, _ in pairs}:
                for item in value:
                    if (str(key), item) in pairs:
                        self.leak(where, f"{key} -> {item} at {path}")

    def prompt(self, where: str, game: Game, lang: str, notations: set[str], private_texts: set[str]) -> None:
        """The prompt in public form: a private one names no holder and offers nothing; a public
        one offers no hidden action and no choice whose label tells a secret."""
        real, seen = game.expects(), game.public_prompt()
        self.checked += 1
        title = render(seen.title, lang)
        if isinstance(seen.title, Line) and (title == seen.title.id or "{" in title):
            self.leak(where, f"a public title with no words in {lang}: {title!r}")  # not a leak: a gap
        if real.private:
            if seen.choices or seen.who or seen.detail is not None or seen.facts or seen.say is not None \
                    or seen.step is not None:
                self.leak(where, f"private prompt {real.step} shows more than its title")
            holders = [n for n in (real.facts.get("holders") or []) if n]
            if game.name == "gauekos":
                holders = list(game.players)  # a call's public title names nobody at all
            for name in holders:
                if _word_re(name).search(title):
                    self.leak(where, f"private prompt {real.step} names {name!r}: {title!r}")
        else:
            offered = {c.notation for c in real.choices}
            for choice in seen.choices:
                if choice.reveals or choice.notation not in offered:
                    self.leak(where, f"choice {choice.notation!r} of {real.step}")
                elif game.secrecy(game.parse(choice.notation))[0]:
                    self.leak(where, f"hidden action {choice.notation!r} offered in public at {real.step}")
                elif game.name == "halloween" and choice.notation.startswith(HAND_VERBS):
                    self.leak(where, f"a card of a hand offered in public: {choice.notation!r}")
        shown = " | ".join([title, render(seen.detail, lang) if seen.detail is not None else "",
                            *(c.notation for c in seen.choices), *(render(c.label, lang) for c in seen.choices)])
        self.text(where, shown, notations, private_texts)
        self.said(where, [c.notation for c in seen.choices], notations)

    def view(self, where: str, session: Session, lang: str) -> dict:
        """The whole public view rendered in `lang`, as JSON: state, prompt, log, outcome."""
        data = words(session.public_view(), lang)
        text = json.dumps(data, ensure_ascii=False, default=str)
        self.text(where, text, self.notations(session), self.private_texts(session, lang))
        self.state(where, session.game, data["state"])
        self.said(where, [item["do"] for item in data["log"]] + data["choices"], self.notations(session))
        return data

    def log(self, where: str, session: Session) -> None:
        """The public log, without words: each secret action is told by a Line, never its
        notation, and no private event's Line is in it."""
        self.checked += 1
        private = {e.line for p in session.played for e in p.events if e.private}
        public = {e.line for p in session.played for e in p.events if not e.private}
        notations = self.notations(session)
        for item in session.public_view().log:
            if item.secret and isinstance(item.said, str):
                self.leak(where, f"a secret action written as {item.said!r}")
            if isinstance(item.said, str) and item.said in notations:
                self.leak(where, f"notation {item.said!r} in the log")
            if session.game.name == "gauekos" and item.secret and isinstance(item.said, Line):
                # told instead of a hidden action, it names nobody: "the Kontalari records Leire's
                # card" tells the table that Leire got a special card by hand
                named = [n for n in session.game.players
                         if any(_word_re(n).search(str(v)) for v in item.said.values.values())]
                if named:
                    self.leak(where, f"a hidden action told naming {named}: {item.said.id}")
            for line in item.events:
                if line in private and line not in public:
                    self.leak(where, f"private event {line.id} in the log")

    def private_side(self, session: Session, lang: str) -> None:
        """The game master's view must hold the secrets the public one leaves out."""
        text = json.dumps({"log": [p.entry.notation for p in session.played],
                           "events": [render(e.line, lang) for p in session.played for e in p.events],
                           "private": session.game.private_state()}, ensure_ascii=False, default=str)
        self.text("private", text, self.notations(session), self.private_texts(session, lang), private=True)
        self.said("private", [p.entry.notation for p in session.played], self.notations(session), private=True)

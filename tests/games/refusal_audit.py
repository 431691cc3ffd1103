"""The side doors of tests/games/test_public_refusals.py: what a refusal given on a public
surface may not hold, and the texts that provoke refusals at a moment of a game.

A refusal is read as the table reads it (`explain(exc, lang, public=True)`, what `companion
act` prints without `--private`; with a "did you mean" the TUI adds what is allowed now,
`public_refusal`). With the typed text taken out (the typist knows it), it holds no
- secret notation already played, nor a private event's words (public_audit.Audit.text);
- choice the game master sees and the table does not: every choice of a private prompt, a
  public prompt's choice whose label tells a secret or whose action is hidden (`drop sb`,
  `enter rb ro rc`), in canonical or in the table's words;
- card whose place is secret (Alien: the codes in hands, face down, unseen): a refused table
  card says why, never what is left;
- name of a Gauekos player while a private step waits (a call's holders).
"""

from __future__ import annotations

import random
import re
from typing import Iterable

from companion.core.errors import ActionError
from companion.core.game import Game, Line
from companion.core.language import explain
from companion.core.session import Session

from .public_audit import Audit

JUNK = ("zzz", "qwerty 3", "", "9 9 9", "@ 4")


def public_refusal(exc: ActionError, session: Session, lang: str, public: bool = True) -> str:
    """A refusal as a public surface shows it (the TUI's refusal line adds what is allowed now
    to a bare "did you mean"); `public=False`: as the game master reads it."""
    message = explain(exc, lang, public=public) if public else explain(exc, lang)
    if getattr(exc, "allowed", None) is None and getattr(exc.line, "id", "") == "error.notation.did_you_mean":
        hint = session.hint(public=public)
        if hint is not None:
            from companion.core.language import render

            message = f"{message} {render(hint, lang)}"
    return message


def offered(game: Game) -> tuple[list[str], list[str]]:
    """The notations on offer now: all of them, and those the table may see (the step's own
    `shows`, as `public_prompt` keeps them; read from the step: a prompt's facts cost more)."""
    found = game.pending_step()
    if found is None:
        return [], []
    step, s = found
    offers = step.offers(game, s)
    every = [game.notation(o.action) for o in offers]
    shown = [] if step.private else [game.notation(o.action) for o in offers if step.shows(game, s, o)]
    return every, shown


def private_choices(game: Game) -> set[str]:
    """The notations on offer that the table may not see now."""
    every, shown = offered(game)
    return set(every) - set(shown)


def secret_tokens(game: Game) -> set[str]:
    """Words naming a secret card (Alien's codes whose place the table does not know)."""
    if game.name != "alien-1979":
        return set()
    private = game.private_state()
    tokens = {c for hand in private["hands"].values() for c in hand}
    tokens |= {c for down in private["codes_down"].values() for c in down if c != "?"}
    return tokens | set(private["unseen"])


def tries(session: Session, rng: random.Random, lang: str) -> list[str]:
    """Texts to type now: junk, a typo of an offered verb (a "did you mean"), actions of other
    moments (played before, or the game master's choices now), a table card that is not there."""
    game = session.game
    every, shown = offered(game)
    texts = [rng.choice(JUNK)]
    if shown:  # a typo of a private choice is echoed back: the typist knew it
        notation = game.spelled(rng.choice(shown), lang)
        verb, _, rest = notation.partition(" ")
        if len(verb) > 3:
            texts.append(f"{verb[:-1]}x {rest}".strip())  # one letter off: "did you mean ...?"
    if session.played:
        texts += [p.entry.notation for p in rng.sample(session.played, min(2, len(session.played)))]
    mine = sorted(private_choices(game))
    if mine:
        texts.append(rng.choice(mine))
    tokens = sorted(secret_tokens(game))
    found = game.pending_step()
    if tokens and found is not None:
        for offer in found[0].offers(game, found[1]):
            if offer.chance:
                texts.append(f"{game.notation(offer.action)} @ {rng.choice(tokens)}")
                break
    return texts


def _without(text: str, typed: Iterable[str]) -> str:
    for t in sorted({t for t in typed if t}, key=len, reverse=True):
        text = text.replace(t, " ")
    return text


def _word(text: str) -> re.Pattern:
    return re.compile(r"(?<![\w])" + re.escape(text) + r"(?![\w])", re.IGNORECASE)


def static_texts(game: Game, lang: str) -> list[str]:
    """Words a refusal says whatever the state: the notation's examples ("enter rb ro rc") and
    the pending step's hint, in the table's words: they tell nothing of this game."""
    from companion.core.language import render

    texts = []
    words = getattr(game, "words", None)
    if words is not None:
        texts += [words.spelled(example, lang) for example in words.examples]
    if game.name == "gauekos":  # its own "not an action": every action, as a help line
        texts.append(render(Line("gauekos.notation.help"), lang))
    found = game.pending_step() if hasattr(game, "pending_step") else None
    if found is not None:
        hint = found[0].hint(game, found[1])
        if hint is not None and not getattr(hint, "values", None):
            texts.append(render(hint, lang))
    return texts


class Moment:
    """What may not be read now (computed once: a refusal leaves the game as it was)."""

    def __init__(self, game: Game, lang: str) -> None:
        self.game, self.lang = game, lang
        self.private = {form for n in private_choices(game) for form in (n, game.spelled(n, lang))}
        self.tokens = secret_tokens(game)
        self.static = static_texts(game, lang)
        found = game.pending_step() if game.name == "gauekos" else None
        self.names = [n for n, alive in zip(game.players, game.alive) if alive] \
            if found is not None and found[0].private else []  # the dead are public


def check(audit: Audit, where: str, message: str, typed: str, now: Moment,
          notations: set[str], texts: set[str], exempt) -> None:
    """One public refusal: no secret (see the module's docstring)."""
    game, lang = now.game, now.lang
    typed_forms = {typed, typed.strip(), game.spelled(typed.strip(), lang)}
    typed_forms |= {f.split("@")[0].strip() for f in typed_forms}
    clean = _without(message, typed_forms | set(now.static))
    audit.text(where, clean, notations - typed_forms, texts, exempt=exempt)
    for form in now.private - typed_forms:  # `play 9` is not `play 9 9` (a guess from typed words)
        if re.search(_word(form).pattern + r"(?! \d)", clean, re.IGNORECASE):
            audit.leak(where, f"a choice the table may not see: {form!r} in {message!r}")
    for token in now.tokens:  # in a list ("It holds: cb, cc, rb."): "se" is also a Spanish word
        if token not in typed and re.search(rf"(?<![\w])({re.escape(token)}, |, {re.escape(token)}(?![\w]))", clean):
            audit.leak(where, f"a secret card {token!r} in {message!r}")
    for name in now.names:
        if _word(name).search(clean):
            audit.leak(where, f"{name!r} named while a private step waits: {message!r}")


def refuse_all(audit: Audit, session: Session, rng: random.Random, lang: str, where: str,
               notations: set[str], texts: set[str], exempt, public: bool = True) -> int:
    """Type every try now; check what the table reads of each refusal. An accepted try is taken
    back (the game goes on as the random game chose). Returns the refusals read."""
    read = 0
    now = Moment(session.game, lang)
    for typed in tries(session, rng, lang):
        try:
            session.act(typed)
        except ActionError as exc:
            read += 1
            check(audit, f"{where} {typed!r}", public_refusal(exc, session, lang, public), typed, now,
                  notations, texts, exempt)
        else:
            session.undo()
            now = Moment(session.game, lang)
    return read

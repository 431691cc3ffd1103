"""The audit behind tests/tui/test_secrets_hidden.py: what the game master's screen may show with
the secrets hidden (`v` off), and random games driven through it cheaply enough to run hundreds.

A screen (each panel's part of a row at a time) holds no
- secret notation played so far, nor a private event's words (public_audit.Audit.text);
- living Gauekos seat beside its card or role (the seat grid, the Sorgiña's list), nor, while a
  call waits, one of its holders beside the call ("Gauekoak (Iker, Maite)", "wake: Iker");
- Halloween child beside its secret owner, nor a hidden bid beside its bidder ("Ana 16");
- Alien card in a hand, by name ("Rey de bastos") or as a code in a list ("rb, ro");
- choice the table may not see now (a code to drop, a call's target), in notation or in words.

Not a leak: what the table is told in words (a public event, the public prompt, Halloween's knock
title naming who moves the child), the end's story once the game is over, the words any refusal
says now (the notation's help and examples).

Speed: a game is fast-forwarded through `session.act` to a random depth of a whole random game
played beforehand (the same dice: every phase; one game in ten read at its end, one in ten from
its first actions), then a few actions go through the screen's own `submit`. One app per game
name: each game's screen replaces the last one's. The screen is read from the compositor's
strips (the screenshot's text without the SVG, about ten times cheaper).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.language import render
from companion.core.session import Session

from ..games.public_audit import Audit, secret_pairs, specific
from ..games.refusal_audit import private_choices, secret_tokens, static_texts, tries
from ..games.test_public_view import Seen, setup_for, told_at_the_end
from .test_table_secrecy import paired

LANGS = ("es", "eu", "en")
SIGNS = "[⛨✗⚔†]"  # after these, a public tie (who ripped a child, a death's card)


def screen_words(app: Any) -> str:
    """What the terminal shows now, row by row, as plain text: what `conftest.screen_text` reads
    from a screenshot, from the compositor's strips without the SVG between."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    rows = ("".join(strip.text for strip in line) if not hasattr(line, "text") else line.text
            for line in update.strips)
    return "\n".join(row.replace("\xa0", " ").rstrip() for row in rows)


@dataclass
class Figures:
    """What one game name's run saw (printed, and in the closing note)."""

    games: int = 0
    actions: int = 0  # played through the screen's `submit`
    forwarded: int = 0  # played through `session.act` before the app took over
    screens: int = 0  # read with the secrets hidden (covers and refusals included)
    refusals: int = 0  # shown on the screen, then read
    covers: int = 0  # covers or notices an action opened, read before anyone looks
    endings: int = 0  # games whose end screen was read
    hits: int = 0  # secrets found on the same screens with `v` on
    audit: Audit = field(default_factory=Audit)

    def line(self, name: str, cpu: float) -> str:
        return (f"{name}: {self.games} games, {self.actions} actions through the screen "
                f"(+{self.forwarded} fast-forwarded), {self.screens} screens checked with v off, "
                f"{self.refusals} refusals shown, {self.covers} covers/notices, {self.endings} endings, "
                f"{self.hits} secrets found with v on, {len(self.audit.leaks)} leaks, {cpu:.0f} s CPU")


def _word(text: str) -> str:
    return r"(?<![\w])" + re.escape(text) + r"(?![\w])"


class Secrets:
    """What may not be on the screen now (computed once per screen)."""

    def __init__(self, session: Session, seen: Seen, lang: str) -> None:
        game = session.game
        self.game, self.seen, self.lang = game, seen, lang
        self.pairs = secret_pairs(game)
        self.hands: list[str] = []
        self.tokens: set[str] = set()
        self.callers: list[tuple[str, list[str]]] = []  # (holder, words of the call waiting)
        self.bids: list[tuple[str, int]] = []
        self.choices: set[str] = set()
        # what a refusal says whatever the state (the notation's help, its examples): nothing of this game
        self.static = sorted({" ".join(t.split()) for t in static_texts(game, lang)} - {""}, key=len, reverse=True)
        self.forms: list[re.Pattern] = []  # the public lines a screen writes itself, as patterns
        self.public = ""  # the public events' and prompt's words: a pair told there is the table's
        # a secret action as the screen writes it too (`suerte Ana 4` for `lucky 1 4`)
        shown = getattr(game, "shown", game.spelled)  # a lone word's (`shown`: `carta mostrada`) is a key's too
        self.notations = seen.notations | {f(n, lang) for n in seen.notations if specific(n) for f in (game.spelled, shown)}
        self.exempt = seen.also_public
        if session.outcome() is not None:  # the end tells the story: its words are the table's then
            told = told_at_the_end(session, lang)
            self.exempt = lambda words: seen.also_public(words) or told(words)
        if session.outcome() is not None:
            return
        if game.name == "alien-1979":
            from companion.games.alien.say import card

            self.hands = [render(card(c), lang) for hand in game.private_state()["hands"].values() for c in hand]
            self.tokens = secret_tokens(game)
        if game.name == "gauekos":
            self.callers = self._callers(game, lang)
        if game.name == "halloween" and game.auction and game.auction.get("bids") and None in game.auction["bids"]:
            from companion.games.halloween.auction import participants

            self.bids = [(game.players[p], b) for p, b in zip(participants(game), game.auction["bids"]) if b is not None]
        if self.pairs:  # what the table is told in words ties names to children: "Ana moves Lucía."
            seen.also_public("")
            prompt = game.public_prompt()
            told = [render(x, lang) for x in (prompt.title, prompt.detail, prompt.say) if x is not None]
            if game.name == "halloween":  # "Jorgito (Luis) at Ana's door": Luis moves Jorgito, for all to see
                from companion.tui.games.halloween.menu import L
                from companion.tui.i18n import say

                form = say(L("knock.title", child="\x01", owner="\x02", mover="\x03"), lang)
                self.forms.append(re.compile(".+".join(re.escape(p) for p in re.split("[\x01-\x03]", form))))
            self.public = "\n".join([*seen._public_words, *told])
        chosen = private_choices(game)
        # a word alone names nobody (the gauekos' `no agreement`, offered at every call); a seat, a
        # number or a card does (`victim 3`, Alien's `drop sb`)
        self.choices = {form for n in chosen if specific(n) and (game.name != "gauekos" or any(c.isdigit() for c in n))
                        for form in (n, game.spelled(n, lang), shown(n, lang))}

    @staticmethod
    def _callers(game: Any, lang: str) -> list[tuple[str, list[str]]]:
        """A call waiting: its living holders, and the words that name the call on the screen."""
        found = game.pending_step()
        if found is None or not found[0].private:
            return []
        prompt = game.expects()
        call = prompt.facts.get("call")
        holders = [n for n in prompt.facts.get("holders") or [] if game.alive[game.players.index(n)]]
        if not call or not holders:
            return []
        from companion.core.game import Line
        from companion.tui.i18n import say, ui

        words = {say(Line(f"gauekos.callname.{call}"), lang), render(game.public_prompt().title, lang),
                 ui("ui.gauekos.wakes", lang, players="\x00").split("\x00")[0].strip(" :")}
        return [(h, [w for w in words if w.strip()]) for h in holders]

    def any(self) -> bool:
        """Is there a secret to look for now (else `v` on could show none: not worth a look)?"""
        return bool(self.notations or self.seen.texts or self.pairs or self.hands or self.tokens or self.callers
                    or self.bids or self.choices)

    def _told(self, part: str) -> bool:
        """`part` is (a row of) a public event's or the public prompt's words, less its marks."""
        core = re.sub(r"^[^\w]*(\d+\.\s+)?", "", part).rstrip(" ▁▂▃▄▅▆▇█")  # less a scroll bar's mark
        return len(core) > 3 and core in self.public or any(form.search(part) for form in self.forms)

    def check(self, audit: Audit, where: str, text: str, private: bool = False) -> int:
        """Secrets on the screen's `text`; each is a leak with the secrets hidden, counted either way."""
        seen = self.seen
        flat = " ".join(text.split())  # the refusal's lines as one, less the words any refusal says now
        for static in self.static:
            flat = flat.replace(static, " ")
        found = audit.text(where, flat, self.notations, seen.texts, private=private, exempt=self.exempt)
        hits: list[str] = []
        for part in (p for row in text.splitlines() for p in row.split("│")):
            told = re.split(SIGNS, part)[0]
            if self.pairs and not self._told(told):
                hits += [f"{part.strip()!r}: {hit}" for hit in paired(told, self.pairs, self.lang)]
            for holder, words in self.callers:
                if re.search(_word(holder), told) and any(re.search(_word(w), told, re.IGNORECASE) for w in words):
                    hits.append(f"{part.strip()!r}: {holder} woken by the call")
            for bidder, bid in self.bids:
                if re.search(_word(bidder) + r":?\s+" + str(bid) + r"(?!\d)", told):
                    hits.append(f"{part.strip()!r}: {bidder}'s hidden bid {bid}")
        for token in self.tokens:  # in a list ("Quedan: cb, cc, rb."), less the notation's examples (`enter rb ro rc`)
            if re.search(rf"(?<![\w])({re.escape(token)}, |, {re.escape(token)}(?![\w]))", flat):
                hits.append(f"a secret card {token!r} in a list")
        hits += [f"a code in a hand: {name!r}" for name in self.hands if name in text]
        # `play 9 9` is a guess from typed words ("did you mean"), not `play 9`
        hits += [f"a choice the table may not see: {form!r}" for form in self.choices
                 if re.search(_word(form) + r"(?! \d)", flat, re.IGNORECASE)]
        if private:
            audit.hits += len(hits)
        else:
            for hit in hits:
                audit.leak(where, hit)
        return found + len(hits)


LENGTHS: dict[str, list[int]] = {}  # the whole random games' lengths so far, by game name
LONG = 300  # actions: a game this long on average is played once, to a depth drawn from those lengths


def prepare(home: Path, name: str, seed: int, steps: int) -> tuple[Session, Seen, str, random.Random]:
    """A saved game of `name` at a random depth of a whole random game (one in ten: its end; one in
    ten from its first actions), every secret so far in
    `seen`. A long game (Kaijupoly's run about 1,000 actions) is not played twice: the others of it
    stop at a depth drawn over the mean length of those played whole."""
    game_cls, players, options = setup_for(name, seed)
    lang = LANGS[seed % len(LANGS)]
    rng = random.Random(seed)
    path, seen = home / f"{name}-{seed}.toml", Seen(lang)
    known = LENGTHS.setdefault(name, [])
    if seed % 10 not in (0, 9) and known and sum(known) / len(known) > LONG:  # played once, not twice
        depth = rng.randrange(sum(known) // len(known) + 1)  # past a shorter game's end: its end screen
        session = Session.new(game_cls, players, options, seed=seed, lang=lang, path=path)
        while len(session.played) < depth and session.outcome() is None:
            session.act(session.game.notation(session.game.sample_action(rng)))
            seen.add(session.played[-1])
        return session, seen, lang, rng
    shadow = Session.new(game_cls, players, options, seed=seed, lang=lang)  # the same dice
    while shadow.outcome() is None and len(shadow.played) < game_cls.max_actions:
        shadow.act(shadow.game.notation(shadow.game.sample_action(rng)))
    done = [p.entry.notation for p in shadow.played]
    known.append(len(done))
    if seed % 10 == 9:  # the end screen (every game's: `steps` before it, the random actions seldom end it)
        depth = len(done)
    elif seed % 10 == 0:  # one in ten from its first actions (the setup's secrets: the everyday run's first)
        depth = rng.randrange(min(len(done), steps) + 1)
    else:
        depth = rng.randrange(len(done) + 1)
    session = Session.new(game_cls, players, options, seed=seed, lang=lang, path=path)
    for notation in done[:depth]:
        session.act(notation)
        seen.add(session.played[-1])
    return session, seen, lang, rng


async def show(app: Any, pilot: Any, session: Session, lang: str) -> Any:
    """`session` on the app's game screen, in `lang`: the last game's screen goes first."""
    while len(app.screen_stack) > 1:  # down to the blank screen under the game's
        app.pop_screen()
        await pilot.pause()
    app.subtitle = ""  # as leaving a game does: the last game's narration is not this one's
    if app.lang != lang:
        app.lang = lang
    app.open_session(session)
    await pilot.pause()
    return app.screen


async def drive(app: Any, pilot: Any, session: Session, seen: Seen, lang: str, rng: random.Random,
                steps: int, figures: Figures, where_: str, reveal: tuple[str, ...], every_v: int = 3) -> None:
    """Up to `steps` actions through the screen's `submit`, the screen read after each (its covers
    and notices first, then the screen itself, then a refusal typed there), and every `every_v`
    screens and after a secret action the same screen with `v` on, where the detector must find
    the secrets (when there are any to find)."""
    audit = figures.audit
    game_screen = app.screen
    for number in range(steps + 1):
        where = f"{where_} action {len(session.played)}"
        while app.screen is not game_screen:  # a cover or notice the last action opened
            figures.covers += 1
            figures.screens += 1
            Secrets(session, seen, lang).check(audit, f"{where} cover", screen_words(app))
            app.pop_screen()
            await pilot.pause()
        secrets = Secrets(session, seen, lang)
        figures.screens += 1
        secrets.check(audit, where, screen_words(app))
        if session.outcome() is not None:
            figures.endings += 1
            return
        if secrets.any() and (number % every_v == 0 or session.played and session.played[-1].secret):
            # the same screen with the secrets shown (after a secret action too): the detector finds them
            await pilot.press(*reveal)
            await pilot.pause()
            figures.hits += secrets.check(audit, where, screen_words(app), private=True)
            await pilot.press(*reveal)
            await pilot.pause()
        if number == steps:
            return
        if number % 2 == 1:  # a refusal shown there (a try the game takes is played, and seen)
            typed = rng.choice(tries(session, rng, lang))
            before = len(session.played)
            if game_screen.submit(typed):
                figures.actions += 1
                seen.add(session.played[-1])
            elif len(session.played) == before:
                await pilot.pause()
                figures.refusals += 1
                figures.screens += 1
                secrets.check(audit, f"{where} refused {typed!r}", screen_words(app))
                continue
        if session.outcome() is not None:
            continue
        assert game_screen.submit(session.game.notation(session.game.sample_action(rng)))
        figures.actions += 1
        seen.add(session.played[-1])
        await pilot.pause()

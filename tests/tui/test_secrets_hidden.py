"""The game master's screen with the secrets hidden (`v` off) shows none, in every game: driven
with the Pilot through random games, the text on screen after every action (and on any cover or
notice the action opened, before the player looks) holds no secret notation, no private event's
words, no living Gauekos seat next to its card, no Halloween child next to its secret owner, no
Alien code in a hand, and a refusal there says nothing the table may not read. With `v` on, the
same detector finds the secrets on the same screen (or it would prove nothing).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.core.language import render
from companion.core.registry import entries, find_game
from companion.core.session import Session

from ..games.public_audit import Audit, secret_pairs
from ..games.refusal_audit import tries
from ..games.test_public_view import Seen, setup_for
from .conftest import screen_text
from .test_table_secrecy import paired

GAMES = [e.name for e in entries()]
SECRET_GAMES = [name for name in GAMES if not getattr(find_game(name), "all_public", False)]
SEEDS = {"gauekos": (0, 1), "alien-1979": (0, 1), "dice-duel": (0, 1)}
STEPS = {"halloween": 30, "alien-1979": 15, "kaijupoly": 8, "rey-de-los-monstruos": 8, "18-fantasmas": 10}  # actions each


def hands(game, lang: str) -> list[str]:
    """Alien: the codes in living hands, as the screen names them (`Rey de bastos`)."""
    if game.name != "alien-1979":
        return []
    from companion.games.alien.say import card

    return [render(card(c), lang) for hand in game.private_state()["hands"].values() for c in hand]


def check(audit: Audit, where: str, text: str, session: Session, seen: Seen, lang: str,
          private: bool = False) -> int:
    """Secrets on the screen; on the private side (`v` on) their count is returned."""
    found = audit.text(where, text, seen.notations, seen.texts, private=private, exempt=seen.also_public)
    pairs = secret_pairs(session.game)
    # one panel's part of a row at a time (the seats beside the log are not one line)
    for part in (p for row in text.splitlines() for p in row.split("│")) if pairs else ():
        told = re.split("[⛨✗⚔†]", part)[0]  # after these a public tie (who ripped a child, a death's card)
        for hit in paired(told, pairs, lang):
            found += 1
            if not private:
                audit.leak(where, f"{part.strip()!r}: {hit}")
    for name in hands(session.game, lang):
        if name in text:
            found += 1
            if not private:
                audit.leak(where, f"a code in a hand: {name!r}")
    return found


def _prepare(home: Path, name: str, seed: int) -> tuple[Session, Seen, str, random.Random]:
    """A saved game of `name` some way in (a night, a hand dealt, a hidden bid...)."""
    game_cls, players, options = setup_for(name, seed)
    lang = ("es", "eu", "en")[seed % 3]
    session = Session.new(game_cls, players, options, seed=seed, lang=lang, path=home / f"{name}-{seed}.toml")
    seen, rng = Seen(lang), random.Random(seed)
    for _ in range(rng.randrange(3, 12)):
        if session.outcome() is not None:
            break
        session.act(session.game.notation(session.game.sample_action(rng)))
        seen.add(session.played[-1])
    return session, seen, lang, rng


@pytest.mark.parametrize("name", GAMES)
async def test_with_the_secrets_hidden_the_screen_shows_none(name, make_app, home):
    audit, hits, screens = Audit(), 0, 0
    for seed in SEEDS.get(name, (0,)):
        session, seen, lang, rng = _prepare(home, name, seed)
        app = make_app(session=session, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            game_screen = app.screen
            for number in range(STEPS.get(name, 25)):
                where = f"{name} seed {seed} action {len(session.played)}"
                while app.screen is not game_screen:  # a cover or notice the last action opened
                    audit.text(f"{where} cover", screen_text(app), seen.notations, seen.texts,
                               exempt=seen.also_public)
                    app.pop_screen()
                    await pilot.pause()
                text = screen_text(app)
                screens += 1
                check(audit, where, text, session, seen, lang)
                if number % 5 == 0:  # the same screen with the secrets shown: the detector finds them
                    keys = ("v", "l") if name == "alien-1979" else ("v",)  # Alien's log is behind `l`
                    await pilot.press(*keys)
                    await pilot.pause()
                    hits += check(audit, where, screen_text(app), session, seen, lang, private=True)
                    await pilot.press(*keys)
                    await pilot.pause()
                if number % 4 == 1:  # a refusal shown there
                    typed = tries(session, rng, lang)[-1]
                    if not game_screen.submit(typed):
                        await pilot.pause()
                        check(audit, f"{where} refused {typed!r}", screen_text(app), session, seen, lang)
                if session.outcome() is not None:
                    break
                assert game_screen.submit(session.game.notation(session.game.sample_action(rng)))
                seen.add(session.played[-1])
                await pilot.pause()
        session.close()
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    if name in SECRET_GAMES:
        assert hits > 0, "with `v` on, no secret on screen: the detector proves nothing"
    print(f"\n{name}: {screens} screens with the secrets hidden, 0 leaks; {hits} secrets seen with v on")


async def test_alien_s_v_puts_no_hand_on_the_board(make_app, home):
    """`v` once put every hand on the board at once ("◈ Bea Rey de oros y Rey de copas / ◈
    Carlos …"); a hand is shown only to its player, behind the cover that `h` opens."""
    session = Session.new("alien-1979", ["Ana", "Bea", "Carlos", "Dani", "Eva"], seed=1, lang="es",
                          path=home / "hands.toml")
    for text in ["alien bastos", "draw @ 4b", "move oros", "take @ rb", "draw @ 6b", "move oros", "take @ ro"]:
        session.act(text)
    assert sum(bool(hand) for hand in session.game.private_state()["hands"].values()) == 2
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for shown in (False, True):
            text = screen_text(app)
            assert not [name for name in hands(session.game, "es") if name in text], text
            await pilot.press("v")
            await pilot.pause()
    session.close()

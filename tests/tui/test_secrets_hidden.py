"""The game master's screen with the secrets hidden (`v` off) shows none, in every game: driven
with the Pilot through random games, the text on screen after every action (and on any cover or
notice the action opened, before the player looks, and after a refusal typed there) holds no
secret (tests/tui/screen_audit.py says what one is). With `v` on, the same detector finds the
secrets on the same screens (or it would prove nothing), and it finds a role beside a name or a
call's holders when a label leaks them (issue 22's item 4).

`SECRET_SCREEN_GAMES=300` sets the games per game name (default: a handful, the everyday run);
the figures per game are printed with `-s`. Measured at 300 per game on the 2-core machine: see
the closing note of issue 22.
"""

from __future__ import annotations

import os
import time

import pytest

from companion.core.registry import entries, find_game
from companion.core.session import Session

from .conftest import screen_text
from .screen_audit import Figures, Secrets, drive, prepare, screen_words, show

GAMES = [e.name for e in entries()]
SECRET_GAMES = [name for name in GAMES if not getattr(find_game(name), "all_public", False)]
GAMES_EACH = int(os.environ.get("SECRET_SCREEN_GAMES", "0"))  # 0: the everyday handful below
EVERYDAY = {"gauekos": 3, "alien-1979": 3, "halloween": 3, "dice-duel": 2}  # else 1
STEPS = {"gauekos": 8, "halloween": 8, "alien-1979": 8}  # actions through the screen per game; else 5


def hands(game, lang: str) -> list[str]:
    """Alien: the codes in living hands, as the screen names them (`Rey de bastos`)."""
    if game.name != "alien-1979":
        return []
    from companion.core.language import render
    from companion.games.alien.say import card

    return [render(card(c), lang) for hand in game.private_state()["hands"].values() for c in hand]


@pytest.mark.parametrize("name", GAMES)
async def test_with_the_secrets_hidden_the_screen_shows_none(name, make_app, home):
    count = GAMES_EACH or EVERYDAY.get(name, 1)
    steps = STEPS.get(name, 5)
    reveal = ("v", "l") if name == "alien-1979" else ("v",)  # Alien's log is behind `l`
    figures, started = Figures(), time.process_time()
    session, seen, lang, rng = prepare(home, name, 0, steps)
    app = make_app(session=session, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        for seed in range(count):
            if seed:
                session, seen, lang, rng = prepare(home, name, seed, steps)
            figures.forwarded += len(session.played)
            await show(app, pilot, session, lang)
            if seed == 0:  # the cheap reading is the screenshot's (which drops runs of blanks)
                assert "".join(screen_words(app).split()) == "".join(screen_text(app).split())
            await drive(app, pilot, session, seen, lang, rng, steps, figures, f"{name} seed {seed}", reveal)
            figures.games += 1
    session.close()
    audit = figures.audit
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    if name in SECRET_GAMES:
        assert figures.hits > 0, "with `v` on, no secret on screen: the detector proves nothing"
    print("\n" + figures.line(name, time.process_time() - started))


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

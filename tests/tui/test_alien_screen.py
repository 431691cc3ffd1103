"""The Alien 1979 screen driven with the Pilot at 80×24: a turn played with the
keys (the card, a move, the end) and saved as notation, the sectors with their
occupants, pips and the Alien, a refusal in the pack's Spanish words that
leaves the save as it was, hands shown only behind a handoff or to the game
master, names shown as typed, and the odds of the next card."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from textual.content import Content

from companion.core.session import Session
from companion.tui.games.alien.nostromo import SectorBox
from companion.tui.games.alien.screen import AlienScreen
from companion.tui.games.alien.side import CardPanel, OddsPanel
from companion.tui.widgets import ErrorLine, NotationInput

from .conftest import SEED, screen_text


def new(home: Path, *acts: str, players=("Ana", "Bea", "Carlos", "Dani")) -> Session:
    session = Session.new("alien-1979", list(players), seed=SEED, lang="es", path=home / "alien.toml")
    for act in acts:
        session.act(act)
    return session


def plain(text) -> str:
    """A border title's text (Textual keeps it as markup)."""
    return text.plain if isinstance(text, Content) else Content.from_markup(str(text)).plain


def box_text(app, sector: str) -> str:
    return app.screen.query_one(f"#al-{sector}", SectorBox).content.plain


def notations(session: Session) -> list[str]:
    return [p.entry.notation for p in session.played]


def menu_key(screen: AlienScreen, notation: str) -> str:
    return next(entry.key for entry in screen.shown_entries if entry.notation == notation)


@pytest.fixture
def table(home: Path):
    session = new(home, "alien oros")
    yield session
    session.close()


async def test_the_alien_screen_plays_alien_1979(make_app, table):
    app = make_app(session=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, AlienScreen)
        text = screen_text(app)
        for name in ("BASTOS", "ESPADAS", "OROS", "COPAS", "MADRE", "NAVE AUXILIAR", "Carta del Alien"):
            assert name in text


async def test_a_turn_is_played_with_the_keys_and_saved(make_app, table, recording):
    app = make_app(session=table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await pilot.press("1")  # the Alien's card
        await pilot.pause()
        assert notations(table) == ["alien oros", "draw"]
        card = table.game.board.drawn[-1]
        shown = app.screen.query_one(CardPanel).query_one("#al-card-name").content.plain
        assert shown and shown.split()[0] in {"As", "Dos", "Tres", "Cuatro", "Cinco", "Seis", "Siete"}
        assert any("revela" in line for line in recording.spoken)  # the reveal is spoken, once saved
        assert table.game.phase == "act"
        await pilot.press(menu_key(screen, "move bastos"))
        await pilot.pause()
        await pilot.press(menu_key(screen, "end"))
        await pilot.pause()
        assert notations(table)[2:] == ["move bastos", "end"]
        saved = table.path.read_text(encoding="utf-8")
        for notation in ("alien oros", "draw", "move bastos", "end"):
            assert notation in saved
        assert card in table.game.board.drawn


async def test_the_sectors_show_who_is_where_the_alien_and_the_pips(make_app, home):
    session = new(home, "alien oros", "draw @ 4b", "move bastos", "end", "draw @ 2o")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bastos = box_text(app, "bastos")
        assert "ALIEN" in bastos and "Ana" in bastos
        assert "●●○○○" in bastos  # the Two strikes where the Alien is: two markers of five
        madre = box_text(app, "madre")
        for name in ("Bea", "Carlos", "Dani"):
            assert name in madre
        assert "ALIEN" not in box_text(app, "oros")
        assert "○○○○○" in madre
        assert app.screen.query_one("#al-bastos", SectorBox).has_class("-alien")  # a double border, not only colour
        assert "Dos de oros" in screen_text(app)
        session.close()


async def test_a_refusal_says_why_in_spanish_and_changes_nothing(make_app, home):
    session = new(home, "alien oros", "draw @ 4b", "move bastos")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.path.read_bytes()
        await pilot.press("colon")
        line = app.screen.query_one(NotationInput)
        line.value = "weapon"
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one(ErrorLine).content.plain
        assert "Las armas se cogen en MADRE, no en Bastos." in error
        assert session.path.read_bytes() == before
        assert notations(session) == ["alien oros", "draw", "move bastos"]  # the table's card is in the journal
        session.close()


async def test_hands_show_only_behind_a_handoff(make_app, home):
    session = new(home, "alien oros", "draw @ 4e", "move bastos", "take @ rb")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Rey de bastos" not in text and "rb" not in text
        assert "▪1" in box_text(app, "bastos")  # the count is public
        await pilot.press("h")  # the handoff: whose codes?
        await pilot.pause()
        await pilot.press("1")  # Ana
        await pilot.pause()
        covered = screen_text(app)
        assert "Solo mira Ana" in covered and "Rey de bastos" not in covered
        await pilot.press("enter")
        await pilot.pause()
        assert "Rey de bastos" in screen_text(app)
        await pilot.press("x")  # any key hides it again
        await pilot.pause()
        assert isinstance(app.screen, AlienScreen)
        assert "Rey de bastos" not in screen_text(app)
        await pilot.press("v")  # the game master reveals the secrets: still no hand on the board
        await pilot.pause()
        text = screen_text(app)
        assert "Rey de bastos" not in text and "Manos: h pregunta" in text
        session.close()


async def test_the_code_the_app_deals_is_shown_to_its_taker_alone(make_app, home):
    session = new(home, "alien oros", "draw @ 4e", "move bastos")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(menu_key(app.screen, "take"))
        await pilot.pause()
        await pilot.pause()
        card = session.game.board.crew[0].hand[0]
        assert notations(session)[-1] == "take"
        covered = screen_text(app)
        assert "Solo mira Ana" in covered
        await pilot.press("enter")
        await pilot.pause()
        from companion.core.language import render
        from companion.games.alien.say import card as card_line
        assert render(card_line(card), "es") in screen_text(app)
        await pilot.press("x")
        await pilot.pause()
        assert render(card_line(card), "es") not in screen_text(app)
        session.close()


async def test_the_code_to_drop_is_chosen_behind_a_cover(make_app, home):
    session = new(home, "alien oros", "draw @ 4e", "move bastos", "take @ rb",  # Ana
                  "draw @ 6e", "end", "draw @ 4o", "end", "draw @ 6o", "end",  # Bea, Carlos, Dani
                  "draw @ 4c", "take @ sb", "end", "draw @ 3b")  # Ana takes a second; Bea's Three of bastos
    assert session.expects().step == "drop"
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Rey de bastos" not in text and "Sota de bastos" not in text
        assert len(app.screen.shown_entries) == 1
        before = session.path.read_bytes()
        await pilot.press("1")
        await pilot.pause()
        assert "Solo mira Ana" in screen_text(app)
        await pilot.press("1")  # nothing is chosen under the cover
        await pilot.pause()
        assert session.path.read_bytes() == before
        await pilot.press("enter")
        await pilot.pause()
        assert "Rey de bastos" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        assert notations(session)[-1].startswith("drop ")
        assert isinstance(app.screen, AlienScreen)
        assert len(session.game.board.crew[0].hand) == 1
        session.close()


async def test_a_name_shows_as_typed(make_app, home):
    session = new(home, "alien oros", players=("[bold]Ana", "Bea"))
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[bold]Ana" in box_text(app, "madre")
        assert "[bold]Ana" in screen_text(app)
        session.close()


async def test_the_odds_of_the_next_card_on_request(make_app, home):
    session = new(home, "alien oros", "draw @ 4e", "end", "draw @ 3b", "end")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one(OddsPanel).display
        assert "%" not in plain(app.screen.query_one("#al-bastos", SectorBox).border_subtitle)
        await pilot.press("o")
        await pilot.pause()
        odds = session.game.odds()
        assert odds.cards == 26
        total = 0
        for sector in ("bastos", "espadas", "oros", "copas"):
            below = plain(app.screen.query_one(f"#al-{sector}", SectorBox).border_subtitle)
            shown = [int(n) for n in re.findall(r"(\d+)%", below)]
            share = odds.sectors[sector]
            expected = [round(share.alien * 100), round(share.drop * 100)]
            if share.strike:
                expected.append(round(share.strike * 100))
            assert shown == expected, (sector, below)
            total += share.alien + share.drop
        panel = app.screen.query_one(OddsPanel)
        assert panel.display
        assert "26 cartas" in plain(panel.border_subtitle)
        text = panel.content.plain
        ace, two = [int(n) for n in re.findall(r"(\d+)%", text)]
        assert ace == round(odds.markers[3] * 100) and two == round(odds.markers[2] * 100)
        assert total + odds.markers[3] + odds.markers[2] == Fraction(1)  # every card does one thing
        rounded = ace + two
        for sector in ("bastos", "espadas", "oros", "copas"):
            below = plain(app.screen.query_one(f"#al-{sector}", SectorBox).border_subtitle)
            rounded += sum(int(n) for n in re.findall(r"[→▾](\d+)%", below))
        assert abs(rounded - 100) <= 5
        await pilot.press("o")
        await pilot.pause()
        assert not app.screen.query_one(OddsPanel).display
        session.close()


def test_the_menu_reaches_every_public_choice_in_nine_keys(home):
    """Random games: the menu never needs more than keys 1-9, every choice the table may see is
    in it (folded or not), and no choice that names a hand's cards is on it."""
    import random

    from companion.tui.games.alien.menu import build_menu

    def reached(entries):
        for entry in entries:
            if entry.notation is not None:
                yield entry.notation
            yield from reached(entry.inner)

    for seed in range(12):
        session = Session.new("alien-1979", ["Ana", "Bea", "Carlos", "Dani", "Eva"][:2 + seed % 4], seed=seed,
                              lang="es", path=home / f"menu{seed}.toml")
        rng = random.Random(seed)
        for _ in range(150):
            if session.outcome() is not None:
                break
            prompt = session.expects()
            game = session.game
            entries = build_menu(prompt, game.position(), game.players, revealed=False)
            assert len(entries) <= 9
            found = set(reached(entries))
            if prompt.private:
                assert len(entries) == 1 and entries[0].cover == prompt.who
            else:
                assert found == {c.notation for c in prompt.choices if not c.reveals}
            session.act(game.notation(game.sample_action(rng)))
        session.close()


async def test_codes_are_entered_behind_the_players_handoff(make_app, home):
    """In MADRE with a trio, the codes entry opens the player's hand behind a cover; the codes
    they may enter are chosen there, and the save holds `enter …`."""
    import random

    session = Session.new("alien-1979", ["Ana", "Bea", "Carlos", "Dani"], seed=0, lang="es",
                          path=home / "enter.toml")
    rng = random.Random(0)
    for _ in range(85):  # a random game that reaches Dani in MADRE with three Kings
        session.act(session.game.notation(session.game.sample_action(rng)))
    prompt = session.expects()
    assert prompt.who == "Dani" and any(c.reveals for c in prompt.choices)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        text = screen_text(app)
        assert "Rey de bastos" not in text and "Introducir" not in text
        key = next(entry.key for entry in screen.shown_entries if entry.kind == "hand")
        await pilot.press(key)
        await pilot.pause()
        assert "Solo mira Dani" in screen_text(app) and "Rey de bastos" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        shown = screen_text(app)
        assert "Rey de bastos" in shown and "Introducir los códigos" in shown
        await pilot.press("1")
        await pilot.pause()
        assert notations(session)[-1].startswith("enter ")
        assert isinstance(app.screen, AlienScreen)
        assert "Rey" in app.screen.query_one("#al-ship-text").content.plain  # the pile, set aside
    session.close()


async def test_the_opening_prompt_is_said_once(make_app, table, recording):
    """Textual runs the frame's on_mount as well as the screen's: calling it again said it twice."""
    app = make_app(session=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.3)
        said = [line for line in recording.spoken if line]
        assert said and len(said) == len(set(said)), said

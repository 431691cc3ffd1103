"""What only some eyes may see: the score table behind the game master's
confirmation, one player's candies on that player's request, the cards in
a hand never named on the shared screen, the app's secret die shown only
under a cover."""

from __future__ import annotations

from companion.core.game import Choice, Line, Prompt
from companion.tui.games.halloween import HalloweenScreen
from companion.tui.games.halloween.menu import build_menu
from companion.tui.games.halloween.modals import NoticeScreen, PickerScreen

from .helpers import keys, new_game, set_up, shown, step


def after_the_trato(home):
    """Ana's trato at Luis's door settled (Ana 22, Luis 14); Luis's turn."""
    session = set_up(new_game(home, "secretos.toml"))
    for action in ("move montse", "roll @ 3", "land green", "trato", "treat 6 4", "roll @ 7", "roll @ 5"):
        session.act(action)
    return session


async def test_the_score_table_only_behind_the_confirmation(make_app, home) -> None:
    session = after_the_trato(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(pilot)
        for secret in ("Montse", "22", "Tabla de puntos"):
            if secret != "Montse":
                assert secret not in text
        await keys(pilot, "g")
        assert isinstance(app.screen, NoticeScreen)
        text = shown(pilot)
        assert "Solo quien dirige la partida" in text
        for secret in ("22", "27", "David", "Tabla de puntos", "Ronda"):  # nothing behind shows through
            assert secret not in text
        await keys(pilot, "escape")  # not now: back to the table, nothing shown
        assert isinstance(app.screen, HalloweenScreen)
        await keys(pilot, "g", "enter")
        text = shown(pilot)
        assert "Tabla de puntos (solo quien dirige)" in text
        rows = [line for line in text.splitlines() if line.strip("│ ").startswith(("Ana", "Luis"))]
        assert any("22" in row and "Montse" in row and "27" in row for row in rows)
        assert any("14" in row and "David" in row and "19" in row for row in rows)
        await keys(pilot, "space")  # any key hides it again
        assert isinstance(app.screen, HalloweenScreen)
        assert "Tabla de puntos" not in shown(pilot)


async def test_a_player_asks_for_their_own_candies(make_app, home) -> None:
    session = after_the_trato(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "h")
        assert isinstance(app.screen, PickerScreen)
        await keys(pilot, "2")  # Luis
        assert isinstance(app.screen, NoticeScreen) and app.screen.covered
        assert "14" not in shown(pilot) and "Solo mira Luis" in shown(pilot)
        await keys(pilot, "enter")
        text = shown(pilot)
        assert "Luis tiene 14 caramelos." in text
        assert "Tu niño secreto: David." in text  # behind the same cover (issue 13, item 10)
        assert "Ana" not in text and "22" not in text and "Montse" not in text
        await keys(pilot, "x")
        assert isinstance(app.screen, HalloweenScreen)
        assert "Luis tiene 14 caramelos." not in shown(pilot)


async def test_an_empty_hand_is_offered_no_card(make_app, home) -> None:
    """Luis's turn, no card in any hand: no "a card of Luis" entry to open onto "nothing now"."""
    session = after_the_trato(home)
    assert session.game.public_state()["hands"]["Luis"] == 0
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Una carta de Luis" not in shown(pilot)
        session.game.pool.remove("9")
        session.game.hands[1].append(9)  # a door card: held, but nothing to play at the turn's start
        app.screen.refresh_view()
        await pilot.pause()
        assert "Una carta de Luis" not in shown(pilot)  # no entry onto "nothing can be played now"
        session.game.pool.remove("1")
        session.game.hands[1].append(1)  # card 1 is played at the start of one's turn: offered, covered
        app.screen.refresh_view()
        await pilot.pause()
        assert "Una carta de Luis" in shown(pilot)
        assert "Jugar la carta 1" not in shown(pilot)  # covered
        assert not [c for c in session.game.public_prompt().choices if c.notation.startswith("play")]


async def test_the_app_s_secret_die_shows_only_under_a_cover(make_app, home) -> None:
    session = set_up(new_game(home, "dado.toml"))
    for action in ("move montse", "roll @ 3", "land green", "truco"):
        session.act(action)
    session.act("roll @ 2")  # the app's die in secret (typed here to know it): 2
    assert step(session) == "truco_claim"
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = shown(pilot)
        assert "marca un 2" not in text and "Solo mira Ana" in text
        await keys(pilot, "1")
        assert "marca un 2" not in shown(pilot)  # covered until Enter
        await keys(pilot, "enter")
        assert "El dado secreto marca un 2. Solo lo mira el niño." in shown(pilot)
        await keys(pilot, "7")  # the claims 1-8 on the keys 1-8: "7!"
        assert isinstance(app.screen, HalloweenScreen)
        assert session.game.public_state()["knock"]["claim"] == 7
        assert "marca un 2" not in shown(pilot)


def test_cards_in_a_hand_are_folded_behind_a_cover() -> None:
    """`play N` choices never show on the shared menu: one covered entry per player who holds
    a card playable now; none for a hand with nothing to play now (issue item)."""
    knock = {"owner": "Luis", "mover": "Ana", "child": "Rosa", "kind": None, "only_trato": False}
    public = {"phase": "play", "step": "knock", "knock": knock, "hands": {"Ana": 1, "Luis": 2}}
    prompt = Prompt(Line("halloween.step.knock"), who="Luis", step="knock", choices=(
        Choice(Line("halloween.choice.truco"), "truco", group="answer"),
        Choice(Line("halloween.choice.trato"), "trato", group="answer"),
        Choice(Line("halloween.choice.play", {"card": 9}), "play 9", group="play"),
        Choice(Line("halloween.choice.play16", {"card": 16, "player": "Ana"}), "play 16", group="mover_play", seat=1)))
    menu = build_menu(prompt, public, revealed=False)
    assert [e.notation for e in menu[:2]] == ["truco", "trato"]
    assert [(e.cover, [g.notation for g in e.inner]) for e in menu[2:]] == [("Luis", ["play 9"]), ("Ana", ["play 16"])]
    bare = Prompt(prompt.title, who="Luis", step="knock", choices=prompt.choices[:2])
    assert [e.notation for e in build_menu(bare, public, revealed=False)] == ["truco", "trato"]  # cards held, none fits
    only_16 = Prompt(prompt.title, who="Luis", step="knock", choices=prompt.choices[:2] + prompt.choices[3:])
    assert [e.cover for e in build_menu(only_16, public, revealed=False)[2:]] == ["Ana"]
    shown_all = build_menu(prompt, public, revealed=True)
    assert [e.cover for e in shown_all[2:]] == [None, None]


async def test_a_physical_card_is_typed_after_at_and_read_aloud(make_app, home, narrator, recording) -> None:
    session = set_up(new_game(home, "carta.toml"))
    for action in ("move montse", "roll @ 3", "land action"):
        session.act(action)
    assert step(session) == "draw"
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "at")
        field = app.screen.query_one("#table-input")
        assert field.password  # a card drawn may be kept: its number is typed unseen
        await pilot.press("5")
        await keys(pilot, "enter")
        assert session.played[-1].entry.draws[0].source == "table"
        text = shown(pilot)
        assert "Carta 5 (Ana)" in text
        assert "Coge dos caramelos del fondo común" in text
    narrator.wait_idle(5)
    assert any(line.startswith("Ana roba la carta 5: Coge dos caramelos") for line in recording.spoken)


async def test_children_dealt_by_the_app_are_shown_to_each_player_in_turn(make_app, home) -> None:
    session = new_game(home, "reparto.toml")
    for action in ("colour 1 red", "colour 2 green", "colour 3 yellow", "colour 4 orange", "youngest 1"):
        session.act(action)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "3")  # the app deals
        dealt = session.game.private_state()["secret_children"]
        assert None not in dealt.values()
        for player in ("Ana", "Luis", "Eva", "Iker"):
            assert isinstance(app.screen, NoticeScreen) and app.screen.covered
            text = shown(pilot)
            assert f"Solo mira {player}" in text
            assert not any(child in text for child in dealt.values())
            await keys(pilot, "enter")
            assert f"El niño secreto de {player} es {dealt[player]}." in shown(pilot)
            await keys(pilot, "space")
        assert isinstance(app.screen, HalloweenScreen)
        assert step(session) == "start"

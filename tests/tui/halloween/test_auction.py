"""A costume fight through the keys: defenders join with their front
candies, the hidden bids are typed masked one bidder at a time (an
over-bid is refused and changes nothing), then opened all at once with a
spoken build-up; the outcome and the pot."""

from __future__ import annotations

from textual.widgets import Input

from companion.tui.games.halloween import HalloweenScreen
from companion.tui.games.halloween.modals import RevealScreen

from .helpers import candies, keys, new_game, set_up, shown, step, to_round, typed


def round_three(home):
    """Round 3, Eva's turn (she holds the turn card); nobody has paid anything yet."""
    session = set_up(new_game(home, "riña.toml"))
    to_round(session, 3)
    assert session.game.public_state()["turn"] == "Eva"
    return session


async def fight_started(pilot, session) -> None:
    """Eva moves Simoncito 2 (table die) onto a neutral square beside Montse and wants her costume;
    Ana and Luis defend."""
    await keys(pilot, "2", "at")
    await typed(pilot, "2")
    await keys(pilot, "enter", "4")  # a neutral square
    assert step(session) == "after"
    await keys(pilot, "1")  # rip Montse's costume
    assert step(session) == "auction"
    await keys(pilot, "1")  # Ana defends: 2 in front
    await keys(pilot, "1")  # Luis defends: 3 in front (Ana is no longer offered)
    assert session.game.public_state()["fight"]["front"] == {"Eva": 1, "Ana": 2, "Luis": 3}


async def test_hidden_bids_typed_masked_one_by_one_then_opened_at_once(make_app, home, narrator,
                                                                        recording) -> None:
    session = round_three(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await fight_started(pilot, session)
        text = shown(pilot)
        assert "Eva le quiere romper el disfraz a Montse" in text
        assert "Eva 1" in text and "Ana 2" in text and "Luis 3" in text
        await keys(pilot, "3")  # hidden bids, one by one
        field = app.screen.query_one("#hw-bid-input", Input)
        assert field.password and field.has_focus
        assert "Eva, tu puja escondida" in shown(pilot)
        held = session.game.ledger.candies[2]  # the bidder is reminded what she holds (issue 13, item 10)
        assert f"Tienes {held} caramelos, 1 delante: hasta {held - 1}." in shown(pilot)

        # Eva tries to hide more than she holds: refused with the reason, nothing changes
        before, played = session.game.state(), len(session.played)
        await typed(pilot, "99")
        assert "••" in shown(pilot) and "99" not in shown(pilot)
        await keys(pilot, "enter")
        text = shown(pilot)
        assert "Rechazada: Eva no puede esconder tantos caramelos" in text
        assert "99" not in text
        assert session.game.state() == before and len(session.played) == played
        assert field.value == "" and field.has_focus

        # the three bids, each bidder at the keyboard in turn; the field is cleared after each
        await typed(pilot, "5")
        await keys(pilot, "enter")
        assert step(session) == "auction_bids" and field.value == ""
        assert "Ana, tu puja escondida" in shown(pilot)
        held = session.game.ledger.candies[0]
        assert f"Tienes {held} caramelos, 2 delante: hasta {held - 2}." in shown(pilot)
        await typed(pilot, "4")
        await keys(pilot, "enter")
        assert "Luis, tu puja escondida" in shown(pilot)
        assert "Eva ✓ · Ana ✓ · Luis …" in shown(pilot)
        for typed_bid in ("bid 3 5", "bid 1 4", "puja 5", "puja 4"):
            assert typed_bid not in shown(pilot)
        await typed(pilot, "2")
        await keys(pilot, "enter")

        # all in: fists first, the hands open on Enter, all at once
        assert isinstance(app.screen, RevealScreen)
        text = shown(pilot)
        hands = [line for line in text.splitlines() if "(+" in line]
        assert len(hands) == 3 and all("?" in hand for hand in hands)  # closed fists: no bid shows yet
        assert "Montse se echa a llorar" not in text
        narrator.wait_idle(5)
        assert recording.spoken[-1] == "Ya están las 3 pujas. Puños cerrados sobre la mesa. Una… dos… ¡y tres!"
        await keys(pilot, "enter")
        text = shown(pilot)
        assert "¡Eva le rompe el disfraz a Montse!" in text
        assert "Montse se echa a llorar y se va a casa." in text
        for row in ("Eva", "Ana", "Luis"):
            assert row in text
        await keys(pilot, "space")
        assert isinstance(app.screen, HalloweenScreen)

        assert candies(session) == {"Ana": 16, "Luis": 15, "Eva": 12, "Iker": 18}
        state = session.game.public_state()
        assert state["pot"] == 39
        assert not state["children"]["montse"]["in_play"]
        assert state["cries"] == {"Montse": "Ana"}
        assert state["rip_cooldown"] == ["Eva"] and state["turn"] == "Iker"
        text = shown(pilot)
        assert "Montse" in text and "a casa (Eva)" in text

    narrator.wait_idle(5)
    said = recording.spoken
    build_up = said.index("Ya están las 3 pujas. Puños cerrados sobre la mesa. Una… dos… ¡y tres!")
    opened = said.index("¡Abrid las manos! Eva 5, Ana 4, Luis 2.")
    assert build_up < opened
    assert said[opened + 1] == "¡Eva le rompe el disfraz a Montse!"
    assert "Montse era el niño de Ana: Ana llora y deja la carta sobre la mesa." in said
    assert not any("puja 5" in line or "99" in line for line in said)


async def test_the_referee_types_the_opened_hands(make_app, home, narrator, recording) -> None:
    """`bids A D1 D2`: what the opened hands show; the defenders win and pay, the attacker keeps the bid."""
    session = round_three(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await fight_started(pilot, session)
        await keys(pilot, "4")  # type the opened hands
        line = app.screen.query_one("#notation", Input)
        assert line.has_focus and line.value == "bids "
        await typed(pilot, "1 4 4")
        await keys(pilot, "enter")
        assert isinstance(app.screen, RevealScreen)
        assert "Montse conserva su disfraz: ganan la riña Ana, Luis." in shown(pilot)
        await keys(pilot, "space")
        assert candies(session) == {"Ana": 12, "Luis": 11, "Eva": 17, "Iker": 18}
        assert session.game.public_state()["pot"] == 42


async def test_the_attacker_withdraws(make_app, home) -> None:
    session = round_three(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await fight_started(pilot, session)
        labels = [c.label for c in session.expects().choices]
        assert [c.notation for c in session.expects().choices][-1] == "withdraw"
        await keys(pilot, "2")  # the attacker withdraws (defend Iker is 1)
        assert step(session) != "auction"
        assert candies(session) == {"Ana": 16, "Luis": 15, "Eva": 17, "Iker": 18}
        assert labels

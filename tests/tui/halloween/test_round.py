"""A whole round for four players through the keys: the setup with the
secret children typed masked, a trato with the rule text's own numbers,
a truco with a helper, an action card from the app's deck, Jorgito on a
neutral square; what the ledger holds and what the narrator said."""

from __future__ import annotations

from textual.widgets import Input

from companion.games.halloween.children import NAMES
from companion.tui.games.halloween import HalloweenScreen
from companion.tui.games.halloween.modals import NoticeScreen, PickerScreen

from .helpers import candies, keys, new_game, shown, step, typed


async def test_a_round_for_four_through_the_keys(make_app, home, narrator, recording) -> None:
    session = new_game(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HalloweenScreen)
        # -- setup: colours by number, the youngest, the secret children masked
        await keys(pilot, "1", "1", "1", "1", "1")
        assert session.game.public_state()["colours"] == {"Ana": "red", "Luis": "green", "Eva": "yellow",
                                                          "Iker": "orange"}
        assert step(session) == "setup_child"
        await keys(pilot, "1")
        assert isinstance(app.screen, PickerScreen)
        assert "Montse" not in shown(pilot)  # covered until Ana alone looks
        await keys(pilot, "enter")
        field = app.screen.query_one(Input)
        assert field.password and field.has_focus
        await typed(pilot, "montse")
        assert "montse" not in shown(pilot) and "••••••" in shown(pilot)
        await keys(pilot, "enter")
        assert isinstance(app.screen, HalloweenScreen)
        await keys(pilot, "1", "enter")
        await typed(pilot, "4")  # David, by his number in the list
        await keys(pilot, "enter", "2")  # Eva keeps her card for later
        await keys(pilot, "1", "enter")
        await typed(pilot, "lucía")
        await keys(pilot, "enter")
        secret = session.game.private_state()["secret_children"]
        assert secret == {"Ana": "Montse", "Luis": "David", "Eva": None, "Iker": "Lucía"}
        text = shown(pilot)
        for name in NAMES.values():
            assert f"child 1 {name.lower()}" not in text
        assert "Ronda 1 de 8" in text and "Fondo común: 28" in text
        assert step(session) == "start"

        # -- Ana moves Montse with the table's die onto Luis's green door: trato, 6 and 4, then 7 and 5
        await keys(pilot, "1", "at")
        await typed(pilot, "3")
        await keys(pilot, "enter")
        assert session.played[-1].entry.notation == "roll"
        assert session.played[-1].entry.draws[0].source == "table"
        assert step(session) == "landing"
        await keys(pilot, "2")  # the green house, Luis's
        assert step(session) == "knock"
        assert "Caramelos" in shown(pilot)  # the candy table under the owner's answer
        await keys(pilot, "2")  # trato
        assert step(session) == "trato_treat"
        await typed(pilot, "6")
        await keys(pilot, "enter")
        await typed(pilot, "4")
        await keys(pilot, "enter")
        assert session.played[-1].entry.notation == "treat 6 4"
        await keys(pilot, "at")
        await typed(pilot, "7")
        await keys(pilot, "enter", "at")
        await typed(pilot, "5")
        await keys(pilot, "enter")
        assert candies(session) == {"Ana": 22, "Luis": 14, "Eva": 18, "Iker": 18}
        text = shown(pilot)
        assert "13 − 9 = 4: Luis le da 4 caramelos a Ana." in text
        assert "+6" in text and "+4" in text
        assert session.game.public_state()["treat_deck"] == 16

        # -- Luis moves Simoncito onto Eva's yellow door: truco, claims 7 (4 candies), Eva asks Ana for 2
        assert session.game.public_state()["turn"] == "Luis"
        await keys(pilot, "1", "1", "2")
        assert step(session) == "knock"
        await keys(pilot, "1")  # truco
        assert step(session) == "truco_roll"
        await keys(pilot, "7")  # the table's die stays under the cup: "7!" (a claim's key is its number)
        assert step(session) == "truco_owner"
        text = shown(pilot)
        assert "Luis dice 7: 4 caramelos" in text
        await keys(pilot, "2")  # ask Ana...
        assert isinstance(app.screen, PickerScreen)
        await keys(pilot, "3")  # ...for 2 candies
        assert step(session) == "truco_helper"
        assert session.expects().private
        await keys(pilot, "1")
        assert isinstance(app.screen, PickerScreen) and app.screen.covered
        await keys(pilot, "enter", "1")  # Ana looks: the child tells the truth
        assert step(session) == "truco_decide"
        await keys(pilot, "1")  # Eva believes
        assert step(session) == "truco_reveal"
        await keys(pilot, "7")  # the cup is lifted: 7
        assert candies(session) == {"Ana": 24, "Luis": 16, "Eva": 14, "Iker": 18}

        # -- Eva moves Jorgito onto an action square and draws from the app's deck
        assert session.game.public_state()["turn"] == "Eva"
        await keys(pilot, "1", "1", "5")
        assert step(session) == "draw"
        await keys(pilot, "1")
        drawn = session.played[-1].entry.draws[0]
        assert drawn.kind == "draw" and drawn.source == "app"
        card = int(drawn.values[0])
        held = session.game.public_state()["hands"]["Eva"]
        if held:  # kept: shown to Eva alone
            assert isinstance(app.screen, NoticeScreen) and app.screen.covered
            assert f"carta {card}" not in shown(pilot)
            await keys(pilot, "enter")
            assert f"Has robado la carta {card}" in shown(pilot)
            await keys(pilot, "space")
        assert isinstance(app.screen, HalloweenScreen)
        while step(session) not in ("start", None) and session.game.public_state()["turn"] == "Eva":
            await keys(pilot, "1")  # a card that rolls (7, 8) or gives (8)
        if not held:
            assert f"Carta {card} (Eva)" in shown(pilot)

        # -- Iker moves David onto a neutral square: the round is over, the turn card passes to Luis
        assert session.game.public_state()["turn"] == "Iker"
        await keys(pilot, "1", "1", "4")
        state = session.game.public_state()
        assert (state["round"], state["turn_card"], state["turn"]) == (2, "Luis", "Luis")
        assert sum(candies(session).values()) + state["pot"] == 100
        assert "Ronda 2 de 8" in shown(pilot)

    narrator.wait_idle(5)
    said = recording.spoken
    assert "13 contra 9: Luis le da 4 caramelos a Ana." in said
    assert "Un 7 en el dado: 4 caramelos. ¿Te lo crees, preguntas a otro jugador o no te lo crees?" in said
    assert "Eva: ¿truco o trato?" in said
    assert any(line.startswith(f"Eva roba la carta {card}:") for line in said) or \
        "Eva roba una carta de acción y se la queda." in said
    assert "Ronda 2. Luis tiene la carta de turno y empieza." in said
    assert not any("niño secreto de" in line for line in said)  # the secrets are never spoken

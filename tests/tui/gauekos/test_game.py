"""A whole short game driven through the Gauekos screen with keys only, from
the deck to the end screen, and what the narrator said, in order."""

from __future__ import annotations

from companion.tui.games.gauekos import GauekosScreen

from ..conftest import screen_text
from .helpers import CARDS, played, press, said, until

# What the table hears, in order: the preparation turn, two nights (the dead
# Sorgiña still called on the second, with the same words), the deaths with
# their cards, the votes and the end.
SPOKEN = [
    "gauekos.prep.begins",
    "gauekos.call.lamia.wake", "gauekos.call.lamia.sleep",
    "gauekos.call.lovers.wake", "gauekos.call.lovers.sleep",
    "gauekos.night.falls",
    "gauekos.call.sorgina.wake", "gauekos.call.sorgina.sleep",
    "gauekos.call.gauekos.wake", "gauekos.call.gauekos.sleep",
    "gauekos.call.akerbeltz.wake", "gauekos.call.akerbeltz.sleep",
    "gauekos.dawn", "gauekos.death.night", "gauekos.day.debate",
    "gauekos.vote.tally", "gauekos.vote.runoff", "gauekos.vote.tally", "gauekos.death.lynch",
    "gauekos.night.falls",
    "gauekos.call.sorgina.wake", "gauekos.call.sorgina.sleep",  # a phantom call: Cy, the Sorgiña, is dead
    "gauekos.call.gauekos.wake", "gauekos.call.gauekos.sleep",
    "gauekos.call.akerbeltz.wake", "gauekos.call.akerbeltz.sleep",
    "gauekos.dawn", "gauekos.death.night", "gauekos.death.night",
    "gauekos.shot.say", "gauekos.shot.none",
    "gauekos.outcome.village",
]

PLAYED = [
    "deck gaueko 2 sorgina", "deck gaueko 2 sorgina akerbeltz", "deck gaueko 2 sorgina cazador akerbeltz",
    "deck gaueko 2 sorgina lamia cazador akerbeltz",
    *[f"role {seat} {card}" for seat, card in enumerate(CARDS, 1)],
    "start", "lovers 7 8", "done", "later",
    "sorgina 1", "shown", "victim 3", "close", "no life", "no death",
    "vote 1>5 2>5 4>1 5>1 6>1 7>1 8>2", "runoff 1 5", "votes 1:5 5:2",
    "night", "pass", "victim 5", "close", "no life", "death 2", "no shot",
]


async def test_a_whole_game_by_keys_with_every_line_said_in_order(make_app, new_table, narrator, recording) -> None:
    session = new_table(8)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GauekosScreen)
        # Setup: toggle the special cards, then each seat's card by number key (1 campesino, 2 gaueko,
        # 3 Sorgiña, 4 Lamia, 5 Cazador, 6 Akerbeltz), seat after seat; space starts.
        await press(pilot, "o", "a", "h", "l")
        assert "⚠" not in screen_text(app)  # the recommended count, a deck that fits: nothing to warn about
        await press(pilot, "2", "2", "3", "6", "5", "4", "1", "1", "space")
        assert session.game.public_state()["phase"] == "prep"
        # The Lamia points at two players; the lovers recognise each other; no election yet.
        await press(pilot, "7", "8", "space", "space")
        # Night 1: the Sorgiña sees Ana's card (shown to the Kontalari), the gauekos choose Cy,
        # Akerbeltz keeps both spells.
        await press(pilot, "1")
        assert session.expects().step == "sorgina_shown"  # the gauekos wait until the card was shown
        assert "Carta mostrada" in screen_text(app)
        await press(pilot, "space", "3", "space", "n", "n")
        text = screen_text(app)
        assert "† Cy (Sorgiña)" in text  # the dead with their cards, on the day's head
        # Day 1: one vote per voter (the seat each one points at), the proposed runoff confirmed,
        # the runoff counted per candidate.
        await press(pilot, "5", "5", "1", "1", "1", "1", "2")
        assert "Ana 4, Ed 2, Bo 1" in screen_text(app)  # the tally as it is typed
        await press(pilot, "enter", "space", "w", "5", "down", "2", "enter")
        assert session.game.public_state()["dead"] == {"Cy": "sorgina", "Ana": "gaueko"}
        # Night 2: the dead Sorgiña's call passes by itself; then the gauekos, and Akerbeltz's death spell.
        await press(pilot, "space")
        await until(pilot, lambda: played(session)[-1] == "pass")
        assert session.game.call_info()["call"] == "gauekos"
        await press(pilot, "5", "space", "n", "2")
        # Dawn: Ed was the Cazador: his shot is asked at once; he holds his fire and the village wins.
        assert session.game.public_state()["pending"] == {"kind": "shot", "player": "Ed"}
        await press(pilot, "n")
        assert session.outcome().termination == "village"
        text = screen_text(app)
        assert "GANA LA ALDEA" in text
        assert "Todas las cartas" in text and "La historia de la partida" in text
        assert played(session) == PLAYED
    assert said(narrator, recording) == SPOKEN
    texts = recording.spoken
    first, phantom = (i for i, line in enumerate(recording.line_ids) if line == "gauekos.call.sorgina.wake")
    assert texts[first] == texts[phantom]  # the table cannot hear that the Sorgiña is dead


async def test_the_end_screen_reveals_every_card_and_tells_the_story(make_app, new_table) -> None:
    session = new_table(8, "deck gaueko 2 sorgina lamia cazador akerbeltz",
                        *[f"role {seat} {card}" for seat, card in enumerate(CARDS, 1)], "start",
                        "lovers 7 8", "done", "mayor 4", "sorgina 1", "shown", "victim 3", "close", "no life", "death 1",
                        lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "e")  # no election: Di is the Pariente mayor and alive
        assert not app.screen.electing
        # Counts per candidate: Bo 2, Ed 3; the proposed runoff; the runoff counted (the entry stays in counts).
        await press(pilot, "w", "2", "down", "down", "3", "space", "space", "2", "down", "1", "enter")
        assert played(session)[-3:] == ["votes 2:2 5:3", "runoff 2 5", "votes 2:2 5:1"]
        assert session.outcome().termination == "village"
        lines = screen_text(app).splitlines()
        cards = ["Gaueko", "Gaueko", "Sorgiña", "Akerbeltz", "Cazador", "Lamia", "Campesino", "Campesino"]
        for name, card in zip(session.game.players, cards):
            assert any(name in line and card in line for line in lines), name
        text = "\n".join(lines)
        assert "Night 1." in text and "Day 1." in text
        assert "The Sorgiña (Cy) saw the card of Ana: Gaueko." in text
        assert "Day 1 · first vote: Ed 3, Bo 2" in text  # the vote history

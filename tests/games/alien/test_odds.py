"""The exact odds of the next Alien card, from the cards still to draw: the
app's draws and the table's recorded ones alike."""

from __future__ import annotations

from fractions import Fraction as F

from companion.games.alien.cards import ALIEN_DECK, MAIN
from companion.games.alien.odds import next_card

from .helpers import arrange, started


def test_a_full_deck():
    odds = next_card(ALIEN_DECK, "oros", mad=False)
    assert odds.cards == 28
    for name in MAIN:
        assert odds.sectors[name].alien == F(2, 28)  # its 4 and 6
        assert odds.sectors[name].drop == F(3, 28)  # its 3, 5 and 7
    assert odds.sectors["oros"].strike == F(8, 28)  # any As or 2
    assert odds.sectors["copas"].strike == 0
    assert odds.markers == {3: F(4, 28), 2: F(4, 28), 1: 0}
    assert odds.total() == 1


def test_a_known_small_deck():
    left = ["4o", "6o", "3b", "1c", "2e"]
    odds = next_card(left, "bastos", mad=False)
    assert odds.cards == 5
    assert odds.sectors["oros"].alien == F(2, 5) and odds.sectors["oros"].drop == 0
    assert odds.sectors["bastos"].drop == F(1, 5) and odds.sectors["bastos"].alien == 0
    assert odds.sectors["bastos"].strike == F(2, 5)
    assert odds.total() == 1
    mad = next_card(left, "bastos", mad=True)  # the 3 of bastos also strikes once
    assert mad.sectors["bastos"].strike == F(3, 5) and mad.markers[1] == F(1, 5)
    assert mad.total() == 1
    assert mad.plain()["sectors"]["bastos"]["strike"] == "3/5"


def test_an_empty_deck_is_reshuffled_before_the_next_card():
    assert next_card([], "oros", mad=False) == next_card(ALIEN_DECK, "oros", mad=False)


def test_the_game_s_odds_follow_the_cards_the_table_recorded():
    session = started("oros")
    assert session.game.odds() == next_card(ALIEN_DECK, "oros", False)
    for card in ("4b", "6b", "3b", "5b", "7b"):  # typed from the table's own deck
        arrange(session, alien="oros", drawn=session.game.board.drawn)
        session.act(f"draw @ {card}")
        session.act("end")
    odds = session.game.odds()
    assert odds.cards == 23
    assert odds.sectors["bastos"].alien == 0 and odds.sectors["bastos"].drop == 0
    assert odds.sectors["espadas"].alien == F(2, 23)
    assert odds.sectors["oros"].strike == F(8, 23)  # every As and 2 is still to come
    assert odds.total() == 1
    app = started("oros", seed=9)
    app.act("draw")  # the app's card counts the same way
    assert app.game.odds().cards == 27


def test_the_odds_are_in_the_facts_and_the_option_says_whether_the_table_sees_them():
    session = started(threat_odds=True)
    facts = session.expects().facts
    assert facts["threat_odds"] is True and facts["odds"]["cards"] == 28
    assert started().expects().facts["threat_odds"] is False

"""Kaijupoly's rules, scenario by scenario, as the rule text and RULINGS.md
state them: the deal and the leftovers in 2d6 order, rent to the general or
to the bank for rubble, troops on landing and at the end of the turn, GO
with the transport and utility extras, doubles and jail, the Kaiju's arrival
and its counter-clockwise move, battles (a mega attack on a Cuartel, a
repelled Kaiju, a city that falls), ruin and elimination, the end. Dice and
deeds are the table's (`@`), so each scenario is exact."""

from __future__ import annotations

import pytest

from companion.core.session import Session

from .helpers import ANA, BEA, DEEDS, deal_text, game, refused, said, step


def money(session, seat: int) -> int:
    return session.game.money[seat]


# -- the deal ------------------------------------------------------------------------------------


def test_every_deed_is_dealt_in_equal_shares(tmp_path):
    session = Session.new("kaijupoly", ["Ana", "Bea", "Carlos", "Dani"], seed=3, lang="es", path=tmp_path / "k.toml")
    session.act("deal")
    held = [sorted(p for p, o in session.game.owner.items() if o == seat) for seat in range(4)]
    assert [len(h) for h in held] == [7, 7, 7, 7]
    assert sorted(sum(held, [])) == DEEDS
    assert session.game.phase == "play" and step(session) == "turn"  # 28 divide by 4: nothing left over
    assert session.game.money == [3000] * 4  # double_money is on by default: 1,500 × 2


def test_leftovers_are_chosen_in_2d6_order_and_ties_roll_again(tmp_path):
    hands = (DEEDS[0:27:3], DEEDS[1:27:3], DEEDS[2:27:3])  # 9 each; 39 is left over
    session = game(tmp_path, players=("Ana", "Bea", "Carlos"), hands=hands)
    assert session.game.leftovers == [39] and step(session) == "order"
    session.act("roll @ 3 3")  # Ana 6
    session.act("roll @ 6 6")  # Bea 12
    events = session.act("roll @ 6 6")  # Carlos 12: a tie for first
    assert "empatan y vuelven a tirar" in said(events)
    assert session.expects().who == "Bea"
    session.act("roll @ 1 1")  # Bea 2
    session.act("roll @ 2 1")  # Carlos 3: Carlos chooses first
    assert step(session) == "pick" and session.expects().who == "Carlos"
    assert refused(session, "pick 1").startswith("Ronda de Valencia no es uno de los títulos sobrantes.")
    events = session.act("elegir prado")  # by name, in Spanish
    assert session.game.owner[39] == 2 and "Carlos se queda Paseo del Prado" in said(events)
    assert step(session) == "turn" and session.expects().who == "Ana"


def test_without_double_money_each_general_starts_with_the_usual_amount(tmp_path):
    session = game(tmp_path, double_money=False)
    assert session.game.money == [1500, 1500]


# -- moving, rent and troops ---------------------------------------------------------------------


def test_rent_is_the_base_rent_whatever_the_defences(tmp_path):
    session = game(tmp_path, "roll @ 1 2", "troops cuartel")  # Ana: Plaza Lavapiés with a Cuartel
    assert session.game.level[3] == 5
    assert money(session, 0) == 3000 - (4 * 50 + 50)  # four platoons and the Cuartel on top
    assert session.expects().who == "Bea"  # nothing left to reinforce: the turn ended by itself
    events = session.act("roll @ 1 2")  # Bea lands on Lavapiés: the base rent, 4 €
    assert "Bea paga 4 € a Ana por su paso por Plaza Lavapiés" in said(events)
    assert money(session, 1) == 2996 and money(session, 0) == 2750 + 4


def test_troops_on_landing_show_what_they_do_to_the_odds(tmp_path):
    session = game(tmp_path, "roll @ 1 2")
    prompt = session.expects()
    assert prompt.step == "troops" and prompt.who == "Ana"
    labels = {c.notation: c.label for c in prompt.choices}
    from companion.core.language import render
    assert render(labels["troops 3 3"], "es") == "3 pelotones por 150 €: aguanta todo el combate el 66 %"
    assert render(labels["troops 3 cuartel"], "es") == "un Cuartel por 250 €: aguanta todo el combate el 95 %"
    assert "skip" in labels


def test_a_city_left_without_troops_never_gets_any(tmp_path):
    session = game(tmp_path, "roll @ 1 2", "nada")  # Ana leaves Lavapiés without troops
    assert 3 in session.game.abandoned
    assert step(session) == "turn" and session.expects().who == "Bea"  # nothing to reinforce: the turn ended
    # Later, at the end of a turn, it is not among the cities that can be reinforced.
    session.act("roll @ 4 5")  # Bea: 9 (Ana's Bravo Murillo): pays 8
    session.act("roll @ 3 5")  # Ana: 3 -> 11 Glorieta de Bilbao: her own
    session.act("troops 1")
    assert step(session) == "end"
    offered = [c.notation for c in session.expects().choices]
    assert not any(n.startswith("troops 3 ") for n in offered)
    assert "ningún pelotón" in refused(session, "troops 3 1")


def test_at_the_end_of_the_turn_only_own_cities_with_a_platoon_get_troops(tmp_path):
    session = game(tmp_path, "roll @ 1 2", "troops 1")
    assert step(session) == "end"
    offered = [c.notation for c in session.expects().choices]
    assert offered == ["end", "troops 3 2", "troops 3 3", "troops 3 4", "troops 3 cuartel"]
    assert "ningún pelotón" in refused(session, "troops 1 1")  # Ronda de Valencia: never landed on
    assert "no es una ciudad en pie de Ana" in refused(session, "troops 26 1")
    assert "ya tiene 1 pelotón" in refused(session, "troops 3 1")
    session.act("troops 3 4")
    assert session.game.level[3] == 4 and money(session, 0) == 3000 - 4 * 50
    session.act("troops 3 cuartel")
    assert session.game.level[3] == 5 and money(session, 0) == 3000 - 5 * 50


def test_troops_cost_what_the_general_holds_at_most(tmp_path):
    session = game(tmp_path, "roll @ 1 2", double_money=False)
    assert "troops 3 cuartel" in [c.notation for c in session.expects().choices]
    session.game.money[0] = 120  # pretend: only two platoons affordable
    offered = [c.notation for c in session.expects().choices]
    assert offered == ["troops 3 1", "troops 3 2", "skip"]


# -- GO, doubles and jail ------------------------------------------------------------------------


def go_round(tmp_path, **options):
    """Bea (stations and utilities) goes round the world while Ana wanders."""
    return game(tmp_path, "roll @ 1 2", "skip",  # Ana 3
                "roll @ 5 6",  # Bea 11: Ana's Bilbao, 10 €
                "roll @ 3 4",  # Ana 10: jail, visiting
                "roll @ 6 5",  # Bea 22: a card square without effects
                "roll @ 3 4",  # Ana 17
                "roll @ 5 6",  # Bea 33
                "roll @ 1 2",  # Ana 20: parking
                **options)


def test_passing_go_pays_the_salary_and_the_extras_of_transports_and_utilities(tmp_path):
    session = go_round(tmp_path)
    events = session.act("roll @ 4 3")  # Bea 33 + 7: GO
    text = said(events)
    assert "Bea da la vuelta al mundo y cobra 200 €" in text
    assert "Bea cobra además 200 € por 4 transportes" in text  # four held: the base game's 200
    assert step(session) == "bonus" and session.expects().who == "Bea"
    events = session.act("roll @ 3 4")  # both utilities: 7 × 10
    assert "70 € por los servicios públicos (por 10)" in said(events)
    assert money(session, 1) == 3000 - 10 + 200 + 200 + 70
    why = [e["why"] for e in session.game.ledger if e["to"] == 1]
    assert why[-3:] == ["salary", "stations", "power"]


def test_a_double_rolls_again_and_the_third_goes_to_jail(tmp_path):
    session = game(tmp_path, "roll @ 1 1")  # Ana 2: a card square, no effect; a double
    assert session.expects().title.id == "kaijupoly.step.turn_again"
    session.act("roll @ 2 2")  # 6: her own city
    session.act("skip")
    events = session.act("roll @ 3 3")  # the third double in a row
    assert "Tres dobles seguidos" in said(events)
    assert session.game.pos[0] == 10 and session.game.jailed[0] == 0 and session.expects().who == "Bea"


def test_jail_a_double_frees_and_moves_the_third_failed_try_pays_the_fine(tmp_path):
    session = game(tmp_path, "roll @ 1 1", "roll @ 2 2", "skip", "roll @ 3 3", "roll @ 1 2")  # Ana jailed, Bea 3
    offered = [c.notation for c in session.expects().choices]
    assert offered == ["roll", "fine"]
    session.act("roll @ 1 2")  # no double: stays (1 of 3)
    session.act("roll @ 1 2")  # Bea 6
    session.act("roll @ 2 1")  # 2 of 3
    session.act("roll @ 1 2")  # Bea 9
    events = session.act("roll @ 1 2")  # the third: pays 50 and moves 3
    assert "paga la multa, 50 €, y avanza" in said(events)
    assert session.game.jailed[0] is None and session.game.pos[0] == 13
    assert money(session, 0) == 3000 - 50 + 4 + 6 + 8  # Bea paid rent at 3, 6 and 9
    assert step(session) == "troops"  # Calle Alberto Aguilera: her own


def test_paying_the_fine_before_rolling(tmp_path):
    session = game(tmp_path, "roll @ 1 1", "roll @ 2 2", "skip", "roll @ 3 3", "roll @ 1 2")
    assert "Ana no tiene carta de salir de la cárcel" in refused(session, "free")
    session.act("multa")
    assert session.game.jailed[0] is None and money(session, 0) == 3000 + 4 - 50  # Bea paid 4 at Lavapiés
    assert session.expects().step == "turn"  # then she rolls as usual
    session.act("roll @ 5 5")  # a double out of jail after paying: she rolls again
    assert session.game.pos[0] == 20 and session.expects().who == "Ana"


# -- the Kaiju and its battles --------------------------------------------------------------------

# Ana holds the dark blues (37, 39) for the battles; Bea the rest of her share.
BLUE_ANA = [37, 39] + ANA[:12]
BLUE_BEA = [d for d in DEEDS if d not in BLUE_ANA]


def kaiju_ready(tmp_path):
    """Ana puts a Cuartel on Paseo de la Castellana (37) through a card; both pass GO."""
    session = game(tmp_path, hands=(BLUE_ANA, BLUE_BEA), card_effects=True)
    session.act("roll @ 3 4")  # Ana: 7, a card
    assert step(session) == "card"
    session.act("avanzar 37")  # the card sends her to the Castellana
    session.act("troops cuartel")  # nothing left to reinforce: her turn ends
    session.act("roll @ 3 4")  # Bea: 7, a card
    session.act("advance 0")  # to GO: the salary, and 2d6 × 10 for her two utilities
    session.act("roll @ 1 2")
    assert session.game.kaiju is None  # Ana has not passed GO yet
    events = session.act("roll @ 1 2")  # Ana: 37 + 3 = GO
    assert "el Kaiju emerge en Salida" in said(events)
    assert session.game.kaiju == 0
    session.act("roll @ 1 4")  # Bea: 5, her station
    assert step(session) == "kaiju" and session.expects().who is None  # the table rolls for it
    return session


def test_the_kaiju_enters_on_go_once_everyone_passed_and_moves_after_the_round(tmp_path):
    kaiju_ready(tmp_path)


def test_a_mega_attack_on_a_cuartel_then_the_kaiju_is_repelled(tmp_path):
    session = kaiju_ready(tmp_path)
    events = session.act("roll @ 1 2")  # counter-clockwise: GO - 3 = 37
    text = said(events)
    assert "El Kaiju saca 1 y 2 y avanza 3 casillas hasta Paseo de la Castellana" in text
    assert "defendida por un Cuartel. Que la ciudad aguante todo el combate: 95 % (unas 9 de cada 10 veces)" in text
    assert step(session) == "battle"
    events = session.act("fight @ 6 6 1")
    assert "¡Doble seis! Mega ataque" in said(events) and session.game.level[37] == 3
    events = session.act("fight @ 3 3 3")  # 6 against 3 + 3: a tie, again
    assert "empate" in said(events) and session.game.level[37] == 3
    events = session.act("fight @ 4 3 3")  # 7 against 6: a platoon falls
    assert session.game.level[37] == 2
    events = session.act("fight @ 1 2 2")  # 3 against 4: repelled
    assert "¡el Kaiju es rechazado! Paseo de la Castellana conserva 2 pelotones" in said(events)
    battle = session.game.battle
    assert [r["result"] for r in battle["rounds"]] == ["mega", "tie", "hit", "repelled"]
    assert battle["end"] == "repelled" and session.game.round == 3
    assert step(session) == "turn" and session.expects().who == "Ana"


def test_a_city_that_loses_its_last_platoon_falls_and_rent_goes_to_the_bank(tmp_path):
    session = kaiju_ready(tmp_path)
    session.act("roll @ 1 2")
    session.act("fight @ 6 6 1")  # 3 platoons
    session.act("fight @ 6 6 1")  # 1
    events = session.act("fight @ 5 5 1")  # 10 against 2: the last one
    assert "Paseo de la Castellana cae" in said(events)
    assert 37 in session.game.destroyed and session.game.owner[37] is None and session.game.level[37] == 0
    assert session.game.battle["end"] == "destroyed"
    session.act("roll @ 1 2")  # Ana: GO + 3 = Plaza Lavapiés, her own
    session.act("skip")
    session.act("roll @ 6 6")  # Bea: 5 + 12 = 17, a card
    took = session.game.bank_took
    events = session.act("advance 37")  # onto the rubble of the Castellana
    assert "Bea paga 35 € a la banca por cruzar las ruinas de Paseo de la Castellana" in said(events)
    assert session.game.bank_took == took + 35 and session.game.ledger[-1]["why"] == "rubble"


def test_an_unprotected_city_is_razed_and_a_service_wrecked(tmp_path):
    session = kaiju_ready(tmp_path)
    events = session.act("roll @ 3 4")  # 40 - 7 = 33: a card square: nothing
    assert "ni la mira" in said(events)
    session.act("roll @ 1 2")  # Ana 3, her own
    session.act("skip")
    session.act("roll @ 1 2")  # Bea 8
    events = session.act("roll @ 2 2")  # Kaiju 33 - 4 = 29 (Bea's Plaza de España, no troops)
    assert "no tiene tropas: ¡el Kaiju la arrasa! Bea entrega el título" in said(events)
    assert 29 in session.game.destroyed


# -- ruin and the end ------------------------------------------------------------------------------


def test_ruin_sells_cities_at_mortgage_and_troops_at_half_then_elimination_and_the_end(tmp_path):
    session = game(tmp_path, card_effects=True)
    session.act("roll @ 1 2")  # Ana 3 own
    session.act("troops 2")
    session.act("end")
    session.act("roll @ 3 4")  # Bea: 7, a card
    events = session.act("pay 3500")
    assert "Bea debe 3500 € y tiene 3000 €" in said(events)
    assert step(session) == "ruin" and session.expects().who == "Bea"
    session.act("sell 39")  # Paseo del Prado: mortgage 200
    assert 39 in session.game.destroyed and 39 in session.game.sold and money(session, 1) == 3200
    session.act("vender 37")  # 175: now 3375
    session.act("sell 34")  # 160: 3535 ≥ 3500: the debt is paid
    assert money(session, 1) == 35 and step(session) == "turn" and session.expects().who == "Ana"
    # Ana's rent: Bea lands on Lavapiés later... instead, a second card ruins Bea for good
    session.act("roll @ 3 4")  # Ana: 3 + 7 = 10
    session.act("end")  # Lavapiés holds a platoon: she could reinforce it
    session.act("roll @ 6 6")  # Bea 19 (Ana's Serrano): 16 € due, she holds 35: pays
    session.act("roll @ 1 2")  # Bea again (a double): 22, a card
    events = session.act("pay 9999")
    while step(session) == "ruin":
        first = session.expects().choices[0].notation
        events = session.act(first)
    assert "Bea queda fuera de la partida" in said(events)
    assert session.game.out[1] and session.outcome() is not None
    assert session.outcome().winners == ("Ana",)
    assert "gana Ana" in said(events)


def test_the_first_general_out_rolls_for_the_kaiju(tmp_path):
    hands = (DEEDS[0:27:3], DEEDS[1:27:3], DEEDS[2:27:3])
    session = game(tmp_path, "roll @ 6 6", "roll @ 1 1", "roll @ 1 2", "pick 39",
                   players=("Ana", "Bea", "Carlos"), hands=hands, card_effects=True)
    assert step(session) == "turn"
    session.act("roll @ 3 4")  # Ana: 7 a card
    events = session.act("pay 9999")
    while step(session) == "ruin":
        events = session.act(session.expects().choices[0].notation)
    assert "Desde ahora Ana tira los dados del Kaiju" in said(events)
    assert session.game.kaiju_roller() == 0


def test_refusals_say_why_and_change_nothing(tmp_path):
    session = game(tmp_path)
    assert "Ana no está en la cárcel" in refused(session, "fine")
    assert "tira los dados" in refused(session, "fight")
    assert "no es uno de los títulos sobrantes" not in refused(session, "troops 3 2")
    assert "casilla «nowhere»" in refused(session, "sell nowhere")
    assert "varias casillas" in refused(session, "pick calle")


def test_a_service_in_the_centre_is_wrecked_without_a_general_handing_in_its_deed(tmp_path):
    """A general out of the game leaves their transports in the centre of the board; the Kaiju
    landing there wrecks one, and no general hands in anything (the trial of issue 21 read
    "¡El Kaiju destroza Estación de Goya! - entrega el título")."""
    ana, bea = DEEDS[0:27:3], DEEDS[1:27:3]
    hands = (ana[:-1] + [35], bea[:-1] + [34], DEEDS[2:27:3])  # Ana's last deed in board order: station 35
    session = game(tmp_path, "roll @ 1 1", "roll @ 6 6", "roll @ 1 2", "pick 39",  # Bea takes the leftover
                   players=("Ana", "Bea", "Carlos"), hands=hands, card_effects=True)
    session.act("roll @ 3 4")  # Ana: 7, a card that ruins her
    session.act("pay 9999")
    while step(session) == "ruin":
        session.act(session.expects().choices[0].notation)
    assert session.game.out[0] and session.game.owner[35] is None and 35 not in session.game.destroyed
    for _ in range(2):  # Bea, then Carlos: a card to GO, the utility's roll
        session.act("roll @ 3 4")
        session.act("advance 0")
        while step(session) == "bonus":
            session.act("roll @ 1 1")
    assert step(session) == "kaiju" and session.game.kaiju == 0
    events = session.act("roll @ 2 3")  # GO - 5 = 35, Estación del Norte, nobody's now
    text = said(events)
    assert "¡El Kaiju destroza Estación del Norte! Su título ya estaba en el centro del tablero." in text
    assert "entrega" not in text and " - " not in text
    assert 35 in session.game.destroyed
    assert "deed was already in the centre" in said(events, "en")


def test_a_ruined_general_giving_up_a_station_is_not_told_a_city_was_evacuated(tmp_path):
    """The trial of issue 21 read "Se evacúa Estación del Mediodía: … y la ciudad cuenta como
    destruida" for a station sold in a ruin."""
    ana, bea = DEEDS[0:27:3], DEEDS[1:27:3]
    hands = (ana[:-1] + [35], bea[:-1] + [34], DEEDS[2:27:3])
    session = game(tmp_path, "roll @ 1 1", "roll @ 6 6", "roll @ 1 2", "pick 39",
                   players=("Ana", "Bea", "Carlos"), hands=hands, card_effects=True)
    session.act("roll @ 3 4")
    session.act("pay 3050")  # 50 € short
    events = session.act("sell 35")  # Estación del Norte: its mortgage, 100 €
    text = said(events)
    assert "Ana entrega Estación del Norte y recibe 100 €; su título cuenta como destruido." in text
    assert "ciudad" not in text and 35 in session.game.destroyed
    assert "Ana gives up Estación del Norte and receives 100 €" in said(events, "en")

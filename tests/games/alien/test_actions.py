"""A turn's two actions: what each costs, where it may be taken, its limits,
and the refusal (in the table's language, changing nothing) when it may not."""

from __future__ import annotations

import pytest

from companion.core.errors import ActionError

from .helpers import SIX, arrange, check_cards, choices, crew, refused, said, started


def acting(session, **kw):
    """Arranged with the Alien's card already drawn: Ana's two actions."""
    arrange(session, phase="act", **kw)


def test_in_madre_the_moves_are_to_a_main_sector_a_weapon_and_the_madre_actions():
    session = started()
    acting(session, where={"Bea": "oros", "Carlos": "nave"}, hands={"Bea": ["sb"]})
    offered = choices(session)
    assert offered[:5] == ["move bastos", "move espadas", "move oros", "move copas", "weapon"]
    assert "force 2" in offered and "push 2 copas" in offered and "pull 3 bastos" in offered
    assert "pull 3 oros" not in offered  # the Alien is in Oros
    assert "take" not in offered and "unmark" not in offered and "board" not in offered
    assert offered[-1] == "end"


def test_moving_costs_one_and_back_to_madre_costs_two():
    session = started()
    acting(session)
    session.act("move oros")
    assert session.game.actions_left == 1
    assert refused(session, "move madre").startswith("Eso cuenta como dos acciones, y solo te queda una.")
    assert refused(session, "move oros").startswith("Ya estás en Oros.")
    session.act("move copas")
    assert session.expects().who == "Bea"  # two actions spent: the turn is over
    acting(session, where={"Ana": "copas"})
    events = session.act("move madre")
    assert said(events) == ["Ana va a MADRE.", "Turno de Bea."]


def test_a_player_may_end_the_turn_early_or_do_nothing_at_all():
    session = started()
    acting(session)
    assert said(session.act("end")) == ["Ana termina el turno.", "Turno de Bea."]


def test_taking_a_code_at_most_four_in_hand():
    session = started()
    acting(session, where={"Ana": "oros"}, hands={"Ana": ["sb", "se", "so"]})
    events = session.act("take @ rc")  # a table with real cards types the card taken
    assert said(events, private=False) == ["Ana coge un código en Oros (4 en la mano)."]
    assert said(events)[-1] == "Ana coge un código: Rey de copas."  # the game master only
    assert refused(session, "take").startswith("Solo puedes tener cuatro cartas de código.")
    check_cards(session.game)


def test_a_code_is_taken_only_where_one_lies_and_only_in_a_main_sector():
    session = started()
    acting(session, where={"Ana": "oros"}, down={"bastos": ["sb"]})
    board = session.game.board
    board.down["bastos"] += board.down["oros"]
    board.down["oros"] = []
    assert refused(session, "take").startswith("No queda ningún código boca abajo en Oros.")
    acting(session)
    assert refused(session, "take").startswith("Los códigos se cogen en los sectores principales, no en MADRE.")


def test_a_face_down_code_somebody_dropped_is_that_card():
    session = started()
    acting(session, where={"Ana": "oros"}, down={"oros": ["rb"]})
    board = session.game.board
    board.down["bastos"] += board.down["oros"][1:]
    board.down["oros"] = ["rb"]
    assert board.take_candidates("oros") == ["rb"]
    session.act("take")
    assert crew(session, "Ana").hand == ["rb"]
    check_cards(session.game)


def test_an_unseen_code_is_any_unseen_figure_and_each_face_down_code_is_as_likely():
    session = started()
    acting(session, where={"Ana": "oros"}, down={"oros": ["rb"]})
    board = session.game.board
    pool = board.unseen()
    hidden = board.down["oros"].count(None)
    found = board.take_candidates("oros")
    assert found.count("rb") == len(pool)  # 1 in (hidden + 1) for the known card...
    assert all(found.count(c) == hidden for c in pool)  # ...the rest shared by the unseen figures
    session.act("take @ se")
    assert crew(session, "Ana").hand == ["se"] and board.down["oros"] == ["rb"] + [None] * (hidden - 1)
    assert "'zz'" in refused(session, "take @ zz")


def test_shaking_off_a_marker():
    session = started()
    acting(session, where={"Ana": "oros"}, markers={"Ana": 2})
    assert said(session.act("unmark")) == ["Ana se libra de una marca de perseguido (1 de 5)."]
    session.act("unmark")
    assert crew(session, "Bea").markers == 0 and crew(session, "Ana").markers == 0
    acting(session, where={"Ana": "oros"})
    assert refused(session, "unmark").startswith("No tienes ninguna marca de perseguido.")
    acting(session, markers={"Ana": 1})
    assert refused(session, "unmark").startswith("Las marcas de perseguido se quitan en un sector principal")


def test_a_weapon_in_madre_at_most_one():
    session = started()
    acting(session)
    session.act("weapon")
    assert crew(session, "Ana").weapon
    assert refused(session, "weapon").startswith("Ya llevas un arma, y nadie puede llevar más de una.")
    acting(session, where={"Ana": "oros"})
    assert refused(session, "arma").startswith("Las armas se cogen en MADRE, no en Oros.")


def test_protection_needs_a_weapon_and_a_main_sector():
    session = started()
    acting(session, where={"Ana": "oros"})
    assert refused(session, "protect").startswith("Para protegerte necesitas un arma: se coge en MADRE.")
    acting(session, where={"Ana": "oros"}, weapon=["Ana"])
    session.act("protect")
    assert crew(session, "Ana").protected
    assert refused(session, "protect").startswith("Ya estás en guardia.")
    acting(session, weapon=["Ana"])
    assert refused(session, "protect").startswith("Uno se protege del Alien en un sector principal")


def test_forcing_a_player_in_a_main_sector_to_drop_a_code_they_choose():
    session = started()
    acting(session, where={"Bea": "copas", "Carlos": "nave", "Dani": "oros"}, hands={"Bea": ["sb", "rb"],
                                                                                       "Carlos": ["so"]})
    assert refused(session, "force 3").startswith("Carlos está en la nave auxiliar: solo se obliga")
    assert refused(session, "force 4").startswith("Dani no tiene ningún código.")
    assert refused(session, "force 1").startswith("Ese eres tú: elige a otro jugador.")
    assert refused(session, "force 9").startswith("No hay asiento 9: van del 1 al 4.")
    events = session.act("obligar bea")
    assert said(events) == ["Ana obliga a Bea a tirar un código en Copas."]
    assert session.expects().step == "drop" and session.expects().who == "Bea"
    session.act("drop rb")
    assert "rb" in session.game.board.down["copas"] and session.game.actions_left == 1
    acting(session, where={"Ana": "oros", "Bea": "copas"}, hands={"Bea": ["sb"]})
    assert refused(session, "force 2").startswith("Eso solo se hace desde MADRE; estás en Oros.")


def test_pushing_a_player_from_one_main_sector_to_another():
    session = started()
    acting(session, where={"Bea": "copas", "Carlos": "madre"})
    assert said(session.act("push 2 oros")) == ["Ana manda a Bea a Oros."]
    assert crew(session, "Bea").sector == "oros"
    assert refused(session, "push 2 oros").startswith("Bea ya está en Oros.")
    assert refused(session, "push 3 oros").startswith("Carlos está en MADRE: solo se puede mover")
    assert refused(session, "push 2 madre").startswith("MADRE no es un sector principal")


def test_pulling_a_player_out_of_the_ship_costs_two_and_never_into_the_alien():
    session = started()
    acting(session, alien="oros", where={"Bea": "nave", "Carlos": "copas"})
    assert refused(session, "pull 2 oros").startswith("El Alien está en Oros: saca a Bea a otro sector principal.")
    assert refused(session, "pull 3 bastos").startswith("Carlos no está en la nave auxiliar.")
    events = session.act("sacar bea espadas")
    assert said(events) == ["Ana saca a Bea de la nave auxiliar a Espadas.", "Turno de Bea."]
    acting(session, where={"Bea": "nave"}, actions_left=1)
    assert refused(session, "pull 2 espadas").startswith("Eso cuenta como dos acciones")


def test_entering_the_codes_a_trio_with_four_players_shown_and_set_aside():
    session = started()
    acting(session, hands={"Ana": ["sb", "se", "rb", "so"]})
    assert refused(session, "enter sb se rb").startswith("Con 4 jugadores los códigos son un trío de una figura")
    assert refused(session, "enter sb se sc").startswith("No tienes esa carta: Sota de copas.")
    offered = [c for c in session.expects().choices if c.group == "enter"]
    assert [c.notation for c in offered] == ["enter sb se so"] and offered[0].reveals
    events = session.act("introducir so se sb")
    assert said(events)[:2] == ["Ana introduce los códigos: Sota de bastos, Sota de espadas y Sota de oros.",
                                "Suena una sirena. ¡El Alien se vuelve loco! Desde ahora cada carta impar ataca "
                                "donde está."]
    assert said(events)[2].startswith("No hay ningún Rey entre los códigos introducidos")
    game = session.game
    assert game.board.pile == ["sb", "se", "so"] and crew(session, "Ana").hand == ["rb"]
    assert game.enterer == 0 and game.mad and game.public_state()["entered"] == ["sb", "se", "so"]
    assert session.expects().who == "Bea"  # entering took both actions
    check_cards(game)


def test_entering_the_codes_two_pairs_with_five_to_eight_players():
    session = started(players=SIX)
    acting(session, hands={"Ana": ["sb", "se", "rb", "ro"]})
    assert refused(session, "enter sb se rb").startswith("Con 6 jugadores los códigos son dobles parejas")
    session.act("enter sb se rb ro")
    assert session.game.board.pile == ["sb", "rb", "se", "ro"]


def test_the_codes_are_entered_once_from_madre_with_both_actions():
    session = started()
    acting(session, hands={"Ana": ["rb", "re", "ro"]}, pile=["sb", "se", "so"], enterer="Bea")
    assert refused(session, "enter rb re ro").startswith("Bea ya ha introducido los códigos.")
    acting(session, hands={"Ana": ["rb", "re", "ro"]}, actions_left=1)
    assert refused(session, "enter rb re ro").startswith("Eso cuenta como dos acciones")
    acting(session, where={"Ana": "oros"}, hands={"Ana": ["rb", "re", "ro"]})
    assert refused(session, "enter rb re ro").startswith("Eso solo se hace desde MADRE; estás en Oros.")


def test_boarding_draws_from_the_entered_codes_and_only_a_rey_lets_you_in():
    session = started()
    acting(session, where={"Ana": "copas"}, pile=["rb", "re", "ro"], enterer="Bea")
    assert "board" in choices(session)
    events = session.act("board @ re")
    assert said(events) == ["Ana saca una carta: Rey de espadas.",
                            "Un Rey: la escotilla se abre. Ana sube a la nave auxiliar."]
    assert crew(session, "Ana").sector == "nave" and session.game.board.pile == ["rb", "re", "ro"]  # it goes back
    assert refused(session, "move madre").startswith("Desde la nave auxiliar solo se vuelve a un sector principal.")


def test_boarding_fails_without_a_rey_and_costs_the_action():
    session = started()
    acting(session, where={"Ana": "copas"}, pile=["sb", "rb", "se", "ro"], enterer="Bea")
    events = session.act("board @ se")
    assert said(events) == ["Ana saca una carta: Sota de espadas.",
                            "No es un Rey: la escotilla sigue cerrada. Ana se queda en Copas."]
    assert crew(session, "Ana").sector == "copas" and session.game.actions_left == 1


def test_with_no_rey_among_the_entered_codes_the_app_warns_that_boarding_will_fail():
    session = started()
    acting(session, where={"Ana": "copas"}, pile=["sb", "se", "so"], enterer="Bea")
    board = next(c for c in session.expects().choices if c.notation == "board")
    from companion.core.language import render

    assert render(board.label, "es") == "Intentar subir a la nave auxiliar (no hay ningún Rey: fallará)"
    assert "no se puede robar ahora" in refused(session, "board @ rb")
    session.act("board")
    assert crew(session, "Ana").sector == "copas"


def test_house_rule_board_from_all_codes_draws_from_the_twelve_figures():
    session = started(board_from_all_codes=True)
    acting(session, where={"Ana": "copas"}, pile=["sb", "se", "so"], enterer="Bea", hands={"Carlos": ["rc"]})
    board = next(c for c in session.expects().choices if c.notation == "board")
    assert board.chance == "figures" and board.label.id == "alien-1979.choice.board"
    session.act("board @ rc")  # any of the 12, wherever it lies: a Rey in three
    assert crew(session, "Ana").sector == "nave"
    assert session.played[-1].entry.draws[0].what == "figures"


def test_the_ship_is_shut_until_the_codes_are_entered_and_boarded_from_a_main_sector():
    session = started()
    acting(session, where={"Ana": "copas"})
    assert refused(session, "board").startswith("La nave auxiliar sigue cerrada hasta que alguien introduzca")
    acting(session, pile=["rb", "re", "ro"], enterer="Bea")
    assert refused(session, "board").startswith("A la nave auxiliar se sube desde un sector principal; estás "
                                                "en MADRE.")


@pytest.mark.parametrize("players, room", [(("Ana", "Bea", "Carlos", "Dani"), 2), (("Ana", "Bea", "Carlos"), 1)])
def test_the_ship_holds_half_the_players(players, room):
    session = started(players=players)
    aboard = {name: "nave" for name in players[1:room + 1]}
    acting(session, where={"Ana": "copas", **aboard}, pile=["rb", "re", "ro"], enterer="Bea")
    assert refused(session, "board").startswith(f"En la nave caben {room} y ya está llena.")
    assert "board" not in choices(session)


def test_the_countdown_only_by_the_player_who_entered_the_codes_aboard():
    session = started()
    acting(session, where={"Ana": "nave"}, pile=["rb", "re", "ro"], enterer="Bea")
    assert refused(session, "countdown").startswith("Solo Bea, que introdujo los códigos, puede activar la cuenta")
    acting(session, where={"Ana": "nave"})
    assert refused(session, "countdown").startswith("Todavía nadie ha introducido los códigos.")
    acting(session, where={"Ana": "copas"}, pile=["rb", "re", "ro"], enterer="Ana")
    assert refused(session, "countdown").startswith("La cuenta atrás se activa desde la nave auxiliar; estás en "
                                                    "Copas.")
    acting(session, where={"Ana": "nave"}, pile=["rb", "re", "ro"], enterer="Ana", actions_left=1)
    assert refused(session, "countdown").startswith("Eso cuenta como dos acciones")
    acting(session, where={"Ana": "nave"}, pile=["rb", "re", "ro"], enterer="Ana", countdown=3)
    assert refused(session, "countdown").startswith("La cuenta atrás ya está en marcha: quedan 3 turnos.")


def test_in_the_ship_only_going_back_and_the_countdown():
    session = started()
    acting(session, where={"Ana": "nave"}, pile=["rb", "re", "ro"], enterer="Ana")
    assert choices(session) == ["move bastos", "move espadas", "move oros", "move copas", "countdown", "end"]
    for text, words in [("take", "Los códigos se cogen en los sectores principales, no en la nave auxiliar."),
                        ("weapon", "Las armas se cogen en MADRE, no en la nave auxiliar."),
                        ("board", "Ya estás en la nave auxiliar.")]:
        assert refused(session, text).startswith(words)


def test_a_refused_action_leaves_the_game_and_the_save_as_they_were(tmp_path):
    session = started(path=tmp_path / "g.toml")
    acting(session, where={"Ana": "oros"}, hands={"Ana": ["sb", "se", "so", "rc"]})
    for text in ("take", "weapon", "move oros", "enter sb se so", "countdown", "force 9", "draw", "drop sb",
                 "alien oros", "pull 2 copas"):
        refused(session, text)  # checks the state and the file


def test_a_card_the_table_types_that_cannot_be_drawn_changes_nothing_even_on_the_game_itself():
    import random

    from companion.core.dice import LiveChance

    session = started()
    acting(session, where={"Ana": "oros"}, pile=["rb", "re", "ro"], enterer="Bea")
    game = session.game
    for text, typed in (("take", "1b"), ("board", "sb"), ("take", "zz")):
        before = game.state(), game.actions_left
        with pytest.raises(ActionError):
            game.apply(game.parse(text), LiveChance(random.Random(1), [typed]))
        assert (game.state(), game.actions_left) == before
    arrange(session, drawn=[])
    before = game.state()
    with pytest.raises(ActionError):
        game.apply(game.parse("draw"), LiveChance(random.Random(1), ["rb"]))
    assert game.state() == before

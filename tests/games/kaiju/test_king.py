"""Rey de los Monstruos through a session, as a table plays it with its own
dice (`roll 1 @ 5`, `fight @ 6 6 1`): one die or two, the battle against a
city's Cuartel, what a kaiju destroys is its own, services wrecked at once,
kaijus fighting each other (house rule), the crown at the end, and every
refusal in Spanish, changing neither the game nor the save."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import ActionError
from companion.core.language import explain, render
from companion.core.session import Session
from companion.games.kaiju.board import SQUARES
from companion.games.kaiju.odds import survival

KING = "rey-de-los-monstruos"
# The Madrid board: its 22 cities, stations at 5 15 25 35, utilities at 12 and 28.
CITIES = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]
ANE, IKER = 0, 1


def new(tmp_path: Path, players=("Ane", "Iker"), **options) -> Session:
    return Session.new(KING, list(players), options, seed=11, lang="es", path=tmp_path / "rey.toml")


def said(events) -> list[str]:
    return [render(e.line, "es") for e in events]


def step(session: Session) -> str | None:
    return session.expects().step


def refused(session: Session, text: str) -> str:
    """`text` is refused, in Spanish, and changes neither the game nor the save: the words."""
    before = session.game.state()
    on_disk = session.path.read_bytes()
    with pytest.raises(ActionError) as caught:
        session.act(text)
    assert session.game.state() == before
    assert session.path.read_bytes() == on_disk
    words = explain(caught.value, "es")
    assert words and "{" not in words and "}" not in words
    assert words != explain(caught.value, "en")  # the table's language, not English
    return words


def move_to(session: Session, square: int) -> list[str]:
    """The kaiju whose turn it is moves onto `square`: one die up to 6 squares, else two."""
    g = session.game
    distance = (square - g.pos[g.current]) % SQUARES
    assert 1 <= distance <= 12, distance
    text = f"roll 1 @ {distance}" if distance <= 6 else f"roll 2 @ 6 {distance - 6}"
    return said(session.act(text))


def fight_until_it_falls(session: Session) -> list[str]:
    """Mega attacks (`fight @ 6 6 1`) until the city is destroyed: a Cuartel falls in three."""
    lines = []
    while step(session) == "battle":
        lines += said(session.act("fight @ 6 6 1"))
    return lines


def next_standing(g, seat: int) -> int | None:
    """The first city still standing 1 to 12 squares ahead of a kaiju."""
    for distance in range(1, 13):
        square = (g.pos[seat] + distance) % SQUARES
        if square in CITIES and square not in g.destroyed:
            return square
    return None


def turn(session: Session, win: bool) -> None:
    """The kaiju whose turn it is attacks the next city standing ahead; `win`: it razes it,
    else the city repels it (`fight @ 1 1 6`: 2 against 6 and more)."""
    g = session.game
    target = next_standing(g, g.current)
    move_to(session, target if target is not None else (g.pos[g.current] + 12) % SQUARES)
    while step(session) == "battle":
        session.act("fight @ 6 6 1" if win else "fight @ 1 1 6")


def cities_of(g, seat: int) -> list[int]:
    return sorted(p for p, k in g.taken.items() if k == seat and p in CITIES)


def deeds_of(g, seat: int) -> list[int]:
    return sorted(p for p, k in g.taken.items() if k == seat)


# -- moving ---------------------------------------------------------------------------------------


def test_every_city_starts_with_a_cuartel_and_every_kaiju_on_go(tmp_path):
    session = new(tmp_path)
    g = session.game
    assert sorted(g.board.cities) == CITIES
    assert all(g.level[p] == 5 for p in CITIES)
    assert g.pos == [0, 0] and not g.destroyed and not g.taken
    assert session.game.public_state()["left"] == 22


def test_each_turn_the_kaiju_chooses_one_die_or_two(tmp_path):
    session = new(tmp_path)
    prompt = session.expects()
    assert prompt.who == "Ane" and prompt.step == "move"
    assert [(c.notation, c.key, c.chance) for c in prompt.choices] == [("roll 1", "1", "d6"), ("roll 2", "2", "2d6")]
    assert render(prompt.title, "es") == "Ane, en Salida: ¿un dado o dos?"


def test_a_one_die_move_of_five_lands_five_squares_clockwise(tmp_path):
    session = new(tmp_path)
    lines = said(session.act("roll 1 @ 5"))
    assert session.game.pos[ANE] == 5
    assert lines[0] == "Ane saca 5 y avanza 5 casillas hasta Estación de Goya."


def test_a_two_dice_move_adds_both_dice(tmp_path):
    session = new(tmp_path)
    lines = said(session.act("roll 2 @ 1 2"))
    assert session.game.pos[ANE] == 3
    assert lines[0] == "Ane saca 1 + 2 y avanza 3 casillas hasta Plaza Lavapiés."


def test_a_move_wraps_past_go(tmp_path):
    session = new(tmp_path)
    session.game.pos[ANE] = 37
    session.act("roll 1 @ 5")
    assert session.game.pos[ANE] == 2  # 38, 39, GO, 1, 2
    session.game.pos[IKER] = 36
    session.act("roll 2 @ 6 4")
    assert session.game.pos[IKER] == 6  # ten squares on, past GO: a city, so a battle
    assert step(session) == "battle"


# -- the battle against a city ------------------------------------------------------------------


def test_landing_on_a_city_with_a_cuartel_starts_a_battle_and_says_its_odds(tmp_path):
    session = new(tmp_path)
    lines = move_to(session, 1)
    assert lines[-1] == ("El Kaiju ataca Ronda de Valencia, defendida por un Cuartel. Que la ciudad aguante todo el "
                         "combate: 95 % (unas 9 de cada 10 veces).")
    prompt = session.expects()
    assert prompt.step == "battle" and [c.notation for c in prompt.choices] == ["fight"]
    assert render(prompt.title, "es") == "Ane ataca Ronda de Valencia, asalto 1"
    assert session.game.battle["odds"] == str(survival(5))


def test_a_double_six_is_the_mega_attack_a_cuartel_keeps_three_platoons(tmp_path):
    session = new(tmp_path)
    move_to(session, 1)
    lines = said(session.act("fight @ 6 6 1"))
    assert session.game.level[1] == 3
    assert lines[-1] == "El combate sigue. Ahora Ronda de Valencia aguanta el resto del combate el 66 % de las veces."
    assert step(session) == "battle"  # the battle goes on
    assert session.expects().who == "Ane"  # the attacker rolls its 2d6; anyone rolls the city's die


def test_the_city_higher_repels_the_kaiju_and_its_turn_ends(tmp_path):
    session = new(tmp_path)
    move_to(session, 1)
    lines = said(session.act("fight @ 2 3 4"))  # 5 against 4 + 5 = 9
    assert lines == ["Kaiju 5, Ronda de Valencia 9 (4 + 5): ¡el Kaiju es rechazado! Ronda de Valencia conserva "
                     "un Cuartel.", "Turno de Iker."]
    assert session.game.level[1] == 5 and 1 not in session.game.destroyed
    assert session.expects().who == "Iker" and step(session) == "move"


def test_the_kaiju_higher_takes_the_cuartel_then_a_platoon_a_round_and_a_tie_is_fought_again(tmp_path):
    session = new(tmp_path)
    move_to(session, 1)
    session.act("fight @ 6 5 1")  # 11 against 6: the Cuartel becomes four platoons
    assert session.game.level[1] == 4
    session.act("fight @ 4 4 4")  # 8 against 4 + 4: a tie, nothing changes
    assert session.game.level[1] == 4 and step(session) == "battle"
    assert session.game.battle["rounds"][-1]["result"] == "tie"
    session.act("fight @ 5 4 1")  # 9 against 5: one platoon falls
    assert session.game.level[1] == 3
    session.act("fight @ 6 6 3")  # the mega attack: two platoons
    assert session.game.level[1] == 1 and step(session) == "battle"


def test_a_city_destroyed_goes_to_the_kaiju_that_destroyed_it(tmp_path):
    session = new(tmp_path)
    move_to(session, 1)
    lines = fight_until_it_falls(session)  # Cuartel -> 3 -> 1 -> 0
    assert len(session.game.battle["rounds"]) == 3
    assert "Ronda de Valencia cae. Solo quedan escombros." in lines
    assert lines[-1] == "Turno de Iker."
    g = session.game
    assert 1 in g.destroyed and g.level[1] == 0 and g.taken == {1: ANE}
    assert g.public_state()["cities"] == {"Ane": ["Ronda de Valencia"], "Iker": []}
    assert g.public_state()["left"] == 21
    assert g.position()["kaijus"][ANE]["cities"] == 1


def test_landing_on_a_destroyed_city_does_nothing(tmp_path):
    session = new(tmp_path)
    move_to(session, 1)
    fight_until_it_falls(session)
    lines = move_to(session, 1)  # Iker, onto the ruins
    assert lines == ["Iker saca 1 y avanza 1 casilla hasta Ronda de Valencia.", "Turno de Ane."]
    assert session.game.taken == {1: ANE}


@pytest.mark.parametrize(("dice", "square", "name"), [("roll 1 @ 5", 5, "Estación de Goya"),
                                                       ("roll 2 @ 6 6", 12, None)])
def test_a_transport_or_a_utility_is_wrecked_at_once_and_taken(tmp_path, dice, square, name):
    session = new(tmp_path)
    g = session.game
    assert g.board[square].service
    lines = said(session.act(dice))
    assert lines[1] == f"¡Ane destroza {g.board[square].name} y se queda su título!"
    assert name is None or g.board[square].name == name
    assert lines[-1] == "Turno de Iker."  # no battle
    assert g.destroyed == {square} and g.taken == {square: ANE}
    assert cities_of(g, ANE) == [] and deeds_of(g, ANE) == [square]


# -- kaijus fighting each other (house rule kaiju_fights) ---------------------------------------


def ane_repelled_at_city_one(session: Session) -> None:
    """Ane stands on Ronda de Valencia (1), still a Cuartel; Iker's turn."""
    move_to(session, 1)
    session.act("fight @ 1 1 6")
    assert session.game.pos[ANE] == 1 and session.game.level[1] == 5 and session.expects().who == "Iker"


def test_without_the_house_rule_kaijus_share_a_square_and_never_fight(tmp_path):
    session = new(tmp_path)
    ane_repelled_at_city_one(session)
    move_to(session, 1)
    assert step(session) == "battle"  # straight at the city
    assert session.game.fight is None and not any(session.game.down)


def test_landing_on_another_kaiju_fights_it_first_the_loser_is_knocked_down(tmp_path):
    session = new(tmp_path, kaiju_fights=True)
    session.act("roll 1 @ 5")  # Ane wrecks the station
    lines = move_to(session, 5)  # Iker lands on Ane
    assert step(session) == "kaiju_fight"
    assert render(session.expects().title, "es") == "¡Iker pelea con Ane!"
    assert lines == ["Iker saca 5 y avanza 5 casillas hasta Estación de Goya."]
    lines = said(session.act("fight @ 6 5 1 1"))  # Iker 11, Ane 2
    assert lines == ["Iker 11, Ane 2: Ane cae derribado y pierde su próximo turno.",
                     "Ane pasa el turno poniéndose en pie.", "Turno de Iker."]
    g = session.game
    assert not any(g.down)  # Ane spent the turn getting up
    assert session.expects().who == "Iker" and g.current == IKER


def test_a_fight_on_a_standing_city_comes_first_and_the_winner_then_attacks_it(tmp_path):
    session = new(tmp_path, kaiju_fights=True)
    ane_repelled_at_city_one(session)
    move_to(session, 1)
    assert step(session) == "kaiju_fight"
    lines = said(session.act("fight @ 6 5 1 1"))
    assert lines[0] == "Iker 11, Ane 2: Ane cae derribado y pierde su próximo turno."
    assert lines[1].startswith("El Kaiju ataca Ronda de Valencia")
    assert step(session) == "battle" and session.game.down == [True, False]
    lines = fight_until_it_falls(session)
    assert session.game.taken == {1: IKER}
    assert lines[-2:] == ["Ane pasa el turno poniéndose en pie.", "Turno de Iker."]
    assert session.expects().who == "Iker"


def test_a_mover_that_loses_attacks_no_city_and_loses_its_next_turn(tmp_path):
    session = new(tmp_path, kaiju_fights=True)
    ane_repelled_at_city_one(session)
    move_to(session, 1)
    lines = said(session.act("fight @ 1 1 6 5"))  # Iker 2, Ane 11
    assert lines == ["Iker 2, Ane 11: Iker cae derribado y pierde su próximo turno.", "Turno de Ane."]
    g = session.game
    assert g.level[1] == 5 and not g.destroyed and g.battle["rounds"][-1]["kaiju"] == [1, 1]  # Ane's old battle
    assert g.down == [False, True]
    move_to(session, 3)  # Ane's turn, then Iker's is lost: Ane again
    lines = said(session.act("fight @ 1 1 6"))
    assert lines[-2:] == ["Iker pasa el turno poniéndose en pie.", "Turno de Ane."]
    assert session.expects().who == "Ane" and not any(g.down)


def test_a_tied_fight_is_fought_again(tmp_path):
    session = new(tmp_path, kaiju_fights=True)
    ane_repelled_at_city_one(session)
    move_to(session, 1)
    lines = said(session.act("fight @ 3 4 2 5"))  # 7 and 7
    assert lines == ["Iker 7, Ane 7: ¡empate, otra vez!"]
    assert step(session) == "kaiju_fight" and not any(session.game.down)
    session.act("fight @ 6 6 1 2")
    assert session.game.down == [True, False] and step(session) == "battle"


def test_a_knocked_down_kaiju_is_not_fought(tmp_path):
    session = new(tmp_path, ["Ane", "Iker", "Lur"], kaiju_fights=True)
    session.act("roll 1 @ 5")  # Ane wrecks the station
    move_to(session, 5)  # Iker knocks Ane down
    session.act("fight @ 6 5 1 1")
    assert session.game.down == [True, False, False]
    lines = move_to(session, 5)  # Lur lands on both: only Iker stands to fight
    assert step(session) == "kaiju_fight"
    assert render(session.expects().title, "es") == "¡Lur pelea con Iker!"
    assert len(lines) == 1


# -- the end and the crown -----------------------------------------------------------------------


def test_the_game_ends_exactly_when_the_last_city_falls_and_most_cities_is_crowned(tmp_path):
    session = new(tmp_path)
    while len(set(CITIES) & session.game.destroyed) < 21:
        turn(session, win=session.game.current == ANE)  # Ane razes, Iker is always repelled
        assert session.outcome() is None
    while session.game.current != ANE or step(session) != "move":
        turn(session, win=False)
        assert session.outcome() is None
    assert len(set(CITIES) - session.game.destroyed) == 1 and session.outcome() is None
    turn(session, win=True)  # the last city falls: the game is over at once
    g = session.game
    assert set(CITIES) <= g.destroyed
    outcome = session.outcome()
    assert outcome is not None and outcome.winners == ("Ane",)
    assert render(outcome.line, "es") == "Todas las ciudades están en ruinas. ¡Ane es el Rey de los Monstruos!"
    assert cities_of(g, ANE) == CITIES and cities_of(g, IKER) == []
    assert step(session) == "over"
    assert refused(session, "roll 1")
    session.close()
    loaded = Session.load(session.path)  # the save replays to the same crown
    assert loaded.game.state() == g.state() and loaded.outcome().winners == ("Ane",)
    loaded.close()


def test_equal_cities_most_deeds_is_crowned(tmp_path):
    session = new(tmp_path)
    session.act("roll 1 @ 5")  # Ane wrecks a station: one deed more
    while session.outcome() is None:
        turn(session, win=True)
    g = session.game
    assert len(cities_of(g, ANE)) == len(cities_of(g, IKER)) == 11
    assert deeds_of(g, ANE) == sorted(cities_of(g, ANE) + [5])
    assert session.outcome().winners == ("Ane",)


def test_a_full_tie_shares_the_crown(tmp_path):
    session = new(tmp_path)
    while session.outcome() is None:
        turn(session, win=True)  # they take the cities in turn, 11 each, and no service
    g = session.game
    assert len(cities_of(g, ANE)) == len(cities_of(g, IKER)) == 11
    assert set(g.taken) == set(CITIES)
    outcome = session.outcome()
    assert outcome.winners == ("Ane", "Iker")
    assert render(outcome.line, "es") == ("Todas las ciudades están en ruinas. ¡Ane y Iker comparten la corona del "
                                          "Rey de los Monstruos!")


# -- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["roll 3", "roll 0", "roll", "fight", "fight @ 6 6 1", "troops 3", "troops 11 3",
                                  "skip", "end", "sell 11", "deal", "pick 3", "fine", "roll 1 @ 7", "roll 2 @ 3",
                                  "roll 1 @ 5 6", "roll 2 @ 0 3", "hola", ""])
def test_refusals_when_a_kaiju_must_move(tmp_path, text):
    session = new(tmp_path)
    refused(session, text)
    assert step(session) == "move" and session.game.pos == [0, 0]


@pytest.mark.parametrize("text", ["roll 1", "roll 2 @ 3 4", "roll", "fight @ 6 6 1 1", "fight @ 7 1 1",
                                  "troops cuartel", "end"])
def test_refusals_during_a_battle(tmp_path, text):
    session = new(tmp_path)
    move_to(session, 1)
    refused(session, text)
    assert step(session) == "battle" and session.game.level[1] == 5


def test_the_refusals_say_what_is_allowed_now(tmp_path):
    session = new(tmp_path)
    assert refused(session, "roll 3") == ("'roll 3' no se escribe así. Se puede: tirar 1, tirar 2. "
                                          "Escríbelo como: tirar 2.")
    words = refused(session, "fight")
    assert words.startswith("Ahora no: Ane, en Salida: ¿un dado o dos?")
    assert words.endswith("Se puede: tirar 1, tirar 2. Cómo escribirlo: tirar 1 o tirar 2 (tirar 2 @ 3 4: los dados "
                          "de la mesa).")
    assert refused(session, "troops 3") == ("'troops 3' no es una acción de Rey de los Monstruos. "
                                            "Se puede: tirar 1, tirar 2. Cómo escribirlo: tirar 1 o tirar 2 "
                                            "(tirar 2 @ 3 4: los dados de la mesa).")
    assert refused(session, "roll 1 @ 7") == "Un d6 no puede sacar 7. Escribe lo que marca el dado, del 1 al 6."
    move_to(session, 1)
    assert refused(session, "roll 2").endswith("Se puede: combatir. Cómo escribirlo: combatir (o: combatir @ 6 6 3, "
                                                "los dos dados del Kaiju y luego el de la ciudad).")


def test_a_fight_refused_when_no_kaiju_fight_is_pending(tmp_path):
    session = new(tmp_path, kaiju_fights=True)
    session.act("roll 1 @ 5")
    assert refused(session, "fight @ 6 5 1 1").startswith("Ahora no: Iker, en Salida")
    move_to(session, 5)
    refused(session, "roll 1")  # now the fight is pending, and nothing else
    refused(session, "fight @ 6 5 1")  # a fight rolls four dice
    refused(session, "fight @ 6 5 1 1 1")


def test_an_unknown_word_is_refused_as_rey_de_los_monstruos_with_its_own_actions(tmp_path):
    session = new(tmp_path)
    words = refused(session, "hola")
    assert "Kaijupoly" not in words
    assert "roll 1" in words or "tirar 1" in words
    assert "sell 11" not in words and "troops" not in words

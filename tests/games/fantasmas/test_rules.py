"""The rule text's own situations and the rulings (docs/rules/18-fantasmas.md),
played through a session."""

from __future__ import annotations

import pytest

from companion.games.fantasmas.board import cell_of
from companion.games.fantasmas.rules import placer

from .helpers import PLACEMENT, arrange, choices, new, placed, refused, said


def test_placement_order_is_a1_b2_then_one_each():
    session = new()
    order = []
    for text in PLACEMENT:
        order.append("AB"[session.game.to_act])
        session.act(text)
    assert "".join(order) == "ABBABABABABABABABA"
    assert [placer(n) for n in range(18)] == [0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    assert session.game.phase == "play" and session.game.to_act == 0
    assert session.game.board.hand == [{"R": 0, "Y": 0, "B": 0}] * 2


def test_b_is_told_to_place_two_in_a_row():
    session = new()
    session.act("r b1")
    assert session.expects().title.id == "18-fantasmas.step.place_two"
    session.act("r e1")
    assert session.expects().title.id == "18-fantasmas.step.place"
    assert session.game.to_act == 1


def test_placement_goes_on_a_free_room_of_its_own_colour_and_never_a_mirror():
    session = new()
    assert refused(session, "r a1") == ("a1 tiene alfombra azul: un fantasma rojo va en una habitación roja. "
                                        "Se puede: r b1, r e1, r a3, r c3, r e4, r b5, a a2, a c2, ... "
                                        "Cómo escribirlo: el color y la habitación, como r b1 "
                                        "(r rojo, a amarillo, z azul).")
    assert refused(session, "r b2").startswith("Las habitaciones de espejo quedan vacías al colocar: b2 es un espejo.")
    assert refused(session, "r c1").startswith("c1 es un portal: ningún fantasma entra en él.")
    session.act("r b1")
    assert refused(session, "r b1").startswith("b1 ya está ocupada.")
    offered = choices(session)
    assert "r b1" not in offered and all(not o.endswith(("b2", "d2", "b4", "d4")) for o in offered)


def test_mirror_rooms_are_empty_when_placement_ends():
    session = placed()
    kinds = session.game.castle.kinds
    assert all(session.game.board.ghosts[c] is None for c in range(25) if kinds[c] == "M")


def test_a_move_is_one_orthogonal_step_to_an_empty_room_of_any_colour():
    session = placed()
    arrange(session, {"b1": "A r", "e5": "B y"})
    events = session.act("b1-b2")  # onto a mirror: colour does not matter
    assert said(events) == ["Ana mueve el fantasma rojo de b1 a b2."]
    session.act("e5-d5")
    session.act("b2-b3")  # a red ghost on a blue carpet
    assert session.game.board.ghosts[cell_of("b3")] == (0, "R")
    assert refused(session, "e5-e4").startswith("e5 está vacía.")


def test_the_mirror_jump_goes_to_any_other_empty_mirror_and_never_fights():
    session = placed()
    arrange(session, {"b2": "A y", "d2": "B b", "e5": "B r"})
    offered = choices(session)
    assert "b2-b4" in offered and "b2-d4" in offered and "b2-d2" not in offered
    assert refused(session, "b2-d2").startswith(
        "Un salto de espejo solo va a un espejo vacío: d2 está ocupada (se lucha a un paso).")
    assert refused(session, "b2-e2").startswith(
        "e2 no está al lado de b2, y desde un espejo solo se salta a otro espejo vacío.")
    events = session.act("b2-d4")
    assert said(events) == ["Ana lleva el fantasma amarillo de espejo a espejo, de b2 a d4."]
    assert session.game.last == [{"kind": "jump", "player": 0, "colour": "Y", "from": cell_of("b2"),
                                  "to": cell_of("d4")}]


def test_a_losing_attack_as_in_the_rule_text():
    """A moves a blue ghost onto a red one: blue loses and goes to A's dungeon."""
    session = placed()
    arrange(session, {"b3": "A b", "c3": "B r", "e5": "B y"})
    dungeon = session.game.board.dungeon[0]["B"]
    events = session.act("b3-c3")
    assert said(events) == [
        "Ana: el fantasma azul de b3 ataca al fantasma rojo de Luis en c3.",
        "Gana el fantasma rojo, que sigue en c3.",
        "El fantasma azul de Ana va a la mazmorra.",
        "El portal azul gira: ahora mira a la izquierda, hacia b5.",
    ]
    board = session.game.board
    assert board.ghosts[cell_of("b3")] is None and board.ghosts[cell_of("c3")] == (1, "R")
    assert board.dungeon[0]["B"] == dungeon + 1 and board.facing["B"] == 3 and board.defeats["B"] == 1


def test_fighting_your_own_ghost():
    session = placed()
    arrange(session, {"b1": "A r", "a1": "A b", "e5": "B y"})
    events = session.act("b1-a1")  # red beats blue, even one's own
    assert said(events, "en")[:3] == [
        "Ana: the red ghost on b1 attacks the blue ghost of Ana on a1.",
        "The red ghost wins and stays on a1.",
        "The blue ghost of Ana goes to the dungeon.",
    ]
    board = session.game.board
    assert board.ghosts[cell_of("a1")] == (0, "R") and board.ghosts[cell_of("b1")] is None
    assert board.facing["B"] == 3


def test_same_colour_cannot_fight():
    session = placed()
    arrange(session, {"b1": "A r", "a1": "B b", "b2": "B r"})
    assert refused(session, "b1-b2").startswith("Un fantasma rojo no puede luchar contra otro rojo.")


def test_yellow_beats_red_and_blue_beats_yellow():
    session = placed()
    arrange(session, {"a2": "A y", "a3": "B r", "b3": "B b", "e5": "B y"})
    session.act("a2-a3")
    assert session.game.board.ghosts[cell_of("a3")] == (0, "Y")
    session.act("b3-a3")
    assert session.game.board.ghosts[cell_of("a3")] == (1, "B")


def test_a_defeat_turns_a_portal_and_a_waiting_ghost_escapes_in_the_other_player_s_turn():
    """The red portal (c1) faces the outer wall; Luis's red ghost waits on d1. Ana's
    yellow beats a red ghost of Luis: the red portal turns right, toward d1, and
    Luis's red ghost escapes at once, in Ana's turn."""
    session = placed()
    arrange(session, {"a2": "A y", "a3": "B r", "d1": "B r", "e5": "B y"})
    events = session.act("a2-a3")
    assert said(events)[-2:] == ["El portal rojo gira: ahora mira a la derecha, hacia d1.",
                                 "¡El fantasma rojo de Luis escapa!"]
    board = session.game.board
    assert board.ghosts[cell_of("d1")] is None and board.escaped[1]["R"] == 1
    assert session.game.to_act == 1  # it is not an action: Luis plays next as usual
    assert {"kind": "escape", "player": 1, "colour": "R", "cell": cell_of("d1")} in session.game.last


def test_a_ghost_steps_out_by_moving_in_front_of_its_open_portal():
    session = placed()
    arrange(session, {"e1": "A r", "e5": "B y"}, facing={"R": 1})  # red opens toward d1
    events = session.act("e1-d1")
    assert said(events, "en") == ["Ana moves the red ghost from e1 to d1.", "The red ghost of Ana escapes!"]
    assert session.game.board.escaped[0]["R"] == 1


def test_only_its_own_colour_escapes():
    session = placed()
    arrange(session, {"e1": "A b", "e5": "B y"}, facing={"R": 1})
    session.act("e1-d1")
    assert session.game.board.ghosts[cell_of("d1")] == (0, "B")


def test_a_release_is_placed_by_the_opponent_then_it_is_the_opponent_s_turn():
    session = placed()
    arrange(session, {"b1": "A r", "e5": "B y", "a5": "B y"})
    events = session.act("liberar r")
    assert said(events) == ["Ana libera un fantasma rojo de la mazmorra; lo coloca Luis."]
    game = session.game
    assert game.phase == "put" and game.to_act == 1 and game.position()["put_colour"] == "R"
    assert session.expects().title.id == "18-fantasmas.step.put"
    assert set(choices(session)) == {"e1", "a3", "c3", "e4", "b5"}
    assert refused(session, "a1").startswith("a1 tiene alfombra azul: un fantasma rojo va en una habitación roja.")
    assert refused(session, "b2").startswith(
        "El fantasma rojo liberado va a una habitación roja libre, no a un espejo (b2).")
    assert refused(session, "b1").startswith("b1 ya está ocupada.")
    assert refused(session, "e5-e4").startswith("Ahora no")
    events = session.act("c3")
    assert said(events) == ["Luis coloca en c3 el fantasma rojo liberado de Ana."]
    game = session.game  # a refusal puts back a copy of the game as it was
    assert game.board.ghosts[cell_of("c3")] == (0, "R") and game.phase == "play" and game.to_act == 1


def test_a_release_in_front_of_an_open_portal_escapes_at_once():
    """The red portal has turned three times: it opens left, onto b1, a red room. Every
    other red room is taken, so Luis must place Ana's released red ghost on b1: it escapes."""
    session = placed()
    arrange(session, {"e1": "B y", "a3": "B y", "c3": "B b", "e4": "A y", "b5": "A b", "e5": "B y"},
            facing={"R": 3})
    session.act("release r")
    assert choices(session) == ["b1"]
    events = session.act("b1")
    assert said(events)[-1] == "¡El fantasma rojo de Ana escapa!"
    assert session.game.board.escaped[0]["R"] == 1 and session.game.board.ghosts[cell_of("b1")] is None


def test_a_release_needs_a_ghost_in_the_dungeon_and_a_free_room_of_its_colour():
    session = placed()
    arrange(session, {"b1": "A r", "a3": "A r", "e1": "A r", "e5": "B y"})
    assert refused(session, "release r").startswith("No tienes ningún fantasma rojo en la mazmorra.")
    # Every red room taken (b1 e1 a3 c3 e4 b5), one red of Ana in her dungeon:
    arrange(session, {"b1": "A r", "a3": "A r", "e1": "B r", "c3": "B r", "e4": "B r", "b5": "B y"})
    assert session.game.board.dungeon[0]["R"] == 1
    assert refused(session, "release r").startswith("No queda ninguna habitación roja libre.")
    assert "release r" not in choices(session) and "release y" in choices(session)


def test_a_complete_set_wins_at_once():
    session = placed()
    arrange(session, {"e1": "A r", "e5": "B y"}, escaped=[{"Y": 1, "B": 1}, {}], facing={"R": 1})
    events = session.act("e1-d1")
    assert said(events)[-1] == "¡Ana gana: ya tiene fuera del castillo un fantasma rojo, uno amarillo y uno azul!"
    outcome = session.outcome()
    assert outcome.termination == "escaped" and outcome.winners == ("Ana",)
    assert session.game.position()["phase"] == "over"
    assert refused(session, "e5-e4") == "La partida ha terminado."


def test_three_of_one_colour_do_not_win_the_normal_game_but_win_the_short_game():
    for short, over in ((False, False), (True, True)):
        session = placed(short_game=short)
        arrange(session, {"e1": "A r", "e5": "B y", "a5": "B y"}, escaped=[{"R": 2}, {}], facing={"R": 1})
        events = session.act("e1-d1")
        assert (session.outcome() is not None) is over
        if over:
            assert said(events)[-1] == "¡Ana gana con tres fantasmas fuera del castillo!"


def test_an_escape_in_the_opponent_s_action_can_win_for_the_waiting_player():
    session = placed()
    arrange(session, {"a2": "A y", "a3": "B r", "d1": "B r", "e5": "B y"},
            escaped=[{}, {"Y": 1, "B": 1}])
    session.act("a2-a3")
    assert session.outcome().winners == ("Luis",)


def test_when_one_change_completes_both_sets_the_player_who_acted_wins():
    """Ana's blue beats a yellow on c4, right in front of the blue portal (turned up):
    her blue escapes, and the yellow portal turns down, onto e4, where Luis's yellow
    waits. Both sets are complete after one action: Ana's action, Ana wins."""
    session = placed()
    arrange(session, {"b4": "A b", "c4": "B y", "e4": "B y", "a1": "B b"},
            escaped=[{"R": 1, "Y": 1}, {"R": 1, "B": 1}], facing={"B": 0})
    events = session.act("b4-c4")
    lines = said(events)
    assert "¡El fantasma azul de Ana escapa!" in lines and "¡El fantasma amarillo de Luis escapa!" in lines
    assert lines[-1] == "Los dos completan la huida a la vez: gana Ana, de quien era la acción."
    assert session.outcome().winners == ("Ana",)
    assert session.game.board.complete(0, False) and session.game.board.complete(1, False)


def test_a_player_with_nothing_legal_passes_and_the_pass_is_journaled(tmp_path):
    """Ana's only ghost in the castle is a red one on b1, hemmed in by the red portal and two
    red ghosts; her dungeon holds blue ghosts and every blue room is taken."""
    session = placed(path=tmp_path / "pass.toml")
    arrange(session, {"b1": "A r", "a1": "B r", "b2": "B r", "d1": "B y", "b3": "B y", "d3": "B y",
                      "a4": "B b", "d5": "B b"}, escaped=[{"R": 2, "Y": 3}, {}])
    assert not session.game.board.can_act(0)
    assert session.expects().title.id == "18-fantasmas.step.pass"
    assert choices(session) == ["pass"]
    events = session.act("pasar")
    assert said(events) == ["Ana no puede hacer nada y pasa."]
    assert session.played[-1].entry.notation == "pass" and session.game.to_act == 1
    session.act("b2-c2")
    assert refused(session, "pass").startswith("Ana, no puedes pasar: tienes algo que hacer.")


def test_when_neither_player_can_act_the_game_ends_without_a_winner(monkeypatch):
    """No castle of 6 carpets per colour is known to reach it; the ending is tested on its own."""
    from companion.games.fantasmas.board import Board

    session = placed()
    arrange(session, {"b1": "A r", "a1": "B r", "b2": "B r", "d1": "B y", "b3": "B y", "d3": "B y",
                      "a4": "B b", "d5": "B b"}, escaped=[{"R": 2, "Y": 3}, {}])
    real = Board.can_act
    assert not real(session.game.board, 0)
    monkeypatch.setattr(Board, "can_act", lambda board, player: player == 0 and real(board, player))
    events = session.act("pass")  # Ana cannot act; after her pass, Luis (patched) cannot either
    assert said(events)[-1] == "Nadie puede hacer nada: la partida termina sin ganador."
    assert session.outcome().termination == "blocked" and session.outcome().winners == ()


def test_you_cannot_move_the_other_player_s_ghost():
    session = placed()
    assert refused(session, "e1-d1").startswith("Ese fantasma no es tuyo: el de e1 es de Luis.")
    assert refused(session, "d2-c2").startswith("d2 está vacía.")
    assert refused(session, "b1-d1").startswith(
        "d1 no está al lado de b1: un fantasma se mueve un paso arriba, abajo, a la izquierda o a la derecha")
    assert refused(session, "b1-c1").startswith("c1 es un portal: ningún fantasma entra en él.")
    assert refused(session, "b1-b1").startswith("b1-b1: el fantasma tiene que cambiar de habitación.")


@pytest.mark.parametrize("rooms", [None, {"b2": "A y", "d2": "B b", "c2": "A r", "a1": "B r", "e5": "B y"}])
def test_every_turn_offers_exactly_what_is_legal(rooms):
    """Every step and release typed on a copy is accepted exactly when it is offered."""
    import copy

    from companion.core.dice import LiveChance
    from companion.core.errors import ActionError
    from companion.games.fantasmas.board import cell_name

    session = placed()
    if rooms:
        arrange(session, rooms)
    game, offered = session.game, set(choices(session))
    typed = [f"{cell_name(a)}-{cell_name(b)}" for a in range(25) for b in range(25)]
    typed += [f"release {c}" for c in "ryb"] + ["pass"]
    for text in typed:
        try:
            copy.deepcopy(game).apply(game.parse(text), LiveChance(__import__("random").Random(1)))
            accepted = True
        except ActionError:
            accepted = False
        assert accepted == (text in offered), text


def test_when_nobody_can_ever_complete_a_set_the_game_ends_without_a_winner():
    """Ana's last red ghost escapes. Every red and yellow ghost is now out; both players
    still need a blue one, but only blue ghosts are left: no blue can ever lose a fight
    again, so the blue portal stays facing the outer wall for ever. A random game found it."""
    session = placed()
    arrange(session, {"e1": "A r", "a1": "A b", "b3": "A b", "d3": "A b", "a4": "B b", "d5": "B b", "d1": "B b"},
            escaped=[{"R": 2, "Y": 3}, {"R": 3, "Y": 3}], facing={"R": 1})
    d1 = cell_of("d1")
    session.game.board.ghosts[d1], session.game.board.ghosts[cell_of("b1")] = None, (1, "B")
    events = session.act("e1-d1")
    assert said(events)[-2:] == ["¡El fantasma rojo de Ana escapa!",
                                 "Ya nadie puede completar la huida: a todos les falta un color que nunca podrá "
                                 "volver a salir. La partida termina sin ganador."]
    outcome = session.outcome()
    assert outcome.termination == "no_escape" and outcome.winners == ()
    assert session.game.last[-1] == {"kind": "no_escape"}


def test_the_game_goes_on_while_one_player_can_still_complete():
    """The same, but Luis has his three yellow ghosts in the dungeon and a blue one out: a
    yellow can still lose to a blue, so the yellow portal may still turn for him."""
    session = placed()
    arrange(session, {"e1": "A r", "a1": "A b", "b3": "A b", "d3": "A b", "a4": "B b", "d5": "B b"},
            escaped=[{"R": 2, "Y": 3}, {"R": 3, "B": 1}], facing={"R": 1})
    assert session.game.board.dungeon[1] == {"R": 0, "Y": 3, "B": 0}
    session.act("e1-d1")
    assert session.outcome() is None
    assert not session.game.board.may_win(0, False) and session.game.board.may_win(1, False)

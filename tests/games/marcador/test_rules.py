"""Marcador's rules through the session: the notation in the table's words, refusals
that say why (a did-you-mean for a name), rounds, turns, sets, dice, the target."""

from __future__ import annotations

import pytest

from companion.core.errors import ActionError
from companion.core.language import explain, render
from companion.core.session import Session


def new(players=("Ana", "Bo", "Cy", "Di"), **options):
    return Session.new("marcador", list(players), options, seed=3, lang="es")


def said(session, text):
    return [render(e.line, "es") for e in session.act(text)]


def test_points_add_subtract_and_set_and_the_totals_are_their_sum():
    s = new()
    said(s, "Ana +5")
    said(s, "ana 5")
    said(s, "Bo -3")
    assert said(s, "Cy =12") == ["Cy se queda en 12."]
    said(s, "Cy =2")
    st = s.game.public_state()
    assert st["totals"] == {"Ana": 10, "Bo": -3, "Cy": 2, "Di": 0}
    assert st["by_round"]["Cy"] == [2]
    assert [e.notation for e in (p.entry for p in s.played)] == ["Ana +5", "Ana +5", "Bo -3", "Cy =12", "Cy =2"]


def test_a_seat_number_names_a_player_and_an_unknown_name_gets_a_did_you_mean():
    s = new()
    said(s, "2 +4")
    assert s.game.public_state()["totals"]["Bo"] == 4
    with pytest.raises(ActionError) as caught:
        s.act("Dy +3")
    assert "¿Querías decir Di" in explain(caught.value, "es")
    with pytest.raises(ActionError) as caught:
        s.act("Zacarías +3")
    assert "Ana, Bo, Cy, Di" in explain(caught.value, "es")


def test_a_whole_round_in_seat_order_ends_the_round_and_the_first_player_rotates():
    s = new(rounds=8)
    events = said(s, "ronda 5 3 0 7")
    assert events[-1] == "Ronda 2 de 8."
    assert s.game.public_state()["turn"] == "Bo"
    assert render(s.expects().say, "es") == "Turno de Bo."
    with pytest.raises(ActionError) as caught:
        s.act("ronda 1 2")
    assert "4 puntuaciones" in explain(caught.value, "es")


def test_turns_pass_and_the_round_ends_when_the_turn_comes_back():
    s = new(rounds=2, rotate=False)
    for _ in range(3):
        said(s, "turno")
    assert s.game.public_state()["turn"] == "Di"
    assert said(s, "turno")[-1] == "Ronda 2 de 2."
    assert s.game.public_state()["turn"] == "Ana"
    said(s, "Bo +1")
    assert s.expects().say is None  # points do not repeat whose turn it is


def test_the_game_ends_at_the_round_limit_with_a_shared_first_place():
    s = new(("Ana", "Bo", "Cy"), rounds=1)
    out = said(s, "ronda 4 4 1")
    assert "Puesto 1, con empate: Ana y Bo, con 4." in out
    assert s.outcome().winners == ("Ana", "Bo") and s.outcome().termination == "rounds"
    with pytest.raises(ActionError):
        s.act("Ana +1")


def test_the_target_ends_the_game_at_the_end_of_its_round_and_lowest_wins():
    s = new(("Ana", "Bo"), target=20, lowest_wins=True)
    said(s, "Ana +25")
    assert s.outcome() is None  # the round goes on
    said(s, "fin de ronda")
    assert s.outcome().termination == "target" and s.outcome().winners == ("Bo",)


def test_the_table_dice_and_who_starts_by_lot_or_by_choice():
    s = new(starts="lot")
    with pytest.raises(ActionError):
        s.act("Ana +1")
    assert said(s, "sortear @ 3") == ["Sale un 3: empieza Cy."]
    assert said(s, "tirar 3d6 @ 4 2 6") == ["3d6: 4 2 6. Total 12."]
    with pytest.raises(ActionError):
        s.act("tirar d6 @ 9")
    c = new(starts="choose")
    said(c, "empieza di")
    assert c.game.public_state()["turn"] == "Di"


def test_end_ends_now_and_a_refusal_changes_nothing(tmp_path):
    s = Session.new("marcador", ["Ana", "Bo"], {}, seed=1, lang="es", path=tmp_path / "m.toml")
    said(s, "Ana +3")
    before = (s.game.state(), (tmp_path / "m.toml").read_bytes())
    for junk in ("Ana", "Ana +99999", "ronda 1", "nadie +3", "empieza Bo"):
        with pytest.raises(ActionError):
            s.act(junk)
    assert (s.game.state(), (tmp_path / "m.toml").read_bytes()) == before
    said(s, "fin")
    assert s.outcome().termination == "ended" and s.outcome().winners == ("Ana",)


def test_a_name_that_looks_like_a_verb_or_a_number_reads_back_to_its_player():
    s = new(("Ronda", "7", "[bold]Ana"))
    said(s, "Ronda +2")
    said(s, "7 +1")
    said(s, "[bold]ana -1")
    assert s.game.public_state()["totals"] == {"Ronda": 2, "7": 1, "[bold]Ana": -1}
    assert [p.entry.notation for p in s.played] == ["Ronda +2", "7 +1", "[bold]Ana -1"]

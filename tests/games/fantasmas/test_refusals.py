"""Every refusal says why, in the table's language, and changes neither the game
nor its save (helpers.refused checks both)."""

from __future__ import annotations

import pytest

from companion.core.errors import InvalidActionError
from companion.core.language import explain, load_pack

from .helpers import arrange, new, placed, refused

PLAY = {"b1": "A r", "a3": "A r", "e1": "A r", "b3": "A b", "b2": "A y",
        "a1": "B b", "a2": "B r", "d2": "B y", "c2": "B y", "e5": "B y"}


def at_placement(path):
    return new(path=path)


def in_play(path):
    session = placed(path=path)
    arrange(session, PLAY)
    return session


def putting(path):
    session = in_play(path)
    session.act("release b")
    return session


def luis_to_place(path):
    session = new(path=path)
    session.act("r b1")
    return session


def ana_without_reds(path):
    session = new(path=path)
    for text in ["r b1", "r e1", "y a2", "r a3", "r c3", "r e4", "b a1"]:  # Ana's reds: b1, a3, e4
        session.act(text)
    return session


def no_yellow_room(path):
    session = placed(path=path)
    # every yellow room (a2 c2 e2 c4 a5 e5) taken, a yellow of Ana in her dungeon
    arrange(session, {"a2": "B b", "c2": "A y", "e2": "A y", "c4": "B y", "a5": "B y", "e5": "B y", "b1": "A r"})
    return session


CASES = [  # (error id, set-up, typed, the Spanish words)
    ("portal", at_placement, "r c1", "c1 es un portal: ningún fantasma entra en él."),
    ("portal", in_play, "b1-c1", "c1 es un portal: ningún fantasma entra en él."),
    ("mirror_at_setup", at_placement, "y d4", "Las habitaciones de espejo quedan vacías al colocar: d4 es un espejo."),
    ("wrong_carpet", at_placement, "amarillo b1",
     "b1 tiene alfombra roja: un fantasma amarillo va en una habitación amarilla."),
    ("none_in_hand", ana_without_reds, "r a3", "No te queda ningún fantasma rojo por colocar."),
    ("taken", luis_to_place, "r b1", "b1 ya está ocupada."),
    ("empty", in_play, "c3-c4", "c3 está vacía."),
    ("not_yours", in_play, "a2-a3", "Ese fantasma no es tuyo: el de a2 es de Luis."),
    ("same_room", in_play, "b1-b1", "b1-b1: el fantasma tiene que cambiar de habitación."),
    ("not_next", in_play, "a3-c3",
     "c3 no está al lado de a3: un fantasma se mueve un paso arriba, abajo, a la izquierda o a la derecha "
     "(no en diagonal)."),
    ("mirror_to_mirror", in_play, "b2-c3",
     "c3 no está al lado de b2, y desde un espejo solo se salta a otro espejo vacío."),
    ("mirror_no_fight", in_play, "b2-d2",
     "Un salto de espejo solo va a un espejo vacío: d2 está ocupada (se lucha a un paso)."),
    ("same_colour", in_play, "b2-c2", "Un fantasma amarillo no puede luchar contra otro amarillo."),
    ("none_in_dungeon", in_play, "liberar r", "No tienes ningún fantasma rojo en la mazmorra."),
    ("no_free_room", no_yellow_room, "liberar a", "No queda ninguna habitación amarilla libre."),
    ("cannot_pass", in_play, "pasar", "Ana, no puedes pasar: tienes algo que hacer."),
    ("put_mirror", putting, "d4", "El fantasma azul liberado va a una habitación azul libre, no a un espejo (d4)."),
    ("wrong_carpet", putting, "e1", "e1 tiene alfombra roja: un fantasma azul va en una habitación azul."),
    ("taken", putting, "a1", "a1 ya está ocupada."),
    ("no_room", in_play, "b2-f7", "f7 no es una habitación del castillo (de a1 a e5)."),
]


@pytest.mark.parametrize("error, setup, typed, words", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_each_refusal_says_why_in_spanish_and_changes_nothing(tmp_path, error, setup, typed, words):
    session = setup(tmp_path / "game.toml")
    said = refused(session, typed)
    assert said == words or said.startswith(words + " ")


def test_every_refusal_of_the_pack_is_exercised():
    ids = {k.removeprefix("18-fantasmas.error.") for k in load_pack("es").lines if k.startswith("18-fantasmas.error.")}
    assert ids - {c[0] for c in CASES} == {"not_an_action"}  # notation_of's: see test_api.py


def test_a_refusal_in_basque_and_english():
    session = placed()
    arrange(session, PLAY)
    assert refused(session, "b2-c2", "eu").startswith("Mamu hori batek ezin du beste hori baten aurka borrokatu.")
    assert refused(session, "b2-c2", "en").startswith("A yellow ghost cannot fight another yellow one.")


def test_junk_is_not_understood_and_says_how_actions_are_written():
    session = new()
    with pytest.raises(InvalidActionError) as caught:
        session.act("hola")
    words = explain(caught.value, "es")  # what is allowed now, and how it is written (never a release yet)
    assert words.startswith("'hola' no es una acción de 18 fantasmas. Se puede: r b1, r e1,")
    assert "como r b1 (r rojo, a amarillo, z azul)." in words and "liberar" not in words
    with pytest.raises(InvalidActionError) as caught:
        session.act("liberar")
    assert "liberar r" in explain(caught.value, "es")

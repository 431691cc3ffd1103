"""The notation: canonical English text round-trips; Spanish and Basque
spellings and single letters read the same actions."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from companion.core.errors import InvalidActionError
from companion.core.language import explain
from companion.games.fantasmas.notation import PASS, Place, Put, Release, Step, parse

cells = st.integers(0, 24)
colours = st.sampled_from("RYB")
actions = st.one_of(st.builds(Place, colours, cells), st.builds(Step, cells, cells),
                    st.builds(Release, colours), st.builds(Put, cells), st.just(PASS))


@given(actions)
def test_canonical_text_round_trips(action):
    assert parse(str(action)) == action


@pytest.mark.parametrize("typed, canonical", [
    ("r b1", "r b1"), ("red b1", "r b1"), ("Rojo B1", "r b1"), ("gorria b1", "r b1"), ("g b1", "r b1"),
    ("y c2", "y c2"), ("amarillo c2", "y c2"), ("a c2", "y c2"), ("horia c2", "y c2"), ("h c2", "y c2"),
    ("b d1", "b d1"), ("azul d1", "b d1"), ("z d1", "b d1"), ("urdina d1", "b d1"), ("u d1", "b d1"),
    ("b2-b3", "b2-b3"), ("b2 b3", "b2-b3"), ("B2b3", "b2-b3"), ("b2 - b3", "b2-b3"), ("b2–b3", "b2-b3"),
    ("release r", "release r"), ("liberar amarillo", "release y"), ("askatu u", "release b"),
    ("d2", "d2"), ("pass", "pass"), ("pasar", "pass"), ("paso", "pass"), ("pasatu", "pass"),
])
def test_aliases_in_three_languages(typed, canonical):
    assert str(parse(typed)) == canonical


@pytest.mark.parametrize("typed, spanish", [
    ("f1", "f1 no es una habitación del castillo (de a1 a e5)."),
    ("r a6", "a6 no es una habitación del castillo (de a1 a e5)."),
    ("r", "'r' no se escribe así. Escríbelo como: r b1."),
    ("r b1 c2", "'r b1 c2' no se escribe así. Escríbelo como: r b1."),
    ("liberar", "'liberar' no se escribe así. Escríbelo como: liberar r."),
    ("liberar x", "'liberar x' no se escribe así. Escríbelo como: liberar r."),
    ("pasar ya", "'pasar ya' no se escribe así. Escríbelo como: pasar."),
])
def test_malformed_actions_are_explained(typed, spanish):
    with pytest.raises(InvalidActionError) as caught:
        parse(typed)
    assert explain(caught.value, "es") == spanish


def test_a_near_miss_suggests_the_verb():
    with pytest.raises(InvalidActionError) as caught:
        parse("relese r")
    assert "release r" in explain(caught.value, "en")

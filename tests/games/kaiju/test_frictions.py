"""Frictions of the trial in Kaijupoly's words: the GO bonus names the utilities held and the
rule text's multiplier; a general on the jail square only visiting is told so; the ring marks
a city abandoned for good apart from one its owner has not reached yet."""

from __future__ import annotations

from companion.core.language import render
from companion.tui.games.kaiju.cells import ABANDONED, left_parts, tags
from companion.tui.games.kaiju.view import cells

from .helpers import ANA, BEA, game, said, step

ROUND = ("roll @ 1 2", "skip",  # Ana 3: her own Lavapiés, no troops: abandoned
         "roll @ 5 6",  # Bea 11
         "roll @ 3 4",  # Ana 10: the jail square, visiting
         "roll @ 6 5",  # Bea 22
         "roll @ 3 4",  # Ana 17
         "roll @ 5 6",  # Bea 33
         "roll @ 1 2",  # Ana 20
         "roll @ 4 3")  # Bea 33 + 7: GO


def test_one_utility_names_it_and_multiplies_by_four(tmp_path):
    """Rule text: the extra is the base game's rent of the utility held (2d6 x 4 for one)."""
    hands = ([*ANA[:-1], 28], [d for d in BEA if d != 28] + [ANA[-1]])
    session = game(tmp_path, *ROUND, hands=hands)
    assert step(session) == "bonus"
    title = render(session.expects().title, "es")
    assert title == "Bea tiene Compañía de Electricidad: tira 2d6 (×4)"
    assert "agua" not in title.casefold()
    assert "Aguas" not in render(session.expects().title, "en")
    events = session.act("roll @ 3 4")
    assert "28 € por los servicios públicos (por 4)" in said(events)


def test_both_utilities_multiply_by_ten(tmp_path):
    session = game(tmp_path, *ROUND)
    assert step(session) == "bonus"
    assert render(session.expects().title, "es") == "Bea tiene 2 servicios públicos: tira 2d6 (×10)"
    for lang in ("en", "eu"):
        assert "{" not in render(session.expects().title, lang)


def test_the_jail_square_says_visiting_and_go_to_jail_says_jailed(tmp_path):
    session = game(tmp_path, "roll @ 1 2", "skip", "roll @ 5 6")
    events = session.act("roll @ 3 4")  # Ana 3 + 7: the jail square
    text = said(events)
    assert "Ana solo pasa de visita por la cárcel: sigue libre." in text
    assert "va a la cárcel" not in text
    assert session.game.jailed[0] is None
    for lang in ("en", "eu"):
        assert "{" not in said(events, lang)


def test_the_ring_marks_an_abandoned_city_apart_from_one_not_reached(tmp_path):
    session = game(tmp_path, "roll @ 1 2", "skip")  # Ana leaves Lavapiés (3) without troops
    g = session.game
    assert 3 in g.abandoned
    marks = tags(g.players)
    shown = {p: cell for p, cell in enumerate(cells(g, g.facts(), marks))}
    assert shown[3].abandoned and not shown[1].abandoned  # 1: Ana's too, not reached yet
    assert (ABANDONED, "bold $error") in left_parts(shown[3], False)
    assert all(text != ABANDONED for text, _ in left_parts(shown[1], False))

"""Basque agreement in the candy lines: one candy `ematen dio`, more `ematen dizkio`; a
number before `aurka` takes the genitive as Basque writes it (`6ren`, `5en`, `10en`)."""

import pytest

from companion.core.game import Line
from companion.core.language import basque_case, render


@pytest.mark.parametrize("number,expected", [("1", "1en"), ("2", "2ren"), ("5", "5en"), ("6", "6ren"),
                                             ("10", "10en"), ("12", "12ren"), ("15", "15en"), ("100", "100en")])
def test_the_basque_genitive_of_a_number(number, expected):
    assert basque_case(number, "ren") == expected


@pytest.mark.parametrize("line_id,key", [("halloween.pay.player", "amount"), ("halloween.trato.due", "due"),
                                         ("ui.halloween.trato.result", "due")])
def test_one_candy_is_given_with_dio_more_with_dizkio(line_id, key):
    values = {"player": "Ane", "to": "Mikel", "high": 7, "low": 6}
    one = render(Line(line_id, {**values, key: 1}), "eu")
    more = render(Line(line_id, {**values, key: 3}), "eu")
    assert "1 goxoki ematen dio Mikel(r)i" in one and "dizkio" not in one
    assert "3 goxoki ematen dizkio Mikel(r)i" in more
    assert "caramelo " in render(Line(line_id, {**values, key: 1}), "es")
    assert "1 candy" in render(Line(line_id, {**values, key: 1}), "en")


def test_the_trato_numbers_are_declined():
    said = render(Line("halloween.trato.due", {"high": 7, "low": 6, "player": "Ane", "due": 1, "to": "Mikel"}), "eu")
    assert said.startswith("7 6ren aurka: ") and "(r)en" not in said

"""The notation: every action prints as text that parses back to it."""

import pytest

from companion.core.errors import InvalidActionError
from companion.core.registry import find_game

GAME = find_game("la noche de halloween").new(["Ana", "Luis", "Eva", "Iker"])

CANONICAL = [
    "colour 1 red", "youngest 2", "child 3 miguelin", "child 2 later", "deal", "move lucia", "roll",
    "double", "reroll", "land green", "land neutral", "land action", "land start", "stuck", "hop orange",
    "stay", "draw", "discard 9", "keep 4", "pass", "give 2", "give card 9", "play 1", "play 2 3",
    "play 10 montse", "play 16", "end", "truco", "trato", "claim 7", "believe", "disbelieve",
    "helper 3 fee 2", "helper 3 fee card", "helper 4 no fee", "says true", "says false", "reveal 5",
    "treat 6 4", "treat -1 0", "rip simoncito", "defend 3", "withdraw", "no defenders", "bids 4 2 0",
    "bid 3 5", "crying 2", "crying none",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_round_trips(text):
    assert str(GAME.parse(text)) == text


@pytest.mark.parametrize("text, canonical", [
    ("Colour 1 Rojo", "colour 1 red"), ("color 2 azul", "colour 2 blue"), ("move Miguelín", "move miguelin"),
    ("child 1 LUCÍA", "child 1 lucia"), ("helper says true", "says true"), ("land verde", "land green"),
    ("Tirar", "roll"), ("mueve Rosa", "move rosa"), ("no me lo creo", "disbelieve"), ("mugitu lucia", "move lucia"),
    ("nadie defiende", "no defenders"), ("puja 3 5", "bid 3 5"), ("trato 2 -1", "treat 2 -1"), ("trato", "trato"),
])
def test_friendly_spellings(text, canonical):
    assert str(GAME.parse(text)) == canonical


@pytest.mark.parametrize("text, match", [
    ("move pepito", "no child called 'pepito'"), ("colour 1 purple", "not a colour"),
    ("land roof", "lands on a colour"), ("claim seven", "not a whole number"), ("dance", "is not an action of Halloween night"),
])
def test_not_the_notation(text, match):
    with pytest.raises(InvalidActionError, match=match):
        GAME.parse(text)


@pytest.mark.parametrize("text, match", [
    ("mvoe lucia", "Did you mean 'move lucia'"), ("disbeleive", "Did you mean 'disbelieve'"),
    ("claim 99999", "not a whole number"), ("bid 1 -3", "-3 is not between 0 and 100"),
    ("move", "Write it like: move lucia"), ("helper 3 fee 7", "Write it like: helper 3 fee 2"),
])
def test_mistakes_are_explained_never_a_crash(text, match):
    with pytest.raises(InvalidActionError, match=match):
        GAME.parse(text)


def test_every_refusal_has_words_in_the_three_languages():
    from companion.core.language import explain
    with pytest.raises(InvalidActionError) as info:
        GAME.parse("move pepito")
    assert "no hay ningún niño llamado 'pepito'" in explain(info.value, "es")
    assert "ez dago 'pepito' izeneko umerik" in explain(info.value, "eu")

"""The words the screen shows are words the `:` line accepts: a game master who types the
verb a choice shows ("Apurtu Rosa(r)en mozorroa" -> `apurtu rosa`) gets that action, and a
mistyped first word gets a short answer, not a screen-long list of every action."""

import pytest

from companion.core.errors import InvalidActionError
from companion.core.game import Line
from companion.core.language import explain, render
from companion.core.notation import LISTED, fold
from companion.games.halloween.notation import WORDS, parse

# (choice line, its values, the canonical action, how many leading words of the label are the verb)
CHOICES = [
    ("halloween.choice.rip", {"child": "Rosa"}, "rip rosa", 1),
    ("halloween.choice.move", {"child": "Rosa"}, "move rosa", 1),
    ("halloween.choice.end", {}, "end", 1),
    ("halloween.choice.roll", {}, "roll", 1),
    ("halloween.choice.reroll", {}, "reroll", None),
    ("halloween.choice.draw", {}, "draw", 1),
    ("halloween.choice.pass", {}, "pass", None),
    ("halloween.choice.believe", {"candies": 2}, "believe", 1),
    ("halloween.choice.disbelieve", {}, "disbelieve", None),
    ("halloween.choice.no_defenders", {}, "no defenders", None),
    ("halloween.choice.discard", {"card": 4}, "discard 4", 1),
]


@pytest.mark.parametrize("lang", ["es", "eu"])
@pytest.mark.parametrize("line_id,values,canonical,verb_words", CHOICES)
def test_the_verb_a_choice_shows_is_accepted(lang, line_id, values, canonical, verb_words):
    label = fold(render(Line(line_id, values), lang)).replace("(", " ").split()
    typed = " ".join(label) if verb_words is None else " ".join(label[:verb_words] + canonical.split()[1:])
    assert str(parse(typed)) == canonical, (lang, label, typed)


def test_the_basque_screen_and_notation_say_the_same_word():
    assert WORDS.spelled("rip rosa", "eu") == "apurtu rosa"  # the choice says "Apurtu"
    assert WORDS.spelled("child 2 rosa", "eu") == "umea 2 rosa"  # the screen says "ume sekretua"
    for old in ("urratu rosa", "haurra 2 rosa", "ume 2 rosa"):  # older words still read
        assert str(parse(old)) in ("rip rosa", "child 2 rosa")
    assert str(parse("pasa berdea")) == "hop green" and str(parse("pasar rojo")) == "hop red"
    assert str(parse("pasar")) == "pass"  # the phrase alone is still `pass`
    assert str(parse("galdetu 3 ordaina 2")) == "helper 3 fee 2"


def _refusal(text: str, lang: str) -> str:
    with pytest.raises(InvalidActionError) as caught:
        parse(text)
    return explain(caught.value, lang)


@pytest.mark.parametrize("lang", ["es", "eu", "en"])
def test_an_unknown_first_word_with_a_fitting_rest_gets_a_short_did_you_mean(lang):
    said = _refusal("xyzzy rosa", lang)
    assert WORDS.spelled("rip rosa", lang) in said and WORDS.spelled("move rosa", lang) in said
    assert WORDS.spelled("hop orange", lang) not in said  # not the list of every action
    assert len(said) < 160


@pytest.mark.parametrize("lang", ["es", "eu", "en"])
def test_an_unknown_line_lists_only_a_few_actions(lang):
    said = _refusal("xyzzy", lang)
    listed = [a for a in WORDS.examples if WORDS.spelled(a, lang) in said]
    assert 0 < len(listed) <= LISTED + 2  # short spellings may appear inside longer ones
    assert len(said) < 300 and said.endswith("…")

"""Numbers agree with what they count, in Spanish and Basque.

Every pack line with a count (a placeholder a game fills with a number of things) is rendered
with 1 and with 2: where the words after the number are a Spanish plural, or a Basque verb
agrees with the number (`geratzen dira`), the line must say it with the packs' plural form
(`{n|carta|cartas}`), so "Quedan 1 carta" or "1 pelotoi geratzen dira" never reach a table.
A line whose count is never 1 says why below.
"""

from __future__ import annotations

import re

import pytest

from companion.core.language import fill, load_pack

# Placeholders that hold a number of things.
COUNTS = {"count", "left", "seconds", "lost", "bonus", "total", "need", "tries", "steps", "rounds", "discarded",
          "counted", "specials", "gauekos", "markers", "n", "amount", "candies", "turns", "points", "platoons",
          "codes", "cities", "stations", "utilities", "deeds", "kept", "held", "due", "pot", "stake", "intact",
          "distance", "most", "unseen", "entered", "owed", "front", "each", "capacity"}
# Lines whose count is never 1, or whose plural word is not the count's.
NEVER_ONE = {
    "alien-1979.error.trio_needed": "players, and the rule is for 3 or 5 of them",
    "alien-1979.error.pairs_needed": "players, and the rule is for 2 or 4 of them",
    "error.save.too_many_actions": "more than the limit",
    "error.save.player_count": "more than the most, or 0",
    "error.save.block.too_many_draws": "more than the limit",
    "gauekos.warn.box": "more than the box holds, so 2 or more",
    "gauekos.warn.too_many_gauekos": "too many: several",
    "gauekos.error.too_many_votes": "more than the most that may be cast (at least 1), so 2 or more",
    "gauekos.error.deck_too_small": "eu: the verb agrees with both numbers together",
    "gauekos.lamia.lovers": "eu: two lovers, no count",
    "gauekos.story.lovers": "eu: two lovers, no count",
    "halloween.rip.all_in": "the attacker's and a defender's bids: 2 or more",
    "halloween.setup.ready": "eu: the common pot holds many candies",
    "halloween.describe.final": "eu: the verb is the children's, not the round's",
    "kaijupoly.deal_detail": "es: every deed of the board, many",
    "kaijupoly.kaiju.moves": "2d6: 2 or more",
    "kaijupoly.leftovers": "eu: the verb is everybody's roll, not the count's",
    "kaijupoly.board.numbers": "a board file's list of several numbers",
    "kaijupoly.board.jails": "a board file with other than one jail",
    "kaijupoly.board.too_many": "more than the most",
    "18-fantasmas.place_detail": "eu: the verb is the mirror rooms', not the ghosts'",
    "18-fantasmas.setup.names": "eu: the wrong number of names, never 1 with the app",
    "error.dice.too_few": "eu: the verb is the values typed, not the count",
    "18-fantasmas.castle.too_few": "the rooms needed: 3 ghosts a player",
    "gauekos.ask.gauekos.detail": "eu: the verb is the gauekos', not the seconds'",
    "kaijupoly.battle.repelled": "eu: the verb is the city's (they threw the Kaiju back), not the bonus'",
    "kaijupoly.board.count": "the squares a board needs: many",
}
ES_PLURAL = re.compile(r"\{(\w+)\} ([a-záéíóúñ]+s)\b")
ES_NOT_PLURAL = {"más", "menos", "veces", "mas", "tras", "pues", "antes", "después", "es", "has", "vs"}
EU_VERB = re.compile(r"\b(dira|dituzte|zaizkizu|zaizkio|ziren|daude|dituzu|dute|zeuden|zituen|zituzten)\b")
_PLURAL_FORM = re.compile(r"\{(\w+)\|[^{}|]*\|[^{}|]*\}")
_SAME_FORM = re.compile(r"\{(\w+)\|([^{}|]*)\|\2\}")


def _counted(lang: str, text: str) -> set[str]:
    """The counts of `text` that need a plural form in `lang` (and have none)."""
    formed = set(_PLURAL_FORM.findall(text))
    names = set(re.findall(r"\{(\w+)\}", text)) & COUNTS
    if lang == "es":
        need = {name for name, word in ES_PLURAL.findall(text) if name in names and word not in ES_NOT_PLURAL}
    else:  # a verb outside the plural forms agrees with some number
        need = names if EU_VERB.search(_PLURAL_FORM.sub(" ", text)) else set()
    return need - formed


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_every_count_agrees_with_its_number(lang):
    lines = load_pack(lang).lines
    wrong = [f"{key} = {text}" for key, text in lines.items()
             if key not in NEVER_ONE and _counted(lang, text)]
    assert not wrong, f"{len(wrong)} lines say a count without its plural form:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", ["es", "eu"])
def test_every_plural_form_reads_differently_with_1_and_2(lang):
    """Rendered with 1 and with 2, a line with a plural form changes more than the digit; with 1,
    no Spanish plural follows the number."""
    checked = 0
    for key, text in load_pack(lang).lines.items():
        same = {m.group(1) for m in _SAME_FORM.finditer(text)}  # Basque: `{n|pelotoi|pelotoi}`, a noun after a number
        for name in set(_PLURAL_FORM.findall(text)) - same:
            others = {n: "X" for n in re.findall(r"\{(\w+)", text)}
            one, two = fill(text, {**others, name: 1}), fill(text, {**others, name: 2})
            checked += 1
            assert one.replace("1", "2") != two, f"{key}: {one!r} / {two!r}"
            if lang == "es":
                plural = [w for w in re.findall(r"\b1 ([a-záéíóúñ]+s)\b", one) if w not in ES_NOT_PLURAL]
                assert not plural, f"{key}: {one!r}"
    assert checked > 30


def test_the_check_finds_the_old_lines():
    assert _counted("es", "Quedan {left} cartas de trato.") == {"left"}
    assert _counted("es", "{left|Queda|Quedan} {left} {left|carta|cartas} de trato.") == set()
    assert _counted("eu", "{seconds} segundo geratzen dira.") == {"seconds"}

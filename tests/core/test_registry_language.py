import pytest

from companion.core.errors import SetupError, UnknownGameError
from companion.core.game import Line, Option
from companion.core.language import available_languages, check_packs, render
from companion.core.players import players_from
from companion.core.registry import find_game, game_names, normalise
from companion.games.dice_duel.rules import DiceDuel
from companion.games.tables import HALLOWEEN_CANDY


@pytest.mark.parametrize("name", ["dice-duel", "Dice duel", "DUEL", "dice_duel", "reference"])
def test_find_game_by_name_title_and_alias(name):
    assert find_game(name) is DiceDuel


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGameError, match=r"no game called 'chess'.*dice-duel, gauekos, halloween"):
        find_game("chess")
    assert ("dice-duel", "Dice duel") in game_names()


def test_normalise_drops_accents_and_spacing():
    assert normalise("  La Noche de  Halloween ") == "la-noche-de-halloween"
    assert normalise("18 Fantasmas") == "18-fantasmas"
    assert normalise("Sorgiña") == "sorgina"


def test_render_fills_values_as_plain_text_and_falls_back():
    assert render(Line("dice-duel.rolled", {"player": "[bold]Ana", "a": 3, "b": 4}), "es") == "[bold]Ana saca un 3 y un 4."
    assert render(Line("dice-duel.rolled", {"player": "{b}", "a": 1, "b": 2}), "en") == "{b} rolls 1 and 2."
    assert render(Line("no.such.line"), "es") == "no.such.line"
    assert render(Line("dice-duel.rolled", {"player": "Bo"}), "en") == "Bo rolls {a} and {b}."
    assert render("plain text", "es") == "plain text"


def test_every_pack_is_complete():
    assert set(available_languages()) >= {"es", "en", "eu"}
    for report in check_packs():
        assert report.ok, (report.lang, report.missing, report.bad_placeholders)


def test_players_by_count_are_named_in_the_language():
    assert players_from(["3"], "es") == ["Jugador 1", "Jugador 2", "Jugador 3"]
    assert players_from(["3"], "en")[2] == "Player 3"
    assert players_from(["[bold]Ana", "7"], "es") == ["[bold]Ana", "7"]


def test_option_coercion():
    flag = Option("x", False)
    assert flag.coerce("on") is True and flag.coerce("no") is False and flag.coerce(True) is True
    with pytest.raises(SetupError, match="on or off"):
        flag.coerce("maybe")
    number = Option("n", 5, minimum=1, maximum=9)
    assert number.coerce(" 7 ") == 7
    with pytest.raises(SetupError, match="whole number"):
        number.coerce("seven")
    with pytest.raises(SetupError, match="at most 9"):
        number.coerce(10)
    choice = Option("m", "both", choices=("both", "tiebreak"))
    with pytest.raises(SetupError, match="one of both, tiebreak"):
        choice.coerce("never")


def test_halloween_candy_table_matches_the_rulings():
    assert [HALLOWEEN_CANDY.lookup(r) for r in range(1, 9)] == [0, 1, 1, 2, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="1 to 8"):
        HALLOWEEN_CANDY.lookup(9)


def test_plural_words_follow_the_number():
    from companion.core.language import fill
    assert fill("{n} {n|candy|candies}", {"n": 1}) == "1 candy"
    assert fill("{n} {n|candy|candies}", {"n": 0}) == "0 candies"
    assert fill("{n} {n|caramelo|caramelos}", {"n": 5}) == "5 caramelos"
    assert fill("{n|one|many}", {}) == "{n|one|many}"  # a missing value stays visible


def test_core_refusals_speak_the_tables_language():
    from companion.core.dice import LiveChance, check_face
    from companion.core.dice import parse_dice as dice
    from companion.core.errors import IllegalActionError
    from companion.core.language import explain
    import random
    with pytest.raises(IllegalActionError) as err:
        check_face(dice("d8"), 9)
    assert explain(err.value, "es") == "Un d8 no puede sacar 9. Escribe lo que marca el dado, del 1 al 8."
    assert explain(err.value, "en") == str(err.value)
    with pytest.raises(IllegalActionError) as err:
        LiveChance(random.Random(1), ["3"]).roll("2d6")
    assert "Escribe 2 valores" in explain(err.value, "es")
    assert explain(ValueError("plain"), "es") == "plain"

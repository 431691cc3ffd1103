"""The game kit's shared pieces: notation helpers, the step engine's derived
answers, structured choices, and the registry's catalogue."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalActionError, InvalidActionError
from companion.core.game import Choice, Prompt
from companion.core.language import explain, render
from companion.core.lines import Line
from companion.core.notation import Word, Words, allowed_now, fold, number, seat_index
from companion.core.registry import entries, entry_for, find_game, game_names
from companion.core.session import Session

WORDS = Words("dice-duel", phrases={"no agreement": ("none",), "roll": ("tirar",)},
              verbs={"victim": ("kill", "víctima")}, examples=("roll", "victim SEAT"))


def test_fold_ignores_case_accents_and_spacing():
    assert fold("  Víctima   5 ") == "victima 5"
    assert fold("SORGIÑA") == "sorgina"


@pytest.mark.parametrize("word", ["5" * 5, "9" * 5000, "x", "", "1.5"])
def test_number_refuses_what_is_not_a_short_whole_number(word):
    with pytest.raises(InvalidActionError) as caught:
        number(word, f"victim {word}")
    assert caught.value.line.id == "error.notation.number"
    assert len(str(caught.value)) < 200  # a 5,000-digit number is quoted cut short


def test_number_bounds_and_seats():
    assert number("-3", "x", low=-10, high=10) == -3
    with pytest.raises(InvalidActionError, match="not between 1 and 8"):
        number("9", "reveal 9", low=1, high=8)
    assert seat_index(3, 5) == 2
    with pytest.raises(IllegalActionError, match="no seat 6; seats go 1 to 5"):
        seat_index(6, 5)


def test_words_declare_phrases_and_verbs_once_with_aliases():
    assert WORDS.phrase(["none"]) == Word("no agreement")
    assert WORDS.phrase(fold("Tirar").split()) == Word("roll")
    assert WORDS.verb("victima") == "victim" and WORDS.verb("kill") == "victim"
    assert WORDS.verb("vote") is None


def test_a_mistyped_verb_gets_a_guess_in_the_tables_language():
    error = WORDS.unknown("victin 5")
    assert error.line.id == "error.notation.did_you_mean"
    assert "Did you mean 'victim 5'?" in explain(error, "en")
    assert "¿Querías decir 'victim 5'?" in explain(error, "es")
    assert "'victim 5' esan nahi zenuen?" in explain(error, "eu")
    assert str(WORDS.unknown("no agrement").line.values["guess"]) == "no agreement"
    assert WORDS.unknown("xyzzy").line.id == "error.notation.unknown"


def test_a_phrase_with_extra_words_says_how_it_is_written():
    assert WORDS.unknown("roll now").line.id == "error.notation.shape"


def test_an_empty_or_overlong_line_is_not_understood():
    with pytest.raises(InvalidActionError):
        WORDS.split("   ")
    with pytest.raises(InvalidActionError) as caught:
        WORDS.split("roll " * 1000)
    assert caught.value.line.id == "error.notation.too_long"


def test_allowed_now_lists_once_and_says_when_there_is_more():
    assert allowed_now([]) is None
    assert render(allowed_now(["roll", "hold", "roll"]), "en") == "Allowed now: roll, hold."
    many = allowed_now([f"victim {n}" for n in range(1, 12)])
    assert render(many, "es").endswith("victim 8, ...")


def test_a_key_press_finds_its_choice_by_key_before_position():
    claims = Prompt("t", choices=(Choice("roll", "roll", key="0"),
                                  *(Choice(str(n), f"claim {n}", key=str(n)) for n in range(1, 9))))
    assert claims.choice_for("5").notation == "claim 5"
    assert claims.choice_for("0").notation == "roll"
    assert claims.choice_for("9") is None
    plain = Prompt("t", choices=(Choice("a", "roll"), Choice("b", "hold")))
    assert plain.choice_for("2").notation == "hold" and plain.choice_for("3") is None


def test_errors_carry_lines_and_render_in_any_language():
    error = IllegalActionError(Line("error.seat.none", {"seat": 9, "seats": 6}),
                               allowed=allowed_now(["victim 1"]))
    assert str(error) == "There is no seat 9; seats go 1 to 6. Allowed now: victim 1."
    assert explain(error, "es") == "No hay asiento 9; los asientos van del 1 al 6. Se puede: victim 1."
    assert explain(error, "eu").startswith("Ez dago 9. eserlekurik; eserlekuak 1etik 6ra doaz.")


def test_basque_number_endings():
    from companion.core.language import basque_case

    assert [basque_case(str(n), "ra") for n in (1, 5, 6, 10, 11, 15, 20, 21, 100)] == [
        "1era", "5era", "6ra", "10era", "11ra", "15era", "20ra", "21era", "100era"]
    assert basque_case("5", "tik") == "5etik" and basque_case("4", "tik") == "4tik"


def test_the_registry_knows_the_games_from_its_catalogue():
    import tomllib

    from companion.core.registry import CATALOGUE

    names = [name for name, _ in game_names()]
    assert names == list(tomllib.loads(CATALOGUE.read_text(encoding="utf-8")))  # the catalogue's order
    assert {"dice-duel", "gauekos", "halloween", "18-fantasmas"} <= set(names)
    for alias, name in [("Duelo", "dice-duel"), ("hombre lobo", "gauekos"), ("OTSOA", "gauekos"),
                        ("La Noche de Halloween", "halloween"), ("werewolf", "gauekos")]:
        assert entry_for(alias).name == name
        assert find_game(alias).name == name
    assert all(e.target.startswith("companion.games.") for e in entries())


def test_an_unknown_game_names_the_games_that_exist():
    with pytest.raises(LookupError) as caught:
        find_game("chess")
    assert "dice-duel, gauekos, halloween" in str(caught.value)
    assert "No hay ningún juego llamado 'chess'" in explain(caught.value, "es")


def test_the_step_engine_derives_prompt_legal_actions_and_refusals():
    session = Session.new("duel", ["Ana", "Bo"], seed=3, lang="es")
    prompt = session.expects()
    assert prompt.step == "lucky" and prompt.private and prompt.secret
    assert render(prompt.public, "es") == "Ana está eligiendo su número de la suerte."
    assert [c.key for c in prompt.choices] == ["1", "2", "3", "4", "5", "6"]
    assert [str(a) for a in session.game.legal_actions()] == [c.notation for c in prompt.choices]
    with pytest.raises(IllegalActionError) as caught:
        session.act("roll")
    assert explain(caught.value, "es").startswith("Primero los números de la suerte: falta que elija Ana. Se puede:")
    session.act("lucky 1 3")
    session.act("suerte 2 5")  # a Spanish alias, saved in the canonical form
    assert session.played[-1].entry.notation == "lucky 2 5"
    turn = session.expects()
    assert turn.step == "turn" and turn.chance == "2d6" and turn.choices[0].chance == "2d6"


SPELLED = Words("dice-duel", phrases={"roll": ("tirar", "bota"), "no agreement": ("sin acuerdo",)},
                verbs={"victim": ("victima",)}, examples=("roll", "victim 3"),
                spellings={"es": {"roll": "tirar", "no agreement": "sin acuerdo", "victim": "víctima"}},
                arguments={"es": {"red": "rojo"}})


def test_words_spell_canonical_notation_in_the_tables_language():
    assert SPELLED.spelled("roll", "es") == "tirar"
    assert SPELLED.spelled("victim 3", "es") == "víctima 3"
    assert SPELLED.spelled("victim red", "es") == "víctima rojo"
    assert SPELLED.spelled("roll @ 3 4", "es") == "tirar @ 3 4"
    assert SPELLED.spelled("no agreement", "es") == "sin acuerdo"
    assert SPELLED.spelled("roll", "eu") == "roll" and SPELLED.spelled("roll", "en") == "roll"
    assert SPELLED.arguments(["rojo", "3"]) == ["red", "3"]
    with pytest.raises(ValueError):  # a spelling the game would not read back
        Words("x", phrases={"roll": ("tirar",)}, spellings={"es": {"roll": "lanzar"}})


def test_quoted_notation_is_canonical_in_english_and_spelled_when_rendered():
    line = allowed_now(["roll", "victim 3"], spell=SPELLED.spelled)
    assert render(line, "en") == render(Line("error.allowed_now", {"actions": "roll, victim 3"}), "en")
    assert "tirar, víctima 3" in render(line, "es")
    assert hash(line) == hash(Line("error.allowed_now", {"actions": "roll, victim 3"}))
    error = SPELLED.unknown("xyzzy")
    assert "tirar, víctima 3" in explain(error, "es") and "roll, victim 3" in explain(error, "en")
    assert "'tirar'" in explain(SPELLED.unknown("rol"), "es")
    assert "víctima 3" in explain(SPELLED.shape("victim", "victim 3"), "es")

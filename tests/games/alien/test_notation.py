"""The deck and the notation: every spelling reads back to the canonical form,
a mistyped line is refused in the table's language."""

from __future__ import annotations

import pytest

from companion.core.errors import InvalidActionError
from companion.core.language import explain
from companion.games.alien.cards import (ALIEN_DECK, DECK, FIGURES, capacity, code_sets, effect, needs_pairs,
                                         valid_codes)
from companion.games.alien.notation import (BOARD, COUNTDOWN, DRAW, END, PROTECT, TAKE, UNMARK, WEAPON, Drop,
                                            Enter, Force, Move, Pull, Push, Start, parse)

PLAYERS = ["Ana", "Bea", "Carlos", "Dani María"]


def test_the_deck_is_the_spanish_forty_split_into_alien_cards_and_codes():
    assert len(DECK) == len(set(DECK)) == 40
    assert len(ALIEN_DECK) == 28 and len(FIGURES) == 12
    assert set(ALIEN_DECK) | set(FIGURES) == set(DECK)
    assert {effect(c) for c in ALIEN_DECK if c[0] in "46"} == {"move"}
    assert {effect(c) for c in ALIEN_DECK if c[0] in "357"} == {"drop"}
    assert {effect(c) for c in ALIEN_DECK if c[0] in "12"} == {"strike"}


@pytest.mark.parametrize("players, room", [(2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4)])
def test_the_ship_holds_half_the_players_rounded_down(players, room):
    assert capacity(players) == room


def test_a_trio_for_two_to_four_players_two_pairs_for_five_to_eight():
    assert not needs_pairs(4) and needs_pairs(5)
    assert valid_codes(("sb", "se", "so"), 4)
    assert not valid_codes(("sb", "se", "rb"), 4)
    assert not valid_codes(("sb", "se", "so", "sc"), 4)  # a trio is three cards
    assert valid_codes(("sb", "se", "rb", "ro"), 6)
    assert valid_codes(("sb", "se", "so", "sc"), 6)  # four of one figure are two pairs of it
    assert not valid_codes(("sb", "se", "so"), 6)
    assert not valid_codes(("sb", "se", "so", "rb"), 6)
    assert not valid_codes(("1b", "1e", "1o"), 2)  # codes are figures
    assert code_sets(["sb", "rb", "se", "so"], 3) == [("sb", "se", "so")]
    assert code_sets(["sb", "se", "so", "sc"], 2) == [("sb", "se", "so"), ("sb", "se", "sc"),
                                                     ("sb", "so", "sc"), ("se", "so", "sc")]


@pytest.mark.parametrize("typed, action", [
    ("draw", DRAW), ("robar", DRAW), ("karta", DRAW), ("Revelar", DRAW),
    ("alien", Start()), ("alien oros", Start("oros")), ("alien coins", Start("oros")), ("alien urre", Start("oros")),
    ("move copas", Move("copas")), ("ir a copas", None), ("copas", Move("copas")), ("mover MADRE", Move("madre")),
    ("go mother", Move("madre")), ("joan ama", Move("madre")), ("mugitu ezpata", Move("espadas")),
    ("move nave", BOARD), ("nave auxiliar", BOARD), ("embarcar", BOARD), ("igo", BOARD), ("board", BOARD),
    ("unmark", UNMARK), ("librarse", UNMARK), ("kendu", UNMARK), ("take", TAKE), ("coger", TAKE),
    ("hartu", TAKE), ("protect", PROTECT), ("protegerse", PROTECT), ("babestu", PROTECT),
    ("weapon", WEAPON), ("arma", WEAPON), ("countdown", COUNTDOWN), ("cuenta atrás", COUNTDOWN),
    ("atzera kontaketa", COUNTDOWN), ("end", END), ("fin", END), ("amaitu", END),
    ("force 2", Force(2)), ("obligar bea", Force(2)), ("behartu Dani María", Force(4)),
    ("push 2 oros", Push(2, "oros")), ("empujar carlos bastos", Push(3, "bastos")),
    ("pull 3 cups", Pull(3, "copas")), ("sacar ana espadas", Pull(1, "espadas")),
    ("enter rb ro rc", Enter(("rb", "ro", "rc"))), ("introducir rc rb ro", Enter(("rb", "ro", "rc"))),
    ("introducir rey de bastos, rey de oros y rey de copas", None),
    ("enter king of clubs king of coins king of cups", Enter(("rb", "ro", "rc"))),
    ("sartu bastoietako errege urreetako errege kopetako errege", Enter(("rb", "ro", "rc"))),
    ("drop sb", Drop("sb")), ("soltar sota de bastos", Drop("sb")), ("utzi s-b", Drop("sb")),
])
def test_every_spelling_reads_back_to_the_canonical_form(typed, action):
    if action is None:
        with pytest.raises(InvalidActionError):
            parse(typed, PLAYERS)
        return
    assert parse(typed, PLAYERS) == action
    assert parse(str(action), PLAYERS) == action


@pytest.mark.parametrize("typed, words", [
    ("move luna", "luna no es un sector: Bastos, Espadas, Oros, Copas, MADRE o la nave auxiliar."),
    ("enter rb zz", "zz no es una carta: un valor (1 a 7, s Sota, c Caballo, r Rey) y un palo (b e o c), como rb."),
    ("force Zoe", "Aquí no hay nadie llamado zoe: da un número de asiento o un nombre."),
    ("drop", "'drop' no se escribe así. Escríbelo como: soltar sb."),
])
def test_a_mistyped_line_is_refused_in_the_table_s_language(typed, words):
    with pytest.raises(InvalidActionError) as caught:
        parse(typed, PLAYERS)
    assert explain(caught.value, "es").startswith(words)

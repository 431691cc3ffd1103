"""No secret through a side door: the refusals and "did you mean"s a public surface gives
(see refusal_audit.py for what they may not hold).

Random games of every game; at every private or secret step and at a sample of the others,
junk, a typo, actions of other moments (played before, or the game master's own choices now)
and a table card that is not there are typed, and each refusal is read as the table reads it.
The same checks over the game master's words must find the leaks the refusals had before
(`test_the_detector_finds_the_old_refusals_leaks`). Counts are printed with `-s`.
"""

from __future__ import annotations

import os
import random

import pytest

from companion.cli import main

from .public_audit import Audit
from .refusal_audit import refuse_all
from .test_public_view import GAMES, PUBLIC_ONLY, random_game

# 300 of each game for the record (REFUSAL_GAMES=300: about 10 min of CPU, figures in the
# closing note of issue 22); fewer on every run, to keep the suite's time.
GAMES_EACH = int(os.environ.get("REFUSAL_GAMES", 40))
# ~1,000 actions each and nothing secret: fewer on every run, all of them for the record
FEWER = {} if "REFUSAL_GAMES" in os.environ else {"kaijupoly": 5, "rey-de-los-monstruos": 5}
SAMPLED = 0.05  # of the public steps (every private or secret one is tried)


def audit_refusals(name: str, games: int, public: bool = True) -> tuple[Audit, int, int]:
    audit, actions, refusals = Audit(), 0, 0

    for seed in range(games):
        rng = random.Random(f"refuse {seed}")

        def moment(session, seen, lang, where):
            nonlocal refusals
            refusals += refuse_all(audit, session, rng, lang, where, seen.notations, seen.texts,
                                   seen.also_public, public=public)

        session, *_ = random_game(name, seed, SAMPLED, moment)
        actions += len(session.played)
    return audit, actions, refusals


@pytest.mark.parametrize("name", GAMES)
def test_no_private_value_in_a_public_refusal(name):
    games = FEWER.get(name, GAMES_EACH)
    audit, actions, refusals = audit_refusals(name, games)
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    assert refusals > games
    print(f"\n{name}: {games} games, {actions} actions, {refusals} refusals read, {audit.checked} checks, "
          f"{len(audit.leaks)} leaks")


@pytest.mark.parametrize("name", sorted(set(GAMES) - PUBLIC_ONLY - set(FEWER) - {"duel"}))
def test_the_detector_finds_the_old_refusals_leaks(name):
    """The game master's words are what every surface printed before: the same checks find
    their secrets (Alien: a hand in "Allowed now", what is left of a deck; Gauekos: a call's
    holders; Halloween: the cards of a hand)."""
    audit, _, refusals = audit_refusals(name, 8, public=False)
    assert len(audit.leaks) > 5, audit.leaks
    print(f"\n{name}: the game master's words of {refusals} refusals in 8 games hold "
          f"{len(audit.leaks)} secrets")


ALIEN = ["alien bastos", "draw @ 4b", "move oros", "take @ rb", "draw @ 6b", "end", "draw @ 3b", "end",
         "draw @ 5b", "end", "draw @ 7b", "end", "draw @ 1b", "take @ sb", "end", "draw @ 3o"]


def test_the_issue_s_alien_drop_names_no_card(tmp_path, capsys):
    save = tmp_path / "s.toml"
    assert main(["new", "alien-1979", "--lang", "en", "--players", "Ana", "Bea", "Carlos", "Dani", "Eva",
                 "--save", str(save)]) == 0
    assert main(["act", str(save), *ALIEN]) == 0
    capsys.readouterr()
    assert main(["act", str(save), "drop sc"]) == 1
    err = capsys.readouterr().err
    assert "Ana chooses a code" in err and "drop sb" not in err and "drop rb" not in err and "Allowed" not in err
    assert main(["act", str(save), "drop sc", "--private"]) == 1
    assert "Allowed now: drop sb, drop rb." in capsys.readouterr().err  # the game master's words


def test_a_refused_table_card_says_why_not_what_is_left():
    """Ana takes rb in Coins; Bea, there too, types rb: the table hears that somebody holds it,
    not what is left of the codes (which would tell Ana's hand)."""
    from companion.core.errors import ActionError
    from companion.core.language import explain
    from companion.core.session import Session

    session = Session.new("alien-1979", ["Ana", "Bea", "Carlos", "Dani", "Eva"], seed=1, lang="es")
    for text in ALIEN[:4] + ["draw @ 6b", "move oros"]:
        session.act(text)
    with pytest.raises(ActionError) as refused:
        session.act("take @ rb")
    public = explain(refused.value, "es", public=True)
    assert public.startswith("'rb': esa carta ya la tiene alguien.") and "Quedan" not in public, public
    assert "Quedan" in explain(refused.value, "es")  # the game master's words
    with pytest.raises(ActionError) as refused:
        session.act("take @ 1b")  # not a code at all: not left
    assert "no queda en los códigos boca abajo" in explain(refused.value, "es", public=True)


GAUEKOS_241 = ["deck gaueko 2 galtzagorri samartintxiki akerbeltz", "deal", "start", "take galtzagorri",
               "mayor 1", "victim 7", "close", "votes 3:1 4:4 6:2", "runoff 4 6", "votes 6:8", "night",
               "victim 9", "close", "vote 1>5 4>2 5>3 8>3", "runoff 3 5", "vote 1>3 2>3 3>3 4>5 5>5 8>3",
               "night", "victim 2"]


def test_a_vote_typed_before_the_gauekos_call_is_closed_does_not_name_its_victim():
    """Found by the 300-game run: with the victim named and the call not closed yet, a vote was
    tried as the day's after the close, refused there with "P2 ha muerto", and the table read
    the night's victim before dawn. A refusal from after the close is said in public as secret."""
    from companion.core.errors import ActionError
    from companion.core.language import explain
    from companion.core.session import Session

    session = Session.new("gauekos", [f"P{n}" for n in range(1, 10)],
                          {"phantom_calls": False, "mayor_power": "tiebreak"}, seed=241, lang="es")
    for text in GAUEKOS_241:
        session.act(text)
    assert session.game.alive[1]  # P2 dies at dawn
    with pytest.raises(ActionError) as refused:
        session.act("vote 1>5 4>2 5>3 8>3")
    public = explain(refused.value, "es", public=True)
    assert "P2" not in public and "muerto" not in public, public
    assert "P2 ha muerto" in explain(refused.value, "es")  # the game master's words

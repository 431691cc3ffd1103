"""Refusals in the table's words, for every game, in es, en and eu.

Random games of every game; at random steps, junk and actions of other moments (taken from
another random game of the same game) are typed. Every refusal must be whole sentences (why,
what is allowed now, how to write it: none runs into the next), list only what is allowed
now, and (on a Spanish or Basque table) hold no English or canonical-notation word; the
game master's log headings and the undo toast (`shown_notation`, the action spelled) hold
none either.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.core.errors import ActionError
from companion.core.language import explain, load_pack, render, template
from companion.core.lines import Line
from companion.core.notation import fold
from companion.core.registry import entries, find_game
from companion.core.session import Session
from companion.tui.widgets import shown_notation

GAMES = [e.name for e in entries()]
LANGS = ("es", "en", "eu")
SEEDS = 3  # random games of each game in each language
STEPS = 250  # actions of each random game at most (Kaijupoly's run long)
TRIED = 0.08  # of the steps where refusals are tried
JUNK = ("xyzzy", "1", "tirar", "roll", "end", "fin", "vote 1>5", "sacar 3", "liberar r", "coloca a1", "mover",
        "amaitu", "bota 3", "@", "r b1", "pass pass")
# English words of ours (not notation) that no Spanish or Basque refusal may hold.
ENGLISH = {"the", "not", "now", "allowed", "write", "action", "actions", "deck", "pile", "codes", "figures",
           "sectors", "children", "deeds", "is", "of", "this", "that", "like", "one", "any", "mean", "did"}
_ENDS = (".", "?", "!", "…")
_QUOTED = re.compile(r"'[^']*'")  # what was typed, quoted as typed


def _prefix(line_id: str, lang: str) -> str:
    """The words a line starts with, before its first placeholder (`Se puede:`)."""
    return template(line_id, lang).split("{")[0].strip()


def _local_words(lang: str) -> set[str]:
    """Every word a table of `lang` may read in notation: each game's spellings in `lang`, and
    every word of that language's pack."""
    found: set[str] = set()
    for name in GAMES:
        words = find_game(name).words
        if words is None:
            continue
        for table in (words.local.get(lang, {}), words.local_arguments.get(lang, {})):
            for local in table.values():
                found.update(fold(local).split())
    for text in load_pack(lang).lines.values():
        found.update(re.findall(r"[a-z]+", fold(re.sub(r"\{[^}]*\}", " ", text))))
    return found


def _deny(lang: str) -> set[str]:
    """Canonical notation words a table of `lang` writes otherwise, and English words of ours."""
    canonical: set[str] = set()
    for name in GAMES:
        words = find_game(name).words
        if words is None:
            continue
        for table in (words.local.get(lang, {}), words.local_arguments.get(lang, {})):
            for word, local in table.items():
                if fold(word) != fold(local):
                    canonical.update(fold(word).split())
    return (canonical | ENGLISH) - _local_words(lang)


DENY = {lang: _deny(lang) for lang in ("es", "eu")}


def _denied(text: str, lang: str, names: list[str]) -> set[str]:
    if lang not in DENY:
        return set()
    bare = _QUOTED.sub(" ", text)
    for name in names:  # a player or a square is named as it is
        bare = bare.replace(name, " ")
    return set(re.findall(r"[a-z]+", fold(bare))) & DENY[lang]


def check_refusal(words: str, session: Session, lang: str) -> list[str]:
    """What is wrong with one refusal's words."""
    wrong = []
    game = session.game
    if not words.endswith(_ENDS):
        wrong.append("does not end with a full stop")
    for line_id in ("error.allowed_now", "error.how", "error.notation.write_like"):
        marker = _prefix(line_id, lang)
        for found in re.finditer(re.escape(marker), words):
            before = words[:found.start()].rstrip()
            if before and not before.endswith(_ENDS):
                wrong.append(f"runs into {marker!r}")
    marker = _prefix("error.allowed_now", lang)
    listed = re.search(re.escape(marker) + r" (.*?)(?:, \.\.\.|\.)(?: |$)", words)
    if listed:
        offered = {game.spelled(c.notation, lang) for c in game.expects().choices}
        extra = [item for item in listed.group(1).split(", ") if item not in offered]
        if extra:
            wrong.append(f"lists what is not allowed now: {extra}")
    names = list(game.players) + _names_in(words)
    denied = _denied(words, lang, names)
    if denied:
        wrong.append(f"holds {sorted(denied)}")
    return wrong


def _names_in(words: str) -> list[str]:
    """Proper names a line may quote (board squares, children, sectors): capitalised runs."""
    return re.findall(r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü]*(?: (?:de |del |la |los |las |y )?[A-ZÁÉÍÓÚÑ][\wáéíóúñü]*)*",
                      words)


def other_moments(name: str, seed: int) -> list[str]:
    """Actions of another random game of `name`: most of them belong to other moments."""
    game_cls = find_game(name)
    players, options = game_cls.example_setups()[seed % len(game_cls.example_setups())]
    session = Session.new(game_cls, players, options, seed=seed + 1000)
    rng = random.Random(seed + 1000)
    done: list[str] = []
    for _ in range(STEPS):
        if session.outcome() is not None:
            break
        done.append(session.game.notation(session.game.sample_action(rng)))
        session.act(done[-1])
    return done


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_is_sentences_of_allowed_actions_in_the_table_s_words(name, lang):
    game_cls = find_game(name)
    wrong: list[str] = []
    refusals = headings = 0
    for seed in range(SEEDS):
        players, options = game_cls.example_setups()[seed % len(game_cls.example_setups())]
        session = Session.new(game_cls, players, options, seed=seed, lang=lang)
        rng = random.Random(seed)
        others = other_moments(name, seed)
        for number in range(STEPS):
            if session.outcome() is not None:
                break
            if rng.random() < TRIED:
                for text in rng.sample(JUNK, 3) + rng.sample(others, min(4, len(others))):
                    before = session.game.state()
                    try:
                        session.act(text)
                    except ActionError as exc:
                        refusals += 1
                        words = explain(exc, lang)
                        wrong += [f"{name} seed {seed} step {number} {text!r}: {problem}\n    {words}"
                                  for problem in check_refusal(words, session, lang)]
                        assert session.game.state() == before
                    else:
                        break
            if session.outcome() is None:  # an accepted "other moment" may have ended it (marcador's `fin`)
                session.act(session.game.notation(session.game.sample_action(rng)))
        for played in session.played:  # the log's headings and the undo toast, the game master's view
            headings += 1
            shown = shown_notation(played, True, lang, session.game.shown)
            toast = render(Line("ui.game.undone", {"notation": shown}), lang)
            denied = _denied(toast, lang, list(session.game.players))
            if denied:
                wrong.append(f"{name} seed {seed}: {toast!r} holds {sorted(denied)}")
    assert refusals and headings
    assert not wrong, f"{len(wrong)} problems:\n" + "\n".join(dict.fromkeys(wrong[:25]))


def test_the_deny_list_finds_english_and_canonical_words():
    """The check is not empty: the old refusals' words are caught."""
    assert {"roll", "draw", "pile", "troops", "the"} <= DENY["es"] and {"roll", "oros", "no"} <= DENY["eu"]
    assert _denied("El mazo de pile está vacío.", "es", []) == {"pile"}
    assert _denied("Escríbelo como: roll 2.", "es", []) == {"roll"}
    assert _denied("'vote 1>5' no es una acción de Gauekos.", "es", []) == set()  # typed text is quoted


def test_the_log_and_the_undo_toast_name_the_players_seats_stand_for():
    """`sacar 3 oros` is shown `sacar Carlos oros`; a save keeps the seat."""
    game = find_game("alien-1979").new(["Ana", "Bea", "Carlos", "Dani"])
    assert game.shown("pull 3 oros", "es") == "sacar Carlos oros"
    assert game.shown("force 2", "eu") == "behartu Bea"
    duel = find_game("dice-duel").new(["Ana", "Luis"])
    assert duel.shown("lucky 2 4", "es") == "suerte Luis 4" and duel.shown("roll @ 6 6", "es") == "tirar @ 6 6"
    assert duel.notation(duel.parse("suerte 2 4")) == "lucky 2 4"


def test_kaijupoly_advises_its_own_roll_not_the_king_s():
    """`tirar 3` in Kaijupoly is written `tirar` (not Rey de los Monstruos' `tirar 2`)."""
    session = Session.new(find_game("kaijupoly"), ["Ana", "Bea", "Carlos"], seed=1, lang="es")
    with pytest.raises(ActionError) as caught:
        session.act("tirar 3")
    assert explain(caught.value, "es").endswith("Escríbelo como: tirar.")

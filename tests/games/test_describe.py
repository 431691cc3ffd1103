"""`Game.describe`: what `companion show` prints of the state, in the table's words.

Random games of every game: at points along the way and at the end, the public
state's lines in es and eu hold no canonical token of the state (its keys, its
enum values: play, roll, red, unused, first...), no Python repr and no unfilled
line, and no secret (public_audit.py's notion); the private lines are words too.
Then exact lines for situations of the rule texts.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.cli import main
from companion.core.describe import generic, label
from companion.core.language import render
from companion.core.registry import entries, find_game
from companion.core.session import Session

from .conformance import every_setup
from .public_audit import PRIVATE_KEYS, Audit, secret_pairs, walk

GAMES = [e.name for e in entries()]
SEEDS = {"kaijupoly": 2, "rey-de-los-monstruos": 2}  # long games with nothing secret: fewer
EVERY = 15  # actions between two looks
# Canonical values that are also the table's own word in that language: Halloween's knock is
# a "truco" or a "trato" at a Spanish or Basque table too; Alien's sectors carry the Spanish
# suits' names ("Rey de oros") and "la nave"; a Spanish Gauekos table has "los gauekos", a
# "Pariente mayor" and plays "como campesino".
SAME_WORD = {"es": {"truco", "trato", "mayor", "oros", "copas", "espadas", "bastos", "nave", "gauekos", "gaueko",
                    "campesino"},
             "eu": {"truco", "trato"}}
TOKEN = re.compile(r"^[a-z][a-z_]{2,}$")
REPR = ("None", "True", "False", "Line(", "{", "}", "describe.", "state.", "[]", "{}")


def _setups(name):
    return [(players, options) for n, players, options in every_setup() if n == name]


def canonical_tokens(state) -> set[str]:
    """The state's own keys and lowercase identifier values (`in_play`, `roll`, `red`, `unused`)."""
    tokens = set()
    for _path, key, value in walk(state):
        for item in (key, value):
            if isinstance(item, str) and TOKEN.match(item):
                tokens.add(item)
    return tokens


def said(lines, lang: str) -> str:
    return "\n".join(render(line, lang) for line in lines)


def look(session: Session, audit: Audit, where: str) -> None:
    game, cls = session.game, session.game_cls
    public, private = game.public_state(), game.private_state()
    tokens = canonical_tokens(public) | canonical_tokens(private)
    names = {n.lower() for n in game.players}
    for lang in ("es", "eu"):
        for side, state in (("public", public), ("private", private)):
            text = said(cls.describe(state, private=side == "private"), lang)
            for bad in REPR:
                assert bad not in text, f"{where} {lang} {side}: {bad!r} in\n{text}"
            for token in tokens - names - SAME_WORD[lang]:
                assert not re.search(rf"(?<![\w-]){re.escape(token)}(?![\w-])", text), \
                    f"{where} {lang} {side}: canonical {token!r} in\n{text}"
        text = said(cls.describe(public), lang)
        audit.text(f"{where} {lang} describe", text, audit.notations(session), audit.private_texts(session, lang))
        for key in (PRIVATE_KEYS & set(private)) - set(public):  # no private key's label heads a public line
            heading = render(label(cls.name, key), lang) + ":"
            if any(line.startswith(heading) for line in text.splitlines()):
                audit.leak(f"{where} {lang} describe", f"the private {key!r} shown")
        for player, value in secret_pairs(game):
            for line in cls.describe(private, private=True):
                for part in render(line, lang).split(": ", 1)[-1].replace("; ", ", ").split(", "):
                    if player in part and value.lower() in part.lower() and part in text:
                        audit.leak(f"{where} {lang} describe", f"secret {part!r}")


@pytest.mark.parametrize("name", GAMES)
def test_describe_says_every_state_in_words_and_no_secret(name):
    cls = find_game(name)
    audit = Audit()
    looks = 0
    for seed in range(SEEDS.get(name, 6)):
        players, options = _setups(name)[seed % len(_setups(name))]
        session = Session.new(cls, players, options, seed=seed, lang="es")
        rng = random.Random(seed)
        while session.outcome() is None:
            if len(session.played) % EVERY == 0:
                look(session, audit, f"{name} seed {seed} at {len(session.played)}")
                looks += 1
            session.act(session.game.notation(session.game.sample_action(rng)))
        look(session, audit, f"{name} seed {seed} at the end")
        looks += 1
    assert audit.leaks == [], "\n".join(audit.leaks[:20])
    assert looks > SEEDS.get(name, 6)


def test_the_token_check_finds_the_old_plain_rendering():
    """The kit's plain rendering (what `show` printed before) says `play`, `roll`, `in_play`...:
    the check above would catch a game that fell back to it."""
    cls = find_game("halloween")
    players, options = _setups("halloween")[0]
    session = Session.new(cls, players, options, seed=1, lang="es")
    rng = random.Random(1)
    while session.game.public_state()["phase"] != "play":
        session.act(session.game.notation(session.game.sample_action(rng)))
    state = session.game.public_state()
    text = said(generic(cls.name, state), "es")
    found = {t for t in canonical_tokens(state) if re.search(rf"(?<![\w-]){t}(?![\w-])", text)}
    assert {"play", "in_play", "moved"} <= found
    assert not {t for t in canonical_tokens(state) if re.search(rf"(?<![\w-]){t}(?![\w-])",
                                                               said(cls.describe(state), "es"))}


def test_the_secret_check_finds_private_lines_shown_in_public():
    """Pointed at the private lines, the secret-pair check finds the secrets (or it proves nothing)."""
    for name in ("gauekos", "halloween"):
        cls = find_game(name)
        players, options = _setups(name)[0]
        session = Session.new(cls, players, options, seed=2, lang="es")
        rng = random.Random(2)
        found = []
        while not found and session.outcome() is None:
            session.act(session.game.notation(session.game.sample_action(rng)))
            shown = said(cls.describe(session.game.private_state(), private=True), "es")
            found = [p for p, v in secret_pairs(session.game)
                     for part in shown.replace("; ", ", ").split(", ") if p in part and v.lower() in part.lower()]
        assert found, name


# -- exact lines for the rule texts' situations ------------------------------------------------

HALLOWEEN_ROUND_4 = {  # round 4 of 8: Pablo holds the turn card, Ana moves Montse; Jorgito went home
    "players": ["Ana", "Luis", "Marta", "Pablo"], "phase": "play", "step": "roll",
    "colours": {"Ana": "red", "Luis": "orange", "Marta": "blue", "Pablo": "yellow"}, "youngest": "Ana",
    "round": 4, "rounds": 8, "turn_card": "Pablo", "turn": "Ana", "out": [], "pot": 32,
    "children": {c.lower(): {"name": c, "in_play": c != "Jorgito", "sent_home_by": "Ana" if c == "Jorgito" else None,
                             "moved": int(c in ("Montse", "Rosa")),
                             "frozen": {"by": "Luis", "turns": 2} if c == "David" else None,
                             "rip_cooldown": "Marta" if c == "Lucía" else None}
                 for c in ("Montse", "Simoncito", "Jorgito", "David", "Rosa", "Lucía")},
    "extra_moves": 0, "moving": {"child": "Montse", "roll": None, "distance": None, "doubled": False,
                                 "rerolled": False, "card1": False},
    "sent_home": {"Ana": 1, "Luis": 0, "Marta": 0, "Pablo": 0}, "cries": {"Jorgito": "Luis"}, "blocked": {},
    "rip_cooldown": [], "action_deck": 15, "action_played": [9, 6], "action_discarded": 0,
    "hands": {"Ana": 0, "Luis": 1, "Marta": 0, "Pablo": 0}, "treat_deck": 10,
    "knock": {"owner": "Marta", "mover": "Ana", "child": "Montse", "kind": "truco", "only_trato": False,
              "claim": 3, "helper": None, "fee": None, "says": None, "decision": None, "die": None, "rolls": []},
    "fight": None, "revealed_children": {}, "ranking": None,
}


def test_halloween_round_4_of_8_in_spanish_and_basque():
    cls = find_game("halloween")
    assert said(cls.describe(HALLOWEEN_ROUND_4), "es").splitlines() == [
        "Ronda 4 de 8 · carta de turno: Pablo · turno: Ana",
        "Fondo común: 32 caramelos",
        "Colores: Ana rojo, Luis naranja, Marta azul, Pablo amarillo",
        "Quien tiene menos edad: Ana",
        "Niños: Montse (movido), Simoncito, Jorgito en casa (Ana), "
        "David (congelado hasta que el turno de Luis llegue 2 veces más), Rosa (movido), Lucía (a salvo hasta Marta)",
        "Moviendo: Montse",
        "Niños mandados a casa: Ana 1",
        "Llorando en casa: Jorgito (Luis)",
        "Cartas de acción: 15 en el mazo, 0 descartadas; jugadas: 9, 6",
        "Cartas en la mano: Ana 0, Luis 1, Marta 0, Pablo 0",
        "Cartas de trato que quedan: 10",
        "En la puerta: Montse (Ana) llama a la puerta de Marta: truco, el niño dice 3",
    ]
    eu = said(cls.describe(HALLOWEEN_ROUND_4), "eu").splitlines()
    assert eu[:3] == ["Erronda: 4/8 · txanda-karta: Pablo · txanda: Ana", "Poltsa komuna: 32 goxoki",
                      "Koloreak: Ana gorria, Luis laranja, Marta urdina, Pablo horia"]
    assert "Mugitzen: Montse" in eu


def test_halloween_private_lines_and_one_candy():
    cls = find_game("halloween")
    assert said(cls.describe({**HALLOWEEN_ROUND_4, "pot": 1}), "es").splitlines()[1] == "Fondo común: 1 caramelo"
    private = {"candies": {"Ana": 11, "Luis": 13}, "secret_children": {"Ana": "Lucía", "Luis": None},
               "hands": {"Ana": [], "Luis": [4, 15]}, "action_deck": {"unseen": ["1", "2"], "bottom": ["16"]},
               "action_discarded": [], "looking": [], "truco_die": None, "bids": None,
               "scores": [{"player": "Ana", "candies": 11, "child": "Lucía", "secret_points": 5, "sent_home": 1,
                           "sent_points": 2, "total": 18}]}
    assert said(cls.describe(private, private=True), "es").splitlines() == [
        "Caramelos: Ana 11, Luis 13",
        "Niños secretos: Ana (Lucía), Luis (-)",
        "Cartas en la mano: Ana (ninguna), Luis (4, 15)",
        "Mazo de acción: 1, 2 sin ver; debajo del todo: 16",
        "Cartas de acción descartadas: -",
        "Tabla de puntos: Ana: 18 puntos (11 caramelos; niño secreto Lucía: 5; mandados a casa 1: 2)",
    ]


GAUEKOS_DAY_2 = {"phase": "day", "night": 2, "day": 2, "players": ["Ane", "Mikel", "Jon", "Itziar", "Koldo", "Maite"],
                 "alive": ["Ane", "Jon", "Itziar", "Koldo", "Maite"], "dead": {"Mikel": "campesino"}, "mayor": "Jon",
                 "deck": {"campesino": 3, "gaueko": 2, "sorgina": 1}, "call": None, "countdown": None,
                 "day_timer": 300, "pending": None, "vote": {"stage": "first"},
                 "votes": [{"day": 1, "round": "first", "ballots": {}, "tally": {"Mikel": 4, "Ane": 1}}]}


def test_gauekos_day_2_first_vote_in_spanish_and_basque():
    cls = find_game("gauekos")
    assert said(cls.describe(GAUEKOS_DAY_2), "es").splitlines() == [
        "Día 2 · primera votación",
        "Con vida: Ane, Jon, Itziar, Koldo, Maite",
        "Han muerto (sus cartas): Mikel (Campesino)",
        "Pariente mayor: Jon",
        "Mazo: Campesino ×3, Gaueko ×2, Sorgiña ×1",
        "Tiempo de debate: 300 s",
        "Votación del día 1 (primera votación): Mikel (4), Ane (1)",
    ]
    assert said(cls.describe(GAUEKOS_DAY_2), "eu").splitlines()[:2] == ["2. eguna · lehen bozketa",
                                                                        "Bizirik: Ane, Jon, Itziar, Koldo, Maite"]
    runoff = {**GAUEKOS_DAY_2, "vote": {"stage": "runoff", "candidates": ["Ane", "Koldo"]}}
    assert said(cls.describe(runoff), "es").splitlines()[0] == "Día 2 · segunda votación entre Ane y Koldo"
    private = {"cards": {"Ane": "gaueko"}, "roles": {"Ane": "gaueko"}, "leftovers": [], "lovers": [],
               "life_spell": "unused", "death_spell": "used", "call_info": None,
               "tonight": {"victim": None, "cause": None, "saved": False, "death": None, "inspected": None},
               "story": []}
    assert said(cls.describe(private, private=True), "es").splitlines() == [
        "Cartas: Ane (Gaueko)", "Juega como: Ane (Gaueko)", "Enamorados: -",
        "Hechizo de la Vida: sin usar", "Hechizo de la Muerte: usado", "Esta noche: nada todavía"]


def test_the_kits_default_is_the_plain_rendering():
    assert said(generic("dice-duel", {"turn_points": 6, "choosing_lucky": False, "banked": {"Ana": 3}}),
                "es").splitlines() == ["Puntos del turno: 6", "Eligiendo números de la suerte: no", "Guardado: Ana 3"]


def test_show_prints_the_words_and_the_secrets_only_with_private(tmp_path, capsys):
    save = tmp_path / "h.toml"
    assert main(["new", "halloween", "--players", "Ana", "Luis", "Marta", "Pablo", "--save", str(save),
                 "--lang", "es", "--seed", "4"]) == 0
    session = Session.load(save)
    rng = random.Random(4)
    done = []
    while session.game.public_state()["phase"] != "play":
        text = session.game.notation(session.game.sample_action(rng))
        session.act(text)
        done.append(text)
    session.close()
    capsys.readouterr()
    assert main(["show", str(save)]) == 0
    out = capsys.readouterr().out
    assert "  Ronda 1 de 8 · carta de turno: " in out and "  Fondo común: " in out and "[privado]" not in out
    for english in ("play", "red", "in_play", "Niños: montse"):
        assert not re.search(rf"(?<![\w-]){english}(?![\w-])", out), english
    assert main(["show", str(save), "--private"]) == 0
    out = capsys.readouterr().out
    assert "  [privado] Niños secretos: " in out and "  [privado] Tabla de puntos: " in out

"""Castles are data: the shipped nestorgames castle is BOARDS.md's, another
printing is a .toml file, a save keeps the castle itself, and a bad file is
refused with its name, its line and the reason, in the table's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import SaveError, SetupError
from companion.core.language import explain
from companion.core.session import Session
from companion.games.fantasmas.board import cell_of
from companion.games.fantasmas.castles import FOLDER, CastleOption, castle_of, default_castle, short

NESTOR = (FOLDER / "nestorgames.toml").read_text()
OPTION = CastleOption("castle", "nestorgames", house_rule=False)


def test_the_default_castle_is_the_one_in_boards_md():
    castle = default_castle()
    assert castle.rows() == ["B R P:R B R", "Y M Y M Y", "R B R B P:Y", "B M Y M R", "Y R P:B B Y"]
    assert castle.portal == {"R": cell_of("c1"), "Y": cell_of("e3"), "B": cell_of("c5")}
    assert castle.opening == {"R": 0, "Y": 1, "B": 2}  # up, right, down: toward the outer wall
    assert all(len(castle.rooms(c)) == 6 for c in "RYB") and len(castle.rooms("M")) == 4
    # BOARDS.md: after one turn, red opens onto d1, yellow onto e4, blue onto b5
    assert [castle.front(c, (castle.opening[c] + 1) % 4) for c in "RYB"] == [cell_of("d1"), cell_of("e4"),
                                                                              cell_of("b5")]
    assert [castle.front(c, castle.opening[c]) for c in "RYB"] == [None, None, None]
    assert short(castle) == "BRrBR/YMYMY/RBRBy/BMYMR/YRbBY r:up y:right b:down"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "castle.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_castle_file_is_read_once_and_the_save_keeps_the_castle(tmp_path):
    other = NESTOR.replace('"B R P:R B R"', '"R B P:R B R"').replace('"R B R B P:Y"', '"B R R B P:Y"')
    path = write(tmp_path, other)
    save = tmp_path / "game.toml"
    session = Session.new("fantasmas", ["Ana", "Luis"], {"castle": str(path)}, seed=1, path=save)
    assert session.game.settings["castle"] == "RBrBR/YMYMY/BRRBy/BMYMR/YRbBY r:up y:right b:down"
    session.act("r a1")
    session.close()
    path.unlink()  # the file is gone: the save still replays
    again = Session.load(save)
    assert again.game.castle.kinds[0] == "R" and again.game.board.ghosts[0] == (0, "R")
    again.close()


def test_the_option_takes_a_name_a_path_or_the_short_form():
    assert OPTION.coerce("NestorGames") == "nestorgames"
    text = "RYbYR/BMRMB/yRBYr/BMYMR/YBRBY r:right y:left b:up"
    assert OPTION.coerce(text) == text and castle_of(text).portal == {"R": 14, "Y": 10, "B": 2}
    with pytest.raises(SetupError) as caught:
        OPTION.coerce("mystery")
    assert explain(caught.value, "es") == ("No hay ningún castillo llamado 'mystery': elige nestorgames, "
                                           "o da la ruta de un fichero .toml.")


def test_a_path_keeps_its_case(tmp_path):
    folder = tmp_path / "Castles"
    folder.mkdir()
    path = folder / "Mine.TOML"
    path.write_text(NESTOR)
    assert OPTION.coerce(str(path)) == short(default_castle())


BAD = [  # (what to change in nestorgames.toml, the line it names or None, the reason in Spanish)
    (('"Y M Y M Y",', '"Y M Q M Y",'), 12,
     "fila 2, columna c: 'Q' no es una habitación (R, Y, B, M, P:R, P:Y, P:B)."),
    (('"B M Y M R",', '"B M Y M",'), 14, "la fila 4 necesita 5 habitaciones y tiene 4."),
    (('"Y R P:B B Y",\n', ''), 10, "hacen falta 5 filas y hay 4."),
    (('"R B R B P:Y",', '"R B R B P:R",'), 13, "el portal rojo está dos veces."),
    (('"Y R P:B B Y",', '"Y R B B Y",'), 10, "falta el portal azul."),
    (('"Y R P:B B Y",', '"Y R P:B B M",'), 10,
     "solo hay 5 habitaciones con alfombra amarilla; hacen falta 6 (3 fantasmas de cada jugador)."),
    (('Y = "right"', 'Y = "left"'), 22,
     "el portal amarillo mira a la izquierda, hacia una habitación: al empezar tiene que mirar al muro exterior."),
    (('Y = "right"', 'Y = "sideways"'), 22,
     "el portal amarillo se abre 'sideways'; tiene que ser up, right, down o left."),
    (('B = "down"', ''), 20, "no dice hacia dónde se abre el portal azul al empezar."),
    (('Y = "right"', 'G = "right"'), 22, "en [openings], 'G' no es un portal (R, Y o B), o está dos veces."),
    (('[openings]', '[doors]'), 20, "'doors' no es una clave de un castillo (rows, openings, title)."),
    (('rows = [', 'rows = [['), 20, "no es TOML válido."),
    (('rows = [', 'cells = ['), 10, "'cells' no es una clave de un castillo (rows, openings, title)."),
    (('"B R P:R B R",', '5,'), 10, "la fila 1 no es un texto (como 'B R P:R B R')."),
]


@pytest.mark.parametrize("change, line, reason", BAD, ids=[b[2][:30] for b in BAD])
def test_a_bad_castle_file_is_refused_with_its_line_and_reason(tmp_path, change, line, reason):
    old, new = change
    assert old in NESTOR
    path = write(tmp_path, NESTOR.replace(old, new))
    with pytest.raises(SetupError) as caught:
        Session.new("fantasmas", ["Ana", "Luis"], {"castle": str(path)})
    where = f", línea {line}" if line else ""
    assert explain(caught.value, "es") == f"Fichero de castillo {path}{where}: {reason}"


def test_refusals_without_a_line_and_in_other_languages(tmp_path):
    missing = tmp_path / "nowhere.toml"
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(missing))
    assert explain(caught.value, "es").startswith(f"Fichero de castillo {missing}: no se puede leer (")
    path = write(tmp_path, 'title = "empty"\n')
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(path))
    assert explain(caught.value, "en") == f"Castle file {path}: the rows key is missing (the five rows of rooms)."
    assert explain(caught.value, "eu") == f"Gaztelu-fitxategia {path}: rows gakoa falta da (gelen bost errenkadak)."
    path.write_bytes(b"rows = ['\xff']\n")
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(path))
    assert explain(caught.value, "en") == f"Castle file {path}: it is not UTF-8 text."
    path.write_text("# " + "x" * 70000)
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(path))
    assert "too big" in explain(caught.value, "en")
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(tmp_path))  # a folder
    assert explain(caught.value, "en").startswith(f"Castle file {tmp_path}: it cannot be read (")


def test_a_save_with_a_damaged_castle_is_refused_and_names_the_castle(tmp_path):
    save = tmp_path / "game.toml"
    Session.new("fantasmas", ["Ana", "Luis"], seed=1, path=save).close()
    damaged = 'castle = "BRrBR/YMYMY/RBRBr/BMYMR/YRbBY r:up y:right b:down"'  # two red portals
    text = save.read_text().replace('castle = "nestorgames"', damaged)
    save.write_text(text)
    with pytest.raises(SaveError) as caught:
        Session.load(save)
    assert "el portal rojo está dos veces" in explain(caught.value, "es")


def test_a_different_castle_plays(tmp_path):
    text = "RYbYR/BMRMB/yRBYr/BMYMR/YBRBY r:right y:left b:up"
    session = Session.new("fantasmas", ["Ana", "Luis"], {"castle": text}, seed=1)
    assert session.game.position()["kinds"] == "RYPYRBMRMBPRBYPBMYMRYBRBY"
    assert session.game.position()["portals"] == {"R": [14, 1], "Y": [10, 3], "B": [2, 0]}
    assert "r a1" in [c.notation for c in session.expects().choices]

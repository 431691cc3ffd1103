"""Kaijupoly boards are data: the shipped Madrid board is BOARDS.md's, the
world board has its values on other names, a user's own board is found by
name, a save keeps the board itself, and a bad file is refused with its
name, its line and the reason (never a crash, whatever the file holds)."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import SetupError
from companion.core.language import explain
from companion.core.lines import Line
from companion.core.text import has_control
from companion.games.kaiju.board import SQUARES
from companion.games.kaiju.boards import (DEFAULT, FOLDER, MAX_SHORT, BoardOption, available, board_of, compact,
                                          default_board, read, shipped, user_folder)

MADRID = (FOLDER / "madrid.toml").read_text(encoding="utf-8")
WORLD = (FOLDER / "world.toml").read_text(encoding="utf-8")
OPTION = BoardOption("board", DEFAULT, house_rule=False)

# BOARDS.md: position, group, price / house / base rent of every city.
CITIES = {
    1: ("brown", 60, 50, 2), 3: ("brown", 60, 50, 4),
    6: ("light-blue", 100, 50, 6), 8: ("light-blue", 100, 50, 6), 9: ("light-blue", 120, 50, 8),
    11: ("pink", 140, 100, 10), 13: ("pink", 140, 100, 10), 14: ("pink", 160, 100, 12),
    16: ("orange", 180, 100, 14), 18: ("orange", 180, 100, 14), 19: ("orange", 200, 100, 16),
    21: ("red", 220, 150, 18), 23: ("red", 220, 150, 18), 24: ("red", 240, 150, 20),
    26: ("yellow", 260, 150, 22), 27: ("yellow", 260, 150, 22), 29: ("yellow", 280, 150, 24),
    31: ("green", 300, 200, 26), 32: ("green", 300, 200, 26), 34: ("green", 320, 200, 28),
    37: ("dark-blue", 350, 200, 35), 39: ("dark-blue", 400, 200, 50),
}
OTHERS = {0: "go", 2: "card", 4: "tax", 5: "station", 7: "card", 10: "jail", 12: "utility", 15: "station",
          17: "card", 20: "parking", 22: "card", 25: "station", 28: "utility", 30: "go-to-jail", 33: "card",
          35: "station", 36: "card", 38: "tax"}


@pytest.fixture(autouse=True)
def _own_boards_folder(tmp_path, monkeypatch):
    """Every test has an empty user boards folder of its own."""
    folder = tmp_path / "my-boards"
    folder.mkdir()
    monkeypatch.setenv("COMPANION_BOARDS", str(folder))
    return folder


def test_both_boards_are_shipped_and_madrid_is_the_default():
    assert shipped() == ("madrid", "world")
    assert default_board() is board_of("madrid")
    assert OPTION.coerce("MADRID") == "madrid" and OPTION.coerce(" World ") == "world"


def test_the_madrid_board_is_the_one_in_boards_md():
    board = default_board()
    assert (board.id, board.title, board.currency) == ("madrid", "Madrid (edición española)", "€")
    assert (board.start_money, board.go_salary, board.jail_fine) == (1500, 200, 50)
    assert board.station_rents == (25, 50, 100, 200) and board.utility_multipliers == (4, 10)
    for position, (group, price, house, rent) in CITIES.items():
        square = board[position]
        assert (square.kind, square.group, square.price, square.house, square.hotel, square.rent,
                square.mortgage) == ("city", group, price, house, house, rent, price // 2), position
    assert {p: board[p].kind for p in OTHERS} == OTHERS
    assert [board[p].name for p in (0, 1, 10, 26, 30, 39)] == [
        "Salida", "Ronda de Valencia", "Cárcel / solo visitas", "Avenida de los Reyes Católicos",
        "Vaya a la cárcel", "Paseo del Prado"]
    assert (board[4].tax, board[38].tax) == (200, 100)
    assert all((board[p].price, board[p].mortgage) == (200, 100) for p in (5, 15, 25, 35))
    assert all((board[p].price, board[p].mortgage) == (150, 75) for p in (12, 28))
    assert board[0].short == "Salida" and board[1].short == "Valencia" and board[37].short == "Castella"
    assert (len(board.cities), len(board.deeds), board.jail) == (22, 28, 10)
    assert sum(board[p].kind == "station" for p in range(SQUARES)) == 4
    assert sum(board[p].kind == "utility" for p in range(SQUARES)) == 2
    assert sum(board[p].price for p in board.cities) == 4590
    assert sum(board[p].price for p in board.deeds) == 5690


def test_the_world_board_has_madrids_values_on_world_cities():
    madrid, world = board_of("madrid"), board_of("world")
    assert world.title == "Ciudades del mundo"
    values = lambda s: (s.kind, s.group, s.price, s.house, s.hotel, s.rent, s.mortgage, s.tax)  # noqa: E731
    assert [values(s) for s in world.squares] == [values(s) for s in madrid.squares]
    assert [getattr(world, k) for k in ("currency", "start_money", "go_salary", "jail_fine", "station_rents",
                                        "utility_multipliers")] == [
        getattr(madrid, k) for k in ("currency", "start_money", "go_salary", "jail_fine", "station_rents",
                                     "utility_multipliers")]
    names = {world[p].name for p in world.cities}
    assert {"Londres", "Nueva York", "Tokio", "París"} <= names and len(names) == 22
    assert not names & {madrid[p].name for p in madrid.cities}
    assert all(world[p].name.startswith(("Aeropuerto", "Puerto")) for p in (5, 15, 25, 35))


@pytest.mark.parametrize("name", ["madrid", "world"])
def test_every_short_name_fits_a_ring_cell(name):
    board = board_of(name)
    assert all(0 < len(s.short) <= MAX_SHORT for s in board.squares)
    assert len({board[p].short for p in board.cities}) == 22  # each city told apart on the ring


@pytest.mark.parametrize("name", ["madrid", "world"])
def test_the_compact_form_round_trips(name):
    board = board_of(name)
    text = compact(board)
    assert "\n" not in text and not has_control(text)
    assert board_of(text) == board
    assert OPTION.coerce(text) == text  # as a save holds it: kept as it is
    assert json.loads(text)["squares"][39] == ["city", board[39].name, board[39].short, "dark-blue", 400, 200,
                                               200, 50, 200]


def write(folder: Path, text: str | bytes, name: str = "board.toml") -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_user_board_is_found_by_its_name(_own_boards_folder):
    assert user_folder() == _own_boards_folder
    write(_own_boards_folder, MADRID.replace("Madrid (edición española)", "Mi Madrid"), "Mío.toml")
    value = OPTION.coerce("mío")  # folded: case and accents do not matter
    assert board_of(value).title == "Mi Madrid" and board_of(value).id == "Mío"
    assert board_of("Mío").title == "Mi Madrid"
    assert OPTION.coerce("Mío.toml") == value
    assert [(name, getattr(board, "title", None)) for name, _, board in available()] == [
        ("madrid", "Madrid (edición española)"), ("world", "Ciudades del mundo"), ("Mío", "Mi Madrid")]


def test_a_path_is_read_once_and_the_option_keeps_the_board(tmp_path):
    path = write(tmp_path, MADRID.replace('name = "Paseo del Prado"', 'name = "Paseo del Arte"'), "Mine.TOML")
    value = OPTION.coerce(str(path))
    path.unlink()  # the file is gone: the option's value still holds the board
    board = board_of(value)
    assert board[39].name == "Paseo del Arte" and board[39].short == "Prado" and board.id == "Mine"


def test_a_short_name_left_out_is_the_name_cut_and_control_characters_are_dropped(tmp_path):
    text = MADRID.replace('short = "Valencia"\n', "").replace('name = "Plaza Lavapiés"',
                                                                 'name = "Plaza\\u001b[31m Lava\\u202epiés"')
    board = read(write(tmp_path, text))
    assert board[1].short == "Ronda de"
    assert board[3].name == "Plaza[31m Lavapiés" and not has_control(board[3].name)
    no_mortgage = MADRID.replace("mortgage = 200\n", "")  # Prado's: half the price
    assert read(write(tmp_path, no_mortgage))[39].mortgage == 200


def test_an_unknown_board_is_refused_listing_what_there_is(_own_boards_folder):
    write(_own_boards_folder, MADRID, "casa.toml")
    for raw in ("mystery", "", "  ", 5, None):
        with pytest.raises(SetupError) as caught:
            OPTION.coerce(raw)
        assert caught.value.line.id == "kaijupoly.board.unknown"
        assert caught.value.line.values["boards"] == "madrid, world, casa"
        assert caught.value.line.values["folder"] == str(_own_boards_folder)
    with pytest.raises(SetupError) as caught:
        board_of("mystery")
    assert caught.value.line.id == "kaijupoly.board.unknown"


def chain(error: SetupError) -> tuple[list[str], dict]:
    """The refusal's line ids, outermost first, and all their values but the nested reasons."""
    ids, values, line = [], {}, error.line
    while isinstance(line, Line):
        ids.append(line.id)
        values.update({k: v for k, v in line.values.items() if not isinstance(v, Line)})
        line = line.values.get("reason")
    return ids, values


def line_of(text: str, needle: str, last: bool = False) -> int:
    at = text.rindex(needle) if last else text.index(needle)
    return text[:at].count("\n") + 1


B = "kaijupoly.board."

# (what to change in madrid.toml, where the line is (a text of the changed file; None: no line),
#  the reasons from the outside in, some of their values)
BAD = [
    (("price = 60\n", "price = -60\n"), "price = -60", ["square", "number"], {"position": 1, "field": "price"}),
    (("price = 400\n", "price = 99999999999999999999999\n"), "price = 9999", ["square", "number"],
     {"position": 39, "high": 1_000_000}),
    (("price = 400\n", "price = 1000001\n"), "price = 1000001", ["square", "number"], {"position": 39}),
    (("rent = 2\n", "rent = 2.5\n"), "rent = 2.5", ["square", "number"], {"position": 1, "field": "rent"}),
    (("house = 50\n", "house = true\n"), "house = true", ["square", "number"], {"field": "house"}),
    (("house = 50\n", 'house = "50"\n'), 'house = "50"', ["square", "number"], {"field": "house"}),
    (("rent = 50\n", ""), ("[[square]]", True), ["square", "missing"], {"position": 39, "field": "rent"}),
    (('group = "brown"\n', ""), "[[square]]\nposition = 1", ["square", "missing"], {"field": "group"}),
    (('group = "brown"\n', "group = 3\n"), "group = 3", ["square", "text"], {"field": "group"}),
    (("jail_fine = 50\n", 'jail_fine = 50\ncolour = "red"\n'), 'colour = "red"', ["unknown_key"], {"key": "colour"}),
    (('short = "Prado"\n', 'short = "Prado"\ncolor = "blue"\n'), 'color = "blue"', ["square", "unknown_key"],
     {"position": 39, "key": "color"}),
    (('name = "Salida"', "name = 5"), "name = 5", ["square", "text"], {"position": 0, "field": "name"}),
    (('name = "Suerte"', 'name = "  "'), 'name = "  "', ["square", "empty"], {"position": 7}),
    (('name = "Ronda de Valencia"', 'name = "' + "R" * 41 + '"'), "RRRR", ["square", "too_long"],
     {"position": 1, "field": "name", "limit": 40}),
    (('short = "Valencia"', 'short = "Valencia!"'), "Valencia!", ["square", "too_long"],
     {"field": "short", "limit": MAX_SHORT}),
    (('kind = "parking"', 'kind = "lake"'), "lake", ["square", "kind"], {"position": 20, "kind": "lake"}),
    (('kind = "parking"', "kind = []"), "kind = []", ["square", "kind"], {"position": 20}),
    (("rent = 2\n", "rent = 2\ntax = 5\n"), "tax = 5", ["square", "not_for_kind"], {"position": 1, "field": "tax"}),
    (('short = "Parking"\n', 'short = "Parking"\nprice = 5\n'), "price = 5\n", ["square", "not_for_kind"],
     {"field": "price"}),
    (("mortgage = 200\n", "mortgage = 401\n"), "mortgage = 401", ["square", "mortgage"],
     {"position": 39, "mortgage": 401, "price": 400}),
    (("position = 39\n", "position = 38\n"), ("position = 38", True), ["square", "position_twice"],
     {"position": 38}),
    (("position = 39\n", "position = 40\n"), "position = 40", ["entry", "number"],
     {"index": 40, "field": "position", "high": 39}),
    (("position = 39\n", 'position = "39"\n'), 'position = "39"', ["entry", "number"], {"index": 40}),
    (("position = 39\n", ""), ("[[square]]", True), ["entry", "missing"], {"index": 40, "field": "position"}),
    (('kind = "go"\n', 'kind = "parking"\n'), ('kind = "parking"', False), ["go_first"], {}),
    (('kind = "parking"', 'kind = "go"'), ('kind = "go"', True), ["go_twice"], {"position": 20}),
    (('kind = "jail"', 'kind = "parking"'), 'kind = "go-to-jail"', ["go_to_jail_no_jail"], {"position": 30}),
    (('kind = "parking"', 'kind = "jail"'), ('kind = "jail"', True), ["jails"], {"count": 2, "positions": "10, 20"}),
    (("station_rents = [25, 50, 100, 200]", "station_rents = [25, 50, 100]"), "station_rents = [", ["numbers"],
     {"field": "station_rents", "count": 4}),
    (("utility_multipliers = [4, 10]", 'utility_multipliers = ["4", 10]'), "utility_multipliers = [", ["numbers"],
     {"count": 2}),
    (("start_money = 1500\n", ""), None, ["missing"], {"field": "start_money"}),
    (("start_money = 1500\n", "start_money = -1500\n"), "start_money = -", ["number"], {"field": "start_money"}),
    (('title = "Madrid (edición española)"', "title = 1"), "title = 1", ["text"], {"field": "title"}),
    (('currency = "€"', 'currency = "euros"'), "currency = ", ["too_long"], {"field": "currency", "limit": 4}),
    (('title = "Madrid (edición española)"', 'title = "Madrid'), 'title = "Madrid', ["not_toml"], {}),
    (("[[square]]\nposition = 39", "[[square]]\nposition = 39\n[[square]]\nposition = 39"),
     ("position = 39", True), ["count"], {"count": 41, "need": 40}),
]
IDS = [f"{n}-{'.'.join(b[2])}" for n, b in enumerate(BAD)]


def refusal(path: Path) -> SetupError:
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(str(path))
    return caught.value


@pytest.mark.parametrize("change, where, reasons, values", BAD, ids=IDS)
def test_a_bad_board_file_is_refused_with_its_line_and_reason(tmp_path, change, where, reasons, values):
    old, new = change
    assert old in MADRID
    text = MADRID.replace(old, new, 1)
    path = write(tmp_path, text)
    error = refusal(path)
    ids, found = chain(error)
    if where is None:
        assert ids[0] == B + "refused"
    else:
        needle, last = where if isinstance(where, tuple) else (where, False)
        line = line_of(text, needle, last)
        if reasons == ["count"]:
            line = line_of(text, "[[square]]\nposition = 0")  # the first square: the list of them
        assert ids[0] == B + "refused_at" and found["line"] == line
    assert ids[1:] == [B + r for r in reasons]
    assert found["path"] == str(path)
    assert {k: found[k] for k in values} == values


def dump(data: dict) -> str:
    """A board's data as a board file (JSON's scalars and lists are TOML's)."""
    lines = [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if k != "square"]
    for square in data.get("square", []):
        lines += ["", "[[square]]", *(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in square.items())]
    return "\n".join(lines) + "\n"


def madrid_data() -> dict:
    return tomllib.loads(MADRID)


def as_kind(square: dict, kind: str, **values) -> dict:
    return {"position": square["position"], "kind": kind, "name": square["name"], **values}


def test_whole_board_refusals(tmp_path):
    data = madrid_data()
    data["square"] = [as_kind(s, "parking") if s["kind"] == "city" and s["position"] != 1 else s
                      for s in data["square"]]
    ids, values = chain(refusal(write(tmp_path, dump(data))))
    assert ids == [B + "refused", B + "few_cities"] and (values["count"], values["need"]) == (1, 2)
    data = madrid_data()
    data["square"][20] = as_kind(data["square"][20], "station", price=200)
    ids, values = chain(refusal(write(tmp_path, dump(data))))
    assert ids[1:] == [B + "too_many"] and values["count"] == 5 and values["limit"] == 4
    data = madrid_data()
    data["square"][10] = as_kind(data["square"][10], "parking")
    data["square"][30] = as_kind(data["square"][30], "parking")
    assert chain(refusal(write(tmp_path, dump(data))))[0] == [B + "refused", B + "no_jail"]
    text = MADRID.split("\n[[square]]")[0] + "\nsquare = [" + "1, " * SQUARES + "]\n"
    ids, values = chain(refusal(write(tmp_path, text)))
    assert ids[1:] == [B + "entry", B + "not_square"] and values["index"] == 1
    for squares in ('square = "x"', "[square]\nposition = 0", "square = []"):
        text = MADRID.split("\n[[square]]")[0] + "\n" + squares + "\n"
        assert chain(refusal(write(tmp_path, text)))[0][-1] == B + "no_squares"


def test_the_inline_form_of_the_squares_names_each_squares_line(tmp_path):
    data = madrid_data()
    squares = data.pop("square")
    squares[7]["name"] = ""
    inline = ",\n".join("  {" + ", ".join(f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in s.items()) + "}"
                        for s in squares)
    text = dump(data) + f"square = [\n{inline},\n]\n"
    ids, values = chain(refusal(write(tmp_path, text)))
    assert ids[1:] == [B + "square", B + "empty"] and values["position"] == 7
    assert values["line"] == line_of(text, 'name = ""')


def test_files_that_are_no_board_are_refused(tmp_path):
    cases = [
        (tmp_path / "nowhere.toml", "unreadable"),
        (write(tmp_path, b"title = '\xff'\n", "latin.toml"), "not_utf8"),
        (write(tmp_path, "# " + "x" * 70_000, "big.toml"), "too_big"),
    ]
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    cases.append((folder, "not_file"))
    for path, reason in cases:
        ids, values = chain(refusal(path))
        assert ids == [B + "refused", B + reason] and values["path"] == str(path)
    bom = read(write(tmp_path, "\ufeff" + MADRID, "bom.toml"))  # a byte-order mark is no problem
    assert bom.squares == default_board().squares and bom.id == "bom"


HOSTILE = [
    "square = " + "[" * 50_000,
    "price = " + "9" * 5000,
    "title = 1e999\nsquare = [" + "{}, " * 10_000 + "]",
    MADRID.replace("station_rents = [25, 50, 100, 200]", "station_rents = [[[[25]]], {a = 1}, inf, nan]"),
    MADRID.replace('name = "Salida"', "name = {a = {b = {c = 1}}}"),
    MADRID.replace("position = 5\n", "position = -0\n"),
    MADRID.replace("position = 5\n", "position = 5.0\n"),
    MADRID.replace("\n[[square]]\n", "\n[[square.x]]\n", 1),
    MADRID.replace("\n[[square]]\n", "\n[square]\n", 1),
    MADRID.replace("\n[[square]]\n", "\n[[square]]\n[square.inner]\n", 1),
    MADRID + "[[square]]\n" * 4000,
    MADRID.replace('title = "Madrid (edición española)"', 'title = "' + "\\u001b" * 5000 + '"'),
    'title = "x"\n[[square]]\n' + "position = 1\n",
    "\x00\x01\x02",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_files_are_refused_never_a_crash(tmp_path, text):
    path = write(tmp_path, text)
    assert chain(refusal(path))[0][0] in (B + "refused", B + "refused_at")


def test_random_damage_is_a_board_or_a_refusal(tmp_path):
    rng = random.Random(7)
    lines = MADRID.splitlines(keepends=True)
    for _ in range(300):
        damaged = list(lines)
        for _ in range(rng.randint(1, 4)):
            n = rng.randrange(len(damaged))
            how = rng.randrange(4)
            if how == 0:
                del damaged[n]
            elif how == 1:
                damaged.insert(n, damaged[rng.randrange(len(damaged))])
            elif how == 2 and damaged[n].strip():
                k = rng.randrange(len(damaged[n]))
                damaged[n] = damaged[n][:k] + rng.choice('"[]{}=0123456789-x\\,.') + damaged[n][k + 1:]
            else:
                damaged[n] = damaged[n].replace("= ", "= -", 1)
        try:
            OPTION.coerce(str(write(tmp_path, "".join(damaged))))
        except SetupError:
            pass


BAD_COMPACT = [
    "{", "{}", '{"id": ' + "[" * 100_000, "{" * 100_000, '{"id": 1}', "{" + '"a":1,' * 20_000 + '"b":2}',
    json.dumps({**json.loads(compact(default_board())), "squares": [["go", "Salida", "Salida"]] * 10_000}),
    json.dumps({**json.loads(compact(default_board())), "money": [1, 2]}),
    json.dumps({**json.loads(compact(default_board())), "id": "\u001b" * 100}),
    compact(default_board()).replace('["city","Ronda de Valencia","Valencia","brown",60',
                                     '["city","Ronda de Valencia","Valencia","brown",-60'),
    compact(default_board()).replace('"jail"', '"parking"'),
    compact(default_board()).replace('["city","Ronda de Valencia","Valencia","brown",60,50,50,2,30]',
                                     '["station","Ronda de Valencia","Valencia",60,30]'),
]


@pytest.mark.parametrize("text", BAD_COMPACT, ids=range(len(BAD_COMPACT)))
def test_a_damaged_compact_form_is_refused(text):
    with pytest.raises(SetupError) as caught:
        OPTION.coerce(text)
    assert caught.value.line.id == B + "refused_saved"


def test_available_lists_a_bad_user_board_without_stopping(_own_boards_folder):
    write(_own_boards_folder, MADRID.replace("price = 60\n", "price = -1\n", 1), "a-broken.toml")
    write(_own_boards_folder, WORLD, "b-fine.toml")
    found = available()
    assert [name for name, _, _ in found] == ["madrid", "world", "a-broken", "b-fine"]
    assert isinstance(found[2].board, SetupError) and found[3].board.title == "Ciudades del mundo"


# -- companion boards ------------------------------------------------------------------


def test_companion_boards_lists_shipped_and_user_boards_and_names_a_bad_file(_own_boards_folder, capsys):
    write(_own_boards_folder, MADRID.replace("Madrid (edición española)", "Mi tablero"), "mio.toml")
    bad = write(_own_boards_folder, MADRID.replace("price = 60\n", "price = -1\n", 1), "roto.toml")
    write(_own_boards_folder, WORLD, "zzz.toml")
    write(_own_boards_folder, WORLD, "madrid.toml")  # hidden by the shipped one of that name
    assert main(["boards"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Tableros incluidos en companion ({FOLDER}):"
    assert out[1:3] == ["  madrid: Madrid (edición española)", "  world: Ciudades del mundo"]
    assert out[3] == f"Tus tableros ({_own_boards_folder}):"
    assert out[4].startswith("  madrid: Ciudades del mundo (") and "ruta" in out[4]
    assert out[5] == f"  mio: Mi tablero ({_own_boards_folder / 'mio.toml'})"
    assert out[6].startswith("  roto: no se puede usar. ")
    assert out[7] == f"  zzz: Ciudades del mundo ({_own_boards_folder / 'zzz.toml'})"
    assert "--option board=" in out[8]
    assert bad.exists()


def test_companion_boards_without_boards_of_your_own_says_where_they_go(_own_boards_folder, capsys):
    assert main(["--lang", "en", "boards"]) == 0
    out = capsys.readouterr().out
    assert f"Your own boards ({_own_boards_folder}):\n  none yet: copy an included board into" in out
    assert main(["boards", "--lang", "eu"]) == 0
    assert "Zure taulak (" in capsys.readouterr().out


def test_companion_boards_show_prints_the_forty_squares(tmp_path, capsys):
    assert main(["boards", "--show", "madrid", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Madrid (edición española) (madrid)"
    assert out[1] == "Start money: 1500 €. Passing GO: 200 €. Jail fine: 50 €."
    assert out[3] == "22 cities, 4 stations, 2 utilities: 28 title deeds."
    head, rows = out[4], out[5:]
    assert head.split() == ["#", "Square", "Kind", "Price", "Platoon", "Cuartel", "Rent", "Mortgage"]
    assert len(rows) == SQUARES and rows[0].split()[:2] == ["0", "Salida"]
    assert rows[39].split()[-5:] == ["400", "200", "200", "50", "200"] and "Paseo del Prado" in rows[39]
    assert rows[5].split()[-2:] == ["200", "100"] and "Estación de Goya" in rows[5]
    assert "200" in rows[4] and "Impuesto sobre el capital" in rows[4]
    path = write(tmp_path, WORLD.replace('name = "Londres"', 'name = "Bilbo"'))
    assert main(["boards", "--show", str(path)]) == 0
    assert "Bilbo" in capsys.readouterr().out


def test_companion_boards_show_refuses_an_unknown_board(capsys):
    assert main(["boards", "--show", "atlantis"]) == 1
    assert capsys.readouterr().err.startswith("companion: ")


# needs the merged pack lines: until voices/<lang>/kaijupoly-board-lines.part are merged
# into the packs, the kaijupoly.board.* ids render as themselves.
def test_every_board_refusal_renders_in_every_language(tmp_path):
    errors = [refusal(write(tmp_path, MADRID.replace(*change, 1), f"{n}.toml"))
              for n, (change, *_) in enumerate(BAD)]
    errors.append(refusal(tmp_path / "nowhere.toml"))
    for raw in ("mystery", BAD_COMPACT[-1]):
        with pytest.raises(SetupError) as caught:
            OPTION.coerce(raw)
        errors.append(caught.value)
    for lang in ("es", "en", "eu"):
        for error in errors:
            words = explain(error, lang)
            assert "{" not in words and "kaijupoly.board." not in words, (lang, words)
    assert explain(errors[0], "es") == (f"Fichero de tablero {tmp_path / '0.toml'}, línea "
                                        f"{line_of(MADRID, 'price = 60')}: casilla 1: 'price' tiene que ser un "
                                        "número entero de 0 a 1000000.")

"""`companion act` and `show` print notation in the table's words; `show --json` and the save
keep the canonical form, so a save reads the same whatever language it was played in."""

import json

from companion.cli import main
from companion.core.session import Session


def _played(save, lang, capsys, *actions):
    assert main(["new", "duel", "--players", "Ana", "Luis", "--save", str(save), "--seed", "4", "--lang", lang]) == 0
    capsys.readouterr()
    assert main(["act", str(save), *actions]) == 0
    return capsys.readouterr().out


def test_act_and_show_speak_the_tables_words_the_save_keeps_canonical(tmp_path, capsys):
    spanish, english = tmp_path / "es.toml", tmp_path / "en.toml"
    out = _played(spanish, "es", capsys, "suerte 1 4", "lucky 2 2", "tirar @ 3 3")
    assert "tirar:" in out and "roll" not in out
    _played(english, "en", capsys, "lucky 1 4", "lucky 2 2", "roll @ 3 3")
    # The same actions, whatever the words typed: the same canonical journal.
    assert [p.entry.notation for p in Session.load(spanish).played] == ["lucky 1 4", "lucky 2 2", "roll"]
    body = lambda path: [l for l in path.read_text().splitlines() if l.startswith(("do =", "draws ="))]
    assert body(spanish) == body(english)

    assert main(["show", str(spanish), "--log"]) == 0
    shown = capsys.readouterr().out
    assert "Se puede: tirar, plantarse" in shown
    assert "3. tirar" in shown and "roll" not in shown and "hold" not in shown
    assert main(["show", str(spanish), "--log", "--lang", "eu"]) == 0
    assert "bota, gorde" in capsys.readouterr().out

    assert main(["show", str(spanish), "--json", "--private"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["choices"] == ["roll", "hold"]  # JSON is for programs: canonical
    assert [item["do"] for item in data["log"]] == ["lucky 1 4", "lucky 2 2", "roll"]

    assert main(["act", str(spanish), "plantarse", "--private", "--lang", "eu"]) == 0
    assert capsys.readouterr().out.startswith("gorde:")
    assert Session.load(spanish).played[-1].entry.notation == "hold"


def test_a_refusal_lists_what_is_allowed_in_the_tables_words(tmp_path, capsys):
    save = tmp_path / "k.toml"
    assert main(["new", "kaijupoly", "--players", "Ana", "Luis", "--save", str(save), "--lang", "es"]) == 0
    capsys.readouterr()
    assert main(["act", str(save), "fight"]) == 1
    err = capsys.readouterr().err
    assert "Se puede: repartir" in err and "deal" not in err
    assert main(["act", str(save), "pik 3", "--lang", "eu"]) == 1
    assert "aukeratu 3" in capsys.readouterr().err  # did you mean, in Basque words


def test_show_json_says_a_line_inside_the_state_in_words(tmp_path, capsys):
    """Kaijupoly's deeds hold Lines ('Ciudad de Ana'): JSON carries their words, never a repr."""
    save = tmp_path / "k.toml"
    assert main(["new", "kaijupoly", "--players", "Ana", "Luis", "--save", str(save), "--lang", "es",
                 "--seed", "3"]) == 0
    assert main(["act", str(save), "deal"]) == 0
    capsys.readouterr()
    assert main(["show", str(save), "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert "Line(" not in out
    deeds = data["state"]["deeds"]
    assert deeds and all(isinstance(v, str) and v and "kaijupoly." not in v for v in deeds.values())

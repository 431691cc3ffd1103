"""Hostile save files: each is refused with a message that names the file and
says what is wrong (in the save's language where it can be read, else
Spanish), never a crash or a hang; one damaged block in the middle no longer
costs the later actions that the rules still accept."""

from __future__ import annotations

import os
import re
import tracemalloc
from pathlib import Path

import pytest

from companion.core import journal
from companion.core.errors import DamagedSaveError, SaveError, SetupError
from companion.core.journal import peek_lang, read
from companion.core.saveformat import MAX_BLOCK_BYTES, MAX_SAVE_BYTES
from companion.core.language import explain
from companion.core.session import Session
from companion.core.text import printable


@pytest.fixture
def base(tmp_path: Path) -> str:
    """A real save: two lucky numbers, a roll from the app, a roll from the table."""
    path = tmp_path / "base.toml"
    session = Session.new("dice-duel", ["Ana", "Bea"], seed=1, lang="en", path=path)
    for text in ("lucky 1 3", "lucky 2 5", "roll", "roll @ 2 3"):
        session.act(text)
    session.close()
    return path.read_text(encoding="utf-8")


def refused(path: Path, lang: str = "en") -> str:
    """Loading `path` is refused (not damaged: nothing to recover); the message."""
    with pytest.raises(SaveError) as err:
        Session.load(path)
    assert not isinstance(err.value, DamagedSaveError)
    message = explain(err.value, lang)
    assert str(path) in message  # it names the file
    assert read_only_peek_is_safe(path)
    return message


def read_only_peek_is_safe(path: Path) -> bool:
    peek_lang(path)  # never raises, whatever the file holds
    return True


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# -- the setup part -------------------------------------------------------------


@pytest.mark.parametrize("change, expected", [
    # nested TOML: RecursionError in the parser, once
    (lambda t: t.replace("seed = 1\n", "seed = 1\nx = " + "[" * 5000 + "]" * 5000 + "\n"),
     "nested too deeply or a number with too many digits"),
    # a 5,000-digit seed: ValueError in the parser, once
    (lambda t: t.replace("seed = 1\n", "seed = " + "9" * 5000 + "\n"), "nested too deeply or a number with too many"),
    (lambda t: t.replace("seed = 1\n", "seed = " + "9" * 25 + "\n"), "'seed' is not a whole number of at most 20 digits"),
    (lambda t: t.replace("seed = 1\n", "seed = true\n"), "'seed' line is missing or is not a number"),
    (lambda t: t.replace("format = 1\n", "format = true\n"), "'format' line is not a save format number (true)"),
    (lambda t: t.replace("format = 1\n", "format = 0\n"), "'format' line is not a save format number (0)"),
    (lambda t: t.replace("format = 1\n", 'format = "1"\n'), "'format' line is not a save format number (1)"),
    (lambda t: t.replace('lang = "en"', 'lang = "../../x/evil"'), "language '../../x/evil' is not one companion"),
    (lambda t: t.replace('lang = "en"', 'lang = "fr"'), "language 'fr' is not one companion speaks (es, en, eu)"),
    (lambda t: t.replace('game = "dice-duel"', 'game = "../../etc/passwd"'), "unknown game"),
    (lambda t: t.replace('game = "dice-duel"', 'game = "chess"'), "There is no game called 'chess'"),
    (lambda t: t.replace('"Ana"', '"\\u001b[31mAna"'), "the name of player 1 holds control characters"),
    (lambda t: t.replace('"Bea"', '"B\\u009b2J"'), "the name of player 2 holds control characters"),
    (lambda t: t.replace('"Bea"', '"B\\u0000"'), "the name of player 2 holds control characters"),
    (lambda t: t.replace('"Bea"', '"' + "B" * 41 + '"'), "the name of player 2 is longer than 40 characters"),
    (lambda t: t.replace('"Bea"', '"  "'), "the name of player 2 is empty"),
    (lambda t: t.replace('players = ["Ana", "Bea"]', "players = []"), "it lists 0 players; a save holds 1 to 99"),
    (lambda t: t.replace('players = ["Ana", "Bea"]', "players = [" + ", ".join(f'"P{n}"' for n in range(200)) + "]"),
     "it lists 200 players"),
    (lambda t: t.replace('players = ["Ana", "Bea"]', "players = [1, 2]"), "not a list of names"),
    (lambda t: t.replace("target = 30", "target = { path = \"/etc/passwd\" }"), "option 'target' is not a plain value"),
    (lambda t: t.replace("target = 30", "target = " + "9" * 30), "option 'target' is not a plain value"),
    (lambda t: re.sub(r'created = "[^"]*"', "created = 2026-01-01T00:00:00Z", t), "'created' line is not a date"),
])
def test_a_hostile_setup_is_refused_naming_the_file_and_the_problem(tmp_path, base, change, expected):
    path = write(tmp_path, "hostile.toml", change(base))
    assert expected in refused(path)


def test_an_unknown_language_is_refused_and_the_message_is_in_spanish(tmp_path, base):
    """`lang = "../../x/evil"`: no voice pack is looked for there; the file is
    refused, in the app's default language since the save's is not known."""
    evil = tmp_path / "x" / "evil"
    evil.mkdir(parents=True)
    (evil / "core.toml").write_text('[lines]\n"error.save.named" = "PWNED"\n')
    path = write(tmp_path, "evil.toml", base.replace('lang = "en"', 'lang = "../../x/evil"'))
    assert peek_lang(path) is None
    from companion.cli import main
    import contextlib
    import io
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["show", str(path)]) == 1
    assert "su idioma '../../x/evil' no es uno que companion hable" in err.getvalue()
    assert "PWNED" not in err.getvalue()


def test_a_refusal_in_a_readable_save_is_in_its_language(tmp_path, base):
    path = write(tmp_path, "es.toml", base.replace('lang = "en"', 'lang = "es"').replace("format = 1", "format = 0"))
    assert peek_lang(path) == "es"
    assert "su línea 'format' no es un número de formato de partida (0)" in refused(path, "es")


def test_not_a_file_is_refused_without_hanging(tmp_path):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    assert "not a file" in refused(folder)
    if hasattr(os, "mkfifo"):  # opening a pipe to read would wait for a writer forever
        fifo = tmp_path / "pipe.toml"
        os.mkfifo(fifo)
        assert "not a file" in refused(fifo)


def test_a_50_mb_action_is_refused_before_it_is_read(tmp_path, base, monkeypatch):
    """Bounded by design: the size is checked before a byte is read or parsed
    (the tester saw 21 s and 6.8 GB)."""
    path = tmp_path / "big.toml"
    with path.open("w", encoding="utf-8") as handle:
        handle.write(base + '\n[[action]]\ndo = "')
        chunk = "x" * (1 << 20)
        for _ in range(50):
            handle.write(chunk)
        handle.write('"\n')
    assert path.stat().st_size > 50 * (1 << 20)

    def never(*args, **kwargs):
        raise AssertionError("a save over the bound was parsed")

    monkeypatch.setattr(journal, "_entry", never)
    monkeypatch.setattr(journal, "_setup", never)
    tracemalloc.start()
    try:
        message = refused(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "it is 50 MB, too big to be a save: a save holds at most 8 MB" in message
    assert peak < 1 << 20  # nothing of the file was held in memory


def test_an_overlong_block_inside_the_bound_is_damage_and_is_not_parsed(tmp_path, base, monkeypatch):
    path = write(tmp_path, "long.toml", base + '\n[[action]]\ndo = "' + "x" * (2 * MAX_BLOCK_BYTES) + '"\n'
                 + '\n[[action]]\ndo = "hold"\n')
    parsed = []
    real = journal._fast_entry
    monkeypatch.setattr(journal, "_fast_entry", lambda text: parsed.append(len(text)) or real(text))
    with pytest.raises(DamagedSaveError) as err:
        Session.load(path)
    assert "action 5" in str(err.value) and "too big for one action (at most 64 KB)" in str(err.value)
    assert max(parsed) < MAX_BLOCK_BYTES  # the long block was never looked into
    assert err.value.recovery.kept == [(6, "hold")]  # the action after it still counts


def test_the_bounds_leave_room_for_a_long_game():
    """MAX_SAVE_BYTES is far above a long real game (measured: 80-110 bytes an action)."""
    assert MAX_SAVE_BYTES >= 20 * 2000 * 110


# -- action blocks ------------------------------------------------------------------


ROLL = 'draws = [{ kind = "roll", what = "2d6", values = [2, 3], source = "table" }]'


@pytest.mark.parametrize("draws, expected", [
    (ROLL.replace("[2, 3]", "[true, true]"), "a recorded roll of 2d6 does not hold 2 whole numbers from 1 to 6 ([true, true])"),
    (ROLL.replace("[2, 3]", "[2, 7]"), "does not hold 2 whole numbers from 1 to 6 ([2, 7])"),
    (ROLL.replace("[2, 3]", "[2]"), "does not hold 2 whole numbers"),
    (ROLL.replace("[2, 3]", "[2, " + "9" * 5000 + "]"), "a number with too many digits"),
    (ROLL.replace("[2, 3]", "[2.0, 3.0]"), "does not hold 2 whole numbers"),
    (ROLL.replace('"roll"', '"evil"'), "neither a roll nor a draw ('evil')"),
    (ROLL.replace('"table"', '"../x"'), "comes from neither the app nor the table ('../x')"),
    (ROLL.replace('"2d6"', '"../../etc/passwd"'), "does not name its dice or deck ('../../etc/passwd')"),
    (ROLL.replace('"2d6"', '"2d6\\u001b"'), "does not name its dice or deck"),
    (ROLL.replace(', source = "table"', ', source = "table", path = "/etc"'), "it holds 'path', which is no part"),
    (ROLL.replace('kind = "roll", what = "2d6", values = [2, 3]', 'kind = "draw", what = "action", values = ["a", "b"]'),
     "a recorded draw does not hold one card name of at most 40 characters ([\"a\", \"b\"])"),
    (ROLL.replace('kind = "roll", what = "2d6", values = [2, 3]', 'kind = "draw", what = "action", values = [true]'),
     "a recorded draw does not hold one card name"),
    ("draws = [" + ", ".join(['{ kind = "roll", what = "d6", values = [1] }'] * 300) + "]",
     "it records 300 rolls and draws; an action records at most 256"),
    ("draws = " + "[" * 3000 + "]" * 3000, "nested too deeply"),
    ("draws = 5", "'draws' is not a list"),
    ('draws = [{ kind = "roll", what = "2d6" }]', "a recorded roll or draw is incomplete (values)"),
])
def test_a_hostile_block_is_damage_at_its_action(tmp_path, base, draws, expected):
    text = base.rstrip("\n") + "\n\n[[action]]\ndo = \"roll\"\nat = \"2026-11-23T00:00:00Z\"\n" + draws + "\n"
    path = write(tmp_path, "block.toml", text)
    with pytest.raises(DamagedSaveError) as err:
        Session.load(path)
    message = str(err.value)
    assert str(path) in message and "action 5" in message
    assert expected in message
    assert "\x1b" not in message


@pytest.mark.parametrize("block, expected", [
    ('do = ""', "its 'do' line is empty or longer than 400 characters"),
    ('do = "' + "roll " * 100 + '"', "its 'do' line is empty or longer than 400 characters"),
    ('do = "roll"\nat = 5', "its 'at' line is not a time"),
    ('do = "roll"\nwhere = "/etc/passwd"', "it holds 'where', which is no part of an action"),
])
def test_a_block_holds_a_short_action_and_a_time(tmp_path, base, block, expected):
    path = write(tmp_path, "block.toml", base + "\n[[action]]\n" + block + "\n")
    with pytest.raises(DamagedSaveError, match=re.escape(expected)):
        Session.load(path)


def test_a_bool_is_never_a_die_face_on_replay():
    """Even past the reader (a Draw made in code), True is not a 1."""
    from companion.core.dice import Draw, ReplayChance, ReplayMismatch

    with pytest.raises(ReplayMismatch):
        ReplayChance([Draw("roll", "2d6", (True, True))]).roll("2d6")
    with pytest.raises(ReplayMismatch):
        ReplayChance([Draw("draw", "deck", (True,))]).draw("deck", ["a", True])


# -- names typed in ---------------------------------------------------------------


def test_control_characters_are_stripped_from_names_and_markup_stays(tmp_path):
    session = Session.new("dice-duel", ["\x1b[31mAna\x07", "[bold]Bea\u202e", "Carla\x9b2J"], seed=1,
                          path=tmp_path / "names.toml")
    session.close()
    assert session.game.players == ["[31mAna", "[bold]Bea", "Carla2J"]
    again = Session.load(tmp_path / "names.toml", read_only=True)
    again.close()
    assert again.game.players == ["[31mAna", "[bold]Bea", "Carla2J"]


def test_a_name_too_long_or_only_control_characters_is_refused():
    with pytest.raises(SetupError, match="too long for a name: at most 40 characters"):
        Session.new("dice-duel", ["Ana", "B" * 41])
    with pytest.raises(SetupError, match="Every player needs a name"):
        Session.new("dice-duel", ["Ana", "\x1b\x07"])


def test_a_seed_a_save_could_not_hold_is_refused_before_the_file_is_made(tmp_path):
    with pytest.raises(SetupError, match="at most 20 digits"):
        Session.new("dice-duel", ["Ana", "Bea"], seed=10**20, path=tmp_path / "s.toml")
    assert not (tmp_path / "s.toml").exists()


def test_players_by_count_is_bounded():
    from companion.core.players import players_from

    with pytest.raises(SetupError, match="1 to 99"):
        players_from(["9" * 5000])
    with pytest.raises(SetupError):
        players_from(["100"])
    assert players_from(["²"]) == ["²"]  # a digit to Python, but no count: a name
    assert len(players_from(["3"])) == 3


def test_printable_escapes_control_characters_only():
    assert printable("\x1b[31mAna\x9b2J\u202e\x00") == "\\u001b[31mAna\\u009b2J\\u202e\\u0000"
    assert printable("[bold]Ana\tok\nñ €") == "[bold]Ana\tok\nñ €"


# -- recovery that keeps the play -----------------------------------------------------


def _duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    session = Session.new("dice-duel", ["Ana", "Luis"], seed=1, lang="en", path=path)
    for text in ("lucky 1 3", "lucky 2 5", "roll @ 2 3", "hold", "roll @ 4 4", "hold"):
        session.act(text)
    session.close()
    return path


def _damage_action_3(path: Path) -> bytes:
    """Action 3 (`roll`) becomes bad TOML; so `hold` (4) has nothing to bank."""
    text = path.read_text()
    assert text.count('do = "roll"') == 2
    path.write_text(text.replace('do = "roll"', 'do = "roll', 1))
    return path.read_bytes()


def test_recovery_replays_the_later_actions_the_rules_still_accept(tmp_path):
    path = _duel(tmp_path)
    damaged = _damage_action_3(path)
    with pytest.raises(DamagedSaveError) as err:
        Session.load(path)
    plan = err.value.recovery
    assert err.value.intact == 2
    assert plan.kept == [(5, "roll"), (6, "hold")]  # Ana rolls 4 4 and banks 8
    assert plan.aside == [(3, None), (4, "hold")]  # the damaged block; `hold` with nothing to bank
    assert "2 later actions that the rules still accept" in str(err.value)
    assert plan.listed("kept", "en") == "5 (roll), 6 (hold)"
    assert plan.listed("aside", "es") == "3 (ilegible), 4 (hold)"
    assert path.read_bytes() == damaged  # reading never changes the file

    session = Session.load(path, recover=True)
    assert [p.entry.notation for p in session.played] == ["lucky 1 3", "lucky 2 5", "roll", "hold"]
    assert session.game.banked == [8, 0] and session.game.current == 1
    aside = session.recovered_to.read_bytes()
    assert b'do = "roll\n' in aside and b'do = "hold"' in aside and b"[4, 4]" not in aside
    assert sorted(path.read_bytes() + aside) == sorted(damaged)  # every byte somewhere, none invented
    session.act("roll @ 6 6")  # the play goes on, appended to the recovered save
    session.close()

    clean = read(path)
    assert clean.damage is None and clean.rest == []  # a clean journal
    again = Session.load(path)
    assert [p.entry.notation for p in again.played] == ["lucky 1 3", "lucky 2 5", "roll", "hold", "roll"]
    again.close()


def test_cli_recover_says_which_actions_were_kept_and_which_set_aside(tmp_path):
    import contextlib
    import io

    from companion.cli import main

    path = _duel(tmp_path)
    _damage_action_3(path)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["show", str(path), "--recover", "--lang", "en"]) == 0
    aside = next(tmp_path.glob("duel.toml.damaged-*"))
    said = err.getvalue()
    assert "Recovered 4 actions" in said
    assert "Kept after the damage, as the rules still accept them: 5 (roll), 6 (hold)." in said
    assert f"Set aside in {aside}: 3 (unreadable), 4 (hold)." in said
    assert read(path).damage is None


def test_an_action_the_rules_refuse_in_the_middle_keeps_the_later_ones(tmp_path):
    """Not only unreadable blocks: one that reads but no longer replays is set
    aside the same way, and the later ones are tried."""
    path = _duel(tmp_path)
    # Action 3 now rolls 1 1: a bust, Luis's turn with nothing to bank, so `hold` (4)
    # is refused; Luis then rolls 4 4 (5) and banks 8 (6).
    path.write_text(path.read_text().replace("values = [2, 3]", "values = [1, 1]", 1))
    with pytest.raises(DamagedSaveError, match="action 4 .*cannot be replayed") as err:
        Session.load(path)
    assert err.value.recovery.kept == [(5, "roll"), (6, "hold")]
    assert err.value.recovery.aside == [(4, "hold")]
    session = Session.load(path, recover=True)
    session.close()
    assert session.game.banked == [0, 8]
    assert b'do = "hold"' in session.recovered_to.read_bytes()
    again = Session.load(path, read_only=True)
    again.close()
    assert len(again.played) == 5


def test_the_cli_never_prints_a_raw_escape_sequence(tmp_path):
    """Control characters typed in a name are dropped; in any other text the
    CLI prints they are written out. `[bold]Bea` is a name, shown as typed."""
    import contextlib
    import io

    from companion.cli import main

    save = tmp_path / "g.toml"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["new", "duel", "--players", "\x1b[31mAna\x1b[0m", "[bold]Bea", "--save", str(save),
                     "--lang", "en"]) == 0
        assert main(["show", str(save), "--json"]) == 0
        assert main(["show", str(save)]) == 0
        assert main(["act", str(save), "\x1b[2J\x9b2J lucky"]) == 1
        assert main(["new", "duel", "--players", "9" * 5000, "--save", str(tmp_path / "h.toml")]) == 1
    printed = out.getvalue() + err.getvalue()
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", printed)
    assert "[31mAna[0m, [bold]Bea" in printed
    assert "\\u001b[2J\\u009b2J" in err.getvalue()  # the typed text, quoted visibly
    assert "1 to 99 seats" in err.getvalue() or "de 1 a 99 asientos" in err.getvalue()
    assert not (tmp_path / "h.toml").exists()

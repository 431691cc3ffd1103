"""The session: every action checked on a copy, saved, replayed, undone."""

import os
import stat
import tomllib

import pytest

from companion.core.errors import (
    DamagedSaveError, IllegalActionError, InvalidActionError, SaveError, SetupError, UnknownGameError,
)
from companion.core.session import Session


def duel(tmp_path, **options):
    return Session.new("duel", ["[bold]Ana", "Luis"], {"target": 15, **options}, seed=1,
                       lang="en", path=tmp_path / "g.toml")


def test_new_writes_a_readable_private_save(tmp_path):
    session = duel(tmp_path)
    text = (tmp_path / "g.toml").read_text()
    data = tomllib.loads(text)
    assert data["game"] == "dice-duel"
    assert data["players"] == ["[bold]Ana", "Luis"]
    assert data["options"] == {"target": 15, "snake_eyes_reset": False}
    assert stat.S_IMODE(os.stat(tmp_path / "g.toml").st_mode) == 0o600
    assert text.startswith("# companion save: Dice duel.")
    session.close()


def test_new_refuses_bad_setups_without_writing(tmp_path):
    with pytest.raises(SetupError, match="2 to 8 players"):
        Session.new("duel", ["Solo"], path=tmp_path / "a.toml")
    with pytest.raises(SetupError, match="no option 'speed'"):
        Session.new("duel", ["A", "B"], {"speed": "1"}, path=tmp_path / "a.toml")
    with pytest.raises(SetupError, match="at least 10"):
        Session.new("duel", ["A", "B"], {"target": "3"}, path=tmp_path / "a.toml")
    with pytest.raises(SetupError, match="Two players are called"):
        Session.new("duel", ["Ana", "ana"], path=tmp_path / "a.toml")
    with pytest.raises(UnknownGameError, match="dice-duel"):
        Session.new("chess", ["A", "B"])
    assert not (tmp_path / "a.toml").exists()


def test_existing_file_is_not_overwritten(tmp_path):
    duel(tmp_path).close()
    with pytest.raises(SaveError, match="exists already"):
        duel(tmp_path)


def test_each_action_is_on_disk_before_act_returns(tmp_path):
    session = duel(tmp_path)
    session.act("lucky 1 3")
    session.act("lucky 2 5")
    session.act("roll @ 4 4")
    data = tomllib.loads((tmp_path / "g.toml").read_text())
    assert [a["do"] for a in data["action"]] == ["lucky 1 3", "lucky 2 5", "roll"]
    assert data["action"][2]["draws"] == [{"kind": "roll", "what": "2d6", "values": [4, 4], "source": "table"}]


def test_refused_action_leaves_game_and_file_untouched(tmp_path):
    session = duel(tmp_path)
    session.act("lucky 1 3")
    before_state = session.game.state()
    before_file = (tmp_path / "g.toml").read_bytes()
    with pytest.raises(IllegalActionError, match="Lucky numbers come first: Luis"):
        session.act("roll")
    with pytest.raises(IllegalActionError, match=r"less than what was typed after '@' \(9 left over\)"):
        session.act("lucky 2 5 @ 9")
    with pytest.raises(InvalidActionError, match="'jump' is not an action of Dice duel"):
        session.act("jump")
    with pytest.raises(IllegalActionError, match="lucky number is a die face"):
        session.act("lucky 2 9")
    assert session.game.state() == before_state
    assert (tmp_path / "g.toml").read_bytes() == before_file
    assert len(session.played) == 1


def test_load_replays_without_rerolling(tmp_path):
    session = duel(tmp_path)
    for text in ["lucky 1 3", "lucky 2 5", "roll", "roll", "roll", "roll"]:
        session.act(text)
    loaded = Session.load(tmp_path / "g.toml")
    assert loaded.game.state() == session.game.state()
    assert [p.entry for p in loaded.played] == [p.entry for p in session.played]
    assert [p.events for p in loaded.played] == [p.events for p in session.played]


def test_undo_redo_and_the_file_follows(tmp_path):
    session = duel(tmp_path)
    session.act("lucky 1 3")
    session.act("lucky 2 5")
    mid_state = session.game.state()
    mid_file = (tmp_path / "g.toml").read_bytes()
    session.act("roll")
    after_state = session.game.state()
    undone = session.undo()
    assert undone.notation == "roll"
    assert session.game.state() == mid_state
    assert (tmp_path / "g.toml").read_bytes() == mid_file
    assert session.can_redo
    session.redo()
    assert session.game.state() == after_state
    assert Session.load(tmp_path / "g.toml").game.state() == after_state
    # Undo then play the same action again: the same dice, not a reroll.
    session.undo()
    session.act("roll")
    assert session.game.state() == after_state
    assert not session.can_redo


def test_undo_and_redo_with_nothing_to_do(tmp_path):
    session = duel(tmp_path)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        session.undo()
    with pytest.raises(IllegalActionError, match="nothing to redo"):
        session.redo()


def test_a_new_action_clears_redo(tmp_path):
    session = duel(tmp_path)
    session.act("lucky 1 3")
    session.undo()
    session.act("lucky 1 4")
    assert not session.can_redo


def test_session_without_file_plays_in_memory():
    session = Session.new("duel", ["A", "B"], seed=3)
    session.act("lucky 1 1")
    assert session.path is None and len(session.played) == 1


def _played_file(tmp_path, n_rolls=3):
    session = duel(tmp_path)
    for text in ["lucky 1 3", "lucky 2 5"] + ["roll @ 2 3"] * n_rolls:
        session.act(text)
    session.close()
    return tmp_path / "g.toml"


def test_truncated_tail_is_reported_then_recovered_and_kept_aside(tmp_path):
    path = _played_file(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-25])  # cut the last block in the middle
    with pytest.raises(DamagedSaveError) as err:
        Session.load(path)
    assert str(path) in str(err.value) and "action 5" in str(err.value)
    assert err.value.intact == 4
    assert path.read_bytes() == data[:-25]  # reading alone never changes the file
    session = Session.load(path, recover=True)
    assert len(session.played) == 4
    assert session.recovered_to is not None and session.recovered_to.exists()
    kept = session.recovered_to.read_bytes()
    assert path.read_bytes() + kept == data[:-25]  # nothing lost, nothing invented
    session.act("roll @ 1 1")
    assert len(Session.load(path).played) == 5


def test_bad_toml_in_the_middle(tmp_path):
    path = _played_file(tmp_path)
    text = path.read_text().replace('do = "roll"', 'do = "roll', 1)
    path.write_text(text)
    with pytest.raises(DamagedSaveError, match=r"action 3 \(line \d+\): it is not valid TOML") as err:
        Session.load(path)
    assert err.value.intact == 2


def test_an_action_that_no_longer_replays_is_damage(tmp_path):
    path = _played_file(tmp_path)
    text = path.read_text().replace("values = [2, 3]", "values = [2, 9]", 1)
    path.write_text(text)
    # A face off the die is refused as soon as the block is read (the save's schema).
    with pytest.raises(DamagedSaveError, match=r"action 3 .*does not hold 2 whole numbers from 1 to 6 \(\[2, 9\]\)") as err:
        Session.load(path)
    assert err.value.intact == 2
    text = path.read_text().replace('do = "lucky 2 5"', 'do = "lucky 1 5"', 1)
    path.write_text(text)
    with pytest.raises(DamagedSaveError, match="It is Ana|already chosen") as err:
        Session.load(path)
    assert err.value.intact == 1


def test_non_utf8_bytes(tmp_path):
    path = _played_file(tmp_path)
    path.write_bytes(path.read_bytes() + b"\n[[action]]\ndo = \"\xff\xfe\"\n")
    with pytest.raises(DamagedSaveError, match="not text") as err:
        Session.load(path)
    assert err.value.intact == 5


@pytest.mark.parametrize("content, message", [
    ("format = 1\ngame = \"chess\"\nseed = 1\nplayers = [\"A\", \"B\"]\n", "unknown game.*dice-duel"),
    ("format = 9\ngame = \"duel\"\nseed = 1\nplayers = [\"A\", \"B\"]\n", "newer companion"),
    ("game = \"duel\"\n", "not a companion save"),
    ("format = 1\ngame = \"duel\"\nseed = 1\nplayers = [\"A\", \"B\"\n", "setup part is not valid TOML"),
    ("format = 1\ngame = \"duel\"\nseed = 1\nplayers = [\"A\"]\n", "setup is not valid.*2 to 8 players"),
    ("format = 1\ngame = \"duel\"\nplayers = [\"A\", \"B\"]\n", "'seed'"),
])
def test_unreadable_saves_name_the_file_and_the_problem(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(SaveError, match=message) as err:
        Session.load(path)
    assert not isinstance(err.value, DamagedSaveError)
    assert str(path) in str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        Session.load(tmp_path / "nope.toml")


def test_fast_reading_agrees_with_tomllib(tmp_path):
    """The fast path for our own blocks reads exactly what tomllib reads."""
    import tomllib
    from companion.core.dice import Draw
    from companion.core.saveformat import Entry, _fast_entry
    tricky = ['roll', 'say "hi" \\ back\\slash', 'tab\there', 'ñandú [bold]Ana', '\x7f del', 'a\nb']
    for notation in tricky:
        entry = Entry(notation, [Draw("roll", "2d6", (3, 4)), Draw("draw", "codes", ("rey de copas",), "table")], "2026-11-22T00:00:00Z")
        text = entry.to_block().decode()[1:]  # the leading newline belongs to the previous block
        fast = _fast_entry(text)
        slow = Entry.from_toml(tomllib.loads(text)["action"][0])
        assert fast == slow == entry
    assert _fast_entry('[[action]]\ndo = "a\\/b"\n') is None  # JSON-only escape: left to tomllib

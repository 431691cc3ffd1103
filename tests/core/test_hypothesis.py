"""Property tests: notation never crashes the session, and no damage to a
save makes loading do anything but succeed or report the file's problem."""

import copy
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.core.errors import DamagedSaveError, IllegalActionError, InvalidActionError, SaveError
from companion.core.session import Session

from ..games.conformance import every_setup, playout

WORDS = st.sampled_from(["roll", "hold", "lucky", "@", "1", "2", "6", "7", "0", "-1", "x", "[bold]", "é", ""])
NOTATION = st.one_of(st.text(max_size=30), st.lists(WORDS, max_size=6).map(" ".join))


def _played(seed: int) -> Session:
    name, players, options = every_setup()[0]
    from companion.core.registry import find_game
    session = playout(find_game(name), players, options, seed)
    # Stop mid-game when the playout ended, so actions still mean something.
    while session.outcome() is not None and len(session.played) > 3:
        session.undo()
    return session


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), texts=st.lists(NOTATION, min_size=1, max_size=5))
def test_any_text_is_an_action_or_one_of_two_errors(seed, texts):
    session = _played(seed)
    for text in texts:
        before = copy.deepcopy(session.game.state())
        played = len(session.played)
        try:
            session.act(text)
        except (InvalidActionError, IllegalActionError) as exc:
            assert str(exc)  # there is always a reason in words
            assert session.game.state() == before
            assert len(session.played) == played
        else:
            assert len(session.played) == played + 1


def _save(seed: int) -> tuple[Path, bytes, int]:
    folder = Path(tempfile.mkdtemp())
    name, players, options = every_setup()[seed % len(every_setup())]
    from companion.core.registry import find_game
    session = playout(find_game(name), players, options, seed, folder / "g.toml")
    session.close()
    return folder / "g.toml", (folder / "g.toml").read_bytes(), len(session.played)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 3), data=st.data())
def test_damaged_saves_load_or_report_and_recovery_keeps_a_prefix(seed, data):
    path, original, count = _save(seed)
    kind = data.draw(st.sampled_from(["truncate", "flip", "insert", "append"]))
    where = data.draw(st.integers(0, max(0, len(original) - 1)))
    if kind == "truncate":
        damaged = original[:where]
    elif kind == "flip":
        damaged = original[:where] + bytes([original[where] ^ data.draw(st.integers(1, 255))]) + original[where + 1:]
    elif kind == "insert":
        damaged = original[:where] + data.draw(st.binary(min_size=1, max_size=12)) + original[where:]
    else:
        damaged = original + data.draw(st.binary(min_size=1, max_size=40))
    path.write_bytes(damaged)
    try:
        session = Session.load(path)
    except DamagedSaveError as exc:
        assert str(path) in str(exc)
        assert 0 <= exc.intact
        plan = exc.recovery  # what recovering would keep: the intact part and later actions still accepted
        recovered = Session.load(path, recover=True)
        recovered.close()
        assert len(recovered.played) == exc.intact + len(plan.kept)
        assert recovered.recovery == plan.__class__(plan.intact, plan.kept, plan.aside, recovered.recovered_to)
        saved, aside = path.read_bytes(), recovered.recovered_to.read_bytes()
        assert sorted(saved + aside) == sorted(damaged)  # every byte kept somewhere, none invented
        if not plan.kept:  # damage at the tail: it is cut off whole
            assert saved + aside == damaged
        again = Session.load(path)  # what was recovered loads cleanly now
        again.close()
        assert [p.entry for p in again.played] == [p.entry for p in recovered.played]
    except SaveError as exc:
        assert str(path) in str(exc)
    else:
        session.close()
        assert len(session.played) <= count + 1 or kind == "append"

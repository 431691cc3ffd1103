"""Keys typed right after `:` (a fast typist, a paste, tmux send-keys) go into the notation
line, not to the screen's own keys: `:roll` rolls, its `o` does not toggle the odds and its
`l` does not open the log (Textual routes each key when it arrives, before `:` has run)."""

from __future__ import annotations

from textual import events

from companion.core.session import Session
from companion.tui.widgets import NotationInput

from .conftest import SEED


def queue(app, text: str) -> None:
    """Every key of `text` posted at once, before any of them is handled."""
    for char in text:
        key = {":": "colon", " ": "space", "@": "at"}.get(char, char)
        app.post_message(events.Key(key, char))


async def test_keys_right_after_the_colon_reach_the_notation_line(make_app, home):
    session = Session.new("kaijupoly", ["Ana", "Bea"], seed=SEED, lang="es", path=home / "k.toml")
    session.act("deal")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        odds, mode = screen.threat_on, screen.mode
        queue(app, ":roll @ 3 4")
        await pilot.pause()
        line = screen.query_one(NotationInput)
        assert line.is_open and line.value == "roll @ 3 4"
        assert (screen.threat_on, screen.mode) == (odds, mode)  # `o` and `l` were not screen keys
        await pilot.press("enter")
        await pilot.pause()
        assert [p.entry.notation for p in screen.session.played][-1] == "roll"
        assert screen.session.played[-1].entry.draws[0].values == (3, 4)
        assert not line.is_open
    session.close()


async def test_a_pasted_line_with_its_enter_plays_once(make_app, home):
    session = Session.new("kaijupoly", ["Ana", "Bea"], seed=SEED, lang="es", path=home / "k.toml")
    session.act("deal")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = len(screen.session.played)
        queue(app, ":roll @ 3 4")
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert len(screen.session.played) == before + 1  # played once: no second, refused, submission
        from companion.tui.widgets import ErrorLine
        assert all(not str(e.content).strip() for e in screen.query(ErrorLine))
    session.close()


async def test_faces_right_after_the_at_reach_the_table_field(make_app, home):
    """`@3 4⏎` typed fast (or sent by tmux while the app is busy) plays the table's 3 4: the
    whole-game Kaijupoly trial in tmux lost the faces and the Enter of a roll sent right after
    the one before, leaving the field open and empty (issue 21)."""
    session = Session.new("kaijupoly", ["Ana", "Bea"], seed=SEED, lang="es", path=home / "k.toml")
    session.act("deal")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        before = len(session.played)
        queue(app, "@3 4")
        app.post_message(events.Key("enter", "\r"))
        queue(app, "@1 2")  # the next general's roll, in the same burst
        app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        played = session.played[before:]
        assert [p.entry.notation for p in played] == ["roll", "roll"]
        assert [p.entry.draws[0].values for p in played] == [(3, 4), (1, 2)]
        assert {d.source for p in played for d in p.entry.draws} == {"table"}
        from companion.tui.widgets import TableEntry
        assert not screen.query_one(TableEntry).is_open
    session.close()

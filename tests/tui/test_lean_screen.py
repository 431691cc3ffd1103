"""A key press costs the same at any length of game (the issue "Fast and lean
at any length of game"): counted, not timed. The log makes text only for the
actions new since the last update, keeps the last `EventLog.KEEP`, and paints
only the lines in view; the footer is redrawn only when a key it shows changes
state, so its keys do not pile up."""

from __future__ import annotations

import gc
import random

import pytest
from textual.widgets._footer import FooterKey

from companion.core.session import Session
from companion.tui.frame import GameScreen
from companion.tui import log as log_module
from companion.tui.log import EventLog

from .conftest import screen_text

KEEP = 30  # a small window, so that a test slides it in a few dozen actions


@pytest.fixture
def long_duel(home):
    session = Session.new("dice-duel", [f"P{n}" for n in range(1, 9)], {"target": 1000}, seed=7,
                          lang="es", path=home / "long.toml")
    yield session
    session.close()


@pytest.fixture
def renders(monkeypatch):
    """Counts the log entries whose text is made (entry_content calls)."""
    count = {"n": 0}
    original = log_module.entry_content

    def counted(*args, **kwargs):
        count["n"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(log_module, "entry_content", counted)
    monkeypatch.setattr(EventLog, "KEEP", KEEP)
    return count


async def play(pilot, screen: GameScreen, session: Session, actions: int, rng: random.Random) -> None:
    for _ in range(actions):
        assert session.outcome() is None
        assert screen.submit(session.game.notation(session.game.sample_action(rng)))
        await pilot.pause()


def shown(screen: GameScreen) -> list[int]:
    return screen.query_one(EventLog).numbers


async def test_the_log_renders_each_action_once(make_app, long_duel: Session, renders) -> None:
    app = make_app(session=long_duel)
    rng = random.Random(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await play(pilot, screen, long_duel, 10, rng)
        assert renders["n"] == 10
        assert shown(screen) == list(range(1, 11))
        for _ in range(KEEP + 10):  # one render an action, also once the window slides
            before = renders["n"]
            await play(pilot, screen, long_duel, 1, rng)
            assert renders["n"] == before + 1
        total = len(long_duel.played)
        assert shown(screen) == list(range(total - KEEP + 1, total + 1))


async def test_undo_removes_only_the_last_entry(make_app, long_duel: Session, renders) -> None:
    app = make_app(session=long_duel)
    rng = random.Random(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await play(pilot, screen, long_duel, 12, rng)
        log = screen.query_one(EventLog)
        kept = list(log.entries)
        before = renders["n"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert renders["n"] == before  # nothing rendered again
        assert log.entries == kept[:-1]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert renders["n"] == before + 1
        assert shown(screen) == list(range(1, 13))


@pytest.fixture
def long_night(home):
    """Gauekos with 28 seats: secrets all along, and a game that lasts."""
    session = Session.new("gauekos", [f"P{n}" for n in range(1, 29)], seed=7, lang="es",
                          path=home / "gauekos.toml")
    yield session
    session.close()


async def test_a_reveal_makes_only_the_secret_entries_in_view(make_app, long_night: Session, renders) -> None:
    long_duel = long_night
    app = make_app(session=long_duel)
    rng = random.Random(7)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await play(pilot, screen, long_duel, KEEP + 20, rng)
        log = screen.query_one(EventLog)
        assert sum(entry.private for entry in log.entries) > len(log.in_view())  # more than a view's worth
        for _ in range(2):  # shown, then hidden again
            before = renders["n"]
            await pilot.press("v")
            await pilot.pause()
            secret_in_view = [entry for entry in log.in_view() if entry.private]
            assert secret_in_view
            assert renders["n"] - before <= len(secret_in_view) + 2  # and the ones a wrap brought in
        before = renders["n"]
        app.lang = "en"  # a language change makes the entries in view, once
        await pilot.pause()
        assert 0 < renders["n"] - before <= len(log.in_view()) + 2
        assert log.in_view()[-1].content.plain.startswith(f"{len(long_duel.played)}. ")
        log.scroll_home(animate=False)  # scrolled back, the oldest kept actions are made on the way
        await pilot.pause()
        assert log.in_view()[0].number == len(long_duel.played) - KEEP + 1
        assert all(entry.made_for == entry.key for entry in log.in_view())
        assert f"{len(long_duel.played) - KEEP + 1}. " in screen_text(app)


async def test_no_widgets_pile_up_over_a_long_game(make_app, long_duel: Session, monkeypatch) -> None:
    monkeypatch.setattr(EventLog, "KEEP", KEEP)
    app = make_app(session=long_duel)
    rng = random.Random(7)

    def live_footer_keys() -> int:
        gc.collect()
        return sum(isinstance(o, FooterKey) for o in gc.get_objects())

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await play(pilot, screen, long_duel, KEEP, rng)
        nodes, keys = len(list(screen.walk_children())), live_footer_keys()
        in_footer = len(screen.query(FooterKey))
        await play(pilot, screen, long_duel, 200 - KEEP, rng)
        assert len(list(screen.walk_children())) == nodes
        assert len(screen.query(FooterKey)) == in_footer
        assert live_footer_keys() <= keys


# -- a view with nothing new re-renders nothing -------------------------------------


@pytest.fixture
def updates(monkeypatch):
    """Counts the text updates (Static.update) and the border titles set, by widget id."""
    from textual.widget import Widget
    from textual.widgets import Static

    seen: list[str] = []
    update, title = Static.update, Widget.__dict__["border_title"]

    def counted(self, *args, **kwargs):
        seen.append(self.id or type(self).__name__)
        return update(self, *args, **kwargs)

    class CountedTitle(type(title)):
        def __set__(self, obj, value):
            seen.append(f"title:{obj.id or type(obj).__name__}")
            super().__set__(obj, value)

    counted_title = CountedTitle()
    counted_title.__set_name__(Widget, "border_title")
    monkeypatch.setattr(Static, "update", counted)
    monkeypatch.setattr(Widget, "border_title", counted_title)
    return seen


async def idle_update(pilot, screen: GameScreen, seen: list[str]) -> list[str]:
    await pilot.pause()
    seen.clear()
    screen.refresh_view()
    await pilot.pause()
    return list(seen)


@pytest.mark.parametrize("game, players", [
    ("dice-duel", ["Ana", "Bo"]),
    ("gauekos", [f"P{n}" for n in range(1, 9)]),
    ("halloween", ["Ana", "Bo", "Cai", "Dee"]),
])
async def test_an_update_with_nothing_new_renders_no_panel(make_app, home, updates, game, players) -> None:
    session = Session.new(game, players, seed=7, lang="es", path=home / f"{game}.toml")
    try:
        app = make_app(session=session)
        rng = random.Random(7)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert await idle_update(pilot, screen, updates) == []
            for _ in range(3):
                if session.outcome() is not None:
                    break
                updates.clear()
                assert screen.submit(session.game.notation(session.game.sample_action(rng)))
                await pilot.pause()
                assert updates  # the counting sees what an action changes
                assert await idle_update(pilot, screen, updates) == []
            await pilot.press("v")  # a reveal renders what changes, then nothing more
            assert await idle_update(pilot, screen, updates) == []
    finally:
        session.close()


def test_shown_rolls_scans_only_new_actions() -> None:
    """The dice panel's rolls stay right across new actions, undos and a reveal."""
    from types import SimpleNamespace as NS

    from companion.tui.widgets import ShownRolls, shown_rolls

    def action(n: int, private: bool) -> NS:
        draw = NS(kind="roll", values=(n,))
        card = NS(kind="card", values=(n,))
        return NS(entry=NS(draws=(draw, card)), events=(NS(private=private),))

    played = [action(n, n % 3 == 0) for n in range(1, 11)]
    for revealed in (False, True):
        rolls = ShownRolls(revealed)
        assert rolls(played[:4]) == shown_rolls(played[:4], revealed)
        assert rolls(played) == shown_rolls(played, revealed)
        assert rolls(played[:6]) == shown_rolls(played[:6], revealed)  # an undo
        changed = played[:5] + [action(99, False)] + played[6:]  # undone, then something else played
        assert rolls(changed) == shown_rolls(changed, revealed)

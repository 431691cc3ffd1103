"""A key on the Halloween screen redraws what it changes, not the whole table (the issue
"Fast and lean"): counted and measured in rows, never timed. `v` changes what the prompt and
the choices say, not where the table sits; the covered view still takes only its own rows."""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import Static

from companion.tui.widgets import ChoiceBar

from .helpers import keys, new_game, quiet_turn, set_up, shown, step

TABLE = ("#hw-status", "#hw-children", "#hw-context", "#hw-right", "#log")


def places(screen) -> dict[str, object]:
    """Where each panel of the table sits now, and how big it is."""
    return {selector: screen.query_one(selector).region for selector in TABLE}


def rows_needed(widget: Widget) -> int:
    size = widget.size
    return widget.get_content_height(size, size, size.width)


@pytest.fixture
def updated(monkeypatch):
    """The ids of the texts updated (Static.update calls)."""
    seen: list[str] = []
    update = Static.update

    def counted(self, *args, **kwargs):
        seen.append(self.id or type(self).__name__)
        return update(self, *args, **kwargs)

    monkeypatch.setattr(Static, "update", counted)
    return seen


async def test_v_on_a_turn_moves_nothing_and_redraws_only_what_it_changes(make_app, home, updated) -> None:
    """Luis's turn, card 1 (played at the start of a turn) in his hand: the menu offers "a card of
    Luis's", behind the cover that asks whose, revealed (`v`) or not: a hand is one player's, never
    on the shared screen. The table stays where it is all the same."""
    session = set_up(new_game(home, "v.toml"))
    quiet_turn(session)
    assert step(session) == "start" and session.expects().who == "Luis"
    session.game.pool.remove("1")  # playable now: the entry is offered (covered)
    session.game.hands[1].append(1)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(ChoiceBar)
        before = places(screen)
        covered_rows = bar.size.height
        assert "Una carta de Luis" in shown(pilot)
        for _ in range(3):
            updated.clear()
            await keys(pilot, "v")
            assert "Una carta de Luis" in shown(pilot) and "Cartas de Luis" not in shown(pilot)
            assert rows_needed(bar) <= bar.size.height == covered_rows
            assert places(screen) == before
            table_texts = {"hw-status", "hw-children-text", "hw-context-text"}
            assert not table_texts & set(updated)  # nothing on the table changed: no text updated
            updated.clear()
            await keys(pilot, "v")
            assert "Una carta de Luis" in shown(pilot)
            assert bar.size.height == rows_needed(bar) == covered_rows
            assert places(screen) == before
            assert not table_texts & set(updated)
    session.close()


async def test_the_covered_view_takes_only_its_own_rows(make_app, home) -> None:
    """The truco claim: one entry opens Ana's picker behind the cover that asks whose, `v` or not
    (the eight claims are her secret): the menu takes the same rows either way."""
    session = set_up(new_game(home, "truco.toml"))
    for action in ("move montse", "roll @ 3", "land green", "truco", "roll @ 2"):
        session.act(action)
    assert step(session) == "truco_claim"
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(ChoiceBar)
        covered = places(screen), bar.size.height
        await keys(pilot, "v")
        assert (places(screen), bar.size.height) == covered
        await keys(pilot, "v")
        assert (places(screen), bar.size.height) == covered
        assert bar.size.height == rows_needed(bar)
    session.close()

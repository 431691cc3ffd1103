"""Enter chooses an entry of the choice bar (issue 21): Tab reaches the bar, the arrows move a
highlight that is drawn, Enter plays the highlighted entry, Esc gives the keys back to the screen,
whose own Enter (18 fantasmas's castle) is untouched while the bar is not focused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.core.session import Session
from companion.tui.frame import GameScreen
from companion.tui.keys import key_list
from companion.tui.menu import Entry
from companion.tui.widgets import LIT, ChoiceBar

from .conftest import SEED, screen_text
from .test_fantasmas_screen import go_to, placed
from .test_menu_keys import twelve_long_entries


def lit(bar: ChoiceBar) -> list[str]:
    """The labels drawn in the highlight's colours."""
    content = bar.content
    return [content.plain[s.start:s.end].strip() for s in content.spans if LIT in str(s.style)]


def label(entry: Entry, lang: str = "es") -> str:
    from companion.tui.picker import entry_label

    return entry_label(entry, lang)


def painted(bar: ChoiceBar) -> list[tuple[Any, Any]]:
    """Each entry's label as the terminal paints it: (text colour, background), a reverse
    resolved; the labels are every other painted piece (key, label, key, label...)."""
    pieces = []
    for y in range(bar.size.height):
        for segment in bar.render_line(y):
            style = segment.style
            if segment.text.strip() and style is not None:
                fg, bg = style.color, style.bgcolor
                pieces.append((bg, fg) if style.reverse else (fg, bg))
    return pieces[1::2]


async def test_tab_reaches_the_bar_the_arrows_move_a_drawn_highlight_and_esc_leaves(make_app, duel) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(ChoiceBar)
        assert app.focused is None and lit(bar) == []  # unfocused: nothing highlighted
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is bar and bar.highlight == 0 and lit(bar) == ["1"]
        await pilot.press("right", "right")
        await pilot.pause()
        assert bar.highlight == 2 and lit(bar) == ["3"]
        await pilot.press("end")
        await pilot.pause()
        assert bar.highlight == len(bar.entries) - 1
        await pilot.press("home", "left")  # no wrapping: the first stays the first
        await pilot.pause()
        assert bar.highlight == 0
        footer = screen_text(app).splitlines()[-1]
        assert "Elegir la marcada" in footer and "Salir de las opciones" in footer
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is None and lit(bar) == []
        assert not duel.played  # moving the highlight played nothing
        await pilot.press("escape")  # Esc again is the screen's: leave the game?
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        await pilot.press("escape")


async def test_enter_plays_the_highlighted_entry_as_its_number_key_would(make_app, duel) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("tab", "right", "right", "right")
        await pilot.pause()
        bar = screen.query_one(ChoiceBar)
        entry = bar.entries[bar.highlight]
        assert entry.key == "4" and entry in screen.shown_entries
        await pilot.press("enter")
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == [entry.notation]
        assert app.focused is bar and bar.highlight == 0  # a new step: the first entry


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_the_highlight_is_painted_apart_in_both_themes(make_app, duel, theme) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.pause()
        bar = app.screen.query_one(ChoiceBar)
        before = painted(bar)
        await pilot.press("tab", "right")
        await pilot.pause()
        after = painted(bar)
        assert len(after) == len(bar.entries)
        assert after[1] != before[1] and after[1][1] != after[0][1] and after[0] == before[0]
        assert after[1][0] != after[1][1]  # readable: not the background's colour


async def test_more_opens_its_page_with_enter_and_back_returns_to_it(make_app, duel: Session, monkeypatch) -> None:
    twelve_long_entries(duel, monkeypatch)
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        bar = screen.query_one(ChoiceBar)
        more = next(e for e in screen.shown_entries if e.inner)
        await pilot.press("tab")
        while bar.entries[bar.highlight] != more:
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.menu_state.path and "Volver" in screen_text(app)
        assert app.focused is bar and bar.highlight == 0  # a page just opened: its first entry
        assert not duel.played[2:]
        await pilot.press("end")  # the table's dice ("@"), then "Volver" before them
        while bar.entries[bar.highlight].kind != "back":
            await pilot.press("left")
        await pilot.pause()
        assert lit(bar) == ["Volver"]
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.menu_state.path
        assert bar.entries[bar.highlight].ident == more.ident  # back on the "más…" it came from


async def test_colon_opens_the_notation_line_from_the_bar_and_gives_the_focus_back(make_app, duel) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "colon", *"lucky 1 5", "enter")
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 5"]
        assert app.focused is app.screen.query_one(ChoiceBar)


async def test_the_tables_dice_entry_chosen_with_enter_gives_the_focus_back(make_app, duel) -> None:
    """`@ La mesa ha sacado…` highlighted, Enter: the field for the table's dice; its roll is
    recorded as the table's, and the bar has the focus again."""
    duel.act("lucky 1 3")
    duel.act("lucky 2 4")
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(ChoiceBar)
        await pilot.press("tab", "end")
        await pilot.pause()
        assert bar.entries[bar.highlight].kind == "table" and lit(bar) == ["La mesa ha sacado…"]
        await pilot.press("enter", "2", "space", "5", "enter")
        await pilot.pause()
        assert duel.played[-1].entry.draws[0].source == "table"
        assert app.focused is bar


@pytest.fixture
def ghosts(home: Path):
    session = Session.new("18-fantasmas", ["Ana", "Luis"], seed=SEED, lang="es", path=home / "f.toml")
    yield session
    session.close()


async def test_the_castle_keeps_its_enter_while_the_bar_is_not_focused(make_app, ghosts) -> None:
    """18 fantasmas: the arrows and Enter are the castle's; once a ghost is chosen its moves are
    in the bar too, where Tab, the arrows and Enter play one; Esc gives Enter back to the castle."""
    placed(ghosts, 18)
    game = ghosts.game
    src = next(a[1] for a in game.legal_tuples() if a[0] == "step")
    app = make_app(session=ghosts)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, src)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.selected == src and app.focused is None  # the castle chose the ghost
        bar = screen.query_one(ChoiceBar)
        steps = {game.notation_of(a) for a in game.legal_tuples() if a[0] == "step" and a[1] == src}
        moves = [e for e in bar.entries if e.notation in steps]
        assert moves
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is bar
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is None
        cursor = screen.cursor
        await pilot.press("left" if cursor % 5 else "right")  # the castle's cursor again
        await pilot.pause()
        assert screen.cursor != cursor and len(ghosts.played) == 18
        await pilot.press("tab")
        await pilot.pause()
        while bar.entries[bar.highlight] not in moves:
            await pilot.press("right")
        entry = bar.entries[bar.highlight]
        assert lit(bar) == [label(entry)]
        await pilot.press("enter")
        await pilot.pause()
        assert ghosts.played[-1].entry.notation == entry.notation
        assert app.focused is None  # the bar emptied (no ghost chosen): the keys are the castle's
        before = len(ghosts.played)
        person = [a for a in ghosts.game.legal_tuples() if a[0] == "step"]
        assert person
        await go_to(pilot, screen, person[0][1])
        await pilot.press("enter")
        await pilot.pause()
        assert screen.selected == person[0][1] and len(ghosts.played) == before


@pytest.mark.parametrize("lang", ["es", "en", "eu"])
async def test_the_keys_list_names_the_bars_keys(make_app, duel, lang) -> None:
    from companion.tui.i18n import ui

    app = make_app(session=duel, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = dict((words, keys) for keys, words in key_list(app.screen, lang))
        assert rows[ui("ui.key.bar_choose", lang)] == "⏎ ␣"
        assert rows[ui("ui.key.bar_move", lang)].split() == ["←", "→", "↑", "↓", "home", "end"]
        assert rows[ui("ui.key.bar_leave", lang)] == "esc"
        assert rows[ui("ui.key.focus_choices", lang)] == "tab"


async def test_the_highlight_stays_on_its_entry_while_it_is_shown(make_app, duel) -> None:
    """`v` (the secrets shown, the entries the same) leaves the highlight where the eye is."""
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("tab", "right", "right", "v")
        await pilot.pause()
        bar = app.screen.query_one(ChoiceBar)
        assert app.screen.revealed and app.focused is bar and bar.highlight == 2 and lit(bar) == ["3"]


async def test_a_click_plays_its_entry_and_the_bar_keeps_the_keys(make_app, duel) -> None:
    app = make_app(session=duel)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(ChoiceBar)
        await pilot.click(bar, offset=(1 + 8 * 3 + 2, 0))  # the fourth entry
        await pilot.pause()
        assert [p.entry.notation for p in duel.played] == ["lucky 1 4"]
        assert app.focused is bar and lit(bar) == [label(bar.entries[0])]  # Luis's step: its first

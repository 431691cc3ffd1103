"""Layout at 80×24 (issue 13, item 6), where a snapshot is not enough: labels whole and apart
from their fields, the error line and the open notation line both in view, seats and ballots
never cut while there is room, choices broken between entries, the ring's centre wrapped."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Select

from companion.core.registry import find_game, game_names
from companion.tui.games.gauekos.seats import SeatGrid
from companion.tui.games.gauekos.votes import fitted
from companion.tui.games.kaiju.centre import wrap
from companion.tui.i18n import option_label, say, ui
from companion.tui.widgets import ChoiceBar, ErrorLine, NotationInput

from .conftest import screen_text
from .test_snapshots_80x24 import TWELVE, journal


def rendered(widget) -> list[str]:
    """The rows a widget draws (all of them, in view or scrolled away), as plain text."""
    region = Region(0, 0, widget.size.width, widget.size.height)
    return [strip.text.rstrip() for strip in widget.render_lines(region)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["es", "eu", "en"])
async def test_option_labels_are_whole_and_apart_from_their_fields(make_app, lang: str, size) -> None:
    """Every option label of every game reads as its full pack line (wrapped, never cut) and
    ends before its field starts, with a gap: "Dinero doble (regla de la ▐X▌" never again."""
    app = make_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for name, _ in game_names():
            game = find_game(name)
            app.screen.query_one("#game", Select).value = name
            await pilot.pause()
            await pilot.pause()
            rows = list(app.screen.query("#options .row"))
            assert len(rows) == len(game.options)
            for option, row in zip(game.options, rows):
                label, field = row.query_one(".label"), row.query_one(".field")
                expected = option_label(name, option, lang)
                if option.house_rule:
                    expected = f"{expected} ({ui('ui.start.house_rule', lang)})"
                shown = " ".join(line.strip() for line in rendered(label) if line.strip())
                assert shown == expected, (name, option.key)
                assert field.region.x - label.content_region.right >= 1  # side by side, a gap before the value


async def test_kaijupoly_board_is_a_list_of_the_boards(make_app) -> None:
    """The board option lists the boards that load (shipped ones at least), the default chosen."""
    app = make_app(lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "kaijupoly"
        await pilot.pause()
        await pilot.pause()
        board = app.screen.query_one("#option-board", Select)
        assert board.value == "madrid"
        assert {"madrid", "world"} <= {value for _, value in board._options}


@pytest.mark.parametrize("lang", ["es", "eu"])
@pytest.mark.parametrize("game, count", [("dice-duel", 3), ("kaijupoly", 40), ("gauekos", 10)])
async def test_a_refusal_and_the_open_notation_line_both_show(make_app, home: Path, lang: str, game: str,
                                                               count: int) -> None:
    """A refused notation: the error line says why and the `:` line stays open under it, apart,
    both on screen; no toast over them."""
    session = journal(game, count, home, lang)
    app = make_app(session=session, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("colon")
            await pilot.pause()
            await pilot.press(*"xyz", "enter")
            await pilot.pause()
            error = app.screen.query_one(ErrorLine)
            line = app.screen.query_one(NotationInput)
            assert line.is_open and line.value == "xyz"
            assert error.has_class("-shown") and "xyz" in "\n".join(rendered(error))
            screen = Region(0, 0, 80, 24)
            assert error.region.height and line.region.height
            assert screen.contains_region(error.region) and screen.contains_region(line.region)
            assert not error.region.overlaps(line.region)
            assert not app._notifications
    finally:
        session.close()


@pytest.mark.parametrize("lang", ["es", "eu"])
@pytest.mark.parametrize("count", [4, 7])
async def test_twelve_seats_show_name_and_card_whole(make_app, home: Path, lang: str, count: int) -> None:
    """Twelve at the table, cards revealed (the Lamia's call) or the Sorgiña's choices: every seat
    shows its name and what follows it whole, on more lines where a cell is too narrow."""
    session = journal("gauekos", count, home, lang, TWELVE)
    app = make_app(session=session, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("v")
            await pilot.pause()
            grid = app.screen.query_one(SeatGrid)
            rows, cell = rendered(grid), grid.cell
            assert "…" not in "\n".join(rows)
            columns = [" ".join(" ".join(row[c * cell:(c + 1) * cell] for row in rows).split())
                       for c in range(grid.columns)]  # each column's seats, top to bottom
            for seat in grid.seats:
                words = seat.label.replace(" · ", " ").split()
                assert " ".join(words) in columns[(seat.number - 1) % grid.columns].replace(" · ", " ")
            assert grid.region.bottom <= app.screen.query_one("#gk-keys").region.y  # above the keys
    finally:
        session.close()


def test_a_seat_label_breaks_between_words_under_its_name() -> None:
    assert SeatGrid._lines(" 7 ", "Josune · Galtzagorri", 21) == [" 7 Josune", "   Galtzagorri"]
    assert SeatGrid._lines("12 ", "Leire (Lamia, ahora Campesino)", 21) == ["12 Leire (Lamia,", "   ahora Campesino)"]
    assert SeatGrid._lines(" 1 ", "Ana", 21) == [" 1 Ana"]


def test_a_ballot_too_long_for_its_cell_goes_under_the_voter() -> None:
    assert fitted([" 2 Maite →", "5 Itziar"], 21) == [" 2 Maite → 5 Itziar"]
    assert fitted([" 2 Maite →", "se abstiene"], 21) == [" 2 Maite →", "   se abstiene"]
    assert fitted([" 1 Ana →", ""], 21) == [" 1 Ana →"]


def test_the_ring_centre_wraps_long_lines_between_words() -> None:
    line = Content("Resisten ahora: Serrano 18 % · Velázquez 41 % · Bilbao 95 % · Castellana 85 %")
    lines = wrap([line, Content("corta")], 40)
    assert all(part.cell_length <= 40 for part in lines)
    assert " ".join(part.plain.strip() for part in lines[:-1]) == line.plain and lines[-1].plain == "corta"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_halloween_choices_break_between_entries(make_app, home: Path, size) -> None:
    """`4 Mover a` / `David` read as two choices: a row of the bar holds whole entries only."""
    session = journal("halloween", 8, home, "es")
    app = make_app(session=session, lang="es")
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(ChoiceBar)
            rows = rendered(bar)
            for number, choice in enumerate(session.expects().choices[:9], 1):
                entry = f"{choice.key or number}  {say(choice.label, 'es')}"
                assert sum(entry in row for row in rows) == 1, entry
    finally:
        session.close()


@pytest.mark.parametrize("lang", ["es", "eu"])
async def test_halloween_log_keeps_rows_during_a_hidden_bid(make_app, home: Path, lang: str) -> None:
    """A hidden bid opens its entry above the log: the log still shows an entry whole (three rows)."""
    session = journal("halloween", 83, home, lang)
    app = make_app(session=session, lang=lang)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.screen.query_one("#hw-bid").display
            assert app.screen.query_one("#log").content_region.height >= 3
            assert "83." in screen_text(app)
    finally:
        session.close()


@pytest.mark.parametrize("size, title", [((80, 24), "ONTZITXOA"), ((120, 40), "ONTZI LAGUNTZAILEA")])
async def test_alien_shuttle_title_fits_its_box(make_app, home: Path, size, title: str) -> None:
    session = journal("alien-1979", 30, home, "eu")
    app = make_app(session=session, lang="eu")
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            box = app.screen.query_one("#al-nave")
            assert Content.from_markup(box.border_title).plain == title
            assert len(title) + 4 <= box.size.width
    finally:
        session.close()


async def test_a_toast_while_typing_notation_shows_at_the_top(make_app, home: Path) -> None:
    """A notice (undone, redone, speech) while the `:` line is open goes to the top right, never
    over the line being typed; with the line closed it is back at the bottom."""
    from textual.widgets._toast import Toast

    session = journal("dice-duel", 5, home, "es")
    app = make_app(session=session, lang="es")
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("colon")
            await pilot.pause()
            app.screen.notify("uno")
            await pilot.pause()
            await pilot.pause()
            line = app.screen.query_one(NotationInput)
            toasts = list(app.screen.query(Toast))
            assert toasts and all(not t.region.overlaps(line.region) and t.region.y < 5 for t in toasts)
            await pilot.press("escape")
            app.clear_notifications()
            app.screen.notify("dos")
            await pilot.pause()
            await pilot.pause()
            assert all(t.region.y > 12 for t in app.screen.query(Toast))
    finally:
        session.close()

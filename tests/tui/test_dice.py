"""The dice-and-tables screen: app rolls, the table's physical dice
(range-checked), the total big, the history, the candy table's row, every
table the games use one key away, and speech on request."""

from __future__ import annotations

from fractions import Fraction

from textual.widgets import Digits, Input

from companion.games.alien.cards import COUNTDOWN, STRIKE
from companion.games.kaiju.odds import CUARTEL, percent, survival
from companion.speech.backends import RecordingBackend
from companion.tui.dicescreen import DiceScreen
from companion.tui.dicetables import REFERENCES, TABLE_IDS, alien_deck, halloween_cards, kaiju_odds
from companion.tui.i18n import ui
from companion.tui.start import StartScreen

from .conftest import screen_text


async def test_roll_keys_roll_and_keep_a_history(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        await pilot.press("6", "2", "8")
        await pilot.pause()
        rolls = app.dice_history
        assert [str(r.spec) for r in rolls] == ["d6", "2d6", "d8"]
        assert all(r.source == "app" for r in rolls)
        assert 1 <= rolls[0].total <= 6 and 2 <= rolls[1].total <= 12 and 1 <= rolls[2].total <= 8
        assert app.screen.highlighted_row("halloween_candy") == rolls[2].total - 1
        shown = screen_text(app)
        for roll in rolls:
            assert roll.text("en") in shown


async def test_the_same_seed_rolls_the_same(make_app) -> None:
    results = []
    for _ in range(2):
        app = make_app(start="dice")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("8", "8", "6")
            results.append([r.faces for r in app.dice_history])
    assert results[0] == results[1]


async def test_physical_roll_in_range_is_taken_and_highlights_the_row(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"7", "enter")
        await pilot.pause()
        last = app.dice_history[-1]
        assert (str(last.spec), last.faces, last.source) == ("d8", (7,), "table")
        assert app.screen.highlighted_row("halloween_candy") == 6
        assert "7 on the die: 4 candies." in screen_text(app)
        await pilot.press("p", *"2d6 3 4", "enter")
        await pilot.pause()
        last = app.dice_history[-1]
        assert (str(last.spec), last.faces, last.total) == ("2d6", (3, 4), 7)
        assert app.screen.highlighted_row("halloween_candy") is None


async def test_physical_roll_out_of_range_is_refused(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"d8 9", "enter")
        await pilot.pause()
        assert app.dice_history == []
        error = str(app.screen.query_one("#dice-error").content)
        assert "A d8 cannot show 9" in error
        assert "A d8 cannot show 9" in screen_text(app)
        assert app.screen.query_one("#physical", Input).has_focus
        app.screen.query_one("#physical", Input).value = ""
        await pilot.press(*"2d6 5", "enter")
        await pilot.pause()
        assert app.dice_history == []
        assert ui("ui.dice.wrong_count", "en", dice="2d6", count=2) in str(app.screen.query_one("#dice-error").content)
        app.screen.query_one("#physical", Input).value = ""
        await pilot.press(*"d6 0", "enter")
        await pilot.pause()
        assert "A d6 cannot show 0" in str(app.screen.query_one("#dice-error").content)
        assert app.dice_history == []


async def test_result_is_spoken_only_when_asked(make_app, narrator, recording: RecordingBackend) -> None:
    app = make_app(start="dice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", *"6", "enter")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.spoken == []
        await pilot.press("t")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.line_ids == ["table.halloween_candy.say"]
        assert recording.spoken == ["El dado marca 6: son 3 caramelos."]
        await pilot.press("2", "t")
        await pilot.pause()
        narrator.wait_idle(5)
        assert recording.line_ids[-1] == "dice.rolled"


async def test_dice_screen_is_reachable_from_start_and_back(make_app) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, DiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


# -- the roll big, keys that read clearly, every table (issue 13, item 11) ----------------


async def test_the_roll_is_shown_big(make_app) -> None:
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        big = app.screen.query_one("#dice-total", Digits)
        assert not big.display  # nothing rolled yet
        await pilot.press("p", *"2d6 5 6", "enter")
        await pilot.pause()
        assert big.display and big.value == "11"
        assert big.size.height == 3  # three rows tall: read from across the table
        await pilot.press("8")
        await pilot.pause()
        assert big.value == str(app.dice_history[-1].total)


async def test_the_footer_says_what_each_roll_key_rolls(make_app) -> None:
    """`2 2d6` read as "22d6": the keys say "Roll 2d6", at 80 columns, in every language."""
    for lang, roll in (("en", "Roll"), ("es", "Tirar"), ("eu", "Bota")):
        app = make_app(start="dice", lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1]
            for dice in ("d6", "d8", "2d6"):
                assert f"{roll} {dice}" in footer, (lang, footer)
            assert "2 2d6" not in footer
            assert ui("ui.key.back", lang) in footer and ui("ui.key.keys", lang) in footer  # nothing cut


async def test_every_table_one_key_away(make_app) -> None:
    """`n` shows each table in turn (candy, action cards, Kaiju odds, Alien deck), `b` goes back;
    a roll a table reads brings its table back."""
    app = make_app(start="dice", lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert TABLE_IDS == ("halloween_candy", "halloween_cards", "kaiju_odds", "alien_deck")
        seen = []
        for number, table in enumerate(TABLE_IDS, 1):
            assert screen.table == table
            text = screen_text(app)
            assert ui(f"table.{table}.title", "es") in text
            assert f"Tabla {number} de 4" in text
            seen.append(text)
            await pilot.press("n")
            await pilot.pause()
        assert screen.table == "halloween_candy"  # round again
        await pilot.press("b")
        await pilot.pause()
        assert screen.table == "alien_deck"

        odds = seen[2]
        cards = str(screen.query_one("#table-halloween_cards").content)  # whole, as wrapped on screen
        deck = str(screen.query_one("#table-alien_deck").content)
        assert "Carta 1: se juega al empezar tu" in seen[1]
        assert "Carta 17: se juega cuando un niño llama a tu puerta." in cards
        assert "Si Eduardito, Montse o Simoncito llaman a tu casa" in cards
        assert "Defensa" in odds and "Lo rechaza" in odds
        for level in (1, 2, 3, 4):
            assert f"{percent(survival(level))} %" in odds
        assert "un Cuartel" in odds and f"{percent(survival(CUARTEL))} %" in odds
        assert f"As: {STRIKE['1']} marcas de perseguido" in deck
        assert "Cuatro: el Alien va al sector de su palo." in deck

        await pilot.press("8")  # a d8: the candy table comes back, its row lit
        await pilot.pause()
        assert screen.table == "halloween_candy"
        assert screen.highlighted_row("halloween_candy") == app.dice_history[-1].total - 1


async def test_the_long_tables_scroll_by_keys(make_app) -> None:
    """The 17 action cards do not fit at 80×24: the shown table takes the arrow and page keys."""
    app = make_app(start="dice", lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        pane = app.screen.query_one("#pane-halloween_cards")
        assert pane.has_focus and pane.scroll_y == 0
        assert "Card 17:" not in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert pane.scroll_y > 0
        assert "Card 17:" in screen_text(app)
        await pilot.press("6")  # the digits still roll
        await pilot.pause()
        assert str(app.dice_history[-1].spec) == "d6"


def test_the_tables_read_the_games_own_data() -> None:
    """What the screen shows is computed from the games' data, in every language."""
    assert [r.id for r in REFERENCES] == list(TABLE_IDS[1:])
    for lang in ("en", "es", "eu"):
        cards = halloween_cards(lang)
        assert len(cards) == 2 * 17
        rows = kaiju_odds(lang)
        assert len(rows) == 1 + 5
        deck = alien_deck(lang)
        assert len(deck) == 7 + 3 + 1
        for line in [*cards, *deck] + [cell for row in rows for cell in row]:
            assert "table." not in str(line) and "halloween." not in str(line)
    for row, level in zip(kaiju_odds("en")[1:], (1, 2, 3, 4, CUARTEL)):  # exact odds, both ways
        assert [str(cell) for cell in row[1:]] == [f"{percent(survival(level))} %",
                                                   f"{percent(Fraction(1) - survival(level))} %"]
    assert any(f"{COUNTDOWN['r']} turns" in str(line) for line in alien_deck("en"))


def test_dice_screen_tables_snapshot(snap_compare, make_app) -> None:
    """The Kaiju odds in Basque at 80×24, after a roll: the total big, the table on the right."""
    from .test_snapshots import settle

    assert snap_compare(make_app(start="dice", lang="eu"), press=["6", "n", "n"], terminal_size=(80, 24),
                        run_before=settle)

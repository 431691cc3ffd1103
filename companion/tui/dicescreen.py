"""The dice-and-tables screen, usable without any game: roll d6, d8 or
2d6, or type what the table's physical dice show (range-checked), see the
total big, keep a history, and read every table the games use, one at a
time (`n` and `b` switch: the candy table, the Halloween action cards, the
Kaiju battle odds, the Alien deck). Nothing is said aloud until asked (the
`t` key)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import ContentSwitcher, DataTable, Digits, Footer, Input, Static
from rich.text import Text

from companion.core.dice import DiceSpec, check_face, parse_dice, roll_expression
from companion.core.errors import ActionError, InvalidActionError
from companion.core.language import explain
from companion.games.tables import TABLES, ResultTable

from .dicetables import REFERENCES, TABLE_IDS, Reference
from .i18n import ui
from .keys import translate_keys
from .widgets import ErrorLine, SubtitleBar, UIText

HERE = Path(__file__).parent


@dataclass(frozen=True)
class RollRecord:
    """One roll on the dice screen: the app's (seeded) or the table's (typed)."""

    spec: DiceSpec
    faces: tuple[int, ...]
    source: str  # "app" or "table"

    @property
    def total(self) -> int:
        return sum(self.faces) + self.spec.modifier

    def text(self, lang: str) -> str:
        where = ui("ui.dice.from_table" if self.source == "table" else "ui.dice.from_app", lang)
        faces = ", ".join(map(str, self.faces))
        if len(self.faces) == 1 and not self.spec.modifier:
            return f"{self.spec}: {self.total} ({where})"
        return f"{self.spec}: {faces} = {self.total} ({where})"


def app_roll(dice: str, rng: random.Random) -> RollRecord:
    spec, faces, _total = roll_expression(dice, rng)
    return RollRecord(spec, faces, "app")


def table_roll(text: str, default_dice: str, lang: str) -> RollRecord:
    """What the physical dice show, typed as `5`, `d8 5` or `2d6 3 4`; range-checked."""
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidActionError(ui("ui.dice.type_something", lang))
    spec = parse_dice(default_dice)
    if "d" in words[0].lower():
        spec = parse_dice(words[0])
        words = words[1:]
    if len(words) != spec.count:
        raise InvalidActionError(ui("ui.dice.wrong_count", lang, dice=str(spec), count=spec.count))
    faces = []
    for word in words:
        try:
            value = int(word)
        except ValueError:
            raise InvalidActionError(ui("ui.dice.not_a_face", lang, text=word)) from None
        faces.append(check_face(spec, value))
    return RollRecord(spec, tuple(faces), "table")


def matching_tables(record: RollRecord | None) -> list[ResultTable]:
    if record is None:
        return []
    return [t for t in TABLES.values() if str(parse_dice(t.dice)) == str(record.spec)]


class DiceScreen(Screen[None]):
    """Dice and result tables, with or without a game."""

    CSS_PATH = [HERE / "dice.tcss"]
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("6", "roll('d6')", "Roll d6"),
        Binding("8", "roll('d8')", "Roll d8"),
        Binding("2", "roll('2d6')", "Roll 2d6"),
        Binding("p", "physical", "Table"),
        Binding("n", "next_table", "Tables", show=False),  # said above the table itself: room at 80 columns
        Binding("b", "previous_table", "Previous table", show=False),
        Binding("t", "tell", "Say it", show=False),  # in the help line and the `?` list: room at 80 columns
        Binding("m", "app.mute", "Mute", show=False),
        Binding("s", "app.skip", "Skip", show=False),
        Binding("r", "app.repeat", "Repeat", show=False),
        Binding("escape", "back", "Back"),
    ]
    # "Roll 2d6", not "2d6" after the key: the footer read "2 2d6" as "22d6".
    KEY_LINES = {"roll": "ui.key.free_roll", "physical": "ui.dice.key_physical", "next_table": "ui.dice.key_tables",
                 "previous_table": "ui.dice.key_previous_table"}

    GAME_TABLES = {"halloween": "halloween_candy", "kaijupoly": "kaiju_odds",
                   "rey-de-los-monstruos": "kaiju_odds", "alien-1979": "alien_deck"}
    """The table a game's dice screen opens on (`d` from that game)."""

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        first = next(iter(TABLES.values()), None)
        self.default_dice = first.dice if first else "d6"
        self._tables_lang: str | None = None  # the language the tables were filled in
        self.table = self.GAME_TABLES.get(game or "", TABLE_IDS[0])  # the table shown

    def compose(self) -> ComposeResult:
        with Horizontal(id="dice-main"):
            with Vertical(id="dice-left"):
                yield UIText("ui.dice.title", id="dice-title")
                yield UIText("ui.dice.keys_help_tables", classes="help")
                with Vertical(id="dice-result-box"):
                    yield Digits("", id="dice-total")
                    yield Static(id="dice-result", markup=False)
                yield Static(id="dice-reading", markup=False)
                yield UIText("ui.dice.history", classes="subtitle")
                with VerticalScroll(id="history-box"):
                    yield Static(id="history", markup=False)
            with Vertical(id="tables"):
                yield Static(id="table-picker", markup=False)
                with ContentSwitcher(initial=f"pane-{self.table}", id="table-switcher"):
                    for table in TABLES.values():
                        with VerticalScroll(id=f"pane-{table.id}", classes="table-pane"):
                            yield DataTable(id=f"table-{table.id}", show_cursor=False, cursor_type="row",
                                            zebra_stripes=True)
                    for ref in REFERENCES:
                        with VerticalScroll(id=f"pane-{ref.id}", classes="table-pane"):
                            if ref.grid:
                                yield DataTable(id=f"table-{ref.id}", show_cursor=False, zebra_stripes=True)
                            else:
                                yield Static(id=f"table-{ref.id}", markup=False, classes="table-text")
                            if ref.note:
                                yield Static(id=f"note-{ref.id}", markup=False, classes="table-note")
        with Vertical(id="dice-typed"):  # the whole width: the table's dice, and why they were refused
            yield Input(id="physical", compact=True)
            yield ErrorLine(id="dice-error")
        yield SubtitleBar(id="subtitle")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self._language)
        self.call_after_refresh(self._focus_table)

    def _focus_table(self) -> None:
        """The shown table takes the arrow and page keys (it scrolls); the digits stay the screen's."""
        self.query_one(f"#pane-{self.table}", VerticalScroll).focus()

    def _language(self, lang: str) -> None:
        translate_keys(self, lang)
        self.refresh_view()

    # -- data down ---------------------------------------------------------

    @property
    def last(self) -> RollRecord | None:
        return self.app.dice_history[-1] if self.app.dice_history else None

    def refresh_view(self) -> None:
        lang = self.app.lang
        last = self.last
        self.query_one("#physical", Input).placeholder = ui("ui.dice.physical_placeholder", lang,
                                                           dice=self.default_dice)
        result = self.query_one("#dice-result", Static)
        total = self.query_one("#dice-total", Digits)
        if last is None:
            total.update("")
            total.display = False
            result.update(Content.styled(ui("ui.dice.none_yet", lang), "dim"))
        else:
            total.display = True
            total.update(str(last.total))
            result.update(Content.styled(last.text(lang), "bold"))
        tables = matching_tables(last)
        reading = "\n".join(ui(f"table.{t.id}.row", lang, roll=last.total, result=t.lookup(last.total))
                            for t in tables if last is not None and last.total in t.results)
        self.query_one("#dice-reading", Static).update(Content(reading))
        history = [r.text(lang) for r in reversed(self.app.dice_history)]
        self.query_one("#history", Static).update(Content("\n".join(history) or "—"))
        for table in TABLES.values():
            if self._tables_lang != lang:  # the rows only change with the language
                self._fill_table(table, lang)
            self._point_table(table, last if table in tables else None)
        if self._tables_lang != lang:
            for ref in REFERENCES:
                self._fill_reference(ref, lang)
        self._tables_lang = lang
        self._show_picker(lang)

    def _show_picker(self, lang: str) -> None:
        """Which table is shown, of how many, and the key that shows the next."""
        number = TABLE_IDS.index(self.table) + 1
        self.query_one("#table-picker", Static).update(Content.assemble(
            (ui(f"table.{self.table}.title", lang), "bold $accent"), "\n",
            (ui("ui.dice.table_of", lang, number=number, count=len(TABLE_IDS)), "dim")))

    def _fill_reference(self, ref: Reference, lang: str) -> None:
        if ref.grid:
            grid = self.query_one(f"#table-{ref.id}", DataTable)
            grid.clear(columns=True)
            header, *rows = ref.rows(lang)
            grid.add_columns(*header)
            for row in rows:
                grid.add_row(*row)
        else:
            self.query_one(f"#table-{ref.id}", Static).update(Content("\n").join(ref.rows(lang)))
        if ref.note:
            self.query_one(f"#note-{ref.id}", Static).update(Content.styled(ref.note(lang), "dim"))

    def show_table(self, table_id: str) -> None:
        """Show one table (the others stay filled, out of sight)."""
        self.table = table_id
        self.query_one("#table-switcher", ContentSwitcher).current = f"pane-{table_id}"
        self._show_picker(self.app.lang)
        if not isinstance(self.focused, Input):
            self._focus_table()

    def _fill_table(self, table: ResultTable, lang: str) -> None:
        grid = self.query_one(f"#table-{table.id}", DataTable)
        grid.clear(columns=True)
        grid.add_columns(Text(table.dice, style="bold"), Text(ui("ui.dice.result", lang), style="bold"))
        for roll, result in sorted(table.results.items()):
            grid.add_row(Text(str(roll)), Text(ui(f"table.{table.id}.row", lang, roll=roll, result=result)),
                         key=str(roll))

    def _point_table(self, table: ResultTable, last: RollRecord | None) -> None:
        """Highlight the row the last roll reads (none when it is not this table's dice)."""
        grid = self.query_one(f"#table-{table.id}", DataTable)
        if last is not None and last.total in table.results:
            grid.show_cursor = True
            grid.move_cursor(row=grid.get_row_index(str(last.total)))
        else:
            grid.show_cursor = False

    def highlighted_row(self, table_id: str) -> int | None:
        """The table row that the last roll points at (None when none)."""
        grid = self.query_one(f"#table-{table_id}", DataTable)
        return grid.cursor_row if grid.show_cursor else None

    # -- keys --------------------------------------------------------------

    def action_roll(self, dice: str) -> None:
        self.app.free_roll(dice)
        self.query_one("#dice-error", ErrorLine).show("")
        self._to_matching_table()
        self.refresh_view()

    def _to_matching_table(self) -> None:
        """A roll that a result table reads shows that table (its row is lit)."""
        tables = matching_tables(self.last)
        if tables and self.table not in {t.id for t in tables}:
            self.show_table(tables[0].id)

    def action_next_table(self) -> None:
        self.show_table(TABLE_IDS[(TABLE_IDS.index(self.table) + 1) % len(TABLE_IDS)])

    def action_previous_table(self) -> None:
        self.show_table(TABLE_IDS[(TABLE_IDS.index(self.table) - 1) % len(TABLE_IDS)])

    def action_physical(self) -> None:
        self.query_one("#physical", Input).focus()

    @on(Input.Submitted, "#physical")
    def physical_typed(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#dice-error", ErrorLine)
        try:
            record = table_roll(event.value, self.default_dice, self.app.lang)
        except ActionError as exc:
            error.show(explain(exc, self.app.lang))
            return
        error.show("")
        self.app.dice_history.append(record)
        event.input.value = ""
        self._to_matching_table()
        self._focus_table()
        self.refresh_view()

    def action_tell(self) -> None:
        """Say the last result aloud: the table's reading when a table matches, else the dice."""
        last = self.last
        if last is None:
            self.query_one("#dice-error", ErrorLine).show(ui("ui.dice.roll_first", self.app.lang))
            return
        narrator = self.app.narrator
        tables = [t for t in matching_tables(last) if last.total in t.results]
        if tables:
            for table in tables:
                narrator.say(f"table.{table.id}.say", roll=last.total, result=table.lookup(last.total))
            return
        line = "dice.table_roll" if last.source == "table" else "dice.rolled"
        narrator.say(line, dice=str(last.spec), faces=", ".join(map(str, last.faces)), total=last.total)

    def action_back(self) -> None:
        self.app.leave_dice(self)

"""The dice-and-tables screen, usable without any game: roll d6, d8 or
2d6, or type what the table's physical dice show (range-checked), keep a
history, and read the result tables the games use. Nothing is said aloud
until asked (the `t` key)."""

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
from textual.widgets import DataTable, Footer, Input, Static
from rich.text import Text

from companion.core.dice import DiceSpec, check_face, parse_dice, roll_expression
from companion.core.errors import ActionError, InvalidActionError
from companion.core.language import explain
from companion.games.tables import TABLES, ResultTable

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
        Binding("6", "roll('d6')", "d6"),
        Binding("8", "roll('d8')", "d8"),
        Binding("2", "roll('2d6')", "2d6"),
        Binding("p", "physical", "Table roll"),
        Binding("t", "tell", "Say it"),
        Binding("m", "app.mute", "Mute", show=False),
        Binding("s", "app.skip", "Skip", show=False),
        Binding("r", "app.repeat", "Repeat", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        first = next(iter(TABLES.values()), None)
        self.default_dice = first.dice if first else "d6"
        self._tables_lang: str | None = None  # the language the result tables were filled in

    def compose(self) -> ComposeResult:
        with Horizontal(id="dice-main"):
            with Vertical(id="dice-left"):
                yield UIText("ui.dice.title", id="dice-title")
                yield UIText("ui.dice.keys_help", classes="help")
                yield Static(id="dice-result", markup=False)
                yield Static(id="dice-reading", markup=False)
                yield Input(id="physical", compact=True)
                yield ErrorLine(id="dice-error")
                yield UIText("ui.dice.history", classes="subtitle")
                with VerticalScroll(id="history-box"):
                    yield Static(id="history", markup=False)
            with VerticalScroll(id="tables"):
                for table in TABLES.values():
                    yield UIText(f"table.{table.id}.title", classes="subtitle")
                    yield DataTable(id=f"table-{table.id}", show_cursor=False, cursor_type="row",
                                    zebra_stripes=True)
        yield SubtitleBar(id="subtitle")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self._language)

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
        if last is None:
            result.update(Content.styled(ui("ui.dice.none_yet", lang), "dim"))
        else:
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
        self._tables_lang = lang

    def _fill_table(self, table: ResultTable, lang: str) -> None:
        grid = self.query_one(f"#table-{table.id}", DataTable)
        grid.clear(columns=True)
        grid.add_columns(Text(table.dice), Text(ui("ui.dice.result", lang)))
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
        self.refresh_view()

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
        self.set_focus(None)
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

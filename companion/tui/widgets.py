"""Widgets every game screen reuses. Each one is a display: the screen
pushes data down with `show(...)`; widgets post messages up (a choice was
pressed, a free roll was asked for) and never call the rules themselves.

All text that may hold a player's words is built as `Content` (plain text
plus styles), never as markup.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Mapping, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Footer, Input, Static
from textual.widgets._footer import FooterKey

from companion.core.dice import Draw
from companion.core.game import Choice, Outcome, Prompt

from .i18n import say, state_label, ui
from .keys import action_values, fit_keys, has_line, key_cost, key_line, key_lines, own_label, translate_keys

LOCK = "◈"  # in common monospace fonts, one cell wide (an emoji lock is two, or missing)


class ActionRequested(Message):
    """A widget asks the screen to play `notation` (the screen calls the rules)."""

    def __init__(self, notation: str) -> None:
        super().__init__()
        self.notation = notation


class FreeRollRequested(Message):
    """A widget asks for a free roll of `dice` (not part of the game)."""

    def __init__(self, dice: str) -> None:
        super().__init__()
        self.dice = dice


def put(static: Static, content: Content) -> bool:
    """Show `content` in `static` unless it shows it already (same text and styles): an
    update asks for a repaint, and a layout of the whole screen when the size may change.
    The layout is skipped when the widget keeps its size: a fixed height, or an automatic
    height the new content fills exactly as the old did. True when it was updated."""
    shown = static.content
    if isinstance(shown, Content) and shown.is_same(content):
        return False
    size = static.size
    styles = static.styles
    width, height = styles.width, styles.height
    if not static.display:  # hidden: it takes no room; showing it lays the screen out
        static.update(content, layout=False)
        return True
    if not size.width or not size.height or width is None or width.is_auto:
        static.update(content)
        return True
    if height is not None and not height.is_auto:  # a fixed height: the text changes, the size not
        static.update(content, layout=False)
        return True
    static.update(content, layout=False)
    if static.get_content_height(size, size, size.width) != size.height:
        static.refresh(layout=True)  # it grows or shrinks: the screen lays out again
    return True


def set_title(widget: Any, title: Content) -> None:
    """Set `widget.border_title` unless it shows `title` already (setting it repaints)."""
    shown = widget.__dict__.get("_lean_title")
    if shown is not None and shown.is_same(title):
        return
    widget.__dict__["_lean_title"] = title
    widget.border_title = title


class UIText(Static):
    """A UI line by id that follows the app's language."""

    def __init__(self, line_id: str, *, id: str | None = None, classes: str | None = None,
                 **values: Any) -> None:
        super().__init__(id=id, classes=classes, markup=False)
        self.line_id = line_id
        self.values = values

    def on_mount(self) -> None:
        self.watch(self.app, "lang", self._relabel)

    def _relabel(self, lang: str) -> None:
        self.update(Content(ui(self.line_id, lang, **self.values)))


class PromptPanel(Vertical):
    """What happens now, big, with the detail below."""

    DEFAULT_CSS = """
    PromptPanel { height: auto; padding: 0 1; border: round $accent; }
    PromptPanel #prompt-title { text-style: bold; color: $text; }
    PromptPanel #prompt-detail { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-title", markup=False)
        yield Static(id="prompt-detail", markup=False)

    def show(self, prompt: Prompt, lang: str) -> None:
        now = ui("ui.game.now", lang)
        set_title(self, Content.assemble(now, " · ", prompt.who) if prompt.who else Content(now))
        put(self.query_one("#prompt-title", Static), Content(say(prompt.title, lang)))
        detail_text = say(prompt.detail, lang) if prompt.detail is not None else ""
        if prompt.private:
            mark = f"{LOCK} {ui('ui.game.private_prompt', lang)}"
            detail_text = f"{detail_text}  {mark}" if detail_text else mark
        detail = self.query_one("#prompt-detail", Static)
        detail.display = bool(detail_text)
        put(detail, Content(detail_text))


class OutcomeBanner(Vertical):
    """How the game ended, big; shown by the screen in place of the prompt."""

    DEFAULT_CSS = """
    OutcomeBanner { height: auto; padding: 1 1; border: double $success; background: $success 15%; }
    OutcomeBanner #outcome-title { text-style: bold; color: $success; content-align: center middle; width: 1fr; }
    OutcomeBanner #outcome-detail { content-align: center middle; width: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="outcome-title", markup=False)
        yield Static(id="outcome-detail", markup=False)

    def show(self, outcome: Outcome, prompt: Prompt, lang: str) -> None:
        set_title(self, Content(ui("ui.game.over", lang)))
        head = say(outcome.line, lang) if outcome.line is not None else say(prompt.title, lang)
        put(self.query_one("#outcome-title", Static), Content(f"★  {head.upper()}  ★"))
        winners = ", ".join(outcome.winners)
        # No winner: the game's own line says why (an Alien that won is no draw); only a
        # game that says nothing gets the generic "a draw".
        detail = (ui("ui.game.winners", lang, names=winners) if winners
                  else "" if outcome.line is not None else ui("ui.game.draw", lang))
        detail_widget = self.query_one("#outcome-detail", Static)
        detail_widget.display = bool(detail)
        put(detail_widget, Content(detail))


class EntryPicked(Message):
    """A click on an entry of the choice bar: the screen opens or plays that entry."""

    def __init__(self, entry: Any) -> None:
        super().__init__()
        self.entry = entry


LIT = "bold reverse underline"  # the choice bar's highlighted label


class ChoiceBar(Static, can_focus=True):
    """The menu entries on screen now, each with its key, wrapping whole entries per row; a click
    posts EntryPicked. The frame gives it only what fits (`fits`): nothing it holds is unseen.

    Like a row of buttons, it takes the focus (Tab, shift+Tab, a click) while it holds entries:
    then one entry is highlighted, the arrows (across wrapped rows too), Home and End move the
    highlight, Enter or space chooses it exactly as a click does (`action_pick`), Esc gives the
    focus back to the screen's own keys. Unfocused it shows no highlight and Enter stays the
    screen's (a castle's room, a confirmation): Enter plays only what is seen highlighted."""

    DEFAULT_CSS = """
    ChoiceBar { height: auto; max-height: 5; padding: 0 1; link-style: none; link-background: transparent;
                link-style-hover: none; link-background-hover: $accent 30%; }
    """

    BINDINGS = [
        Binding("enter", "choose", "Choose", key_display="⏎"),
        Binding("space", "choose", "Choose", key_display="␣", show=False),
        Binding("left", "highlight('left')", "Move", show=False),
        Binding("right", "highlight('right')", "Move", show=False),
        Binding("up", "highlight('up')", "Move", show=False),
        Binding("down", "highlight('down')", "Move", show=False),
        Binding("home", "highlight('home')", "Move", show=False),
        Binding("end", "highlight('end')", "Move", show=False),
        Binding("escape", "leave_choices", "Leave the choices"),
    ]
    KEY_LINES = {"choose": "ui.key.bar_choose", "highlight": "ui.key.bar_move", "leave_choices": "ui.key.bar_leave"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.entries: tuple[Any, ...] = ()
        self.highlight = 0  # the index of the highlighted entry (drawn only while focused)
        self._lang = "es"
        self._rows: list[list[tuple[int, int]]] = []  # per row: (index, first cell) of its entries

    @staticmethod
    def entry_content(index: int, entry: Any, lang: str, highlighted: bool = False) -> Content:
        """An entry as drawn: its key, its label; highlighted, the label is reversed and underlined
        as its key is, one solid block (the link colour a click adds is the widget's text colour,
        so a reverse stays readable in any theme; same cells: the highlight never moves a row)."""
        from .picker import entry_label

        click = f"@click=pick({index})"
        label = LIT if highlighted else "bold on $boost"
        return Content.assemble((f" {entry.key} ", f"bold reverse $accent {click}"),
                                (f" {entry_label(entry, lang)} ", f"{label} {click}"))

    def rows_room(self) -> tuple[int, int]:
        """The width and the rows the bar may take (before it is laid out: the screen's)."""
        width = self.scrollable_content_region.width or max(10, (self.app.size.width or 80) - 2)
        high = self.styles.max_height
        rows = int(high.value) if high is not None and high.is_cells else 5
        return width, max(1, rows)

    def fits(self, entries: Sequence[Any], lang: str) -> int:
        """How many of `entries` (from the first) the bar shows whole in its rows."""
        width, rows = self.rows_room()
        row, used, count = 1, 0, 0
        for index, entry in enumerate(entries):
            size = self.entry_content(index, entry, lang).cell_length
            if used and used + 2 + size > width:
                row, used = row + 1, 0
            if row > rows:
                break
            used += (2 if used else 0) + size
            count += 1
        return count

    def show(self, entries: Sequence[Any], lang: str, empty: str | None = None,
             highlight: int | None = None) -> None:
        """Show `entries`; the highlight stays on the same entry when it is still shown (a refusal,
        `v`, a resize leave it where the eye is), goes to `highlight` when given (the "más…" a
        page was closed back to), else to the first (a new step, a page just opened)."""
        before = self.entries[self.highlight].ident if 0 <= self.highlight < len(self.entries) else None
        self.entries = tuple(entries)
        self._lang = lang
        idents = [getattr(entry, "ident", None) for entry in self.entries]
        if highlight is not None and 0 <= highlight < len(self.entries):
            self.highlight = highlight
        else:
            self.highlight = idents.index(before) if before is not None and before in idents else 0
        if not entries:
            self._rows = []
            if self.has_focus:  # nothing to choose here: the screen's own keys again
                self.screen.set_focus(None)
            put(self, Content.styled(empty if empty is not None else ui("ui.game.no_choices", lang), "dim"))
            return
        self._lay_out()

    def allow_focus(self) -> bool:
        return bool(self.entries)

    def _lay_out(self) -> None:
        """Whole entries per row: a row breaks between two choices, never inside one (`4 Mover a`
        / `David` read as two choices); only a choice wider than the bar wraps."""
        if not self.entries:
            return
        lit = self.highlight if self.is_mounted and self.screen.focused is self else -1  # (has_focus
        # is set after this class's on_focus has run)
        entries = [self.entry_content(index, entry, self._lang, index == lit)
                   for index, entry in enumerate(self.entries)]
        width = self.scrollable_content_region.width
        if not width:  # not laid out yet: on_resize comes back
            self._rows = [[(index, 0) for index in range(len(entries))]]
            put(self, Content("  ").join(entries))
            return
        rows: list[list[tuple[int, int]]] = []
        lines: list[Content] = []
        line: list[Content] = []
        row: list[tuple[int, int]] = []
        used = 0
        for index, entry in enumerate(entries):
            size = entry.cell_length
            if line and used + 2 + size > width:
                lines.append(Content("  ").join(line))
                rows.append(row)
                line, row, used = [], [], 0
            used += 2 if line else 0
            row.append((index, used))
            used += size
            line.append(entry)
        lines.append(Content("  ").join(line))
        rows.append(row)
        self._rows = rows
        put(self, Content("\n").join(lines))

    def on_resize(self) -> None:
        self._lay_out()

    def on_focus(self) -> None:
        self._lay_out()

    def on_blur(self) -> None:
        self._lay_out()

    def action_pick(self, index: int) -> None:
        """A click on an entry, or Enter on the highlighted one: the screen opens or plays it."""
        if 0 <= index < len(self.entries):
            self.highlight = index
            self.post_message(EntryPicked(self.entries[index]))

    def action_choose(self) -> None:
        self.action_pick(self.highlight)

    def action_highlight(self, where: str) -> None:
        """Move the highlight: left/right along the entries, up/down to the entry above or below
        (the one nearest the same column), home/end to the first or the last."""
        count = len(self.entries)
        if not count:
            return
        index = min(self.highlight, count - 1)
        if where == "left":
            index = max(0, index - 1)
        elif where == "right":
            index = min(count - 1, index + 1)
        elif where == "home":
            index = 0
        elif where == "end":
            index = count - 1
        else:
            rows = self._rows or [[(i, 0) for i in range(count)]]
            here = next(n for n, row in enumerate(rows) if any(i == index for i, _ in row))
            column = dict(rows[here])[index]
            there = here + (-1 if where == "up" else 1)
            if 0 <= there < len(rows):  # the entry above or below that starts nearest this column
                index = min(rows[there], key=lambda item: (abs(item[1] - column), item[1]))[0]
        if index != self.highlight:
            self.highlight = index
            self._lay_out()

    def action_leave_choices(self) -> None:
        """Esc: the focus goes back to the screen (its keys, its Enter)."""
        self.screen.set_focus(None)


def _value_text(value: Any, lang: str) -> str:
    if isinstance(value, bool):
        return ui("ui.yes" if value else "ui.no", lang)
    if value is None:
        return "—"
    if isinstance(value, (list, tuple, set)):
        return ", ".join(_value_text(v, lang) for v in value)
    return str(value)


def state_content(state: Mapping[str, Any], game_name: str, lang: str) -> list[Content]:
    """A state dict as lines: `Label: value`, nested dicts one entry a line."""
    lines: list[Content] = []
    for key, value in state.items():
        label = state_label(game_name, str(key), lang)
        if isinstance(value, Mapping):  # one line: `Label: a 1 · b 2`, wrapped by the panel
            parts: list[Any] = [(f"{label}: ", "bold")]
            for number, (inner, item) in enumerate(value.items()):
                if number:
                    parts.append((" · ", "dim"))
                parts += [str(inner), " ", (_value_text(item, lang), "bold $accent")]
            lines.append(Content.assemble(*parts))
        else:
            lines.append(Content.assemble((f"{label}: ", "bold"), _value_text(value, lang)))
    return lines


class StatePanel(VerticalScroll):
    """The table state: public always; private only when the game master reveals it."""

    DEFAULT_CSS = """
    StatePanel { border: round $primary; padding: 0 1; height: 1fr; }
    StatePanel #state-text { height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="state-text", markup=False)

    def show(self, public: Mapping[str, Any], private: Mapping[str, Any] | None,
             game_name: str, lang: str) -> None:
        set_title(self, Content(ui("ui.game.table", lang)))
        lines = state_content(public, game_name, lang)
        if private is None:
            lines.append(Content.styled(f"{LOCK} {ui('ui.game.secrets_hidden', lang)}", "dim"))
        else:
            lines.append(Content.styled(f"{LOCK} {ui('ui.game.secrets', lang)}", "bold $warning"))
            lines.extend(state_content(private, game_name, lang) if private else
                         [Content(ui("ui.game.no_secrets", lang))])
        put(self.query_one("#state-text", Static), Content("\n").join(lines))


def shown_notation(played: Any, revealed: bool, lang: str | None = None,
                   spell: Callable[[str, str], str] | None = None) -> str:
    """An action's notation in the table's words (`spell`, the game's speller, for `lang`), or a
    lock when the action is secret (its notation names a secret: `guardar muerte` tells an
    Akerbeltz lives) or made secrets. A save keeps it canonical."""
    if not revealed and (getattr(played, "secret", False) or any(event.private for event in played.events)):
        return LOCK
    notation = played.entry.notation
    return spell(notation, lang) if spell is not None and lang is not None else notation


def shown_rolls(played: Sequence[Any], revealed: bool) -> list[Draw]:
    """The game's dice rolls for the dice panel: never card draws (they may be
    dealt secrets), and rolls of actions that made secrets only when revealed."""
    return [draw for item in played if revealed or not any(e.private for e in item.events)
            for draw in item.entry.draws if draw.kind == "roll"]


class ShownRolls:
    """`shown_rolls` for one `revealed`, kept up to date: a call scans only the actions played
    since the last one (an undo drops the undone ones). The list it returns is its own: read it
    now, do not keep it."""

    def __init__(self, revealed: bool) -> None:
        self.revealed = revealed
        self._items: list[Any] = []
        self._ends: list[int] = []  # how many rolls the first i + 1 actions hold
        self._draws: list[Draw] = []

    def __call__(self, played: Sequence[Any]) -> list[Draw]:
        items, ends = self._items, self._ends
        keep = min(len(items), len(played))
        while keep and played[keep - 1] is not items[keep - 1] and played[keep - 1] != items[keep - 1]:
            keep -= 1
        if keep < len(items):
            del items[keep:], ends[keep:]
            del self._draws[ends[-1] if ends else 0:]
        for item in played[keep:]:
            self._draws += shown_rolls((item,), self.revealed)
            items.append(item)
            ends.append(len(self._draws))
        return self._draws


def draw_text(draw: Draw, lang: str) -> str:
    """One recorded roll or draw in words: `2d6: 3, 5 (table)`."""
    values = ", ".join(map(str, draw.values))
    where = ui("ui.dice.from_table" if draw.source == "table" else "ui.dice.from_app", lang)
    return f"{draw.what}: {values} ({where})"


class DicePanel(Vertical):
    """The game's last rolls (from the journal) and free rolls of d6, d8 and 2d6."""

    DEFAULT_CSS = """
    DicePanel { border: round $secondary; padding: 0 1; height: auto; }
    DicePanel #dice-last { height: auto; }
    DicePanel Horizontal { height: 1; }
    DicePanel Button { margin: 0 1 0 0; min-width: 0; width: auto; }
    DicePanel #dice-free { width: 1fr; height: 1; }
    """

    FREE = (("f6", "d6"), ("f8", "d8"), ("f2", "2d6"))

    def compose(self) -> ComposeResult:
        yield Static(id="dice-last", markup=False)
        with Horizontal():
            for key, dice in self.FREE:
                button = Button(Content(f"{key.upper()} {dice}"), compact=True, name=dice)
                button.can_focus = False
                yield button
            yield Static(id="dice-free", markup=False)

    def show(self, draws: Sequence[Draw], free: str | None, lang: str) -> None:
        set_title(self, Content(ui("ui.dice.title_short", lang)))
        last = Content(draw_text(draws[-1], lang)) if draws else Content.styled(ui("ui.dice.none_yet", lang), "dim")
        put(self.query_one("#dice-last", Static), last)
        put(self.query_one("#dice-free", Static),
            Content.assemble((ui("ui.dice.free", lang) + " ", "dim"), free) if free else Content(""))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(FreeRollRequested(event.button.name or "d6"))


BURST_SEP = " · "  # between the lines of one burst (companion/tui/app.py joins them so)


class SubtitleBar(Static):
    """What the narrator last said (follows the app's `subtitle`), with the cue after it: up to
    three rows at 80 columns, so a long line with a cue added is wrapped whole, never cut."""

    DEFAULT_CSS = """
    SubtitleBar { height: auto; max-height: 3; padding: 0 1; background: $boost; color: $text; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def on_mount(self) -> None:
        self.watch(self.app, "subtitle", self._said)
        self.watch(self.app, "text_only", self._said, init=False)
        self.watch(self.app, "cue_text", self._said, init=False)
        self.watch(self.app, "muted", self._said, init=False)
        self.watch(self.app, "lang", self._said, init=False)

    def _said(self, _: Any = None) -> None:
        app = self.app
        text = app.subtitle
        self.set_class(bool(getattr(app, "text_only", False) or getattr(app, "muted", False)), "-history")
        parts: list[Any] = []
        if getattr(app, "text_only", False):  # the narrator is shown, not heard: say so, always
            parts += [(f"[{ui('ui.speech.text_only', app.lang)}] ", "italic $text-warning")]
        elif getattr(app, "muted", False):  # silenced by the game master: says so until unmuted
            parts += [(f"[{ui('ui.speech.muted_mark', app.lang)}] ", "italic $text-warning")]
        cue = getattr(app, "cue_text", "")
        tail: list[Any] = [("  " if parts or text else "", ""), (cue, "bold $accent")] if cue else []
        said = text.split(BURST_SEP) if text else []
        while True:  # a burst too long for the rows drops its oldest lines: the newest is what is read
            shown = BURST_SEP.join(said)
            body = [("» ", "bold $accent"), ("… " if shown != text else "", "dim"), shown] if shown else []
            content = Content.assemble(*parts, *body, *tail) if parts or body or tail else Content("")
            if len(said) < 2 or len(content.wrap(self._width())) <= self._rows():
                break
            said = said[1:]
        self.update(content)

    def _width(self) -> int:
        return max(10, (self.size.width or self.app.size.width) - 2)  # less the padding

    def _rows(self) -> int:
        limit = self.styles.max_height
        return int(limit.value) if limit is not None and limit.is_cells else 3

    def on_resize(self) -> None:
        self._said()


class ErrorLine(Static):
    """The last refusal, in words; empty (and hidden) when all is well."""

    DEFAULT_CSS = """
    ErrorLine { height: auto; padding: 0 1; color: $text-error; background: $error 15%; display: none; }
    ErrorLine.-shown { display: block; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, message: str) -> None:
        self.set_class(bool(message), "-shown")
        put(self, Content.assemble(("✗ ", "bold"), message) if message else Content(""))


def back_to(screen: Any) -> Any:
    """What a line opened over the screen gives the focus back to when it closes: the choice bar
    when it had it (its highlight goes on), else nothing (the screen's keys)."""
    return screen.focused if isinstance(screen.focused, ChoiceBar) else None


def focus_again(widget: Any) -> Any:
    return widget if widget is not None and widget.is_attached and widget.focusable else None


class NotationInput(Input):
    """The notation command line: hidden until opened; Escape closes it."""

    DEFAULT_CSS = """
    NotationInput { display: none; dock: bottom; margin-bottom: 1; }
    NotationInput.-open { display: block; }
    """

    BINDINGS = [("escape", "close", "Close")]

    def on_mount(self) -> None:
        self.watch(self.app, "lang", lambda lang: translate_keys(self, lang))

    def open(self, placeholder: str) -> None:
        self.placeholder = placeholder
        self._back_to = back_to(self.screen)
        self.add_class("-open")
        self.screen.add_class("-typing")  # toasts move to the top: never over this line (game.tcss)
        # Focus now, not after the queue (Widget.focus defers it): keys typed right after `:`
        # (a fast typist, a paste) are already queued and must reach this line, not the screen.
        self.screen.set_focus(self)

    def action_close(self) -> None:
        self.value = ""
        self.remove_class("-open")
        self.screen.remove_class("-typing")
        self.screen.set_focus(focus_again(getattr(self, "_back_to", None)))

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")



class TableEntry(Horizontal):
    """`@`: what the table's own dice or card show, for the roll or draw asked now, in the table's
    words (`3 4`, a card); the screen checks the range and plays `notation @ values`."""

    DEFAULT_CSS = """
    TableEntry { dock: bottom; height: 1; display: none; background: $boost; margin-bottom: 1; }
    TableEntry.-open { display: block; }
    TableEntry #table-label { width: auto; padding: 0 1; }
    TableEntry #table-input { width: 1fr; }
    """

    class Entered(Message):
        def __init__(self, values: str) -> None:
            super().__init__()
            self.values = values

    BINDINGS = [Binding("escape", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        yield Static(id="table-label", markup=False)
        yield Input(id="table-input", max_length=40, compact=True)

    def open(self, label: str, placeholder: str, password: bool) -> None:
        self.query_one("#table-label", Static).update(Content.styled(label, "bold"))
        field = self.query_one("#table-input", Input)
        field.password = password
        field.placeholder = placeholder
        field.value = ""
        self._back_to = back_to(self.screen)
        self.add_class("-open")
        self.screen.set_focus(field)  # now: digits typed right after `@` go into the field

    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def action_close(self) -> None:
        self.query_one("#table-input", Input).value = ""
        self.remove_class("-open")
        self.screen.set_focus(focus_again(getattr(self, "_back_to", None)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        values = event.value.replace("@", " ")  # `@ 3 4` typed by habit (or a second `@`): the faces
        if values.strip():
            self.post_message(self.Entered(" ".join(values.split())))


class FittedFooter(Footer):
    """The footer with only the keys that fit its width: the screen's `FOOTER_SPARE`
    actions are dropped first, then the rightmost; `?` (every key) always shows."""

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        shown: dict[str, tuple[Any, bool, str]] = {}
        lang = self.app.lang
        for node, binding, enabled, tooltip in active.values():
            if binding.show:  # Textual's own keys too (a Select's "Dismiss menu") in the table's language
                line = key_line(binding.action, key_lines(node))
                label = own_label(node, binding.action)
                if binding.description and label:
                    binding = replace(binding, description=label)
                elif binding.description and has_line(line, lang):
                    binding = replace(binding, description=ui(line, lang, **action_values(binding.action)))
                shown.setdefault(binding.action, (binding, enabled, tooltip))
        items = list(shown.values())
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, tooltip = found
                palette = (replace(binding, description=ui("ui.key.command_palette", lang)), enabled, tooltip)
        display = self.app.get_key_display
        width = self.size.width or self.app.size.width
        if palette is not None:
            width -= key_cost(display(palette[0]), palette[0].description)
        costs = [key_cost(display(b), b.description) for b, _, _ in items]
        spare = tuple(getattr(self.screen, "FOOTER_SPARE", ()))
        self._fitted_width = self.size.width
        for binding, enabled, tooltip in fit_keys(items, costs, [b.action for b, _, _ in items], width, spare):
            yield FooterKey(binding.key, display(binding), binding.description, binding.action,
                            disabled=not enabled, tooltip=tooltip).data_bind(compact=Footer.compact)
        if palette is not None:
            binding, enabled, tooltip = palette
            yield FooterKey(binding.key, display(binding), binding.description, binding.action,
                            classes="-command-palette", disabled=not enabled,
                            tooltip=binding.tooltip or binding.description).data_bind(compact=Footer.compact)

    def on_resize(self) -> None:
        if getattr(self, "_fitted_width", None) != self.size.width:
            self.call_after_refresh(self.recompose)

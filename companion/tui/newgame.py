"""The new-game form: the game, the players (named or counted), the game's
options (`optionsform`) and the save's name."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, Select, Static
from textual.widgets._select import SelectCurrent  # the shown value (Select has no public way to redraw it)

from companion.core.errors import CompanionError
from companion.core.game import Game, Line
from companion.core.registry import find_game, game_names

from .i18n import game_summary, say, ui
from .memory import last_game
from .optionsform import OptionFields, field_row
from .widgets import ErrorLine, UIText


def parse_players(text: str, lang: str) -> list[str]:
    """Names separated by commas, exactly as typed; or a count, for seats named in `lang`."""
    text = text.strip()
    if not text:
        return []
    if text.isascii() and text.isdigit():
        if len(text) > 2:  # not a number of seats (no game seats 100): no seats to show
            return []
        return [ui("ui.start.seat", lang, n=n) for n in range(1, int(text) + 1)]
    return [name.strip() for name in text.split(",")]


class StartRequested(Message):
    """The form asks for a new game with these players and options."""

    def __init__(self, game: type[Game], players: list[str], options: dict[str, Any], save_as: str) -> None:
        super().__init__()
        self.game = game
        self.players = players
        self.options = options
        self.save_as = save_as


class NewGameForm(VerticalScroll):
    """Choose the game, name the players (or count them), set options and the save name."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.games = game_names()
        self.first = self.games[0][0]
        self.game_cls: type[Game] = find_game(self.first)

    def compose(self) -> ComposeResult:
        lang = self.app.lang
        remembered = last_game(self.app.home)  # the last game chosen (never the dice duel)
        if remembered is not None and remembered in dict(self.games):
            try:
                self.game_cls, self.first = find_game(remembered), remembered
            except CompanionError:
                pass
        yield field_row(UIText("ui.start.game"),
                        Select(self._game_titles(lang), value=self.first, allow_blank=False, compact=True,
                               id="game"),
                        Static(id="summary", classes="help", markup=False))
        yield field_row(UIText("ui.start.players"),
                        Input(id="players", compact=True, placeholder=ui("ui.start.players_placeholder", lang)),
                        Static(id="seats", classes="help", markup=False))
        # Built here, not after mounting: mounting them later restyled the form twice at start-up.
        options = OptionFields(id="options")
        with options:
            yield from options.rows(self.game_cls, {}, lang)
        yield field_row(UIText("ui.start.save_as"), Input(id="save-as", compact=True))
        with Horizontal(classes="row", id="begin-row"):
            yield Button(id="begin", variant="primary", compact=True)
        yield ErrorLine(id="new-error")

    def on_mount(self) -> None:
        self.watch(self.app, "lang", lambda _: self.relabel(), init=False)
        self.relabel(options=False)

    def _game_titles(self, lang: str) -> list[tuple[Content, str]]:
        # By name: listing the games must not import them all.
        return [(Content(say(Line(f"game.{name}.title"), lang)), name) for name, _ in self.games]

    def relabel(self, options: bool = True, titles: bool | None = None) -> None:
        lang = self.app.lang
        if options if titles is None else titles:  # the language changed: the games' titles too
            select = self.query_one("#game", Select)
            chosen = select.value
            titles = self._game_titles(lang)
            with select.prevent(Select.Changed):
                select.set_options(titles)
                select.value = chosen
            # The shown title too: when the chosen game is the first one, `value` does not
            # change, so the Select keeps showing the title in the old language.
            for title, name in titles:
                if name == chosen:
                    select.query_one(SelectCurrent).update(title)
        self.query_one("#summary", Static).update(Content(game_summary(self.game_cls, lang)))
        self.query_one("#players", Input).placeholder = ui("ui.start.players_placeholder", lang)
        self.query_one("#save-as", Input).placeholder = ui("ui.start.save_placeholder", lang,
                                                         game=self.game_cls.name)
        self.query_one("#begin", Button).label = Content(ui("ui.start.begin", lang))
        self.show_seats()
        if options:
            self.build_options()

    async def reset(self) -> None:
        """A new game after one was played: the options at their defaults and the save's name
        empty (its placeholder names the default), never what the game left behind chose."""
        self.query_one("#save-as", Input).value = ""
        self.show_error("")
        box = self.query_one(OptionFields)
        box.game_cls = None  # `rebuild` keeps values only for the same game: forget them
        await box.rebuild(self.game_cls, self.app.lang)

    # -- the parts ---------------------------------------------------------

    def show_seats(self) -> None:
        lang = self.app.lang
        players = parse_players(self.query_one("#players", Input).value, lang)
        seats = self.query_one("#seats", Static)
        if not players:
            seats.update(Content(ui("ui.start.players_help", lang, low=self.game_cls.min_players,
                                    high=self.game_cls.max_players)))
            return
        parts: list[Any] = [ui("ui.start.seats", lang) + " "]
        for number, name in enumerate(players, 1):
            if number > 1:
                parts.append("  ")
            parts.extend([(f"{number} ", "dim"), (name, "bold")])
        seats.update(Content.assemble(*parts))

    def build_options(self) -> None:
        self.call_later(self._build_options)

    async def _build_options(self) -> None:
        box = self.query_one(OptionFields)
        focused = self.app.focused
        lost = focused is not None and box in focused.ancestors  # a field about to go
        await box.rebuild(self.game_cls, self.app.lang)
        if lost or self.app.focused is None or not self.app.focused.is_attached:
            self.query_one("#game", Select).focus()  # where the person was: never nowhere

    # -- events ------------------------------------------------------------

    @on(Select.Changed, "#game")
    def game_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.value is Select.NULL or event.value == self.game_cls.name:
            return
        self.game_cls = find_game(str(event.value))
        self.query_one("#save-as", Input).value = ""  # the name typed for the game left is not this one's
        self.show_error("")  # a refusal of the game left (its player count) says nothing of this one
        # Not the games' titles: resetting the Select's options while its list is closing left
        # the focus on the hidden list (Tab and typing went nowhere).
        self.relabel(titles=False)

    @on(Input.Changed, "#players")
    def players_changed(self, event: Input.Changed) -> None:
        self.show_seats()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.begin()

    @on(Button.Pressed, "#begin")
    def begin_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.begin()

    def begin(self) -> None:
        """Check what can be checked here, then ask the screen to start the game."""
        lang = self.app.lang
        options, errors = self.query_one(OptionFields).check(lang)
        players = parse_players(self.query_one("#players", Input).value, lang)
        if not players:
            errors.insert(0, ui("ui.start.no_players", lang, low=self.game_cls.min_players,
                                high=self.game_cls.max_players))
        if errors:
            self.show_error(" ".join(errors))
            return
        self.show_error("")
        self.post_message(StartRequested(self.game_cls, players, options,
                                         self.query_one("#save-as", Input).value))

    def show_error(self, message: str) -> None:
        self.query_one("#new-error", ErrorLine).show(message)
        if message:
            self.scroll_end(animate=False)



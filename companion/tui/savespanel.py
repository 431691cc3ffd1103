"""The Continue tab: the saves in the home folder, newest first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option as ListOption

from companion.core.errors import CompanionError
from companion.core.registry import find_game
from companion.core.text import printable

from .i18n import game_title, ui
from .saves import SaveSummary
from .widgets import ErrorLine, UIText


class ResumeRequested(Message):
    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class SavesPanel(Vertical):
    """The saves in the home folder, newest first; Enter resumes one.

    Empty until its tab is first opened (`build`): the saves are known (`saves`)
    before that, but listed only when someone looks."""

    def __init__(self, home: Path, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.home = home
        self.saves: list[SaveSummary] = []
        self.built = False

    async def build(self) -> None:
        """Make the listing (once), showing the saves known now."""
        if self.built:
            return
        self.built = True
        await self.mount_all([UIText("ui.resume.folder", classes="help", folder=str(self.home)),
                              OptionList(id="saves", compact=True), ErrorLine(id="resume-error")])
        self.show(self.saves)

    def on_mount(self) -> None:
        self.watch(self.app, "lang", lambda _: self.show(self.saves), init=False)

    def show(self, saves: list[SaveSummary]) -> None:
        lang = self.app.lang
        self.saves = saves
        if not self.built:
            return
        listing = self.query_one("#saves", OptionList)
        listing.clear_options()
        if not saves:
            listing.add_option(ListOption(Content(ui("ui.resume.none", lang)), disabled=True))
            return
        listing.add_options([ListOption(self._line(s, lang, self.home), id=str(i)) for i, s in enumerate(saves)])
        listing.highlighted = 0

    @staticmethod
    def _line(save: SaveSummary, lang: str, home: Path | None = None) -> Content:
        name = save.name
        if home is not None and save.path.parent != home:  # opened from elsewhere: say where
            name = printable(str(save.path))
        if save.problem and not save.damaged:
            return Content.assemble((name, "bold"), "\n  ", ("⚠ " + ui("ui.resume.unreadable", lang), "$text-error"))
        title = save.game
        try:
            title = game_title(find_game(save.game), lang)
        except CompanionError:
            pass
        parts: list[Any] = [(name, "bold"), "\n  ", title, " · "]
        for number, player in enumerate(save.players):  # names as typed: plain text, never markup
            parts += [", " if number else "", (player, "bold")]
        state = (save.state or {}).get(lang) or (save.state or {}).get("en")
        progress = (save.progress or {}).get(lang) or (save.progress or {}).get("en")
        if state:
            if save.over:
                state = ui("ui.resume.over", lang, result=state)
            elif progress:
                state = ui("ui.resume.progress", lang, progress=progress, state=state)
            parts += ["\n  ", ui("ui.resume.state", lang, state=state, when=save.when, count=save.actions)]
        else:
            parts += ["\n  ", ui("ui.resume.unknown_state", lang, count=save.actions)]
            if save.when:
                parts += [" · ", save.when]
        if save.damaged:
            parts += ["  ", ("⚠ " + ui("ui.resume.damaged_mark", lang), "$text-warning")]
        return Content.assemble(*parts)

    @on(OptionList.OptionSelected, "#saves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(ResumeRequested(self.saves[int(event.option.id)].path))

    def show_error(self, message: str) -> None:
        for line in self.query("#resume-error").results(ErrorLine):
            line.show(message)



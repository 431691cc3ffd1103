"""The end of the game (every card revealed, the story night by night) and
the grimoire (seats, lovers, spells, the Pariente mayor, the vote history),
opened with `i` at any time."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ...widgets import put

from companion.core.game import Line

from ...i18n import say, ui
from ...keys import translate_keys
from .setup import role_name

HERE = Path(__file__).parent
HEADINGS = ("gauekos.story.prep", "gauekos.story.night", "gauekos.story.day")


def cards_lines(players: Sequence[str], cards: Mapping[str, str | None], alive: Sequence[str],
                winners: Sequence[str], lang: str) -> list[Content]:
    """One line per seat: number, name, card; the dead crossed, the winners starred."""
    lines = []
    for number, name in enumerate(players, 1):
        card = cards.get(name)
        dead = name not in alive
        parts: list[Any] = [(f"{number:>2} ", "dim"), ("★ " if name in winners else "  ", "bold $success"),
                            (name, "strike dim" if dead else "bold"), "  ",
                            (role_name(card, lang) if card else "—", "bold $accent")]
        if dead:
            parts += ["  ", (ui("ui.gauekos.dead", lang), "dim")]
        lines.append(Content.assemble(*parts))
    return lines


def story_lines(story: Sequence[Line], lang: str) -> list[Content]:
    """The story as lines: each night and day a heading, what happened below it."""
    lines: list[Content] = []
    for line in story:
        text = say(line, lang)
        if line.id in HEADINGS:
            lines.append(Content.styled(text, "bold $accent"))
        else:
            lines.append(Content.assemble("  • ", text))
    return lines


def votes_lines(history: Sequence[Mapping[str, Any]], lang: str) -> list[Content]:
    """The vote history: each round's ballots (or counts) and tally."""
    lines: list[Content] = []
    for vote in history:
        round_name = ui("ui.gauekos.round_runoff" if vote["round"] == "runoff" else "ui.gauekos.round_first", lang)
        tally = ", ".join(f"{name} {n}" for name, n in sorted(vote["tally"].items(), key=lambda x: -x[1]))
        lines.append(Content.assemble((ui("ui.gauekos.day_n", lang, day=vote["day"]) + " · " + round_name, "bold"),
                                      ": ", tally or "—"))
        if vote.get("ballots"):
            lines.append(Content.styled("    " + ", ".join(f"{v} → {t}" for v, t in vote["ballots"].items()), "dim"))
    return lines


class EndPanel(VerticalScroll):
    """Every card revealed and the story of the game, night by night."""

    def compose(self) -> ComposeResult:
        yield Static(id="end-text", markup=False)

    def show(self, public: Mapping[str, Any], winners: Sequence[str], story: Sequence[Line], lang: str) -> None:
        lines = [Content.styled(ui("ui.gauekos.cards", lang), "bold underline")]
        lines += cards_lines(public["players"], public.get("cards", {}), public["alive"], winners, lang)
        lines += [Content(""), Content.styled(ui("ui.gauekos.story", lang), "bold underline")]
        lines += story_lines(story, lang)
        if public.get("votes"):
            lines += [Content(""), Content.styled(ui("ui.gauekos.votes", lang), "bold underline")]
            lines += votes_lines(public["votes"], lang)
        put(self.query_one("#end-text", Static), Content("\n").join(lines))


class GrimoireScreen(ModalScreen[None]):
    """The Kontalari's book: who is who (secrets only when revealed), what the Sorgiña has seen,
    and every vote. `v` shows or hides the secrets here too, as on the table's screen."""

    CSS_PATH = [HERE / "gauekos.tcss"]
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("i", "close", "Close", show=False),
        Binding("v", "reveal", "Secrets"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
    ]

    def __init__(self, lines: Callable[[], Sequence[Content]], reveal: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.source = lines
        self.reveal = reveal

    @property
    def lines(self) -> list[Content]:
        return list(self.source())

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="grimoire"):
            yield Static(Content("\n").join(self.lines), id="grimoire-text", markup=False)

    def on_mount(self) -> None:
        translate_keys(self, self.app.lang)
        self.query_one("#grimoire", VerticalScroll).border_title = Content(ui("ui.gauekos.grimoire", self.app.lang))

    def action_reveal(self) -> None:
        if self.reveal is not None:
            self.reveal()
            put(self.query_one("#grimoire-text", Static), Content("\n").join(self.lines))

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#grimoire", VerticalScroll)
        box.scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss()

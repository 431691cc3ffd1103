"""Beside the Nostromo: the Alien's last card, large (its rank in big digits,
its name, what it does), and the ship's state: the countdown big while it
runs, the mad Alien, the entered codes set aside, the dead, and the legend
of the signs. Every word from the packs; names as typed (`Content`)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Digits, Static

from companion.games.alien.cards import effect, rank, sector_of
from companion.core.game import Line
from companion.games.alien.say import card as card_line, names, sector as sector_line

from ...i18n import say, ui
from ...widgets import LOCK, put, set_title
from .nostromo import ALIEN_MARK, ARMED, COMES, DOWN, DROPS, EMPTY_PIP, GUARD, HELD, PIP, STRIKES, UI, percent


def effect_line(card: str, alien: str | None, mad: bool, lang: str) -> Content:
    """What the card does, in a few words: where the Alien goes, who drops a code, where it strikes."""
    kind = effect(card)
    if kind == "move":
        text = ui(f"{UI}.effect.move", lang, sector=say(sector_line(sector_of(card)), lang))
        return Content.assemble((f"{COMES} ", "bold"), text)
    if kind == "drop":
        text = ui(f"{UI}.effect.drop", lang, sector=say(sector_line(sector_of(card)), lang))
        parts: list[Any] = [(f"{DROPS} ", "bold"), text]
        if mad:
            parts += ["\n", (f"{STRIKES} ", "bold $error"),
                      (ui(f"{UI}.effect.mad", lang, sector=say(sector_line(alien), lang)), "bold $error")]
        return Content.assemble(*parts)
    count = 3 if rank(card) == "1" else 2
    text = ui(f"{UI}.effect.strike", lang, count=count, sector=say(sector_line(alien), lang))
    return Content.assemble((f"{STRIKES} ", "bold $error"), (text, "bold $error"))


class CardPanel(Vertical):
    """The Alien's last card, large."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="al-card-top"):
            yield Digits("", id="al-rank")
            with Vertical(id="al-card-words"):
                yield Static(id="al-card-name", markup=False)
                yield Static(id="al-effect", markup=False)

    def show(self, facts: Mapping[str, Any], mad: bool, lang: str) -> None:
        position = facts["position"]
        drawn = position["drawn"]
        set_title(self, Content(ui(f"{UI}.card_title", lang)))
        deck = Content(ui(f"{UI}.deck", lang, count=position["deck"]))
        if not isinstance(self.border_subtitle, Content) or not self.border_subtitle.is_same(deck):
            self.border_subtitle = deck
        digits = self.query_one("#al-rank", Digits)
        name = self.query_one("#al-card-name", Static)
        line = self.query_one("#al-effect", Static)
        if not drawn:
            digits.update("")
            digits.display = False
            put(name, Content.styled(ui(f"{UI}.no_card", lang), "dim"))
            put(line, Content(""))
            return
        card = drawn[-1]
        digits.display = True
        digits.update(rank(card))
        digits.set_class(effect(card) == "strike", "-strike")
        put(name, Content.styled(say(card_line(card), lang), "bold"))
        put(line, effect_line(card, position["alien"], mad, lang))


class OddsPanel(Static):
    """The next card's odds (on request): the deck's size and what the signs in the boxes mean."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, facts: Mapping[str, Any], lang: str) -> None:
        odds = facts["odds"]
        set_title(self, Content(ui(f"{UI}.odds.title", lang)))
        subtitle = Content(ui(f"{UI}.odds.cards", lang, count=odds["cards"]))
        if not isinstance(self.border_subtitle, Content) or not self.border_subtitle.is_same(subtitle):
            self.border_subtitle = subtitle
        markers = odds["markers"]
        # a space goes at the end of the text before it, never alone (an SVG export drops it there)
        lines = [Content.assemble((f"{COMES} ", "bold"), ui(f"{UI}.odds.alien", lang) + "  ",
                                  (f"{DROPS} ", "bold"), ui(f"{UI}.odds.drop", lang)),
                 Content.assemble((f"{STRIKES} ", "bold $warning"), ui(f"{UI}.odds.strike", lang)),
                 Content(ui(f"{UI}.odds.markers", lang, three=percent(markers[3]), two=percent(markers[2])))]
        put(self, Content("\n").join(lines))


class ShipPanel(Vertical):
    """The countdown (big), the mad Alien, the codes set aside, the dead, the legend."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="al-countdown"):
            yield Digits("", id="al-count")
            yield Static(id="al-count-text", markup=False)
        yield Static(id="al-ship-text", markup=False)

    def show(self, public: Mapping[str, Any], lang: str, legend_too: bool = True,
             private: Mapping[str, Any] | None = None) -> None:
        set_title(self, Content(ui(f"{UI}.ship_title", lang)))
        countdown = public["countdown"]
        row = self.query_one("#al-countdown", Horizontal)
        row.display = countdown is not None
        if countdown is not None:
            self.query_one("#al-count", Digits).update(str(countdown))
            put(self.query_one("#al-count-text", Static),
                Content.styled(ui(f"{UI}.countdown", lang, count=countdown, player=public["entered_by"] or ""),
                               "bold $warning"))
        lines: list[Content] = []
        if private is not None:  # `v`: still no hand at once; `h` asks whose and hands the screen over
            lines.append(Content.styled(f"{LOCK} {ui(f'{UI}.hands_hint', lang)}", "$warning"))
        if public["mad"]:
            lines.append(Content.styled(f"{ALIEN_MARK} {ui(f'{UI}.mad', lang)} {ALIEN_MARK}", "bold reverse $error"))
        if public["dead"]:
            lines.append(Content.assemble(("✝ ", "bold"), (ui(f"{UI}.dead", lang) + " ", "bold"),
                                          say(names(list(public["dead"])), lang)))
        if public["entered"]:
            lines.append(Content.assemble((ui(f"{UI}.pile", lang) + " ", "bold"), pile(public["entered"], lang)))
        if legend_too:
            lines += [legend(lang), Content.styled(ui(f"{UI}.keys_hint", lang), "dim")]
        self.display = bool(lines) or countdown is not None
        put(self.query_one("#al-ship-text", Static), Content("\n").join(lines))


def pile(cards: Sequence[str], lang: str) -> str:
    """The entered codes set aside, by figure (what boarding draws from): `Rey ×3`, `Sota ×2 · Rey ×2`."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[rank(card)] = counts.get(rank(card), 0) + 1
    return " · ".join(ui(f"{UI}.times", lang, rank=say(Line(f"alien-1979.rank.{r}"), lang), count=n)
                      for r, n in counts.items())


def legend(lang: str) -> Content:
    """What the signs mean (markers, weapon, guard, codes held and face down), two a line."""
    pairs: Sequence[tuple[str, str]] = ((PIP + EMPTY_PIP, "markers"), (ARMED, "weapon"), (GUARD, "guard"),
                                        (HELD, "held"), (DOWN, "down"))
    lines = []
    for start in range(0, len(pairs), 2):
        parts: list[Any] = []
        for sign, key in pairs[start:start + 2]:
            if parts:  # the space after the text before (never alone: an SVG export drops it)
                text, style = parts[-1]
                parts[-1] = (text + "  ", style)
            parts += [(f"{sign} ", "bold"), (ui(f"{UI}.legend.{key}", lang), "dim")]
        lines.append(Content.assemble(*parts))
    return Content("\n").join(lines)

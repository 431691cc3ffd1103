"""The centre of the ring: sections of lines (the players' table, the battle
round by round, the bank's ledger, the legend) fitted to the rows there are.

Each section has a priority; when the centre is too short the least urgent
go first, and a section too long for what is left keeps its first line and
its last ones (the latest rounds, the latest payments). The battle's and
the ledger's lines are built here for both games; every word from the packs,
names as typed (`Content`, never markup).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping, Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.widgets import Static

from companion.games.kaiju.notation import NAME
from companion.games.kaiju.odds import percent, survival
from companion.games.kaiju.say import money as money_line, troops as troops_line

from ...i18n import say, ui
from ...widgets import put
from .cells import ABANDONED, BARRACKS, CUARTEL, KAIJU, PLATOON, RUBBLE, Tag, assemble, clip

UI = f"ui.{NAME}"
FIGHT = "⚔"
TURN = "▸"


@dataclass
class Section:
    """Lines for the centre. When they do not all fit, the least urgent (lowest `priority`)
    go first, or take their `short` form if they have one (the table without its headings);
    a `tail` section cut short keeps its first line and its last ones."""

    lines: list[Content]
    priority: int
    tail: bool = False
    short: list[Content] | None = None


def fit(sections: Sequence[Section], height: int) -> list[Content]:
    """The sections that fit `height` rows, in their order, a blank line between them when
    there is room."""
    kept = [replace(s) for s in sections if s.lines]

    def total() -> int:
        return sum(len(s.lines) for s in kept)

    for section in sorted(kept, key=lambda s: s.priority)[:-1]:  # the most urgent stays, cut if need be
        if total() <= height:
            break
        if section.short is not None:
            section.lines = section.short
        else:
            kept.remove(section)
    while len(kept) > 1 and total() > height:  # even short, too long: the least urgent go
        kept.remove(min(kept, key=lambda s: s.priority))
    spare = height - total()
    out: list[Content] = []
    for section in kept:
        if out and spare > 0:
            out.append(Content(""))
            spare -= 1
        room = height - len(out)
        lines = section.lines
        if len(lines) > room:
            lines = [lines[0], *lines[len(lines) - room + 1:]] if section.tail and room > 1 else lines[:room]
        out += lines
    return out[:height]


def wrap(lines: Sequence[Content], width: int) -> list[Content]:
    """Lines too wide for the centre wrapped between words onto more rows (at 80 columns a battle's
    line was cut mid-word): `fit` then counts the rows each takes."""
    out: list[Content] = []
    for line in lines:
        out += line.wrap(width) if line.cell_length > width else [line]
    return out


class CentrePanel(Static):
    """The centre of the ring: what `fit` keeps of the sections (fitted again when the ring
    gives it more or fewer rows)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.sections: Sequence[Section] = ()
        self.top: int | None = None  # None: fitted; else the first row shown of every line (PgUp/PgDn, the wheel)

    def show(self, sections: Sequence[Section]) -> None:
        self.sections = sections
        height = self.content_size.height or 9
        width = self.content_size.width or 54
        wrapped = [replace(s, lines=wrap(s.lines, width), short=None if s.short is None else wrap(s.short, width))
                   for s in sections]
        if self.top is not None:  # scrolled: the whole text, from `top`, nothing folded away
            every = [line for s in wrapped for line in s.lines]
            self.top = min(self.top, max(0, len(every) - height))
            put(self, Content("\n").join(every[self.top:self.top + height]))
            return
        put(self, Content("\n").join(fit(wrapped, height)))

    def scroll_lines(self, where: str) -> None:
        """PgUp/PgDn/Home/End (and the wheel, by three rows) over the whole text. Unscrolled, a
        list that ends with its newest lines (the bank's payments) stands at its end: PgUp goes back."""
        height = self.content_size.height or 9
        width = self.content_size.width or 54
        rows = sum(len(wrap(s.lines, width)) for s in self.sections)
        last = max(0, rows - height)
        ends_newest = bool(self.sections) and self.sections[-1].tail  # the bank: newest last
        now = self.top if self.top is not None else (last if ends_newest else 0)
        step = {"page_up": -max(1, height - 1), "page_down": max(1, height - 1), "up": -3, "down": 3}
        if where == "home":
            self.top = 0
        elif where == "end":
            self.top = last
        else:
            self.top = min(last, max(0, now + step[where]))
        self.show(self.sections)

    def on_mouse_scroll_down(self, event: Any) -> None:
        event.stop()
        self.scroll_lines("down")

    def on_mouse_scroll_up(self, event: Any) -> None:
        event.stop()
        self.scroll_lines("up")

    def on_resize(self) -> None:
        self.show(self.sections)


# -- words and signs ----------------------------------------------------------------------------

def chance(value: str | Fraction, lang: str) -> str:
    """A chance with its sign the table's way ("17 %", "17%", "% 17": `percent` in the pack),
    as the rules say it (`percent`)."""
    return ui(f"{UI}.percent", lang, odds=percent(Fraction(value)))


def troops_marks(level: int) -> str:
    if level >= CUARTEL:
        return BARRACKS
    return PLATOON * level if level > 0 else RUBBLE


def tag_part(tag: Tag) -> tuple[str, str]:
    return tag.text, f"bold {tag.colour}"


def padded(name: str, width: int) -> str:
    """A name as typed, cut to `width` cells and padded to it."""
    shown = clip(name, width)
    return shown + " " * (width - cell_len(shown))


# -- the battle ---------------------------------------------------------------------------------

def battle_section(battle: Mapping[str, Any], board: Any, lang: str, priority: int, width: int,
                   attacker: str | None = None) -> Section:
    """`⚔ Combate por Bilbao · 3 pelotones al empezar (66 %)`, then each round: both rolls,
    what it did, the troops left and the odds from there; then how it stands or ended."""
    city = board[battle["square"]]
    start = battle["start"]
    head = ui(f"{UI}.battle.title", lang, city=city.short) if attacker is None else \
        ui("ui.rey-de-los-monstruos.battle.title", lang, player=attacker, city=city.short)
    before = ui(f"{UI}.battle.start", lang, troops=say(troops_line(start), lang),
                odds=percent(Fraction(battle["odds"])))
    title = (f"{FIGHT} {head}", "bold $error")
    if cell_len(f"{FIGHT} {head} · {before}") <= width:
        lines = [assemble(title, " · " + before)]
    else:
        lines = [assemble(title), assemble("  " + before)]
    kaiju = attacker if attacker is not None else ui(f"{UI}.kaiju", lang)
    for n, record in enumerate(battle["rounds"], 1):
        a, b = record["kaiju"]
        roll = ui(f"{UI}.battle.round", lang, n=n, kaiju=kaiju, a=a, b=b, attack=a + b, city=city.short,
                  die=record["die"], bonus=record["bonus"], defence=record["die"] + record["bonus"])
        result = record["result"]
        parts: list[Any] = [roll + " ", (ui(f"{UI}.battle.{result}", lang),
                                          "bold $success" if result == "repelled" else
                                          "bold $error" if result in ("hit", "mega") else "dim")]
        if result in ("hit", "mega"):
            after = record["after"]
            parts.append((f" → {troops_marks(after)}", "bold"))
            if after:
                parts.append(f" {chance(survival(after), lang)}")
        lines.append(assemble(*parts))
    end = battle["end"]
    if end is None:
        now = ui(f"{UI}.battle.now", lang, odds=percent(survival(battle["level"])))
        lines.append(assemble((now, "bold $warning")))
    else:
        said = ui(f"{UI}.battle.end.{end}", lang, city=city.short, troops=say(troops_line(battle["level"]), lang))
        lines.append(assemble((said, "bold $success" if end == "repelled" else "bold $error")))
    return Section(lines, priority, tail=True)


# -- the ledger ---------------------------------------------------------------------------------

def ledger_section(game: Any, tags: Sequence[Tag], lang: str, priority: int) -> Section:
    """The bank's totals, then every payment, newest last: `R3 Ana → Bea 14 € alquiler`."""
    def money(amount: int) -> str:
        return say(money_line(game, amount), lang)

    def who(seat: int | None) -> tuple[str, str]:
        if seat is None:
            return ui(f"{UI}.bank", lang), "italic"
        return clip(game.players[seat], 12), f"bold {tags[seat].colour}"

    lines = [assemble((ui(f"{UI}.ledger.title", lang, paid=money(game.bank_paid), took=money(game.bank_took)),
                       "bold"))]
    if not game.ledger:
        lines.append(assemble((ui(f"{UI}.ledger.empty", lang), "dim")))
    for row in game.ledger:
        lines.append(assemble((ui(f"{UI}.ledger.round", lang, round=row["round"]) + " ", "dim"),
                              who(row["from"]), " → ", who(row["to"]), f" {money(row['amount'])} ",
                              (ui(f"{UI}.why.{row['why']}", lang), "dim")))
    return Section(lines, priority, tail=True)


# -- the legend ---------------------------------------------------------------------------------

def legend_section(tag: Tag, threat_on: bool, lang: str, priority: int, king: bool = False) -> Section:
    """What the signs on the ring mean (the first player's tag as the example)."""
    if king:  # no owners, no Kaiju of its own: the rubble says who took it
        first: list[Any] = [(PLATOON + " ", "bold"), ui(f"{UI}.legend.platoons", lang) + "  ",
                            (BARRACKS + " ", "bold"), ui(f"{UI}.legend.cuartel", lang) + "  ",
                            (RUBBLE, "bold"), tag_part(tag), " " + ui("ui.rey-de-los-monstruos.legend.taken", lang)]
        second: list[Any] = []
    else:
        first = [tag_part(tag), (PLATOON + " ", "bold"), ui(f"{UI}.legend.owner", lang) + "  ",
                 (BARRACKS + " ", "bold"), ui(f"{UI}.legend.cuartel", lang) + "  ",
                 (RUBBLE + " ", "bold"), ui(f"{UI}.legend.rubble", lang)]
        second = [(KAIJU, "bold reverse $error"), " " + ui(f"{UI}.legend.kaiju", lang) + "  "]
    second += [(tag.text, f"bold reverse {tag.colour}"), " " + ui(f"{UI}.legend.here", lang)]
    lines = [assemble(*first), assemble(*second)]
    if not king:  # an owned city with no mark may still get troops; this one never will
        lines.append(assemble(tag_part(tag), (ABANDONED, "bold $error"), " " + ui(f"{UI}.legend.abandoned", lang)))
    if threat_on:
        lines.append(assemble(("17%", "bold $warning"), " " + ui(f"{UI}.legend.threat", lang)))  # as the map marks it
    return Section(lines, priority)

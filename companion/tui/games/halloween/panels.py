"""The table as the Halloween screen shows it: the status lines (round,
turn card, turn, pot, decks, hands), the eight children, and the context
box (the knock at the door with the candy table or the trato sums, the
costume fight, the card just drawn or played, the final ranking).

Displays only: the screen pushes the public state down with `show(...)`.
Every text is built as `Content` (player names are never markup).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from companion.core.game import Event, Line
from companion.games.halloween.children import CHILDREN
from companion.games.halloween.score import row_values
from companion.games.tables import HALLOWEEN_CANDY

from ...i18n import say
from ...widgets import put, set_title
from .menu import L

COLOUR_STYLE = {"red": "#e5484d", "green": "#46a758", "yellow": "#e2b93b", "orange": "#f76b15", "blue": "#3e8ede"}
SWATCH = "■"


def t(line: Line, lang: str) -> str:
    return say(line, lang)


def colour_of(public: Mapping[str, Any], player: str) -> str | None:
    return (public.get("colours") or {}).get(player)


def swatch(public: Mapping[str, Any], player: str) -> tuple[str, str]:
    colour = colour_of(public, player)
    return (SWATCH, COLOUR_STYLE[colour]) if colour else ("□", "dim")


def seat_of(public: Mapping[str, Any], player: str) -> int:
    """A player's seat number (1-based), as the notation counts them."""
    return list(public["players"]).index(player) + 1


# -- the status lines -----------------------------------------------------------


def status_content(public: Mapping[str, Any], lang: str) -> Content:
    """Two lines: round, turn card, turn, pot; then hands, decks and who is out or resting."""
    sep = (" · ", "dim")
    if public.get("phase") == "setup":
        first: list[Any] = [(t(L("setup"), lang), "bold"), sep,
                            t(L("pot", pot=public["pot"]), lang)]
    else:
        first = [(t(L("round", round=public["round"], rounds=public["rounds"]), lang), "bold $accent")]
        if public.get("turn_card"):
            first += [sep, t(L("turn_card", player=public["turn_card"]), lang)]
        if public.get("turn"):
            first += [sep, (t(L("turn", player=public["turn"]), lang), "bold")]
        first += [sep, (t(L("pot", pot=public["pot"]), lang), "bold")]
    second: list[Any] = [(t(L("hands"), lang) + " ", "dim")]
    out = set(public.get("out") or [])
    resting = set(public.get("rip_cooldown") or [])
    for number, player in enumerate(public["players"]):
        if number:
            second.append(" ")
        second.append(swatch(public, player))
        style = "strike dim" if player in out else ""
        second.append((player, style))
        second.append((f" {public['hands'].get(player, 0)}", "bold"))
        if player in resting:
            second.append(("⚔", "$warning"))
    second += [sep, t(L("decks", action=public["action_deck"], treat=public["treat_deck"]), lang)]
    return Content.assemble(*first, "\n", *second)


class StatusBar(Static):
    """Round, turn card, turn, pot, hands and decks: two lines across the screen."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, public: Mapping[str, Any], lang: str) -> None:
        put(self, status_content(public, lang))


# -- the children ---------------------------------------------------------------


def child_content(child: Mapping[str, Any], public: Mapping[str, Any], lang: str) -> Content:
    """One child's line: the name, then what holds for it now (in words; in signs when several hold)."""
    name = child["name"]
    parts: list[Any] = [(f"{name:<10}", "bold" if child["in_play"] else "dim strike")]
    marks: list[tuple[str, str, str]] = []  # (long, short, style)
    if not child["in_play"]:
        marks.append((f"✗ {t(L('child.home', player=child['sent_home_by'] or '?'), lang)}", "✗", "$text-muted"))
    else:
        moving = public.get("moving")
        if moving and moving.get("child") == name and public.get("phase") == "play":
            marks.append((f"▶ {t(L('child.moving'), lang)}", "▶", "bold $accent"))
        elif child["moved"]:
            marks.append((f"✓ {t(L('child.moved'), lang)}", "✓", "$success"))
        if child["frozen"]:
            turns = child["frozen"]["turns"]
            marks.append((f"❄ {t(L('child.frozen', turns=turns), lang)}", f"❄{turns}", "bold #6cb6ff"))
        if child["rip_cooldown"]:
            player = child["rip_cooldown"]
            marks.append((f"⛨ {t(L('child.cooldown', player=player), lang)}", f"⛨ {player}", "$warning"))
        if not marks:
            marks.append((f"· {t(L('child.in_play'), lang)}", "·", "dim"))
    several = len(marks) > 1
    for number, (long, short, style) in enumerate(marks):
        parts += [" " if number else "", (short if several else long, style)]
    return Content.assemble(*parts)


class ChildrenPanel(VerticalScroll):
    """The eight children and their state: in play, moved, frozen, resting from a fight, gone home."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Static(id="hw-children-text", markup=False)

    def compose(self):
        yield self.text

    def show(self, public: Mapping[str, Any], lang: str) -> None:
        set_title(self, Content(t(L("children"), lang)))
        children = public["children"]
        lines = [child_content(children[c], public, lang) for c in CHILDREN]
        put(self.text, Content("\n").join(lines))


# -- the context box ------------------------------------------------------------


def candy_table(lang: str, claim: int | None = None, rolled: int | None = None) -> list[Content]:
    """The candy table as two rows; the claimed column (and the owner's roll) lit."""
    die_word, candy_word = t(L("candy.die"), lang), t(L("candy.candies"), lang)
    width = max(len(die_word), len(candy_word)) + 1
    top: list[Any] = [(f"{die_word:<{width}}", "dim")]
    bottom: list[Any] = [(f"{candy_word:<{width}}", "dim")]
    for roll, candies in HALLOWEEN_CANDY.results.items():
        style = ""
        if roll == claim:
            style = "bold reverse $accent"
        elif roll == rolled:
            style = "bold reverse $warning"
        top.append((f" {roll} ", style))
        bottom.append((f" {candies} ", style or "bold"))
    return [Content.assemble(*top), Content.assemble(*bottom)]


FEE_LINES = {"1": "fee.one", "2": "fee.two", "card": "fee.card", "none": "fee.none"}


def _fee_text(fee: str | None, lang: str) -> str:
    return t(L(FEE_LINES.get(fee or "none", "fee.none")), lang)


def knock_lines(public: Mapping[str, Any], knock: Mapping[str, Any], lang: str,
                events: Sequence[Event] = ()) -> list[Content]:
    """A knock at a door: who knocks where, then the truco or the trato as it stands."""
    head: list[Any] = ["⌂ ", swatch(public, knock["owner"]), " ",
                       (t(L("knock.title", child=knock["child"], owner=knock["owner"], mover=knock["mover"]), lang),
                        "bold")]
    lines = [Content.assemble(*head)]
    kind = knock.get("kind")
    if kind == "truco":
        lines += truco_lines(knock, lang, events, settled=bool(events))
    elif kind == "trato":
        lines += trato_lines(public, knock, lang, events)
    else:
        if knock.get("only_trato"):
            lines.append(Content.styled(t(L("knock.only_trato"), lang), "$warning"))
        lines += candy_table(lang)
        lines.append(Content.styled(t(L("knock.treats_left", left=public["treat_deck"]), lang), "dim"))
    return lines


def truco_lines(knock: Mapping[str, Any], lang: str, events: Sequence[Event] = (),
                settled: bool = False) -> list[Content]:
    """The truco as it stands: the claim and the candy table (lit), the helper, the die, the rolls.
    Once `settled`, the table stays only if the owner rolled on it."""
    claim = knock.get("claim")
    rolls = list(knock.get("rolls") or [])
    rolls += [e.line.values["roll"] for e in events if e.line.id == "halloween.truco.duel_roll"]  # just rolled
    table_roll = next((e.line.values["roll"] for e in events if e.line.id == "table.halloween_candy.say"), None)
    if table_roll is None and knock.get("decision") == "disbelieve" and rolls and knock.get("die") == claim:
        table_roll = rolls[-1]
    if claim is None:
        lines = [Content.styled(t(L("truco.rolling", player=knock["mover"]), lang), "bold")]
    else:
        candies = HALLOWEEN_CANDY.lookup(claim)
        lines = [Content.assemble(("Truco · ", "bold $accent"),
                                  (t(L("truco.claim", player=knock["mover"], claim=claim, candies=candies), lang),
                                   "bold"))]
    if not settled or table_roll is not None:
        lines += candy_table(lang, None if settled else claim, table_roll)
    if knock.get("helper"):
        said = knock.get("says")
        word = "" if said is None else " · " + t(L("truco.says_true" if said else "truco.says_false"), lang)
        lines.append(Content(t(L("truco.helper", player=knock["helper"], fee=_fee_text(knock.get("fee"), lang)),
                               lang) + word))
    revealed = knock.get("die")
    if revealed is None:
        revealed = next((e.line.values["die"] for e in events
                         if e.line.id in ("halloween.truco.revealed_lie", "halloween.truco.revealed_truth")), None)
    if revealed is not None:
        lines.append(Content.styled(t(L("truco.die_shown", die=revealed), lang), "bold"))
    if rolls and not table_roll:
        lines.append(Content(t(L("truco.duel", child=knock["mover"], owner=knock["owner"],
                                 rolls=" · ".join(map(str, rolls))), lang)))
    return lines


def _signed(value: int) -> str:
    return f"{value:+d}"


def trato_lines(public: Mapping[str, Any], knock: Mapping[str, Any], lang: str,
                events: Sequence[Event] = ()) -> list[Content]:
    """The trato worked out on screen: each card, each die, each total, the difference."""
    treat = knock.get("treat")
    rolls = list(knock.get("rolls") or [])
    rolls += [e.line.values["roll"] for e in events if e.line.id == "halloween.trato.rolled"]  # just rolled
    lines = [Content.assemble(("Trato · ", "bold $accent"),
                              (t(L("trato.title", left=public["treat_deck"]), lang), "dim"))]
    rows = ((knock["mover"], "role.child"), (knock["owner"], "role.owner"))
    width = max(len(name) for name, _ in rows)
    for index, (name, role) in enumerate(rows):
        modifier = _signed(treat[index]) if treat else "?"
        roll = str(rolls[index]) if index < len(rolls) else "…"
        total = str(rolls[index] + treat[index]) if treat and index < len(rolls) else "…"
        lines.append(Content.assemble(
            (f"{name:<{width}} ", "bold"), (f"({t(L(role), lang)})  ", "dim"),
            t(L("trato.card"), lang) + " ", (f"{modifier:>3}", "bold"), "  ",
            t(L("trato.die"), lang) + " ", (f"{roll:>2}", "bold"), "  = ", (f"{total:>3}", "bold $accent")))
    for event in events:
        values = event.line.values
        if event.line.id == "halloween.trato.due":
            lines.append(Content.styled(t(L("trato.result", high=values["high"], low=values["low"], due=values["due"],
                                            player=values["player"], to=values["to"]), lang), "bold $success"))
        elif event.line.id == "halloween.trato.tie":
            lines.append(Content.styled(say(event.line, lang), "bold"))
    return lines


def fight_lines(public: Mapping[str, Any], fight: Mapping[str, Any], lang: str) -> list[Content]:
    """A costume fight: who attacks which child, the candies in front, whose hidden bid is in."""
    lines = [Content.assemble("⚔ ", (t(L("fight.title", player=fight["attacker"], child=fight["target"]), lang),
                                     "bold $warning"))]
    front: list[Any] = [(t(L("fight.front"), lang) + " ", "dim")]
    for number, (player, candies) in enumerate(fight["front"].items()):
        if number:
            front.append(" · ")
        front += [swatch(public, player), f"{player} ", (str(candies), "bold")]
    lines.append(Content.assemble(*front))
    if len(fight["front"]) > 1:
        opened = fight.get("bids")
        bids: list[Any] = [(t(L("fight.opened" if opened else "fight.bids"), lang) + " ", "dim")]
        for number, player in enumerate(fight["front"]):
            if number:
                bids.append(" · ")
            if opened:
                bids += [f"{player} ", (str(opened[player]), "bold")]
            elif player in fight["bid_in"]:
                bids += [f"{player} ", ("✓", "bold $success")]
            else:
                bids += [f"{player} ", ("…", "dim")]
        lines.append(Content.assemble(*bids))
    else:
        lines.append(Content.styled(t(L("fight.nobody_yet"), lang), "dim"))
    return lines


CARD_EVENTS = ("halloween.draw.resolves", "halloween.door.played")
PLAY_EVENTS = ("halloween.card1.played", "halloween.card2.played", "halloween.card10.played",
               "halloween.card16.played")


def card_lines(events: Sequence[Event], lang: str) -> list[Content]:
    """The action card just drawn or played, its text in full."""
    lines: list[Content] = []
    for event in events:
        if event.private:
            continue
        if event.line.id in CARD_EVENTS:
            values = event.line.values
            player = values.get("player") or values.get("owner")
            lines.append(Content.assemble(("▤ ", "bold"), (t(L("card.title", card=values["card"], player=player),
                                                             lang), "bold $accent")))
            lines.append(Content(say(values["text"], lang)))
        elif event.line.id in PLAY_EVENTS:
            lines.append(Content.assemble(("▤ ", "bold"), (say(event.line, lang), "bold")))
    return lines


def result_lines(events: Sequence[Event], lang: str, skip: Sequence[str] = ()) -> list[Content]:
    """What an action settled, in words (public events only)."""
    return [Content.assemble(("→ ", "bold $success"), say(e.line, lang))
            for e in events if not e.private and e.line.id not in skip]


def ranking_lines(public: Mapping[str, Any], lang: str) -> list[Content]:
    lines = [Content.styled(t(L("ranking.title"), lang), "bold $success")]
    for row in public.get("ranking") or []:
        style = "bold" if row["place"] == 1 else ""
        lines.append(Content.styled(say(Line("halloween.score.row", row_values(row)), lang), style))
    return lines


def final_lines(public: Mapping[str, Any], lang: str) -> list[Content]:
    shown = public.get("revealed_children") or {}
    lines = [Content.styled(t(L("final.title"), lang), "bold")]
    for player in public["players"]:
        lines.append(Content.assemble(swatch(public, player), f" {player}: ", (shown.get(player, "?"), "bold")))
    return lines


class ContextPanel(VerticalScroll):
    """What is going on now (or was just settled): a knock, a fight, a card, the ranking.
    Hidden when there is nothing to show; `tall` (the end) lets it take the whole column."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Static(id="hw-context-text", markup=False)

    def compose(self):
        yield self.text

    def show(self, lines: list[Content], title: str, tall: bool = False) -> None:
        shown = bool(lines)
        if shown != self.display:  # showing or hiding it lays out the column: only when it changes
            self.display = shown
        if tall != self.has_class("-tall"):  # a class change restyles the box: only when it changes
            self.set_class(tall, "-tall")
        if not shown:
            return  # hidden, it keeps what it said: shown again, it is updated first
        set_title(self, Content(title))
        put(self.text, Content("\n").join(lines))


def score_lines(rows: Sequence[Mapping[str, Any]], lang: str) -> list[Content]:
    """The game master's score table: candies, secret child, children sent home, total."""
    heads = [t(L(f"score.{key}"), lang) for key in ("player", "candies", "child", "secret", "sent", "total")]
    width = max([len(heads[0])] + [len(row["player"]) for row in rows]) + 1
    child_width = max([len(heads[2])] + [len(row["child"] or "?") for row in rows]) + 1
    widths = [width, len(heads[1]) + 2, child_width, len(heads[3]) + 2, len(heads[4]) + 2, len(heads[5])]

    def cells(values: Sequence[str], style: str = "") -> Content:
        parts: list[Any] = []
        for index, (value, size) in enumerate(zip(values, widths)):
            text = f"{value:<{size}}" if index in (0, 2) else f"{value:>{size - 2}}  " if index < 5 else f"{value:>{size}}"
            parts.append((text, "bold $accent" if index == 5 else style))
        return Content.assemble(*parts)

    lines = [cells(heads, "bold underline")]
    for row in rows:
        secret = "?" if row["secret_points"] is None else f"{row['secret_points']:+d}"
        lines.append(cells([row["player"], str(row["candies"]), row["child"] or "?", secret,
                            f"{row['sent_points']:+d}", str(row["total"])]))
    return lines

"""La noche de Halloween at the table: the frame's prompt, choices, log
and keys, with the table's own state (round, turn card, pot, decks, hands,
the eight children) and a context box for what is going on (the knock and
its candy table or trato sums, the costume fight, the card just drawn).

Secrets never reach the shared screen: a private prompt is a covered
picker, the cards in a hand are chosen behind a cover, hidden bids are
typed masked one bidder at a time and opened all at once, candies are shown
to one player at a time (`h`), the score table only to the game master
behind a confirmation (`g`).

It plays only notation, through the frame's `submit`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from companion.core.errors import CompanionError
from companion.core.game import Choice, Event, Line, Prompt
from companion.games.halloween.auction import BidTooHigh
from companion.games.halloween.cards import ACTION_DECK
from companion.games.halloween.children import CHILDREN, NAMES, child_id
from companion.games.halloween.notation import Bid, Bids, SecretChild, Treat

from ...frame import GameScreen, View
from ...i18n import ui
from ...log import EventLog
from ...widgets import ChoiceBar, NotationInput
from .entries import BidEntry, EntryReleased, TreatEntry
from .looks import OwnEyes
from ...menu import Entry
from .menu import L, build_menu, chance_choice, words
from .modals import PickerScreen, RevealScreen
from .panels import (CARD_EVENTS, PLAY_EVENTS, ChildrenPanel, ContextPanel, StatusBar, card_lines, final_lines,
                     fight_lines, knock_lines, ranking_lines, result_lines, seat_of)

HERE = Path(__file__).parent

# Events the context box shows in its own way (not again as result lines).
SHOWN_IN_BOX = ("halloween.trato.rolled", "halloween.trato.due", "halloween.trato.tie",
                "halloween.truco.duel_roll", "halloween.truco.revealed_lie", "halloween.truco.revealed_truth",
                "halloween.rip.hands_open", "halloween.rip.bid_in", "halloween.turn.start", "halloween.round.start",
                "table.halloween_candy.say")


class HalloweenScreen(OwnEyes, GameScreen):
    """The referee's screen for La noche de Halloween."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "halloween.tcss"]

    BINDINGS = [
        Binding("0", "choose(0)", "Roll in secret", show=False),  # truco: the claims 1-8 keep the keys 1-8
        Binding("h", "mine", "My candies"),
        Binding("g", "scores", "Scores"),
        Binding("ctrl+y", "redo", "Redo", show=False),  # room in the footer at 80 columns
        Binding("m", "app.mute", "Mute", show=False),
    ]
    KEY_LINES = {"mine": "ui.key.own"}  # a short word: the footer holds 80 columns

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self._prev_public: Mapping[str, Any] | None = None
        self._recent: tuple[str, Any, list[Event]] | None = None
        self._bidding = False  # the hidden bids were chosen in the fight
        self._focus_key: tuple | None = None
        # The table's panels, made once in `compose_table` and kept: an update pushes to them, no query.
        self._status = StatusBar(id="hw-status")
        self._kids = ChildrenPanel(id="hw-children")
        self._box = ContextPanel(id="hw-context")
        self._bid = BidEntry(id="hw-bid")
        self._treat = TreatEntry(id="hw-treat")
        # See `_hold_rows`: the rows each held widget is fixed at (None: automatic), the prompt they
        # are held for and the rows its covered view takes.
        self._held_rows: dict[Static, int | None] = {}
        self._held_for: tuple = ()
        self._covered_rows: dict[Static, int] = {}

    # -- layout ----------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        with Vertical(id="hw-main"):
            yield self._status
            with Horizontal(id="hw-body"):
                yield self._kids
                with Vertical(id="hw-right"):
                    yield self._box
                    yield self._bid
                    yield self._treat
                    yield EventLog(id="log")

    # -- data down -------------------------------------------------------------

    def update_view(self, view: View) -> None:
        public = view.public
        self._rules_prompt = view.prompt  # the menu is built from it, not from the covered one shown
        super().update_view(replace(view, prompt=self._shown_prompt(view)))
        lang = view.lang
        self._status.show(public, lang)
        self._kids.show(public, lang)
        lines, title = self._context_box(view)
        self._box.show(lines, title, tall=public.get("phase") in ("final", "over"))
        self._entries(view)
        if view.prompt.step == "trato_treat" and view.outcome is None:  # the fields take the keys
            for bar in self.widgets(ChoiceBar):
                bar.show((), lang, empty=ui("ui.halloween.menu.treat", lang))
        self._hold_rows(view)
        self._prev_public = public

    def _hold_rows(self, view: View) -> None:
        """Give the prompt's detail line and the choice bar the height their text takes now, fixed:
        then a new text of as many rows is drawn without laying the screen out.

        `v` changes what they say (a covered entry, a private detail), and so maybe how many rows
        they take: then everything below them would move and be laid out again, the log and its
        entries too. While the prompt stays the same, the revealed view keeps at least the rows the
        covered view takes (blank where it says less), so `v` moves nothing. The covered view
        always takes its own rows: it must not hint at what the revealed one holds."""
        key = (len(view.played), view.prompt.step, view.prompt.who, view.lang, view.outcome is None)
        if key != self._held_for:
            self._held_for = key
            self._covered_rows = {}
        held = self._held_rows
        if not held and self.is_mounted:  # found once
            held.update((widget, None) for widget in (*self.query("#prompt-detail").results(Static),
                                                      *self.widgets(ChoiceBar)))
        for widget, before in held.items():
            size = widget.size
            rows = None  # hidden or not laid out yet: as many rows as it needs, found by a layout
            if widget.display and size.width:
                rows = widget.get_content_height(size, size, size.width) + widget.styles.gutter.height
                if view.revealed:
                    rows = max(rows, self._covered_rows.get(widget, 0))
                else:
                    self._covered_rows[widget] = rows
            if rows != before:
                held[widget] = rows
                widget.styles.height = rows

    def on_resize(self) -> None:
        """Other widths, other rows: the held heights go back to automatic, and are measured again
        once laid out (the first layout too: the first view is drawn before anything has a size)."""
        self._covered_rows = {}
        for widget in self._held_rows:
            self._held_rows[widget] = None
            widget.styles.height = None
        self.call_after_refresh(self.refresh_view)

    def _shown_prompt(self, view: View) -> Prompt:
        """The prompt with its secret detail covered, the menu as choices, and a hint for `@`."""
        prompt, lang = view.prompt, view.lang
        step = prompt.step
        detail = prompt.detail
        if step in ("auction_bids", "truco_owner"):  # the bid entry, the candy table below say it all
            detail = None
        elif prompt.private and not view.revealed and step != "setup_child":
            detail = L("private_detail", player=prompt.who or "")
        hint = None
        chance = chance_choice(prompt)
        if step == "truco_roll":
            hint = L("hint.truco")
        elif chance is not None and chance.chance == ACTION_DECK:
            hint = L("hint.deck")
        elif chance is not None:
            hint = L("hint.dice")
        if hint is not None:
            detail = f"{words(detail, lang)}  ·  {words(hint, lang)}" if detail is not None else hint
        if detail is not None:
            detail = words(detail, lang)
        return replace(prompt, detail=detail)

    def menu_entries(self, view: View) -> list[Entry]:
        # A hand, a bid, a secret child are one player's: always behind the cover that asks whose.
        return build_menu(getattr(self, "_rules_prompt", view.prompt), view.public, revealed=False)

    def _context_box(self, view: View) -> tuple[list[Content], str]:
        public, lang = view.public, view.lang
        phase = public.get("phase")
        if phase == "over":
            return ranking_lines(public, lang), ui("ui.halloween.context.end", lang)
        if public.get("fight"):
            return fight_lines(public, public["fight"], lang), ui("ui.halloween.context.fight", lang)
        if public.get("knock"):
            return knock_lines(public, public["knock"], lang), ui("ui.halloween.context.door", lang)
        lines: list[Content] = []
        title = ""
        if self._recent is not None:
            kind, data, events = self._recent
            if kind == "fight":
                lines = fight_lines(public, data, lang) + result_lines(events, lang, SHOWN_IN_BOX)
                title = ui("ui.halloween.context.fight", lang)
            elif kind == "card":
                lines = card_lines(events, lang)
                title = ui("ui.halloween.context.card", lang)
            elif kind == "knock":
                lines = knock_lines(public, data, lang, events) + result_lines(events, lang, SHOWN_IN_BOX)
                title = ui("ui.halloween.context.door", lang)
        if phase == "final":
            lines = final_lines(public, lang) + lines
            title = ui("ui.halloween.context.end", lang)
        return lines, title

    def _entries(self, view: View) -> None:
        """Show the bid and treat entries when their moment comes, and give them the keys once."""
        public, prompt, lang = view.public, view.prompt, view.lang
        step = public.get("step")
        fight = public.get("fight")
        if step not in ("auction", "auction_bids"):
            self._bidding = False
        bidding = bool(fight) and (step == "auction_bids" or (step == "auction" and self._bidding
                                                               and len(fight["front"]) > 1))
        bid = self._bid
        bid.display = bidding
        bidder = None
        if bidding:
            bidder = prompt.who if step == "auction_bids" else fight["attacker"]
            seat = seat_of(public, bidder)
            held = self.session.game.ledger.candies[seat - 1]  # the bidder's own, shown while the others look away
            front = fight["front"].get(bidder, 0)
            bid.ask(seat, words(L("bid.label", player=bidder), lang),
                    ui("ui.halloween.bid.placeholder", lang), ui("ui.halloween.bid.note", lang, player=bidder),
                    ui("ui.halloween.bid.holding", lang, held=held, front=front, most=max(0, held - front)))
        treat = self._treat
        treating = step == "trato_treat"
        treat.display = treating
        if treating:
            knock = public["knock"]
            treat.ask(ui("ui.halloween.treat.child", lang, player=knock["mover"]),
                      ui("ui.halloween.treat.owner", lang, player=knock["owner"]))
        key = (step, bidder, len(view.played), bidding)
        if key == self._focus_key:
            return
        self._focus_key = key
        if bidding:
            bid.grab()
        elif treating:
            treat.reset()
            treat.grab()
        elif not treating:
            focused = self.focused
            if focused is not None and (focused in bid.query("*") or focused in treat.query("*")):
                self.set_focus(None)

    # -- playing ---------------------------------------------------------------

    def refuse(self, exc: CompanionError) -> None:
        if isinstance(exc, BidTooHigh):  # the masked amount must not show in the refusal
            message = ui("ui.halloween.bid.too_high", self.lang, player=exc.player)
            self.show_error(message)  # on the error line, as every refusal: a toast hid the `:` line
            return
        super().refuse(exc)

    def speak(self, events: list[Event]) -> None:
        self._note_recent(events)
        if any(e.line.id == "halloween.rip.hands_open" for e in events):
            self._reveal(events)
        else:
            super().speak(events)
        self._notices(events)

    def _note_recent(self, events: list[Event]) -> None:
        """What the context box keeps showing after the action that settled it."""
        before = self._prev_public or {}
        now = self.session.game.public_state()
        if before.get("fight") and not now.get("fight"):
            self._recent = ("fight", before["fight"], events)
        elif any(e.line.id in CARD_EVENTS + PLAY_EVENTS and not e.private for e in events):
            self._recent = ("card", None, events)
        elif before.get("knock") and not now.get("knock"):
            self._recent = ("knock", before["knock"], events)
        else:
            self._recent = None

    def _action(self, index: int = -1) -> Any:
        """A played action as the rules read it (its notation parsed back)."""
        return self.session.game.parse(self.session.played[index].entry.notation)

    def _opened_bids(self, fight: Mapping[str, Any]) -> list[tuple[str, int, int | None]]:
        """Each bidder's front candies and bid, read from the actions that opened the hands."""
        public = self.session.game.public_state()
        by_seat: dict[int, int] = {}
        last = self._action()
        if isinstance(last, Bids):
            for player, value in zip(fight["front"], last.values):
                by_seat[seat_of(public, player)] = value
        else:
            for index in range(len(self.session.played) - 1, -1, -1):
                bid = self._action(index)
                if not isinstance(bid, Bid):
                    break
                by_seat.setdefault(bid.seat, bid.amount)
        return [(player, front, by_seat.get(seat_of(public, player)))
                for player, front in fight["front"].items()]

    def _reveal(self, events: list[Event]) -> None:
        """The hands open: a spoken build-up for hidden bids, then all the bids at once."""
        fight = (self._prev_public or {}).get("fight")
        if not fight:
            super().speak(events)
            return
        rows = self._opened_bids(fight)
        if self._recent and self._recent[0] == "fight":
            opened = {player: bid for player, _, bid in rows}
            self._recent = ("fight", {**fight, "bids": opened}, events)
        lang = self.lang
        outcome = result_lines(events, lang, SHOWN_IN_BOX)
        title = ui("ui.halloween.reveal.title", lang, player=fight["attacker"], child=fight["target"])
        hidden = isinstance(self._action(), Bid)
        if hidden:
            self.narrator.say_line(Line("halloween.rip.all_in", {"count": len(rows)}))
            screen = RevealScreen(title, rows, outcome, fists=True,
                                  on_open=lambda: GameScreen.speak(self, events))
        else:
            super().speak(events)
            screen = RevealScreen(title, rows, outcome, fists=False)
        self.call_after_refresh(self.app.push_screen, screen)

    # -- the menu --------------------------------------------------------------

    def entry_flow(self, entry: Entry) -> None:
        """This screen's flows: the masked child, the hidden bids, the opened hands, the treat."""
        if entry.kind == "child":
            self._child_picker()
        elif entry.kind == "bid":
            self._bidding = True
            self._focus_key = None
            self.refresh_view()
        elif entry.kind == "hands":
            self.action_command_line()
            line = self.query_one("#notation", NotationInput)
            line.value = "bids "
            # after the focus has selected the text: the cursor at the end, the bids typed after it
            line.call_after_refresh(setattr, line, "cursor_position", len(line.value))
        elif entry.kind == "treat":
            self._treat.grab()

    def _child_picker(self) -> None:
        """The secret child, typed unseen: its number in the list, or its name, masked."""
        prompt = self.session.expects()
        who = prompt.who or ""
        seat = seat_of(self.session.game.public_state(), who)
        entries = [Entry(Line("halloween.choice.child", {"child": NAMES[c]}), str(SecretChild(seat, c))) for c in CHILDREN]

        def typed(text: str) -> str | None:
            text = text.strip()
            if text.isdigit():
                number = int(text)
                return entries[number - 1].notation if 1 <= number <= len(entries) else None
            child = child_id(text)
            return str(SecretChild(seat, child)) if child else None

        self.app.push_screen(PickerScreen(L("child.title", player=who), entries, cover=who,
                                          masked=(L("child.label"), L("child.placeholder"), typed)), self.picked)

    # -- entries ---------------------------------------------------------------

    def on_bid_entry_entered(self, message: BidEntry.Entered) -> None:
        message.stop()
        self._bid.clear()
        self.submit(str(Bid(message.seat, message.amount)))

    def on_treat_entry_entered(self, message: TreatEntry.Entered) -> None:
        message.stop()
        if self.submit(str(Treat(message.child, message.owner))):
            self.set_focus(None)

    def on_entry_released(self, message: EntryReleased) -> None:
        message.stop()
        self.set_focus(None)

    # -- keys ------------------------------------------------------------------

    def table_choices(self, view: View) -> list[Choice]:
        """The die or the action card the table may give (`@`); never the deal."""
        chance = chance_choice(view.prompt)
        return [chance] if chance is not None else []

    def table_words(self, choice: Choice) -> tuple[str, bool]:
        """A card drawn or the truco's die are typed unseen; the dice of a turn openly."""
        prompt, lang = self.session.expects(), self.lang
        if choice.chance == ACTION_DECK:
            return ui("ui.halloween.table.draw", lang), True
        if prompt.step == "truco_roll":
            return ui("ui.halloween.table.secret_roll", lang), True
        return ui("ui.halloween.table.roll", lang, player=prompt.who or ""), False

    def action_undo(self) -> None:
        self._recent = None
        self._bidding = False
        super().action_undo()

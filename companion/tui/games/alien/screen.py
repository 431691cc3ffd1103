"""Alien 1979 at the table: the frame's prompt, choices, error line and
keys, with the Nostromo drawn as six sector boxes (who is where, pursuit
pips, weapons, guard, codes held and face down, the Alien), the Alien's
last card large with what it did, the countdown big, the mad Alien, the
codes set aside and, on request (`o`), the exact odds of the next card.

Secrets never reach the shared screen: which figures a player holds is shown
only behind a handoff (`h`, the codes entry in MADRE, the private choice of
the code to drop, the code the app just dealt), or to the game master (`v`).

It plays only notation, through the frame's `submit` (the session's `act`);
the choices are the prompt's, never worked out here.
"""

from __future__ import annotations


from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.content import Content

from companion.core.game import Event, Line
from companion.games.alien.say import card as card_line

from ...frame import GameScreen, View
from ...i18n import say, ui
from ...log import EventLog

from .menu import build_menu
from ...menu import Entry
from ...picker import NoticeScreen, PickerScreen
from .modals import L
from .nostromo import HELD, UI, SectorBox, boxes
from .side import CardPanel, OddsPanel, ShipPanel

HERE = Path(__file__).parent
TOOK = "alien-1979.took_secret"


class AlienScreen(GameScreen):
    """The Nostromo, the Alien's card, the countdown; hands behind a handoff."""

    CSS_PATH = [*GameScreen.CSS_PATH, HERE / "alien.tcss"]
    BINDINGS = [
        Binding("o", "odds", "Odds"),
        Binding("h", "hands", "Codes"),
        Binding("l", "log", "Log", show=False),  # named in the ship's panel: the footer holds 80 columns
        Binding("ctrl+y", "redo", "Redo", show=False),  # room in the footer at 80 columns
        Binding("m", "app.mute", "Mute", show=False),
    ]
    KEY_LINES = {"odds": f"{UI}.key.odds", "hands": f"{UI}.key.hands", "log": f"{UI}.key.log"}

    def __init__(self, session: Any, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(session, name=name, id=id)
        self.show_odds = bool(session.game.settings["threat_odds"])
        self.show_log = False

    # -- layout ----------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        with Grid(id="al-nostromo"):
            yield from boxes()
        yield EventLog(id="log")
        with Vertical(id="al-side"):
            yield CardPanel(id="al-card")
            yield OddsPanel(id="al-odds")
            yield ShipPanel(id="al-ship")

    def on_mount(self) -> None:
        # Textual runs the frame's own on_mount too (each class's handler along the MRO): calling
        # it here as well said the opening prompt twice and doubled the frame's watchers.
        self.call_after_refresh(self.refresh_view)  # the boxes know their size once laid out

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)

    # -- data down -------------------------------------------------------------

    def update_view(self, view: View) -> None:
        facts = self.game.facts()
        players = self.game.players
        super().update_view(view)
        lang = view.lang
        for grid in self.query("#al-nostromo"):
            grid.display = not self.show_log
        for log in self.widgets(EventLog):
            log.display = self.show_log
        for box in self.widgets(SectorBox):
            box.show(facts, players, lang, self.show_odds)
        for card in self.widgets(CardPanel):
            card.show(facts, view.public["mad"], lang)
        for odds in self.widgets(OddsPanel):
            odds.display = self.show_odds
            if self.show_odds:
                odds.show(facts, lang)
        for ship in self.widgets(ShipPanel):
            ship.show(view.public, lang, legend_too=not self.show_odds, private=view.private)

    def menu_entries(self, view: View) -> list[Entry]:
        # A hand or a code to drop is one player's: always behind the cover that asks whose, `v` or not.
        return build_menu(view.prompt, self.game.position(), self.game.players, revealed=False)

    def entry_flow(self, entry: Entry) -> None:
        """The codes entry in MADRE: the player's hand, behind a handoff."""
        if entry.kind == "hand":
            self._show_hand(self.game.current)

    def speak(self, events: list[Event]) -> None:
        super().speak(events)
        self._notices(events)

    def _notices(self, events: list[Event]) -> None:
        """The code the app dealt a player (`take`): shown to that player alone, behind a cover."""
        if not self.session.played:
            return
        entry = self.session.played[-1].entry
        if not any(d.kind == "draw" and d.source == "app" for d in entry.draws):
            return
        for event in events:
            if event.private and event.line.id == TOOK:
                player = event.line.values["player"]
                lines = [Content.styled(ui(f"{UI}.took", self.lang, card=say(event.line.values["card"], self.lang)),
                                        "bold $accent")]
                self.app.clear_notifications()
                self.call_after_refresh(self.app.push_screen,
                                        NoticeScreen(lines, title=ui(f"{UI}.hand", self.lang, player=player),
                                                     cover=player))

    # -- keys ------------------------------------------------------------------

    def action_odds(self) -> None:
        self.show_odds = not self.show_odds
        self.refresh_view()

    def action_log(self) -> None:
        self.show_log = not self.show_log
        self.refresh_view()

    def action_hands(self) -> None:
        """`h`: one player looks at their own codes (the handoff): pick who, then only they look."""
        players = self.game.players
        living = [seat for seat, crew in enumerate(self.game.position()["crew"]) if crew["alive"]]
        entries = [Entry(L("menu.player", player=players[seat]), f"seat {seat}") for seat in living]
        self.app.clear_notifications()
        self.app.push_screen(PickerScreen(L("hands_pick"), entries), self._hand_picked)

    def _hand_picked(self, chosen: str | None) -> None:
        if chosen and chosen.startswith("seat "):
            self._show_hand(int(chosen.split()[1]))

    def _show_hand(self, seat: int) -> None:
        """A player's code cards, behind a cover (always: `v` never shows a hand at once); the
        player to act in MADRE also finds there the codes they may enter."""
        game, lang = self.game, self.lang
        player = game.players[seat]
        hand = game.private_state()["hands"].get(player, [])
        lines = [Content.assemble((f" {HELD} ", "bold"), (say(card_line(c), lang), "bold $accent")) for c in hand]
        if not hand:
            lines = [Content.styled(ui(f"{UI}.no_codes", lang), "dim")]
        prompt = self.session.expects()
        entries: list[Entry] = []
        if self.session.outcome() is None and prompt.step == "act" and seat == game.current:
            entries = [Entry.of(c) for c in prompt.choices if c.reveals]
        title = ui(f"{UI}.hand", lang, player=player)
        cover = player
        if entries:
            lines.append(Content(""))
            self.app.push_screen(PickerScreen(Line(f"{UI}.hand", {"player": player}), entries, cover=cover,
                                              lines=lines), self.picked)
        else:
            self.app.push_screen(NoticeScreen(lines, title=title, cover=cover))

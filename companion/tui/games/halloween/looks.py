"""What one pair of eyes sees on the Halloween screen, as a mixin of it: a
player's own candies, secret child and cards (`h`), the game master's score table (`g`),
and the secrets the app dealt or drew for one player, shown to that player
alone, behind a cover, in turn."""

from __future__ import annotations

from typing import Any

from textual.content import Content

from companion.core.game import Event, Line

from ...i18n import say, ui
from .menu import Entry, L
from .modals import NoticeScreen, PickerScreen
from .panels import score_lines


class OwnEyes:
    """Mixed into `HalloweenScreen` (it has `session`, `app` and `lang`)."""

    session: Any
    app: Any
    lang: str

    def _notices(self, events: list[Event]) -> None:
        """Secrets the app dealt or drew for one player: shown to that player alone, in turn."""
        if not self.session.played:
            return
        entry = self.session.played[-1].entry
        app_drew = any(d.kind == "draw" and d.source == "app" for d in entry.draws)
        lang = self.lang
        notices: list[tuple[str, list[Content]]] = []
        for event in events:
            if not event.private:
                continue
            values = event.line.values
            if event.line.id == "halloween.setup.child_secret" and entry.notation == "deal":
                notices.append((values["player"], [Content.styled(say(event.line, lang), "bold")]))
            elif event.line.id == "halloween.draw.kept_secret" and app_drew:
                notices.append((values["player"], [
                    Content.styled(ui("ui.halloween.notice.card", lang, card=values["card"]), "bold $accent"),
                    Content(say(values["text"], lang))]))
        if notices:
            self.call_after_refresh(self._next_notice, notices)

    def _next_notice(self, notices: list[tuple[str, list[Content]]]) -> None:
        if not notices:
            return
        player, lines = notices[0]
        self.app.push_screen(NoticeScreen(lines, cover=player), lambda _: self._next_notice(notices[1:]))

    def action_mine(self) -> None:
        """`h`: one player asks for their own candies, secret child and cards; only they look."""
        players = self.session.game.players
        entries = [Entry(Line("halloween.choice.player", {"player": p}), str(seat)) for seat, p in enumerate(players)]
        self.app.push_screen(PickerScreen(L("mine.pick"), entries), self._show_mine)

    def _show_mine(self, chosen: str | None) -> None:
        if chosen is None:
            return
        game, lang = self.session.game, self.lang
        seat = int(chosen)
        player = game.players[seat]
        private = game.private_state()
        lines = [Content.styled(say(game.holding(seat), lang), "bold $accent")]
        child = private["secret_children"].get(player)
        lines.append(Content(ui("ui.halloween.mine.child", lang, child=child)) if child
                     else Content.styled(ui("ui.halloween.mine.no_child", lang), "dim"))
        hand = private["hands"][player]
        if hand:
            lines.append(Content(ui("ui.halloween.mine.cards", lang)))
            lines += [Content.assemble((f" {card} ", "bold reverse"), " ", say(Line(f"halloween.card.{card}"), lang))
                      for card in hand]
        else:
            lines.append(Content.styled(ui("ui.halloween.mine.no_cards", lang), "dim"))
        self.app.push_screen(NoticeScreen(lines, cover=player))

    def action_scores(self) -> None:
        """`g`: the whole score table, for the game master, behind a confirmation."""
        lang = self.lang
        rows = self.session.game.private_state()["scores"]
        self.app.clear_notifications()
        self.app.push_screen(NoticeScreen(score_lines(rows, lang), title=ui("ui.halloween.score.title", lang),
                                          cover_title=ui("ui.halloween.score.cover_title", lang),
                                          cover_hint=ui("ui.halloween.score.cover_hint", lang)))

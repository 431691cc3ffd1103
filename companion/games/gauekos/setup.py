"""Setup of a Gauekos table: the announced deck, then each seat's card,
entered by hand or dealt by the app (through `chance.draw`, so a replay
deals the same cards and the table may type the cards it dealt)."""

from __future__ import annotations

from typing import Any

from companion.core.dice import Chance
from companion.core.errors import IllegalActionError
from companion.core.game import Event, Line

from .night import preparation_calls
from .notation import Action, Deck, Role, Word
from .roles import CAMPESINO, GAUEKO, count_text, deck_size, role_line
from .story import joined


class Setup:
    """Mixin of `Gauekos`: the setup phase."""

    def _setup(self, action: Action, chance: Chance, events: list[Event]) -> None:
        if isinstance(action, Deck):
            self._set_deck(action, events)
        elif isinstance(action, Role):
            self._enter_role(action, events)
        elif action == Word("deal"):
            self._deal(chance, events)
        elif action == Word("start"):
            self._start(events)
        else:
            raise IllegalActionError("The game is still being set up.",
                                     allowed="Now: deck ..., role SEAT ROLE, deal, or start.",
                                     line=Line("gauekos.error.setting_up"))

    def _set_deck(self, action: Deck, events: list[Event]) -> None:
        if any(c is not None for c in self.cards):
            raise IllegalActionError("The deck is fixed once roles are entered.",
                                     allowed="Undo the roles entered to change the deck.",
                                     line=Line("gauekos.error.deck_fixed"))
        if action.gauekos < 1:
            raise IllegalActionError("A game needs at least one gaueko.", allowed="Write: deck gaueko 1 ...",
                                     line=Line("gauekos.error.no_gaueko"))
        size = deck_size(len(self.players), action.specials)
        if action.gauekos + len(action.specials) > size:
            raise IllegalActionError(
                f"{action.gauekos} gauekos and {len(action.specials)} special cards do not fit in a deck of {size}.",
                allowed="Use fewer gauekos or special cards.",
                line=Line("gauekos.error.deck_too_small",
                          {"gauekos": action.gauekos, "specials": len(action.specials), "size": size}))
        self.gauekos, self.specials, self.deck_chosen = action.gauekos, action.specials, True
        events.append(Event(Line("gauekos.setup.deck", self._deck_values())))
        events += [Event(w, private=True, speak=False) for w in self.warnings()]

    def _deck_values(self) -> dict[str, Any]:
        deck = self.deck()
        return {"gauekos": deck.get(GAUEKO, 0), "campesinos": deck.get(CAMPESINO, 0),
                "specials": joined([role_line(s) for s in self.specials])}

    def _enter_role(self, action: Role, events: list[Event]) -> None:
        seat = self._check_seat(action.seat)
        left = self.remaining_cards(except_seat=seat)
        if action.role not in left:
            cards_left = count_text({r: left.count(r) for r in set(left)}) or "none"
            raise IllegalActionError(
                f"The deck has no {action.role} card left for {self.who(seat)}.",
                allowed=f"Cards left: {cards_left}.",
                line=Line("gauekos.error.no_card_left" if left else "gauekos.error.no_card_left.none",
                          {"card": action.role, "player": self.who(seat), "cards": cards_left}))
        self.cards[seat] = self.roles[seat] = action.role
        events.append(Event(Line("gauekos.setup.role", {"player": self.who(seat), "role": role_line(action.role)}),
                            private=True, speak=False))

    def _deal(self, chance: Chance, events: list[Event]) -> None:
        empty = [s for s, c in enumerate(self.cards) if c is None]
        if not empty:
            raise IllegalActionError("Every seat has a card already.", allowed="Now: start.",
                                     line=Line("gauekos.error.all_dealt"))
        for seat in empty:
            card = chance.draw("Gauekos", self.remaining_cards())
            self.cards[seat] = self.roles[seat] = card
            events.append(Event(Line("gauekos.setup.role", {"player": self.who(seat), "role": role_line(card)}),
                                private=True, speak=False))
        events.append(Event(Line("gauekos.setup.dealt")))
        left = self.remaining_cards()
        if left:
            events.append(Event(Line("gauekos.setup.leftovers", {"cards": joined([role_line(c) for c in left])}),
                                private=True, speak=False))

    def _start(self, events: list[Event]) -> None:
        missing = [s for s, c in enumerate(self.cards) if c is None]
        if missing:
            raise IllegalActionError(f"{self.who(missing[0])} has no card yet.",
                                     allowed=f"Enter it (role {missing[0] + 1} ROLE) or deal the rest.",
                                     line=Line("gauekos.error.no_card_yet",
                                               {"player": self.who(missing[0]), "seat": missing[0] + 1}))
        self.leftovers = self.remaining_cards()
        events += [Event(w, private=True, speak=False) for w in self.warnings()]
        self.phase = "prep"
        self._tell("gauekos.story.prep")
        events.append(Event(Line("gauekos.prep.begins")))
        self._begin_calls(preparation_calls(self.deck_roles()), events)

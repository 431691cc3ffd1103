"""Setup of a Gauekos table: the announced deck, then each seat's card,
entered by hand or dealt by the app (through `chance.draw`, so a replay
deals the same cards and the table may type the cards it dealt)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.core.dice import Chance
from companion.core.game import Event, Line
from companion.core.notation import Word
from companion.core.steps import Offer

from .night import preparation_calls
from .notation import Action, Deck, Role
from .offers import Asking, word
from .roles import AKERBELTZ, CAMPESINO, CAZADOR, GAUEKO, SORGINA, SPECIALS, count_text, deck_size, \
    recommended_gauekos, role_line
from .story import joined

DEAL, START = Word("deal"), Word("start")
DECK = "Gauekos"  # what `chance.draw` deals from, as a journal names it


def deck_presets(players: int) -> list[Deck]:
    """The recommended gauekos with no specials, the classic specials, every special that fits."""
    k = recommended_gauekos(players)
    presets = [Deck(k, ()), Deck(k, (SORGINA, CAZADOR, AKERBELTZ))]
    if k + len(SPECIALS) <= players + 2:  # Samartintxiki adds two cards
        presets.append(Deck(k, SPECIALS))
    return presets


class SetupStep(Asking):
    """The deck, then every seat's card (typed or dealt), then `start`."""

    kind = "setup"

    def asked(self, g, s):
        return {"players": len(g.players), "recommended": recommended_gauekos(len(g.players))}

    def detail(self, g, s):
        return Line("gauekos.setup.status", {"entered": sum(c is not None for c in g.cards),
                                             "players": len(g.players), **g._deck_values()})

    def hint(self, g, s):
        return Line("gauekos.hint.setup")

    def hides(self, g, s, action):
        """A card typed for a seat (`role 3 gaueko`) is secret; the deck, `deal` and `start` are not
        (the cards dealt are private events)."""
        return isinstance(action, Role)

    def told(self, g, s, action):
        """A card typed by hand names nobody: the cards typed are the special ones, so the table
        must not learn whose they are (consecutive ones are one entry of the public log)."""
        return Line("gauekos.public.role") if isinstance(action, Role) else None

    def offers(self, g, s):
        entered = sum(c is not None for c in g.cards)
        presets = [] if entered else [Offer(d, Line("gauekos.choice.deck", {
            "gauekos": d.gauekos, "specials": joined(list(map(role_line, d.specials)))}), group="deck")
            for d in deck_presets(len(g.players))]
        if entered < len(g.players):
            return presets + [replace(word("deal"), chance=DECK)]  # the table may type the cards dealt
        return presets + [word("start")]

    def accepts(self, g, s):
        """The first empty seat's card, any card still in the deck."""
        empty = [seat for seat, c in enumerate(g.cards) if c is None]
        if not empty:
            return []
        return [Role(empty[0] + 1, r) for r in dict.fromkeys(g.remaining_cards(except_seat=empty[0]))]

    def apply(self, g, s, action, chance):
        events: list[Event] = []
        g._setup(action, chance, events)
        return events

    def sample(self, g, s, rng: random.Random):
        n = len(g.players)
        empty = [seat for seat, c in enumerate(g.cards) if c is None]
        if len(empty) == n and not g.deck_chosen:
            k = max(1, recommended_gauekos(n) + rng.choice((0, 0, 0, 0, 0, 0, -1, 1)))
            specials = [r for r in SPECIALS if rng.random() < 0.6]
            while specials and k + len(specials) > deck_size(n, tuple(specials)):
                specials.pop(rng.randrange(len(specials)))
            return Deck(k, tuple(specials))
        if not empty:
            return START
        if rng.random() < 0.6:
            return DEAL
        return Role(empty[0] + 1, rng.choice(g.remaining_cards(except_seat=empty[0])))


class Setup:
    """Mixin of `Gauekos`: the setup phase."""

    def _setup(self, action: Action, chance: Chance, events: list[Event]) -> None:
        if isinstance(action, Deck):
            self._set_deck(action, events)
        elif isinstance(action, Role):
            self._enter_role(action, events)
        elif action == DEAL:
            self._deal(chance, events)
        elif action == START:
            self._start(events)
        else:
            raise self.refuse("setting_up")

    def _set_deck(self, action: Deck, events: list[Event]) -> None:
        if any(c is not None for c in self.cards):
            raise self.refuse("deck_fixed")
        if action.gauekos < 1:
            raise self.refuse("no_gaueko")
        size = deck_size(len(self.players), action.specials)
        if action.gauekos + len(action.specials) > size:
            raise self.refuse("deck_too_small", gauekos=action.gauekos, specials=len(action.specials), size=size)
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
            raise self.refuse("no_card_left" if left else "no_card_left.none", card=action.role,
                              player=self.who(seat), cards=count_text({r: left.count(r) for r in set(left)}))
        self.cards[seat] = self.roles[seat] = action.role
        events.append(self._dealt(seat))

    def _dealt(self, seat: int) -> Event:
        return Event(Line("gauekos.setup.role", {"player": self.who(seat), "role": role_line(self.cards[seat])}),
                     private=True, speak=False)

    def _deal(self, chance: Chance, events: list[Event]) -> None:
        empty = [s for s, c in enumerate(self.cards) if c is None]
        if not empty:
            raise self.refuse("all_dealt")
        for seat in empty:
            held = [c for c in self.cards if c is not None]  # refused, the table hears "someone's"
            self.cards[seat] = self.roles[seat] = chance.draw(DECK, self.remaining_cards(), held=held)
            events.append(self._dealt(seat))
        events.append(Event(Line("gauekos.setup.dealt")))
        left = self.remaining_cards()
        if left:
            events.append(Event(Line("gauekos.setup.leftovers", {"cards": joined([role_line(c) for c in left])}),
                                private=True, speak=False))

    def _start(self, events: list[Event]) -> None:
        missing = [s for s, c in enumerate(self.cards) if c is None]
        if missing:
            raise self.refuse("no_card_yet", player=self.who(missing[0]), seat=missing[0] + 1)
        self.leftovers = self.remaining_cards()
        events += [Event(w, private=True, speak=False) for w in self.warnings()]
        self.phase = "prep"
        self._tell("gauekos.story.prep")
        events.append(Event(Line("gauekos.prep.begins")))
        self._begin_calls(preparation_calls(self.deck_roles()), events)

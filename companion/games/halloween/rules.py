"""La noche de Halloween as a `StepGame`: the state, the pending step (the
top of `stack`, see flow.py) and what follows every accepted action
(eliminations, the end of a turn, the end of the night). The steps live in
setup, turn, draws, door, truco, trato and auction."""

from __future__ import annotations

from typing import Any

from companion.core.game import Event, Line, Outcome, Prompt
from companion.core.steps import StepGame

from . import auction, door, draws, setup, trato, truco, turn  # noqa: F401  (they register their steps)
from . import score
from .cards import ACTION_CARDS, TREAT_CARDS, when
from .children import CHILDREN, NAMES
from .flow import OUT_TO_END, ROUNDS, STEPS, end_game, end_turn, eliminate, err, ev, line
from .describe import describe as _describe
from .ledger import Ledger
from .notation import WORDS, Play, Rip, parse
from .observe import observe as _observe


class Halloween(StepGame):
    name = "halloween"
    observe = _observe  # the game as data: observe.py
    words = WORDS
    describe = staticmethod(_describe)  # the state in the table's words (describe.py)
    title = "La noche de Halloween"
    min_players = 4
    max_players = 5

    @classmethod
    def example_setups(cls):
        return [(["Ana", "Luis", "Eva", "Iker"], {}), (["Ana", "Luis", "Eva", "Iker", "Maite"], {})]

    def __init__(self, players, options) -> None:
        super().__init__(players, options)
        n = self.n = len(self.players)
        self.phase = "setup"
        self.colours: list[str | None] = [None] * n
        self.youngest: int | None = None
        self.secret: list[str | None] = [None] * n
        self.ledger = Ledger(n)
        self.out = [False] * n
        self.out_order: list[int] = []
        self.round = self.holder = self.offset = self.current = 0
        self.moved: dict[str, int] = {}
        self.extra_moves = 0  # moves beyond the first this round (card 1)
        self.gone: dict[str, dict] = {}
        self.frozen: dict[str, dict] = {}
        self.blocked = [0] * n
        self.cool_children: dict[str, int] = {}
        self.cool_players: list[int] = []
        self.sent_home = [0] * n
        self.pool = list(ACTION_CARDS)
        self.bottom: list[str] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.played: list[int] = []
        self.discarded: list[int] = []
        self.looking: list[int] = []
        self.treat_left = TREAT_CARDS
        self.stack: list[dict] = [{"kind": "setup_colour", "seat": 0}]
        self.turn: dict | None = None
        self.knock: dict | None = None
        self.auction: dict | None = None
        self.crying: str | None = None
        self.end_reason: str | None = None

    # -- notation and the step engine --------------------------------------------

    def parse(self, text: str):
        return parse(text)

    def pending_step(self):
        if self.phase == "over":
            return None
        return STEPS[self.stack[-1]["kind"]], self.stack[-1]

    def settle(self, events: list[Event]) -> list[Event]:
        """Eliminations and the end of the turn or of the night, after every accepted action."""
        if self.phase == "play":
            events += eliminate(self)
            if len(self.out_order) >= OUT_TO_END:
                events += end_game(self, "eliminations")
            elif not self.stack:
                events += end_turn(self)
        if self.phase == "final" and None not in self.secret and not self.crying:
            self.phase = "over"
            self.stack.clear()
        if self.phase == "over":
            ranking = score.ranking(score.rows(self))
            events += [ev("score.row", **score.row_values(row)) for row in ranking]
            events.append(Event(self.outcome().line))
        return events

    def not_now(self, action, why: Line | None = None):
        """The engine's refusal, with the reason that says most: when a costume is ripped, when a card is played."""
        if why is None and isinstance(action, Rip) and self.phase == "play":
            if self.round < 3 or self.current in self.cool_players:
                why = auction.why_not_rip(self, action.child)
            why = why or err("rip_when")
        if why is None and isinstance(action, Play) and str(action.card) in ACTION_CARDS:
            why = when(action.card)
        return super().not_now(action, why)

    def over_prompt(self) -> Prompt:
        result = self.outcome()
        return Prompt(line("step.over"), detail=result.line, say=result.line, step="over")

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        table = score.rows(self)
        winners = score.winners(table)
        best = max(row["total"] for row in table)
        return Outcome(self.end_reason or "rounds", winners,
                       line("end.winners", players=", ".join(winners), total=best))

    def progress(self) -> Line | None:
        """For the list of saves: the round ("Ronda 3 de 8") once the night is under way."""
        if self.phase != "play":
            return None
        return Line("ui.halloween.round", {"round": self.round, "rounds": ROUNDS})

    # -- state -----------------------------------------------------------------

    def holding(self, seat: int) -> Line:
        """A player's candies, shown only when that player asks (they are secret at the table)."""
        return line("candies.own", player=self.players[seat], amount=self.ledger.candies[seat])

    def public_state(self) -> dict[str, Any]:
        p = self.players
        k, a = self.knock, self.auction
        return {
            "players": list(p),
            "phase": self.phase,
            "step": self.stack[-1]["kind"] if self.stack else None,
            "colours": dict(zip(p, self.colours)),
            "youngest": p[self.youngest] if self.youngest is not None else None,
            "round": self.round,
            "rounds": ROUNDS,
            "turn_card": p[self.holder] if self.phase != "setup" else None,
            "turn": p[self.current] if self.phase == "play" else None,
            "out": [p[s] for s in self.out_order],
            "pot": self.ledger.pot,
            "children": {c: self._child_view(c) for c in CHILDREN},
            "extra_moves": self.extra_moves,
            "moving": self._move_view(),
            "sent_home": dict(zip(p, self.sent_home)),
            "cries": {NAMES[c]: p[g["owner"]] for c, g in self.gone.items() if g["owner"] is not None},
            "blocked": {p[s]: n for s, n in enumerate(self.blocked) if n},
            "rip_cooldown": sorted(p[s] for s in self.cool_players),
            "action_deck": len(self.pool) + len(self.bottom),
            "action_played": list(self.played),
            "action_discarded": len(self.discarded),
            "hands": {p[s]: len(h) for s, h in enumerate(self.hands)},
            "treat_deck": self.treat_left,
            "knock": self._knock_view(k) if k else None,
            "fight": self._fight_view(a) if a else None,
            "revealed_children": ({p[s]: NAMES[c] for s, c in enumerate(self.secret) if c}
                                  if self.phase in ("final", "over") else {}),
            "ranking": score.ranking(score.rows(self)) if self.phase == "over" else None,
        }

    def _child_view(self, child: str) -> dict:
        gone = self.gone.get(child)
        frost = self.frozen.get(child)
        return {"name": NAMES[child], "in_play": gone is None,
                "sent_home_by": self.players[gone["by"]] if gone else None,
                "moved": self.moved.get(child, 0),
                "frozen": {"by": self.players[frost["by"]], "turns": frost["turns"]} if frost else None,
                "rip_cooldown": self.players[self.cool_children[child]] if child in self.cool_children else None}

    def _move_view(self) -> dict | None:
        t = self.turn
        if not t:
            return None
        return {"child": NAMES[t["child"]], "roll": t["roll"], "distance": t["distance"],
                "doubled": t["doubled"], "rerolled": t["rerolled"], "card1": t["card1"]}

    def _knock_view(self, k: dict) -> dict:
        p = self.players
        view = {"owner": p[k["owner"]], "mover": p[k["mover"]], "child": NAMES[k["child"]], "kind": k["kind"],
                "only_trato": k["only_trato"]}
        if k["kind"] == "truco":
            view.update({"claim": k["claim"], "helper": p[k["helper"]] if k["helper"] is not None else None,
                         "fee": k["fee"], "says": k["says"], "decision": k["decision"],
                         "die": k["die"] if k["revealed"] else None, "rolls": list(k["rolls"])})
        elif k["kind"] == "trato":
            view.update({"treat": k["treat"], "rolls": list(k["rolls"])})
        return view

    def _fight_view(self, a: dict) -> dict:
        seats = auction.participants(self)
        bids = a["bids"]
        opened = bids is not None and None not in bids
        return {"attacker": self.players[a["attacker"]], "target": NAMES[a["target"]],
                "front": {self.players[s]: auction.front(self, s) for s in seats},
                "bid_in": [self.players[s] for s, b in zip(seats, bids or []) if b is not None],
                "bids": dict(zip((self.players[s] for s in seats), bids)) if opened else None}

    def private_state(self) -> dict[str, Any]:
        p = self.players
        a = self.auction
        return {
            "candies": dict(zip(p, self.ledger.candies)),
            "secret_children": {p[s]: NAMES[c] if c else None for s, c in enumerate(self.secret)},
            "hands": {p[s]: sorted(h) for s, h in enumerate(self.hands)},
            "action_deck": {"unseen": sorted(self.pool, key=int), "bottom": list(self.bottom)},
            "action_discarded": list(self.discarded),
            "looking": list(self.looking),
            "truco_die": self.knock.get("die") if self.knock else None,
            "bids": (dict(zip((p[s] for s in auction.participants(self)), a["bids"])) if a and a["bids"] else None),
            "scores": score.rows(self),
        }

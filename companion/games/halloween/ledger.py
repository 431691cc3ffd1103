"""The candy ledger: every player's secret count and the public pot, always
100 in all. A payment is capped by what the payer holds and taking from the
pot by what the pot holds (RULINGS), so counts never go negative; each move
returns what really changed hands."""

from __future__ import annotations

TOTAL = 100
START = {4: 18, 5: 15}


class Ledger:
    def __init__(self, players: int) -> None:
        each = START[players]
        self.candies = [each] * players
        self.pot = TOTAL - each * players

    def pay(self, payer: int, payee: int, amount: int) -> int:
        paid = max(0, min(amount, self.candies[payer]))
        self.candies[payer] -= paid
        self.candies[payee] += paid
        return paid

    def to_pot(self, payer: int, amount: int) -> int:
        paid = max(0, min(amount, self.candies[payer]))
        self.candies[payer] -= paid
        self.pot += paid
        return paid

    def from_pot(self, payee: int, amount: int) -> int:
        taken = max(0, min(amount, self.pot))
        self.pot -= taken
        self.candies[payee] += taken
        return taken

    def total(self) -> int:
        return self.pot + sum(self.candies)

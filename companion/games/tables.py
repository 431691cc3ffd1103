"""Result tables that turn a roll into a result, shared by the games and
the dice-and-tables screen. Pure data; the lines that read them aloud live
in the voice packs (`table.<id>.title`, `table.<id>.row`)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import IllegalActionError
from companion.core.lines import Line


@dataclass(frozen=True)
class ResultTable:
    """`dice` rolled, then `results[roll]` read off (a number of things)."""

    id: str
    dice: str
    results: dict[int, int]

    def lookup(self, roll: int) -> int:
        if roll not in self.results:
            low, high = min(self.results), max(self.results)
            raise IllegalActionError(Line("error.table.off", {"low": low, "high": high, "roll": roll}))
        return self.results[roll]


# La noche de Halloween: what a truco pays, by the d8 (rules text and RULINGS.md).
HALLOWEEN_CANDY = ResultTable("halloween_candy", "d8", {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 4, 8: 5})

TABLES: dict[str, ResultTable] = {t.id: t for t in (HALLOWEEN_CANDY,)}

"""How a Gauekos step asks (`Asking`) and offers its choices, so a screen
never reads notation.

A seat choice carries its seat, its verb as group and the seat's number as
key; a special word carries the letter that records it (`n` for every "no"
of the moment; c, d, m, r, s, v belong to the frame) and the group `word`,
or the group `go_on` when it is what space plays when there is nothing to
choose (done, pass, the next night...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable

from companion.core.game import Line, Text
from companion.core.notation import Word
from companion.core.steps import Offer, Step

from .notation import Target
from .roles import role_line

if TYPE_CHECKING:
    from .rules import Gauekos

GO_ON = "go_on"
WORD = "word"
LETTERS = {"no agreement": "n", "caught": "x", "life": "l", "no life": "n", "no death": "n", "no shot": "n",
           "later": "n", "keep": "k", "no lynch": "n", "vote again": "a", "deal": "x"}
GOES_ON = ("done", "pass", "night", "start", "later")


class Asking(Step):
    """A step whose prompt is the line `gauekos.ask.<ask>` (the kind unless told), with the
    values of `asked`, and its `.detail` line below it."""

    ask: ClassVar[str] = ""
    detailed: ClassVar[bool] = True

    def asked(self, g: "Gauekos", s: Any) -> dict[str, Any]:
        return {}

    def title(self, g, s):
        return Line(f"gauekos.ask.{self.ask or self.kind}", self.asked(g, s))

    def detail(self, g, s):
        return Line(f"gauekos.ask.{self.ask or self.kind}.detail") if self.detailed else None


def word(phrase: str, **values: Any) -> Offer:
    """A fixed phrase, labelled by `gauekos.choice.<phrase>`."""
    return Offer(Word(phrase), Line("gauekos.choice." + phrase.replace(" ", "_"), values), key=LETTERS.get(phrase),
                 group=GO_ON if phrase in GOES_ON else WORD)


def seats(g: "Gauekos", verb: str, among: Iterable[int], label: Callable[[int], Text] | None = None) -> list[Offer]:
    """`verb SEAT` for each seat (from 0) in `among`, labelled with the player's name unless told."""
    return [Offer(Target(verb, s + 1), label(s) if label else g.who(s), key=str(s + 1), group=verb, seat=s + 1)
            for s in among]


def elections(g: "Gauekos") -> list[Offer]:
    """`mayor SEAT` for every living player, while there is no living Pariente mayor."""
    if g.mayor_alive():
        return []
    return seats(g, "mayor", g.living(), lambda s: Line("gauekos.choice.mayor", {"player": g.who(s)}))


def card_line(g: "Gauekos", seat: int, line_id: str) -> Line:
    """`line_id` with the seat's card, or `line_id_as` when it now plays as another role."""
    card, role = g.cards[seat], g.roles[seat]
    values = {"player": g.who(seat), "card": role_line(card)}
    if card == role:
        return Line(line_id, values)
    return Line(line_id + "_as", {**values, "role": role_line(role)})

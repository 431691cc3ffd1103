"""Scenario helpers: a Kaijupoly game on the Madrid board with the deal and the dice
chosen by the test (`deal @ …`, `roll @ 3 4`, `fight @ 6 6 2`), as a table types them."""

from __future__ import annotations

from pathlib import Path

from companion.core.errors import ActionError
from companion.core.language import explain, render
from companion.core.session import Session

# The Madrid board's deeds: 22 cities, 4 stations (5 15 25 35), 2 utilities (12 28).
DEEDS = [1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29, 31, 32, 34, 35, 37, 39]
# Ana: the south and west sides' cities; Bea: stations, utilities and the north and east.
ANA = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24]
BEA = [d for d in DEEDS if d not in ANA]


def deal_text(*hands: list[int]) -> str:
    """`deal @ …`: the deeds in the order dealt, seat by seat (draw n goes to seat n % players)."""
    order = [deed for group in zip(*hands) for deed in group]
    return "deal @ " + " ".join(map(str, order))


def game(tmp_path: Path, *acts: str, players=("Ana", "Bea"), hands=(ANA, BEA), **options) -> Session:
    session = Session.new("kaijupoly", list(players), options, seed=7, lang="es", path=tmp_path / "kaiju.toml")
    session.act(deal_text(*hands))
    for act in acts:
        session.act(act)
    return session


def said(events, lang: str = "es") -> str:
    return "\n".join(render(e.line, lang) for e in events)


def refused(session: Session, text: str, lang: str = "es") -> str:
    """Play `text`, expect a refusal that changes neither the game nor the file; its words."""
    before = session.game.state()
    on_disk = session.path.read_bytes()
    try:
        session.act(text)
    except ActionError as exc:
        assert session.game.state() == before
        assert session.path.read_bytes() == on_disk
        words = explain(exc, lang)
        assert "{" not in words
        return words
    raise AssertionError(f"{text!r} was accepted")


def step(session: Session) -> str:
    return session.expects().step or ""

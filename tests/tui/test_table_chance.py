"""The table's own dice and cards, one key away in every game that rolls or draws (issue 21):
`@` (shown in the choice bar and the footer) opens a small field, what the table rolled or
drew is typed in its words, range-checked, and the save records it as the table's."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.dice import parse_dice
from companion.core.errors import CompanionError
from companion.core.session import Session
from companion.tui.widgets import ErrorLine, TableEntry

from .conftest import SEED, screen_text

GAMES = [
    ("dice-duel", ["Ana", "Luis"], {}),
    ("halloween", ["Ana", "Luis", "Eva", "Iker"], {}),
    ("alien-1979", ["Ana", "Bea", "Carlos"], {}),
    ("kaijupoly", ["Ana", "Bea", "Carlos"], {}),
    ("rey-de-los-monstruos", ["Ane", "Iker"], {}),
]


def table_values(session: Session) -> str | None:
    """What the table could have rolled or drawn for the first roll or draw offered now (a deck's
    card found by drawing it once and undoing that), or None when the step draws many at once."""
    prompt = session.expects()
    choice = next((c for c in prompt.choices if c.chance), None)
    if choice is None or prompt.private:
        return None
    try:
        spec = parse_dice(choice.chance)
    except CompanionError:
        spec = None
    if spec is not None:
        return " ".join(str(min(spec.sides, 2 + n)) for n in range(spec.count))
    session.act(choice.notation)
    draws = session.played[-1].entry.draws
    session.undo()
    if len(draws) != 1 or draws[0].kind != "draw":
        return None
    return str(draws[0].values[0])


@pytest.mark.parametrize("game,players,options", GAMES, ids=[g[0] for g in GAMES])
async def test_the_tables_roll_or_card_is_recorded_as_the_tables(make_app, home: Path, game, players, options):
    session = Session.new(game, players, options, seed=SEED, lang="es", path=home / f"{game}.toml")
    rng = random.Random(3)
    values = table_values(session)
    for _ in range(200):  # a random game up to a roll or a draw the table may make
        if values is not None:
            break
        session.act(session.game.notation(session.game.sample_action(rng)))
        values = table_values(session)
    assert values is not None
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert " @  La mesa ha sacado…" in text, text  # in the choice bar (and `@` in the footer)
        count = len(session.played)
        before = session.path.read_bytes()
        await pilot.press("at")
        await pilot.pause()
        assert app.screen.query_one(TableEntry).is_open
        await pilot.press("0", "enter")  # no die shows 0, no card is called so: refused in words
        await pilot.pause()
        assert len(session.played) == count and session.path.read_bytes() == before
        assert app.screen.query_one(ErrorLine).content.plain.strip()
        field = app.screen.query_one("#table-input")
        field.value = ""
        await pilot.press(*[k if k != " " else "space" for k in values], "enter")
        await pilot.pause()
        assert len(session.played) == count + 1
        assert session.played[-1].entry.draws and session.played[-1].entry.draws[0].source == "table"
        assert 'source = "table"' in session.path.read_text(encoding="utf-8")
    session.close()


def test_the_table_field_reads_each_games_dice() -> None:
    from companion.core.game import Choice
    from companion.tui.frame import table_choice, table_dice

    assert table_dice("2d6") == (2, 6) and table_dice("2d6+d6") == (3, 6) and table_dice("d8") == (1, 8)
    assert table_dice("deeds") is None  # a deck: the rules check the card
    one, two = Choice("1 dado", "dice 1", key="1", chance="d6"), Choice("2 dados", "dice 2", key="2", chance="2d6")
    assert table_choice([one, two], ["3", "4"], "es")[0] is two  # as many faces as dice: that roll
    assert table_choice([one, two], ["5"], "es")[0] is one
    refused, why = table_choice([two], ["3", "9"], "es")
    assert refused is None and "del 1 al 6" in why and "3 9" in why


def test_a_roll_typed_without_at_is_refused_in_this_games_own_form(home: Path) -> None:
    from companion.core.errors import InvalidActionError
    from companion.core.language import explain

    session = Session.new("kaijupoly", ["Ana", "Bea"], seed=SEED, lang="es", path=home / "k.toml")
    session.act("deal")
    while session.expects().step in ("order", "pick"):
        session.act(session.expects().choices[0].notation)
    before = session.path.read_bytes()
    with pytest.raises(InvalidActionError) as refused:
        session.act("tirar 3 4")
    said = explain(refused.value, "es")
    assert "tirar @ 3 4" in said and "2d6" in said, said
    assert session.path.read_bytes() == before
    session.close()

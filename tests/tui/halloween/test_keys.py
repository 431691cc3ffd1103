"""The number keys answer to what a choice says of itself: in the truco a
claim of N is on key N (the app's secret roll moved to 0), in the real TUI
and in the save."""

from __future__ import annotations

from companion.core.session import Session
from companion.tui.games.halloween import HalloweenScreen

from .helpers import keys, new_game, set_up, shown, step


def at_the_truco(home, name: str) -> Session:
    """Ana's Montse knocks at Luis's green door and Luis says truco: Ana rolls in secret and claims."""
    session = set_up(new_game(home, name))
    for action in ("move montse", "roll @ 3", "land green", "truco"):
        session.act(action)
    assert step(session) == "truco_roll"
    return session


async def test_key_5_claims_5_and_the_journal_records_it(make_app, home) -> None:
    session = at_the_truco(home, "cinco.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HalloweenScreen)
        bar = app.screen.query_one("#choices").render()
        assert " 0 " in str(bar) and " 5 " in str(bar)  # the badges are the keys, not the places
        await keys(pilot, "5")
        assert step(session) == "truco_owner"
        assert session.played[-1].entry.notation == "claim 5"
        assert 'do = "claim 5"' in session.path.read_text(encoding="utf-8")
        assert "Ana dice 5: 2 caramelos" in shown(pilot)  # the claim in the door's box


async def test_key_0_rolls_the_app_s_die_in_secret(make_app, home) -> None:
    session = at_the_truco(home, "cero.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await keys(pilot, "0")
        assert session.played[-1].entry.notation == "roll"
        assert step(session) == "truco_claim" and session.expects().private
        die = session.game.private_state()["truco_die"]
        assert f"marca un {die}" not in shown(pilot)  # the die stays covered


def test_the_truco_offers_say_their_keys_groups_and_chance(home) -> None:
    session = at_the_truco(home, "ofertas.toml")
    choices = session.expects().choices
    assert [(c.notation, c.key, c.group, c.chance) for c in choices[:2]] == [
        ("roll", "0", "roll", "d8"), ("claim 1", "1", "claim", None)]
    assert session.expects().choice_for("5").notation == "claim 5"
    assert session.expects().choice_for("0").notation == "roll"

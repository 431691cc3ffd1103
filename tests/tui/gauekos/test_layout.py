"""Usable at 80×24 with a full table of 20, and names shown as typed."""

from __future__ import annotations

from pathlib import Path

from companion.core.session import Session

from ..conftest import screen_text
from .helpers import NAMES, press, until

CARDS20 = ["gaueko"] * 4 + ["sorgina", "akerbeltz", "cazador", "lamia", "galtzagorri"] + ["campesino"] * 11
SETUP20 = ("deck gaueko 4 galtzagorri sorgina lamia cazador akerbeltz",
           *[f"role {n} {c}" for n, c in enumerate(CARDS20, 1)], "start", "lovers 19 20", "done", "later")


async def test_twenty_seats_fit_at_80_by_24_at_night_and_in_the_vote(make_app, new_table) -> None:
    session = new_table(20, *SETUP20, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for seat, name in enumerate(NAMES, 1):  # the Sorgiña's call: every seat on screen, with its card
            assert f"{seat} {name}" in text, name
        await press(pilot, "down", "down", "right", "enter")  # arrows over a grid of columns
        assert session.game.public_state()["call"] == "gauekos"
        await press(pilot, "1", "5", "n", "n")  # seat 15: two digits
        assert session.game.public_state()["dead"] == {"Oier": "campesino"}
        await until(pilot, lambda: app.screen.day_timer is not None)
        text = screen_text(app)
        for seat, name in enumerate(NAMES, 1):  # every living voter in the per-voter entry
            if name != "Oier":
                assert f"{seat} {name[:3]}" in text, name
        assert "Records: vote" in text


async def test_names_are_shown_as_typed_never_as_markup(make_app, home: Path) -> None:
    names = ["[bold]Ana", "Bo[/]", "[red]Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    session = Session.new("gauekos", names, {}, seed=5, lang="en", path=home / "markup.toml")
    try:
        for action in ("deck gaueko 2 sorgina", "role 1 gaueko", "role 2 gaueko", "role 3 sorgina", "deal",
                       "start", "later"):
            session.act(action)
        app = make_app(session=session, lang="en")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "[bold]Ana" in text and "Bo[/]" in text and "[red]Cy" in text
            await press(pilot, "2", "i")  # the Sorgiña looks at Bo[/]; the grimoire lists everyone
            assert "Bo[/]" in screen_text(app)
    finally:
        session.close()

"""Usable at 80×24 with a full table of 20, and names shown as typed."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.session import Session
from companion.tui.i18n import say

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
        await press(pilot, "down", "down", "right", "enter", "space")  # arrows over a grid of columns
        assert session.game.public_state()["call"] == "gauekos"
        await press(pilot, "1", "5", "space", "n", "n")  # seat 15: two digits
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


# The trial's table (in Basque): 9 players, Samartintxiki keeps his card, Ane (Lamia) enamours.
TRIAL9 = ["Ane", "Mikel", "Jon", "Miren", "Iker", "Leire", "Unai", "Nerea", "Peio"]
TRIAL_CARDS = ["lamia", "galtzagorri", "campesino", "sorgina", "samartintxiki", "cazador", "gaueko", "gaueko",
               "campesino"]
TRIAL_SETUP = ("deck gaueko 2 galtzagorri sorgina lamia samartintxiki cazador akerbeltz",
               *[f"role {n} {c}" for n, c in enumerate(TRIAL_CARDS, 1)])
TRIAL_NIGHT = (*TRIAL_SETUP, "start", "keep", "lovers 2 9", "done", "mayor 3")


def grid_lines(app) -> list[str]:
    """The main column (left of the log or deck), row by row."""
    return [line[:48] for line in screen_text(app).splitlines()]


def whole(app, labels: dict[int, str]) -> None:
    """Every seat is on screen, its label whole (maybe on two lines), nothing cut with `…`."""
    rows = grid_lines(app)
    text = " ".join(" ".join(row.strip("│ ").split()) for row in rows)
    assert "…" not in "\n".join(rows), "\n".join(rows)
    for seat, label in labels.items():
        assert f"{seat} {label}" in text or all(word in text for word in f"{seat} {label}".split()), (seat, label)
    for seat, name in enumerate(TRIAL9, 1):
        assert f"{seat} {name}" in text, name


@pytest.mark.parametrize("lang", ["es", "eu"])
async def test_nine_seats_whole_at_the_sorginas_call_and_in_setup(make_app, home, lang) -> None:
    from companion.core.language import render
    from companion.games.gauekos.roles import role_line

    session = Session.new("gauekos", TRIAL9, {}, seed=5, lang=lang, path=home / f"nine-{lang}.toml")
    for action in TRIAL_SETUP:
        session.act(action)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "v")  # the cards shown
        await pilot.pause()
        whole(app, {n: f"{name}: {render(role_line(card), lang)}" for n, (name, card)
                    in enumerate(zip(TRIAL9, TRIAL_CARDS), 1)})
        assert "Iker:" in " ".join(grid_lines(app))  # its colon kept where the line breaks
        for action in TRIAL_NIGHT[len(TRIAL_SETUP):]:
            session.act(action)
        app.screen.refresh_view()
        await pilot.pause()
        assert session.game.public_state()["call"] == "sorgina"
        labels = {n: say(c.label, lang) for n, c in enumerate(session.expects().choices, 1) if n <= 9}
        for revealed in (True, False):  # the cards beside the names only with the secrets shown
            await pilot.pause()
            whole(app, {})
            text = " ".join(" ".join(row.strip("│ ").split()) for row in grid_lines(app))
            for n, label in labels.items():
                assert all(word in text for word in label.split()) == revealed, label
                assert TRIAL9[n - 1] in text
            await press(pilot, "v")
        await press(pilot, ":", *"victim 3", "close", "enter")  # a refusal, the command line still open: 3 rows left
        assert app.screen.error
        await pilot.pause()
        whole(app, {})
        await press(pilot, "escape")
        await pilot.pause()
        whole(app, {})
    session.close()

"""Keys build notation: seats by number (two digits at big tables) or arrows,
votes per voter or per candidate, the election when the Kontalari picks it;
a refused line is shown in words and changes nothing."""

from __future__ import annotations

import copy
from dataclasses import replace

from companion.core.session import Session
from companion.tui.games.gauekos import GauekosScreen

from ..conftest import screen_text
from .conftest import FAST
from .helpers import STARTED, played, press, until

DAY_ONE = (*STARTED, "lovers 7 8", "done", "later", "sorgina 1", "shown", "victim 3", "close", "no life", "no death")


def snapshot(session: Session) -> tuple:
    return copy.deepcopy(session.game.state()), played(session), session.path.read_bytes()


async def test_a_vote_per_voter_builds_the_vote_line(make_app, new_table) -> None:
    session = new_table(8, *DAY_ONE, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Living voters: 1 2 4 5 6 7 8. Bo abstains (n); Di's vote is typed twice (backspace goes back).
        await press(pilot, "5", "n", "1", "backspace", "2", "1", "1", "1", "5")
        text = screen_text(app)
        assert "Records: vote 1>5 4>2 5>1 6>1 7>1 8>5" in text
        assert "Tally: Ana 3, Ed 2, Bo 1" in text
        await press(pilot, "enter")
        assert played(session)[-1] == "vote 1>5 4>2 5>1 6>1 7>1 8>5"
        assert session.game.public_state()["vote"]["stage"] == "candidates"
        assert "Votes: Ana 3, Ed 2, Bo 1" in screen_text(app)


async def test_counts_per_candidate_build_the_votes_line(make_app, new_table) -> None:
    session = new_table(8, *DAY_ONE, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "w")  # counts per candidate: the living, in seat order
        await press(pilot, "down", "down", "down", "3", "up", "up", "up", "1")  # Ed 3, Ana 1
        assert "Records: votes 1:1 5:3" in screen_text(app)
        await press(pilot, "space")
        assert played(session)[-1] == "votes 1:1 5:3"
        # The runoff: the two most voted are proposed; space confirms them; the counts entry stays.
        await press(pilot, "space")
        assert played(session)[-1] == "runoff 1 5"
        await press(pilot, "4", "down", "4", "enter")  # 8 hands from 7 living players: refused
        assert played(session)[-1] == "runoff 1 5"
        assert "8 votes counted, but at most 7 can be cast." in screen_text(app)
        await press(pilot, "3", "up", "3", "enter")
        assert played(session)[-1] == "votes 1:3 5:3"
        # A tie and no Pariente mayor: the Kontalari chooses (a: vote again, n: no lynch).
        assert session.game.public_state()["vote"]["stage"] == "tied"
        await press(pilot, "a")
        assert played(session)[-1] == "vote again"
        await press(pilot, "5", "down", "2", "enter")
        assert session.game.public_state()["dead"]["Ana"] == "gaueko"
        history = session.game.public_state()["votes"]
        assert [(v["round"], v["tally"]) for v in history] == [
            ("first", {"Ana": 1, "Ed": 3}), ("runoff", {"Ana": 3, "Ed": 3}), ("runoff", {"Ana": 5, "Ed": 2})]
        await press(pilot, "i")  # the grimoire keeps the vote history
        text = screen_text(app)
        assert "Day 1 · runoff: Ana 3, Ed 3" in text and "Day 1 · runoff: Ana 5, Ed 2" in text
        await press(pilot, "escape")


async def test_a_dead_target_is_refused_and_nothing_changes(make_app, new_table) -> None:
    session = new_table(8, *DAY_ONE, "vote 1>5 2>5 4>5 5>1 6>5 7>5 8>5", "runoff 1 5", "votes 5:6",
                        "no shot", "night", lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(pilot, lambda: session.game.call_info()["call"] == "gauekos")  # the dead Sorgiña's call passed
        before = snapshot(session)
        await press(pilot, "3")  # Cy died on the first night
        assert snapshot(session) == before
        assert "Cy is dead." in screen_text(app)
        await press(pilot, "2")  # Bo is a gaueko
        assert snapshot(session) == before
        # why names Bo's card: with the secrets hidden the screen says only that it is secret
        assert "Bo is one" not in screen_text(app) and "Why not is secret" in screen_text(app)
        await press(pilot, "v")
        await press(pilot, "2")
        assert "The gauekos cannot choose a gaueko (Bo is one)." in screen_text(app)
        await press(pilot, "v")
        await press(pilot, "9")  # there is no seat 9
        assert snapshot(session) == before
        assert "There is no seat 9: seats go from 1 to 8." in screen_text(app)
        await press(pilot, "right", "right", "right", "right", "enter")  # the cursor went to Bo (2) with his digit
        assert played(session)[-1] == "victim 6"


async def test_two_digit_seats_and_arrows_at_a_big_table(make_app, new_table) -> None:
    cards = ["gaueko", "gaueko", "gaueko", "sorgina"] + ["campesino"] * 8
    session = new_table(12, "deck gaueko 3 sorgina", *[f"role {n} {c}" for n, c in enumerate(cards, 1)], "start",
                        "later", lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "1", "2")  # the Sorgiña looks at seat 12
        assert played(session)[-1] == "sorgina 12"
        await press(pilot, "space")  # the card was shown
        await press(pilot, "1")  # 1 could be 10, 11 or 12: it waits
        assert played(session)[-1] == "shown"
        assert "Seat 1…" in screen_text(app)
        await press(pilot, "1")
        assert played(session)[-1] == "victim 11"
        assert session.game.public_state()["phase"] == "night"  # Galtzagorri could still be caught
        await press(pilot, "space")  # the Kontalari closes the gauekos' call: no Akerbeltz, dawn
        assert session.game.public_state()["phase"] == "day"
        await press(pilot, "e", "1", "0")  # the village elects Jon (seat 10) before the vote
        assert played(session)[-1] == "mayor 10"
        await press(pilot, "5", "enter")  # Ana (1) votes for 5; Enter records what was typed so far
        assert played(session)[-1] == "vote 1>5"
        assert session.game.public_state()["vote"]["tally"] == {"Ed": 1}


async def test_a_lone_digit_waits_then_means_its_seat(make_app, new_table, monkeypatch) -> None:
    monkeypatch.setattr(GauekosScreen, "timing", replace(FAST, digit_wait=0.05))
    cards = ["gaueko", "gaueko", "gaueko", "sorgina"] + ["campesino"] * 8
    session = new_table(12, "deck gaueko 3 sorgina", *[f"role {n} {c}" for n, c in enumerate(cards, 1)], "start",
                        "later", lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "1")
        await until(pilot, lambda: played(session)[-1] == "sorgina 1")


async def test_samartintxiki_takes_a_leftover_by_its_number(make_app, new_table) -> None:
    session = new_table(8, "deck gaueko 2 samartintxiki", *[f"role {n} {c}" for n, c in enumerate(
        ["samartintxiki", "gaueko", "campesino", "campesino", "campesino", "campesino", "campesino", "campesino"],
        1)], lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "v")  # the Kontalari looks at the two leftovers before starting
        assert "Leftovers: Campesino," in screen_text(app)
        await press(pilot, "v", "space")
        assert "Take: Gaueko" in screen_text(app)
        await press(pilot, "2")
        assert played(session)[-1] == "take gaueko"
        assert session.game.private_state()["roles"]["Ana"] == "gaueko"


async def test_the_deck_warns_about_odd_setups(make_app, new_table) -> None:
    session = new_table(8, lang="en")
    app = make_app(session=session, lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "plus", "plus")
        assert played(session)[-1] == "deck gaueko 4"
        assert screen_text(app).count("⚠") == 2  # not the recommended count; half the table
        await press(pilot, "x")  # dealt at random, shown only on request
        assert played(session)[-1] == "deal"
        text = screen_text(app)
        assert "Ana ✓" in text and "Ana:" not in text
        await press(pilot, "v")
        assert "Ana:" in screen_text(app)

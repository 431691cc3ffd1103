"""The 18 fantasmas screen driven with the Pilot: placement on the castle, play
with a chosen ghost and its highlighted rooms, refusals in the rules' words,
and the app as an opponent (thinking in a worker, waiting for its piece to be
moved, undo back to the person's own move)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.session import Session
from companion.games.fantasmas import ai
from companion.tui.games.fantasmas.castle import CastleView, castle_content
from companion.tui.games.fantasmas.screen import FantasmasScreen

from .conftest import SEED, screen_text

MIDDLE = 12  # c3, where the cursor starts


def cell(name: str) -> int:
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


async def go_to(pilot, screen: FantasmasScreen, target: int) -> None:
    """Arrow keys from wherever the cursor is to `target`."""
    row, column = divmod(screen.cursor, 5)
    t_row, t_column = divmod(target, 5)
    keys = (["down"] * (t_row - row) if t_row > row else ["up"] * (row - t_row))
    keys += (["right"] * (t_column - column) if t_column > column else ["left"] * (column - t_column))
    if keys:
        await pilot.press(*keys)


def placed(session: Session, count: int) -> None:
    """Play the first legal placement `count` times (through the notation)."""
    for _ in range(count):
        session.act(session.game.notation_of(session.game.legal_tuples()[0]))


@pytest.fixture
def two(home: Path):
    session = Session.new("18-fantasmas", ["[bold]Ana", "Luis"], seed=SEED, lang="es", path=home / "f.toml")
    yield session
    session.close()


@pytest.fixture
def fast_app(monkeypatch):
    """The app's thinking cut to a few hundred nodes (its moves stay deterministic)."""
    real = ai.choose

    def quick(position, *, seed, budget=1.0, nodes=None, level="hard"):
        return real(position, seed=seed, budget=budget, nodes=300, level=level)

    monkeypatch.setattr(ai, "choose", quick)


async def test_a_ghost_is_placed_with_the_arrows_and_enter(make_app, two):
    app = make_app(session=two)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, FantasmasScreen)
        await go_to(pilot, screen, cell("a1"))  # a blue carpet
        await pilot.press("enter")
        await pilot.pause()
        assert [p.entry.notation for p in two.played] == ["b a1"]
        assert two.game.board.ghosts[cell("a1")] == (0, "B") or list(two.game.board.ghosts[cell("a1")]) == [0, "B"]
        text = screen_text(app)
        assert "[bold]Ana" in text  # a name shows as typed
        assert "Luis" in text


async def test_a_refused_placement_says_why_and_changes_nothing(make_app, two):
    app = make_app(session=two)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        before = two.path.read_bytes()
        await go_to(pilot, screen, cell("c1"))  # the red portal
        await pilot.press("enter")
        await pilot.pause()
        assert two.played == []
        assert two.path.read_bytes() == before
        assert "c1 es un portal" in screen_text(app)
        await go_to(pilot, screen, cell("b2"))  # a mirror room
        await pilot.press("enter")
        await pilot.pause()
        assert two.played == []
        assert "espejo" in screen.error


async def test_a_chosen_ghost_shows_its_rooms_and_moves_there(make_app, two):
    placed(two, 18)
    game = two.game
    src, dst = next((a[1], a[2]) for a in game.legal_tuples() if a[0] == "step" and game.board.ghosts[a[2]] is None)
    app = make_app(session=two)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, src)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.selected == src
        marks = screen.marks()
        assert dst in marks.targets
        assert marks.targets == {a[2] for a in game.legal_tuples() if a[0] == "step" and a[1] == src}
        assert "*" in castle_content(game.position(), marks).plain  # the chosen ghost has a sign, not only a colour
        await go_to(pilot, screen, dst)
        await pilot.press("enter")
        await pilot.pause()
        assert two.played[-1].entry.notation == game.notation_of(("step", src, dst))
        assert screen.selected is None
        assert game.to_act == 1


async def test_a_step_the_rules_refuse_keeps_the_ghost_chosen_and_says_why(make_app, two):
    placed(two, 18)
    game = two.game
    mine = [c for c in range(25) if game.board.ghosts[c] is not None and game.board.ghosts[c][0] == 0]
    legal = {(a[1], a[2]) for a in game.legal_tuples() if a[0] == "step"}
    src, dst = next((s, d) for s in mine for d in range(25)
                    if (s, d) not in legal and game.castle.kinds[d] != "P" and d != s
                    and not (game.board.ghosts[d] is not None and game.board.ghosts[d][0] == 0
                             and game.board.ghosts[d][1] == game.board.ghosts[s][1]))
    app = make_app(session=two)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        count = len(two.played)
        await go_to(pilot, screen, src)
        await pilot.press("enter")
        await go_to(pilot, screen, dst)
        await pilot.press("enter")
        await pilot.pause()
        assert len(two.played) == count
        assert screen.selected == src
        assert screen.error  # the rules' reason, in Spanish


async def test_the_app_places_in_a_worker_and_waits_for_its_piece(make_app, home, recording, fast_app):
    session = Session.new("18-fantasmas", ["Ana"], {"opponent": "app"}, seed=SEED, lang="es",
                          path=home / "app.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, cell("a1"))
        await pilot.press("enter")  # Ana places; then the app (B) places two
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(session.played) == 2
        assert screen.waiting is not None
        assert any(text.startswith("Pongo mi fantasma") for text in recording.spoken)  # first person
        text = screen_text(app)
        assert "Intro" in text
        cursor = screen.cursor
        await pilot.press("right", "enter")  # Enter confirms the app's piece: it places nothing of Ana's
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(session.played) == 3  # the app's second placement (B places two)
        assert session.game.board.ghosts[cursor + 1] is None or session.game.board.ghosts[cursor + 1][0] == 1
        assert screen.waiting is not None
        await pilot.press("enter")
        await pilot.pause()
        assert screen.waiting is None
        assert not session.game.seat_is_app(session.game.to_act)
        await pilot.press("ctrl+z")  # back to before Ana's own placement
        await pilot.pause()
        assert len(session.played) == 0
        session.close()


async def test_the_castle_fits_at_80_by_24(make_app, two):
    placed(two, 18)
    app = make_app(session=two)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        castle = app.screen.query_one(CastleView)
        assert castle.region.height == 11
        text = screen_text(app)
        for row in "12345":
            assert f"{row} │" in text
        assert "└───a───┴" in text


async def test_the_start_screen_starts_a_game_against_the_app(make_app, home, fast_app):
    """Game 18 fantasmas, one name, Rival: la app, side A: the app places first, by itself."""
    from textual.widgets import Input, Select

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "18-fantasmas"
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#option-opponent", Select).value = "app"
        app.screen.query_one("#option-app_side", Select).value = "a"
        level = app.screen.query_one("#option-app_level", Select)
        assert [str(label) for label, _ in level._options] == ["fácil", "normal", "difícil"]
        level.value = "easy"
        players = app.screen.query_one("#players", Input)
        players.focus()
        await pilot.press(*"Ana", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FantasmasScreen)
        session = screen.session
        assert session.game.seat_is_app(0) and session.game.players[1] == "Ana"
        assert session.game.settings["app_level"] == "easy" and 'app_level = "easy"' in session.path.read_text()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(session.played) == 1 and screen.waiting is not None  # the app (A) placed its first
        assert "Pongo mi fantasma" in screen_text(app)


async def test_hints_are_off_until_asked_and_name_the_losing_moves(make_app, two):
    placed(two, 18)
    game = two.game
    hints = game.hints()
    app = make_app(session=two)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert "Pierden un fantasma:" not in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        text = screen_text(app)
        assert "Escapan ya:" in text and "Pierden un fantasma:" in text
        for notation in hints["lose"][:2]:
            assert notation in text
        for notation in hints["lose"]:  # each one sends one of the mover's ghosts to the dungeon
            src, dst = (cell(part) for part in notation.split("-"))
            attacker, defender = game.board.ghosts[src], game.board.ghosts[dst]
            assert defender is not None and attacker[0] == 0


@pytest.fixture
def slow_app(monkeypatch):
    """The app's thinking held until released: an undo can land while it thinks."""
    import threading

    real = ai.choose
    release = threading.Event()

    def held(position, *, seed, budget=1.0, nodes=None):
        release.wait(10)
        return real(position, seed=seed, budget=budget, nodes=200)

    monkeypatch.setattr(ai, "choose", held)
    yield release
    release.set()


async def test_undo_while_the_app_thinks_cancels_the_thought_and_the_person_plays_on(make_app, home, slow_app):
    session = Session.new("18-fantasmas", ["Ana"], {"opponent": "app"}, seed=SEED, lang="es",
                          path=home / "undo.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, cell("a1"))
        await pilot.press("enter")  # Ana places; the app starts thinking
        await pilot.pause()
        assert len(session.played) == 1 and screen.thinking is not None
        await pilot.press("ctrl+z")  # while it thinks
        await pilot.pause()
        assert len(session.played) == 0 and screen.thinking is None
        assert "piensa" not in screen_text(app)
        slow_app.set()  # the stale thought comes back: dropped
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(session.played) == 0 and screen.thinking is None and screen.waiting is None
        await pilot.press("enter")  # the person's turn is live: Enter places again
        await pilot.pause()
        assert len(session.played) >= 1 and session.played[0].entry.notation.endswith("a1")
        session.close()


async def test_a_move_typed_while_the_app_waits_for_its_piece_is_the_confirmation(make_app, home, fast_app):
    session = Session.new("18-fantasmas", ["Ana"], {"opponent": "app"}, seed=SEED, lang="es",
                          path=home / "typed.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, cell("a1"))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")  # the first of the app's two placements is on the board
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.waiting is not None and not session.game.seat_is_app(session.game.to_act)
        move = session.game.notation_of(session.game.legal_tuples()[0])
        count = len(session.played)
        assert screen.submit(move)  # typed with `:` instead of pressing Enter first
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert session.played[count].entry.notation == move
        assert len(session.played) > count + 1  # and the app answered: no stall
        session.close()


async def test_the_apps_announcement_carries_what_its_move_did(make_app, home, fast_app):
    """The app's move, then its consequences (here the next turn's lines at least), stay on the
    prompt while the person moves its piece; the confirmation hint comes last."""
    session = Session.new("18-fantasmas", ["Ana"], {"opponent": "app"}, seed=SEED, lang="es",
                          path=home / "said.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await go_to(pilot, screen, cell("a1"))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.waiting is not None and screen.app_said
        assert screen.app_said[0] == screen.waiting  # the first person line leads
        detail = screen.build_view().prompt.detail
        assert "Intro" in detail
        session.close()

"""Coming back: a save opened from elsewhere is listed under Continue, with where it stands;
the last game chosen and the language are remembered; a damaged memory file is harmless."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.session import Session
from companion.tui import memory
from companion.tui.saves import recent_saves

from .conftest import SEED, screen_text, show_saves


async def test_a_save_played_from_elsewhere_is_listed_under_continue(make_app, home: Path, tmp_path: Path) -> None:
    """`companion play FILE` on a file outside the saves folder: it appears under Continue, with the
    game, the players as typed, where it stands and when it was played."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    session = Session.new("dice-duel", ["Ana", "[bold]Ana"], seed=SEED, lang="es", path=elsewhere / "tarde.toml")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3", "5")
        await pilot.pause()
    session.close()
    saves = recent_saves(home)
    assert [s.path for s in saves] == [(elsewhere / "tarde.toml").resolve()]
    assert saves[0].actions == 2 and saves[0].state and not saves[0].over

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await show_saves(app, pilot)
        shown = screen_text(app)
        listed = str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        assert str((elsewhere / "tarde.toml").resolve()) in listed  # from elsewhere: its whole path
        assert "Duelo de dados · Ana, [bold]Ana" in shown
        assert "2 acciones · " in shown


def test_the_list_does_not_replay_saves(home: Path, monkeypatch) -> None:
    """Listing reads each journal's header and counts its entries; it never replays a game."""
    Session.new("dice-duel", ["Ana", "Bea"], seed=SEED, path=home / "one.toml").close()

    def no_replay(*args, **kwargs):
        raise AssertionError("replayed")

    monkeypatch.setattr(Session, "load", no_replay)
    [save] = recent_saves(home)
    assert save.game == "dice-duel" and save.players == ("Ana", "Bea") and save.modified > 0


@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe not json", b"[1, 2, 3]", b'{"recent": "x", "lang": 3, "last_game": ["a"], "summaries": []}',
    b'{"recent": ["/etc/passwd", "relative.toml", "\\u001b[31m.toml", 5, null], "summaries": {"x": 1}}',
    b'{"lang": "xx", "last_game": "' + b"a" * 500 + b'"}', b"[" * 100000,
])
async def test_a_damaged_memory_file_is_harmless(make_app, home: Path, content: bytes) -> None:
    """Whatever the memory file holds, the app starts, lists the saves, and remembers again."""
    Session.new("dice-duel", ["Ana", "Bea"], seed=SEED, path=home / "one.toml").close()
    (home / memory.FILE).write_bytes(content)
    assert [s.name for s in recent_saves(home)] == ["one.toml"]
    assert memory.remembered_lang(home) is None
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await show_saves(app, pilot)
        assert "one.toml" in screen_text(app)
    memory.remember_game(home, "halloween")
    assert memory.last_game(home) == "halloween"


async def test_the_last_game_chosen_and_the_language_are_remembered(make_app, home: Path) -> None:
    """A new Halloween game in Basque: next time the form offers Halloween, in Basque (the dice duel
    is never remembered as the last game)."""
    from textual.widgets import Input, RadioButton, Select

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for button in app.screen.query(RadioButton):
            if button.name == "eu":
                button.value = True
        await pilot.pause()
        assert app.lang == "eu"
        app.screen.query_one("#game", Select).value = "halloween"
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#players", Input).value = "Ane, Mikel, Jon, Uxue"
        app.screen.query_one("#players", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and app.session.header.game == "halloween"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.lang == "eu"
        assert app.screen.query_one("#game", Select).value == "halloween"
    app = make_app(lang="en")  # --lang wins over what is remembered
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.lang == "en"


async def test_resuming_a_save_keeps_the_tables_language(make_app, home: Path) -> None:
    """Resuming a Spanish save from a Basque app stays in Basque."""
    from companion.tui.frame import GameScreen

    Session.new("dice-duel", ["Ana", "Bea"], seed=SEED, lang="es", path=home / "one.toml").close()
    app = make_app(lang="eu")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.lang == "eu"


@pytest.mark.parametrize("argv, expected", [
    (["--lang", "eu", "play"], "eu"), (["play", "--lang", "eu"], "eu"), (["play"], None)])
def test_lang_before_or_after_play_wins(monkeypatch, tmp_path: Path, argv: list[str], expected) -> None:
    """`companion --lang eu play FILE` and `companion play FILE --lang eu` both open the app in
    Basque; without --lang the app decides (the remembered choice, else the save's)."""
    import companion.tui.app as tui_app
    from companion.cli import main

    save = tmp_path / "one.toml"
    Session.new("dice-duel", ["Ana", "Bea"], seed=SEED, lang="es", path=save).close()
    made: dict = {}

    class Fake:
        return_code = 0
        crashed = None

        def run(self) -> None:
            pass

        def crash_words(self) -> list[str]:
            return []

    def fake_create_app(**kwargs):
        made.update(kwargs)
        return Fake()

    monkeypatch.setattr(tui_app, "create_app", fake_create_app)
    args = argv[:1] + [str(save)] + argv[1:] if argv[0] == "play" else argv + [str(save)]
    assert main(args) == 0
    assert made["lang"] == expected


@pytest.mark.parametrize("game, players, lang, shown", [
    ("rey-de-los-monstruos", ["Ana", "Bea"], "eu", "1. itzulia · "),
    ("dice-duel", ["Jon", "Ane"], "eu", "Puntuak: Jon 0, Ane 0 (30 arte) · "),
    ("18-fantasmas", ["Jon", "Ane"], "es", "Turno de Jon · "),
])
async def test_the_continue_list_says_where_the_game_stands(make_app, home: Path, game: str, players: list[str],
                                                            lang: str, shown: str) -> None:
    """Each save in the list says where its game stands (`Game.progress`: the round, the
    night, the countdown, whose turn...), in the app's language, beside its prompt."""
    session = Session.new(game, players, seed=SEED, lang=lang, path=home / "partida.toml")
    app = make_app(session=session, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    session.close()
    [save] = recent_saves(home)
    assert save.progress and set(save.progress) == {"en", "es", "eu"}

    app = make_app(lang=lang)
    async with app.run_test(size=(100, 24)) as pilot:
        await show_saves(app, pilot)
        listed = str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        assert shown in listed, listed
        app.lang = "en"
        await pilot.pause()
        listed = str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        assert save.progress["en"] + " · " in listed and shown not in listed


def test_every_games_progress_is_said_in_every_language_through_a_game() -> None:
    """`progress()` of each game, through random playouts: a line of the packs in en/es/eu
    (never an id or a hole), or None."""
    import random

    from companion.core.dice import LiveChance
    from companion.core.language import render
    from companion.core.registry import find_game, game_names

    for name, _ in game_names():
        cls = find_game(name)
        players, options = cls.example_setups()[0]
        game = cls.new(players, options)
        rng = random.Random(7)
        chance = LiveChance(random.Random(8))
        for _ in range(150):
            where = game.progress()
            if where is not None:
                for lang in ("en", "es", "eu"):
                    text = render(where, lang)
                    assert text and "{" not in text and where.id not in text, (name, lang, text)
            if game.outcome() is not None:
                break
            game.apply(game.sample_action(rng), chance)


@pytest.mark.parametrize("game, players, lang, words", [
    ("halloween", ["Ana", "Luis", "Eva", "Iker"], "es", "Ronda {round} de 8"),
    ("gauekos", ["Ane", "Bittor", "Carmen", "Dani", "Eneko", "Fermin", "Gorka"], "eu", None),
])
def test_halloween_says_its_round_and_gauekos_its_night_or_day(game, players, lang, words) -> None:
    """The two games of the trial: "Ronda 3 de 8" for Halloween once the night is under way;
    "Noche 2" or "Día 2" for Gauekos (nothing in the setup, the prompt says it there)."""
    import random

    from companion.core.language import render

    session = Session.new(game, players, seed=SEED, lang=lang)
    rng = random.Random(SEED)
    seen = set()
    for _ in range(400):
        if session.outcome() is not None:
            break
        state = session.game.public_state()
        where = session.game.progress()
        text = render(where, lang) if where is not None else None
        if game == "halloween":
            expected = words.format(round=state["round"]) if state["phase"] == "play" else None
            assert text == expected, (state["phase"], text)
        elif state["phase"] == "night":
            assert text == f"{state['night']}. gaua"
        elif state["phase"] in ("day", "dusk"):
            assert text == f"{state['day']}. eguna"
        else:
            assert text is None
        seen.add(text is not None)
        session.act(session.game.notation(session.game.sample_action(rng)))
    assert seen == {True, False}

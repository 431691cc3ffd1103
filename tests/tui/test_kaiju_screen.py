"""The Kaijupoly and Rey de los Monstruos screens driven with the Pilot at
80×24: a turn played with the keys and saved as notation, the ring with its
owners, troops, rubble, the Kaiju and the generals, a battle round by round
with both rolls and the odds, the bank's ledger, the Kaiju's threat on
request, reinforcements folded by city, a refusal in the pack's Spanish that
leaves the save as it was, names shown as typed, and the King's turn."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from textual.content import Content

from companion.core.game import Choice, Line
from companion.core.language import render
from companion.core.session import Session
from companion.games.kaiju.odds import percent, survival
from companion.tui.games.kaiju import KaijuScreen, KingScreen
from companion.tui.games.kaiju.centre import CentrePanel
from companion.tui.games.kaiju.menu import build_menu
from companion.tui.menu import paged
from companion.tui.games.kaiju.ring import MIN_ROWS, Ring, SquareCell, sizes
from companion.tui.log import EventLog
from companion.tui.widgets import ErrorLine, NotationInput

from .conftest import SEED, screen_text

PLAYERS = ("Ana", "Bea", "Carlos")


def new(home: Path, *acts: str, players=PLAYERS, game: str = "kaijupoly", **options) -> Session:
    session = Session.new(game, list(players), seed=SEED, lang="es", path=home / f"{game}.toml", options=options)
    for act in acts:
        session.act(act)
    return session


def dealt(home: Path, players=PLAYERS) -> Session:
    """Deeds dealt, the leftover picked: the first general is to roll."""
    session = new(home, "deal", players=players)
    faces = iter(range(6, 0, -1))  # 12, 10, 8...: no ties
    while session.expects().step in ("order", "pick"):
        prompt = session.expects()
        if prompt.step == "order":
            face = next(faces)
            session.act(f"roll @ {face} {face}")
        else:
            session.act(prompt.choices[0].notation)
    return session


def kaiju_dice(game) -> str:
    """The Kaiju's roll: onto a protected city within reach, else onto a deed that stands."""
    here = game.kaiju
    reach = {(here - total) % 40: total for total in range(2, 13)}
    protected = [p for p in reach if game.level.get(p, 0) and p not in game.destroyed]
    standing = [p for p in reach if game.board[p].deed and p not in game.destroyed]
    total = reach[(protected or standing or [next(iter(reach))])[0]]
    return f"roll @ {total // 2} {total - total // 2}"


def drive(session: Session, until) -> Session:
    """Play on the plain way (the generals roll 6 and 5, buy two platoons where they may and
    end their turns; the Kaiju goes for a protected city, else any deed; the cities repel it)
    until `until(session)`."""
    for _ in range(400):
        if until(session):
            return session
        prompt = session.expects()
        step = prompt.step
        if step == "troops":
            levels = [c.notation for c in prompt.choices if c.key == "2"]
            session.act(levels[0] if levels else "skip")
        elif step == "kaiju":
            session.act(kaiju_dice(session.game))
        elif step in ("turn", "bonus"):
            session.act("roll @ 6 5")
        elif step == "battle":
            session.act("fight @ 1 2 6")
        else:
            session.act(prompt.choices[0].notation)
    raise AssertionError("the game never got there")


def battling(session: Session) -> bool:
    return session.expects().step == "battle"


def notations(session: Session) -> list[str]:
    return [p.entry.notation for p in session.played]


def cell_text(app, position: int) -> str:
    return app.screen.query_one(f"#kj-sq-{position}", SquareCell).content.plain


def centre_text(app) -> str:
    return app.screen.query_one(CentrePanel).content.plain


def said(line_id: str, **values) -> str:
    return render(Line(line_id, values), "es")


def plain(text) -> str:
    return text.plain if isinstance(text, Content) else str(text)


async def test_the_kaiju_screen_draws_the_ring_and_the_generals(make_app, home):
    session = dealt(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, KaijuScreen)
        assert len(app.screen.query(SquareCell)) == 40
        board = session.game.board
        for position in (0, 10, 20, 30, 11, 39):  # the corners and a side each
            assert cell_text(app, position).startswith(board[position].short[:4])
        centre = centre_text(app)
        for name in PLAYERS:
            assert name in centre
        assert "Ronda 1" in centre
        text = screen_text(app)
        assert "Probab." in text and "Banca" in text and "Registro" in text  # the footer at 80 columns
        session.close()


async def test_a_turn_is_played_with_the_keys_and_saved(make_app, home):
    session = dealt(home)
    before = len(session.played)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Ana rolls the app's dice
        await pilot.pause()
        assert notations(session)[before] == "roll"
        for _ in range(6):  # whatever the square asks, answered with keys, until Bea's turn
            prompt = session.expects()
            if prompt.step == "turn" and prompt.who == "Bea":
                break
            key = {"troops": "1", "end": "0", "turn": "1", "bonus": "1"}[prompt.step]
            await pilot.press(key)
            await pilot.pause()
        assert session.expects().who == "Bea"
        saved = session.path.read_text(encoding="utf-8")
        for notation in notations(session)[before:]:
            assert f'"{notation}"' in saved or notation in saved
        session.close()


async def test_the_ring_shows_owners_troops_rubble_the_kaiju_and_the_generals(make_app, home):
    session = drive(dealt(home), lambda s: s.game.destroyed and any(s.game.level.values()))
    game = session.game
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tags = app.screen.tags
        protected = next(p for p, level in game.level.items() if level and p not in game.destroyed)
        shown = cell_text(app, protected)
        assert tags[game.owner[protected]].text in shown
        assert ("♜" if game.level[protected] == 5 else "▪") in shown
        rubble = min(game.destroyed)
        assert "░" in cell_text(app, rubble)
        assert app.screen.query_one(f"#kj-sq-{rubble}", SquareCell).has_class("-rubble")
        assert "☢" in cell_text(app, game.kaiju)
        assert app.screen.query_one(f"#kj-sq-{game.kaiju}", SquareCell).has_class("-kaiju")
        for seat, square in enumerate(game.pos):
            if not game.out[seat]:
                assert tags[seat].text in cell_text(app, square)
        session.close()


async def test_a_battle_shows_its_rounds_both_rolls_and_the_odds(make_app, home):
    session = drive(dealt(home), battling)
    game = session.game
    city = game.board[game.battle["square"]]
    start = game.battle["start"]
    session.act("fight @ 4 3 1")  # 7 against 1 + two platoons: the Kaiju hits
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        centre = centre_text(app)
        assert f"Combate por {city.short}" in centre
        assert f"({percent(survival(start))} %)" in centre  # the odds before the battle
        record = game.battle["rounds"][0]
        defence = 1 + record["bonus"]
        assert f"1. Kaiju 4+3=7 · {city.short} 1+{record['bonus']}={defence}" in centre
        assert record["result"] == "hit" and record["after"] and game.battle["end"] is None
        assert f"golpe → {'▪' * record['after']} {percent(survival(record['after']))} %" in centre  # and after
        assert said("ui.kaijupoly.battle.now", odds=percent(survival(game.level[city.position]))) in centre
        await pilot.press("1")  # the next round, with the keys
        await pilot.pause()
        assert notations(session)[-1] == "fight"
        assert "2. Kaiju" in centre_text(app)
        session.close()


async def test_the_ledger_shows_who_paid_whom_and_why(make_app, home):
    session = drive(dealt(home), lambda s: any(row["why"] == "rent" for row in s.game.ledger))
    game = session.game
    rent = next(row for row in reversed(game.ledger) if row["why"] == "rent")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        centre = centre_text(app)
        assert "Banca: ha pagado" in centre
        payer, payee = game.players[rent["from"]], game.players[rent["to"]]
        assert f"{payer} → {payee} {rent['amount']} € alquiler" in centre
        assert "la banca →" in centre  # the bank's payments too (the starting money)
        await pilot.press("l")  # the log, in the same place
        await pilot.pause()
        assert app.screen.query_one(EventLog).display
        assert not app.screen.query_one(CentrePanel).display
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query_one(CentrePanel).display
        session.close()


async def test_the_kaijus_next_move_on_request(make_app, home):
    session = drive(dealt(home), lambda s: s.game.kaiju is not None and s.game.threat())
    threat = session.game.threat()
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert all("%" not in cell_text(app, p) for p in threat)
        await pilot.press("o")
        await pilot.pause()
        for position, chance in threat.items():
            assert f"{percent(Fraction(chance))}%" in cell_text(app, position), position
            assert app.screen.query_one(f"#kj-sq-{position}", SquareCell).has_class("-threat")
        await pilot.press("o")
        await pilot.pause()
        assert all("%" not in cell_text(app, p) for p in threat)
        session.close()


def test_reinforcements_fold_by_city_and_troops_read_short():
    def reinforce(city: str, level: int) -> Choice:
        troops = Line("kaijupoly.choice.troops", {"troops": Line("kaijupoly.troops.platoons", {"count": level}),
                                                  "amount": "50 €", "odds": "41", "was": "18"})
        return Choice(Line("kaijupoly.choice.reinforce", {"city": city, "label": troops}), f"troops 1 {level}",
                      group="troops")

    end = Choice(Line("kaijupoly.choice.end"), "end", key="0", group="end")
    menu = paged(build_menu([end, reinforce("Bilbao", 2), reinforce("Bilbao", 3), reinforce("Prado", 2)]))
    assert [entry.key for entry in menu] == ["0", "1", "2"]
    assert menu[1].notation is None and [e.notation for e in menu[1].inner] == ["troops 1 2", "troops 1 3"]
    assert render(menu[1].label, "es") == "Reforzar Bilbao"
    assert render(menu[1].inner[0].label, "es") == "2 pelotones, 50 €: aguanta el 41 %"
    alone = build_menu([end, reinforce("Bilbao", 2)])
    assert render(alone[1].label, "es") == "Bilbao: 2 pelotones, 50 €: aguanta el 41 %" and alone[1].notation == "troops 1 2"
    many = paged(build_menu([Choice(f"deed {n}", f"sell {n}") for n in range(12)]))  # pages past nine
    assert len(many) == 9 and many[-1].notation is None and len(many[-1].inner) == 4
    assert render(many[-1].label, "es") == "Más… (4)"


async def test_a_fold_opens_and_closes_with_the_keys(make_app, home):
    def two_cities(s: Session) -> bool:
        prompt = s.expects()
        cities = {c.label.values["city"] for c in prompt.choices if c.group == "troops"} if prompt.step == "end" else ()
        return len(cities) > 1

    session = drive(dealt(home), two_cities)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.shown_entries[1].inner
        await pilot.press("1")
        await pilot.pause()
        assert screen.menu_state.path == [1]
        assert "Volver" in screen_text(app)
        await pilot.press("0")  # back, not the end of the turn
        await pilot.pause()
        assert screen.menu_state.path == [] and session.expects().step == "end"
        await pilot.press("1", "1")
        await pilot.pause()
        assert notations(session)[-1].startswith("troops ")
        session.close()


async def test_a_refusal_says_why_in_spanish_and_changes_nothing(make_app, home):
    session = dealt(home)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        before = session.path.read_bytes()
        await pilot.press("colon")
        app.screen.query_one(NotationInput).value = "multa"
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one(ErrorLine).content.plain
        assert "Ana no está en la cárcel." in error
        assert session.path.read_bytes() == before
        session.close()


async def test_a_name_shows_as_typed(make_app, home):
    session = dealt(home, players=("[bold]Ana", "Bea"))
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[bold]Ana" in centre_text(app)
        assert "[bold]Ana" in screen_text(app)
        session.close()


async def test_every_word_comes_from_the_packs_in_english_and_basque(make_app, home):
    session = drive(dealt(home), battling)
    for lang, words in (("en", ("Battle for", "Bank", "Odds")), ("eu", ("Borroka", "Bankua", "Probab."))):
        app = make_app(session=session, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("o")
            await pilot.pause()
            shown = screen_text(app)
            for word in words:
                assert word in shown, (lang, word)
            await pilot.press("b")
            await pilot.pause()
            shown += screen_text(app)
            assert "ui." not in shown and "kaijupoly." not in shown
    session.close()


async def test_the_king_screen_plays_a_turn(make_app, home):
    session = new(home, players=("Ane", "Iker"), game="rey-de-los-monstruos")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, KingScreen)
        assert "♜" in cell_text(app, 1)  # every city starts with a Cuartel
        assert "Banca" not in screen_text(app)  # no money, no bank key
        await pilot.press("2")  # two dice
        await pilot.pause()
        assert notations(session) == ["roll 2"]
        assert "roll 2" in session.path.read_text(encoding="utf-8")
        where = session.game.pos[0]
        assert app.screen.tags[0].text in cell_text(app, where)
        assert session.expects().step == "battle"  # a city, with its Cuartel
        assert "Ane ataca" in centre_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert notations(session)[-1] == "fight"
        assert "1. Ane" in centre_text(app)
        session.close()


async def test_the_king_ring_marks_who_destroyed_a_city(make_app, home):
    session = new(home, "roll 1 @ 1", "fight @ 6 6 1", "fight @ 6 6 1", "fight @ 6 6 1",
                  players=("Ane", "Iker"), game="rey-de-los-monstruos")
    assert 1 in session.game.destroyed
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = cell_text(app, 1)
        assert "░" in shown and app.screen.tags[0].text in shown
        session.close()


def test_the_ring_fits_every_size():
    for width, height in ((80, 11), (80, 13), (80, 17), (100, 30), (120, 40), (200, 60)):
        columns, rows = sizes(width, height)
        assert len(columns) == len(rows) == 11
        assert sum(columns) <= width and min(columns[0], columns[-1]) >= 12
        assert MIN_ROWS <= sum(rows) <= max(height, MIN_ROWS)


async def test_the_ring_takes_the_room_it_has(make_app, home):
    session = dealt(home)
    app = make_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ring = app.screen.query_one(Ring)
        assert ring.cells[20].room[1] == 2 and ring.cells[11].room[1] >= 2  # a name row and a marks row; roomy sides
        assert session.game.board[11].short in plain(ring.cells[11].content)
        session.close()


def test_snapshot_kaijupoly(snap_compare, make_app, home) -> None:
    """Kaijupoly at 80×24 in a battle: the ring, the generals, the rounds and their odds."""
    session = drive(dealt(home), battling)
    session.act("fight @ 4 3 1")
    try:
        assert snap_compare(make_app(session=session), terminal_size=(80, 24))
    finally:
        session.close()


def test_snapshot_rey_de_los_monstruos(snap_compare, make_app, home) -> None:
    """Rey de los Monstruos at 80×24: a kaiju attacks a city with its Cuartel."""
    session = new(home, "roll 2 @ 3 3", "fight @ 5 4 1", players=("Ane", "Iker", "Lur"), game="rey-de-los-monstruos")
    try:
        assert snap_compare(make_app(session=session), terminal_size=(80, 24))
    finally:
        session.close()


async def test_the_troops_behind_more_open_and_play(make_app, home):
    """At 80×24 the troops bar shows 1-4 and "Más… (2)" (the Cuartel and "Sin tropas" behind it):
    its key opens that page in place and the Cuartel's key there plays it (the whole-game trial
    of issue 21 found "Más…" doing nothing: the page was opened at the bar's room, then read
    back at nine, where that index is another entry, and closed again)."""
    session = drive(dealt(home), lambda s: s.expects().step == "troops")
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        more = next(e for e in screen.shown_entries if e.inner)
        assert f" {more.key}  Más… ({len(more.inner)})" in screen_text(app)
        await pilot.press(more.key)
        await pilot.pause()
        assert screen.menu_state.path and "Volver" in screen_text(app)
        cuartel = next(e for e in screen.shown_entries if (e.notation or "").endswith(" cuartel"))
        assert f" {cuartel.key}  un Cuartel" in screen_text(app)
        await pilot.press(cuartel.key)
        await pilot.pause()
        assert notations(session)[-1] == cuartel.notation
        session.close()


async def test_a_reinforcement_played_from_a_fold_closes_it(make_app, home):
    """After a level is played from a city's fold, the bar is back at the cities and "Acabar el
    turno": left open, it showed the next levels with no city named and 0 as "Volver" (the
    whole-game trial of issue 21 in tmux)."""
    def two_cities(s: Session) -> bool:
        prompt = s.expects()
        cities = {c.label.values["city"] for c in prompt.choices if c.group == "troops"} if prompt.step == "end" else ()
        return len(cities) > 1

    session = drive(dealt(home), two_cities)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        fold = next(e for e in screen.shown_entries if e.inner)
        await pilot.press(fold.key)
        await pilot.pause()
        level = next(e for e in screen.shown_entries if e.notation)
        await pilot.press(level.key)
        await pilot.pause()
        assert notations(session)[-1] == level.notation
        assert screen.menu_state.path == []
        text = screen_text(app)
        assert "Volver" not in text
        if session.expects().step == "end":
            assert " 0  Acabar el turno" in text
        session.close()

"""The table view never shows a secret, in any game (tests/games/public_audit.py says what a
secret is: a secret action's notation, a private event's words, a player tied to a secret value
such as a living Gauekos seat's card or a Halloween child nobody has revealed).

Random games of every game; at every private or secret step, at some others and at the end,
everything the table view draws from the save (`screen_text`: the title, what happens now, the
game's panel, the log) is audited, and so is the line the game master's narrator says then (the
table view shows it as the spoken line). Once a game, the real app renders that point headless
and the text of every widget on its screen is audited too.
"""

from __future__ import annotations

import random
import re

from textual.content import Content
from textual.widgets import Static

from companion.core.language import render
from companion.core.game import Line
from companion.core.registry import entries
from companion.core.session import Session
from companion.tui.table.app import TableApp, screen_text
from companion.tui.table.follow import Seen as Shown
from companion.tui.table.games import panel_lines

from ..games.public_audit import Audit, secret_pairs
from ..games.test_public_view import Seen, random_game, setup_for

GAMES = [e.name for e in entries()]
COUNT = {"gauekos": 150, "halloween": 25, "alien-1979": 80, "18-fantasmas": 10, "dice-duel": 20,
         "kaijupoly": 2, "rey-de-los-monstruos": 2}
SAMPLED = 0.1  # of the public steps (every private or secret step is checked)


def words_of(value: str, lang: str) -> set[str]:
    """A secret value as the screen could write it: as stored, and as the packs name it."""
    found = {value}
    for line_id in (f"gauekos.role.{value}",):
        said = render(Line(line_id), lang)
        if said != line_id:
            found.add(said)
    return found


def paired(line: str, pairs: list[tuple[str, str]], lang: str) -> list[str]:
    """Secret (player, value) pairs written together on one line of a panel."""
    hits = []
    for player, value in pairs:
        if not re.search(r"(?<!\w)" + re.escape(player) + r"(?!\w)", line):
            continue
        for word in words_of(value, lang):
            if re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", line, re.IGNORECASE):
                hits.append(f"{player} ~ {word}")
    return hits


def check(audit: Audit, session: Session, seen: Seen, lang: str, where: str) -> None:
    shown = Shown(session.public_view(), dict(session.header.options), lang, len(session.played))
    text = screen_text(shown, lang)
    audit.text(where, text, seen.notations, seen.texts, exempt=seen.also_public)
    unsaid = re.search(r"\b(?:ui|state|game|gauekos|halloween|kaijupoly)\.[a-z_-]+\.[a-z_.-]+", text)
    if unsaid:  # a line id where words should be: a gap in the packs, not a leak, but never on screen
        audit.leak(where, f"no words for {unsaid.group()!r}")
    pairs = secret_pairs(session.game)
    for line in panel_lines(shown.view.game, shown.view.state, shown.options, lang):
        # A Halloween child's row names, after ⛨ or ✗, who ripped it or sent it home, and a fight's
        # ⚔ title who attacks which child (the public `rip` the log shows too): public ties.
        told = re.split("[⛨✗⚔]", line.plain)[0] if shown.view.game == "halloween" else line.plain
        for hit in paired(told, pairs, lang):
            audit.leak(where, f"panel line {line.plain!r}: {hit}")
    prompt = session.game.expects()
    if prompt.say is not None and session.outcome() is None:  # the narrator says it: the spoken line
        audit.text(f"{where} spoken", render(prompt.say, lang), seen.notations, seen.texts, exempt=seen.also_public)


def play(name: str, seed: int, audit: Audit) -> tuple[Session, Seen, str, int]:
    """One random game, audited as it goes; returns the session at a point midway replayed."""
    session, seen, lang, _ = random_game(
        name, seed, SAMPLED, lambda session, seen, lang, where: check(audit, session, seen, lang, where))
    return session, seen, lang, len(session.played)


def screen_words(app: TableApp) -> str:
    texts = [w.content.plain for w in app.screen.query(Static) if isinstance(w.content, Content)]
    return "\n".join(texts)


async def test_the_table_view_shows_no_private_value_in_any_game(tmp_path):
    audit = Audit()
    apps = 0
    for name in GAMES:
        for seed in range(COUNT.get(name, 5)):
            session, seen, lang, played = play(name, seed, audit)
            if seed == 0:  # the real app, on a save of this game cut midway (a night, a hidden bid...)
                path = tmp_path / f"{name}.toml"
                half = Session.new(session.game_cls, session.header.players, session.header.options,
                                   seed=session.header.seed, lang=lang, path=path)
                partial = Seen(lang)
                for done in session.played[: played // 2]:
                    half.act(done.entry.notation)
                    partial.add(half.played[-1])
                half.close()
                app = TableApp(path, watch=False)
                async with app.run_test(size=(100, 40)) as pilot:
                    await pilot.pause()
                    text = screen_words(app)
                assert app.seen is not None and app.seen.actions == played // 2
                audit.text(f"{name} app", text, partial.notations, partial.texts, exempt=partial.also_public)
                apps += 1
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    assert apps == len(GAMES) and audit.checked > 1000
    print(f"\n{audit.checked} table outputs checked, {len(audit.leaks)} leaks")


def test_the_pair_detector_finds_a_living_card_on_a_panel_line():
    """Pointed at a line that tells a living seat's card, the same check finds it (or it proves nothing)."""
    game_cls, players, options = setup_for("gauekos", 0)
    session = Session.new(game_cls, players, options, seed=0, lang="es")
    rng = random.Random(0)
    while not secret_pairs(session.game):
        session.act(session.game.notation(session.game.sample_action(rng)))
    player, value = secret_pairs(session.game)[0]
    told = f"● {player}  {render(Line(f'gauekos.role.{value}'), 'es')}"
    assert paired(told, secret_pairs(session.game), "es")


def test_the_table_view_shows_the_halloween_fight_but_no_bid_in_progress():
    """The costume fight as the game master's public panel shows it (who attacks which child,
    the fronts, whose hidden bid is in: ✓ / …), drawn from the public state alone: an amount
    bid in secret is never on the table's screen."""
    from ..games.halloween.test_auction import fight

    session = fight()
    session.act("defend 1")  # Ana defends Montse, 2 in front; Eva attacks with 1
    session.act("bid 3 7")  # Eva's hidden bid: 7
    shown = Shown(session.public_view(), dict(session.header.options), "en", len(session.played))
    panel = [line.plain for line in panel_lines("halloween", shown.view.state, shown.options, "en")]
    fight_at = panel.index(render(Line("ui.halloween.context.fight"), "en"))
    title, fronts, bids = panel[fight_at + 1: fight_at + 4]
    assert "Eva" in title and "Montse" in title
    assert "Eva 1" in fronts and "Ana 2" in fronts
    assert "Eva ✓" in bids and "Ana …" in bids
    assert not any("7" in line for line in (title, fronts, bids))  # the secret bid
    assert session.game.private_state()["bids"]["Eva"] == 7 and "fight" in session.public_view().state
    assert fronts in screen_text(shown, "en")  # on the table view's screen, from the public view

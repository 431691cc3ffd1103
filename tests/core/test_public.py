"""The public view (companion/core/public.py): what the table may see, in the
kit, for every game; recorded with each action and again on replay."""

from __future__ import annotations

from companion.core.game import Line
from companion.core.language import render
from companion.core.public import PublicPlay, words
from companion.core.session import Session
from tests.games.gauekos.helpers import play, table

ROLES = ["gaueko", "gaueko", "sorgina", "akerbeltz", "campesino", "campesino", "campesino", "campesino"]


def duel(*actions: str, path=None) -> Session:
    session = Session.new("duel", ["Ana", "Luis"], seed=3, lang="en", path=path)
    for action in actions:
        session.act(action)
    return session


def test_a_secret_action_is_recorded_with_what_the_table_was_told():
    session = duel("lucky 1 4")
    played = session.played[0]
    assert played.secret and played.public == Line("dice-duel.lucky_public", {"player": "Ana"})
    view = session.public_view()
    assert view.log == (PublicPlay(Line("dice-duel.lucky_public", {"player": "Ana"}), True,
                                   (Line("dice-duel.lucky_chosen", {"player": "Ana"}),)),)
    assert view.game == "dice-duel" and view.players == ("Ana", "Luis") and view.outcome is None
    assert "lucky" not in view.state


def test_a_private_prompt_keeps_only_its_public_title():
    session = duel("lucky 1 4")
    real, seen = session.expects(), session.public_view().prompt
    assert real.private and len(real.choices) == 6 and real.who == "Luis"
    assert seen.private and seen.title == Line("dice-duel.lucky_public", {"player": "Luis"})
    assert (seen.choices, seen.who, seen.detail, seen.say, seen.step, dict(seen.facts)) == ((), None, None, None,
                                                                                           None, {})


def test_a_public_action_keeps_its_notation_and_its_choices():
    session = duel("lucky 1 4", "lucky 2 2", "roll @ 3 3")
    view = session.public_view()
    assert view.log[-1] == PublicPlay("roll", False, tuple(e.line for e in session.played[-1].events))
    assert [c.notation for c in view.prompt.choices] == ["roll", "hold"]
    assert view.prompt.title == session.expects().title


def test_replay_undo_and_redo_record_the_same_secrecy(tmp_path):
    path = tmp_path / "duel.toml"
    session = duel("lucky 1 4", "lucky 2 2", "roll @ 2 3", path=path)
    recorded = [(p.secret, p.public) for p in session.played]
    session.close()
    loaded = Session.load(path)
    assert [(p.secret, p.public) for p in loaded.played] == recorded
    loaded.undo()
    loaded.undo()
    loaded.redo()
    assert [(p.secret, p.public) for p in loaded.played] == recorded[:2]
    assert loaded.public_view().log == session.public_view().log[:2]
    loaded.close()


def test_a_gauekos_call_names_nobody_and_a_phantom_call_looks_the_same():
    session = table(ROLES)
    play(session, "later")
    real = session.public_view().prompt
    assert session.expects().who == "Cy"
    assert real.title == Line("gauekos.public.call.sorgina") and real.choices == () and real.who is None
    play(session, "sorgina 1", "victim 3", "no life", "no death")  # the Sorgiña (Cy) dies
    play(session, "vote 5>6 6>6 7>6", "runoff 5 6", "vote 5>6 6>6 7>6", "night")
    assert session.game.call_info()["phantom"]
    assert session.public_view().prompt == real  # the same title, and nothing else


def test_the_wolves_are_not_named_and_their_choice_is_not_told():
    session = table(ROLES)
    play(session, "later", "sorgina 1", "shown")
    assert session.expects().who == "Ana, Bo"
    seen = words(session.public_view(), "en")
    assert seen["now"] == "The gauekos' call." and seen["choices"] == [] and seen["who"] is None
    play(session, "victim 5")
    log = words(session.public_view(), "en")["log"]
    assert log[-2]["do"] == "The Sorgiña has seen a card." and log[-1]["do"] == "The gauekos have chosen."
    assert all("sorgina 1" not in item["do"] and "victim 5" not in item["do"] for item in log)
    assert all("Ana" not in event for item in log for event in item["events"])


def test_consecutive_secret_answers_of_one_call_are_one_entry():
    """A real Akerbeltz call takes two answers where a phantom one takes a single `pass`:
    the public log does not count them."""
    session = table(ROLES)
    play(session, "later", "sorgina 1", "victim 5", "no life", "no death")
    told = [item.said for item in session.public_view().log]
    assert told[-1] == Line("gauekos.public.akerbeltz")
    assert told.count(Line("gauekos.public.akerbeltz")) == 1
    assert [p.entry.notation for p in session.played][-2:] == ["no life", "no death"]


def test_a_card_typed_for_a_seat_is_secret_the_deck_and_start_are_not():
    session = Session.new("gauekos", [f"P{n}" for n in range(1, 7)], seed=1, lang="en")
    for action in ("deck gaueko 1 sorgina", "role 2 gaueko", "deal", "start"):
        session.act(action)
    log = session.public_view().log
    assert [item.said for item in log[:4]] == ["deck gaueko 1 sorgina",
                                               Line("gauekos.public.role"), "deal", "start"]
    assert all(not line.id.startswith("gauekos.setup.role") for item in log for line in item.events)


def test_halloween_hides_the_first_hidden_bid_and_a_discard_but_not_opened_hands():
    from companion.games.halloween.rules import Halloween

    game = Halloween.new(["Ana", "Luis", "Eva", "Iker"])
    game.phase, game.current = "play", 0
    game.auction = {"attacker": 0, "target": "rosa", "defenders": [1], "bids": None}
    game.stack = [{"kind": "auction"}]
    assert game.secrecy(game.parse("bid 1 3")) == (True, Line("halloween.public.auction_bids", {"player": "Ana"}))
    assert game.secrecy(game.parse("bids 3 2")) == (False, None)
    game.stack = [{"kind": "draw", "seat": 2, "left": 1, "pick": False}]
    game.hands[2] = [1, 2, 9]
    assert game.secrecy(game.parse("discard 9")) == (True, Line("halloween.public.discard", {"player": "Eva"}))
    assert game.secrecy(game.parse("pass")) == (False, None)
    assert [c.notation for c in game.public_prompt().choices] == ["pass"]  # not the cards of Eva's hand


def test_every_kit_and_game_line_of_the_public_view_is_in_every_pack():
    ids = ["public.secret_step", "public.secret_action", "gauekos.public.role", "halloween.public.discard"]
    ids += [f"gauekos.public.call.{call}" for call in ("samartintxiki", "lamia", "lovers", "sorgina", "gauekos",
                                                        "akerbeltz")]
    for lang in ("en", "es", "eu"):
        for line_id in ids:
            text = render(Line(line_id, {"player": "Ana"}), lang)
            assert text != line_id and "{" not in text, (lang, line_id)

"""18 fantasmas computer opponent: its own model of the rules (legal actions,
apply), the players, and the search's choices in small positions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.fantasmas import ai

KINDS = ai.DEFAULT_KINDS
MIRRORS = [i for i, k in enumerate(KINDS) if k == "M"]
ROOMS = {c: [i for i, k in enumerate(KINDS) if k == c] for c in "RYB"}


def zero():
    return {"R": 0, "Y": 0, "B": 0}


def position(ghosts, *, to_act=0, phase="play", facing=None, dungeon=None, escaped=None,
             put_colour=None, kinds=KINDS, portals=None):
    """ghosts: {cell: "AR"} (owner letter, colour letter); facing: {"R": 1, ...}. The
    ghosts neither on the board nor escaped are in their owners' dungeons (unless
    `dungeon` is given), so the 18 are all counted, as in the rules module."""
    portals = {c: list(v) for c, v in (portals or ai.DEFAULT_PORTALS).items()}
    for c, f in (facing or {}).items():
        portals[c][1] = f
    board = [None] * 25
    for cell, g in ghosts.items():
        board[cell] = ["AB".index(g[0]), g[1]]
    escaped = escaped or [zero(), zero()]
    if dungeon is None:
        dungeon = [{c: 3 - board.count([p, c]) - escaped[p][c] for c in "RYB"} for p in (0, 1)]
    return {
        "kinds": kinds,
        "portals": portals,
        "ghosts": board,
        "dungeon": dungeon,
        "escaped": escaped,
        "hand": [zero(), zero()],
        "phase": phase,
        "to_act": to_act,
        "put_colour": put_colour,
        "short_game": False,
    }


def steps(pos):
    return {a[1:] for a in ai.legal_actions(pos) if a[0] == "step"}


# -- legal generation and apply ------------------------------------------------------


def test_mirror_jump_to_any_empty_mirror_only_from_a_mirror():
    pos = position({6: "AR", 18: "BY", 0: "AB"})
    moves = steps(pos)
    assert {(6, 8), (6, 16)} <= moves and (6, 18) not in moves  # no fight by jumping
    assert {(6, 1), (6, 5), (6, 7), (6, 11)} <= moves
    assert {m for m in moves if m[0] == 0} == {(0, 1), (0, 5)}  # a carpet room: no jump
    after = ai.apply(pos, ("step", 6, 16))
    assert after["ghosts"][16] == [0, "R"] and after["ghosts"][6] is None and after["to_act"] == 1


def test_fight_won_takes_the_room_and_turns_the_losers_portal():
    pos = position({12: "AR", 13: "BB", 11: "AY"})
    after = ai.apply(pos, ("step", 12, 13))  # red beats blue
    assert after["ghosts"][13] == [0, "R"] and after["ghosts"][12] is None
    assert after["dungeon"][1]["B"] == pos["dungeon"][1]["B"] + 1
    assert after["portals"]["B"] == [22, 3] and after["portals"]["R"] == [2, 0]


def test_fight_lost_sends_the_attacker_to_its_own_dungeon():
    pos = position({12: "AR", 7: "BY"})
    after = ai.apply(pos, ("step", 12, 7))  # red loses to yellow
    assert after["ghosts"][7] == [1, "Y"] and after["ghosts"][12] is None
    assert after["dungeon"][0]["R"] == pos["dungeon"][0]["R"] + 1 and after["portals"]["R"] == [2, 1]


def test_fighting_an_own_ghost_of_another_colour():
    pos = position({12: "AY", 13: "AR"})
    assert (12, 13) in steps(pos)
    after = ai.apply(pos, ("step", 12, 13))  # yellow beats red, both A's
    assert after["ghosts"][13] == [0, "Y"] and after["dungeon"][0]["R"] == pos["dungeon"][0]["R"] + 1
    assert after["portals"]["R"] == [2, 1]


def test_no_fight_between_ghosts_of_one_colour():
    pos = position({12: "AR", 13: "BR", 7: "AR"})
    assert (12, 13) not in steps(pos) and (12, 7) not in steps(pos)
    with pytest.raises(ValueError):
        ai.apply(pos, ("step", 12, 13))


def test_release_needs_a_free_room_of_its_colour_then_the_opponent_puts_it():
    ghosts = dict(zip(ROOMS["R"], ["BR", "BR", "BR", "BY", "BY", "BY"]))  # every red room taken
    ghosts[0] = "AB"
    pos = position(ghosts)  # A's dungeon: 3 red, 3 yellow, 2 blue
    releases = [a for a in ai.legal_actions(pos) if a[0] == "release"]
    assert releases == [("release", "Y"), ("release", "B")]
    put = ai.apply(pos, ("release", "Y"))
    assert put["phase"] == "put" and put["to_act"] == 1 and put["put_colour"] == "Y"
    assert put["dungeon"][0]["Y"] == 3  # in the dungeon until it is put, as the rules module has it
    assert sorted(a[1] for a in ai.legal_actions(put)) == ROOMS["Y"]
    after = ai.apply(put, ("put", 7))
    assert after["ghosts"][7] == [0, "Y"]  # still A's ghost, placed by B
    assert after["phase"] == "play" and after["to_act"] == 1  # then B plays
    assert after["dungeon"][0]["Y"] == 2


def test_a_put_position_with_the_ghost_in_the_hand_reads_the_same():
    ghosts = {0: "AB", 1: "BR"}
    pos = position(ghosts, to_act=1, phase="put", put_colour="Y", escaped=[{"R": 0, "Y": 2, "B": 0}, zero()])
    pos["dungeon"][0]["Y"], pos["hand"][0]["Y"] = 0, 1  # A's yellows: 2 escaped + 1 on its way back
    after = ai.apply(pos, ("put", 5))
    assert after["ghosts"][5] == [0, "Y"] and after["dungeon"][0]["Y"] == 0 and after["hand"][0]["Y"] == 0


def test_escape_after_a_portal_turn_in_the_opponents_turn():
    # A's red waits in front of where the red opening will face next (right: cell 3).
    pos = position({3: "AR", 10: "AR", 11: "BY"}, to_act=1)
    after = ai.apply(pos, ("step", 11, 10))  # B's yellow beats A's red: red portal turns
    assert after["portals"]["R"] == [2, 1]
    assert after["ghosts"][3] is None and after["escaped"][0]["R"] == 1
    assert after["to_act"] == 0 and after["phase"] == "play"


def test_stepping_onto_an_open_portal_escapes_and_the_last_colour_wins():
    pos = position({24: "AB", 0: "BY"}, facing={"B": 1},
                   escaped=[{"R": 1, "Y": 1, "B": 0}, zero()])
    after = ai.apply(pos, ("step", 24, 23))
    assert after["escaped"][0]["B"] == 1 and after["ghosts"][23] is None
    assert after["phase"] == "over" and after["winner"] == 0
    assert ai.legal_actions(after) == []


def test_placement_order_and_rooms():
    pos = ai.new_position()
    order = []
    rng = random.Random(4)
    while pos["phase"] == "place":
        order.append(pos["to_act"])
        actions = ai.legal_actions(pos)
        assert all(a[0] == "place" and KINDS[a[2]] == a[1] for a in actions)
        pos = ai.apply(pos, rng.choice(actions))
    assert order == [0, 1, 1] + [0, 1] * 7 + [0]
    assert pos["phase"] == "play" and pos["to_act"] == 0
    assert all(pos["ghosts"][m] is None for m in MIRRORS)
    assert all(g is not None and g[1] == KINDS[i] for i, g in enumerate(pos["ghosts"]) if KINDS[i] in "RYB")


TINY = "RRPPP" "PPPPP" "PPPPP" "PPPPP" "PPYYP"  # a castle with rooms 0, 1, 22, 23 only
TINY_PORTALS = {"R": [2, 0], "Y": [3, 0], "B": [4, 0]}


def test_pass_when_nothing_is_legal():
    pos = position({0: "AR", 1: "BR", 22: "BY"}, kinds=TINY, portals=TINY_PORTALS, dungeon=[zero(), zero()])
    assert ai.legal_actions(pos) == [("pass",)]
    after = ai.apply(pos, ("pass",))
    assert after["phase"] == "play" and after["to_act"] == 1


def test_neither_can_act_ends_without_a_winner():
    pos = position({0: "AR", 1: "BR"}, kinds=TINY, portals=TINY_PORTALS, dungeon=[zero(), zero()])
    after = ai.apply(pos, ("pass",))
    assert after["phase"] == "over" and after["winner"] is None


def test_the_model_round_trips_the_dict():
    pos = position({0: "AB", 6: "BR", 13: "AY"}, facing={"Y": 2})
    cas, s = ai.to_model(pos)
    assert ai.to_dict(cas, s) == pos


# -- players -----------------------------------------------------------------------


def test_choose_is_deterministic_for_a_seed():
    pos = ai.new_position()
    rng = random.Random(7)
    for _ in range(24):
        pos = ai.apply(pos, ai.greedy_player(pos, rng))
    first = ai.choose(pos, seed=3, nodes=3000)
    assert all(ai.choose(pos, seed=3, nodes=3000) == first for _ in range(2))
    assert first in ai.legal_actions(pos)


def test_choose_takes_the_winning_escape():
    pos = position({24: "AB", 10: "AR", 9: "AY", 11: "BY", 12: "BB"}, facing={"B": 1},
                   escaped=[{"R": 1, "Y": 1, "B": 0}, {"R": 1, "Y": 1, "B": 0}])
    assert ai.choose(pos, seed=1, nodes=2000) == ("step", 24, 23)


def test_choose_wins_by_turning_a_portal():
    # A's blue waits on cell 21 (blue opening after one turn); A's red can beat B's blue.
    pos = position({21: "AB", 12: "AR", 13: "BB", 0: "BY", 5: "BR"},
                   escaped=[{"R": 1, "Y": 1, "B": 0}, zero()])
    assert ai.choose(pos, seed=1, nodes=2000) == ("step", 12, 13)


def test_choose_avoids_the_capture_that_opens_the_portal_for_the_opponent():
    # B's blues on 16 and 20, blue opening at 21 (facing left) blocked by A's red.
    # Taking the blue on 20 turns the portal up (cell 17): B's blue 16 -> 17 wins.
    pos = position({21: "AR", 16: "BB", 20: "BB", 0: "AY", 4: "AR"}, facing={"B": 3},
                   escaped=[zero(), {"R": 1, "Y": 1, "B": 0}])
    assert ("step", 21, 20) in ai.legal_actions(pos)
    lost = ai.apply(pos, ("step", 21, 20))
    assert ai.apply(lost, ("step", 16, 17))["winner"] == 1
    for seed in range(3):
        assert ai.choose(pos, seed=seed, nodes=3000) != ("step", 21, 20)


def test_choose_puts_a_released_ghost_where_it_cannot_escape():
    # B released a red; the red opening faces left (cell 1), a red room.
    ghosts = {10: "AB", 12: "BY", 19: "AY", 21: "BB", 0: "AY"}
    pos = position(ghosts, to_act=0, phase="put", put_colour="R", facing={"R": 3},
                   escaped=[zero(), {"R": 0, "Y": 1, "B": 1}])
    assert sorted(a[1] for a in ai.legal_actions(pos)) == [1, 4]
    assert ai.choose(pos, seed=1, nodes=2000) == ("put", 4)


def test_choose_releases_when_the_only_free_room_is_an_open_portal():
    ghosts = {4: "BR", 10: "BR", 12: "AY", 19: "BY", 21: "BB", 0: "BB"}
    pos = position(ghosts, facing={"R": 3}, escaped=[{"R": 0, "Y": 1, "B": 1}, zero()])
    assert ai.choose(pos, seed=1, nodes=2000) == ("release", "R")
    after = ai.apply(ai.apply(pos, ("release", "R")), ("put", 1))
    assert after["winner"] == 0


def test_choose_places_during_setup_and_every_phase_is_covered():
    pos = ai.new_position()
    action = ai.choose(pos, seed=0, nodes=1000)
    assert action[0] == "place" and action in ai.legal_actions(pos)


def test_greedy_escapes_then_fights_and_random_is_legal():
    pos = position({24: "AB", 12: "AR", 13: "BB"}, facing={"B": 1})
    assert ai.greedy_player(pos, random.Random(0)) == ("step", 24, 23)
    pos = position({12: "AR", 13: "BB", 0: "AY"})
    assert ai.greedy_player(pos, random.Random(0)) == ("step", 12, 13)
    assert ai.random_player(pos, random.Random(0)) in ai.legal_actions(pos)


# -- the levels ------------------------------------------------------------------------


def midgame(picks: int, seed: int) -> dict:
    pos = ai.new_position()
    rng = random.Random(seed)
    for _ in range(picks):
        if pos["phase"] == "over":
            break
        pos = ai.apply(pos, ai.greedy_player(pos, rng))
    return pos


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 60), st.integers(0, 10_000), st.sampled_from(["easy", "normal"]), st.integers(0, 2**31))
def test_a_softer_level_plays_a_legal_move_that_the_seed_alone_decides(picks, game_seed, level, seed):
    """Reproducible from the save: the same position, seed and level give the same move."""
    pos = midgame(picks, game_seed)
    if pos["phase"] == "over":
        return
    first = ai.choose(pos, seed=seed, level=level)
    assert first in ai.legal_actions(pos)
    assert ai.choose(pos, seed=seed, level=level, budget=5.0) == first  # no budget, no clock in it


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_a_winning_escape(level):
    pos = position({24: "AB", 10: "AR", 9: "AY", 11: "BY", 12: "BB"}, facing={"B": 1},
                   escaped=[{"R": 1, "Y": 1, "B": 0}, {"R": 1, "Y": 1, "B": 0}])
    for seed in range(5):
        assert ai.choose(pos, seed=seed, nodes=2000, level=level) == ("step", 24, 23)


def test_easy_varies_its_moves_and_normal_sees_the_reply_easy_may_miss():
    # B's blues on 16 and 20; taking the blue on 20 turns the blue portal so that
    # B's blue 16 -> 17 wins at once. Normal (two plies) never takes it.
    pos = position({21: "AR", 16: "BB", 20: "BB", 0: "AY", 4: "AR"}, facing={"B": 3},
                   escaped=[zero(), {"R": 1, "Y": 1, "B": 0}])
    assert all(ai.choose(pos, seed=seed, level="normal") != ("step", 21, 20) for seed in range(20))
    start = midgame(24, 5)
    assert len({ai.choose(start, seed=seed, level="easy") for seed in range(20)}) >= 3


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError):
        ai.choose(ai.new_position(), seed=0, level="expert")


def test_easy_beats_the_random_player_in_a_fixed_game():
    """A cheap sanity check with fixed seeds; the win rates are the bench's (scripts/bench_fantasmas.py)."""
    won = 0
    for seed in range(4):
        pos, rng, me = ai.new_position(), random.Random(seed), seed % 2
        while pos["phase"] != "over":
            mine = pos["to_act"] == me
            pos = ai.apply(pos, ai.choose(pos, seed=seed, level="easy") if mine else ai.random_player(pos, rng))
        won += pos["winner"] == me
    assert won >= 3


def test_the_level_is_an_option_saved_with_the_game_and_said_in_the_tables_words(tmp_path, capsys):
    from companion.cli import main
    from companion.core.errors import SetupError
    from companion.core.language import explain, render
    from companion.core.lines import Line
    from companion.core.registry import find_game
    from companion.core.session import Session

    game = find_game("fantasmas")
    assert game.check_options({})["app_level"] == "normal"
    with pytest.raises(SetupError) as refused:
        game.check_options({"app_level": "expert"})
    assert "easy, normal, hard" in explain(refused.value, "es")
    words = {lang: [render(Line(f"game.18-fantasmas.option.app_level.{v}"), lang) for v in ai.LEVELS]
             for lang in ("es", "en", "eu")}
    assert words == {"es": ["fácil", "normal", "difícil"], "en": ["easy", "normal", "hard"],
                     "eu": ["erraza", "normala", "zaila"]}
    save = tmp_path / "easy.toml"
    assert main(["new", "fantasmas", "--players", "Ana", "--option", "opponent=app", "--option", "app_level=easy",
                 "--save", str(save), "--lang", "es"]) == 0
    assert 'app_level = "easy"' in save.read_text()
    capsys.readouterr()
    assert main(["show", str(save)]) == 0
    assert "app_level=easy (fácil)" in capsys.readouterr().out
    again = Session.load(save)
    assert again.game.settings["app_level"] == "easy"
    again.close()


# -- random playouts: what never changes -----------------------------------------------


def check(pos):
    ghosts = pos["ghosts"]
    for cell, g in enumerate(ghosts):
        if KINDS[cell] == "P":
            assert g is None
    for p in (0, 1):
        for c in "RYB":
            total = sum(1 for g in ghosts if g == [p, c])
            total += pos["dungeon"][p][c] + pos["escaped"][p][c] + pos["hand"][p][c]
            assert total == 3, (p, c, pos)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=1, max_size=260), st.booleans())
def test_random_playouts_keep_the_invariants(picks, short_game):
    pos = ai.new_position(short_game)
    check(pos)
    for pick in picks:
        actions = ai.legal_actions(pos)
        if not actions:
            assert pos["phase"] == "over"
            break
        was = pos["phase"]
        pos = ai.apply(pos, actions[pick % len(actions)])
        check(pos)
        if was == "place" and pos["phase"] != "place":
            assert all(pos["ghosts"][m] is None for m in MIRRORS)
            assert sum(g is not None for g in pos["ghosts"]) == 18
        if pos["phase"] == "over" and pos["winner"] is not None:
            w = pos["escaped"][pos["winner"]]
            assert sum(w.values()) >= 3 if short_game else min(w.values()) >= 1


# -- the model against the rules module, in lockstep ------------------------------------

CROSS_SETUPS = [(["Ana", "Luis"], {}), (["Ana", "Luis"], {"short_game": True}),
                (["Ana"], {"opponent": "app", "castle": "RYbYR/BMRMB/yRBYr/BMYMR/YBRBY r:right y:left b:up"})]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(range(len(CROSS_SETUPS))), st.booleans())
def test_the_model_agrees_with_the_rules_module(seed, setup, greedy):
    from companion.core.dice import LiveChance
    from companion.core.registry import find_game
    from companion.games.fantasmas.notation import from_tuple

    players, options = CROSS_SETUPS[setup]
    game = find_game("fantasmas").new(players, options)
    rng = random.Random(seed)
    chance = LiveChance(random.Random(0))
    pos = game.position()
    for _ in range(400):
        ours = ai.legal_actions(pos)
        if game.phase == "over":
            assert pos["phase"] == "over" and ours == [] and pos["winner"] == game.winner
            return
        assert sorted(ours) == sorted(game.legal_tuples())
        action = (ai.greedy_player if greedy else ai.random_player)(pos, rng)
        game.apply(from_tuple(action), chance)
        pos = ai.apply(pos, action)
        assert {k: v for k, v in pos.items() if k != "winner"} == game.position()

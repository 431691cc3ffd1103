"""Many random legal games: the invariants hold after every action, and
every line shown or spoken exists in each voice pack, fully filled in."""

import random
import re

from hypothesis import given, settings, strategies as st

from companion.core.dice import LiveChance
from companion.core.game import Line
from companion.core.language import load_pack, render
from companion.core.registry import find_game
from companion.games.halloween.cards import ACTION_CARDS, HAND_LIMIT

Halloween = find_game("halloween")
UNFILLED = re.compile(r"\{[A-Za-z_]+\}")


def play(seed: int, players: int, each_action=lambda game, action, events: None, limit: int = 1000):
    game = Halloween.new(["Ana", "Luis", "Eva", "Iker", "Maite"][:players])
    rng = random.Random(seed)
    for _ in range(limit):
        if game.outcome() is not None:
            break
        action = game.sample_action(rng)
        assert game.parse(str(action)) == action
        chance = LiveChance(random.Random(rng.random()))
        events = game.apply(action, chance)
        chance.leftover()
        each_action(game, action, events)
    return game


def check_invariants(game, action, events) -> None:
    ledger = game.ledger
    assert ledger.total() == 100, action
    assert ledger.pot >= 0 and min(ledger.candies) >= 0
    assert all(len(hand) <= HAND_LIMIT for hand in game.hands)
    cards = [int(c) for c in game.pool + game.bottom] + [c for h in game.hands for c in h] \
        + game.played + game.discarded + game.looking
    assert sorted(cards) == sorted(map(int, ACTION_CARDS)), action  # all 17, each once
    assert sum(max(0, n - 1) for n in game.moved.values()) == game.extra_moves <= 1  # only card 1 moves twice
    assert all(game.ledger.candies[s] == 0 for s in game.out_order)
    if game.phase == "play":
        # An attacker who spent everything may still be asked whose card the crying child was.
        assert not game.out[game.current] or game.stack[-1]["kind"] == "crying"
        assert 1 <= game.round <= 8
        assert game.treat_left in range(2, 19, 2)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([4, 5]))
def test_random_games_keep_the_invariants_and_end(seed, players):
    game = play(seed, players, check_invariants)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    assert game.round == 8 or len(game.out_order) >= 3
    scores = game.private_state()["scores"]
    best = max(row["total"] for row in scores)
    assert set(outcome.winners) == {row["player"] for row in scores if row["total"] == best}


def _lines(game, events):
    prompt = game.expects()
    found = [e.line for e in events] + [prompt.title, prompt.detail, prompt.say]
    found += [c.label for c in prompt.choices]
    return [x for x in found if isinstance(x, Line)]


def test_every_line_exists_in_every_pack_and_is_filled():
    seen: set[str] = set()

    def check(game, action, events):
        for line in _lines(game, events):
            for nested in [line] + [v for v in line.values.values() if isinstance(v, Line)]:
                seen.add(nested.id)
                for lang in ("en", "es", "eu"):
                    assert nested.id in load_pack(lang).lines, (lang, nested.id)
            for lang in ("en", "es", "eu"):
                text = render(line, lang)
                assert not UNFILLED.search(text), (lang, line.id, text)

    for seed in range(12):
        play(seed, 4 + seed % 2, check)
    assert len([i for i in seen if i.startswith("halloween.")]) > 150

"""The observation (companion/core/observe.py) of every game against its shape in
docs/observation.md: random games of each game, checked at every step (a sample of the steps
of long games); seats in range; JSON round trip; the private observation adds the secrets and
only under `observed.private`; `show --json` prints it with its format number."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.cli import main
from companion.core.observe import FORMAT, observation
from companion.core.registry import entries, find_game
from companion.core.session import Session

DOC = Path(__file__).resolve().parents[2] / "docs" / "observation.md"
GAMES = [e.name for e in entries()]
# Games whose random games run long: (games, every how many steps the shape is checked).
LONG = {"kaijupoly": (1, 40), "rey-de-los-monstruos": (1, 40), "halloween": (2, 10), "alien-1979": (3, 10)}


def shapes() -> dict[str, object]:
    """Each `### game` section's JSON block ("Every game" is the wrapper)."""
    found = {}
    for title, block in re.findall(r"^### (.+?)\n.*?```json\n(.*?)```", DOC.read_text(), re.S | re.M):
        found["*" if title == "Every game" else title.strip()] = json.loads(block)
    return found


SHAPES = shapes()


def check(value, shape, seats: int, where: str) -> None:
    if isinstance(shape, str):
        kinds = shape.split("|")
        for kind in kinds:
            if kind.startswith("["):  # "[seat]" inside a union
                if isinstance(value, list):
                    for item in value:
                        check(item, kind[1:-1], seats, where)
                    return
                continue
            if (kind == "any" or kind == "null" and value is None
                    or kind == "int" and type(value) is int
                    or kind == "float" and type(value) in (int, float)
                    or kind == "str" and isinstance(value, str)
                    or kind == "bool" and isinstance(value, bool)
                    or kind == "seat" and type(value) is int and 0 <= value < seats
                    or kind == "line" and isinstance(value, dict) and set(value) == {"line", "values"}
                    and isinstance(value["line"], str)):
                return
        raise AssertionError(f"{where}: {value!r} is not {shape}")
    if isinstance(shape, list):
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for n, item in enumerate(value):
            check(item, shape[0], seats, f"{where}[{n}]")
        return
    assert isinstance(value, dict), f"{where}: {value!r} is not an object"
    if set(shape) == {"*"}:
        for key, item in value.items():
            check(item, shape["*"], seats, f"{where}.{key}")
        return
    assert set(value) == set(shape), f"{where}: keys {sorted(value)} are not {sorted(shape)}"
    for key, item in value.items():
        check(item, shape[key], seats, f"{where}.{key}")


def checked(session: Session, where: str) -> dict:
    seen = observation(session)
    seats = len(session.game.players)
    check(seen, SHAPES["*"], seats, where)
    check(seen["observed"], SHAPES[seen["game"]], seats, f"{where} observed")
    assert json.loads(json.dumps(seen)) == seen, where  # plain JSON: it round-trips
    assert seen["format"] == FORMAT
    return seen


def test_every_game_has_a_shape_in_the_docs() -> None:
    assert set(GAMES) <= set(SHAPES)


@pytest.mark.parametrize("name", GAMES)
def test_random_games_match_their_shape(name: str) -> None:
    game_cls = find_game(name)
    setups = game_cls.example_setups()
    games, every = LONG.get(name, (6, 1))
    for seed in range(games):
        players, options = setups[seed % len(setups)]
        session = Session.new(game_cls, players, options, seed=seed)
        rng = random.Random(seed)
        step = 0
        while session.outcome() is None and step < game_cls.max_actions:
            if step % every == 0:
                checked(session, f"{name} seed {seed} step {step}")
            session.act(session.game.notation(session.game.sample_action(rng)))
            step += 1
        end = checked(session, f"{name} seed {seed} end")
        assert end["outcome"] is not None and end["actions"] == len(end["told"])
        private = observation(session, private=True)
        assert "private" in private["observed"] and "private" not in end["observed"]
        assert {k: v for k, v in private["observed"].items() if k != "private"} == end["observed"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(set(GAMES) - set(LONG) | {"alien-1979", "halloween"})), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_the_public_observation_is_the_private_one_less_its_secrets(name, seed, steps) -> None:
    """Invariant over random games: public = private minus `observed.private`."""
    game_cls = find_game(name)
    players, options = game_cls.example_setups()[seed % len(game_cls.example_setups())]
    session = Session.new(game_cls, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        session.act(session.game.notation(session.game.sample_action(rng)))
    public = observation(session)["observed"]
    private = observation(session, private=True)["observed"]
    assert {k: v for k, v in private.items() if k != "private"} == public


def test_show_json_prints_the_observation_with_its_format(tmp_path, capsys) -> None:
    save = tmp_path / "g.toml"
    assert main(["new", "gauekos", "--players", *"Ana Bea Carlos Dani Eneko Fede Gorka".split(),
                 "--save", str(save), "--seed", "3", "--lang", "es"]) == 0
    capsys.readouterr()
    assert main(["show", str(save), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == FORMAT
    assert data["observation"]["players"][0] == "Ana"
    assert data["observation"]["observed"]["alive"] == [True] * 7
    assert "private" not in data["observation"]["observed"]
    assert main(["show", str(save), "--json", "--private"]) == 0
    assert "private" in json.loads(capsys.readouterr().out)["observation"]["observed"]

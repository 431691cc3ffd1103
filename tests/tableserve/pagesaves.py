"""Saves of every game at a moment worth showing (a vote under way, a fight with a bid in, a
battle...), for the browser tests, the screenshots and the bench: random legal actions from
a seed until the moment comes (or a cap)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.core.registry import find_game
from companion.core.session import Session

MOMENTS = {
    "gauekos": (["Ana", "Bea", "Carlos", "Dani", "Eneko", "Fede", "Gorka", "María José"],
                lambda g: g.ballot and g.ballot.get("tally") and sum(g.ballot["tally"].values()) >= 3),
    "halloween": (["Ana", "Bea", "Carlos", "Dani"],
                  lambda g: g.auction and g.auction["bids"] and None in g.auction["bids"]
                  and any(b is not None for b in g.auction["bids"])),
    "18-fantasmas": (["Ana", "Bea"], lambda g: sum(1 for x in g.board.ghosts if x) >= 10),
    "alien-1979": (["Ana", "Bea", "Carlos", "Dani"],
                   lambda g: g.phase == "act" and any(c.markers >= 2 for c in g.board.crew)),
    "kaijupoly": (["Ana", "Bea", "Carlos"],
                  lambda g: g.battle and not g.battle["end"] and g.battle["rounds"] and g.round >= 3),
    "rey-de-los-monstruos": (["Ane", "Iker", "Lur"], lambda g: g.battle and not g.battle["end"] and g.battle["rounds"]),
    "dice-duel": (["Ana", "Bea"], lambda g: g.turn_points > 5 and min(g.banked) > 0),
    "marcador": (["Ana", "Bea", "Carlos", "Dani", "María José"],
                 lambda g: g.round >= 6 and g.ended is None and min(g.totals()) > 0 and g.current != g.first_of_round(),
                 {"rounds": 8, "target": 0}),
}
# A game's options at its moment, where not its defaults.
OPTIONS = {name: moment[2] for name, moment in MOMENTS.items() if len(moment) > 2}
GAMES = list(MOMENTS)


def moment_save(name: str, folder: Path, lang: str = "es", cap: int = 3000) -> Path:
    """A save of `name` in `folder` at its moment (the first seed that reaches it)."""
    players, want = MOMENTS[name][:2]
    game_cls = find_game(name)
    path = folder / f"{name}.toml"
    for seed in range(50):
        path.unlink(missing_ok=True)
        session = Session.new(game_cls, players, OPTIONS.get(name, {}), seed=seed, lang=lang, path=path)
        rng = random.Random(seed)
        found = False
        for _ in range(cap):
            if session.outcome() is not None:
                break
            if want(session.game):
                found = True
                break
            session.act(session.game.notation(session.game.sample_action(rng)))
        session.close()
        if found:
            return path
    raise AssertionError(f"no moment of {name} found")


def random_save(name: str, folder: Path, seed: int, lang: str) -> tuple[Path, Session]:
    """A save of `name` played at random from `seed` for a random number of actions (the
    session that played it kept, closed, for its secrets)."""
    game_cls = find_game(name)
    players, options = game_cls.example_setups()[seed % len(game_cls.example_setups())]
    path = folder / f"{name}-{seed}.toml"
    path.unlink(missing_ok=True)
    session = Session.new(game_cls, players, options, seed=seed, lang=lang, path=path)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 120)):
        if session.outcome() is not None:
            break
        session.act(session.game.notation(session.game.sample_action(rng)))
    session.close()
    return path, session

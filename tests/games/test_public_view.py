"""No secret reaches a public surface (see public_audit.py for what a secret is).

Random games of every game in the catalogue, played through `Session` without
a file; at every step the public prompt and the public state are checked, and
at the end (and once midway) the whole public view in en, es and eu, `show
--json`'s data without `--private` and every line `act` prints without
`--private`. A smaller number of games goes through the CLI itself
(`companion new/act/show`, in-process). Every run plays 150 of each game
(PUBLIC_GAMES sets it; the record runs, with their figures in the closing notes
of issues 17 and 22, played 1,000 of each). The same checks find the secrets on
the game master's side, and find the old public output's leaks
(`test_the_detector_finds...`). The counts are printed with `-s`.
"""

from __future__ import annotations

import json
import os
import random
from typing import Callable

import pytest

from companion.cli import _played_lines, main, state_dict
from companion.core.language import render
from companion.core.registry import entries, find_game
from companion.core.session import Played, Session

from .public_audit import LANGS, Audit

GAMES = [e.name for e in entries()]
# Of each game on every run; the record run (figures in the docstring) is PUBLIC_GAMES=1000.
RANDOM_GAMES = int(os.environ.get("PUBLIC_GAMES", 150))
CLI_GAMES = 10  # of each game, through `companion new/act/show`
# Long games with nothing secret (Kaijupoly's run about 1,000 actions): fewer of them, the same checks.
FEWER = {"kaijupoly": (max(4, RANDOM_GAMES // 25), 2), "rey-de-los-monstruos": (max(4, RANDOM_GAMES // 25), 2)}
SAMPLED = {"halloween": 0.05}  # of the public steps checked one by one (Halloween's games are long)
# Games where everything is public (`all_public`, 18 fantasmas): nothing may leak, and there
# is no secret for the detector to find on the game master's side.
PUBLIC_ONLY = {name for name in GAMES if getattr(find_game(name), "all_public", False)}


class Seen:
    """The secrets a session has recorded so far, kept as it goes (in one language): the
    secret actions' notations and the private events' words (`also_public` says whether such
    words were also a public event's: the end of Gauekos shows every card as a setup did)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.secret: set[str] = set()
        self.public: set[str] = set()
        self.texts: set[str] = set()
        self.public_lines: list = []
        self._public_words: set[str] = set()

    def add(self, played: Played) -> None:
        (self.secret if played.secret else self.public).add(played.entry.notation)
        for event in played.events:
            if event.private:
                self.texts.add(render(event.line, self.lang))
            else:
                self.public_lines.append(event.line)

    @property
    def notations(self) -> set[str]:
        return self.secret - self.public

    def also_public(self, words: str) -> bool:
        while self.public_lines:  # rendered only once a private event's words are found somewhere
            self._public_words.add(render(self.public_lines.pop(), self.lang))
        return words in self._public_words


def setup_for(name: str, seed: int):
    game_cls = find_game(name)
    setups = game_cls.example_setups()
    players, options = setups[seed % len(setups)]
    return game_cls, players, options


def check_everything(audit: Audit, session: Session, seen: Seen, where: str, langs=(), private=False) -> None:
    """What `show --json` and `act` print without `--private`, in the game's language, and the
    whole public view in `langs`; with `private`, that the game master's side has the secrets."""
    lang = session.lang
    notations, texts = seen.notations, seen.texts
    data = state_dict(session, private=False)  # the public view's words, in the game's language
    audit.text(f"{where} show --json", json.dumps(data, ensure_ascii=False, default=str), notations, texts,
               exempt=seen.also_public)
    audit.state(f"{where} show --json state", session.game, data["state"])
    audit.said(f"{where} show --json", [item["do"] for item in data["log"]] + data["choices"], notations)
    printed = "\n".join(line for p in session.played for line in _played_lines(p, lang, False))
    audit.text(f"{where} act", printed, notations, texts, exempt=seen.also_public)
    audit.said(f"{where} act", headers(printed), notations)
    for other in langs:
        audit.view(f"{where} view/{other}", session, other)
    if private and session.game.name not in PUBLIC_ONLY:  # the game master's side holds what the public side leaves out
        before = audit.hits
        audit.private_side(session, lang)
        assert audit.hits > before, f"{where}: no secret found on the game master's side"
        printed = "\n".join(line for p in session.played for line in _played_lines(p, lang, True))
        audit.text("act --private", printed, notations, texts, private=True)
        audit.said("act --private", headers(printed), notations, private=True)


def headers(printed: str) -> list[str]:
    """What `act` wrote for each action (not an event's line): `notation:` or a public line."""
    return [line.rstrip(":") for line in printed.splitlines() if line and not line.startswith(" ")]


def logged(shown: str) -> list[str]:
    """The actions of `show --log` (`   3. notation`)."""
    return [line.split(". ", 1)[1] for line in shown.splitlines() if line[:5].strip().isdigit() and ". " in line]


def random_game(name: str, seed: int, sampled: float,
                moment: Callable[[Session, "Seen", str, str], None]) -> tuple[Session, "Seen", str, bool]:
    """One random game of `name` in a language by its seed, `moment(session, seen, lang, where)`
    called at every private or secret step and at `sampled` of the others; returns the session,
    what was seen, the language and whether the game ended."""
    game_cls, players, options = setup_for(name, seed)
    lang = LANGS[seed % len(LANGS)]
    session = Session.new(game_cls, players, options, seed=seed, lang=lang)
    seen = Seen(lang)
    rng = random.Random(seed)
    for number in range(game_cls.max_actions):
        game = session.game
        found = game.pending_step()
        step = found[0] if found else None
        if step is None or step.private or step.secret or rng.random() < sampled:
            moment(session, seen, lang, f"{name} seed {seed} action {number + 1}")
        if step is None:
            return session, seen, lang, True
        game = session.game  # a moment may have tried actions and taken them back
        session.act(game.notation(game.sample_action(rng)))
        seen.add(session.played[-1])
    return session, seen, lang, False


def play(name: str, seed: int, audit: Audit) -> int:
    """One random game; returns the actions played. At every private or secret step and at some
    of the others (`SAMPLED`, else a quarter): the public prompt and state. At the end:
    the public log (every game); `show --json` and `act` (one game in four, in its language);
    the public view in every language and the game master's side (one game in twenty)."""

    def moment(session: Session, seen: Seen, lang: str, where: str) -> None:
        audit.prompt(where, session.game, lang, seen.notations, seen.texts)
        audit.state(where, session.game, session.game.public_state())

    session, seen, lang, ended = random_game(name, seed, SAMPLED.get(name, 0.25), moment)
    if not ended:
        raise AssertionError(f"{name} seed {seed} did not end")
    where = f"{name} seed {seed} end"
    audit.log(where, session)
    if seed % 4 == 0:
        check_everything(audit, session, seen, where, LANGS if seed % 20 == 0 else (), private=seed % 20 == 0)
    return len(session.played)


@pytest.mark.parametrize("name", GAMES)
def test_no_private_value_in_any_public_output(name):
    """0 private values over RANDOM_GAMES random games of each game."""
    audit = Audit()
    actions = 0
    count = FEWER.get(name, (RANDOM_GAMES,))[0]
    for seed in range(count):
        actions += play(name, seed, audit)
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    # the detector finds the secrets on the game master's side
    assert name in PUBLIC_ONLY or audit.hits >= count // 20
    print(f"\n{name}: {count} games, {actions} actions, {audit.checked} public outputs checked, "
          f"{len(audit.leaks)} leaks; {audit.hits} secrets found on the private side")


@pytest.mark.parametrize("name", GAMES)
def test_the_cli_prints_no_private_value_without_private(tmp_path, capsys, name):
    """`act` (in batches), `show`, `show --log`, `show --json` without `--private`: 0 private
    values over CLI_GAMES games of each game; with `--private` the secrets are there."""
    audit = Audit()
    games = 0
    for name in (name,):
        for seed in range(FEWER.get(name, (0, CLI_GAMES))[1]):
            games += name not in PUBLIC_ONLY
            game_cls, players, options = setup_for(name, seed)
            lang = LANGS[seed % len(LANGS)]
            shadow = Session.new(game_cls, players, options, seed=seed, lang=lang)  # the same dice
            rng = random.Random(seed)
            while shadow.outcome() is None:
                shadow.act(shadow.game.notation(shadow.game.sample_action(rng)))
            notations, texts = audit.notations(shadow), audit.private_texts(shadow, lang)
            done = [p.entry.notation for p in shadow.played]
            where = f"{name} seed {seed}"
            for private in (False, True):
                save = tmp_path / f"{name}-{seed}-{private}.toml"
                args = ["new", name, "--players", *players, "--save", str(save), "--seed", str(seed),
                        "--lang", lang]
                for key, value in options.items():
                    args += ["--option", f"{key}={'on' if value is True else 'off' if value is False else value}"]
                assert main(args) == 0, capsys.readouterr().err
                audit.text(f"{where} new", capsys.readouterr().out, notations, texts, private=private)
                flag = ["--private"] if private else []
                for start in range(0, len(done), 60):
                    assert main(["act", str(save), *done[start:start + 60], *flag]) == 0, capsys.readouterr().err
                    out = capsys.readouterr().out
                    audit.text(f"{where} act", out, notations, texts, private=private)
                    audit.said(f"{where} act", headers(out), notations, private=private)
                    for extra in (["--log"], ["--json"]):
                        if private and start + 60 < len(done):
                            continue
                        assert main(["show", str(save), *extra, *flag]) == 0
                        out = capsys.readouterr().out
                        audit.text(f"{where} show {extra}", out, notations, texts, private=private,
                                   exempt=told_at_the_end(shadow, lang) if start + 60 >= len(done) else no_words)
                        written = logged(out) if extra == ["--log"] else [
                            item["do"] for item in json.loads(out)["log"]] + json.loads(out)["choices"]
                        audit.said(f"{where} show {extra}", written, notations, private=private)
                        if extra == ["--json"] and not private:
                            audit.state(f"{where} show --json", shadow.game if start + 60 >= len(done) else
                                        _at(shadow, start + 60), json.loads(out)["state"])
    assert audit.leaks == [], f"{len(audit.leaks)} leaks: " + "\n".join(audit.leaks[:20])
    assert name in PUBLIC_ONLY or audit.hits > games
    print(f"\nCLI {name}: {games} games, {audit.checked} outputs checked, {len(audit.leaks)} leaks; "
          f"{audit.hits} secrets found with --private")


def no_words(words: str) -> bool:
    return False


def told_at_the_end(session: Session, lang: str):
    """Words the finished game's public state itself tells: Gauekos' story, night by night, is the
    end screen's, public once the game is over (`show` says it in words, `--json` as data)."""
    from companion.games.gauekos.story import as_line

    story = session.game.public_state().get("story", ()) if session.outcome() is not None else ()
    told = {render(as_line(entry), lang) for entry in story}
    return lambda words: any(words in line for line in told)


def _at(session: Session, count: int):
    """The game after its first `count` actions (to know which secrets the table may not see then)."""
    again = Session.new(session.game_cls, session.header.players, session.header.options,
                        seed=session.header.seed, lang=session.lang)
    for played in session.played[:count]:
        again.act(played.entry.notation)
    return again.game


@pytest.mark.parametrize("name", GAMES)
def test_the_detector_finds_the_leaks_of_the_old_public_output(name, monkeypatch):
    """Before the public view, `show` printed every notation and the real prompt: the same
    checks over a few games must find that (or they would prove nothing)."""
    import companion.core.public as public
    from companion.core.steps import StepGame

    if name in PUBLIC_ONLY:
        pytest.skip("everything in this game is public: there is no secret to leak")

    def old_play(played):
        return public.PublicPlay(played.entry.notation, False, tuple(e.line for e in played.events))

    monkeypatch.setattr(public, "public_play", old_play)
    monkeypatch.setattr(StepGame, "public_prompt", StepGame.expects)
    audit = Audit()
    for seed in range(0, 40, 4):
        play(name, seed, audit)
    assert len(audit.leaks) > 10, audit.leaks
    monkeypatch.undo()
    game_cls = find_game(name)  # and a public state that would show the private one
    shown = game_cls.public_state
    monkeypatch.setattr(game_cls, "public_state", lambda game: {**shown(game), **game.private_state()})
    audit = Audit()
    for seed in range(0, 40, 4):
        play(name, seed, audit)
    assert len(audit.leaks) > 10, audit.leaks

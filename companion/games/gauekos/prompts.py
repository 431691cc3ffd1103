"""What the Gauekos game waits for, as a Prompt for the screen and the narrator.

A call's first prompt carries its wake line in `say` (the TUI speaks it when
the prompt appears); its sleep line comes back as an Event when the call
ends. Night prompts are private: they name who holds the cards. Whether a
call is a phantom, and the gaueko countdown, are in `game.call_info()` (and
in the private and public state) since the core Prompt has no room for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.game import Choice, Line, Prompt

from .roles import AKERBELTZ, CAZADOR, GALTZAGORRI, GAUEKO, SORGINA, SPECIALS, recommended_gauekos, role_line
from .story import joined

if TYPE_CHECKING:
    from .rules import Gauekos


def seats(game: "Gauekos", verb: str, among: list[int], *, show_role: bool = False) -> list[Choice]:
    """One choice per seat, labelled with the player's name (and card for the Kontalari)."""
    if show_role:
        return [Choice(card_line(game, s, "gauekos.choice.inspect"), f"{verb} {s + 1}") for s in among]
    return [Choice(game.who(s), f"{verb} {s + 1}") for s in among]


def card_line(game: "Gauekos", seat: int, line_id: str) -> Line:
    """`line_id` with the seat's card, or `line_id_as` when it now plays as another role."""
    card, role = game.cards[seat], game.roles[seat]
    values = {"player": game.who(seat), "card": role_line(card)}
    if card == role:
        return Line(line_id, values)
    return Line(line_id + "_as", {**values, "role": role_line(role)})


def word(line_id: str, notation: str, **values: Any) -> Choice:
    return Choice(Line(line_id, values), notation)


def deck_presets(game: "Gauekos") -> list[str]:
    """The recommended gauekos with no specials, the classic specials, every special that fits."""
    n = len(game.players)
    k = recommended_gauekos(n)
    classic = (SORGINA, CAZADOR, AKERBELTZ)
    presets = [f"deck gaueko {k}", "deck gaueko {} {}".format(k, " ".join(classic))]
    if k + len(SPECIALS) <= n + 2:  # Samartintxiki adds two cards
        presets.append("deck gaueko {} {}".format(k, " ".join(SPECIALS)))
    return presets


def expects(game: "Gauekos") -> Prompt:
    outcome = game.outcome()
    if outcome is not None:
        return Prompt(outcome.line or Line("gauekos.outcome.draw"), detail=Line("gauekos.over.detail"))
    if game.pending:
        return _pending(game)
    if game.phase == "setup":
        return _setup(game)
    if game.phase in ("prep", "night"):
        return _call(game)
    if game.phase == "day":
        return _day(game)
    return Prompt(Line("gauekos.ask.night", {"night": game.night + 1}), detail=Line("gauekos.ask.night.detail"),
                  choices=tuple([word("gauekos.choice.night", "night", night=game.night + 1)] + _election(game)))


def _election(game: "Gauekos") -> list[Choice]:
    if game.mayor_alive():
        return []
    return [Choice(Line("gauekos.choice.mayor", {"player": game.who(s)}), f"mayor {s + 1}") for s in game.living()]


def _pending(game: "Gauekos") -> Prompt:
    first = game.pending[0]
    kind, seat = first["kind"], first["seat"]
    name = game.who(seat)
    if kind == "grief":
        lover = game.who(first["cause"])
        return Prompt(Line("gauekos.ask.grief", {"player": name, "lover": lover}),
                      detail=Line("gauekos.ask.grief.detail"), who=name,
                      choices=(word("gauekos.choice.grief", f"grief {seat + 1}", player=name),))
    living = game.living()
    if kind == "shot":
        return Prompt(Line("gauekos.ask.shot", {"player": name}), detail=Line("gauekos.ask.shot.detail"), who=name,
                      choices=tuple(seats(game, "shoot", living) + [word("gauekos.choice.no_shot", "no shot")]),
                      say=Line("gauekos.shot.say", {"player": name}))
    return Prompt(Line("gauekos.ask.successor", {"player": name}), detail=Line("gauekos.ask.successor.detail"),
                  who=name, choices=tuple(seats(game, "successor", living)),
                  say=Line("gauekos.successor.say", {"player": name}))


def _setup(game: "Gauekos") -> Prompt:
    n = len(game.players)
    entered = sum(c is not None for c in game.cards)
    deck = game.deck()
    detail = Line("gauekos.setup.status", {"entered": entered, "players": n, "gauekos": deck.get(GAUEKO, 0),
                                           "campesinos": deck.get("campesino", 0),
                                           "specials": joined([role_line(s) for s in game.specials])})
    choices: list[Choice] = []
    if entered == 0:
        choices += [Choice(text, text) for text in deck_presets(game)]
    if entered < n:
        choices.append(word("gauekos.choice.deal", "deal"))
    else:
        choices.append(word("gauekos.choice.start", "start"))
    title = Line("gauekos.ask.setup", {"players": n, "recommended": recommended_gauekos(n)})
    return Prompt(title, detail=detail, choices=tuple(choices))


def _call(game: "Gauekos") -> Prompt:
    call, step = game.calls[game.call], game.step
    say = Line(f"gauekos.call.{call}.wake") if call != "election" and game.fresh else None
    if step == "pass":
        return Prompt(Line("gauekos.ask.phantom", {"call": Line(f"gauekos.callname.{call}")}),
                      detail=Line("gauekos.phantom.detail"), choices=(word("gauekos.choice.pass", "pass"),),
                      say=say, private=True)
    living = game.living()
    holder = game.call_holders(call)
    who = ", ".join(game.who(s) for s in holder) or None
    if call == "samartintxiki":
        left = game.leftovers
        forced = left.count(GAUEKO) == 2
        choices = [] if forced else [word("gauekos.choice.keep", "keep")]
        choices += [word("gauekos.choice.take", f"take {c}", card=role_line(c)) for c in dict.fromkeys(left)]
        detail = Line("gauekos.ask.samartintxiki.forced" if forced else "gauekos.ask.samartintxiki.detail",
                      {"cards": joined([role_line(c) for c in left])})
        return Prompt(Line("gauekos.ask.samartintxiki", {"player": who}), detail=detail, who=who,
                      choices=tuple(choices), say=say, private=True)
    if call == "lamia":
        return Prompt(Line("gauekos.ask.lamia", {"player": who}), detail=Line("gauekos.ask.lamia.detail"), who=who,
                      say=say, private=True)
    if call == "lovers":
        a, b = (game.who(s) for s in game.lovers)
        return Prompt(Line("gauekos.ask.lovers", {"a": a, "b": b}), detail=Line("gauekos.ask.lovers.detail"),
                      who=who, choices=(word("gauekos.choice.done", "done"),), say=say, private=True)
    if call == "election":
        return Prompt(Line("gauekos.ask.election"), detail=Line("gauekos.ask.election.detail"),
                      choices=tuple(_election(game) + [word("gauekos.choice.later", "later")]))
    if call == "sorgina":
        others = [s for s in living if s not in holder]
        return Prompt(Line("gauekos.ask.sorgina", {"player": who}), detail=Line("gauekos.ask.sorgina.detail"),
                      who=who, choices=tuple(seats(game, "sorgina", others, show_role=True)), say=say, private=True)
    if call == "gauekos":
        prey = [s for s in living if game.roles[s] != GAUEKO]
        choices = seats(game, "victim", prey) + [word("gauekos.choice.no_agreement", "no agreement")]
        if any(game.roles[s] == GALTZAGORRI for s in living):
            choices.append(word("gauekos.choice.caught", "caught"))
        return Prompt(Line("gauekos.ask.gauekos", {"players": who}),
                      detail=Line("gauekos.ask.gauekos.detail", {"seconds": game.settings["gaueko_countdown"]}),
                      who=who, choices=tuple(choices), say=say, private=True)
    return _akerbeltz(game, who, say)


def _akerbeltz(game: "Gauekos", who: str | None, say: Line | None) -> Prompt:
    victim = game.tonight.get("victim")
    if game.step == "life":
        return Prompt(Line("gauekos.ask.life", {"player": who, "victim": game.who(victim)}),
                      detail=Line("gauekos.ask.life.detail", {"victim": game.who(victim)}), who=who,
                      choices=(word("gauekos.choice.life", "life", victim=game.who(victim)),
                               word("gauekos.choice.no_life", "no life")), say=say, private=True)
    if not game.fresh:
        detail = Line("gauekos.ask.death.detail")
    elif game.life_used:
        detail = Line("gauekos.ask.akerbeltz.spent")
    else:
        detail = Line("gauekos.ask.akerbeltz.nobody")
    if game.step == "death":
        return Prompt(Line("gauekos.ask.death", {"player": who}), detail=detail, who=who,
                      choices=tuple(seats(game, "death", game.living()) + [word("gauekos.choice.no_death", "no death")]),
                      say=say, private=True)
    return Prompt(Line("gauekos.ask.akerbeltz.done", {"player": who}), detail=detail, who=who,
                  choices=(word("gauekos.choice.done", "done"),), say=say, private=True)


def _day(game: "Gauekos") -> Prompt:
    ballot = game.ballot
    stage = ballot["stage"]
    if stage == "first":
        return Prompt(Line("gauekos.ask.vote", {"day": game.day}), detail=Line("gauekos.ask.vote.detail"),
                      choices=tuple(_election(game)))
    if stage == "candidates":
        return Prompt(Line("gauekos.ask.candidates"), detail=Line("gauekos.ask.candidates.detail"),
                      choices=tuple(Choice(Line("gauekos.choice.runoff", {"a": game.who(a), "b": game.who(b)}),
                                           f"runoff {a + 1} {b + 1}") for a, b in ballot["proposals"]))
    a, b = (game.who(s) for s in ballot["candidates"])
    if stage == "runoff":
        return Prompt(Line("gauekos.ask.runoff", {"a": a, "b": b}), detail=Line("gauekos.ask.runoff.detail"))
    tied = ballot["tied"]
    if stage == "tiebreak":
        mayor = game.who(game.mayor)
        return Prompt(Line("gauekos.ask.tiebreak", {"player": mayor}), who=mayor,
                      choices=tuple(seats(game, "tiebreak", tied)))
    return Prompt(Line("gauekos.ask.tied", {"a": a, "b": b}), detail=Line("gauekos.ask.tied.detail"),
                  choices=(word("gauekos.choice.no_lynch", "no lynch"), word("gauekos.choice.vote_again", "vote again")))


HINTS = {
    "lovers": "lovers A B (two seats; the Lamia may name herself)",
    "first": "vote VOTER>TARGET ... (each living voter once) or votes SEAT:COUNT ...",
    "runoff": "vote VOTER>CANDIDATE ... or votes CANDIDATE:COUNT ...",
}


def allowed_text(game: "Gauekos") -> str:
    """`Now: ...` for a refusal: the offered notations, or the notation's shape."""
    notations = [c.notation for c in expects(game).choices]
    step = game.step if game.phase in ("prep", "night") else game.ballot.get("stage")
    hint = HINTS.get(step or "")
    if hint:
        notations = [hint] + notations
    if not notations:
        return ""
    end = ", ..." if len(notations) > 8 else "."
    return "Now: " + ", ".join(notations[:8]) + end


def allowed_line(game: "Gauekos") -> Line | str:
    """`allowed_text` as a Line, so a refusal's advice renders in the table's language."""
    notations = [c.notation for c in expects(game).choices]
    step = game.step if game.phase in ("prep", "night") else game.ballot.get("stage")
    if (step or "") in HINTS:
        more = "".join(", " + n for n in notations[:7]) + (", ..." if len(notations) + 1 > 8 else ".")
        return Line("gauekos.allowed.hint", {"hint": Line(f"gauekos.hint.{step}"), "more": more})
    if not notations:
        return ""
    end = ", ..." if len(notations) > 8 else "."
    return Line("gauekos.allowed.now", {"notations": ", ".join(notations[:8]) + end})


def stage_line(game: "Gauekos") -> Line | str:
    """`stage_text` as a Line."""
    stage = game.ballot.get("stage", "")
    return Line(f"gauekos.stage.{stage}") if stage_text(game) else ""


def stage_text(game: "Gauekos") -> str:
    return {"first": "the village votes first.", "candidates": "name the two runoff candidates.",
            "runoff": "the runoff vote comes now.", "tiebreak": "the Pariente mayor breaks the tie.",
            "tied": "the tie stands: no lynch or vote again."}.get(game.ballot.get("stage", ""), "")


def ballot_state(game: "Gauekos") -> dict[str, Any] | None:
    ballot = game.ballot
    if not ballot:
        return None
    names = lambda xs: [game.who(s) for s in xs]  # noqa: E731
    state: dict[str, Any] = {"stage": ballot["stage"]}
    if "tally" in ballot:
        state["tally"] = {game.who(s): n for s, n in sorted(ballot["tally"].items())}
    if "proposals" in ballot and ballot["stage"] == "candidates":
        state["proposals"] = [names(p) for p in ballot["proposals"]]
    if "candidates" in ballot:
        state["candidates"] = names(ballot["candidates"])
    if "tied" in ballot and ballot["stage"] in ("tiebreak", "tied"):
        state["tied"] = names(ballot["tied"])
    return state

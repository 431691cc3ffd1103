"""What the Gauekos screen shows, built from the view: the title, the head
(the calls of the night, or the day's dead and tallies), the Kontalari's
note, the seats, the key chips and the grimoire. Pure functions: the screen
pushes their results down to its widgets."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.content import Content

from companion.core.game import Event, Line
from companion.games.gauekos.night import night_calls, preparation_calls
from companion.games.gauekos.roles import ROLES

from ...frame import View
from ...i18n import say, ui
from ...widgets import LOCK
from .ending import cards_lines, votes_lines
from .modes import PAIR, SEAT, SETUP, VOTE, Mode
from .seats import Chip, Seat
from .setup import role_name
from .votes import VOTERS, VoteDraft

PHANTOM = "◌"
MAYOR = "★"  # the Pariente mayor's seat on the grid, and the head's line that names him
# Secret events of the last action worth keeping in sight during the night (the card to show...).
NOTES = ("gauekos.sorgina.", "gauekos.gauekos.", "gauekos.akerbeltz.", "gauekos.lamia.", "gauekos.samartintxiki.")


def deck_roles(deck: Mapping[str, int]) -> list[str]:
    """The roles in the deck, in the order the number keys give them at setup."""
    return [role for role in ROLES if role in deck]


def title_text(view: View) -> str:
    public, lang = view.public, view.lang
    phase = public["phase"]
    if view.outcome is not None:
        return ui("ui.gauekos.over", lang)
    if phase == "setup":
        return ui("ui.gauekos.setup", lang)
    if phase == "prep":
        return ui("ui.gauekos.prep", lang)
    if phase == "night":
        return ui("ui.gauekos.night_n", lang, night=public["night"])
    if phase == "day":
        return ui("ui.gauekos.day_n", lang, day=public["day"])
    return ui("ui.gauekos.dusk", lang)


def house_rules(settings: Mapping[str, Any], lang: str) -> str:
    """The table's house rules, said at setup (beside the deck, so the seats keep their room)."""
    return ui("ui.gauekos.house_rules", lang,
              phantom=ui("ui.on" if settings["phantom_calls"] else "ui.off", lang),
              mayor=ui(f"ui.gauekos.power_{settings['mayor_power']}", lang),
              countdown=settings["gaueko_countdown"], day=settings["day_timer"])


def head_content(view: View, settings: Mapping[str, Any]) -> Content:
    """Setup: the keys; night: the calls; day: the dead, the tallies."""
    public, lang = view.public, view.lang
    phase = public["phase"]
    if phase == "setup":
        return Content(ui("ui.gauekos.setup_help", lang))
    if phase in ("prep", "night"):
        return calls_line(view)
    parts: list[Any] = []
    mayor = public["mayor"]
    if mayor and mayor in public["alive"]:
        parts += [(f"{MAYOR} " + ui("ui.gauekos.mayor", lang, player=mayor), "bold"), "   "]
    dead = public["dead"]
    if dead:
        parts.append((ui("ui.gauekos.the_dead", lang) + " ", "bold"))
        parts.append(", ".join(f"† {name} ({role_name(card, lang)})" for name, card in dead.items()))
    elif not parts:
        parts.append((ui("ui.gauekos.nobody_dead", lang), "dim"))
    lines = [Content.assemble(*parts)]
    vote = public["vote"] or {}
    if vote.get("tally") is not None and vote.get("stage") in ("candidates", "tiebreak", "tied"):
        tally = ", ".join(f"{name} {n}" for name, n in sorted(vote["tally"].items(), key=lambda x: -x[1]))
        lines.append(Content.assemble((ui("ui.gauekos.last_tally", lang) + " ", "bold"), tally or "—"))
    if vote.get("stage") == "candidates" and vote.get("proposals"):
        pairs = " · ".join(" & ".join(pair) for pair in vote["proposals"])
        lines.append(Content.assemble((ui("ui.gauekos.proposed", lang) + " ", "bold"), pairs))
    return Content("\n").join(lines)


def calls_line(view: View) -> Content:
    """The calls of this turn in order, the current one lit; then who wakes, or that it is a phantom
    (the prompt's facts)."""
    public, lang, facts = view.public, view.lang, view.prompt.facts
    deck = list(public["deck"])
    calls = preparation_calls(deck) if public["phase"] == "prep" else night_calls(deck)
    current = public["call"]
    index = calls.index(current) if current in calls else len(calls)
    parts: list[Any] = []
    for number, call in enumerate(calls):
        if parts:
            parts.append((" › ", "dim"))
        name = (ui("ui.gauekos.election", lang) if call == "election"
                else say(Line(f"gauekos.callname.{call}"), lang))
        if number < index:
            parts.append((f"{name} ✓", "dim"))
        elif number == index:
            parts.append((f" {name.upper()} ", "bold reverse $accent"))
        else:
            parts.append(name)
    lines = [Content.assemble(*parts)]
    if facts.get("phantom"):
        lines.append(Content.styled(f"{PHANTOM} {ui('ui.gauekos.phantom', lang)}", "bold $warning"))
    elif facts.get("holders") and view.revealed:  # who holds the card: a secret (`v`)
        lines.append(Content.styled(f"{LOCK} {ui('ui.gauekos.wakes', lang, players=', '.join(facts['holders']))}",
                                    "dim"))
    return Content("\n").join(lines)


def note_content(view: View, mode: Mode, cursor: int | None, digits: str, electing: bool,
                 last_events: Sequence[Event]) -> Content:
    """What the Kontalari must see now: the election, the cursor's card for the Sorgiña, the typed
    digits, and during the night the secrets of the last action (the card to show...)."""
    lang = view.lang
    lines: list[Content] = []
    if electing:
        lines.append(Content.styled(ui("ui.gauekos.electing", lang), "bold"))
    if mode.kind == SEAT and mode.verb == "sorgina" and cursor in mode.labels:
        lines.append(Content.assemble(("▸ ", "bold"), (f"{cursor} {mode.labels[cursor]}", "bold $warning")))
    if digits:
        lines.append(Content.styled(ui("ui.gauekos.digits", lang, digits=digits), "bold $accent"))
    if view.public["phase"] in ("prep", "night") and view.revealed:  # the card to show: a secret (`v`)
        for event in last_events:
            if event.private and event.line.id.startswith(NOTES):
                lines.append(Content.styled(f"{LOCK} {say(event.line, lang)}", "$warning"))
    return Content("\n").join(lines)


def seat_cells(view: View, mode: Mode, marks: Sequence[int], private: Mapping[str, Any]) -> list[Seat]:
    """Every seat for the grid: its choice's label (the card, for the Sorgiña), the cards at setup and
    the roles only when the Kontalari has revealed the secrets."""
    public, lang = view.public, view.lang
    alive = set(public["alive"])
    cards, roles = private["cards"], private["roles"]
    seats = []
    for number, name in enumerate(public["players"], 1):
        label = mode.labels.get(number, name)
        if mode.kind == SETUP:
            card = cards.get(name)
            if card and view.revealed:
                label = f"{name}: {role_name(card, lang)}"
            elif card:
                label = f"{name} ✓"
        elif view.revealed and roles.get(name) and mode.verb != "sorgina":
            label = f"{label} · {role_name(roles[name], lang)}"
        short = name
        if name == public["mayor"] and mode.kind != SETUP:
            label, short = f"{label} {MAYOR}", f"{name} {MAYOR}"
        seats.append(Seat(number, label, offered=number in mode.offered, alive=name in alive,
                          marked=number in marks, short=short))
    return seats


def seat_keys(view: View) -> str:
    """The digits that pick a seat: with fewer than 10 players one digit chooses at once, so no
    ⏎ after it (an Enter typed after a digit would choose at the next call)."""
    return "1-9" if len(view.public["players"]) < 10 else "0-9 ⏎"


def chips(view: View, mode: Mode, *, marks: Sequence[int], draft: VoteDraft | None, remaining: Sequence[str],
          dealing: bool, can_elect: bool, electing: bool) -> list[Chip]:
    """The keys that mean something now, with what they do."""
    lang = view.lang
    found: list[Chip] = []
    if mode.kind == SETUP:
        for number, role in enumerate(deck_roles(view.public["deck"]), 1):
            text = role_name(role, lang)
            if view.revealed:
                text += f" ×{remaining.count(role)}"
            found.append(Chip(str(number), text, f"choose({number})"))
        if dealing:
            found.append(Chip("x", say(Line("gauekos.choice.deal"), lang), "letter('x')"))
    elif mode.kind == SEAT and not mode.forced:
        found.append(Chip(seat_keys(view), ui("ui.gauekos.seat_keys", lang), "pick"))
    elif mode.kind == PAIR:
        found.append(Chip(seat_keys(view), ui("ui.gauekos.mark_keys", lang), "pick"))
        if mode.verb == "runoff" and len(marks) == 2:
            a, b = (view.public["players"][s - 1] for s in sorted(marks))
            found.append(Chip("␣", ui("ui.gauekos.confirm_runoff", lang, a=a, b=b), "go_on", strong=True))
    elif mode.kind == VOTE and draft is not None:
        if draft.mode == VOTERS:
            found += [Chip("0-9", ui("ui.gauekos.vote_keys", lang), "pick"),
                      Chip("n", ui("ui.gauekos.abstains", lang), "letter('n')")]
        else:
            found.append(Chip("0-9 ↑↓", ui("ui.gauekos.count_keys", lang), "pick"))
        found += [Chip("⌫", ui("ui.gauekos.back", lang), "erase"),
                  Chip("w", ui("ui.gauekos.switch_counts" if draft.mode == VOTERS else "ui.gauekos.switch_voters",
                               lang), "vote_mode"),
                  Chip("⏎ ␣", ui("ui.gauekos.record", lang), "go_on", strong=True)]
    for choice in mode.numbered:
        found.append(Chip(str(choice.key), say(choice.label, lang), f"choose({choice.key})"))
    for letter, choice in mode.words.items():
        if choice is not mode.go_on:
            found.append(Chip(letter, say(choice.label, lang), f"letter('{letter}')"))
    if mode.go_on is not None:
        found.append(Chip("␣", say(mode.go_on.label, lang), "go_on", strong=True))
    if can_elect:
        found.append(Chip("e", ui("ui.gauekos.elect", lang), "elect"))
    if electing:
        found.append(Chip("esc", ui("ui.gauekos.cancel", lang), "leave"))
    return found


def grimoire_lines(public: Mapping[str, Any], private: Mapping[str, Any] | None, settings: Mapping[str, Any],
                   lang: str) -> list[Content]:
    """The Kontalari's book: seats and cards (secrets only when revealed), the mayor, the house rules,
    every vote, and what the Sorgiña has seen night by night (a secret too)."""
    lines: list[Content] = [Content.styled(ui("ui.gauekos.seats", lang), "bold underline")]
    if private is not None:
        lines += cards_lines(public["players"], private["cards"], public["alive"], (), lang)
        lovers = private["lovers"]
        if lovers:
            lines.append(Content(f"{LOCK} {ui('ui.gauekos.lovers', lang, a=lovers[0], b=lovers[1])}"))
        spells = {"used": ui("ui.gauekos.spell_used", lang), "unused": ui("ui.gauekos.spell_unused", lang)}
        lines.append(Content(f"{LOCK} " + ui("ui.gauekos.spells", lang, life=spells[private["life_spell"]],
                                              death=spells[private["death_spell"]])))
        if private["leftovers"]:
            lines.append(Content(f"{LOCK} {ui('ui.gauekos.leftovers', lang)} "
                                 + ", ".join(role_name(r, lang) for r in private["leftovers"])))
    else:
        lines += cards_lines(public["players"], public["dead"], public["alive"], (), lang)
        lines.append(Content.styled(f"{LOCK} {ui('ui.gauekos.secrets_hint', lang)}", "dim"))
    mayor = public["mayor"]
    lines.append(Content(f"{MAYOR} " + ui("ui.gauekos.mayor", lang, player=mayor) if mayor
                         else ui("ui.gauekos.no_mayor", lang)))
    lines.append(Content.styled(ui("ui.gauekos.house_rules", lang,
                                   phantom=ui("ui.on" if settings["phantom_calls"] else "ui.off", lang),
                                   mayor=ui(f"ui.gauekos.power_{settings['mayor_power']}", lang),
                                   countdown=settings["gaueko_countdown"], day=settings["day_timer"]), "dim"))
    lines += [Content(""), Content.styled(ui("ui.gauekos.votes", lang), "bold underline")]
    lines += votes_lines(public["votes"], lang) or [Content.styled(ui("ui.gauekos.no_votes", lang), "dim")]
    lines += [Content(""), Content.styled(ui("ui.gauekos.sorgina_seen", lang), "bold underline")]
    lines += sorgina_lines(private["story"], lang) if private is not None else [
        Content.styled(f"{LOCK} {ui('ui.gauekos.secrets_hint', lang)}", "dim")]
    return lines


def sorgina_lines(story: Sequence[Mapping[str, Any]], lang: str) -> list[Content]:
    """What the Sorgiña has been shown, night by night (from the game's story)."""
    lines: list[Content] = []
    night = 0
    for item in story:
        values = item["values"]
        if item["id"] == "gauekos.story.night":
            night = values["night"]
        elif item["id"] == "gauekos.story.sorgina":
            lines.append(Content(f"{LOCK} " + ui("ui.gauekos.sorgina_night", lang, night=night,
                                                  target=values["target"], card=role_name(values["card"], lang))))
    return lines or [Content.styled(ui("ui.gauekos.sorgina_nothing", lang), "dim")]

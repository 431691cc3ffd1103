"""Kaijupoly's menu policy: which entries the prompt's choices make.

A choice that names its key keeps it (troops `1`-`5`, `0` to leave the city
without troops, `0` to end the turn, one die or two); the frame gives the
free digits to the rest and pages what does not fit behind "más…"
(companion/tui/menu.py). Reinforcements of more than one city at the end of
a turn fold into one entry a city, which opens that city's levels in place.

Troops are offered in a shorter form (`3 pelotones, 150 €: 66 %`), from the
values of the rules' own label, so that six of them take three rows at 80
columns, not five; the odds the city has now are in the centre. The city of
a reinforcement is read from its label's `city` value (what the label
shows); never from its notation. Pure: a function of the choices.
"""

from __future__ import annotations

from typing import Sequence

from companion.core.game import Choice, Line, Text
from companion.games.kaiju.notation import NAME

from ...menu import Entry

UI = f"ui.{NAME}"


def city_of(choice: Choice) -> str | None:
    """The city a reinforcement names (the label's own value), or None."""
    label = choice.label
    if choice.group == "troops" and isinstance(label, Line) and label.id.endswith(".choice.reinforce"):
        city = label.values.get("city")
        return city if isinstance(city, str) else None
    return None


def short(label: Text) -> Text:
    """A troops label in its short form (the label as it is when it is not one)."""
    if not isinstance(label, Line):
        return label
    values = label.values
    if label.id.endswith((".choice.troops", ".choice.troops_first")) and {"troops", "amount", "odds"} <= set(values):
        return Line(f"{UI}.menu.troops", {k: values[k] for k in ("troops", "amount", "odds")})
    inner = values.get("label")
    if label.id.endswith(".choice.reinforce") and "city" in values and isinstance(inner, Line):
        shorter = short(inner)
        if shorter is not inner:
            return Line(f"{UI}.menu.reinforce", {"city": values["city"], "label": shorter})
    return label


def entry(choice: Choice) -> Entry:
    return Entry(short(choice.label), choice.notation, key=choice.key, chance=choice.chance)


def by_city(choices: Sequence[Choice]) -> dict[str, list[Choice]] | None:
    """Reinforcements by the city they name; None unless every choice is one."""
    cities: dict[str, list[Choice]] = {}
    for choice in choices:
        city = city_of(choice)
        if city is None:
            return None
        cities.setdefault(city, []).append(choice)
    return cities


def build_menu(choices: Sequence[Choice]) -> list[Entry]:
    """The entries for the prompt's choices, in the prompt's order: the reinforcements of more
    than one city folded by city (opened in place); anything else as it is."""
    loose = [c for c in choices if not c.key]
    cities = by_city(loose) if loose else None
    if cities is not None and len(cities) > 1:
        folded = [Entry(Line(f"{UI}.menu.city", {"city": city}), inline=True,
                        inner=tuple(Entry(short(c.label.values["label"]), c.notation) for c in group))
                  for city, group in cities.items()]
        shown: list[Entry] = []
        for choice in choices:
            if choice.key:
                shown.append(entry(choice))
            elif folded:
                shown += folded
                folded = []
        return shown
    return [entry(c) for c in choices]

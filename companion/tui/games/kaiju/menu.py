"""What the number keys offer at each step, built from the prompt's choices.

A choice that names its key keeps it (troops `1`-`5`, `0` to leave the city
without troops, `0` to end the turn, one die or two); the others take the
free digits in order. Reinforcements of more than one city at the end of a
turn fold into one entry a city, which opens that city's levels; anything
else that outnumbers the free digits (a ruined general with many deeds)
goes into pages, the last digit opening the rest. An open entry
shows its own choices numbered from 1, and `0` (or Escape) goes back.

Troops are offered in a shorter form (`3 pelotones, 150 €: 66 %`), from the
values of the rules' own label, so that six of them take three rows at 80
columns, not five; the odds the city has now are in the centre. The city of
a reinforcement is read from its label's `city` value (what the label
shows); never from its notation. Pure: a function of the choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.core.game import Choice, Line, Text
from companion.games.kaiju.notation import NAME

UI = f"ui.{NAME}"
DIGITS = tuple(str(n) for n in range(1, 10))
BACK = "0"


@dataclass(frozen=True)
class Entry:
    """One numbered entry: a choice to play (`notation`), or a fold that opens `inner`."""

    key: str
    label: Text
    notation: str | None = None
    inner: tuple["Entry", ...] = ()


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


def entry(key: str, choice: Choice) -> Entry:
    return Entry(key, short(choice.label), choice.notation)


def by_city(choices: Sequence[Choice]) -> dict[str, list[Choice]] | None:
    """Reinforcements by the city they name; None unless every choice is one."""
    cities: dict[str, list[Choice]] = {}
    for choice in choices:
        city = city_of(choice)
        if city is None:
            return None
        cities.setdefault(city, []).append(choice)
    return cities


def numbered(choices: Sequence[Choice], keys: Sequence[str]) -> list[Entry]:
    """`choices` on `keys`: reinforcements of more than one city folded by city; anything else
    as it is, or in pages when it does not fit."""
    cities = by_city(choices)
    if cities is not None and 1 < len(cities) <= len(keys):
        return [Entry(key, Line(f"{UI}.menu.city", {"city": city}),
                      inner=tuple(Entry(k, short(c.label.values["label"]), c.notation)
                                  for k, c in zip(DIGITS, group)))
                for key, (city, group) in zip(keys, cities.items())]
    if len(choices) <= len(keys):
        return [entry(key, c) for key, c in zip(keys, choices)]
    page = len(keys) - 1
    rest = choices[page:]
    return [entry(key, c) for key, c in zip(keys, choices[:page])] + [
        Entry(keys[page], Line(f"{UI}.menu.more", {"count": len(rest)}), inner=tuple(numbered(rest, DIGITS)))]


def build_menu(choices: Sequence[Choice]) -> list[Entry]:
    """The entries for the prompt's choices, in the prompt's order."""
    used = {c.key for c in choices if c.key}
    free = [key for key in DIGITS if key not in used]
    loose = [c for c in choices if not c.key]
    entries = iter(numbered(loose, free))
    # the keyed choices where the prompt puts them; the loose ones (maybe folded) in their place
    shown: list[Entry] = []
    placed = False
    for choice in choices:
        if choice.key:
            shown.append(entry(choice.key, choice))
        elif not placed:
            shown += list(entries)
            placed = True
    return shown


def opened(menu: Sequence[Entry], path: Sequence[int]) -> list[Entry] | None:
    """The entries shown once the folds on `path` (indices) are open; None if it no longer fits."""
    entries = list(menu)
    for index in path:
        if not 0 <= index < len(entries) or not entries[index].inner:
            return None
        entries = list(entries[index].inner)
    return entries

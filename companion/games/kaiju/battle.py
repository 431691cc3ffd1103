"""A Kaiju's battle against a protected city, round by round, for both games.

Each round is one action (`fight`): the Kaiju's 2d6 against the city's die
plus its defence (odds.py has the numbers and the exact odds). The battle is
an item at the front of the game's queue until the Kaiju is repelled or the
city falls; `g.battle` keeps the rounds for the screen and the table view.
When a city falls the game's own `city_falls(position, attacker)` says what
becomes of its deed (to the centre, or to the kaiju that destroyed it).
"""

from __future__ import annotations

from companion.core.game import Event

from .odds import after_hit, bonus, percent, survival
from .say import event, square, troops


def start(g, position: int, attacker: int | None = None) -> list[Event]:
    """The Kaiju attacks a protected city: the battle is queued first, its odds said."""
    level = g.level[position]
    chance = survival(level)
    g.battle = {"square": position, "start": level, "level": level, "odds": str(chance), "rounds": [],
                "end": None, "attacker": attacker}
    g.queue.insert(0, {"step": "battle", "square": position, "attacker": attacker})
    return [event("battle.starts", city=square(g, position), troops=troops(level), odds=percent(chance),
                  tenths=round(chance * 10))]


def fight(g, item: dict, kaiju: tuple[int, int], die: int) -> list[Event]:
    """One round: a tie is fought again; the city higher repels the Kaiju; the Kaiju higher
    takes a platoon (or the Cuartel; a double six takes two); no platoon left: destroyed."""
    position = item["square"]
    level = g.level[position]
    attack, defence = sum(kaiju), die + bonus(level)
    mega = kaiju == (6, 6)
    city = square(g, position)
    said = {"a": kaiju[0], "b": kaiju[1], "attack": attack, "die": die, "bonus": bonus(level),
            "defence": defence, "city": city}
    record = {"kaiju": list(kaiju), "die": die, "bonus": bonus(level), "before": level}
    g.battle["rounds"].append(record)
    if attack == defence and not mega:
        record["result"], record["after"], record["odds"] = "tie", level, str(survival(level))
        return [event("battle.tie", **said)]
    if defence > attack:
        record["result"], record["after"], record["odds"] = "repelled", level, "1"
        g.battle["end"] = "repelled"
        g.queue.pop(0)
        return [event("battle.repelled", **said, troops=troops(level))]
    after = after_hit(level, mega)
    g.level[position] = after
    g.battle["level"] = after
    record["result"], record["after"], record["odds"] = ("mega" if mega else "hit"), after, str(survival(after))
    if after == 0:  # the last platoon falls: said once, by the line that says the city falls
        events = [event("battle.mega_last" if mega else "battle.hit_last", **said)]
    else:
        events = [event("battle.mega" if mega else "battle.hit", **said, troops=troops(after))]
    if after == 0:
        g.battle["end"] = "destroyed"
        g.queue.pop(0)
        events.append(event("battle.destroyed", city=city))
        return events + g.city_falls(position, item.get("attacker"))
    events.append(event("battle.goes_on", city=city, odds=percent(survival(after))))
    return events

"""Which calls the Kontalari makes, in the rulings' order.

The calls come from the announced deck, not from who is alive: a role in
the deck held by nobody alive (dead, or among Samartintxiki's leftovers)
still gets its call when the `phantom_calls` house rule is on, so the table
cannot tell who is out of play. Whether a call is phantom is decided when it
comes up (Samartintxiki may have taken the Lamia card meanwhile).
"""

from __future__ import annotations

from typing import Sequence

from .roles import AKERBELTZ, GAUEKO, LAMIA, SAMARTINTXIKI, SORGINA

# Call name -> the role whose holder wakes (None: not one role's call).
CALL_ROLE = {
    "samartintxiki": SAMARTINTXIKI,
    "lamia": LAMIA,
    "lovers": None,
    "election": None,
    "sorgina": SORGINA,
    "gauekos": GAUEKO,
    "akerbeltz": AKERBELTZ,
}
# Calls that wake somebody and are spoken with a wake and a sleep line.
SPOKEN = ("samartintxiki", "lamia", "lovers", "sorgina", "gauekos", "akerbeltz")


def preparation_calls(deck: Sequence[str]) -> list[str]:
    """Samartintxiki, Lamia, the lovers, then the optional election (always offered)."""
    calls = []
    if SAMARTINTXIKI in deck:
        calls.append("samartintxiki")
    if LAMIA in deck:
        calls += ["lamia", "lovers"]
    return calls + ["election"]


def night_calls(deck: Sequence[str]) -> list[str]:
    """Sorgiña, Gauekos (Galtzagorri spies, uncalled), Akerbeltz."""
    calls = []
    if SORGINA in deck:
        calls.append("sorgina")
    calls.append("gauekos")
    if AKERBELTZ in deck:
        calls.append("akerbeltz")
    return calls


def holders(call: str, roles: Sequence[str | None], alive: Sequence[bool],
            lovers: tuple[int, int] | None) -> list[int]:
    """The living seats (0-based) this call wakes; empty makes it a phantom call."""
    if call == "lovers":
        return [s for s in (lovers or ()) if alive[s]]
    role = CALL_ROLE.get(call)
    if role is None:
        return []
    return [s for s, r in enumerate(roles) if r == role and alive[s]]


def keep_call(call: str, phantom: bool, phantom_calls: bool) -> bool:
    """A phantom call is made only under the house rule; other calls always."""
    return call == "election" or not phantom or phantom_calls

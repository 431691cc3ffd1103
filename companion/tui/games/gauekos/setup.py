"""The deck at setup: the gaueko count (with the recommendation), the special
cards toggled by letter keys, the warnings of the rules, and the cards left
to hand out."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from textual.content import Content
from textual.widgets import Static

from companion.core.game import Line

from ...i18n import say, ui
from ...widgets import LOCK, put, set_title

# Special card -> the key that toggles it (c, d, m, r, s, v belong to the frame).
SPECIAL_KEYS = {
    "galtzagorri": "g",
    "sorgina": "o",
    "lamia": "l",
    "samartintxiki": "t",
    "cazador": "h",
    "akerbeltz": "a",
}
KEY_SPECIAL = {key: role for role, key in SPECIAL_KEYS.items()}


def role_name(role: str, lang: str) -> str:
    return say(Line(f"gauekos.role.{role}"), lang)


class DeckPanel(Static):
    """What the deck holds, how to change it, and what the rules warn about."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, deck: Mapping[str, int], recommended: int, fixed: bool, warnings: Sequence[Line],
             leftovers: Sequence[str] | None, lang: str, rules: str = "") -> None:
        set_title(self, Content(ui("ui.gauekos.deck", lang)))
        gauekos = deck.get("gaueko", 0)
        lines: list[Content] = [
            Content.assemble((" +/- ", "bold reverse $accent"), " ",
                             (f"{role_name('gaueko', lang)}: {gauekos}", "bold"),
                             (" " + ui("ui.gauekos.recommended", lang, count=recommended),
                              "dim" if gauekos == recommended else "bold $warning")),
        ]
        for role, key in SPECIAL_KEYS.items():
            on = role in deck
            parts: list[Any] = [(f" {key} ", "bold reverse $accent"), " ",
                                ("[x] " if on else "[ ] ", "bold" if on else "dim"),
                                (role_name(role, lang), "bold" if on else "")]
            lines.append(Content.assemble(*parts))
        lines.append(Content.assemble((role_name("campesino", lang) + ": ", "dim"),
                                      (str(deck.get("campesino", 0)), "dim")))
        if fixed:
            lines.append(Content.styled(ui("ui.gauekos.deck_fixed", lang), "italic dim"))
        for warning in warnings:
            lines.append(Content.styled("⚠ " + say(warning, lang), "$warning"))
        if leftovers:
            lines.append(Content.assemble((LOCK + " " + ui("ui.gauekos.leftovers", lang) + " ", "bold $warning"),
                                          ", ".join(role_name(r, lang) for r in leftovers)))
        if rules:
            lines.append(Content.styled(rules, "dim"))
        put(self, Content("\n").join(lines))

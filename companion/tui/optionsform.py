"""The options of the game chosen on the new-game form: a labelled field for
each option, its help and its refusal under the field.

Every field of the form is a `field_row`: the label in its own column,
wrapping onto more lines when long (never cut, never run into the value),
and the field with its help stacked to the right of it."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, Static

from companion.core.errors import CompanionError
from companion.core.game import Game, Option
from companion.core.language import explain

from .i18n import option_help, option_label, option_value, ui
from .widgets import ErrorLine


def field_row(label: Widget, *field: Widget, id: str | None = None) -> Horizontal:
    """A label beside a column of the field and what goes under it (its help, its refusal)."""
    label.add_class("label")
    return Horizontal(label, Vertical(*field, classes="field"), classes="row", id=id)


def on_off(value: bool, lang: str) -> str:
    return ui("ui.on" if value else "ui.off", lang)


class OptionFields(Vertical):
    """One row per option of a game: the label (house rules marked), the field, the help
    with the default, and a line for its refusal."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game_cls: type[Game] | None = None  # the game the fields belong to

    def rows(self, game_cls: type[Game], values: dict[str, Any], lang: str) -> list[Widget]:
        """The rows for `game_cls`, holding `values` where given (else the defaults)."""
        self.game_cls = game_cls
        rows: list[Widget] = []
        for option in game_cls.options:
            label = option_label(game_cls.name, option, lang)
            if option.house_rule:
                label = f"{label} ({ui('ui.start.house_rule', lang)})"
            help_text = option_help(game_cls.name, option, lang)
            default = ui("ui.start.default", lang,
                         value=option_value(game_cls.name, option, option.default, lang))
            rows.append(field_row(
                Static(Content(label), markup=False),
                self._field(game_cls, option, values.get(option.key, option.default), lang),
                Static(Content(f"{help_text} {default}".strip()), classes="help", markup=False),
                ErrorLine(id=f"error-{option.key}")))
        if not rows:
            rows.append(Static(Content(ui("ui.start.no_options", lang)), classes="help", markup=False))
        return rows

    async def rebuild(self, game_cls: type[Game], lang: str) -> None:
        """Fields for `game_cls` in `lang`; the values typed so far kept when the game is the same."""
        values = self.values() if self.game_cls is game_cls else {}
        await self.remove_children()
        await self.mount_all(self.rows(game_cls, values, lang))

    @staticmethod
    def _field(game_cls: type[Game], option: Option, value: Any, lang: str) -> Widget:
        wid = f"option-{option.key}"
        if isinstance(option.default, bool):
            # The label says the state ("on"/"off"); a fixed "On" read as on when it was off.
            checked = bool(value) if isinstance(value, bool) else bool(option.default)
            return Checkbox(Content(on_off(checked, lang)), value=checked, compact=True, id=wid, classes="value")
        if option.choices:
            return Select([(Content(option_value(game_cls.name, option, c, lang)), c) for c in option.choices],
                          value=value if value in option.choices else option.default,
                          allow_blank=False, compact=True, id=wid, classes="value")
        offered = option.offered()
        if offered and isinstance(value, str) and value in offered:  # a typed path stays typeable (CLI)
            return Select([(Content(str(v)), v) for v in offered], value=value, allow_blank=False,
                          compact=True, id=wid, classes="value")
        return Input(str(value), compact=True, id=wid, classes="value")

    def values(self) -> dict[str, Any]:
        """What the option fields hold now, as typed (not coerced)."""
        values: dict[str, Any] = {}
        for option in self.game_cls.options if self.game_cls else ():
            for widget in self.query(f"#option-{option.key}"):
                values[option.key] = widget.value
        return values

    def check(self, lang: str) -> tuple[dict[str, Any], list[str]]:
        """The options coerced, and the refusals (each also shown under its field)."""
        options: dict[str, Any] = {}
        errors: list[str] = []
        for key, raw in self.values().items():
            option = next(o for o in self.game_cls.options if o.key == key)
            try:
                options[key] = option.coerce(raw)
            except CompanionError as exc:
                errors.append(explain(exc, lang))
                self.query_one(f"#error-{key}", ErrorLine).show(errors[-1])
            else:
                self.query_one(f"#error-{key}", ErrorLine).show("")
        return options, errors

    @on(Checkbox.Changed)
    def toggled(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = Content(on_off(event.value, self.app.lang))

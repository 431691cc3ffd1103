"""Inline entries of the Halloween screen: the hidden bid (masked, one
bidder at a time, passing the keyboard) and the two treat-card modifiers (the
table's die or card after `@` is the frame's TableEntry).

Each posts a message up with what was typed; the screen turns it into
notation and plays it. They never call the rules.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Input, Static

from ...widgets import put


class EntryInput(Input):
    """An input of these entries: Escape gives the keys back to the choices."""

    BINDINGS = [Binding("escape", "release", "Back", show=False)]

    def action_release(self) -> None:
        self.post_message(EntryReleased(self))


class EntryReleased(Message):
    def __init__(self, field: Input) -> None:
        super().__init__()
        self.field = field


class BidEntry(Vertical):
    """One hidden bid at a time, masked: the screen names the bidder; cleared after each."""

    class Entered(Message):
        """`seat` typed a hidden bid of `amount` candies."""

        def __init__(self, seat: int, amount: int) -> None:
            super().__init__()
            self.seat = seat
            self.amount = amount

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = 0
        self.label = Static(id="hw-bid-label", markup=False)
        self.field = EntryInput(password=True, restrict=r"[0-9]*", max_length=3, id="hw-bid-input", compact=True)
        self.note_line = Static(id="hw-bid-note", markup=False)
        self.holding_line = Static(id="hw-bid-holding", markup=False)

    def compose(self) -> ComposeResult:
        with Horizontal(id="hw-bid-row"):
            yield self.label
            yield self.field
        yield self.holding_line
        yield self.note_line

    def ask(self, seat: int, label: str, placeholder: str, note: str = "", holding: str = "") -> None:
        """Ask `seat` for a bid, reminding them what they hold; the field is emptied whenever the
        bidder changes."""
        field = self.field
        if seat != self.seat:
            field.value = ""
        self.seat = seat
        field.placeholder = placeholder
        put(self.label, Content.styled(label, "bold"))
        self.holding_line.display = bool(holding)
        put(self.holding_line, Content.styled(holding, "bold $warning"))
        self.note(note)

    def note(self, text: str) -> None:
        note = self.note_line
        note.display = bool(text)
        put(note, Content(text))

    def clear(self) -> None:
        self.field.value = ""

    def grab(self) -> None:
        self.field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not event.value.strip():
            return
        self.post_message(self.Entered(self.seat, int(event.value)))


class TreatEntry(Horizontal):
    """The two treat-card modifiers: the child's, then the owner's (-10 to 10; empty is 0)."""

    class Entered(Message):
        def __init__(self, child: int, owner: int) -> None:
            super().__init__()
            self.child = child
            self.owner = owner

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.child_label = Static(id="hw-treat-child-label", markup=False, classes="hw-treat-label")
        self.child_field = EntryInput(restrict=r"-?[0-9]*", max_length=3, id="hw-treat-child", compact=True,
                                      classes="hw-treat-input")
        self.owner_label = Static(id="hw-treat-owner-label", markup=False, classes="hw-treat-label")
        self.owner_field = EntryInput(restrict=r"-?[0-9]*", max_length=3, id="hw-treat-owner", compact=True,
                                      classes="hw-treat-input")

    def compose(self) -> ComposeResult:
        yield self.child_label
        yield self.child_field
        yield self.owner_label
        yield self.owner_field

    def ask(self, child_label: str, owner_label: str) -> None:
        put(self.child_label, Content(child_label))
        put(self.owner_label, Content(owner_label))

    def reset(self) -> None:
        self.child_field.value = ""
        self.owner_field.value = ""

    def grab(self) -> None:
        self.child_field.focus()

    @staticmethod
    def _number(text: str) -> int | None:
        text = text.strip()
        if text in ("", "-"):
            return 0
        try:
            return int(text)
        except ValueError:
            return None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input is self.child_field:
            self.owner_field.focus()
            return
        child = self._number(self.child_field.value)
        owner = self._number(self.owner_field.value)
        if child is not None and owner is not None:
            self.post_message(self.Entered(child, owner))

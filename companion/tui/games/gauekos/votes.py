"""Entering a vote: per voter (each living voter points at a seat) or counts
per candidate (raised hands counted at the table).

`VoteDraft` is what the Kontalari has typed so far (screen state, not game
state): it becomes one notation line, `vote 1>5 2>5 ...` or `votes 5:3 1:1`,
which the rules check when it is recorded. `VotePanel` shows the draft and
a tally preview.
"""

from __future__ import annotations

from math import ceil
from typing import Any, Mapping, Sequence

from textual.content import Content
from textual.widgets import Static

from companion.games.gauekos.notation import spelled

from ...widgets import put

from ...i18n import ui

VOTERS = "voters"
COUNTS = "counts"
ROWS = 7  # more voters than this many rows: more, narrower columns


class VoteDraft:
    """The ballots or counts typed so far for one round of voting."""

    def __init__(self, voters: Sequence[int], candidates: Sequence[int], mode: str = VOTERS) -> None:
        self.voters = list(voters)  # living seats, from 1
        self.candidates = list(candidates)  # every living seat, or the two of the runoff
        self.mode = mode
        self.ballots: dict[int, int | None] = {}  # voter -> target (None: abstains)
        self.counts: dict[int, int] = {}
        self.cursor = 0  # index into voters (per voter) or candidates (counts)
        self.typing = False  # counts: the last key was a digit in this row

    # -- moving --------------------------------------------------------------

    @property
    def rows(self) -> list[int]:
        return self.voters if self.mode == VOTERS else self.candidates

    @property
    def current(self) -> int | None:
        rows = self.rows
        return rows[self.cursor] if 0 <= self.cursor < len(rows) else None

    def move(self, step: int) -> None:
        self.cursor = max(0, min(len(self.rows) - (1 if self.mode == COUNTS else 0), self.cursor + step))
        self.typing = False

    def switch(self) -> None:
        self.mode = COUNTS if self.mode == VOTERS else VOTERS
        self.cursor = 0
        self.typing = False

    # -- typing --------------------------------------------------------------

    def vote(self, target: int | None) -> None:
        """The current voter votes for `target` (None: abstains); on to the next voter."""
        voter = self.current
        if voter is None:
            return
        self.ballots[voter] = target
        self.cursor += 1

    def back(self) -> None:
        """Back to the previous voter, forgetting their vote; in counts, clear the row."""
        if self.mode == VOTERS:
            self.cursor = max(0, self.cursor - 1)
            voter = self.current
            if voter is not None:
                self.ballots.pop(voter, None)
        else:
            seat = self.current
            if seat is not None:
                self.counts.pop(seat, None)
            self.typing = False

    def count_digit(self, digit: int) -> None:
        """Counts: a digit types the current row's count (two digits in a row make 12)."""
        seat = self.current
        if seat is None:
            return
        before = self.counts.get(seat, 0) if self.typing else 0
        self.counts[seat] = min(99, before * 10 + digit)
        self.typing = True

    # -- the result ------------------------------------------------------------

    @property
    def complete(self) -> bool:
        return self.mode == COUNTS or self.cursor >= len(self.voters)

    def ballot_pairs(self) -> list[tuple[int, int]]:
        return sorted((v, t) for v, t in self.ballots.items() if t is not None)

    def notation(self) -> str:
        if self.mode == VOTERS:
            return " ".join(["vote", *(f"{v}>{t}" for v, t in self.ballot_pairs())])
        return " ".join(["votes", *(f"{s}:{n}" for s, n in sorted(self.counts.items()) if n > 0)])


def fitted(pieces: Sequence[str], room: int) -> list[str]:
    """A cell's text in `room` cells: on one line when it fits, else the voter on the first and
    the ballot (`se abstiene`) indented under it; cut only when even that is too wide."""
    text = " ".join(p for p in pieces if p)
    lines = [text] if len(text) <= room or len(pieces) < 2 else [pieces[0], "   " + pieces[1]]
    return [line if len(line) <= room else line[: room - 1] + "…" for line in lines]


class VotePanel(Static):
    """The draft: one row per voter (or candidate), the tally so far, the line it will record."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)

    def show(self, draft: VoteDraft, names: Sequence[str], tally: Mapping[int, int], runoff: bool,
             width: int, lang: str) -> None:
        rows: list[Any] = []
        head = ui("ui.gauekos.vote_runoff" if runoff else "ui.gauekos.vote_first", lang)
        how = ui("ui.gauekos.per_voter" if draft.mode == VOTERS else "ui.gauekos.per_count", lang)
        if len(head) + 2 + len(how) <= width:
            lines: list[Content] = [Content.assemble((head, "bold"), "  ", (how, "italic"))]
        else:  # the how on a line of its own, whole
            lines = [Content.styled(head, "bold"), Content.styled(how, "italic")]
        if draft.mode == VOTERS:
            cells = []
            for index, voter in enumerate(draft.voters):
                target = draft.ballots.get(voter, -1)
                if target == -1:
                    aim = "…" if index == draft.cursor else ""
                elif target is None:
                    aim = ui("ui.gauekos.abstains", lang)
                else:
                    aim = f"{target} {names[target - 1]}"
                cells.append((index == draft.cursor, [f"{voter:>2} {names[voter - 1]} →", aim]))
        else:
            cells = [(index == draft.cursor, [f"{seat:>2} {names[seat - 1]}: {draft.counts.get(seat, 0)}"])
                     for index, seat in enumerate(draft.candidates)]
        longest = max((len(n) for n in names), default=4)
        cell = min(30, 2 * longest + 12) if draft.mode == VOTERS else longest + 10
        needed = ceil(len(cells) / ROWS)  # a big table: narrower cells, more columns
        if width // cell < needed:
            cell = max(12, width // needed)
        columns = max(1, width // cell)
        for start in range(0, len(cells), columns):
            texts = [(current, fitted(pieces, cell - 1)) for current, pieces in cells[start:start + columns]]
            for line in range(max(len(t) for _, t in texts)):  # a ballot too long for its cell: two lines
                rows.append(Content.assemble(*[
                    ((t[line] if line < len(t) else "").ljust(cell - 1) + " ", "bold reverse $accent" if current else "")
                    for current, t in texts]))
        lines += rows
        shown = ", ".join(f"{names[s - 1]} {n}" for s, n in sorted(tally.items(), key=lambda x: (-x[1], x[0])) if n)
        lines.append(Content.assemble((ui("ui.gauekos.tally", lang) + " ", "bold"), shown or "—"))
        notation = spelled(draft.notation(), lang)  # in the table's words: `voto 1>5` at a Spanish table
        lines.append(Content.styled(ui("ui.gauekos.will_record", lang, notation=notation), "dim"))
        put(self, Content("\n").join(lines))

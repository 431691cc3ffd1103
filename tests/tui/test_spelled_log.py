"""A Spanish or Basque table reads notation in its own words on screen: the log, the undo
toast and the refusals; the `:` line takes both spellings; the save keeps the canonical one."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from companion.core.session import Session

from .conftest import screen_text


@pytest.fixture
def rolled(duel: Session) -> Session:
    """The duel with both lucky numbers chosen and one roll typed by the table."""
    for text in ("lucky 1 4", "lucky 2 2", "roll @ 3 3"):
        duel.act(text)
    return duel


@pytest.mark.parametrize("lang,word", [("es", "tirar"), ("eu", "bota")])
async def test_the_log_shows_notation_in_the_tables_words(make_app, rolled: Session, lang: str, word: str) -> None:
    app = make_app(session=rolled, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"3. {word}\n" in text + "\n" or f"3. {word}│" in text
        assert "3. roll" not in text
    assert [p.entry.notation for p in Session.load(rolled.path).played][-1] == "roll"  # the save: canonical


async def test_typed_local_words_play_and_are_saved_canonical(make_app, rolled: Session) -> None:
    app = make_app(session=rolled, lang="es")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("colon")
        await pilot.pause()
        line = app.screen.query_one("#notation", Input)
        await pilot.press(*"lucky 1 4", "enter")  # a refusal at a Spanish table lists what is allowed in Spanish
        await pilot.pause()
        error = str(app.screen.query_one("#error").content)
        assert "Se puede: tirar, plantarse" in error, error
        line.value = ""
        await pilot.press(*"plantarse", "enter")
        await pilot.pause()
        assert "4. plantarse" in screen_text(app)
    assert Session.load(rolled.path).played[-1].entry.notation == "hold"

"""Secret events in a row are told as one covered line in the log (the deal of a Gauekos game
is one secret a seat: "9 secretos (v los muestra)", not nine lines), and each in full once
the game master reveals them."""

from __future__ import annotations

from types import SimpleNamespace

from companion.core.game import Event, Line
from companion.tui.log import entry_content


def item(*events):
    return SimpleNamespace(events=events, notation="deal", secret=False, public=None,
                           entry=SimpleNamespace(notation="deal"))


def test_secrets_in_a_row_fold_into_one_line_until_revealed():
    secret = [Event(Line("gauekos.dealt_to", {"player": f"P{n}", "card": "x"}), private=True) for n in range(9)]
    told = Event(Line("gauekos.dealt", {"count": 9}))
    shown = entry_content(1, item(told, *secret), revealed=False, lang="es").plain.splitlines()
    assert len(shown) == 3 and shown[2].strip().endswith("9 secretos (v los muestra)")
    one = entry_content(1, item(secret[0], told), revealed=False, lang="es").plain.splitlines()
    assert one[1].strip().endswith("secreto (v lo muestra)") and len(one) == 3
    revealed = entry_content(1, item(told, *secret), revealed=True, lang="es").plain.splitlines()
    assert len(revealed) == 11


def test_a_secret_action_without_secret_events_is_covered_until_revealed():
    """Akerbeltz keeping the death spell (`no death`) makes no secret event, but its notation tells
    the table an Akerbeltz lives: the game master's log covers it like any secret until `v`."""
    from companion.games.gauekos.rules import Gauekos
    from companion.tui.log import LogEntry
    from companion.tui.widgets import LOCK

    kept = SimpleNamespace(events=(Event(Line("gauekos.call.akerbeltz.sleep")),), secret=True, public=None,
                           entry=SimpleNamespace(notation="no death"))
    hidden = entry_content(10, kept, revealed=False, lang="es", spell=Gauekos.spelled).plain.splitlines()
    assert hidden[0] == f"10. {LOCK}" and "muerte" not in " ".join(hidden)
    shown = entry_content(10, kept, revealed=True, lang="es", spell=Gauekos.spelled).plain.splitlines()
    assert shown[0] == "10. guardar muerte"
    assert LogEntry(10, kept).private  # so `v` changes what it shows

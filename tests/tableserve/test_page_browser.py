"""The table page in real headless Chromium (Debian's, driven by Playwright for Python), for
every game, on a phone upright (390×844) and a TV (1920×1080): no sideways scrolling, the
live centre above the fold, every name whole, text of 16 px and more on the phone, the page
redrawn within 1 s of `companion act`; the closed, missing and unreadable banners; and
random games with the page's text and the event stream checked for private values (the
detector proven on the private observation). One browser for the module, its pages reused;
each save served by `companion table FILE --serve` in its own process, as at a table."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.core import live
from companion.core.observe import observation
from companion.core.session import Session
from companion.tableserve import info

from ..games.public_audit import Audit, secret_pairs
from .pagesaves import GAMES, moment_save, random_save

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": (390, 844), "tv": (1920, 1080)}
UPDATE = 1000  # ms: the page shows an action within this of `companion act` returning


@pytest.fixture(scope="module")
def pages():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        found = {name: browser.new_page(viewport={"width": w, "height": h}) for name, (w, h) in SIZES.items()}
        yield found
        browser.close()


@contextmanager
def served(save: Path, *extra: str, port: int = 0):
    """`companion table SAVE --serve --port PORT` in its own process; yields its address."""
    process = subprocess.Popen([sys.executable, "-m", "companion", "table", str(save), "--serve", "--port", str(port),
                                *extra],
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while (found := info.running(save)) is None or found["pid"] != process.pid:
            assert process.poll() is None, process.stderr.read().decode()
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.05)
        yield found["address"]
    finally:
        process.terminate()
        process.wait(timeout=30)


def open_page(page, address: str) -> None:
    page.goto(address)
    page.wait_for_function("window.TablePage && TablePage.data && TablePage.data.obs"
                           " && document.getElementById('board').childElementCount > 0", timeout=10000)


LAYOUT = """() => {
  const view = { w: innerWidth, h: innerHeight };
  const rect = (id) => document.getElementById(id).getBoundingClientRect();
  const small = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || !el.offsetParent) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own && parseFloat(getComputedStyle(el).fontSize) < 16) small.push(el.tagName + ' ' + el.textContent.slice(0, 30));
  }
  const cut = [...document.querySelectorAll('.name')].filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent);
  return { view, scrollWidth: document.documentElement.scrollWidth, live: rect('live').top,
           centre: document.getElementById('centre').childElementCount ? rect('centre').top : null,
           now: rect('now').bottom, small, cut, text: document.body.innerText };
}"""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_on_a_phone_and_a_tv(pages, tmp_path, name) -> None:
    save = moment_save(name, tmp_path)
    players = Session.load(save, read_only=True).game.players
    with served(save) as address:
        for size, page in pages.items():
            open_page(page, address)
            seen = page.evaluate(LAYOUT)
            where = f"{name} on the {size}"
            assert seen["scrollWidth"] <= seen["view"]["w"], f"{where}: sideways scrolling"
            assert seen["live"] < seen["view"]["h"] / 2 and seen["now"] < seen["view"]["h"], f"{where}: now below the fold"
            if seen["centre"] is not None:
                assert seen["centre"] < seen["view"]["h"], f"{where}: the live centre below the fold"
            for player in players:
                assert player in seen["text"], f"{where}: {player!r} not whole"
            assert not seen["cut"], f"{where}: names cut {seen['cut']}"
            if size == "phone":
                assert not seen["small"], f"{where}: text under 16 px: {seen['small'][:5]}"
            assert page.locator("#closed").is_visible()  # no app: the table is told
        # `companion act` from another process: both pages redraw within a second
        session = Session.load(save, read_only=True)
        import random

        action = session.game.notation(session.game.sample_action(random.Random(5)))
        session.close()
        clocks = {size: page.evaluate("TablePage.data.clock") for size, page in pages.items()}
        done = subprocess.run([sys.executable, "-m", "companion", "act", str(save), action], cwd=ROOT,
                              capture_output=True)
        assert done.returncode == 0, done.stderr.decode()
        for size, page in pages.items():
            page.wait_for_function(f"TablePage.data.clock > {clocks[size]}", timeout=UPDATE)


def test_the_banners_show_and_go(pages, tmp_path) -> None:
    """The app closed; then open (no banner, its subtitle and a timer counting down); the save
    missing; damaged; back. A server restart: the page reconnects by itself."""
    save = moment_save("dice-duel", tmp_path)
    page = pages["phone"]
    with socket.socket() as probe:  # a free port, the same for the server started again
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with served(save, port=port) as address:
        open_page(page, address)
        assert page.locator("#closed").is_visible()
        assert page.locator("#closed").inner_text() == "La aplicación del director de juego está cerrada."
        live.publish(save, live.Live(True, "¡Que empiece el duelo!", (live.Timer("day", 90, 90, True, False, time.time() + 90),),
                                     "es", os.getpid(), time.time(), 0))
        page.wait_for_function("document.getElementById('closed').hidden", timeout=UPDATE)
        assert page.locator("#subtitle").inner_text() == "¡Que empiece el duelo!"
        assert re.fullmatch(r"1:[23]\d", page.locator(".timer").inner_text())
        kept = save.read_bytes()
        save.unlink()
        page.wait_for_function("!document.getElementById('banner').hidden", timeout=UPDATE)
        assert "No se encuentra dice-duel.toml" in page.locator("#banner").inner_text()
        assert page.locator("#board").inner_text()  # the last state stays
        save.write_bytes(kept + b"\n[[action]]\nnotation = \x00 broken\n")
        page.wait_for_function("document.getElementById('banner').textContent.includes('No se puede leer')",
                               timeout=UPDATE)
        save.write_bytes(kept)
        page.wait_for_function("document.getElementById('banner').hidden", timeout=UPDATE)
    page.wait_for_function("!document.getElementById('conn').hidden", timeout=5000)
    assert "reconectando" in page.locator("#conn").inner_text()
    with served(save, port=port):  # the same token (kept beside the save): the page comes back by itself
        page.wait_for_function("document.getElementById('conn').hidden", timeout=10000)


def pairs_found(lines: list[str], pairs) -> list[str]:
    """`Name … secret` in a seat's entry on the page: a player tied to a secret value (the
    log may say a player and a child together: who moves whom is public)."""
    found = []
    for line in lines:
        for player, value in pairs:
            if re.search(re.escape(player) + r"\W.*\b" + re.escape(value) + r"\b", line, re.IGNORECASE):
                found.append(f"{player} / {value}")
    return found


def worded_pairs(session: Session, lang: str) -> list[tuple[str, str]]:
    """The secret (player, value) pairs, the value as the page words it."""
    from companion.core.game import Line
    from companion.core.language import render

    game = session.game
    out = []
    for player, value in secret_pairs(game):
        if game.name == "gauekos":
            out.append((player, render(Line(f"gauekos.role.{value}"), lang)))
        else:
            out.append((player, value))
    return out


def stream_text(address: str) -> str:
    with urllib.request.urlopen(address + "events", timeout=10) as stream:
        seen = b""
        while b"event: state" not in seen or not seen.endswith(b"\n\n"):
            seen += stream.readline()
    return seen.decode()


SECRET_GAMES = ["gauekos", "halloween", "alien-1979", "dice-duel"]


@pytest.mark.parametrize("name", SECRET_GAMES)
def test_random_games_show_no_private_value(pages, tmp_path, name) -> None:
    page = pages["phone"]
    audit = Audit()
    proven = 0
    for seed in range(2):
        lang = ("es", "eu")[seed % 2]
        save, session = random_save(name, tmp_path, seed, lang)
        notations, texts = audit.notations(session), audit.private_texts(session, lang)
        pairs = worded_pairs(session, lang)
        with served(save, "--lang", lang) as address:
            open_page(page, address)
            shown = page.inner_text("body")
            seats = page.eval_on_selector_all("#board .seat", "els => els.map((el) => el.innerText)")
            events = stream_text(address)
        where = f"{name} seed {seed}"
        audit.text(f"{where} page", shown, notations, texts)
        audit.text(f"{where} stream", events, notations, texts)
        for found in pairs_found(seats, pairs):
            audit.leak(f"{where} page", found)
        state = json.loads(events.split("event: state\ndata: ")[1].split("\n")[0])
        assert "private" not in state["obs"]["observed"], where
        # the detector, pointed at the private observation drawn by the same panel, finds the secrets
        private = observation(session, private=True)
        secret = private["observed"].pop("private")
        if name == "gauekos":
            private["observed"]["revealed"] = secret["cards"]
        elif name == "halloween":
            private["observed"]["revealed"] = secret["secret"]
        drawn = page.evaluate("""(obs) => { const c = document.createElement('div'), b = document.createElement('div');
            document.body.append(b); Panels[TablePage.data.panel].draw(c, b, obs, TablePage.ctx);
            const seats = [...b.querySelectorAll('.seat')].map((el) => el.innerText); b.remove(); return seats; }""",
                              private)
        proven += len(pairs_found(drawn, pairs)) + audit.text(f"{where} private", json.dumps(secret, ensure_ascii=False),
                                                              notations, texts, private=True)
        proven += "private" in json.dumps(observation(session, private=True)["observed"])
    assert audit.leaks == [], "\n".join(audit.leaks)
    assert proven > 0


def test_names_show_as_typed_never_as_markup(pages, tmp_path) -> None:
    save = tmp_path / "names.toml"
    names = ["<img src=x onerror=alert(1)>", "[bold]Luis"]
    Session.new("dice-duel", names, seed=2, lang="es", path=save).close()
    page = pages["phone"]
    with served(save) as address:
        open_page(page, address)
        text = page.inner_text("body")
        assert all(name in text for name in names)
        assert page.locator("#page img").count() == 0

"""Drive a Kaijupoly game in the app, in tmux, as a person at the table would.

It reads the screen (`tmux capture-pane -p`), decides, and presses only what a
person presses: the digit of an entry shown on screen, `@` and the table's
faces, Enter, Esc. To decide where the table's dice should fall it reads the
public state with `companion show SAVE --json` (what anyone sees on the board);
it never calls the game's API and never types notation.

After every key it checks: the save grew by exactly the action the entry
shown promised (`[[action]]`'s `do`), a table roll is recorded with
`source = "table"` and the faces typed, and the entry pressed was on screen.
Every screen and key goes to the log.

Usage: kaiju_drive.py TMUX_TARGET SAVE LOG [MAX_ACTIONS]
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

TARGET, SAVE, LOG = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
MAX = int(sys.argv[4]) if len(sys.argv) > 4 else 5000
PY = str(Path(__file__).resolve().parents[2] / ".venv/bin/python")
ANA, BEA, CARLOS = 0, 1, 2
WINNER = BEA
GAME = int(__import__("os").environ.get("KAIJU_GAME", "1"))

stats = {"keys": 0, "table_rolls": 0, "actions": 0, "mismatches": 0, "offscreen": 0, "paging": 0,
         "battles": 0, "battle_rounds": 0, "repelled": 0, "ties": 0, "megas": 0, "sales": 0, "rent": 0}
seen: dict[str, str] = {}  # what was seen of each thing to note, first time
log = LOG.open("a", encoding="utf-8")


def note(text: str) -> None:
    log.write(f"[{time.strftime('%H:%M:%S')}] {text}\n")
    log.flush()


def cap() -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", TARGET], capture_output=True, text=True).stdout


def send(key: str, literal: bool = False) -> None:
    stats["keys"] += 1 if not literal else len(key)
    note(f"KEY {'literal ' if literal else ''}{key!r}")
    subprocess.run(["tmux", "send-keys", "-t", TARGET] + (["-l"] if literal else []) + [key], check=True)


def actions() -> list[dict]:
    for _ in range(20):
        try:
            return tomllib.loads(SAVE.read_text(encoding="utf-8")).get("action", [])
        except (tomllib.TOMLDecodeError, OSError):
            time.sleep(0.1)
    raise RuntimeError("save unreadable")


def observe() -> dict:
    out = subprocess.run([PY, "-m", "companion", "show", str(SAVE), "--json"], capture_output=True, text=True)
    return json.loads(out.stdout)


ENTRY = re.compile(r"(?:^|(?<=\s\s))([0-9@])  (\S.*?)(?=\s{2,}[0-9@]  \S|\s*$)")


def entries(screen: str) -> dict[str, str]:
    """The choice bar's entries: key → label (the rows under the prompt, above the ring)."""
    found: dict[str, str] = {}
    for row in screen.splitlines()[2:9]:
        if row.startswith(("Parking", "Salida")) or not row.startswith("  "):
            continue
        for key, label in ENTRY.findall(row):
            found[key] = label.strip()
    return found


def wait_screen(pred, timeout=8.0) -> str:
    end = time.time() + timeout
    while True:
        scr = cap()
        if pred(scr) or time.time() > end:
            return scr
        time.sleep(0.15)


def wait_actions(n: int, timeout=10.0) -> list[dict]:
    end = time.time() + timeout
    while True:
        acts = actions()
        if len(acts) >= n or time.time() > end:
            return acts
        time.sleep(0.15)


def settle(before: str, timeout: float = 6.0) -> str:
    """Wait until the screen has moved on from `before` and holds still (the save is written
    before the screen is drawn: reading the screen at once may show the moment before)."""
    end = time.time() + timeout
    last = cap()
    while time.time() < end:
        time.sleep(0.25)
        now = cap()
        if now == last and now != before:
            return now
        last = now
    return last


def mismatch(why: str) -> None:
    stats["mismatches"] += 1
    if stats["mismatches"] >= 4:
        note("too many mismatches: stopping")
        print("STOP: too many mismatches", flush=True)
        sys.exit(2)
    note(f"MISMATCH {why}")
    print("MISMATCH", why, flush=True)


def table_roll(faces: tuple[int, ...], verb: str) -> None:
    """`@`, the faces, Enter; then the save's new action must be `verb @ faces` from the table."""
    scr = cap()
    shown = entries(scr)
    if "@" not in shown:
        mismatch(f"no @ entry on screen for {verb}: {shown}")
    n = len(actions())
    send("@")
    wait_screen(lambda s: "La mesa ha sacado (" in s)
    text = " ".join(map(str, faces))
    send(text, literal=True)
    send("Enter")
    stats["table_rolls"] += 1
    acts = wait_actions(n + 1)
    settle(scr)
    if len(acts) != n + 1:
        mismatch(f"table roll {text} for {verb}: {len(acts) - n} actions saved; screen:\n{cap()}")
        send("Escape")
        return
    act = acts[-1]
    draws = act.get("draws", [])
    values = [int(v) for d in draws for v in d["values"]]
    sources = {d["source"] for d in draws}
    if act["do"] != verb or values != list(faces) or sources != {"table"}:
        mismatch(f"table roll {text}: saved do={act['do']!r} draws={draws}")
    stats["actions"] += 1


def press(pred, expect, what: str) -> bool:
    """Press the digit of the entry on screen whose label `pred` accepts (paging through "Más…"),
    and check the save's new action against `expect(label)`."""
    for _ in range(6):
        scr = cap()
        shown = entries(scr)
        key = next((k for k, label in shown.items() if k != "@" and pred(label)), None)
        if key is not None:
            label = shown[key]
            n = len(actions())
            note(f"PRESS {key} = {label!r} ({what})")
            send(key)
            acts = wait_actions(n + 1)
            settle(scr)
            if len(acts) != n + 1:
                mismatch(f"{key} {label!r}: {len(acts) - n} actions saved")
                return False
            want = expect(label)
            if acts[-1]["do"] != want:
                mismatch(f"{key} {label!r}: saved {acts[-1]['do']!r}, expected {want!r}")
            stats["actions"] += 1
            return True
        more = next((k for k, label in shown.items() if label.startswith("Más")), None)
        if more is None:
            mismatch(f"no entry for {what} on screen: {shown}\n{scr}")
            return False
        stats["paging"] += 1
        note(f"PAGE {more} = {shown[more]!r}")
        send(more)
        wait_screen(lambda s: entries(s) != shown, 3)
    mismatch(f"paging never showed {what}")
    return False


# -- the state, as the board shows it ------------------------------------------------------

def ring(o):
    return o["observation"]["observed"]["ring"]


def name_pos(o) -> dict[str, int]:
    return {sq["name"]: sq["pos"] for sq in ring(o)}


def standing_cities(o, seat):
    return [sq for sq in ring(o) if sq["kind"] == "city" and sq["owner"] == seat and not sq["rubble"]]


def non_double(total: int, prefer_double=False) -> tuple[int, int]:
    if total in (2, 12) or (prefer_double and total % 2 == 0):
        return total // 2, total // 2
    a = min(6, total - 1)
    b = total - a
    if a == b:
        a, b = a + 1, b - 1
    return a, b


# -- the policy: steer to an end, show every part once --------------------------------------

class Plan:
    def __init__(self):
        self.turn_no = 0
        self.kaiju_no = 0
        self.did = set()

    def general_roll(self, o) -> tuple[int, int]:
        ob = o["observation"]["observed"]
        me = ob["turn"]
        pos = ob["at"][me]
        money = ob["money"][me]
        sqs = ring(o)
        self.turn_no += 1
        if ob["kaiju"] is None:  # the first lap: fast, but stop on own cities now and then
            best = None
            for t in range(11, 2, -1):
                sq = sqs[(pos + t) % 40]
                if sq["kind"] == "go-to-jail":
                    continue
                if sq["kind"] == "city" and sq["owner"] == me and sq["level"] == 0 and me != CARLOS:
                    return non_double(t)
                best = best or t
            return non_double(best)
        if GAME == 2 and me == CARLOS and "3dbl" not in self.did:
            if ob["in_jail"][me]:
                self.did.add("3dbl")
            else:
                for t in (8, 6, 10, 4):  # three doubles in a row: to jail
                    if sqs[(pos + t) % 40]["kind"] != "go-to-jail":
                        return (t // 2, t // 2)
        scores = []
        for t in range(2, 13):
            sq = sqs[(pos + t) % 40]
            s = 0
            kind = sq["kind"]
            if kind == "go-to-jail":
                s = 5 if "jail" not in self.did and me == CARLOS else -50
            elif kind == "city":
                if sq["rubble"]:
                    s = 6 if "rubble" not in self.did else 1
                elif sq["owner"] == me and sq["level"] == 0:
                    s = 8 if me in (ANA, BEA) else 1
                elif sq["owner"] is not None and sq["owner"] != me:
                    s = 4 + (6 if me == ANA else 0)  # Ana pays rent: on the way to ruin
            elif kind == "tax":
                s = 10 if me == ANA else -2
            if t in (2, 12):
                s -= 3  # doubles roll again: now and then only
            if t % 2 == 0 and "double" not in self.did and me == BEA:
                s += 2
            scores.append((s, t))
        s, t = max(scores)
        double = t in (2, 12) or (me == BEA and "double" not in self.did and t % 2 == 0)
        if double:
            self.did.add("double")
        if sqs[(pos + t) % 40]["kind"] == "go-to-jail":
            self.did.add("jail")
        if sqs[(pos + t) % 40]["rubble"]:
            self.did.add("rubble")
        return non_double(t, prefer_double=double)

    def victims(self, o):
        out = o["observation"]["observed"]["out"]
        for seat in (ANA, CARLOS):
            if seat not in out and standing_cities(o, seat):
                return seat
        return None

    def kaiju_roll(self, o) -> tuple[int, int]:
        ob = o["observation"]["observed"]
        k = ob["kaiju"]
        sqs = ring(o)
        self.kaiju_no += 1
        victim = self.victims(o)
        best = None
        for t in range(2, 13):
            sq = sqs[(k - t) % 40]
            if sq["rubble"] or sq["owner"] is None:
                continue
            s = 0
            if sq["owner"] == victim:
                s = 10 + (3 if sq["kind"] == "city" else 0) + (2 if sq["level"] else 0)
            elif sq["owner"] == BEA and sq["kind"] == "city" and sq["level"] and "repel" not in self.did:
                s = 12  # a battle Bea wins, once
            elif sq["owner"] != BEA and sq["owner"] is not None:
                s = 5
            if t in (2, 12):
                s -= 1
            if best is None or s > best[0]:
                best = (s, t)
        t = best[1] if best and best[0] > 0 else 7
        if sqs[(k - t) % 40]["owner"] == BEA:
            self.did.add("repel")
        return non_double(t)

    def battle(self, o) -> tuple[int, int, int]:
        b = o["observation"]["observed"]["battle"]
        sqs = ring(o)
        pos = b["square"] if isinstance(b, dict) and "square" in b else o["observation"]["observed"]["kaiju"]
        sq = sqs[pos]
        level = b.get("level", sq["level"]) if isinstance(b, dict) else sq["level"]
        bonus = 5 if level >= 5 else level
        if sq["owner"] == BEA:
            if "tie" not in self.did and 1 + bonus <= 12:
                self.did.add("tie")
                d = 1
                k = 1 + bonus
                if k >= 2:
                    return (*non_double(k), d)
            return (1, 2, 6)  # Bea holds
        if level >= 2 and "mega" not in self.did:
            self.did.add("mega")
            return (6, 6, 1)
        return (6, 5, 1)

    def troops(self, o, shown) -> str:
        """The level wanted: "1".."4", "cuartel", or "skip" (the rules offer what is affordable)."""
        ob = o["observation"]["observed"]
        me = o["observation"]["who"]
        money = ob["money"][me]
        offered = o["choices"]
        def can(level):
            return any(c.endswith(f" {level}") for c in offered)
        if me == ANA and GAME in (2, 3):  # a platoon on landing; the rest at the end of her turns
            return "1" if can("1") else "skip"
        if me == ANA:  # Ana spends to her ruin: the most she can
            for level in ("cuartel", "4", "3", "2", "1"):
                if can(level):
                    return level
            return "skip"
        if me == BEA:
            if can("cuartel") and money > 1200:
                return "cuartel"
            for level in ("3", "2", "1"):
                if can(level):
                    return level
            return "skip"
        # Carlos: two platoons once, so that a battle happens; else none
        if can("2") and "carlos_troops" not in self.did:
            self.did.add("carlos_troops")
            return "2"
        return "skip"


def expect_label(o):
    pos_of = name_pos(o)
    now = o["observation"]["now"]
    square = now["values"].get("city") if now["line"].endswith("step.troops") else None

    def level_of(label: str) -> str:
        text = label.split(",")[0].split(":")[-1].strip()
        if "Cuartel" in text:
            return "cuartel"
        return re.match(r"(\d+)", text).group(1)

    def f(label: str) -> str:
        if label.startswith("Sin tropas"):
            return "skip"
        if label.startswith("Acabar el turno"):
            return "end"
        if label.startswith("Combatir"):
            return "fight"
        if label.startswith("Tirar"):
            return "roll"
        if now["line"].endswith("step.ruin"):
            city = label.split(",")[0]
            return f"sell {pos_of[city]}"
        if now["line"].endswith("step.pick"):
            return f"pick {pos_of[label.split(' (')[0]]}"
        if now["line"].endswith("step.troops"):
            return f"troops {pos_of[square]} {level_of(label)}"
        return "?"
    return f


STATE = LOG.with_suffix(".state.json")


def main() -> None:
    plan = Plan()
    if STATE.exists():  # a restarted driver goes on counting
        saved = json.loads(STATE.read_text())
        stats.update(saved["stats"])
        plan.did = set(saved["did"])
    note("START")
    t0 = time.time()
    reinforce_city: str | None = None
    while stats["actions"] < MAX:
        scr = cap()
        o = observe()
        obs = o["observation"]
        note("SCREEN\n" + scr)
        if obs["outcome"] is not None or obs["observed"]["winner"] is not None:
            note(f"OUTCOME {obs['outcome']}")
            break
        line = obs["now"]["line"]
        shown = entries(scr)
        note(f"STEP {line} {obs['now']['values']} who={obs['who']} entries={shown} choices={o['choices']}")
        def hidden(shown):
            plain = [k for k, l in shown.items() if k != "@" and not l.startswith("Más")]
            return len(plain) < len(o["choices"]) and not any(l.startswith(("Más", "Reforzar")) for l in shown.values())
        if hidden(shown):  # the screen may be one frame behind the save: look again once it settles
            time.sleep(0.8)
            shown = entries(cap())
        if hidden(shown):
            plain = [k for k, l in shown.items() if k != "@" and not l.startswith("Más")]
            stats["offscreen"] += 1
            note(f"OFFSCREEN {len(o['choices'])} choices, {len(plain)} entries shown and no 'Más…'")
        if any(k.isdigit() and int(k) > 9 for k in shown):
            stats["offscreen"] += 1
        step = line.rsplit(".", 1)[-1]
        if line.endswith("step.deal"):
            press(lambda s: s.startswith("Repartir"), lambda s: "deal", "deal")
        elif step == "order":
            seat = obs["who"]
            faces = {BEA: (6, 5), ANA: (3, 4), CARLOS: (2, 1)}.get(seat, (3, 4))
            table_roll(faces, "roll")
        elif step == "pick":
            press(lambda s: True, expect_label(o), "pick the first leftover")
        elif step in ("turn", "turn_again", "turn_jailed"):
            if step == "turn_jailed" and obs["who"] == CARLOS:
                plan.did.add("3dbl")
            if step == "turn_jailed" and GAME == 2 and "fine" not in plan.did and \
                    any(l.startswith("Pagar la multa") for l in shown.values()):
                plan.did.add("fine")
                press(lambda s: s.startswith("Pagar la multa"), lambda s: "fine", "pay the fine")
            elif step == "turn_jailed":
                faces = (2, 2) if "jail_out" in plan.did else (1, 3)
                plan.did.add("jail_out") if faces == (1, 3) else None
                table_roll(faces, "roll")
            else:
                table_roll(plan.general_roll(o), "roll")
        elif step in ("bonus", "one"):
            table_roll((3, 4), "roll")
        elif step == "troops":
            level = plan.troops(o, shown)
            press(lambda s, level=level: troops_label_is(s, level), expect_label(o), f"troops level {level}")
        elif step == "end":
            me = obs["who"]
            money = obs["observed"]["money"][me]
            troops_offers = [c for c in o["choices"] if c.startswith("troops ")]
            cities = list(dict.fromkeys(int(c.split()[1]) for c in troops_offers))
            if GAME == 3 and me == ANA and money > 400 and len(cities) >= 2:
                # the cities fold ("Reforzar …"): the last city's next level, one step at a time
                pos = cities[-1]
                level = next(c for c in troops_offers if int(c.split()[1]) == pos).split()[2]
                reinforce(ring(o)[pos]["name"], pos, level)
            elif GAME == 3 and me == ANA:
                press(lambda s: s.startswith("Acabar el turno"), expect_label(o), "end the turn")
            elif me == ANA and money > 200 and troops_offers:
                pos = int(troops_offers[0].split()[1])
                mine = [c for c in troops_offers if int(c.split()[1]) == pos]
                target = mine[-1]  # the highest level this city can have now
                level = target.split()[2]
                name = ring(o)[pos]["name"]
                reinforce(name, pos, level)
            else:
                press(lambda s: s.startswith("Acabar el turno"), expect_label(o), "end the turn")
        elif step == "ruin":
            me = obs["who"]
            # sell the last one on the list: it pages behind "Más…" when the list is long
            offers = [c for c in o["choices"]]
            last = offers[-1] if offers else None
            pos = int(last.split()[-1]) if last else None
            name = ring(o)[pos]["name"] if pos is not None else ""
            stats["sales"] += 1
            press(lambda s, name=name: s.split(",")[0] == name, expect_label(o), f"sell {name}")
        elif step == "kaiju":
            table_roll(plan.kaiju_roll(o), "roll")
        elif step == "battle":
            faces = plan.battle(o)
            stats["battle_rounds"] += 1
            table_roll(faces, "fight")
        else:
            note(f"UNKNOWN step {line}; stopping")
            print("unknown step", line, flush=True)
            break
        STATE.write_text(json.dumps({"stats": stats, "did": sorted(plan.did)}))
        if stats["actions"] % 20 == 0:
            print(stats, f"{time.time() - t0:.0f}s", flush=True)
        time.sleep(0.2)
    note("END " + json.dumps(stats))
    print("END", stats, f"{time.time() - t0:.0f}s", flush=True)


def reinforce(name: str, pos: int, level: str) -> None:
    """End of turn: open "Reforzar NAME" when the cities are folded (paging to it if need be),
    then the level's entry (paging inside if need be); or the one city's entry directly."""
    def level_of_label(label: str) -> bool:
        return troops_label_is(label.split(": ", 1)[1] if label.startswith(name + ":") else label, level)
    for _ in range(4):
        shown = entries(cap())
        fold = next((k for k, l in shown.items() if l.startswith(f"Reforzar {name}")), None)
        if fold is not None:
            note(f"OPEN {fold} = {shown[fold]!r}")
            send(fold)
            wait_screen(lambda s: entries(s) != shown, 3)
            press(level_of_label, lambda s: f"troops {pos} {level}", f"reinforce {name} to {level}")
            return
        if any(l.startswith(name + ":") for l in shown.values()) or not any(l.startswith("Más") for l in shown.values()):
            press(lambda s: s.startswith(name + ":") and level_of_label(s), lambda s: f"troops {pos} {level}",
                  f"reinforce {name} to {level}")
            return
        more = next(k for k, l in shown.items() if l.startswith("Más"))
        stats["paging"] += 1
        note(f"PAGE {more} = {shown[more]!r}")
        send(more)
        wait_screen(lambda s: entries(s) != shown, 3)
    mismatch(f"reinforce {name}: never found")


def troops_label_is(label: str, level: str) -> bool:
    if level == "skip":
        return label.startswith("Sin tropas")
    if level == "cuartel":
        return label.startswith("un Cuartel")
    return re.match(rf"{level} pelot", label) is not None


def expect_level(label: str) -> str:
    text = label.split(",")[0].split(":")[-1].strip()
    return "cuartel" if "Cuartel" in text else re.match(r"(\d+)", text).group(1)


if __name__ == "__main__":
    main()

"""Fuzz saved games: real saves from computer-vs-computer battles, mutated, loaded and played on.

    python -m tools.fuzz_saves --files 100000 --seed 1
    python -m tools.fuzz_saves --files 2000 --seed 5 --ui-every 50      # the real app, more often

Each file is a real save (a battle between the Low and Med computer players, with now and then
a random legal action instead of theirs, so positions mid-phase, aimed, stacked and over all
turn up), with or without its start and log, then one to three mutations, each within the
JSON type of what it changes: numbers huge, negative, zero; strings with control characters,
NUL, zero-width marks, lone surrogates, or very long; lists duplicated, emptied, reordered,
one item repeated; keys dropped or foreign ones added; hexes moved onto craters, onto other
pieces, or to null; the phase, the turn and the aim rewritten (the label kept in step).

Each file must either load into a position ogre.rules.invariants accepts, whose slot line and
field name render, and which plays on through 50 random legal actions with every position
still sound, or be refused with one sentence fit for the screen. Anything else is a failure,
reported with the seed and file number to repeat it (--only N). Every --ui-every'th loaded
file also opens in the real app (headless) and plays a few actions there. tests/stress/
test_mutated_saves.py runs the same check, driven by hypothesis, in CI. Exit status 1 on any
failure. On a terminal a line shows the files done and the time left; --out FILE.json or
FILE.csv writes the counts beside the report.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import re
import time
import traceback
from collections import Counter

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from ogre.ai import make_controller  # noqa: E402
from ogre.ai.match import play  # noqa: E402
from ogre.rules import apply, legal_actions, new_game  # noqa: E402
from ogre.rules.hexes import ALL_HEXES, label  # noqa: E402
from ogre.rules.invariants import first_problem  # noqa: E402
from ogre.rules.state import Phase  # noqa: E402
from ogre.storage.errors import StorageError  # noqa: E402
from ogre.storage.fields import load_predesigned  # noqa: E402
from ogre.storage.games import (  # noqa: E402
    GameSlot,
    Players,
    game_from_text,
    game_to_text,
    log_problem,
)
from ogre.storage.slots import SlotStatus  # noqa: E402
from tools import results  # noqa: E402
from tools.progress import Progress  # noqa: E402

PLAY_ON = 50                 # random legal actions a loaded game must survive
PHASES = [p.value for p in Phase]
NUMBERS = (0, 1, -1, 2, 3, 7, 20, 50, 999, 10 ** 9, -10 ** 9, 2 ** 31, 2 ** 63, 2 ** 64,
           2 ** 64 - 1, -(2 ** 63), 10 ** 30, 10 ** 4299)
TEXTS = ("", "\x00", "a\x00b", "\x1b[31m", "\u200b", "\u202e", "\u0301", "\ud800", "\n\t",
         "0101", "0822", "9999", "O", "x" * 300, "é", "Ogre Victory", "done", "treads", "ogre")


# ------------------------------------------------------------------ where choices come from

class RandomSource:
    """Choices from a seeded random.Random (the long run)."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def index(self, n: int) -> int:
        return self.rnd.randrange(n)

    def chance(self, p: float = 0.5) -> bool:
        return self.rnd.random() < p

    def number(self) -> int:
        if self.chance(0.4):
            return self.index(5)             # small: often still a possible position
        if self.chance(0.7):
            return NUMBERS[self.index(len(NUMBERS))]
        return self.rnd.randint(-100, 100)

    def text(self) -> str:
        if self.chance(0.6):
            return TEXTS[self.index(len(TEXTS))]
        return "".join(chr(self.rnd.choice((self.rnd.randrange(32), self.rnd.randrange(32, 0x2FF),
                                            self.rnd.randrange(0xD800, 0xE000),
                                            self.rnd.randrange(0x110000))))
                       for _ in range(self.rnd.randrange(1, 12)))

    def pick(self, seq):
        return seq[self.index(len(seq))]


# ------------------------------------------------------------------ real saves

class Wayward:
    """A computer player that one time in ten plays a random legal action instead."""

    def __init__(self, inner, rnd: random.Random) -> None:
        self.inner, self.rnd, self.side = inner, rnd, inner.side

    def choose(self, s):
        if self.rnd.random() < 0.1:
            return self.rnd.choice(legal_actions(s))
        return self.inner.choose(s)


def battle_saves(seed: int, battles: int, per_battle: int = 8) -> list[str]:
    """Save texts at random moments of computer-vs-computer battles (and their ends)."""
    rnd = random.Random(seed)
    fields = load_predesigned()
    out = []
    for b in range(battles):
        rec = fields[(seed + b) % len(fields)]
        levels = [rnd.choice(("Low", "Low", "Med")) for _ in range(2)]
        ogre = Wayward(make_controller("ogre", levels[0], seed=seed + b), rnd)
        defense = Wayward(make_controller("defense", levels[1], seed=seed + b), rnd)
        start = new_game(rec.field, rec.mark, rnd.randrange(1 << 30))
        positions = [(start, 0)]
        log: list[str] = []

        def keep(_before, action, after, _events) -> None:
            log.append(str(action))
            positions.append((after, len(log)))

        play(start, ogre, defense, max_turns=40, max_actions=3000, on_step=keep)
        picked = rnd.sample(positions[:-1], min(per_battle - 1, len(positions) - 1))
        for state, n in picked + [positions[-1]]:
            players = rnd.choice((Players(), Players(count=2, computer=None),
                                  Players(computer="defense", skill="Med")))
            with_log = rnd.random() < 0.3
            out.append(game_to_text(state, players, log[:n] if with_log else (), rec.name,
                                    start=start if with_log else None))
    return out


# ------------------------------------------------------------------ mutations

def _paths(node, path=()):
    """Every (path, value) in a JSON document."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def _put(doc, path, value) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _of_type(doc, kinds, src=None):
    """Nodes of these JSON types; the terrain (hundreds of rubble hexes) only now and then."""
    terrain = src is None or src.chance(0.1)
    return [(p, v) for p, v in _paths(doc) if p and isinstance(v, kinds)
            and not (isinstance(v, bool) and bool not in kinds)
            and (terrain or "board" not in p)]


def m_number(doc, src) -> None:
    found = _of_type(doc, (int, float), src)
    if found:
        _put(doc, src.pick(found)[0], src.number())


def m_text(doc, src) -> None:
    found = _of_type(doc, (str,), src)
    if found:
        path, old = src.pick(found)
        new = src.text()
        _put(doc, path, old + new if src.chance(0.4) else new)


def m_list(doc, src) -> None:
    found = _of_type(doc, (list,), src)
    if not found:
        return
    path, items = src.pick(found)
    items = list(items)
    how = src.index(5)
    if how == 0:
        items = []
    elif items and how == 1:
        items.append(copy.deepcopy(src.pick(items)))
    elif items and how == 2:
        for i in range(len(items) - 1, 0, -1):
            j = src.index(i + 1)
            items[i], items[j] = items[j], items[i]
    elif items and how == 3:
        del items[src.index(len(items))]
    elif items:
        items = items + [copy.deepcopy(src.pick(items))] * (1 + src.index(20))
    _put(doc, path, items)


def m_key(doc, src) -> None:
    found = _of_type(doc, (dict,), src) + [((), doc)]
    path, node = src.pick(found)
    if node and src.chance(0.5):
        del node[src.pick(list(node))]
    elif node and src.chance(0.5):
        node[src.pick(list(node))] = src.pick((None, True, [], {}, "", 0))
    else:
        node[src.text() or "extra"] = src.number()


def m_hex(doc, src) -> None:
    """A hex onto a crater, onto another piece, off the map or to null."""
    for part in ("state", "start"):
        if not isinstance(doc.get(part), dict):
            continue
        s = doc[part]
        pieces = [p for p in s.get("pieces", []) if isinstance(p, dict)]
        craters = s.get("board", {}).get("craters", []) if isinstance(s.get("board"), dict) else []
        spots = [p.get("hex") for p in pieces] + list(craters) + [None, "0000", "1522", "0101"]
        targets: list[tuple[str | int, ...]] = [("ogres", 0, "hex"), ("ogres", 0, "undo_hex")]
        targets += [("pieces", i, k) for i in range(len(pieces)) for k in ("hex", "start")]
        where = src.pick(targets)
        value = src.pick(spots)
        try:
            _put(s, where, value)
            if where[-1] == "hex" and where[0] == "pieces" and src.chance(0.6):
                _put(s, where[:-1] + ("start",), value)      # as if it began the phase there
        except (KeyError, IndexError, TypeError):
            pass
        if src.chance(0.7):
            return


def m_elsewhere(doc, src) -> None:
    """A piece (or the Ogre) to another free hex, as if it had begun the phase there: often a
    position that can happen, so the loaded game is played on."""
    s = doc["state"]
    ogre = s["ogres"][0]
    taken = {p["hex"] for p in s["pieces"]} | {ogre["hex"]} | set(s["board"]["craters"])
    free = [label(h) for h in ALL_HEXES if label(h) not in taken]
    if s["pieces"] and src.chance(0.8):
        piece = src.pick(s["pieces"])
        piece["hex"] = piece["start"] = src.pick(free)
    elif ogre["hex"]:
        ogre["hex"] = ogre["undo_hex"] = src.pick(free)
    if src.chance(0.3):
        s["rng"] = src.index(1 << 62)


def m_phase(doc, src) -> None:
    """The phase or turn rewritten, the label kept in step (so deeper checks are reached)."""
    s, label = doc.get("state"), doc.get("label")
    if not isinstance(s, dict) or not isinstance(label, dict):
        return
    if src.chance(0.6):
        s["phase"] = label["phase"] = src.pick(PHASES)
    else:
        s["turn"] = label["turn"] = src.number()


def m_aim(doc, src) -> None:
    s = doc.get("state")
    if not isinstance(s, dict):
        return
    ids = [p.get("id") for p in s.get("pieces", []) if isinstance(p, dict)] + [0, 999]
    if src.chance(0.5):
        aim = {"part": src.pick(("treads", "main", "missile", "secondary", "ap")),
               "attackers": [src.pick(ids) for _ in range(src.index(25))]}
    else:
        aim = {"target": src.pick(ids), "weapons": [src.index(3) for _ in range(4)]}
    s["aim"] = aim
    if src.chance(0.5):
        s["phase"] = doc["label"]["phase"] = src.pick(("ogre_fire", "defense_fire"))


MUTATIONS = (m_number, m_number, m_text, m_list, m_key, m_hex, m_hex, m_elsewhere, m_elsewhere,
             m_phase, m_aim)


def mutate(text: str, src) -> str:
    """One to three mutations of a save's text."""
    doc = json.loads(text)
    for _ in range(1 + src.index(3)):
        try:
            src.pick(MUTATIONS)(doc, src)
        except (KeyError, IndexError, TypeError, AttributeError):
            pass                        # an earlier mutation took away what this one changes
    return json.dumps(doc)


# ------------------------------------------------------------------ the property

def one_sentence(text: str) -> bool:
    """Ends with a stop and has no second sentence (outside what it quotes from the file)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "''", text.strip())
    return bool(text) and text[-1] in ".!?" and not re.search(r"[.!?]\s+[A-Z]", text[:-1])


def screen_safe(text: str) -> bool:
    return not any(ord(c) < 32 or 0xD800 <= ord(c) < 0xE000 for c in text) and len(text) <= 300


def check_save(text: str, src, render=None) -> tuple[str, object]:
    """("refused", None) or ("played", the loaded game); AssertionError when neither holds.
    `render(words)` draws text as the slot dialog would (a pygame font), if given."""
    try:
        saved = game_from_text(text, "Saved game 1")
    except StorageError as exc:
        assert one_sentence(exc.message) and screen_safe(exc.message), exc.message
        return "refused", None
    for s in (saved.state, saved.start):
        assert s is None or first_problem(s) is None, first_problem(s)
    # X3: what goes on is the log played from the start (a log without one is set aside)
    start = saved.start if saved.start is not None else saved.state
    problem = log_problem(start, list(saved.log), saved.state, list(saved.dice))
    assert problem is None, problem
    assert not saved.notice or one_sentence(saved.notice) and screen_safe(saved.notice)
    slot = GameSlot(1, SlotStatus.OK, saved.state.scenario, saved.state.turn,
                    saved.state.phase, saved.saved_at, saved.field_name, saved.players)
    for words in (slot.summary, saved.field_name):
        assert screen_safe(words), words
        if render is not None:
            render(words)
    s = saved.state
    for _ in range(PLAY_ON):
        if s.over:
            break
        legal = legal_actions(s)
        assert legal, "no legal action in a battle that is not over"
        s, _ = apply(s, legal[src.index(len(legal))])
        assert first_problem(s) is None, first_problem(s)
    return "played", saved


def ui_check(saved, src) -> None:
    """The loaded game in the real app: drawn, a few actions through the battle screen."""
    from ogre.ui.app import App
    app = App(state=saved.state)
    app.step([])
    battle = app.battle
    assert battle is not None            # the app was opened on the saved battle
    for _ in range(5):
        s = battle.state
        if s.over:
            break
        battle.act(src.pick(legal_actions(s)), confirmed=True)
        app.step([])
    app.commands.shutdown()


def _font_render():
    import pygame
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    return lambda words: font.render(words, True, (0, 0, 0))


# ------------------------------------------------------------------ the run

def run(files: int, seed: int, battles: int, ui_every: int, only: int | None = None,
        progress: int = 0) -> Counter:
    bases = battle_saves(seed, battles)
    render = _font_render()
    counts: Counter = Counter()
    failures: list[str] = []
    numbers = [only] if only is not None else range(files)
    shown = Progress(len(numbers), "fuzz_saves", unit="files")
    for n in numbers:
        src = RandomSource(random.Random(f"{seed}:{n}"))
        text = mutate(bases[src.index(len(bases))], src)
        try:
            outcome, saved = check_save(text, src, render)
            if outcome == "played" and ui_every and counts["played"] % ui_every == 0:
                ui_check(saved, src)
                counts["shown in the app"] += 1
            counts[outcome] += 1
        except Exception as exc:            # noqa: BLE001 - every failure is reported
            counts["failures"] += 1
            if len(failures) < 10:
                failures.append(f"file {n}: {type(exc).__name__}: {str(exc)[:300]}\n"
                                + "".join(traceback.format_exc(limit=-3)))
        shown.tick()
        if progress and (n + 1) % progress == 0:
            shown.close()
            print(f"  {n + 1} files: {dict(counts)}", flush=True)
    shown.close()
    for f in failures:
        print("FAILURE", f)
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--battles", type=int, default=40, help="battles the base saves come from")
    ap.add_argument("--ui-every", type=int, default=500,
                    help="every Nth loaded file also opens in the app (0: never)")
    ap.add_argument("--only", type=int, default=None, help="repeat one file number")
    ap.add_argument("--progress", type=int, default=0, help="print counts every N files")
    ap.add_argument("--out", default=None, metavar="FILE",
                    help="also write the counts to FILE.json or FILE.csv")
    args = ap.parse_args(argv)
    out = results.check_path(args.out) if args.out else None
    t0 = time.perf_counter()
    counts = run(args.files, args.seed, args.battles, args.ui_every, args.only, args.progress)
    total = counts["played"] + counts["refused"] + counts["failures"]
    print(f"fuzz_saves: seed {args.seed}, {total} mutated files from {args.battles} battles: "
          f"{counts['played']} loaded and played on, {counts['refused']} refused, "
          f"{counts['failures']} failures ({counts['shown in the app']} also shown in the app; "
          f"{time.perf_counter() - t0:.0f} s)")
    if out is not None:
        results.write(out, {"tool": "fuzz_saves", "seed": args.seed, "battles": args.battles,
                            "files": total, "played": counts["played"],
                            "refused": counts["refused"], "failures": counts["failures"],
                            "shown_in_app": counts["shown in the app"],
                            "seconds": round(time.perf_counter() - t0, 1)}, [])
        print(f"results: {out}")
    return 1 if counts["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""One round of tools/bench_rules.py --against, run in its own process (issue 16).

    PYTHONPATH=ROOT python tools/bench_worker.py engine ROOT FIELDS_DIR GAMES warm|cold
    PYTHONPATH=PEER_DIR python tools/bench_worker.py peer PEER_DIR GAMES   # gar0u/ogre-ai's

Prints one JSON line: games, actions, the seconds spent and a digest of the games played.
Nothing of this repository is imported at module level: the caller puts ROOT first on the
path (PYTHONPATH, before the .venv's own checkout), so the `ogre` package measured is ROOT's,
whatever revision that is; the worker checks that it is. The engine games use only the
public rules API that every revision since f6de628 offers.

The policy is tests/rules/random_play.py's, but it first sorts the legal actions by their
notation, so two engines that list the same actions in another order still play the same game.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

ACTION_CAP = 20_000


# ----------------------------------------------------------------------------- the policy

def choose(state, legal, rnd, api):
    """One random legal action, picked from the legal actions sorted by their notation."""
    legal = sorted(legal, key=str)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase is api.Phase.OGRE_ENTRY:
        return rnd.choice(legal)
    if phase in (api.Phase.OGRE_FIRE, api.Phase.DEFENSE_FIRE):
        return _choose_fire(state, legal, rnd, api)
    return _choose_move(state, legal, rnd, api)


def _choose_fire(state, legal, rnd, api):
    aims = [a for a in legal if isinstance(a, (api.Aim, api.OgreAim))]
    defense = state.phase is api.Phase.DEFENSE_FIRE
    if state.aim is not None:
        r = rnd.random()
        if r < 0.03:
            return api.Clear()
        if r < (0.35 if defense else 0.65) or not aims:
            return api.Fire()
        return rnd.choice(aims)
    if aims and rnd.random() < 0.9:
        if defense and rnd.random() < 0.5:
            weakest = [a for a in aims if a.part.value in ("ap", "secondary", "missile")]
            if weakest:
                return rnd.choice(weakest)
        return rnd.choice(aims)
    return api.Done()


def _choose_move(state, legal, rnd, api):
    undos, others, can_end = [], [], False
    for a in legal:
        if type(a) is api.Undo:
            undos.append(a)
        elif type(a) is api.Done:
            can_end = True
        else:
            others.append(a)
    crowded = state.crowded_hex() if state.phase is not api.Phase.OGRE_MOVE else 0
    if crowded:
        others = [a for a in others if state.piece(a.piece).hex == crowded] or (
            others if not undos else [])
    if not others and not can_end:
        return rnd.choice(undos)
    if undos and rnd.random() < 0.02:
        return rnd.choice(undos)
    distance = api.distance
    if state.phase is api.Phase.OGRE_MOVE:
        if not others or (can_end and rnd.random() < 0.1):
            return api.Done()
        if api.Exit() in others and rnd.random() < 0.05:
            return api.Exit()
        moves = [a for a in others if isinstance(a, api.Move)]
        goal = state.command_post or (state.pieces[0] if state.pieces else None)
        if moves and goal is not None and rnd.random() < 0.7:
            best = min(distance(m.to, goal.hex) for m in moves)
            return rnd.choice([m for m in moves if distance(m.to, goal.hex) == best])
        return rnd.choice(others)
    if not others or (can_end and rnd.random() < 0.12):
        return api.Done()
    pick = rnd.choice(others)
    if isinstance(pick, api.Move) and state.ogre.on_map and rnd.random() < 0.6:
        mine = [(distance(m.to, state.ogre.hex), m) for m in others
                if type(m) is api.Move and m.piece == pick.piece]
        best = min(d for d, _ in mine)
        pick = rnd.choice([m for d, m in mine if d == best])
    return pick


# ----------------------------------------------------------------------------- the games

def state_text(s) -> str:
    o = s.ogre
    mark = s.scenario if isinstance(s.scenario, int) else {"basic": 3, "advanced": 5}[s.scenario]
    out = [f"{s.phase.value} {s.turn} {s.rng} {s.result!r} {mark} {s.next_id} "
           f"{sorted(s.ap_hit)} | {o.mark} {o.hex} {o.treads} {tuple(o.weapons)} {tuple(o.fired)} "
           f"{o.missiles_spent} {o.moved} {o.undo_hex} {o.undo_moved} {o.rams} {o.exited}"]
    out += [f"{p.id} {p.kind.value} {p.hex} {p.squads} {p.disabled_turn} {p.moved} {p.start} "
            f"{p.base_moved} {p.fired}" for p in s.pieces]
    return "\n".join(out)


def mark_iii_fields(api, fields_dir: Path):
    out = []
    for path in sorted(fields_dir.glob("0*.json")):
        raw = json.loads(path.read_text())
        if raw.get("mark", raw.get("scenario")) not in (3, "basic"):    # field version 1 or 2
            continue
        board = api.board_from_ids(raw["craters"], raw["rubble"])
        out.append(api.Field(board, tuple(api.Placement(api.Kind(p["kind"]), int(p["hex"]),
                                                        p["squads"]) for p in raw["pieces"])))
    return out


CHUNK = 25   # actions timed together: the orchestrator keeps each chunk's least time


def play(api, field, seed: int, digest=None, chunks=None) -> tuple[int, float]:
    """One game: (actions, seconds spent inside legal_actions and apply). `chunks` gets that
    time per CHUNK actions."""
    rnd = random.Random(seed)
    state = api.new_game(field, 3, seed)
    if seed % 4 == 3:       # a worn-down Ogre now and then, so the defence wins some games
        o = state.ogre
        weapons = tuple(rnd.randint(0, n) for n in o.weapons)
        worn = replace(o, treads=rnd.randint(1, o.treads // 2), weapons=weapons,
                       missiles_spent=o.weapons[0] - weapons[0])
        # engines before Ogres had ids held one Ogre in `ogre`
        state = (replace(state, ogres=(worn,)) if hasattr(state, "ogres")
                 else replace(state, ogre=worn))
    legal_actions, apply, clock = api.legal_actions, api.apply, time.perf_counter
    n, spent, mark = 0, 0.0, 0.0
    while not state.over and n < ACTION_CAP:
        t0 = clock()
        legal = legal_actions(state)
        spent += clock() - t0
        action = choose(state, legal, rnd, api)
        t0 = clock()
        state, events = apply(state, action)
        spent += clock() - t0
        n += 1
        if chunks is not None and n % CHUNK == 0:
            chunks.append(spent - mark)
            mark = spent
        if digest is not None:
            digest.update(str(action).encode())
            for e in events:
                digest.update(f"|{e.kind}|{e.text}|{e.piece}|{e.hex}|{e.die}|{e.odds}|{e.result}|"
                              f"{e.treads_lost}".encode())
    if chunks is not None and n % CHUNK:
        chunks.append(spent - mark)
    if digest is not None:
        digest.update(state_text(state).encode())
    return n, spent


def engine_round(root: str, fields_dir: str, games: int, warm: bool) -> dict:
    import types

    import ogre.rules as rules
    from ogre.rules.board import board_from_ids
    from ogre.rules.hexes import distance
    if not Path(rules.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"ogre imported from {rules.__file__}, not from {root}: run the worker "
                         f"with PYTHONPATH={root}")
    api = types.SimpleNamespace(**{name: getattr(rules, name) for name in rules.__all__},
                                board_from_ids=board_from_ids, distance=distance)
    fields = mark_iii_fields(api, Path(fields_dir))
    play(api, fields[0], 10_000)                   # imports and the first tables
    if warm:                                       # the same games once, untimed: warm caches
        for seed in range(games):
            play(api, fields[seed % len(fields)], seed)
    digest = hashlib.sha256()
    actions = 0
    chunks: list[float] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        n, _ = play(api, fields[seed % len(fields)], seed, digest, chunks)
        actions += n
    return {"games": games, "actions": actions, "engine_s": sum(chunks), "chunk_s": chunks,
            "wall_s": time.perf_counter() - t0, "cpu_s": time.process_time() - c0,
            "digest": digest.hexdigest()[:16]}


# ----------------------------------------------------------------------------- the peer

def peer_round(peer_dir: str, games: int) -> dict:
    """gar0u/ogre-ai's `main` script, `games` games in one run, its MySQL calls answered by a
    stand-in. Its actions are what it resolves one by one: a move of the Ogre or of a defender
    (Ogre.move, Unit.move) and a combat result (CRT.crossReference)."""
    import contextlib
    import io
    import runpy
    import types

    class Cursor:
        rows: list = []

        def execute(self, query):
            self.rows = [(0,)] if "COUNT" in query else [(1,)]   # no training games yet

        def __iter__(self):
            return iter(self.rows)

        def close(self):
            pass

    class Connection:
        def cursor(self):
            return Cursor()

        def commit(self):
            pass

    connector = types.ModuleType("mysql.connector")
    setattr(connector, "connect", lambda **kw: Connection())   # stand-ins built at run time
    mysql = types.ModuleType("mysql")
    setattr(mysql, "connector", connector)
    sys.modules.update({"mysql": mysql, "mysql.connector": connector})
    # the peer's own package, also named `ogre` (PYTHONPATH=peer_dir puts it before ours):
    # imported by name, so never confused with ours
    crt, unit, peer_ogre = (importlib.import_module(f"ogre.{name}")
                            for name in ("crt", "unit", "ogre"))

    counted = [0]

    def counting(cls, name):
        f = getattr(cls, name)

        def wrapper(*a, **kw):
            counted[0] += 1
            return f(*a, **kw)
        setattr(cls, name, wrapper)

    counting(peer_ogre.Ogre, "move")
    counting(unit.Unit, "move")
    counting(crt.CRT, "crossReference")
    out = io.StringIO()
    random.seed(1)
    sys.argv = ["main", "-n", str(games)]
    t0, c0 = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(Path(peer_dir) / "main"), run_name="__main__")
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    text = out.getvalue()
    return {"games": text.count("Game over!"), "actions": counted[0], "engine_s": cpu,
            "wall_s": wall, "cpu_s": cpu, "digest": hashlib.sha256(text.encode()).hexdigest()[:16]}


def main(argv: list[str]) -> int:
    if argv[:1] == ["engine"] and len(argv) == 5:
        result = engine_round(argv[1], argv[2], int(argv[3]), argv[4] == "warm")
    elif argv[:1] == ["peer"] and len(argv) == 3:
        result = peer_round(argv[1], int(argv[2]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

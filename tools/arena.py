"""Computer against computer, headless (X2): win rates by victory level with 95% intervals.

    python -m tools.arena --ogre Med --defense Med --mark 3 --games 200 --seed 1 --jobs 2
    python -m tools.arena --all --games 200 --seed 1          # all nine pairings, as a table
    python -m tools.arena --ogre mypkg.bots:Cunning --defense Hi --field my-field.json
    python -m tools.arena --scenario three-way-duel --duellists Hi,Hi,Hi  # a Duel (tools/duels)

Each game is seeded from (--seed, game number), so a run repeats exactly. Fields: --field FILE,
else the predesigned fields for the Mark (fields/NN-*.json) in turn, else seeded standard
deployments (ogre.ai.deploy). A controller is a skill level (Low, Med, Hi) or "module:Class"
(X5), or a reference player "ref:Low|Med|Hi": the players frozen at the tag ai-reference-1
(tools/reference.py), the yardstick for issue 17. --opt-ogre / --opt-defense key=value
override skill options for experiments.

On a terminal each pairing shows its progress (games done and the time left). --out FILE.json
or FILE.csv writes every game (seed, field, result, turns) beside the table. --compare-ogre X
(or --compare-defense X) plays X in the Ogre's (the defence's) place on the same seeds and
compares the two game by game (tools/paired.py: the games share seeds, so the paired test sees
a difference that overlapping intervals hide); tools/paired.py A.json B.json does the same for
two earlier runs, such as one with --opt-ogre and one without.

A battle still going after --max-turns (100) is reported as Unfinished; when the Command Post is
already destroyed it is an Ogre win whatever happens next ("Unfinished, CP destroyed") and counts
as one in the Ogre-win share.

Other tools (ceiling, fit_leaf, position, tune, bench_ai) build on its public names: wilson,
game_seed, load_fields, FIELDS and init_fields (a pool's initializer), make_player, opening (one
game's start, for losses, trace and position), parse_opts.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ogre.ai.assault_players import make_assault_player
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.deploy import defended, watched
from ogre.ai.match import UNFINISHED, play
from ogre.ai.minelaying import with_mines
from ogre.ai.ogre_player import OgrePlayer
from ogre.ai.protocol import controller_from_arg, make_controller
from ogre.ai.watchdog import AgainstWatchdog, WithWatchdog
from ogre.rules import new_game
from ogre.rules.field import Field
from ogre.rules.game import VICTORY_LEVELS
from ogre.rules.levels import ATTACK_LEVELS
from ogre.rules.options import HARDNESS, MINE_COUNTS, NO_OPTIONS, TIME_LIMITS, Options
from ogre.rules.scenarios import DUELS, SCENARIOS
from ogre.rules.state import GameState
from ogre.rules.victory import ATTACK_WINS
from tools import duels, paired, reference, results
from tools.progress import Progress

LEVELS = ("Low", "Med", "Hi")
UNFINISHED_WON = "Unfinished, CP destroyed"   # an Ogre win whatever happens next


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


def game_seed(seed: int, game: int) -> int:
    """The seed of one game of a run. The spacing dates from a die that let neighbouring seeds
    replay each other's rolls; seed_state now mixes the seed (X3), and the formula stays so
    the published tables reproduce."""
    return (seed * 1_000_003 + game) * 10_007


def load_fields(mark: int, field_file: str | None) -> list[Field]:
    if field_file:
        from ogre.storage.fields import read_field_file
        return [read_field_file(Path(field_file)).field]
    # No fallback to other fields: a loader that failed to import (a python without the
    # .venv's platformdirs) once played a whole sweep on generated fields, silently.
    from ogre.storage.fields import load_predesigned
    fields = [r.field for r in load_predesigned() if r.mark == mark]
    if not fields:
        raise SystemExit(f"no predesigned field for Mark {mark} in the game's fields/")
    return fields


def opening(ogre: str, defense: str, mark: int, seed: int, game: int,
            defense_opts: dict | None = None,
            fields: list[Field] | None = None) -> tuple[GameState, Any, Any]:
    """Game `game` of a run with --seed `seed` before its first move: the state on its field and
    the two players, seeded as the arena seeds them (the tools that replay one arena game)."""
    fields = fields or load_fields(mark, None)
    s_seed = game_seed(seed, game)
    return (new_game(fields[game % len(fields)], mark, s_seed),
            make_player("ogre", ogre, s_seed),
            make_player("defense", defense, s_seed, defense_opts or {}))


def battle_options(args) -> Options:
    """The optional rules the command line switched on (X15)."""
    return Options(time_limit=args.time_limit, command_crawler=args.crawler,
                   hardened_cp=args.hardened_cp, mines=args.mines, camouflage=args.camouflage)


def parse_opts(items: list[str]) -> dict[str, bool | int | float | str | tuple]:
    """--opt-ogre / --opt-defense items (key=value) as skill options: bools, numbers, lists."""
    out: dict[str, bool | int | float | str | tuple] = {}
    for item in items or []:
        key, _, value = item.partition("=")
        if value.lower() in ("true", "false"):
            out[key] = value.lower() == "true"
        elif "," in value:                       # a list: fire_styles=1.5,0.5 or reply=Hi,Med
            parts = [x for x in value.split(",") if x]
            try:
                out[key] = tuple(float(x) for x in parts)
            except ValueError:
                out[key] = tuple(parts)
        else:
            try:
                out[key] = int(value)
            except ValueError:
                try:
                    out[key] = float(value)
                except ValueError:
                    out[key] = value
    return out


@dataclass
class Job:
    ogre: str
    defense: str
    mark: int
    seed: int
    field_index: int
    ogre_opts: dict
    defense_opts: dict
    max_turns: int
    options: Options = NO_OPTIONS        # the optional rules every battle is played with
    scenario: str | None = None          # a key of rules.scenarios; None: the Mark's 1986 one


# The fields of this run, set by init_fields in the parent and in each pool process.
FIELDS: list[Field] = []


def init_fields(mark: int, field_file: str | None) -> None:
    """Load the run's fields into FIELDS (a pool's initializer: each process loads its own)."""
    FIELDS[:] = load_fields(mark, field_file)


def make_player(side: str, name: str, seed: int, opts: dict | None = None):
    """The controller a command line names: a skill (with options), "module:Class" or "ref:Hi"."""
    opts = opts or {}
    if name.startswith(reference.PREFIX):
        return reference.controller(side, name, seed, **opts)
    if opts and ":" not in name:
        return make_controller(side, name, seed=seed, **opts)
    return controller_from_arg(side, name, seed)


def run_one(job: Job) -> tuple[str, int, list[float], list[float], list[str]]:
    """One battle of this run's fields (see battle)."""
    return battle(FIELDS[job.field_index % len(FIELDS)], job)


def battle(field: Field, job: Job) -> tuple[str, int, list[float], list[float], list[str]]:
    """One battle on `field`: (result, turns, Ogre think times, defence think times, illegal
    actions). A battle still going at --max-turns is "Unfinished", or "Unfinished, CP destroyed"
    when the Ogre has already won whatever happens next."""
    scenario = SCENARIOS[job.scenario] if job.scenario is not None else None
    if scenario is not None and scenario.force:
        return _assault(field, job)
    watched = scenario is not None and scenario.watchdogs
    if watched and not field.ogres:
        field = defended(field)                # 9.01's forces, and the defense's Ogre placed
    if job.options.mines:                      # the computer defense lays them (8.03)
        field = with_mines(field, job.options.mines, job.seed)
    state = new_game(field, 5 if watched else job.mark, job.seed, job.scenario, job.options)
    ogre = make_player("ogre", job.ogre, job.seed, job.ogre_opts)
    defense = make_player("defense", job.defense, job.seed, job.defense_opts)
    if watched:                                # the built-in players take 9.01 themselves
        if not isinstance(ogre, OgrePlayer):
            ogre = AgainstWatchdog(ogre, job.ogre, job.seed)
        if not isinstance(defense, DefensePlayer):
            defense = WithWatchdog(defense, job.defense, job.seed)
    rec = play(state, ogre, defense, max_turns=job.max_turns)
    result = rec.result
    if result == UNFINISHED and rec.final is not None and rec.final.command_post is None:
        result = UNFINISHED_WON
    return result, rec.turns, rec.ogre_turn_times, rec.defense_turn_times, rec.illegal


def _assault(field: Field, job: Job) -> tuple[str, int, list[float], list[float], list[str]]:
    """Ogre Defending (9.03): the force of units against the field made 9.03's (ai/deploy.watched)
    unless it places the defense's Ogre itself, each side a skill of ai/assault_players."""
    state = new_game(field if field.ogres else watched(field), 3, job.seed, job.scenario,
                     job.options)
    rec = play(state, make_assault_player("ogre", job.ogre, job.seed),
               make_assault_player("defense", job.defense, job.seed), max_turns=job.max_turns)
    result = rec.result
    if result == UNFINISHED and rec.final is not None and rec.final.command_post is None:
        result = UNFINISHED_WON
    return result, rec.turns, rec.ogre_turn_times, rec.defense_turn_times, rec.illegal


def run_pairing(ogre: str, defense: str, args, pool, ogre_opts: list[str] | None = None,
                defense_opts: list[str] | None = None) -> dict:
    """Play one pairing's games; its figures, and one row per game (the `rows` key)."""
    ogre_opts = args.opt_ogre if ogre_opts is None else ogre_opts
    defense_opts = args.opt_defense if defense_opts is None else defense_opts
    jobs = [Job(ogre, defense, args.mark, game_seed(args.seed, i), i, parse_opts(ogre_opts),
                parse_opts(defense_opts), args.max_turns, battle_options(args), args.scenario)
            for i in range(args.games)]
    t0 = time.perf_counter()
    progress = Progress(len(jobs), f"Ogre {ogre} vs defense {defense}", unit="games")
    if pool is None:
        played = map(run_one, jobs)
    else:
        # small chunks, so that the progress line moves; still few enough to keep both busy
        played = pool.map(run_one, jobs, chunksize=max(1, min(4, len(jobs) // (8 * args.jobs))))
    outcomes = []
    for one in played:
        outcomes.append(one)
        progress.tick()
    progress.close()
    elapsed = time.perf_counter() - t0
    counts = {level: 0 for level in (*VICTORY_LEVELS, UNFINISHED_WON, UNFINISHED)}
    if args.scenario is not None and SCENARIOS[args.scenario].force:
        counts = {level: 0 for level in (*ATTACK_LEVELS, *VICTORY_LEVELS[3:], UNFINISHED_WON,
                                         UNFINISHED)}
    turns, otimes, dtimes, illegal = [], [], [], []
    for result, n, ot, dt, bad in outcomes:
        counts[result] = counts.get(result, 0) + 1
        turns.append(n)
        otimes += ot
        dtimes += dt
        illegal += bad
    n = len(outcomes)
    wins = sum(counts.get(level, 0) for level in (*ATTACK_WINS, UNFINISHED_WON))
    rows = [game_row(j, res[0], res[1], len(FIELDS)) for j, res in zip(jobs, outcomes)]
    return {"rows": rows, "ogre": ogre, "defense": defense, "games": n, "counts": counts,
            "wins": wins,
            "ci": wilson(wins, n), "turns": statistics.mean(turns) if turns else 0.0,
            "elapsed": elapsed, "illegal": illegal,
            "ogre_median": statistics.median(otimes) if otimes else 0.0,
            "ogre_worst": max(otimes, default=0.0),
            "defense_median": statistics.median(dtimes) if dtimes else 0.0,
            "defense_worst": max(dtimes, default=0.0)}


def game_row(job: Job, result: str, turns: int, n_fields: int) -> dict:
    """One game as --out writes it (tools/paired.py reads these)."""
    return {"ogre": job.ogre, "defense": job.defense, "game": job.field_index,
            "game_seed": job.seed, "field": job.field_index % n_fields, "result": result,
            "ogre_win": int(result in (*ATTACK_WINS, UNFINISHED_WON)), "turns": turns}


def report(r: dict) -> None:
    n = r["games"]
    print(f"Ogre {r['ogre']} vs defense {r['defense']}: {n} games")
    for level, k in r["counts"].items():
        if level in (UNFINISHED, UNFINISHED_WON) and not k:
            continue
        lo, hi = wilson(k, n)
        print(f"  {level:<26} {k:4d}  {100 * k / n:5.1f}%  [{100 * lo:5.1f}, {100 * hi:5.1f}]")
    lo, hi = r["ci"]
    print(f"  {'Ogre wins':<26} {r['wins']:4d}  {100 * r['wins'] / n:5.1f}%  "
          f"[{100 * lo:5.1f}, {100 * hi:5.1f}]")
    print(f"  average length {r['turns']:.1f} turns; think per turn: Ogre median "
          f"{1000 * r['ogre_median']:.0f} ms worst {1000 * r['ogre_worst']:.0f} ms, defense median "
          f"{1000 * r['defense_median']:.0f} ms worst {1000 * r['defense_worst']:.0f} ms; "
          f"{r['elapsed']:.1f} s")
    for bad in r["illegal"][:5]:
        print("  ILLEGAL:", bad)


def table(rows: list[dict]) -> None:
    print()
    print("Ogre-win share (95% Wilson interval), rows: Ogre skill, columns: defense skill")
    print(f"{'':8}" + "".join(f"{'def ' + d:>22}" for d in LEVELS))
    for o in LEVELS:
        cells = []
        for d in LEVELS:
            r = next((x for x in rows if x["ogre"] == o and x["defense"] == d), None)
            if r is None:
                cells.append(f"{'-':>22}")
                continue
            lo, hi = r["ci"]
            cells.append(f"{100 * r['wins'] / r['games']:>8.1f}% [{100 * lo:4.1f},{100 * hi:5.1f}]")
        print(f"{'Ogre ' + o:8}" + "".join(cells))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ogre", default="Med")
    ap.add_argument("--defense", default="Med")
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--scenario", choices=(*SCENARIOS, "list"), default=None,
                    help="the battle (its defense is deployed against its Mark, which replaces "
                         "--mark); 'list' names them")
    ap.add_argument("--duellists", default=None, metavar="SKILLS",
                    help="in a Duel, each Ogre's skill in turn: Hi,Med (tools/duels.py)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--field", default=None, help="a field file (JSON) to play every game on")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--all", action="store_true", help="all nine skill pairings")
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--time-limit", type=int, default=0, choices=(0, *TIME_LIMITS),
                    help="play with the Time Limit optional rule (7.02): the last turn")
    ap.add_argument("--crawler", action="store_true",
                    help="play with the Command Crawler optional rule (8.02)")
    ap.add_argument("--hardened-cp", type=int, default=0, choices=(0, *HARDNESS),
                    help="play with the Hardened CP optional rule (8.05): its defense")
    ap.add_argument("--mines", type=int, default=0, choices=(0, *MINE_COUNTS),
                    help="play with the Mines optional rule (8.03): how many the defense lays")
    ap.add_argument("--camouflage", action="store_true",
                    help="play with the Camouflage optional rule (8.04)")
    ap.add_argument("--opt-ogre", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--opt-defense", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--out", default=None, metavar="FILE",
                    help="also write every game to FILE.json or FILE.csv")
    side = ap.add_mutually_exclusive_group()
    side.add_argument("--compare-ogre", default=None, metavar="NAME",
                      help="also play NAME as the Ogre on the same seeds, and compare (paired)")
    side.add_argument("--compare-defense", default=None, metavar="NAME",
                      help="also play NAME as the defence on the same seeds, and compare")
    args = ap.parse_args(argv)
    if args.scenario == "list":
        for key, scenario in SCENARIOS.items():
            print(f"{key:22} {scenario.title}")
        return 0
    if args.scenario in DUELS:
        if args.duellists and args.all:
            ap.error("--duellists names one lineup; --all plays each skill against Med")
        try:
            return duels.main(args)
        except ValueError as exc:
            ap.error(str(exc))
    if args.duellists:
        ap.error("--duellists is for a Duel: --scenario duel or three-way-duel")
    if args.scenario is not None:
        args.mark = SCENARIOS[args.scenario].against
    out = results.check_path(args.out) if args.out else None
    if args.all and (args.compare_ogre or args.compare_defense):
        ap.error("--compare-ogre and --compare-defense compare one pairing, not --all")

    init_fields(args.mark, args.field)
    names = (args.ogre, args.defense, args.compare_ogre or "", args.compare_defense or "")
    if any(name.startswith(reference.PREFIX) for name in names):
        package = reference.load()          # before the pool: its processes inherit it
        print(f"reference players: {package} (tag {reference.TAG})")
    print(f"{len(FIELDS)} field(s): {', '.join(f.name or '?' for f in FIELDS[:5])}"
          f"{' ...' if len(FIELDS) > 5 else ''}; seed {args.seed}"
          f"{f'; {battle_options(args).words}' if battle_options(args).on else ''}")
    pool = (ProcessPoolExecutor(args.jobs, initializer=init_fields,
                                initargs=(args.mark, args.field))
            if args.jobs > 1 else None)
    try:
        pairings = ([(o, d) for o in LEVELS for d in LEVELS] if args.all
                    else [(args.ogre, args.defense)])
        rows = []
        for o, d in pairings:
            r = run_pairing(o, d, args, pool)
            report(r)
            sys.stdout.flush()
            rows.append(r)
        if args.all:
            table(rows)
        if args.compare_ogre or args.compare_defense:
            rows.append(compare(rows[0], args, pool))
    finally:
        if pool is not None:
            pool.shutdown()
    if out is not None:
        write(out, args, rows)
        print(f"results: {out}")
    return 0


def compare(first: dict, args, pool) -> dict:
    """Play the other player on the first pairing's seeds (without the replaced side's
    --opt-* options) and print the paired comparison; the second pairing's figures."""
    ogre = args.compare_ogre or args.ogre
    defense = args.compare_defense or args.defense
    second = run_pairing(ogre, defense, args, pool,
                         ogre_opts=[] if args.compare_ogre else args.opt_ogre,
                         defense_opts=[] if args.compare_defense else args.opt_defense)
    report(second)
    outcome = paired.pair([bool(g["ogre_win"]) for g in first["rows"]],
                          [bool(g["ogre_win"]) for g in second["rows"]])
    print(paired.describe(outcome, f"Ogre {first['ogre']} vs defense {first['defense']}",
                          f"Ogre {ogre} vs defense {defense}"))
    return second


def write(out: Path, args, pairings: list[dict]) -> None:
    """Every game of the run, and each pairing's figures (JSON), to --out."""
    summary = {"tool": "arena", "mark": args.mark, "scenario": args.scenario or "",
               "seed": args.seed, "field_file": args.field,
               "opt_ogre": args.opt_ogre, "opt_defense": args.opt_defense,
               "optional_rules": battle_options(args).words,
               "pairings": [{k: v for k, v in r.items() if k != "rows"} for r in pairings]}
    results.write(out, summary, [g for r in pairings for g in r["rows"]])


if __name__ == "__main__":
    raise SystemExit(main())

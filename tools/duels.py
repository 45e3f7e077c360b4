"""The arena's Duels (9.04, X15): duelling Ogres of given skills, headless, on the standard map.

    python -m tools.arena --scenario three-way-duel --duellists Hi,Hi,Hi --games 100
    python -m tools.arena --scenario duel --all --games 200 --seed 1

--duellists names each Ogre's skill in turn (O, O2, O3); the seats rotate from game to game so
that no skill keeps the first move or the same edge. --all plays each skill against Med
duellists, on the same seeds and in the same seat for every skill, and compares the three paired
(tools/paired.py): the levels' table of docs/computer-players.md. A Duel still going at
--max-turns is Unfinished; one that ends with no Ogre left in the fight, or all of them unable
to reach another, is "No Ogre Holds the Field".
"""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ogre.ai.duellist import SKILLS, Duellist
from ogre.ai.match import UNFINISHED, play_duel
from ogre.ai.protocol import Controller
from ogre.resources import standard_board
from ogre.rules import new_game
from ogre.rules.duel import NOBODY, holds_the_field
from ogre.rules.field import Field
from ogre.rules.scenarios import SCENARIOS
from tools import paired
from tools.progress import Progress

LEVELS = ("Low", "Med", "Hi")


@dataclass(frozen=True)
class DuelJob:
    scenario: str
    seats: tuple[str, ...]      # the skills of O, O2, O3... in this game
    seed: int
    max_turns: int


def parse_duellists(text: str, scenario: str) -> tuple[str, ...]:
    """'Hi,Med' -> ('Hi', 'Med'), one skill for each of the scenario's Ogres (ValueError
    otherwise)."""
    names = tuple(t.strip() for t in text.split(","))
    wanted = len(SCENARIOS[scenario].attackers)
    if len(names) != wanted or any(n not in SKILLS for n in names):
        raise ValueError(f"--duellists: {wanted} of {', '.join(LEVELS)}, separated by commas "
                         f"(for {SCENARIOS[scenario].title}), not {text!r}")
    return names


def rotated(names: tuple[str, ...], game: int) -> tuple[str, ...]:
    """The seats of game `game`: the lineup turned by one seat a game."""
    k = game % len(names)
    return names[k:] + names[:k]


def play_one(job: DuelJob) -> tuple[str, int, list[float], list[str]]:
    """One Duel: (the winning seat's index as text, or the result), turns, think times per
    Ogre's turn, illegal actions."""
    state = new_game(Field(standard_board()), 5, job.seed, job.scenario)
    players: dict[int, Controller] = {o.id: Duellist(skill, job.seed + i)
               for i, (o, skill) in enumerate(zip(state.ogres, job.seats))}
    rec = play_duel(state, players, max_turns=job.max_turns)
    winner = next((str(i) for i, o in enumerate(state.ogres)
                   if rec.result == holds_the_field(o)), rec.result)
    return winner, rec.turns, rec.ogre_turn_times, rec.illegal


def run(jobs: list[DuelJob], label: str, pool: ProcessPoolExecutor | None
        ) -> list[tuple[str, int, list[float], list[str]]]:
    progress = Progress(len(jobs), label, unit="duels")
    played = map(play_one, jobs) if pool is None else pool.map(play_one, jobs, chunksize=2)
    out = []
    for one in played:
        out.append(one)
        progress.tick()
    progress.close()
    return out


def lineup(scenario: str, names: tuple[str, ...], games: int, seed: int, max_turns: int,
           pool: ProcessPoolExecutor | None) -> dict:
    """Play a lineup: wins by skill (each seat counted for the skill sitting in it)."""
    from tools.arena import game_seed
    jobs = [DuelJob(scenario, rotated(names, g), game_seed(seed, g), max_turns)
            for g in range(games)]
    t0 = time.perf_counter()
    outcomes = run(jobs, f"{SCENARIOS[scenario].title}: {', '.join(names)}", pool)
    wins: dict[str, int] = {}
    times: list[float] = []
    illegal: list[str] = []
    turns = []
    for job, (winner, n, think, bad) in zip(jobs, outcomes):
        key = f"{job.seats[int(winner)]} (seat)" if winner.isdigit() else winner
        wins[key] = wins.get(key, 0) + 1
        times += think
        illegal += bad
        turns.append(n)
    return {"names": names, "games": games, "wins": wins, "illegal": illegal,
            "turns": statistics.mean(turns), "elapsed": time.perf_counter() - t0,
            "median": statistics.median(times) if times else 0.0, "worst": max(times, default=0)}


def report(r: dict) -> None:
    from tools.arena import wilson
    n = r["games"]
    print(f"{', '.join(r['names'])}: {n} duels, seats turned each game")
    for key, k in sorted(r["wins"].items(), key=lambda kv: -kv[1]):
        lo, hi = wilson(k, n)
        shown = key.replace(" (seat)", " holds the field")
        print(f"  {shown:<26} {k:4d}  {100 * k / n:5.1f}%  [{100 * lo:5.1f}, {100 * hi:5.1f}]")
    print(f"  average length {r['turns']:.1f} turns; think per Ogre's turn: median "
          f"{1000 * r['median']:.1f} ms, worst {1000 * r['worst']:.1f} ms; {r['elapsed']:.1f} s")
    for bad in r["illegal"][:5]:
        print("  ILLEGAL:", bad)


def levels(scenario: str, games: int, seed: int, max_turns: int,
           pool: ProcessPoolExecutor | None) -> list[dict]:
    """Each skill in seat 1 of the lineup (turned each game) against Med duellists, on the
    same seeds; its wins, and the three compared paired."""
    from tools.arena import game_seed, wilson
    others = len(SCENARIOS[scenario].attackers) - 1
    won: dict[str, list[bool]] = {}
    rows: list[dict[str, Any]] = []
    for level in LEVELS:
        names = (level, *("Med",) * others)
        jobs = [DuelJob(scenario, rotated(names, g), game_seed(seed, g), max_turns)
                for g in range(games)]
        outcomes = run(jobs, f"{level} against {others} Med", pool)
        mine = [w.isdigit() and int(w) == (-g) % len(names) for g, (w, *_) in
                enumerate(outcomes)]
        won[level] = mine
        k = sum(mine)
        lo, hi = wilson(k, games)
        rows.append({"level": level, "wins": k, "games": games, "ci": (lo, hi),
                     "illegal": [b for *_, bad in outcomes for b in bad],
                     "unfinished": sum(w == UNFINISHED for w, *_ in outcomes),
                     "nobody": sum(w == NOBODY for w, *_ in outcomes)})
    print(f"\n{SCENARIOS[scenario].title}: each skill against {others} Med, {games} duels on "
          f"the same seeds (seed {seed})")
    for r in rows:
        lo, hi = r["ci"]
        print(f"  {r['level']:<4} holds the field {r['wins']:4d}  {100 * r['wins'] / games:5.1f}% "
              f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  (no one: {r['nobody']}, unfinished: "
              f"{r['unfinished']}, illegal: {len(r['illegal'])})")
    for a, b in (("Hi", "Low"), ("Hi", "Med"), ("Med", "Low")):
        print("  " + paired.describe(paired.pair(won[a], won[b]), a, b)
              .replace("Ogre wins", "holds the field").replace("the Ogre won", "it held it")
              .replace("\n", "\n  "))
    return rows


def main(args) -> int:
    """The arena's run of a Duel: --all (the levels' table) or one --duellists lineup."""
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        if args.all:
            rows = levels(args.scenario, args.games, args.seed, args.max_turns, pool)
            return 1 if any(r["illegal"] for r in rows) else 0
        names = parse_duellists(args.duellists or ",".join(
            ["Med"] * len(SCENARIOS[args.scenario].attackers)), args.scenario)
        r = lineup(args.scenario, names, args.games, args.seed, args.max_turns, pool)
        report(r)
        return 1 if r["illegal"] else 0
    finally:
        if pool is not None:
            pool.shutdown()

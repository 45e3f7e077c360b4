"""Think time of the computer players: per Ogre turn (move plus fire) and per defence turn.

    python -m tools.bench_ai --games 6 --seed 1            # every level, against Med
    python -m tools.bench_ai --levels Hi --games 10 --jobs 1

Each level plays seeded games against the other side's Med player (--opponent to change it);
the time is the total `choose` time of that side in each turn, so a turn's planning and its
re-planning after rams and shots all count. "mobile med" is the Ogre's median over the turns it
still had treads (an immobile Ogre only fires, which is quick). Run on a quiet machine for real
figures: with
--jobs 2 both cores are busy and the times include that.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ogre.ai.match import play
from ogre.ai.protocol import make_controller
from ogre.rules import new_game
from tools.arena import game_seed, load_fields

TARGETS = {"Low": (0.1, None), "Med": (0.1, None), "Hi": (1.0, 3.0)}   # median, worst (s)


def _fields(mark: int):
    return load_fields(mark, None)


def one(args):
    side, level, opponent, seed, mark = args
    fields = _fields(mark)
    state = new_game(fields[seed % len(fields)], mark, seed)
    if side == "ogre":
        ogre = make_controller("ogre", level, seed)
        defense = make_controller("defense", opponent, seed)
    else:
        ogre = make_controller("ogre", opponent, seed)
        defense = make_controller("defense", level, seed)
    rec = play(state, ogre, defense)
    if side == "ogre":
        return rec.ogre_turn_times, rec.ogre_mobile_times
    return rec.defense_turn_times, rec.defense_turn_times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", nargs="+", default=["Low", "Med", "Hi"])
    ap.add_argument("--opponent", default="Med")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mark", type=int, default=3, choices=(3, 5))
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"think time per turn, {args.games} games per level against the {args.opponent} "
          f"player (seed {args.seed}, jobs {args.jobs})")
    print(f"{'side':8}{'level':6}{'turns':>7}{'median ms':>11}{'mobile med':>13}{'p90 ms':>9}"
          f"{'worst ms':>10}  target")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for side in ("ogre", "defense"):
            for level in args.levels:
                jobs = [(side, level, args.opponent, game_seed(args.seed, i), args.mark)
                        for i in range(args.games)]
                t0 = time.perf_counter()
                results = list(pool.map(one, jobs)) if pool else [one(j) for j in jobs]
                times = sorted(t for r in results for t in r[0])
                busy = sorted(t for r in results for t in r[1])
                if not times:
                    continue
                med = statistics.median(times)
                busy_med = statistics.median(busy) if busy else 0.0
                p90 = times[int(0.9 * (len(times) - 1))]
                worst = times[-1]
                target = ""
                if level in TARGETS:            # issue 17, goal 4: both sides
                    tm, tw = TARGETS[level]
                    ok = max(med, busy_med) <= tm and (tw is None or worst <= tw)
                    target = (f"median <= {tm * 1000:.0f} ms"
                              + (f", worst <= {tw * 1000:.0f} ms" if tw else "")
                              + (": met" if ok else ": NOT met"))
                print(f"{side:8}{level:6}{len(times):7d}{med * 1000:11.1f}{busy_med * 1000:13.1f}"
                      f"{p90 * 1000:9.1f}{worst * 1000:10.1f}  {target}   "
                      f"({time.perf_counter() - t0:.1f} s)")
                sys.stdout.flush()
    finally:
        if pool:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

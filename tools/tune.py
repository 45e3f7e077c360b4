"""Tune a computer player's skill options by play in the arena (issue 17).

    python -m tools.tune --side defense --level Hi --against ref:Hi --games 200 --seed 11
    python -m tools.tune --side ogre --level Hi --against ref:Hi --only pace,tread_weight

Coordinate search: each option in SPACE in turn tries each of its values with the others held at
the best found so far, and keeps the value that does best; the rounds repeat until nothing
changes. Every trial plays the same games (the same --seed, so the same fields and dice streams),
so two trials differ by their options, not their luck. The score is the Ogre-win share, lowered
by a defence and raised by an Ogre. Tune on one seed and measure the result on another: a tuned
seed flatters its options.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from types import SimpleNamespace

from tools import arena

SPACE: dict[str, dict[str, tuple]] = {
    "defense": {
        "strike_fraction": (0.0, 0.2, 0.3, 0.4, 0.5, 0.6),
        "strike_distance": (6, 7, 8, 9, 10, 12),
        "gev_safe": (False, True),
        "tread_weight": (1.5, 3.0, 8.0),
        "approach_weight": (1.0, 2.0, 3.0, 5.0),
        "wait_exposure": (0.0, 0.1, 0.3, 0.6),
        "exposure_weight": (0.0, 0.3, 0.6),
        "danger_focus": (0.0, 0.35, 0.7),
    },
    "ogre": {
        "pace": (False, True),
        "threat_weight": (0.5, 1.0, 1.5),
        "tread_weight": (0.3, 0.6, 1.2),
        "progress_weight": (2.0, 3.0, 4.5),
        "missile_reserve": (9.0, 15.0, 25.0),
        "crush_weight": (0.7, 1.0, 1.5),
    },
}


def trial(side: str, level: str, against: str, options: dict, args, pool) -> float:
    """The Ogre-win share over the run's games with these options."""
    opts = [f"{k}={v}" for k, v in options.items()]
    ns = SimpleNamespace(mark=args.mark, seed=args.seed, games=args.games, jobs=args.jobs,
                         max_turns=100, opt_ogre=opts if side == "ogre" else [],
                         opt_defense=opts if side == "defense" else [])
    ogre, defense = (level, against) if side == "ogre" else (against, level)
    r = arena.run_pairing(ogre, defense, ns, pool)
    return r["wins"] / r["games"]


def search(args, pool) -> dict:
    space = SPACE[args.side]
    names = [n for n in space if not args.only or n in args.only.split(",")]
    sign = 1.0 if args.side == "ogre" else -1.0        # higher is better for this side
    best: dict = dict(arena.parse_opts(args.start))
    best_score = trial(args.side, args.level, args.against, best, args, pool)
    print(f"start {best or '(the level as it is)'}: Ogre wins {100 * best_score:.1f}%", flush=True)
    for round_no in range(1, args.rounds + 1):
        changed = False
        for name in names:
            for value in space[name]:
                if best.get(name) == value:
                    continue
                cand = {**best, name: value}
                score = trial(args.side, args.level, args.against, cand, args, pool)
                mark = ""
                if sign * (score - best_score) > args.margin:
                    best, best_score, changed, mark = cand, score, True, "  <- kept"
                print(f"round {round_no} {name}={value}: Ogre wins {100 * score:.1f}%{mark}",
                      flush=True)
        if not changed:
            break
    print(f"best: {' '.join(f'{k}={v}' for k, v in best.items())}: "
          f"Ogre wins {100 * best_score:.1f}%")
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", choices=tuple(SPACE), default="defense")
    ap.add_argument("--level", default="Hi", help="the level whose options are tuned")
    ap.add_argument("--against", default="ref:Hi", help="the opponent (a level or ref:Level)")
    ap.add_argument("--mark", type=int, choices=(3, 5), default=3)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--margin", type=float, default=0.01,
                    help="how much better a value must do to be kept (a share, 0.01 = 1 point)")
    ap.add_argument("--only", default="", help="comma-separated option names to tune")
    ap.add_argument("--start", action="append", default=[], metavar="KEY=VALUE",
                    help="options to start from")
    args = ap.parse_args(argv)
    arena.init_fields(args.mark, None)
    if args.against.startswith(arena.reference.PREFIX):
        print(f"reference players: {arena.reference.load()} (tag {arena.reference.TAG})")
    pool = (ProcessPoolExecutor(args.jobs, initializer=arena.init_fields,
                                initargs=(args.mark, None))
            if args.jobs > 1 else None)
    try:
        search(args, pool)
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

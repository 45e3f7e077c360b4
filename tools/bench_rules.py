"""Benchmark the rules engine on one core.

    .venv/bin/python tools/bench_rules.py [--games 200] [--repeat 2000]

Prints complete random Mark III games per second (the random policy of
tests/rules/random_play.py on the standard test deployment, legal_actions + apply every
step) and the median time of one legal_actions call in a busy mid-game position: the
defenders' movement phase with the most legal actions seen in the first turns of a game.
Target: at least 20 games/s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ogre.rules import Phase, legal_actions  # noqa: E402
from tests.rules.random_play import play_random_game  # noqa: E402


def games_per_second(n: int, first_seed: int = 0) -> tuple[float, float, int]:
    """(games/s, actions/s, games that ended) over n seeded games."""
    actions = ended = 0
    t0 = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        rec = play_random_game(seed)
        actions += rec.n
        ended += rec.final.over
    dt = time.perf_counter() - t0
    return n / dt, actions / dt, ended


def busy_position(seed: int = 0):
    """The defense-move state with the most legal actions in turns 2-5 of one random game."""
    best = [None, -1]

    def look(before, action, after, events):
        if after.phase is Phase.DEFENSE_MOVE and 2 <= after.turn <= 5:
            n = len(legal_actions(after))
            if n > best[1]:
                best[:] = [after, n]

    play_random_game(seed, on_step=look)
    return best


def median_legal_actions(state, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        legal_actions(state)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2000)
    args = ap.parse_args(argv)

    play_random_game(10_000)                      # warm up caches and imports
    gps, aps, ended = games_per_second(args.games)
    print(f"random Mark III games: {args.games} played, {ended} ended, "
          f"{gps:.1f} games/s, {aps:,.0f} actions/s (target >= 20 games/s)")
    state, n = busy_position()
    med = median_legal_actions(state, args.repeat)
    print(f"legal_actions in a busy position (turn {state.turn} {state.phase.value}, "
          f"{len(state.pieces)} defenders, {n} actions): median {med * 1e6:.0f} us")
    return 0 if gps >= 20 else 1


if __name__ == "__main__":
    sys.exit(main())

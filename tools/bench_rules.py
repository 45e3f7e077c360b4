"""Benchmark the rules engine on one core, alone or side by side with another revision.

    python -m tools.bench_rules [--games 200] [--repeat 2000]
    python -m tools.bench_rules --against f6de628 [--rounds 6] [--round-games 40]
    python -m tools.bench_rules --against f6de628 --peer /path/to/gar0u/ogre-ai

Alone: complete random Mark III games per second (the random policy of
tests/rules/random_play.py on the standard test deployment, legal_actions + apply every step)
and the median time of one legal_actions call in a busy mid-game position.

Side by side (issue 16): `--against REV` checks REV out into a temporary folder
(`git worktree add --detach`, removed afterwards) and plays the same seeded random games on this
tree's engine and on REV's, in alternating rounds (A B A B ...), each round in its own process
(tools/bench_worker.py) so the two `ogre` packages never mix. The policy picks among the legal
actions sorted by their notation, so the games do not depend on the order legal_actions lists
them in. Printed for each engine: actions/s and games/s counting only the time spent inside
legal_actions and apply (the policy's own time left out), the ratio A/B round by round and its
median, and whether both engines played identical games (a digest of every action, event and
final state). `--peer DIR` adds gar0u/ogre-ai's simulator (a checkout or its git directory),
measured the same way over its own games; it has much simpler rules and no action list, so its
"actions" are the moves and combat results it resolves, and the ratio is a rough one.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "tools" / "bench_worker.py"


# ----------------------------------------------------------------------------- alone

def games_per_second(n: int, first_seed: int = 0) -> tuple[float, float, int]:
    """(games/s, actions/s, games that ended) over n seeded games."""
    from tests.rules.random_play import play_random_game
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
    from ogre.rules import Phase, legal_actions
    from tests.rules.random_play import play_random_game
    best = [None, -1]

    def look(before, action, after, events):
        if after.phase is Phase.DEFENSE_MOVE and 2 <= after.turn <= 5:
            n = len(legal_actions(after))
            if n > best[1]:
                best[:] = [after, n]

    play_random_game(seed, on_step=look)
    return best


def median_legal_actions(state, repeat: int) -> float:
    from ogre.rules import legal_actions
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        legal_actions(state)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def alone(args) -> int:
    from tests.rules.random_play import play_random_game
    play_random_game(10_000)                      # warm up caches and imports
    gps, aps, ended = games_per_second(args.games)
    print(f"random Mark III games: {args.games} played, {ended} ended, "
          f"{gps:.1f} games/s, {aps:,.0f} actions/s (target >= 20 games/s)")
    state, n = busy_position()
    # made from nothing: the same state without the notes apply left (dataclasses.replace
    # copies the fields, not the notes)
    med = median_legal_actions(replace(state), args.repeat)
    print(f"legal_actions in a busy position (turn {state.turn} {state.phase.value}, "
          f"{len(state.pieces)} defenders, {n} actions): median {med * 1e6:.0f} us")
    if getattr(state, "_after", None) is not None:
        spliced = median_legal_actions(state, args.repeat)
        print(f"  the same, after the plain move that led there (the list spliced): "
              f"median {spliced * 1e6:.0f} us")
    return 0 if gps >= 20 else 1


# ----------------------------------------------------------------------------- side by side

def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _peer_copy(source: Path, into: Path) -> Path:
    """A plain copy of the peer's `main` and `ogre/` (from a checkout or a git directory)."""
    git_dir = source if (source / "HEAD").is_file() else source / ".git"
    if git_dir.is_dir():
        into.mkdir()
        archive = subprocess.run(["git", "--git-dir", str(git_dir), "archive", "HEAD", "main",
                                  "ogre"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "x", "-C", str(into)], input=archive, check=True)
    else:
        shutil.copytree(source, into, symlinks=True)
    loop = into / "ogre" / "ogre"            # a symlink to its own folder in the repository
    if loop.is_symlink():
        loop.unlink()
    return into


def _round(command: list[str]) -> dict:
    # the tree measured (an engine's root, or the peer's folder) comes first on the worker's path
    env = {**os.environ, "PYTHONPATH": command[1]}
    out = subprocess.run([sys.executable, str(WORKER), *command], check=True,
                         capture_output=True, text=True, env=env).stdout
    return json.loads(out.strip().splitlines()[-1])


def side_by_side(args) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-rules-"))
    mode = "cold" if args.cold else "warm"
    contestants = [("A this tree",
                    ["engine", str(ROOT), str(ROOT / "fields"), str(args.round_games), mode])]
    worktree = None
    try:
        if args.against:
            sha = _git("rev-parse", "--short", args.against)
            worktree = tmp / "rev"
            _git("worktree", "add", "--detach", str(worktree), args.against)
            contestants.append((f"B {args.against} ({sha})",
                                ["engine", str(worktree), str(ROOT / "fields"),
                                 str(args.round_games), mode]))
        if args.peer:
            peer = _peer_copy(Path(args.peer), tmp / "peer")
            contestants.append(("P gar0u/ogre-ai", ["peer", str(peer), str(args.peer_games)]))
        results: dict[str, list[dict]] = {name: [] for name, _ in contestants}
        print(f"{args.rounds} rounds of {args.round_games} seeded random Mark III games per "
              f"engine, alternating; one process per round; caches "
              + ("cold (each game timed the first time it is played)" if args.cold else
                 "warm (the same games played once first, untimed)"))
        for r in range(args.rounds):
            for name, command in contestants:
                res = _round(command)
                results[name].append(res)
                rate = res["actions"] / res["engine_s"]
                print(f"  round {r + 1} {name:24} {rate:9,.0f} actions/s "
                      f"{res['games'] / res['engine_s']:7.2f} games/s  digest {res['digest']}",
                      flush=True)
        return _report(contestants, results)
    finally:
        if worktree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)],
                           capture_output=True)
            subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def _rate(res: dict, what: str) -> float:
    return res[what] / res["engine_s"]


def _report(contestants, results) -> int:
    """The games are timed in chunks of 25 actions, and each engine's time for a chunk is the
    least of its rounds (a busy machine only ever adds time), so the figures hold on a shared
    machine; the round-by-round ratios are shown too, to see the spread."""
    names = [name for name, _ in contestants]
    best = {}
    print(f"\n{'engine':26}{'actions/s':>12}{'games/s':>10}{'whole loop actions/s':>22}")
    for name in names:
        rs = results[name]
        if "chunk_s" in rs[0]:
            seconds = sum(map(min, zip(*(r["chunk_s"] for r in rs))))
        else:
            seconds = min(r["engine_s"] for r in rs)
        best[name] = (rs[0]["actions"] / seconds, rs[0]["games"] / seconds)
        loop = statistics.median(r["actions"] / r["cpu_s"] for r in rs)
        print(f"{name:26}{best[name][0]:12,.0f}{best[name][1]:10.2f}{loop:22,.0f}")
    a = results[names[0]]
    for name in names[1:]:
        ratios = [_rate(x, "actions") / _rate(y, "actions") for x, y in zip(a, results[name])]
        print(f"ratio A / {name.split()[0]} (actions/s): {best[names[0]][0] / best[name][0]:.2f}"
              f" (round by round: " + " ".join(f"{r:.2f}" for r in ratios) + ")")
    engines = [n for n, c in contestants if c[0] == "engine"]
    digests = {r["digest"] for n in engines for r in results[n]}
    identical = len(digests) == 1
    print(f"identical games: {'yes' if identical else 'NO'} ({', '.join(sorted(digests))})")
    return 0 if identical else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="alone: games to play")
    ap.add_argument("--repeat", type=int, default=2000, help="alone: legal_actions calls timed")
    ap.add_argument("--against", metavar="REV", help="a git revision to measure side by side")
    ap.add_argument("--peer", metavar="DIR", help="gar0u/ogre-ai (a checkout or its .git)")
    ap.add_argument("--rounds", type=int, default=6, help="side by side: rounds per engine")
    ap.add_argument("--round-games", type=int, default=40, help="side by side: games per round")
    ap.add_argument("--peer-games", type=int, default=10, help="side by side: peer games per round")
    ap.add_argument("--cold", action="store_true",
                    help="side by side: time the games the first time each process plays them")
    args = ap.parse_args(argv)
    if args.against or args.peer:
        return side_by_side(args)
    return alone(args)


if __name__ == "__main__":
    sys.exit(main())

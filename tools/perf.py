"""Performance figures in one markdown table, with the machine they came from.

    python -m tools.perf                      # everything (a few minutes)
    python -m tools.perf --quick              # fewer games, shorter runs (about a minute)

Measures:
  * rules engine: complete random Mark III games per second (tools/bench_rules.py's policy);
  * computer players: think time per Ogre turn and per defence turn, median and worst, for
    each level against the other side's Med player over a few seeded games (tools/bench_ai.py);
  * frame time: median and p95 of a full redraw of the default window mid-game
    (tools/bench_ui.py's position);
  * idle CPU of the real loop: App.run() in a child process with no input, CPU from
    /proc/<pid>/stat as a percentage of one core (tools/bench_ui.py; a real X window on Xvfb
    when there is one, else SDL's dummy driver);
  * launch to first frame: a child process that imports the game, builds App() and draws its
    first frame, timed from the moment the process is started;
  * peak memory (ru_maxrss) of a long session: the monkey (tools/monkey.py) for --events
    events in a child process, with the resident size after the first 1,000 events for
    comparison (a steady figure means no leak).

The load average is printed with the machine: figures from a busy machine are slower.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]     # each child process starts there

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# ----------------------------------------------------------------------------- the machine

def machine() -> dict[str, str]:
    cpu = platform.processor() or "?"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    import pygame
    info = {
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "python": platform.python_version(),
        "pygame": (f"pygame-ce {pygame.version.ver} "
                   f"(SDL {'.'.join(map(str, pygame.get_sdl_version()))})"),
    }
    with contextlib.suppress(OSError):
        info["load average"] = " ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1, 5, 15 min)"
    return info


# ----------------------------------------------------------------------------- the measures

def rules_speed(games: int) -> tuple[str, str]:
    from tests.rules.random_play import play_random_game
    from tools.bench_rules import games_per_second
    play_random_game(10_000)                       # warm up
    gps, aps, ended = games_per_second(games)
    return (f"{gps:.1f} games/s",
            f"{games} random Mark III games ({ended} ended), {aps:,.0f} actions/s")


def think_times(levels: list[str], games: int, seed: int) -> list[tuple[str, str, str]]:
    from tools.bench_ai import one
    rows = []
    for side in ("ogre", "defense"):
        for level in levels:
            t0 = time.perf_counter()
            times = []
            failed = ""
            for i in range(games):
                try:
                    mark = 3 if i % 2 == 0 else 5
                    turns, _mobile = one((side, level, "Med", seed * 1000 + i, mark))
                    times += turns
                except Exception as exc:          # noqa: BLE001 - a broken level is a figure too
                    failed = f"{type(exc).__name__}: {exc}"
                    break
            name = f"think time, {'Ogre' if side == 'ogre' else 'defence'} {level}, per turn"
            if failed:
                rows.append((name, "failed", failed))
                continue
            times.sort()
            rows.append((name, f"median {statistics.median(times) * 1000:.0f} ms, worst "
                               f"{times[-1] * 1000:.0f} ms",
                         f"{len(times)} turns in {games} game{'s' if games > 1 else ''} "
                         f"({'Mark III and V' if games > 1 else 'Mark III'}) against Med, "
                         f"{time.perf_counter() - t0:.0f} s"))
    return rows


def frame_time(frames: int) -> tuple[str, str]:
    code = f"""
import os, sys
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame
from tools.bench_ui import mid_game_app, time_draws
app = mid_game_app()
time_draws(app, 20)
median, p95 = time_draws(app, {frames})
w, h = app.window.get_size()
print("RESULT", median, p95, w, h, pygame.display.get_driver())
"""
    out = _child(code, timeout=300)
    _, median, p95, w, h, driver = out.split()
    return (f"median {float(median):.2f} ms, p95 {float(p95):.2f} ms",
            f"App.draw() of a {w}x{h} window mid-game, {frames} frames, {driver} driver")


def idle_cpu(seconds: float) -> tuple[str, str]:
    from tools.bench_ui import bench_idle
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        percent = bench_idle(seconds)
    m = re.search(r", (\w+) driver", said.getvalue())
    driver = m.group(1) if m else "?"
    return (f"{percent:.2f} % of one core",
            f"App.run() with no input for {seconds:g} s, {driver} driver, /proc/<pid>/stat")


STARTUP = """
import os, sys, time
t_main = time.time()
import pygame
from ogre.ui.app import App
t_import = time.time()
app = App()
t_app = time.time()
app.step([])
assert app.frames >= 1, "no frame drawn"
t_frame = time.time()
print("RESULT", t_main, t_import, t_app, t_frame, flush=True)
"""


def startup(runs: int) -> tuple[str, str]:
    """Launch to the first drawn frame, timed from just before the process is created."""
    totals, parts = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            env = _env(home)
            t0 = time.time()
            out = subprocess.run([sys.executable, "-c", STARTUP, str(ROOT)], env=env, cwd=ROOT,
                                 capture_output=True, text=True, timeout=120)
        line = next((x for x in out.stdout.splitlines() if x.startswith("RESULT")), None)
        if line is None:
            return "failed", out.stderr.strip().splitlines()[-1] if out.stderr else "no output"
        t_main, t_import, t_app, t_frame = map(float, line.split()[1:])
        totals.append(t_frame - t0)
        parts.append((t_main - t0, t_import - t_main, t_app - t_import, t_frame - t_app))
    best = min(range(runs), key=lambda i: totals[i])
    py, imp, app, frame = parts[best]
    return (f"{statistics.median(totals) * 1000:.0f} ms (best {totals[best] * 1000:.0f} ms)",
            f"median of {runs} launches, SDL dummy driver; best split: interpreter "
            f"{py * 1000:.0f} ms, imports {imp * 1000:.0f} ms, App() {app * 1000:.0f} ms "
            f"(sounds, fields, fonts), first frame {frame * 1000:.0f} ms")


MEMORY = """
import resource, sys, tempfile, time
import tools.monkey as M
from pathlib import Path
events = int(sys.argv[2])
with tempfile.TemporaryDirectory() as home:
    m = M.Monkey(seed=int(sys.argv[3]), home=Path(home))
    t0 = time.perf_counter()
    m.run(min(1000, events))
    early = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    m.run(events)
    m.close()
    import gc, os
    gc.collect()
    now = int(open("/proc/self/statm").read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    print("RESULT", early, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, m.events,
          m.gestures, m.trouble.total(), time.perf_counter() - t0, now, flush=True)
"""


def peak_memory(events: int, seed: int) -> tuple[str, str]:
    out = _child(MEMORY, str(events), str(seed), timeout=3600)
    _, early, peak, n, gestures, trouble, seconds, now = out.split()
    return (f"{int(peak) / 1024:.0f} MB",
            f"ru_maxrss of the monkey after {int(n):,} events ({int(gestures):,} gestures, "
            f"{float(seconds):.0f} s, {trouble} found, window resizes up to 2400x1600 included); "
            f"peak {int(early) / 1024:.0f} MB after the first 1,000 events, resident "
            f"{int(now) / 1024:.0f} MB at the end")


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", OGRE_HOME=home,
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return env


def _child(code: str, *args: str, timeout: float) -> str:
    with tempfile.TemporaryDirectory() as home:
        out = subprocess.run([sys.executable, "-c", code, str(ROOT), *args], env=_env(home),
                             cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    line = next((x for x in out.stdout.splitlines() if x.startswith("RESULT")), None)
    if line is None:
        raise RuntimeError(f"child failed (exit {out.returncode}): {out.stderr.strip()[-500:]}")
    return line


# ----------------------------------------------------------------------------- the table

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer games and shorter runs")
    ap.add_argument("--rules-games", type=int, default=None)
    ap.add_argument("--ai-games", type=int, default=None, help="games per side and level")
    ap.add_argument("--levels", default="Low,Med,Hi")
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--idle", type=float, default=5.0, help="seconds of idle loop")
    ap.add_argument("--launches", type=int, default=None)
    ap.add_argument("--events", type=int, default=None, help="monkey events for peak memory")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    quick = args.quick
    rules_games = args.rules_games or (30 if quick else 200)
    ai_games = args.ai_games or (1 if quick else 4)
    launches = args.launches or (2 if quick else 5)
    events = args.events or (3000 if quick else 20000)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]

    info = machine()
    print("## OGRE performance\n")
    for k, v in info.items():
        print(f"- {k}: {v}")
    print(f"- date: {time.strftime('%Y-%m-%d %H:%M %Z')}")
    print()
    rows: list[tuple[str, str, str]] = []

    def measure(name, fn, *a):
        t0 = time.perf_counter()
        try:
            value, note = fn(*a)
        except Exception as exc:                  # noqa: BLE001 - one failure, the rest go on
            value, note = "failed", f"{type(exc).__name__}: {exc}"
        rows.append((name, value, note))
        print(f"  measured {name}: {value} ({time.perf_counter() - t0:.0f} s)", file=sys.stderr,
              flush=True)

    measure("rules engine, random games", rules_speed, rules_games)
    for row in think_times(levels, ai_games, args.seed):
        rows.append(row)
        print(f"  measured {row[0]}: {row[1]}", file=sys.stderr, flush=True)
    measure("frame time, full redraw", frame_time, args.frames)
    measure("idle CPU of the real loop", idle_cpu, args.idle)
    measure("launch to first frame", startup, launches)
    measure("peak memory, long session", peak_memory, events, args.seed)

    print("| measure | figure | how |")
    print("| --- | --- | --- |")
    for name, value, note in rows:
        print(f"| {name} | {value} | {note} |")
    with contextlib.suppress(OSError):
        load = os.getloadavg()[0]
        if load > 0.5 * (os.cpu_count() or 1):
            print(f"\nThe machine was busy (load average {load:.2f} on {os.cpu_count()} cores at "
                  "the end): times are slower than on a quiet machine.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

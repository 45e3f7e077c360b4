"""How fast the battle screen draws, and how little CPU it uses when nobody touches it.

    python -m tools.bench_ui [--frames 200] [--idle 5]

1. Redraw: App.draw() of the window a new player gets on a 1920x1080 desktop (1422x1000;
   --size to choose) with the dirty flag forced, ~200 frames
   of a mid-game position (the README screenshot's: turn 4, pieces in every state, an aim
   with its kill probability, results). Prints the median and the 95th percentile, also
   with the Range umbrella up and with a dialog open. Target: median <= 5 ms; on a window
   larger than 1920x1080 (`--size 3840x2160`), drawn at every pixel, each median <= 16 ms.
2. Idle: the real loop (App.run()) in a child process for --idle seconds with no input;
   its CPU time (utime + stime from /proc/<pid>/stat, or the child's own process_time
   where there is no /proc) over the wall time, as a percentage of one core. In a real X
   window when there is a DISPLAY or Xvfb is installed, else SDL's dummy driver.
   Target: < 3 %. --proposed also measures the loop with pygame.event.wait replaced by a
   20 ms sleep-poll (pygame-ce's wait polls every millisecond: pygame-ce issue #1541).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REDRAW_TARGET_MS = 5.0
# A screen larger than 1920x1080 draws every one of its pixels since issue 31 (11): there the
# target is a frame of a 60 Hz screen, with the Range umbrella and a dialog too.
LARGE_REDRAW_TARGET_MS = 16.0


def redraw_target(size: tuple[int, int]) -> float:
    return REDRAW_TARGET_MS if size[0] * size[1] <= 1920 * 1080 else LARGE_REDRAW_TARGET_MS
IDLE_TARGET_PERCENT = 3.0


# The window a new player gets on a 1920x1080 desktop (ogre.ui.app.default_window_size).
DEFAULT_1080P = (1422, 1000)


def mid_game_app(size: tuple[int, int] = DEFAULT_1080P):
    from ogre.rules import parse_action
    from ogre.rules.state import OGRE_ID
    from ogre.ui.app import App
    from tools.readme_screenshot import mid_game, pick_seed, script

    app = App(state=mid_game(pick_seed()), size=size)
    b = app.battle
    assert b is not None                 # the app was opened on a battle
    for line in script():
        b.act(parse_action(line), confirmed=True)
    b.selected = OGRE_ID
    b.map.scroll_to(2)
    app.commands.unsaved.kept(b.state)     # as if just saved: the timed QUIT ends the run at once
    return app


def time_draws(app, frames: int) -> tuple[float, float]:
    times = []
    for _ in range(frames):
        app.dirty = True
        t = time.perf_counter()
        app.draw()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def bench_redraw(frames: int, size: tuple[int, int] = DEFAULT_1080P) -> bool:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ogre.ui.toolkit.widgets import OK_CANCEL, Dialog

    app = mid_game_app(size)
    time_draws(app, 20)                                   # warm the caches
    median, p95 = time_draws(app, frames)
    print(f"redraw, {app.window.get_size()[0]}x{app.window.get_size()[1]}, "
          f"{pygame.display.get_driver()} driver, {frames} frames: "
          f"median {median:.2f} ms, p95 {p95:.2f} ms (target <= {redraw_target(size):g} ms)")
    b = app.battle
    b.press_range()
    m2, q2 = time_draws(app, frames)
    print(f"  with the Range umbrella:  median {m2:.2f} ms, p95 {q2:.2f} ms")
    b.umbrella = None
    b.open(Dialog("Reminder", "Not every piece has fired. End this phase anyway?",
                  OK_CANCEL))
    m3, q3 = time_draws(app, frames)
    print(f"  with a dialog open:       median {m3:.2f} ms, p95 {q3:.2f} ms")
    b.dialog = None
    pygame.quit()
    large = redraw_target(size) == LARGE_REDRAW_TARGET_MS
    return max((median, m2, m3) if large else (median,)) <= redraw_target(size)


CHILD = """
import sys, time
import pygame
from tools.bench_ui import mid_game_app     # the child starts in the checkout's root
app = mid_game_app()
seconds = float(sys.argv[2])
if sys.argv[3] == "sleep":
    # the loop as proposed: pygame-ce's event.wait() polls every millisecond
    # (pygame-community/pygame-ce#1541); poll the queue and sleep 20 ms between looks
    def wait(timeout=0):
        deadline = time.monotonic() + timeout / 1000
        while True:
            event = pygame.event.poll()
            if event.type != pygame.NOEVENT or (timeout and time.monotonic() >= deadline):
                return event
            time.sleep(0.02)
    pygame.event.wait = wait
pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
print("ready", pygame.display.get_driver(), flush=True)
wall, cpu = time.monotonic(), time.process_time()
app.run()
print("done", time.monotonic() - wall, time.process_time() - cpu, flush=True)
"""


def _proc_cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = int(fields[11]) + int(fields[12])          # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def bench_idle(seconds: float, wait: str = "pygame") -> float:
    from tools.readme_screenshot import _start_xvfb

    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    xvfb = None
    if not env.get("DISPLAY"):
        xvfb, display = _start_xvfb()
        if display:
            env["DISPLAY"] = display
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
    warmup = 1.0
    try:
        with tempfile.TemporaryDirectory() as home:
            env["OGRE_HOME"] = home
            child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT),
                                      str(seconds + warmup + 1.0), wait],
                                     env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
            assert child.stdout is not None                 # stdout=PIPE
            ready: list[str] = []
            while ready[:1] != ["ready"]:
                line = child.stdout.readline()
                if not line:
                    raise SystemExit(f"the idle child died (exit {child.wait()})")
                ready = line.split()
            driver = ready[1] if len(ready) > 1 else "?"
            time.sleep(warmup)                          # the first frames, then idle
            c0, t0 = _proc_cpu_seconds(child.pid), time.monotonic()
            time.sleep(seconds)
            c1, t1 = _proc_cpu_seconds(child.pid), time.monotonic()
            rest = child.stdout.read()
            child.wait(30)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    if c0 is not None and c1 is not None:
        percent = (c1 - c0) / (t1 - t0) * 100
        how = "/proc utime+stime"
    else:
        words = rest.split()
        wall, cpu = float(words[-2]), float(words[-1])
        percent = cpu / wall * 100
        how = "the child's process_time, whole run"
    loop = "App.run()" if wait == "pygame" else "App.run(), event.wait as a 20 ms sleep-poll"
    print(f"idle {loop}, {driver} driver, {seconds:g} s without input: {percent:.2f} % of one "
          f"core ({how}; target < {IDLE_TARGET_PERCENT:g} %)")
    return percent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle loop (0: skip)")
    parser.add_argument("--proposed", action="store_true",
                        help="also measure the idle loop with a sleep-polling event wait")
    parser.add_argument("--size", default="1422x1000",
                        help="the window (default: the game's first window on a 1920x1080 desktop)")
    args = parser.parse_args(argv)
    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    idle = bench_idle(args.idle) if args.idle > 0 else 0.0
    if args.idle > 0 and args.proposed:
        bench_idle(args.idle, "sleep")
    ok = bench_redraw(args.frames, size) and idle < IDLE_TARGET_PERCENT
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

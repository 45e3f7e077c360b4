"""Is the screen still alive while the computer thinks? (issue 17, goal 5)

    python -m tools.bench_think_frames [--games 3] [--skill Hi] [--side defense] [--think both]
    python -m tools.bench_think_frames --advice [--side ogre]

Plays one-player battles in the real app (SDL's dummy driver) against the computer at `--skill`,
the player's own side played by the Low computer through the same screen, and forces a full redraw
every frame. It times every frame that runs while the computer is thinking (its thread working)
and prints the median, the 95th percentile and the worst, and how many went over 16 ms, with the
computer thinking on a thread (a long think shows as frames held up by the GIL) and in its worker
process (ogre/ui/thinker.py, the game's default), one after the other. With --advice it times
the frames while the Advice (X8, the Hi player of the player's side) thinks instead: asked at the
start of each of the player's phases.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME_MS = 16.0


def think_frames(games: int, skill: str, side: str, home: Path, advice: bool = False
                 ) -> list[float]:
    """Milliseconds of every frame drawn while the computer (or, with `advice`, the Advice)
    was thinking."""
    os.environ["OGRE_HOME"] = str(home)
    from ogre.ai.protocol import make_controller
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned
    from ogre.ui.app import App

    fields = [r.field for r in load_predesigned() if r.mark == 3]
    frames: list[float] = []
    for game in range(games):
        state = new_game(fields[game % len(fields)], 3, 100 + game)
        app = App(state=state, computer=side, ogre_skill=skill if side == "ogre" else None)
        app.prefs = app.prefs.model_copy(update={"message_speed": "Hi", "skill": skill,
                                                  "reminders": False})
        app.commands.set_computer(side)
        mine = make_controller("defense" if side == "ogre" else "ogre", "Low", seed=game)
        app.commands.clock = lambda: time.monotonic() * 50      # the messages' pauses, short
        advised = None
        for _ in range(200_000):
            b = app.battle
            if b is None or b.state.over:
                break
            if b.dialog is not None:
                b.dialog = None
            b.banner = []                   # a turning point read (X11): it holds the turn
            phase = (b.state.turn, b.state.phase)
            if advice and not app.commands.computer_acting() and advised != phase:
                advised = phase
                app.advice.ask()
            if app.advice.thinking is None and not app.commands.computer_acting():
                app.advice.hide()
                b.act(mine.choose(b.state), confirmed=True)
                continue
            thinking = (app.advice.thinking if advice else app.commands.thinking) is not None
            app.dirty = True
            t0 = time.perf_counter()
            app.step([])
            if thinking:
                frames.append((time.perf_counter() - t0) * 1000)
        app.commands.shutdown()
    return frames


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--skill", default="Hi", choices=("Low", "Med", "Hi"))
    ap.add_argument("--side", default="defense", choices=("ogre", "defense"),
                    help="the side the computer plays")
    ap.add_argument("--think", default="both", choices=("thread", "process", "both"),
                    help="where the computer thinks (OGRE_THINK); both: one after the other")
    ap.add_argument("--advice", action="store_true",
                    help="time the frames while the Advice thinks for the player")
    args = ap.parse_args(argv)
    import tempfile
    status = 0
    for mode in (("thread", "process") if args.think == "both" else (args.think,)):
        os.environ["OGRE_THINK"] = mode
        with tempfile.TemporaryDirectory() as home:
            frames = think_frames(args.games, args.skill, args.side, Path(home), args.advice)
        if not frames:
            print(f"{mode}: no frame was drawn while the computer thought")
            status = 1
            continue
        frames.sort()
        over = sum(1 for f in frames if f > FRAME_MS)
        who = ("the Advice for the player" if args.advice
               else f"the {args.skill} computer {args.side}")
        print(f"{mode}: {len(frames)} frames while {who} "
              f"thought: median {statistics.median(frames):.1f} ms, "
              f"p95 {frames[int(len(frames) * 0.95)]:.1f} ms, worst {frames[-1]:.1f} ms; "
              f"{over} over {FRAME_MS:.0f} ms ({100 * over / len(frames):.1f}%)")
    return status


if __name__ == "__main__":
    raise SystemExit(main())

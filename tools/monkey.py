"""Monkey: the real app under SDL's dummy drivers, fed random events, watched for trouble.

    python -m tools.monkey --events 20000 --seed 1
    python -m tools.monkey --events 5000 --seed 7 --trace /tmp/trace.txt     # every gesture

The app runs exactly as a player's would (App.step, the real menus, dialogs, screens, saving and
loading into OGRE_HOME, which is a fresh temporary folder unless --home is given). The monkey mixes
blind input - clicks, drags and keys anywhere (inside and outside the window), wheel and foreign
events, window resizes (pygame.display.set_mode to a random size plus VIDEORESIZE and
WINDOWRESIZED) - with purposeful gestures: every menu command, dialog buttons, rows and keys, the
Field Editor's tools (selection window, Drop/Drag, hexsides for rubble, drags), legal battle moves
made by clicking and dragging, new battles of every kind (two players; one player against the
computer Ogre or the computer defence), saving and loading games and fields, slots it damages on
purpose (garbage, cut off, foreign, future, invalid, a folder, well-shaped files holding an
impossible battle or field, a named pipe or a device in a file's place), a damaged preferences
file (a pipe too) and restarts.

It reports:
  exceptions     a step that raised (the app is restarted and the monkey goes on)
  freezes        a dialog that Esc and Enter cannot close, a menu Esc cannot close, a computer
                 turn that makes no progress within the step and time budget
  problems       a battle state breaking the rules invariants or not replaying from its log, a
                 save that reads back different (a lost save), a damaged slot offered for loading,
                 a failed load that changed the battle, a key acting behind a modal dialog
The exit status is 1 when anything was found. On a terminal a line shows the events done and
the time left; --out FILE.json or FILE.csv writes the counts and the coverage beside the report.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# Before pygame is imported anywhere: no window, no sound device, no banner.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("OGRE_LISTEN", "127.0.0.1")    # a network game it hosts stays local
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tools import results  # noqa: E402
from tools.monkey_app import Trouble  # noqa: E402, F401 - part of the monkey's public face
from tools.monkey_files import MonkeyFiles  # noqa: E402
from tools.progress import Progress  # noqa: E402


class Monkey(MonkeyFiles):
    """The whole monkey: its hands (monkey_app), eyes (monkey_watch) and gestures (monkey_blind,
    monkey_menus, monkey_play, monkey_files); here it picks the next gesture by its mood and
    what is showing, runs, and reports."""

    def gesture(self) -> None:
        self.gestures += 1
        rnd = self.rnd
        if self.gestures >= self.mood_until:        # a new mood now and then
            self.mood = self.mood_rnd.choices(("player", "chaos", "files"), (5, 3, 2))[0]
            self.stats[f"mood {self.mood}"] += 1
            self.mood_until = self.gestures + (400 if self.mood == "player" else 120)
        choices: list[tuple[Callable[[], None], float]]
        if self.dialog() is not None:
            choices = [(self.g_dialog_button, 30), (self.g_dialog_body, 30),
                       (self.g_dialog_key, 20), (self.g_blind_click, 6), (self.g_blind_key, 6),
                       (self.g_resize, 2), (self.g_menu, 3), (self.g_odd_event, 3)]
        elif self.app.menubar.open is not None:
            choices = [(self.g_menu_item, 60), (self.g_blind_click, 15), (self.g_blind_key, 15),
                       (self.g_dialog_key, 10)]
        elif self.mood == "player":       # plays battles through, with a little noise
            choices = [(self.g_menu, 1), (self.g_blind_click, 2), (self.g_blind_key, 2),
                       (self.g_storage, 1), (self.g_wait, 1), (self.g_resize, 0.3)]
            if self.editor is not None:
                choices += [(self.g_editor, 10), (self.g_new_battle, 20)]
            elif self.battle is not None:
                over = self.battle.state.over
                choices += [(self.g_battle, 0 if over else 90), (self.g_battle_button, 2),
                            (self.g_new_battle, 30 if over else 0),
                            (self.g_replay, 2 if over else 0)]
            else:
                choices += [(self.g_replay_keys, 20), (self.g_storage, 3), (self.g_restart, 2)]
        else:                               # "chaos" and "files"
            files = self.mood == "files"
            choices = [(self.g_menu, 10), (self.g_blind_click, 10), (self.g_blind_drag, 5),
                       (self.g_blind_key, 10), (self.g_resize, 2), (self.g_odd_event, 2),
                       (self.g_damage, 12 if files else 1), (self.g_storage, 30 if files else 4),
                       (self.g_new_battle, 2), (self.g_restart, 2 if files else 0.3),
                       (self.g_wait, 2)]
            if self.editor is not None:
                choices += [(self.g_editor, 45), (self.g_new_battle, 6)]
            elif self.battle is not None:
                over = self.battle.state.over
                choices += [(self.g_battle, 0 if over else 45), (self.g_battle_button, 8),
                            (self.g_new_battle, 25 if over else 1), (self.g_replay, 1.5)]
            else:                           # the replay viewer
                choices += [(self.g_replay_keys, 40), (self.g_new_battle, 3)]
        funcs, weights = zip(*choices)
        rnd.choices(funcs, weights)[0]()
        self.watch()

    # ------------------------------------------------------------------ the run
    def run(self, events: int, log_every: int = 0) -> None:
        next_log = log_every
        shown = Progress(events, "monkey", unit="events")
        while self.events < events:
            self.gesture()
            shown.update(min(self.events, events))
            if log_every and self.events >= next_log:
                next_log += log_every
                shown.close()
                print(f"  {self.events} events, {self.gestures} gestures, "
                      f"{self.trouble.total()} found, {resident_mb()} MB resident, "
                      f"on {self._where()}", flush=True)
        shown.close()
        self.final_checks()

    def report(self, seconds: float) -> str:
        t = self.trouble
        lines = [f"events: {self.events} (and {self.hurries} hurrying the computer)  "
                 f"gestures: {self.gestures}  time: {seconds:.1f} s",
                 f"exceptions: {t.total('exception')}  freezes: {t.total('freeze')}  "
                 f"problems: {t.total('problem')}"]
        interesting = sorted((k, v) for k, v in self.stats.items())
        lines.append("coverage: " + ", ".join(f"{k} {v}" for k, v in interesting))
        for (kind, key), details in t.details.items():
            lines.append(f"{kind.upper()} x{len(details)}: {key}\n    " +
                         details[0].replace("\n", "\n    "))
        return "\n".join(lines)

    def summary(self, seconds: float) -> dict[str, object]:
        """The report's counts, for --out."""
        t = self.trouble
        return {"events": self.events, "hurries": self.hurries, "gestures": self.gestures,
                "seconds": round(seconds, 1), "exceptions": t.total("exception"),
                "freezes": t.total("freeze"), "problems": t.total("problem"),
                **{f"coverage {k}": v for k, v in sorted(self.stats.items())}}


def resident_mb() -> str:
    """This process's resident size (Linux), so a long run shows whether memory climbs."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return str(int(line.split()[1]) // 1024)
    except (OSError, ValueError):
        pass
    return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--home", default=None, help="OGRE_HOME to use (default: a temporary folder)")
    ap.add_argument("--levels", default="Low,Med", help="computer skill levels the monkey picks")
    ap.add_argument("--trace", default=None, help="write every event to this file")
    ap.add_argument("--log-every", type=int, default=0, help="print progress every N events")
    ap.add_argument("--out", default=None, metavar="FILE",
                    help="also write the counts to FILE.json or FILE.csv")
    args = ap.parse_args(argv)
    out = results.check_path(args.out) if args.out else None
    tmp = None
    home = Path(args.home) if args.home else Path(tmp := tempfile.mkdtemp(prefix="ogre-monkey-"))
    trace = open(args.trace, "w") if args.trace else None
    t0 = time.perf_counter()
    monkey = Monkey(args.seed, home, trace,
                    skill_levels=tuple(x.strip() for x in args.levels.split(",") if x.strip()))
    try:
        monkey.run(args.events, args.log_every)
    finally:
        monkey.close()
        if trace:
            trace.close()
    print(f"monkey: seed {args.seed}, OGRE_HOME {home}")
    seconds = time.perf_counter() - t0
    print(monkey.report(seconds))
    if out is not None:
        results.write(out, {"tool": "monkey", "seed": args.seed, "levels": args.levels,
                            **monkey.summary(seconds)}, [])
        print(f"results: {out}")
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if monkey.trouble.total() else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Make the README's screenshot: the battle screen mid-game, drawn by the real app.

    python -m tools.readme_screenshot [--out docs/screenshot.png]

The picture is taken the way a player sees the game: in a real X window, under the
current DISPLAY or, when there is none, under a private Xvfb server started for the
purpose (apt-get install xvfb). Without either it falls back to SDL's dummy driver,
which draws the same pixels off screen.

The position: turn 4 of a battle on the "Howitzer Umbrella" field. The Ogre has come up
the middle with a missile spent and a secondary battery lost; it fires on a GEV and a
heavy tank, the defense moves up and fires back, and two more defenders are left aimed at
the main battery so the sidebar shows the kill probability. Counters show every state:
fired (red), disabled (blue), untouched, and the aimed ones outlined. The dice seed is the
first that gives a disabled GEV, so the picture is the same on every run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MAX_BYTES = 300_000

# (piece index in the field, new hex): where the defenders have got to by turn 4
ADVANCED = {5: 1008, 6: 808, 9: 1107, 10: 711, 11: 1011, 17: 907, 18: 708}
OGRE_AT = 909


def mid_game(seed: int):
    """The turn-4 position, at the start of the Ogre's fire."""
    from ogre.rules import new_game
    from ogre.rules.state import Phase
    from ogre.storage.fields import load_predesigned

    field = next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")
    s = new_game(field, 3, seed)
    pieces = tuple(replace(p, hex=ADVANCED.get(p.id, p.hex), start=ADVANCED.get(p.id, p.hex))
                   for p in s.pieces)
    ogre = replace(s.ogre, hex=OGRE_AT, undo_hex=OGRE_AT, moved=3, undo_moved=3, treads=39,
                   weapons=(1, 1, 3, 8), missiles_spent=1)
    return replace(s.with_pieces(pieces), ogres=(ogre,), phase=Phase.OGRE_FIRE, turn=4)


def script():
    """The actions played on the screen, in the rules' notation."""
    return [
        "target 11 main=1",            # the main battery at the GEV next door: 2-1
        "fire",
        "target 5 secondary=2",        # two secondaries at a heavy tank: 2-1
        "fire",
        "done",
        "move 17 0908",                # infantry closes in
        "move 10 0810",
        "done",
        "aim 6 secondary",             # a heavy tank at the secondaries: 1-1
        "fire",
        "aim 9 main",                  # two more at the main battery, left aimed
        "aim 17 main",
        "aim 17 main",
        "aim 17 main",
        "aim 10 main",
    ]


def pick_seed() -> int:
    """The first dice seed whose Ogre shot disables the GEV and that plays the script through."""
    from ogre.rules import RuleError, apply, parse_action
    for seed in range(1, 500):
        s = mid_game(seed)
        try:
            s, events = apply(s, parse_action(script()[0]))
            s, events = apply(s, parse_action(script()[1]))
            if events[-1].result != "disabled":
                continue
            for line in script()[2:]:
                s, _ = apply(s, parse_action(line))
        except RuleError:
            continue
        if s.aim is not None and not s.over:
            return seed
    raise SystemExit("no seed plays the screenshot's script through")


def capture(out: Path) -> None:
    """Draw the position in this process's window and save it."""
    import pygame

    from ogre.rules import parse_action
    from ogre.rules.state import OGRE_ID
    from ogre.ui.app import App
    from ogre.ui.toolkit import theme

    seed = pick_seed()
    # the canvas's own size, one window pixel per canvas pixel (without a size the window
    # would take most of the screen's height, scaling the picture)
    app = App(state=mid_game(seed), size=theme.LOGICAL_SIZE)
    b = app.battle
    assert b is not None                 # the app was opened on a battle
    for line in script():
        if not b.act(parse_action(line), confirmed=True):
            raise SystemExit(f"{line}: refused ({b.message})")
    b.selected = OGRE_ID
    b.map.scroll_to(2)                 # rows 02-13: the Command Post down to the Ogre
    b.hover = 0
    for _ in range(3):
        app.dirty = True
        app.step([])
        time.sleep(0.05)
    out.parent.mkdir(parents=True, exist_ok=True)
    window = pygame.display.get_surface()
    assert window is not None            # the app opened one
    pygame.image.save(window, str(out))
    print(f"driver {pygame.display.get_driver()}, seed {seed}")
    pygame.quit()


def _free_display() -> int:
    for n in range(99, 160):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


def _start_xvfb():
    exe = shutil.which("Xvfb")
    if exe is None:
        return None, None
    n = _free_display()
    proc = subprocess.Popen([exe, f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{n}").exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            return None, None
        time.sleep(0.05)
    return proc, f":{n}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshot.png"))
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if args.child:
        capture(out)
        return 0

    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
    env["SDL_AUDIODRIVER"] = "dummy"
    xvfb = None
    if not env.get("DISPLAY"):
        xvfb, display = _start_xvfb()
        if display:
            env["DISPLAY"] = display
        else:
            print("no X display and no Xvfb: drawing with SDL's dummy driver")
            env["SDL_VIDEODRIVER"] = "dummy"
    try:
        with tempfile.TemporaryDirectory() as home:
            env["OGRE_HOME"] = home            # default preferences, the player's untouched
            run = subprocess.run([sys.executable, __file__, "--child", "--out", str(out)],
                                 env=env, cwd=ROOT, timeout=120)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(5)
    if run.returncode:
        return run.returncode
    size = out.stat().st_size
    print(f"{out} ({size // 1024} KB)")
    if size > MAX_BYTES:
        print(f"larger than {MAX_BYTES // 1000} KB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

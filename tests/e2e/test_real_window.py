"""The real app in a real X window (Xvfb): it opens, draws the battle, and is no blank window.

The app runs in a child process with DISPLAY set and SDL_VIDEODRIVER unset, so the SDL
dummy driver the other UI tests use cannot leak in either direction. The child saves
what it drew (pygame.image.save of the window surface) and, when ImageMagick's `import`
is installed, what the X server itself shows (`import -window root`); the test checks
the pixels: the map area is mostly map colours, the sidebar its panel colour.

Skipped, with the reason, when Xvfb is not installed (.ci/run installs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent("""
    import os, shutil, subprocess, sys, time
    import pygame
    from ogre.rules import Enter, Move, apply, new_game
    from ogre.rules.state import OGRE_ID
    from ogre.storage.fields import load_predesigned
    from ogre.ui.app import App

    out = sys.argv[1]
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    state = new_game(field, 3, 7)
    for action in (Enter(1022), Move(OGRE_ID, 1020)):
        state, _ = apply(state, action)
    app = App(state=state)
    print("driver", pygame.display.get_driver(), flush=True)
    app.battle.selected = OGRE_ID
    for _ in range(5):
        app.dirty = True
        app.step()
        time.sleep(0.05)
    pygame.image.save(pygame.display.get_surface(), os.path.join(out, "window.png"))
    if shutil.which("import"):
        subprocess.run(["import", "-window", "root", os.path.join(out, "root.png")],
                       check=True, timeout=30)
    # the real loop: idles, then a QUIT (posted by a timer) ends it
    pygame.time.set_timer(pygame.QUIT, 700, loops=1)
    start = time.monotonic()
    app.run()
    print("loop", round(time.monotonic() - start, 2), flush=True)
""")


def _close(c, palette, tol=40) -> bool:
    return any(sum(abs(a - b) for a, b in zip(c[:3], p)) <= tol for p in palette)


def _fraction(img, rect, palette, step=4) -> float:
    x0, y0, x1, y1 = rect
    hits = total = 0
    for y in range(y0, y1, step):
        for x in range(x0, x1, step):
            total += 1
            hits += _close(img.get_at((x, y)), palette)
    return hits / total


def test_x4_real_window_shows_the_battle(xvfb, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
    env.update(DISPLAY=xvfb, SDL_AUDIODRIVER="dummy", OGRE_HOME=str(tmp_path / "home"),
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", CHILD, str(tmp_path)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "driver x11" in run.stdout, run.stdout
    assert "loop" in run.stdout                       # App.run() returned on QUIT

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ogre.ui.app import default_window_size
    from ogre.ui.toolkit import theme

    img = pygame.image.load(str(tmp_path / "window.png"))
    # no size given or remembered: the window fits the 1280 x 800 screen (B4)
    assert img.get_size() == default_window_size((1280, 800))
    w, h = img.get_size()
    k = w / theme.LOGICAL_SIZE[0]                      # the canvas is scaled to the window

    def at(*xs):
        return tuple(round(x * k) for x in xs)

    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 50, "a blank or nearly blank window"
    # the map's own colours (craters and rubble are left out: as dark as the panel)
    map_palette = [theme.MAP_BG, theme.MAP_CLEAR, theme.HEX_EDGE, theme.SWAMP, theme.RIVER]
    map_area = at(theme.SIDEBAR_W + 40, theme.MENU_H + 40) + (w - 40, h - 40)
    assert _fraction(img, map_area, map_palette) > 0.75
    sidebar_margin = at(0, theme.MENU_H + 2, 8) + (h,)      # left of the sidebar's boxes
    assert _fraction(img, sidebar_margin, [theme.PANEL], step=1) > 0.9
    sidebar = at(0, theme.MENU_H + 2, theme.SIDEBAR_W - 3) + (h,)
    assert _fraction(img, sidebar, [theme.PANEL, theme.BG], step=3) > 0.6
    assert _fraction(img, sidebar, map_palette, step=3) < 0.1

    root = tmp_path / "root.png"
    # What the X server itself shows; .ci/run installs ImageMagick for `import`.
    assert root.exists() or shutil.which("import") is None, "import found but no root.png"
    if root.exists():
        screen = pygame.image.load(str(root))
        assert screen.get_size() == (1280, 800)
        assert _fraction(screen, (0, 0, 1280, 800), map_palette, step=6) > 0.3
        assert _fraction(screen, (0, 0, 1280, 800), [theme.PANEL, theme.BG], step=6) > 0.1

"""The standalone build (X13), run as a player without Python would run it: dist/ogre/ogre, made
by `make dist`, with nothing on the PATH, no .venv and no PYTHONPATH, in a home of its own.

It answers --version; holds its data, its licences and nothing the game does not use, under
120 MB; installs its desktop entry; and in a real window (Xvfb, driven with xdotool's keys and
read with ImageMagick's `import` as tests/e2e/test_real_window.py reads its window) opens on the
Field Editor, starts a battle with P and Enter, saves it to the player's data folder as it quits
(Ctrl+Q, Save, game 1), then, started again, loads it from Menu > Load a Game and quits cleanly.

`make test-all` (CI) builds the game first and sets OGRE_DIST_REQUIRED, so a missing build
fails there; elsewhere these tests skip without one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "dist" / "ogre"
EXE = BUILD / ("ogre.exe" if sys.platform == "win32" else "ogre")
MOST_MB = 120
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def exe() -> Path:
    if not EXE.is_file():
        if os.environ.get("OGRE_DIST_REQUIRED"):
            pytest.fail("make dist did not leave dist/ogre/ogre")
        pytest.skip("no standalone build here: `make dist` makes dist/ogre/ (make test-all does)")
    return EXE


def _bare_env(tmp_path: Path, **more: str) -> dict[str, str]:
    """What a player's session gives the game: a home, an empty PATH, no Python anywhere."""
    empty = tmp_path / "empty-bin"
    empty.mkdir(exist_ok=True)
    return {"HOME": str(tmp_path / "home"), "PATH": str(empty), "LANG": "C.UTF-8", **more}


def test_x13_the_build_answers_its_version_with_no_python_at_all(exe, tmp_path):
    run = subprocess.run([str(exe), "--version"], env=_bare_env(tmp_path), capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ogre 0.") and "pygame-ce" in run.stdout


def test_x13_the_build_holds_its_data_and_licences_and_nothing_it_does_not_use():
    if not EXE.is_file():
        pytest.skip("no standalone build here")
    assert "Start it" in (BUILD / "README.txt").read_text()
    data = BUILD / "_internal" / "ogre" / "_data"
    for part in ("fields/standard-map.json", "assets/sounds", "assets/counters",
                 "desktop/io.github.ogre1986.ogre.desktop", "desktop/io.github.ogre1986.ogre.png"):
        assert (data / part).exists(), part
    licences = BUILD / "_internal" / "licenses"
    for part in ("THIRD-PARTY-NOTICES.txt", "ogre/LICENSE", "pygame-ce/LGPL-2.1.txt",
                 "pydantic/LICENSE"):
        assert (licences / part).is_file(), part
    names = {p.name for p in BUILD.rglob("*")}
    assert not names & {"numpy", "tkinter", "_tkinter", "pytest", "hypothesis", "mypy"}
    assert not any(n.startswith("_tkinter") for n in names)
    size = sum(p.stat().st_size for p in BUILD.rglob("*") if p.is_file())
    assert size <= MOST_MB * 1024 * 1024, f"{size / 2 ** 20:.0f} MB"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="desktop entries are Linux's")
def test_x13_the_build_installs_its_desktop_entry_naming_itself(exe, tmp_path):
    run = subprocess.run([str(exe), "--install-desktop"], env=_bare_env(tmp_path),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    entry = tmp_path / "home/.local/share/applications/io.github.ogre1986.ogre.desktop"
    assert f"Exec={exe}" in entry.read_text().splitlines()
    assert (tmp_path / "home/.local/share/icons/hicolor/256x256/apps/"
            "io.github.ogre1986.ogre.png").is_file()


# -- in a real window ------------------------------------------------------------------

def _tools() -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("the window is driven with xdotool under Xvfb: Linux only")
    missing = [t for t in ("xdotool", "import") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (apt-get install xdotool "
                    "imagemagick); the standalone window cannot be driven")


class _Game:
    """The build running in the X server, driven by keys, read by screenshots of its window."""

    def __init__(self, exe: Path, display: str, tmp_path: Path) -> None:
        self.display = display
        with open(tmp_path / "game.log", "ab") as log:
            self.proc = subprocess.Popen([str(exe)], stdout=log, stderr=subprocess.STDOUT,
                                         env=_bare_env(tmp_path, DISPLAY=display,
                                                       SDL_AUDIODRIVER="dummy"))
        deadline, found = time.monotonic() + 60, ""
        while not found:
            assert time.monotonic() < deadline and self.proc.poll() is None, "no window came"
            time.sleep(0.2)
            # this process's own window: a game that just quit may still be listed a moment
            found = self._x("search", "--all", "--onlyvisible", "--pid", str(self.proc.pid),
                            "--classname", "^ogre$")
        self.window = found.split()[0]
        time.sleep(1.0)                                  # its first frames drawn
        self._x("windowfocus", "--sync", self.window)

    def _x(self, *args: str, timeout: float = 20) -> str:
        run = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                             capture_output=True, text=True, timeout=timeout)
        return run.stdout

    def keys(self, *keys: str, pause: float = 1.0) -> None:
        for key in keys:
            self._x("key", key)
            time.sleep(pause)

    def shot(self, path: Path):
        subprocess.run(["import", "-window", self.window, str(path)], check=True, timeout=30,
                       env={**os.environ, "DISPLAY": self.display})
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame
        return pygame.image.load(str(path))

    def ended(self, seconds: float = 20) -> int | None:
        try:
            return self.proc.wait(seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def _palette_share(img, colour, x1: int) -> float:
    """The share of the sidebar (left of x1, under the menu bar) drawn in `colour`."""
    w, h = img.get_size()
    hits = total = 0
    for y in range(h // 14, h, 3):
        for x in range(0, x1, 3):
            total += 1
            hits += sum(abs(a - b) for a, b in zip(img.get_at((x, y))[:3], colour)) <= 12
    return hits / total


def test_x4_x13_the_build_opens_plays_saves_loads_and_quits_in_a_real_window(exe, xvfb,
                                                                             tmp_path):
    _tools()
    from ogre.ui.toolkit import theme

    game = _Game(exe, xvfb, tmp_path)
    editor = game.shot(tmp_path / "1-editor.png")
    sidebar = round(theme.SIDEBAR_W * editor.get_width() / theme.LOGICAL_SIZE[0]) - 4
    # the Field Editor's palette of pieces is drawn on map-coloured hexes; a battle's sidebar
    # holds none
    assert _palette_share(editor, theme.MAP_BG, sidebar) > 0.01
    game.keys("p", "Return", pause=3.0)                  # Play a Game, OK: the computer Ogre
    battle = game.shot(tmp_path / "2-battle.png")
    assert _palette_share(battle, theme.MAP_BG, sidebar) < 0.003
    game.keys("ctrl+q", "Return", "Return")              # Save, in game 1
    assert game.ended() == 0
    saved = tmp_path / "home/.local/share/ogre1986/games/slot1.json"    # platformdirs' folder
    assert saved.is_file()

    again = _Game(exe, xvfb, tmp_path)
    again.keys("m", "Down", "Down", "Return", "Return", pause=1.5)  # Load a Game, game 1
    loaded = again.shot(tmp_path / "3-loaded.png")
    assert _palette_share(loaded, theme.MAP_BG, sidebar) < 0.003
    again.keys("ctrl+q", pause=1.0)
    for _ in range(3):               # the Ogre moved on: Save, game 1, Replace it, then it quits
        if again.proc.poll() is not None:
            break
        again.keys("Return", pause=1.0)
    assert again.ended() == 0

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ogre.storage.games import GameStore
    kept = GameStore(saved.parent).load(1)
    assert kept.state.turn >= 1 and kept.start is not None and list(kept.log)

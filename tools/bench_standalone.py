"""How fast the standalone build starts, beside the installed game (X13).

    python -m tools.bench_standalone [--rounds 5]

Under an X server of its own (Xvfb, its screen a memory-mapped file: -fbdir), starts
`dist/ogre/ogre` (from `make dist`) and the installed game (`.venv/bin/ogre`: Python and the
package's imports) in turn, A B A B, each in a fresh home, and times each from just before the
process is created until its window is on the screen (xdotool sees it) and until its first
frame is drawn (the middle of the screen, black until then, shows the game), then ends it.
Prints each one's medians and the build's over the installed game's as ratios.
"""

from __future__ import annotations

import argparse
import mmap
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "dist" / "ogre" / "ogre"
INSTALLED = Path(sys.executable).parent / "ogre"


def xvfb(fbdir: str) -> tuple[subprocess.Popen, str]:
    read, write = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                             "-fbdir", fbdir, "-br", "-noreset", "-nolisten", "tcp"],
                            pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    number = os.read(read, 16).decode().strip()
    os.close(read)
    return proc, f":{number}"


class Screen:
    """The X server's screen, read from its file (XWD: a header, a colour map, the pixels)."""

    def __init__(self, fbdir: str) -> None:
        self.file = open(Path(fbdir) / "Xvfb_screen0", "rb")
        self.map = mmap.mmap(self.file.fileno(), 0, access=mmap.ACCESS_READ)
        header = struct.unpack(">25I", self.map[:100])
        size, width, height, line, colours = header[0], header[4], header[5], header[12], \
            header[19]
        self.middle = size + colours * 12 + (height // 2) * line + (width // 2) * 4

    def lit(self) -> bool:
        return self.map[self.middle:self.middle + 3] != b"\0\0\0"


def launch(command: Path, display: str, screen: Screen) -> tuple[float, float]:
    """Seconds from the start of `command` until its window shows, and until its first
    frame does."""
    with tempfile.TemporaryDirectory() as home:
        env = {"HOME": home, "PATH": os.environ.get("PATH", ""), "DISPLAY": display,
               "SDL_AUDIODRIVER": "dummy"}
        t0 = time.perf_counter()
        game = subprocess.Popen([str(command)], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT)
        window = 0.0
        try:
            while not screen.lit():
                if not window and subprocess.run(
                        ["xdotool", "search", "--classname", "^ogre$"],
                        env={**os.environ, "DISPLAY": display}, capture_output=True,
                        text=True).stdout.strip():
                    window = time.perf_counter() - t0
                if game.poll() is not None or time.perf_counter() - t0 > 60:
                    raise RuntimeError(f"{command} showed nothing: "
                                       f"{game.communicate()[0].decode()[-400:]}")
            return window, time.perf_counter() - t0
        finally:
            game.kill()
            game.wait()
            while screen.lit():                       # its window gone before the next
                time.sleep(0.01)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    missing = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
    if missing or not BUILD.is_file() or not INSTALLED.is_file():
        print(f"needs {', '.join(missing) or 'the build (make dist) and the installed game'}")
        return 1
    fbdir = tempfile.mkdtemp(prefix="ogre-fb-")
    server, display = xvfb(fbdir)
    times: dict[str, list[tuple[float, float]]] = {"build": [], "installed": []}
    try:
        time.sleep(0.5)
        screen = Screen(fbdir)
        launch(BUILD, display, screen)                     # warm the disk cache for both
        launch(INSTALLED, display, screen)
        for _ in range(args.rounds):
            times["build"].append(launch(BUILD, display, screen))
            times["installed"].append(launch(INSTALLED, display, screen))
    finally:
        server.terminate()
        shutil.rmtree(fbdir, ignore_errors=True)
    medians = {}
    for name, runs in times.items():
        window = statistics.median(w for w, _ in runs) * 1000
        frame = statistics.median(f for _, f in runs) * 1000
        medians[name] = (window, frame)
        print(f"{name:9}: window {window:.0f} ms, first frame {frame:.0f} ms (medians of "
              f"{len(runs)}; best first frame {min(f for _, f in runs) * 1000:.0f} ms)")
    (bw, bf), (iw, i_f) = medians["build"], medians["installed"]
    print(f"the build over the installed game: {bw / iw:.2f}x to the window, "
          f"{bf / i_f:.2f}x to the first frame")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

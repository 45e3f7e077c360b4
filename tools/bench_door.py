"""Does the host's screen stay live while strangers flood its door? (X10)

    python -m tools.bench_door [--rounds 2] [--seconds 5] [--rate 2000] [--addresses 256]

The real app (SDL's dummy driver) hosts a network game and waits for its guest, redrawing every
frame, while tools.strangers connects from `--addresses` loopback addresses at `--rate` a
second, in a process of its own. Quiet and flooded blocks alternate (A B A B ...) in one run, so
the two are measured side by side; each block times every frame and prints the median, the 95th
percentile and the worst, then the flooded blocks' figures over the quiet ones' as a ratio.
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

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("OGRE_LISTEN", "127.0.0.1")      # never beyond this computer

ROOT = Path(__file__).resolve().parents[1]
FRAME_MS = 16.0


def frames(app, seconds: float) -> list[float]:
    """Milliseconds of each frame drawn in `seconds`, as the frame loop would draw them."""
    out: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.dirty = True
        t0 = time.perf_counter()
        app.step([])
        out.append((time.perf_counter() - t0) * 1000)
        time.sleep(max(0.0, FRAME_MS / 1000 - (time.perf_counter() - t0)))   # 60 a second
    return out


def strangers(port: int, rate: int, addresses: int, seconds: float) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tools.strangers", "--port", str(port),
                             "--rate", str(rate), "--addresses", str(addresses),
                             "--seconds", str(seconds)], cwd=ROOT, stdout=subprocess.DEVNULL)


def summary(ms: list[float]) -> tuple[float, float, float]:
    cuts = statistics.quantiles(ms, n=20)
    return statistics.median(ms), cuts[18], max(ms)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rate", type=int, default=2000)
    ap.add_argument("--addresses", type=int, default=256)
    args = ap.parse_args(argv)
    os.environ["OGRE_HOME"] = tempfile.mkdtemp(prefix="ogre-door-")
    from ogre.net.link import Link
    from ogre.rules import new_game
    from ogre.storage.fields import load_predesigned
    from ogre.ui.app import App
    from ogre.ui.commands.network import Hosted, NetworkHost

    state = new_game(load_predesigned()[0].field, 3, 5)
    app = App(state=state)
    app.network = host = NetworkHost(app, Hosted(state, []), "ogre", 0)
    link = host.link
    assert isinstance(link, Link)                         # the direct link's door
    quiet: list[float] = []
    flooded: list[float] = []
    try:
        frames(app, 1.0)                                   # warm: the first frames set text
        for n in range(args.rounds):
            ms = frames(app, args.seconds)
            quiet += ms
            print(f"round {n + 1} quiet:   median %.2f ms, p95 %.2f ms, worst %.1f ms"
                  % summary(ms), flush=True)
            flood = strangers(link.port, args.rate, args.addresses, args.seconds + 0.5)
            time.sleep(0.3)                                # under way before the frames count
            ms = frames(app, args.seconds)
            flood.wait()
            flooded += ms
            print(f"round {n + 1} flooded: median %.2f ms, p95 %.2f ms, worst %.1f ms"
                  % summary(ms), flush=True)
    finally:
        host.close()
    (qm, qp, _), (fm, fp, fw) = summary(quiet), summary(flooded)
    over = sum(m > FRAME_MS for m in flooded)
    print(f"flooded at {args.rate}/s from {args.addresses} addresses: median {fm:.2f} ms, "
          f"p95 {fp:.2f} ms (<= {FRAME_MS:g}: {'yes' if fp <= FRAME_MS else 'NO'}), worst "
          f"{fw:.1f} ms, {over} of {len(flooded)} frames over {FRAME_MS:g} ms; ratio to quiet: "
          f"median {fm / qm:.2f}, p95 {fp / qp:.2f}; connections the host took: "
          f"{link._number:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Does the host's screen stay live while an internet game connects and plays? (X14)

    python -m tools.bench_wormhole [--rounds 3] [--seconds 20] [--direct]

A mailbox server and a transit relay run on 127.0.0.1 (tools.wormhole_servers). The real app
(SDL's dummy driver) hosts a battle over the internet, as Host a Network Game does; a guest
in a process of its own (`--guest CODE`, no window: a GuestEnd on its own wormhole, the Low
computer choosing its moves at once) joins with the code and plays. Every frame of the host is
timed - from asking for a code to the guest sitting down ("connecting"), then while the battle
is played ("playing", at most `--seconds`, the host's own moves chosen between frames by the
Low computer, as a player's clicks would come) - and each phase's median, 95th percentile and
worst are printed, over `--rounds` rounds, each with a new code and a new guest. The app draws
a second of frames before it hosts, as in tools.bench_door: a new window's first frame sets
all its text (a tenth of a second), whatever follows. `--direct` plays the same over the direct
TCP link on 127.0.0.1 instead, for a baseline from the same machine.
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
os.environ.setdefault("OGRE_LISTEN", "127.0.0.1")      # --direct: never beyond this computer

ROOT = Path(__file__).resolve().parents[1]
FRAME_MS = 16.0
JOIN_WAIT = 30.0


def summary(ms: list[float]) -> str:
    cuts = statistics.quantiles(ms, n=20, method="inclusive")   # never past the worst
    return (f"median {statistics.median(ms):.2f} ms, p95 {cuts[18]:.2f} ms, worst "
            f"{max(ms):.1f} ms, {sum(m > FRAME_MS for m in ms)} of {len(ms)} over "
            f"{FRAME_MS:g} ms")


def p95(ms: list[float]) -> float:
    return statistics.quantiles(ms, n=20, method="inclusive")[18]


def guest(code: str, mailbox: str, relay: str, port: int) -> int:
    """The guest's process: joins with `code` (on `port` of 127.0.0.1, the direct link) and
    plays the defence until the battle ends."""
    from ogre.ai.protocol import make_controller
    from ogre.net.ends import GuestEnd
    from ogre.net.guest_session import GuestSession
    from ogre.net.link import Link
    from ogre.net.servers import Servers
    from ogre.net.wormhole_link import WormholeLink

    session = GuestSession(code if port else "", "Bench")
    link = (Link.join("127.0.0.1", port) if port else
            WormholeLink.join(code, Servers(mailbox, relay)))
    end = GuestEnd(session, link)
    player = make_controller("defense", "Low", seed=2)
    asked_for = None
    while not end.closed and not (session.state is not None and session.state.over):
        end.pump()
        state = session.state
        if state is not None and session.my_turn() and state is not asked_for:
            asked_for = state
            end.play(player.choose(state))
        time.sleep(0.002)
    link.close()
    return 0


def _my_turn(app) -> bool:
    b = app.battle
    if b is not None and b.dialog is not None:
        b.dialog = None                          # the Ogre Entry note, read
    if b is not None:
        b.banner = []
    return (b is not None and not b.state.over and app.dialog is None
            and not app.commands.computer_acting())


def one_round(servers, seconds: float, direct: bool,
              pace: float = FRAME_MS) -> tuple[list[float], list[float], bool]:
    """(connecting frames, playing frames, whether the battle ended) of one hosted battle,
    a frame each `pace` milliseconds at most (a test runs them as fast as they come)."""
    from ogre.ai.protocol import make_controller
    from ogre.rules import new_game
    from ogre.rules.sides import acting_side
    from ogre.storage.fields import load_predesigned
    from ogre.ui.app import App
    from ogre.ui.commands.network import Hosted, NetworkHost

    state = new_game(load_predesigned()[0].field, 3, 5)
    app = App(state=state)
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi", "reminders": False})
    app.commands.clock = lambda: time.monotonic() * 100    # the guest's moves shown at once
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        _frame(app, pace)                                  # warm: the first frames set text
    app.network = host = NetworkHost(app, Hosted(state, [], state), "ogre",
                                     servers=None if direct else servers)
    port = str(getattr(host.link, "port", 0))
    player = make_controller("ogre", "Low", seed=1)
    connecting: list[float] = []
    playing: list[float] = []
    visitor = None
    try:
        end = time.monotonic() + JOIN_WAIT
        while not host.started and time.monotonic() < end:
            connecting.append(_frame(app, pace))
            if host.code and visitor is None:
                visitor = subprocess.Popen([sys.executable, "-m", "tools.bench_wormhole",
                                            "--guest", host.code, "--mailbox",
                                            servers.mailbox, "--relay", servers.relay,
                                            "--port", port if direct else "0"], cwd=ROOT)
        end = time.monotonic() + seconds
        while host.started and time.monotonic() < end:
            b = app.battle
            if b is None or b.state.over:
                break
            if _my_turn(app) and acting_side(b.state) == "ogre":
                b.act(player.choose(b.state), confirmed=True)     # a click, between frames
            playing.append(_frame(app, pace))
        return connecting, playing, app.battle is not None and app.battle.state.over
    finally:
        host.close()
        if visitor is not None:
            try:
                visitor.wait(timeout=10)
            except subprocess.TimeoutExpired:
                visitor.kill()


def _frame(app, pace: float) -> float:
    """One frame, as the frame loop draws it (60 a second): its milliseconds."""
    app.dirty = True
    t0 = time.perf_counter()
    app.step([])
    took = (time.perf_counter() - t0) * 1000
    time.sleep(max(0.001, pace / 1000 - took / 1000))
    return took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--direct", action="store_true", help="the direct TCP link instead")
    ap.add_argument("--guest", metavar="CODE", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--mailbox", help=argparse.SUPPRESS)
    ap.add_argument("--relay", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.guest:
        return guest(args.guest, args.mailbox, args.relay, args.port)
    from tools.wormhole_servers import LocalServers, available
    if available():
        print(available())
        return 1
    os.environ["OGRE_HOME"] = tempfile.mkdtemp(prefix="ogre-wormhole-")
    connecting: list[float] = []
    playing: list[float] = []
    with LocalServers() as local:
        for n in range(args.rounds):
            c, p, over = one_round(local.servers, args.seconds, args.direct)
            connecting += c
            playing += p
            print(f"round {n + 1} connecting: {summary(c)}", flush=True)
            print(f"round {n + 1} playing:    {summary(p)}{' (to the end)' if over else ''}",
                  flush=True)
    print(f"connecting, all rounds: {summary(connecting)}")
    print(f"playing, all rounds:    {summary(playing)}")
    worst = max(p95(connecting), p95(playing))
    print(f"p95 <= {FRAME_MS:g} ms while connecting and playing: "
          f"{'yes' if worst <= FRAME_MS else 'NO'} ({worst:.2f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

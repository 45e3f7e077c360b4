"""Peers for the network tests (X10): a host game pumped as its frame loop would, and a raw
socket that speaks bytes - what a hostile peer on 127.0.0.1 can send."""

from __future__ import annotations

import socket
import time

from ogre.ai.protocol import make_controller
from ogre.net.ends import HostEnd
from ogre.net.gate import Gate
from ogre.net.link import Link
from ogre.net.messages import Hello, read, write
from ogre.net.session import HostSession, new_code
from ogre.rules import new_game
from ogre.rules.sides import acting_side
from ogre.storage.fields import load_predesigned

LOOPBACK = "127.0.0.1"


def new_battle():
    return new_game(load_predesigned()[0].field, 3, seed=7)


class Host:
    """A host game in the test: its session and link, pumped as its frame loop would."""

    def __init__(self, clock=time.monotonic, session: HostSession | None = None,
                 **link) -> None:
        battle = new_battle()
        self.session = session or HostSession(battle, "defense", start=battle)
        self.link = Link.host(0, LOOPBACK, **link)
        self.end = HostEnd(self.session, self.link, Gate(new_code()), clock)

    @property
    def code(self) -> str:
        return self.end.gate.code

    @property
    def joined(self) -> bool:
        return self.end.joined

    @property
    def closed(self) -> list[str]:
        return [n.removeprefix("The guest is gone: ") for n in self.end.notes
                if n.startswith("The guest is gone")]

    def pump(self) -> None:
        self.end.pump()

    def play(self, action) -> None:
        self.end.play(action)


class Raw:
    """A peer that speaks bytes: for the hostile cases."""

    def __init__(self, port: int, source: str = LOOPBACK) -> None:
        # another loopback address (127.0.0.2...) is another computer to the host
        self.sock = socket.create_connection((LOOPBACK, port), timeout=5,
                                             source_address=(source, 0))
        self.buffer = b""
        self.seat = ""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def lines(self, host: Host, want: int = 1, seconds: float = 5.0) -> list[bytes]:
        out: list[bytes] = []
        self.sock.settimeout(0.05)
        end = time.monotonic() + seconds
        while len(out) < want and time.monotonic() < end:
            host.pump()
            try:
                data = self.sock.recv(65536)
                if not data:
                    break
                self.buffer += data
            except (TimeoutError, BlockingIOError):
                pass
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                out.append(line)
        return out


def free(host: Host) -> None:
    """Wait until the host has hung up on the last connection (its thread does it)."""
    end = time.monotonic() + 5
    while host.link.connected and time.monotonic() < end:
        host.pump()
        time.sleep(0.005)


def joined(host: Host, seat: str = "", source: str = LOOPBACK) -> Raw:
    """A guest that gave the code (and the seat's secret, sitting down again); `raw.seat` is
    the secret its Welcome handed it."""
    free(host)
    raw = Raw(host.link.port, source)
    raw.send(write(Hello(code=host.code, seat=seat)))
    [welcome] = raw.lines(host)
    msg = read(welcome)
    assert msg.kind == "welcome"
    raw.seat = msg.seat
    return raw


def play_both_sides(session: HostSession, done, guest=None, seed: int = 3) -> None:
    """The Low computer plays both sides on the host's session until `done(session)`, each
    answer passed on to `guest` (a GuestSession) when there is one."""
    players = {side: make_controller(side, "Low", seed=seed) for side in ("ogre", "defense")}
    for _ in range(3000):
        s = session.state
        if s.over or done(session):
            return
        side = acting_side(s)
        if side == session.guest_side:
            answer, _ = session.guest_acts(str(players[side].choose(s)))
            assert answer.kind == "applied"
        else:
            answer = session.host_act(players[side].choose(s))
        if guest is not None:
            guest.receive(write(answer))

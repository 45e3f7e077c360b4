"""Peers for the network tests (X10, X14): a host game pumped as its frame loop would, on either
link, and a raw peer that speaks bytes - what a hostile peer on 127.0.0.1 can send: a socket on
the direct link, a wormhole that proved the code on the internet's."""

from __future__ import annotations

import socket
import time

from ogre.ai.protocol import make_controller
from ogre.net.ends import HostEnd
from ogre.net.gate import Gate
from ogre.net.link import Link
from ogre.net.messages import Hello, read, write
from ogre.net.servers import Servers
from ogre.net.session import HostSession, new_code
from ogre.net.wormhole_link import WormholeLink
from ogre.rules import new_game
from ogre.rules.sides import acting_side
from ogre.storage.fields import load_predesigned

LOOPBACK = "127.0.0.1"
DEEP = b"[" * 3000 + b"]" * 3000 + b"\n"     # a line nested 3,000 deep, six kilobytes long


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


class InternetHost(Host):
    """A host game on the internet's link, through the local mailbox and relay: no gate, as
    the wormhole checks its own code."""

    def __init__(self, servers: Servers, clock=time.monotonic,
                 session: HostSession | None = None, **link) -> None:
        battle = new_battle()
        self.session = session or HostSession(battle, "defense", start=battle)
        self.servers = servers
        self.link = WormholeLink.host(servers, **link)
        self.end = HostEnd(self.session, self.link, None, clock)
        self.used: set[str] = set()             # codes a peer took: each works once

    @property
    def code(self) -> str:
        """A code no peer has taken yet: a new one is asked for when the last was taken."""
        if self.link.code in self.used:
            self.link.renew()
        end = time.monotonic() + 10
        while not self.link.code or self.link.code in self.used:
            assert time.monotonic() < end, f"no code came: {self.link.take_news()}"
            self.pump()
            time.sleep(0.005)
        return self.link.code


class RawInternet:
    """A peer that proved the code and then speaks bytes over the wormhole."""

    def __init__(self, host: InternetHost, code: str = "", **limits) -> None:
        code = code or host.code
        host.used.add(code)
        self.link = WormholeLink.join(code, host.servers, rate=0, **limits)
        self.seat = ""
        self.closed = ""

    def send(self, data: bytes) -> None:
        self.link.send(data)

    def lines(self, host: Host, want: int = 1, seconds: float = 5.0) -> list[bytes]:
        out: list[bytes] = []
        end = time.monotonic() + seconds
        while len(out) < want and time.monotonic() < end and not self.closed:
            host.pump()
            for kind, _, data in self.link.take(10_000):
                if kind == "line":
                    out.append(data)
                elif kind == "closed":
                    self.closed = str(data)
            time.sleep(0.002)
        return out

    def close(self) -> None:
        self.link.close()


def raw(host: Host, source: str = LOOPBACK) -> Raw | RawInternet:
    """A raw peer on the host's own link (on the internet's, with a code of its own)."""
    return RawInternet(host) if isinstance(host, InternetHost) else Raw(host.link.port, source)


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


def joined(host: Host, seat: str = "", source: str = LOOPBACK):
    """A guest that gave the code (and the seat's secret, sitting down again); `peer.seat` is
    the secret its Welcome handed it. On the internet's link the wormhole took the code, and
    the Hello carries none."""
    free(host)
    peer = raw(host, source)
    code = "" if isinstance(host, InternetHost) else host.code
    peer.send(write(Hello(code=code, seat=seat)))
    [welcome] = peer.lines(host)
    msg = read(welcome)
    assert msg.kind == "welcome"
    peer.seat = msg.seat
    return peer


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

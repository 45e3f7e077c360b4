"""The direct link (X10): TCP connections' lines, moved by a thread beside the frame loop.

It keeps the link protocol (`wire.Wire`), as the internet's link does (`wormhole_link`).

The thread only moves bytes, and everything it holds is bounded, per connection and in all:
- it cuts what arrives into lines, at most LINES_WAITING of them waiting per connection; past
  that it stops reading that connection (TCP slows the sender) until the frame loop takes them;
- a line longer than the connection's limit (MAX_LINE; HELLO_LINE before the host admits it),
  more than `rate` lines a second, or more than OUT_LIMIT bytes left unread at the other end
  ends the connection;
- after `heartbeat` seconds of silence it pings, after `dead` it gives the peer up;
- a host holds at most WAITING connections that have not given the join code (two from one
  address), each for HELLO_WAIT seconds; the oldest one that has sent nothing makes room for a
  new one, and one whose first line has come is never pushed out: strangers, from any number of
  addresses, can neither take the guest's place nor keep a guest who knocks from being heard;
- a connection the frame loop hears of has sent a line: silent ones come and go on the thread
  alone, so a flood of them costs the frame loop nothing;
- a guest's connection is made on the thread, so a host that does not answer never holds the
  frame loop.

The frame loop calls `take`, which hands over at most `budget` events: ("joined", n, address),
("line", n, bytes) and ("closed", n, reason), in order for each connection.
"""

from __future__ import annotations

import selectors
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from enum import Enum

from .lines import PING, Lines, queue_lines, retire, silence, take_in_turn
from .messages import MAX_LINE, Bye, Ping, write
from .wire import Event

RATE = 500             # lines a second a peer may send (a computer turn comes in bursts)
HEARTBEAT = 5.0        # seconds of silence before a ping
DEAD = 20.0            # seconds of silence before the peer is given up
HELLO_WAIT = 5.0       # seconds a new connection has to give the join code
HELLO_LINE = 1024      # bytes: a Hello is a hundred
LINES_WAITING = 64     # lines read ahead of the frame loop, per connection
OUT_LIMIT = 4 << 20    # bytes waiting for a peer that does not read: then it is let go
WAITING = 128          # connections not yet admitted, in all: 64 ms of 2,000 strangers a second
WAITING_PER_ADDRESS = 2
ACCEPTS_AT_ONCE = 64   # connections taken from the listener's queue each time it wakes
BACKLOG = 1024         # connections the system holds before the host takes them
CONNECT_WAIT = 10.0    # seconds to reach a host


class _HangUp(Enum):
    """In a connection's queue of lines to send: end the connection there."""
    HANG_UP = 0


HANG_UP = _HangUp.HANG_UP


@dataclass
class _Conn:
    sock: socket.socket
    number: int
    address: str
    admitted: bool
    told: bool          # the frame loop has heard of it (a host's stranger: once it sent a line)
    opened: float
    heard: float
    pinged: float
    cut: Lines = field(default_factory=lambda: Lines(RATE))
    lines: deque[Event] = field(default_factory=deque)      # for the frame loop
    out: deque[bytes | _HangUp] = field(default_factory=deque)
    out_bytes: int = 0
    events: int = 0                                         # what the selector watches

    @property
    def knocked(self) -> bool:
        """A stranger whose first line has come: it waits for the frame loop's answer."""
        return self.told and not self.admitted

    @property
    def limit(self) -> int:
        return MAX_LINE if self.admitted else HELLO_LINE


class Link:
    """A host's listener (`Link.host(port)`) or a guest's connection (`Link.join(...)`)."""

    def __init__(self, listener: socket.socket | None = None,
                 target: tuple[str, int] | None = None, *, dead: float = DEAD,
                 heartbeat: float = HEARTBEAT, rate: int = RATE,
                 hello_wait: float = HELLO_WAIT) -> None:
        self.listener = listener
        self.dead, self.heartbeat, self.rate, self.hello_wait = dead, heartbeat, rate, hello_wait
        self._conns: dict[int, _Conn] = {}
        self._ended: deque[_Conn] = deque()      # gone, with lines the frame loop has not taken
        self._sendq: deque[tuple[int, bytes | _HangUp | str]] = deque()
        self._lock = threading.Lock()
        self._number = 0
        self._target = target
        self._sel = selectors.DefaultSelector()
        self._stop = threading.Event()
        # send() wakes the thread at once through this pair, not at its next look
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, None)
        if listener is not None:
            listener.setblocking(False)
            self._sel.register(listener, selectors.EVENT_READ, None)
        self._thread = threading.Thread(target=self._run, name="ogre-net", daemon=True)
        self._thread.start()

    @classmethod
    def host(cls, port: int, address: str = "", **limits: float) -> Link:
        """Listen on `port` (0: any free one) of every interface, or of `address`; OSError
        when the port cannot be had."""
        listener = socket.create_server((address, port), backlog=BACKLOG)
        return cls(listener=listener, **limits)       # type: ignore[arg-type]

    @classmethod
    def join(cls, address: str, port: int, *, rate: int = RATE, **limits: float) -> Link:
        """Connect to a host, on the thread: a ("closed", 1, sentence) event when it cannot."""
        return cls(target=(address, port), rate=rate, **limits)   # type: ignore[arg-type]

    @property
    def port(self) -> int:
        if self.listener is not None:
            return int(self.listener.getsockname()[1])
        return self._target[1] if self._target else 0

    @property
    def connected(self) -> bool:
        """Some peer is on the line."""
        with self._lock:
            return bool(self._conns)

    def is_open(self, number: int) -> bool:
        with self._lock:
            return number in self._conns

    def unsent(self, number: int) -> int:
        """Bytes waiting to go to connection `number`."""
        with self._lock:
            conn = self._conns.get(number)
            return conn.out_bytes if conn is not None else 0

    def take(self, budget: int = 64) -> list[Event]:
        """At most `budget` events, taken in turn from each connection; never waits."""
        with self._lock:
            paused = any(len(c.lines) >= LINES_WAITING for c in self._conns.values())
            out = take_in_turn(self._conns.values(), self._ended, budget)
        if paused:
            self._wake()             # a connection paused on a full queue reads again
        return out

    def send(self, data: bytes, number: int = 1) -> None:
        """Send on connection `number` (a guest's is 1); dropped if it has gone."""
        self._post(number, data)

    def hang_up(self, number: int = 1) -> None:
        """End connection `number` once what was sent on it has gone (a host listens on)."""
        self._post(number, HANG_UP)

    def admit(self, number: int) -> None:
        """The host took this connection's join code: it is the guest, with a guest's limits."""
        self._post(number, "admit")

    def close(self) -> None:
        self._stop.set()
        self._wake()
        self._thread.join(timeout=2)

    def _post(self, number: int, item: bytes | _HangUp | str) -> None:
        with self._lock:
            self._sendq.append((number, item))
        self._wake()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass                             # already awake, or closed

    # -- the thread
    def _run(self) -> None:
        try:
            if self._target is not None:
                self._connect(*self._target)
            while not self._stop.is_set():
                for key, mask in self._sel.select(timeout=0.05):
                    if key.fileobj is self._wake_r:
                        self._drain_wake()
                    elif key.fileobj is self.listener:
                        self._accept()
                    elif isinstance(key.data, _Conn):
                        self._serve(key.data, mask)
                self._take_posts()
                self._watch()
                self._reselect()
        finally:
            for conn in list(self._conns.values()):
                self._end(conn, "The game closed the connection.")
            if self.listener is not None:
                self.listener.close()
            self._sel.close()
            self._wake_r.close()
            self._wake_w.close()

    def _connect(self, address: str, port: int) -> None:
        try:
            sock = socket.create_connection((address, port), timeout=CONNECT_WAIT)
        except OSError as err:
            self._number = 1
            with self._lock:
                self._ended.append(_gone(1, f"The host at {address}, port {port}, cannot be "
                                            f"reached ({err.strerror or err})."))
            return
        self._attach(sock, address, admitted=True)

    def _drain_wake(self) -> None:
        try:
            self._wake_r.recv(4096)
        except OSError:
            pass

    def _attach(self, sock: socket.socket, address: str, admitted: bool) -> _Conn:
        self._number += 1
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)    # a line goes at once
        now = time.monotonic()
        conn = _Conn(sock, self._number, address, admitted, admitted, now, now, now,
                     cut=Lines(self.rate))
        with self._lock:
            self._conns[conn.number] = conn
        return conn

    def _accept(self) -> None:
        assert self.listener is not None
        for _ in range(ACCEPTS_AT_ONCE):
            try:
                sock, peer = self.listener.accept()
            except OSError:
                return                       # none waiting (or one that gave up at once)
            self._let_in(sock, str(peer[0]))

    def _let_in(self, sock: socket.socket, address: str) -> None:
        """Full: the oldest waiting connection that has sent nothing (of this address, else of
        any) makes room; when every waiting one has knocked, the newcomer is turned away."""
        waiting = [c for c in self._conns.values() if not c.admitted]
        same = [c for c in waiting if c.address == address]
        if len(same) >= WAITING_PER_ADDRESS:
            crowd, reason = same, "Another connection came from your computer."
        elif len(waiting) >= WAITING:
            crowd, reason = waiting, "The host is busy: try again in a moment."
        else:
            crowd, reason = [], ""
        if crowd and not self._make_room(crowd, reason):
            _turn_away(sock, reason)
            return
        self._read(self._attach(sock, address, admitted=False))   # its Hello may be here

    def _make_room(self, crowd: list[_Conn], reason: str) -> bool:
        for conn in sorted(crowd, key=lambda c: c.opened):
            if not conn.knocked:
                self._read(conn)             # what it sent since the thread last looked
            if conn.number not in self._conns:
                return True
            if not conn.knocked:
                self._end(conn, reason)
                return True
        return False

    def _serve(self, conn: _Conn, mask: int) -> None:
        if mask & selectors.EVENT_READ:
            self._read(conn)
        if mask & selectors.EVENT_WRITE and conn.number in self._conns:
            self._write(conn)

    def _read(self, conn: _Conn) -> None:
        if conn.number not in self._conns:
            return
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._end(conn, "The other side left.", tell=False)
            return
        conn.heard = time.monotonic()
        lines, broken = conn.cut.feed(data, conn.limit, conn.heard)
        with self._lock:
            queue_lines(conn, lines, conn.address)
        if broken:
            self._end(conn, broken)

    def _take_posts(self) -> None:
        while True:
            with self._lock:
                if not self._sendq:
                    break
                number, item = self._sendq.popleft()
                conn = self._conns.get(number)
                if conn is None:
                    continue                         # meant for a connection that has gone
                if item == "admit":
                    conn.admitted = True
                    continue
                assert not isinstance(item, str)
                conn.out.append(item)
                conn.out_bytes += len(item) if isinstance(item, bytes) else 0
            if conn.out_bytes > OUT_LIMIT:
                self._end(conn, "The other side does not read what it is sent.")
            elif item is HANG_UP and len(conn.out) == 1:
                self._write(conn)

    def _write(self, conn: _Conn) -> None:
        while conn.out:
            item = conn.out[0]
            if item is HANG_UP:
                self._end(conn, "The connection was ended.", tell=False)
                return
            assert isinstance(item, bytes)
            try:
                sent = conn.sock.send(item)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self._end(conn, "The connection broke.", tell=False)
                return
            with self._lock:
                conn.out_bytes -= sent
                if sent < len(item):
                    conn.out[0] = item[sent:]
                    return
                conn.out.popleft()

    def _watch(self) -> None:
        """Silence: a ping after `heartbeat` seconds, the peer given up after `dead`; a
        connection without its join code let go after `hello_wait`."""
        now = time.monotonic()
        for conn in list(self._conns.values()):
            what = silence(conn, now, self.hello_wait, self.dead, self.heartbeat)
            if what == PING:
                ping = write(Ping())
                with self._lock:
                    conn.out.append(ping)
                    conn.out_bytes += len(ping)
            elif what:
                self._end(conn, what)

    def _reselect(self) -> None:
        """Read a connection while its queue has room; watch for room to write while it has
        something to send."""
        for conn in list(self._conns.values()):
            want = (selectors.EVENT_READ if len(conn.lines) < LINES_WAITING else 0) | (
                selectors.EVENT_WRITE if conn.out else 0)
            if want == conn.events:
                continue
            if conn.events and want:
                self._sel.modify(conn.sock, want, conn)
            elif want:
                self._sel.register(conn.sock, want, conn)
            else:
                self._sel.unregister(conn.sock)
            conn.events = want

    def _end(self, conn: _Conn, reason: str, tell: bool = True) -> None:
        if self._conns.get(conn.number) is not conn:
            return
        if tell:
            try:
                conn.sock.send(write(Bye(reason=reason[:200])))
            except OSError:
                pass
        with self._lock:                # gone for the frame loop before the peer can see it
            del self._conns[conn.number]
            retire(conn, reason, self._ended)
        if conn.events:
            self._sel.unregister(conn.sock)
        conn.sock.close()


def _turn_away(sock: socket.socket, reason: str) -> None:
    try:
        sock.setblocking(False)
        sock.send(write(Bye(reason=reason)))
    except OSError:
        pass
    sock.close()


def _gone(number: int, reason: str) -> _Conn:
    """A connection that never was, to carry its one event."""
    conn = _Conn(socket.socket(), number, "", True, True, 0.0, 0.0, 0.0)
    conn.sock.close()
    conn.lines.append(("closed", number, reason))
    return conn

"""The wire (X10): one TCP connection's lines, moved by a thread beside the frame loop.

The thread only moves bytes: it cuts what arrives into lines and puts them in `inbox`, and
writes what `send` hands it. It never blocks the caller, and it hangs up on a peer that sends
a line longer than MAX_LINE, floods (more than RATE lines a second), or goes silent: after
HEARTBEAT seconds without a word it pings, and after DEAD seconds it gives the peer up (a
half-open connection). A host listens for one guest at a time; a second is turned away.
"""

from __future__ import annotations

import queue
import selectors
import socket
import threading
import time
from enum import Enum

from .messages import MAX_LINE, Bye, Ping, write

RATE = 500             # lines a second a guest may send (a computer guest sends bursts)
HEARTBEAT = 5.0        # seconds of silence before a ping
DEAD = 20.0            # seconds of silence before the peer is given up
# (kind, connection, data): ("joined", n, address) | ("line", n, bytes) | ("closed", n, reason);
# n numbers the connections, so an answer goes to the one its question came from
Event = tuple[str, int, object]


class _HangUp(Enum):
    """In the queue of lines to send: end the connection there."""
    HANG_UP = 0


HANG_UP = _HangUp.HANG_UP


class Link:
    """A host's listener (`Link.host(port)`) or a guest's connection (`Link.join(...)`)."""

    def __init__(self, listener: socket.socket | None = None,
                 conn: socket.socket | None = None, *, dead: float = DEAD,
                 heartbeat: float = HEARTBEAT, rate: int = RATE) -> None:
        self.listener = listener
        self.conn: socket.socket | None = None
        self.inbox: queue.Queue[Event] = queue.Queue()
        self._out: queue.Queue[tuple[int, bytes | _HangUp]] = queue.Queue()
        self.number = 0                     # the current connection's number
        self.dead, self.heartbeat, self.rate = dead, heartbeat, rate
        self._sel = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._buffer = b""
        self._pending = b""
        # send() wakes the thread at once through this pair, not at its next look
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        if listener is not None:
            listener.setblocking(False)
            self._sel.register(listener, selectors.EVENT_READ, "listen")
        if conn is not None:
            self._attach(conn)
        self._thread = threading.Thread(target=self._run, name="ogre-net", daemon=True)
        self._thread.start()

    @classmethod
    def host(cls, port: int, address: str = "", *, dead: float = DEAD,
             heartbeat: float = HEARTBEAT, rate: int = RATE) -> Link:
        """Listen on `port` (0: any free one) of every interface, or of `address`."""
        listener = socket.create_server((address, port))
        return cls(listener=listener, dead=dead, heartbeat=heartbeat, rate=rate)

    @classmethod
    def join(cls, address: str, port: int, timeout: float = 5.0, *, dead: float = DEAD,
             heartbeat: float = HEARTBEAT, rate: int = 0) -> Link:
        """Connect to a host; OSError (its one sentence for the player) when it cannot. The
        host may send a computer turn's actions in a burst: no rate limit unless asked."""
        conn = socket.create_connection((address, port), timeout=timeout)
        return cls(conn=conn, dead=dead, heartbeat=heartbeat, rate=rate)

    @property
    def port(self) -> int:
        sock = self.listener or self.conn
        return sock.getsockname()[1] if sock is not None else 0

    @property
    def connected(self) -> bool:
        """A peer is on the line."""
        return self.conn is not None

    def send(self, data: bytes, number: int | None = None) -> None:
        """Send on connection `number` (default: the current one); dropped if it has gone."""
        self._out.put((self.number if number is None else number, data))
        self._wake()

    def hang_up(self, number: int | None = None) -> None:
        """End connection `number` once what was sent on it has gone (a host listens on)."""
        self._out.put((self.number if number is None else number, HANG_UP))
        self._wake()

    def close(self) -> None:
        self._stop.set()
        self._wake()
        self._thread.join(timeout=2)

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except OSError:
            pass                             # already awake, or closed

    # -- the thread
    def _attach(self, conn: socket.socket) -> None:
        self.number += 1
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)    # a line goes at once
        self.conn = conn
        self._buffer, self._pending = b"", b""
        self._heard = self._pinged = time.monotonic()
        self._second, self._lines = int(time.monotonic()), 0
        self._sel.register(conn, selectors.EVENT_READ, "conn")

    def _hang_up(self, reason: str, tell: bool = True) -> None:
        conn = self.conn
        if conn is None:
            return
        if tell:
            try:
                conn.send(write(Bye(reason=reason[:200])))
            except OSError:
                pass
        self.conn = None                       # all said before the peer can see the end
        self.inbox.put(("closed", self.number, reason))
        self._sel.unregister(conn)
        conn.close()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                for key, _ in self._sel.select(timeout=0.05):
                    if key.data == "wake":
                        self._drain_wake()
                    elif key.data == "listen":
                        self._accept()
                    elif self.conn is not None:
                        self._read()
                self._write()
                self._watch()
        finally:
            self._hang_up("The game closed the connection.")
            if self.listener is not None:
                self.listener.close()
            self._sel.close()
            self._wake_r.close()
            self._wake_w.close()

    def _drain_wake(self) -> None:
        try:
            self._wake_r.recv(4096)
        except OSError:
            pass

    def _accept(self) -> None:
        assert self.listener is not None
        try:
            conn, address = self.listener.accept()
        except OSError:
            return
        if self.conn is not None:                   # one guest per battle
            conn.setblocking(True)
            try:
                conn.sendall(write(Bye(reason="This battle already has its guest.")))
            except OSError:
                pass
            conn.close()
            return
        self._attach(conn)
        self.inbox.put(("joined", self.number, address))

    def _read(self) -> None:
        assert self.conn is not None
        try:
            data = self.conn.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._hang_up("The other side left.", tell=False)
            return
        self._heard = time.monotonic()
        self._buffer += data
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            if not self._count_line():
                return
            self.inbox.put(("line", self.number, line))
        if len(self._buffer) > MAX_LINE:
            self._hang_up("A message was too long.")

    def _count_line(self) -> bool:
        now = int(time.monotonic())
        if now != self._second:
            self._second, self._lines = now, 0
        self._lines += 1
        if self.rate and self._lines > self.rate:
            self._hang_up("Too many messages.")
            return False
        return True

    def _write(self) -> None:
        while self.conn is not None:
            if not self._pending:
                try:
                    number, item = self._out.get_nowait()
                except queue.Empty:
                    return
                if number != self.number:
                    continue                         # meant for a connection that has gone
                if item is HANG_UP:
                    self._hang_up("The connection was ended.", tell=False)
                    return
                assert isinstance(item, bytes)
                self._pending = item
            try:
                sent = self.conn.send(self._pending)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self._hang_up("The connection broke.", tell=False)
                return
            self._pending = self._pending[sent:]
        while not self._out.empty():               # nobody to send to: drop what waits
            self._out.get_nowait()

    def _watch(self) -> None:
        """Silence: a ping after HEARTBEAT seconds; the peer given up after DEAD."""
        if self.conn is None:
            return
        now = time.monotonic()
        if now - self._heard > self.dead:
            self._hang_up("The other side stopped answering.")
        elif now - self._heard > self.heartbeat and now - self._pinged > self.heartbeat:
            self._pinged = now
            self._out.put((self.number, write(Ping())))

"""One connection's bytes cut into lines, within its limits (X10, X14): the same on every link.

Both links - direct TCP and the internet's wormhole - hand what arrives on a connection to a
`Lines`, so a line too long or a flood of lines is refused in the same words whichever way it
came. A line is cut at each newline; a line longer than the connection's limit, or more than
`rate` lines in one second, ends the connection (the reason is the sentence the peer is sent).

>>> cut = Lines(rate=2)
>>> cut.feed(b'{"a": 1}\\n{"b"', limit=100, now=0.0)
([b'{"a": 1}'], '')
>>> cut.feed(b': 2}\\n\\n', limit=100, now=0.5)
([b'{"b": 2}'], 'Too many messages.')
>>> Lines(rate=0).feed(b"x" * 101, limit=100, now=0.0)
([], 'A message was too long.')
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any, Protocol

from .wire import Event

TOO_LONG = "A message was too long."
TOO_MANY = "Too many messages."


class Lines:
    def __init__(self, rate: int) -> None:
        self.rate = rate                      # lines a second (0: no limit)
        self.buffer = bytearray()
        self.second = -1
        self.count = 0

    def feed(self, data: bytes, limit: int, now: float) -> tuple[list[bytes], str]:
        """(the whole lines that `data` completes, and why the connection must end: "" while
        it keeps within its limits). The lines before a broken one are still given."""
        self.buffer += data
        cut = self.buffer.rfind(b"\n")
        lines = bytes(self.buffer[:cut]).split(b"\n") if cut >= 0 else []
        del self.buffer[:cut + 1]
        good: list[bytes] = []
        for line in lines:
            if len(line) > limit:
                return good, TOO_LONG
            if not self._counted(now):
                return good, TOO_MANY
            good.append(line)
        if len(self.buffer) > limit:          # a line that has not ended is already too long
            return good, TOO_LONG
        return good, ""

    def _counted(self, now: float) -> bool:
        second = int(now)
        if second != self.second:
            self.second, self.count = second, 0
        self.count += 1
        return not self.rate or self.count <= self.rate


class Queued(Protocol):
    """A connection as both links keep it: its number, its lines for the frame loop, and
    whether the frame loop has heard of it yet."""

    number: int
    lines: deque[Event]
    told: bool
    out: deque[Any]
    out_bytes: int


def queue_lines(conn: Queued, lines: list[bytes], address: object) -> None:
    """A connection's lines, queued for the frame loop: "joined" before its first."""
    for line in lines:
        if not conn.told:
            conn.told = True
            conn.lines.append(("joined", conn.number, address))
        conn.lines.append(("line", conn.number, line))


def take_in_turn(live: Iterable[Queued], ended: deque[Any], budget: int) -> list[Event]:
    """At most `budget` events, one from each connection in turn, the ended ones' last lines
    included; an ended connection with none left is forgotten."""
    out: list[Event] = []
    sources = [*live, *ended]
    while len(out) < budget and any(c.lines for c in sources):
        for conn in sources:
            if conn.lines and len(out) < budget:
                out.append(conn.lines.popleft())
    while ended and not ended[0].lines:
        ended.popleft()
    return out


def retire(conn: Queued, reason: str, ended: deque[Any]) -> None:
    """A connection ended: what it had to send is dropped, and the frame loop, if it heard of
    it, hears of its end after its last lines."""
    conn.out.clear()
    conn.out_bytes = 0
    if conn.told:
        conn.lines.append(("closed", conn.number, reason))
        ended.append(conn)


class Listening(Protocol):
    """What the silence watch reads of a connection (both links' connections have it)."""

    admitted: bool
    opened: float
    heard: float
    pinged: float


PING = "ping"            # silence's answer when a ping is due


def silence(conn: Listening, now: float, hello_wait: float, dead: float,
            heartbeat: float) -> str:
    """What a connection's silence calls for: the sentence it is let go with, PING when a ping
    is due (noted as sent), or "" for nothing. A connection without its join code goes after
    `hello_wait` seconds, a peer not heard for `dead`; a ping after `heartbeat`."""
    if not conn.admitted and now - conn.opened > hello_wait:
        return "No join code came in time."
    if now - conn.heard > dead:
        return "The other side stopped answering."
    if now - conn.heard > heartbeat and now - conn.pinged > heartbeat:
        conn.pinged = now
        return PING
    return ""

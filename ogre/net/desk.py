"""The internet link's desk (X14): what its two threads share, behind one lock.

The frame loop's side (`wormhole_link.WormholeLink`) and the reactor's side (`meeting.Meeting`)
each hold the desk, never each other: on it lie each connection's lines for the frame loop and
what waits to be sent, the door's news for the host's screen, and the link's settings.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .lines import Lines
from .link import DEAD, HEARTBEAT, HELLO_LINE, HELLO_WAIT, RATE
from .messages import MAX_LINE, VERSION
from .servers import Servers
from .wire import Event

MAILBOX_WAIT = 8.0       # seconds to reach the mailbox server: the player hears within 10
ANSWER_WAIT = 20.0       # seconds for the game that made the code to answer a guest
CONNECT_WAIT = 30.0      # seconds for the two games to connect once they share a key
INTERNET = "the internet"     # where a guest on this link comes from, for the host's notes


@dataclass
class Peer:
    """One connection (a dilated wormhole's subchannel): the lines for the frame loop, and what
    waits to be sent. The reactor's thread alone touches `transport`, `cut` and the times."""
    number: int
    admitted: bool
    told: bool
    opened: float
    cut: Lines
    room: Any = None                  # the wormhole it came through
    transport: Any = None             # None until the wormhole's connection is made
    heard: float = 0.0
    pinged: float = 0.0
    paused: bool = False              # its reading stopped: the frame loop is behind
    blocked: bool = False             # the wormhole asked for no more writes for now
    lines: deque[Event] = field(default_factory=deque)
    out: deque[bytes | None] = field(default_factory=deque)    # None: hang up there
    out_bytes: int = 0

    @property
    def limit(self) -> int:
        return MAX_LINE if self.admitted else HELLO_LINE


@dataclass
class Settings:
    """A link's servers and limits (the tests shorten them)."""
    servers: Servers
    dead: float = DEAD
    heartbeat: float = HEARTBEAT
    rate: int = RATE
    hello_wait: float = HELLO_WAIT
    mailbox_wait: float = MAILBOX_WAIT
    answer_wait: float = ANSWER_WAIT
    protocol: int = VERSION           # the network version it says it speaks (a test's older)


class Desk:
    def __init__(self, settings: Settings, hosting: bool, code: str = "") -> None:
        self.settings = settings
        self.hosting = hosting
        self.typed = code                     # the guest's code
        self.mark = secrets.token_hex(16) if hosting else ""    # the guest learns the host's
        self.code = ""                        # the host's code, once the mailbox gave one
        self.failed = ""                      # why a guest could not get in
        self.news: deque[tuple[str, str]] = deque(maxlen=20)    # for the host's screen
        self.peers: dict[int, Peer] = {}
        self.ended: deque[Peer] = deque()     # gone, with lines the frame loop has not taken
        self.lock = threading.Lock()
        self.number = 0
        if not hosting:                       # its Hello waits here until the way is open
            self.peers[1] = self.new_peer(admitted=True)

    def new_peer(self, admitted: bool) -> Peer:
        self.number += 1
        now = time.monotonic()
        return Peer(self.number, admitted, admitted, now, Lines(self.settings.rate), heard=now,
                    pinged=now)

    def fail(self, sentence: str) -> None:
        """The link cannot work at all: the host's screen hears it as the door's news, a
        guest's as its connection's end."""
        with self.lock:
            if self.failed:
                return
            self.failed = sentence
            if self.hosting:
                self.news.append(("failed", sentence))
            peer = self.peers.pop(1, None) if not self.hosting else None
            if peer is not None:
                peer.lines.append(("closed", 1, sentence))
                self.ended.append(peer)

    def tell(self, kind: str, words: str) -> None:
        """News of the door, from the reactor's thread: ("code", code), ("burned", sentence)
        or ("failed", sentence)."""
        with self.lock:
            if kind == "code":
                self.code = words
            self.news.append((kind, words))

"""The internet link (X14): two games meet by a short code, through a magic-wormhole mailbox.

The host's game asks the mailbox server for a code (`7-crossover-clockwork`) and the player
reads it out; the guest types it. The two games prove to each other that they know the code
(SPAKE2: a wrong guess learns nothing and burns the code, and both are told), agree a key, and
then talk over a dilated wormhole: one lasting, encrypted connection through the transit relay,
which both games reach by connecting out. Nobody opens a port, and nothing listens.

It keeps the link protocol (`wire.Wire`) with the same limits as the direct link, from the same
constants: lines cut by `lines.Lines` (MAX_LINE, HELLO_LINE before the host admits the guest,
RATE a second), at most LINES_WAITING read ahead of the frame loop (then the wormhole stops
reading, and the sender is slowed), at most OUT_LIMIT bytes waiting for a peer that does not
read, pings after HEARTBEAT seconds of silence and the peer given up after DEAD.

Only a game that proved the code reaches the host's game at all, so strangers and floods stop at
the mailbox; the host's join-code gate is not needed on this path, and the guest's Hello carries
no code. The seat's secret still decides who sits down again: the host's game sends a mark of its
own (128 bits, new for each battle hosted) with the wormhole's first messages, and a guest keeps
its secret under that mark, so it never shows it to another host.

The wormhole lives on Twisted's reactor thread (`reactor.py`); `meeting.py` is its side, and it
is only imported there. This side is what the frame loop touches: queues behind one lock.
"""

from __future__ import annotations

import importlib.util
import threading
from typing import Any

from . import reactor
from .desk import Desk, Settings
from .lines import take_in_turn
from .servers import Servers
from .wire import Event

CLOSE_WAIT = 0.25        # seconds the game waits for its last words to go when it leaves


class WormholeLink:
    """A host's door (`WormholeLink.host(servers)`) or a guest's way in (`.join(code, ...)`)."""

    def __init__(self, servers: Servers, code: str = "", *, hosting: bool,
                 **limits: Any) -> None:
        self.desk = Desk(Settings(servers, **limits), hosting, code)
        self.side: Any = None                 # meeting.Meeting, on the reactor's thread
        self._shut = threading.Event()
        reactor.call(self._begin)

    @classmethod
    def host(cls, servers: Servers, **limits: Any) -> WormholeLink:
        """Ask the mailbox for a code (news: ("code", code), or ("failed", sentence))."""
        return cls(servers, hosting=True, **limits)

    @classmethod
    def join(cls, code: str, servers: Servers, **limits: Any) -> WormholeLink:
        """Meet the host that made `code`: a ("closed", 1, sentence) event when it cannot."""
        return cls(servers, code, hosting=False, **limits)

    @property
    def code(self) -> str:
        """The host's code ("" until the mailbox gave one)."""
        with self.desk.lock:
            return self.desk.code

    @property
    def mark(self) -> str:
        """The host's mark (a guest's: "" until the host's game said it)."""
        with self.desk.lock:
            return self.desk.mark

    @property
    def failed(self) -> str:
        """Why a guest could not get in ("" while it may)."""
        with self.desk.lock:
            return self.desk.failed

    # -- the link protocol, for the frame loop
    @property
    def connected(self) -> bool:
        with self.desk.lock:
            return any(p.transport is not None for p in self.desk.peers.values())

    def is_open(self, number: int) -> bool:
        with self.desk.lock:
            return number in self.desk.peers

    def unsent(self, number: int) -> int:
        with self.desk.lock:
            peer = self.desk.peers.get(number)
            return peer.out_bytes if peer is not None else 0

    def take(self, budget: int = 64) -> list[Event]:
        self._check()
        desk = self.desk
        with desk.lock:
            paused = any(p.paused for p in desk.peers.values())
            out = take_in_turn(desk.peers.values(), desk.ended, budget)
        if paused:
            self._post("resume")            # a connection paused on a full queue reads again
        return out

    def send(self, data: bytes, number: int = 1) -> None:
        self._post("write", number, data)

    def hang_up(self, number: int = 1) -> None:
        self._post("write", number, None)

    def admit(self, number: int) -> None:
        self._post("admit", number)

    def close(self) -> None:
        """Say goodbye on every connection and let the wormholes go; waits a moment at most."""
        self._post("shut", self._shut)
        self._shut.wait(CLOSE_WAIT)

    # -- for the host's screen
    def renew(self) -> None:
        """A new code (the host's New Code): the code shown until now opens nothing more."""
        with self.desk.lock:
            self.desk.code = ""
        self._post("open_door")

    def take_news(self) -> list[tuple[str, str]]:
        """What the door did since the last look: ("code", code), ("burned", sentence) or
        ("failed", sentence)."""
        self._check()
        with self.desk.lock:
            news = list(self.desk.news)
            self.desk.news.clear()
        return news

    def _check(self) -> None:
        """The reactor's thread could not start: this link fails, once, in its sentence."""
        why = reactor.broken()
        if why and not self.desk.failed:
            self.desk.fail(why)

    def _begin(self) -> None:
        try:
            from .meeting import Meeting
            self.side = Meeting(self.desk)
            self.side.start()
        except Exception as exc:      # a copy of the game missing a part: said, not a traceback
            self.desk.fail(f"Playing over the internet cannot start in this copy of the game "
                           f"({type(exc).__name__}: {str(exc)[:80]}).")

    def _post(self, what: str, *args: object) -> None:
        reactor.call(self._on_thread, what, *args)

    def _on_thread(self, what: str, *args: object) -> None:
        if self.side is not None:
            getattr(self.side, what)(*args)
        elif what == "shut":
            self._shut.set()


def missing() -> str:
    """Why this game cannot play over the internet, in a sentence ("" when it can): a copy
    installed without its magic-wormhole (the game's own dependency) says so."""
    for package in ("twisted", "wormhole", "noise"):
        if importlib.util.find_spec(package) is None:
            return ("Playing over the internet needs the magic-wormhole package, which this copy "
                    "of the game lacks: install the game again.")
    return ""

"""The internet link's side on the reactor's thread (X14): wormholes, their codes, connections.

Imported only on that thread (`reactor.py`), with Twisted and magic-wormhole. Everything here
runs on it; what the frame loop needs is left in the link's desk (`desk.py`).

The host keeps one door at a time: a wormhole with a code, waiting. When a game proves the code,
the door becomes that guest's room (a dilated wormhole; its subchannels are the link's
connections) and no door is open until the guest is gone: then a new one opens by itself, so the
guest can come back with the new code. A wrong guess burns the door's code (SPAKE2 lets nobody
try twice); then no door opens until the host asks for a new code, so every guess costs the
guesser a word with the host.

Neither game listens for a connection (dilation's `no_listen`): both connect out to the transit
relay, so no firewall asks the player anything, no port is opened, and neither game learns the
other's local addresses; a turn-based battle does not miss the direct path's speed. The
connections take Twisted's plain Protocol and the game's own line framing (`lines.Lines`):
Twisted's LineReceiver does not work on a dilation subchannel.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import wormhole  # type: ignore[import-untyped]
from twisted.internet import defer, task
from twisted.internet import reactor as _reactor
from twisted.internet.protocol import Factory, Protocol
from twisted.python.failure import Failure
from wormhole.errors import (  # type: ignore[import-untyped]
    KeyFormatError,
    ServerError,
    WelcomeError,
    WrongPasswordError,
)

from .desk import CONNECT_WAIT, INTERNET, Desk, Peer
from .lines import PING, queue_lines, retire, silence
from .link import LINES_WAITING, OUT_LIMIT, WAITING_PER_ADDRESS
from .messages import Bye, Ping, other_version, write
from .servers import APPID, host_of

reactor: Any = _reactor
SUBPROTOCOL = "ogre-battle"
CODE_WORDS = 2           # 7-crossover-clockwork: 65,536 pairs of words, and one guess each
WATCH = 0.25             # seconds between looks at each connection's silence
CHUNK = 16 * 1024        # bytes written at once: a wormhole's record holds at most 64 KiB
LINGER = 1.0             # seconds a wormhole stays after its last connection: the goodbyes go
BURNED = ("Someone typed a wrong code, so {code} no longer works: New Code makes another to "
          "read out.")
WRONG = "That code is wrong, or it was used already: ask the host for a new one."
NO_ANSWER = ("No game answered the code {code}: check it with the host, who can make a new "
             "one.")
FORMAT = "A code is a number and two words, like 7-crossover-clockwork."
UNREACHABLE = ("The mailbox server ({name}) cannot be reached: check that this computer is on "
               "the internet, then try again.")
REFUSED = "The mailbox server ({name}) refused: {why}"
NO_WAY = ("The two games found each other but could not connect, not even through the relay "
          "({name}): try again in a moment.")


class Room:
    """One wormhole: a door while it waits for its guest, then the way to that guest."""

    def __init__(self, w: Any) -> None:
        self.w = w
        self.live = 0                  # its connections now
        self.used = False              # a connection came through it
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.w.close().addErrback(lambda _: None)     # a door closed early says so: heard


class Meeting:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.door: Room | None = None
        self.burned = False             # the door's code was guessed wrong: the host renews
        self.shut_down = False
        self.watch = task.LoopingCall(self._watch)

    def start(self) -> None:
        self.watch.start(WATCH, now=False)
        if self.desk.hosting:
            self.open_door()
        else:
            self._guard(self._join())

    def _wormhole(self, mine: dict[str, object]) -> Any:
        return wormhole.create(APPID, self.desk.settings.servers.mailbox, reactor,
                               dilation=True,
                               versions={"ogre": {"protocol": self.desk.settings.protocol,
                                                  **mine}})

    def _guard(self, work: Any) -> None:
        """Run a coroutine; whatever it raises ends the link in a sentence, not a traceback."""
        defer.ensureDeferred(work).addErrback(self._broke)

    def _broke(self, failure: Failure) -> None:
        why = failure.getErrorMessage()[:120] or type(failure.value).__name__
        sentence = f"The internet connection failed ({why})."
        if not self.desk.hosting:
            self._fail(sentence)
        elif self.door is not None:
            self._door_shut(self.door, "failed", sentence)

    # -- the host's door
    def open_door(self) -> None:
        """A new door with a new code; the one before it (if any) opens nothing any more."""
        if self.shut_down:
            return
        if self.door is not None:
            self.door.close()
        self.burned = False
        try:
            room = self.door = Room(self._wormhole({"mark": self.desk.mark}))
        except Exception as exc:          # a mailbox address the library refuses
            self.door = None
            self.desk.tell("failed", self._mailbox_trouble(exc))
            return
        self._guard(self._host(room))

    async def _host(self, room: Room) -> None:
        w = room.w
        w.allocate_code(CODE_WORDS)
        try:
            await _within(w.get_welcome(), self.desk.settings.mailbox_wait)
            code = await _within(w.get_code(), self.desk.settings.mailbox_wait)
        except Exception as exc:
            self._door_shut(room, "failed", self._mailbox_trouble(exc))
            return
        if room is not self.door:
            return                                 # renewed meanwhile: it was closed
        self.desk.tell("code", code)
        try:
            versions = await w.get_versions()      # the door waits for its guest
        except WrongPasswordError:
            self.burned = self.burned or room is self.door
            self._door_shut(room, "burned", BURNED.format(code=code))
            return
        except Exception as exc:
            self._door_shut(room, "failed", self._mailbox_trouble(exc))
            return
        if room is not self.door:
            room.close()
            return
        if _ours(versions, self.desk.settings.protocol) is None:   # the code is spent all the same
            self.burned = True
            self._door_shut(room, "burned", _other(versions, self.desk.settings.protocol))
            return
        self.door = None
        dilated = w.dilate(transit_relay_location=self.desk.settings.servers.relay,
                           no_listen=True, on_status_update=lambda _: self._no_delay(room))
        reactor.callLater(CONNECT_WAIT + self.desk.settings.hello_wait, self._unused, room)
        await dilated.listener_for(SUBPROTOCOL).listen(_Factory(self, room))

    def _door_shut(self, room: Room, kind: str, sentence: str) -> None:
        """A door that cannot open (any more): the host is told, if it is still the door."""
        room.close()
        if room is self.door and not self.shut_down:
            self.door = None
            self.desk.tell(kind, sentence)

    def _unused(self, room: Room) -> None:
        """A guest that proved the code but never connected: the door opens again."""
        if not room.used:
            room.close()
            self._reopen()

    def _reopen(self) -> None:
        """The guest is gone: a new door, so that they can come back with its code - unless a
        wrong guess burned the last one (then the host renews), or a guest is still here."""
        seated = any(p.admitted and p.transport is not None for p in self.desk.peers.values())
        if self.door is None and not self.burned and not seated and not self.shut_down:
            self.open_door()

    # -- the guest's way in
    async def _join(self) -> None:
        desk, code = self.desk, self.desk.typed
        room = Room(self._wormhole({}))
        desk.peers[1].room = room
        try:
            room.w.set_code(code)
        except (KeyFormatError, ValueError, TypeError):
            self._fail(FORMAT)
            return
        try:
            await _within(room.w.get_welcome(), desk.settings.mailbox_wait)
        except Exception as exc:
            self._fail(self._mailbox_trouble(exc))
            return
        try:
            versions = await _within(room.w.get_versions(), desk.settings.answer_wait)
        except WrongPasswordError:
            self._fail(WRONG)
            return
        except defer.TimeoutError:
            self._fail(NO_ANSWER.format(code=code))
            return
        except Exception as exc:
            self._fail(self._mailbox_trouble(exc))
            return
        mark = _ours(versions, desk.settings.protocol)
        if mark is None:
            self._fail(_other(versions, desk.settings.protocol))
            return
        with desk.lock:
            desk.mark = mark
        dilated = room.w.dilate(transit_relay_location=desk.settings.servers.relay,
                                no_listen=True, on_status_update=lambda _: self._no_delay(room))
        try:
            await _within(dilated.connector_for(SUBPROTOCOL).connect(_Factory(self, room)),
                          CONNECT_WAIT)
        except Exception:
            self._fail(NO_WAY.format(name=host_of(desk.settings.servers.relay)))

    def _fail(self, sentence: str) -> None:
        """The guest could not get in: said once, as its connection's end."""
        desk = self.desk
        with desk.lock:
            desk.failed = desk.failed or sentence
        peer = desk.peers.get(1)
        if not desk.hosting and peer is not None:
            self.end(peer, sentence, tell=False)

    def _mailbox_trouble(self, exc: Exception) -> str:
        name = host_of(self.desk.settings.servers.mailbox)
        if isinstance(exc, WelcomeError | ServerError):
            return REFUSED.format(name=name, why=str(exc)[:120] or "no reason given.")
        return UNREACHABLE.format(name=name)

    # -- connections
    def attach(self, proto: _Peer, room: Room) -> Peer | None:
        desk, transport = self.desk, proto.wire
        if room.closed or self.shut_down:
            transport.loseConnection()
            return None
        with desk.lock:
            if desk.hosting:
                waiting = [p for p in desk.peers.values() if p.room is room and not p.admitted]
                if len(waiting) >= WAITING_PER_ADDRESS:
                    peer = None
                else:
                    peer = desk.new_peer(admitted=False)
                    desk.peers[peer.number] = peer
            else:
                peer = desk.peers.get(1)
        if peer is None:
            if desk.hosting:
                transport.write(write(Bye(reason="Another connection came from your "
                                                 "computer.")))
            transport.loseConnection()
            return None
        peer.room, peer.transport, proto.peer = room, transport, peer
        peer.heard = peer.pinged = peer.opened = time.monotonic()
        room.live += 1
        room.used = True
        transport.registerProducer(proto, True)
        self._no_delay(room)
        self.flush(peer)                             # a guest's Hello, waiting till now
        return peer

    def _no_delay(self, room: Room) -> None:
        """Each line goes at once, as on the direct link: Nagle's algorithm held every small
        record of the wormhole's TCP connection for the peer's delayed acknowledgement, 44 ms
        each way. The connection is dilation's own (it changes when it reconnects, which is
        when the status changes): reached through the subchannel, and left alone if the
        library's insides ever move."""
        for peer in list(self.desk.peers.values()):
            if peer.room is room and peer.transport is not None:
                try:
                    peer.transport._manager._connection.transport.setTcpNoDelay(True)
                except AttributeError:
                    pass

    def read(self, peer: Peer, data: bytes) -> None:
        desk = self.desk
        if desk.peers.get(peer.number) is not peer:
            return
        peer.heard = time.monotonic()
        lines, broken = peer.cut.feed(data, peer.limit, peer.heard)
        with desk.lock:
            queue_lines(peer, lines, INTERNET)
            full = len(peer.lines) >= LINES_WAITING
        if broken:
            self.end(peer, broken)
        elif full and not peer.paused:
            peer.paused = True                       # the sender is slowed till it is read
            peer.transport.pauseProducing()

    def resume(self) -> None:
        for peer in list(self.desk.peers.values()):
            if peer.paused and len(peer.lines) < LINES_WAITING and peer.transport is not None:
                peer.paused = False
                peer.transport.resumeProducing()

    def admit(self, number: int) -> None:
        peer = self.desk.peers.get(number)
        if peer is not None:
            peer.admitted = True

    def write(self, number: int, data: bytes | None) -> None:
        desk = self.desk
        peer = desk.peers.get(number)
        if peer is None:
            return                                   # meant for a connection that has gone
        with desk.lock:
            peer.out.append(data)
            peer.out_bytes += len(data) if data else 0
        if peer.out_bytes > OUT_LIMIT:
            self.end(peer, "The other side does not read what it is sent.")
        else:
            self.flush(peer)

    def flush(self, peer: Peer) -> None:
        desk = self.desk
        while peer.out and peer.transport is not None and not peer.blocked:
            item = peer.out[0]
            if item is None:
                self.end(peer, "The connection was ended.", tell=False)
                return
            chunk = item[:CHUNK]
            with desk.lock:
                peer.out_bytes -= len(chunk)
                if len(chunk) < len(item):
                    peer.out[0] = item[len(chunk):]
                else:
                    peer.out.popleft()
            peer.transport.write(chunk)              # may ask, at once, for no more for now

    def lost(self, peer: Peer) -> None:
        self.end(peer, "The other side left.", tell=False)

    def end(self, peer: Peer, reason: str, tell: bool = True) -> None:
        desk = self.desk
        with desk.lock:
            if desk.peers.get(peer.number) is not peer:
                return
            del desk.peers[peer.number]
            retire(peer, reason, desk.ended)
        if peer.transport is not None:
            if tell:
                peer.transport.write(write(Bye(reason=reason[:200])))
            peer.transport.loseConnection()
        room = peer.room
        if room is None:
            return
        room.live -= 1 if peer.transport is not None else 0
        if room.live <= 0:
            reactor.callLater(LINGER, room.close)
            if desk.hosting:
                self._reopen()

    def _watch(self) -> None:
        """Silence: a ping after `heartbeat` seconds, the peer given up after `dead`; a
        connection that sent no Hello let go after `hello_wait`."""
        limits, now = self.desk.settings, time.monotonic()
        for peer in list(self.desk.peers.values()):
            if peer.transport is None:
                continue
            what = silence(peer, now, limits.hello_wait, limits.dead, limits.heartbeat)
            if what == PING:
                self.write(peer.number, write(Ping()))
            elif what:
                self.end(peer, what)

    def shut(self, done: threading.Event) -> None:
        """The game leaves: a goodbye on every connection, and every wormhole let go."""
        self.shut_down = True
        for peer in list(self.desk.peers.values()):
            self.end(peer, "The game closed the connection.")
        if self.door is not None:
            self.door.close()
            self.door = None
        if self.watch.running:
            self.watch.stop()
        done.set()


class _Peer(Protocol):
    """One subchannel, framed by the game's own lines; it also hears the wormhole's word on
    writing (an IPushProducer: pause while its connection is full or being made again)."""

    def __init__(self, meeting: Meeting, room: Room) -> None:
        self.meeting, self.room = meeting, room
        self.peer: Peer | None = None

    @property
    def wire(self) -> Any:
        """The subchannel (Twisted's interfaces are zope's, which the type checker cannot
        follow)."""
        return self.transport

    def connectionMade(self) -> None:
        self.meeting.attach(self, self.room)

    def dataReceived(self, data: bytes) -> None:
        if self.peer is not None:
            self.meeting.read(self.peer, data)

    def connectionLost(self, reason: Failure | None = None) -> None:
        if self.peer is not None:
            self.meeting.lost(self.peer)

    def pauseProducing(self) -> None:
        if self.peer is not None:
            self.peer.blocked = True

    def resumeProducing(self) -> None:
        if self.peer is not None:
            self.peer.blocked = False
            self.meeting.flush(self.peer)

    def stopProducing(self) -> None:
        pass


class _Factory(Factory):
    def __init__(self, meeting: Meeting, room: Room) -> None:
        self.meeting, self.room = meeting, room

    def buildProtocol(self, addr: Any) -> _Peer:
        return _Peer(self.meeting, self.room)


def _within(d: defer.Deferred[Any], seconds: float) -> defer.Deferred[Any]:
    return d.addTimeout(seconds, reactor)


def _ours(versions: object, protocol: int) -> str | None:
    """The other game's mark ("" from a guest), if it speaks this game's protocol."""
    mine = versions.get("ogre") if isinstance(versions, dict) else None
    if not isinstance(mine, dict) or mine.get("protocol") != protocol:
        return None
    mark = mine.get("mark", "")
    ok = isinstance(mark, str) and len(mark) <= 32 and all(c in "0123456789abcdef" for c in mark)
    return mark if ok else None


def _other(versions: object, protocol: int) -> str:
    """Why the other game is not ours, in one sentence: the network version it speaks, if it
    says one (messages.other_version)."""
    theirs = versions.get("ogre") if isinstance(versions, dict) else None
    number = theirs.get("protocol") if isinstance(theirs, dict) else None
    return other_version(number if type(number) is int and abs(number) < 10 ** 6 else None,
                         protocol)

"""Each end of a network game (X10, X14): a session on its link, pumped once a frame.

`pump` takes a bounded number of what the link's thread has read and never waits; what a
session answers goes back on the connection its question came from, so a guest that left and
one that came after are never confused.

The link is either kind (`wire.Wire`): direct TCP or the internet's wormhole. The host keeps one
small record per connection. On the direct link a connection must give the join code before
anything else (the gate slows down wrong codes); after a wrong one, nothing more it sent is
read. On the internet's link the wormhole has checked its own code before any connection is
made (there is no gate), and the Hello only says who comes. The first guest to sit down is
handed the seat's secret (SEAT_BYTES from the operating system); after that only a Hello that
shows it sits down again, so the code alone (which on the direct link travels in clear) cannot
take the seat. Strikes are per connection, for broken or abusive lines only, and forgiven with
time; a refusal by the rules is the game's message and never a
strike. A Resync is answered at most once a second and never while the last battle sent is
still on its way; pings are answered at most twice a second.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..rules import Action
from .gate import Gate, shown
from .guest_session import GuestSession
from .messages import (
    VERSION,
    Act,
    BadMessage,
    Bye,
    Deployed,
    Hello,
    Message,
    OtherVersion,
    Ping,
    Pong,
    Refused,
    Resync,
    Tell,
    bye_for,
    other_version,
    read,
    write,
)
from .session import HostSession
from .wire import Wire

STRIKES = 10          # broken lines a connection may send before it is let go...
FORGIVE = 10.0        # ... each forgiven after this many seconds
LINES_A_FRAME = 64    # lines taken from the link in one frame, on either end
WELCOMES_A_FRAME = 2  # whole battles a guest reads in one frame (each is checked: costly)
SEAT_BYTES = 16       # the seat's secret: 128 bits
JOINED = "The guest has joined."
DEPLOYED = "The guest has set up its defense."
SEAT_KEPT = "This battle already has its guest; only their computer can sit down again."
SHUT = ("Too many wrong join codes came: this battle takes no more guests. Host it again for a "
        "new code.")
TOLD_AGAIN = 60.0     # seconds before the host hears again of a guest of another version
Clock = Callable[[], float]


@dataclass
class _Caller:
    address: str
    strikes: float = 0.0
    stamp: float = 0.0
    ending: bool = False
    answered: float = -1e9              # the last Resync answered
    ponged: float = -1e9


class HostEnd:
    def __init__(self, session: HostSession, link: Wire, gate: Gate | None = None,
                 clock: Clock = time.monotonic) -> None:
        self.session = session
        self.link = link
        self.gate = gate                      # None: the link checked the code itself
        self.clock = clock
        self.guest = 0                        # the joined guest's connection number
        self.callers: dict[int, _Caller] = {}
        self.notes: deque[str] = deque(maxlen=50)   # for the player: who came, who left, why
        self.shut_said = False                # the door's closing is told the host once
        self.other_said = -1e9                # when the host last heard of another version

    @property
    def joined(self) -> bool:
        return bool(self.guest)

    def pump(self, budget: int = LINES_A_FRAME) -> None:
        for kind, number, data in self.link.take(budget):
            if kind == "joined":
                self.callers[number] = _Caller(str(data), stamp=self.clock())
            elif kind == "line" and isinstance(data, bytes):
                self._line(number, data)
            elif kind == "closed":
                self.callers.pop(number, None)
                if number == self.guest:
                    self._gone(str(data))

    def _line(self, number: int, data: bytes) -> None:
        caller = self.callers.get(number)
        if caller is None or caller.ending or not self.link.is_open(number):
            return                            # a connection on its way out: not read
        try:
            msg = read(data)
        except OtherVersion as exc:
            # an older game reads its own version's Bye: it is told in its words, as is the host
            self._other_version(number, caller, exc)
            return
        except BadMessage as exc:
            if number != self.guest:
                self._end(number, "The join code must come first.")
            else:
                self._strike(number, caller, str(exc))
            return
        if number != self.guest:
            self._door(number, caller, msg)
        else:
            self._from_guest(number, caller, msg)

    def _other_version(self, number: int, caller: _Caller, exc: OtherVersion) -> None:
        """A line of another network version: a caller is turned away with the one sentence,
        from its side, and the host told (at most once a minute); a seated guest is refused."""
        theirs = other_version(VERSION, exc.version)
        if number == self.guest:
            self._strike(number, caller, theirs)
            return
        self._end(number, theirs, exc.version)
        now = self.clock()
        if now - self.other_said >= TOLD_AGAIN:
            self.other_said = now
            self.notes.append(f"A guest could not join: {_lower(str(exc))}")

    def _door(self, number: int, caller: _Caller, msg: Message) -> None:
        if not isinstance(msg, Hello):
            self._end(number, "The join code must come first.")
            return
        now, gate = self.clock(), self.gate
        verdict = gate.check(caller.address, msg.code, now) if gate is not None else "right"
        if gate is None or verdict == "right":
            self._sit_down(number, caller, msg)
        elif verdict == "wait":
            wait = max(1, round(gate.wait(caller.address, now)))
            self._end(number, f"Too many wrong join codes came from your computer: try again "
                              f"in {wait} seconds.")
        elif verdict == "rest":
            wait = max(1, round(gate.rest(now)))
            self._end(number, f"Too many wrong join codes came to the host: try again in "
                              f"{wait} seconds.")
        elif verdict == "shut":
            self._end(number, "Too many wrong join codes came to the host: it takes no more.")
            if not self.shut_said:            # the screen takes notes away as it shows them
                self.shut_said = True
                self.notes.append(SHUT)
        else:
            self._end(number, "The join code is wrong.")

    def _sit_down(self, number: int, caller: _Caller, msg: Hello) -> None:
        """The right code: the first guest takes the seat and its secret; later, only the
        computer that shows the secret sits down again (and its old connection is let go)."""
        s = self.session
        if s.seat and not hmac.compare_digest(msg.seat, s.seat):
            self._end(number, SEAT_KEPT)
            return
        again = bool(s.seat)
        old, self.guest = self.guest, 0
        if old:
            self._end(old, "The guest joined again on a new connection.")
        self.guest = number
        self.link.admit(number)
        s.seat = s.seat or secrets.token_hex(SEAT_BYTES)
        s.guest_name = msg.name.strip() or s.guest_name
        self._send(number, s.welcome())
        if again:
            who = f"The guest ({s.guest_name})" if s.guest_name else "The guest"
            self.notes.append(f"{who} has joined again from {caller.address}.")
        else:
            self.notes.append(JOINED)

    def _from_guest(self, number: int, caller: _Caller, msg: Message) -> None:
        now = self.clock()
        if isinstance(msg, Act):
            answer, broken = self.session.guest_acts(msg.action, msg.told)
            if broken:
                self._strike(number, caller, "That is not an action.")
            else:
                self._send(number, [answer])
            self._lied(number)
        elif isinstance(msg, Deployed | Tell):
            self._sheet(number, msg)
        elif isinstance(msg, Ping):
            if now - caller.ponged >= 0.5:
                caller.ponged = now
                self._send(number, [Pong()])
        elif isinstance(msg, Resync):
            if now - caller.answered >= 1.0 and not self.link.unsent(number):
                caller.answered = now
                self._send(number, self.session.welcome())
        elif isinstance(msg, Bye):
            caller.ending = True
            self.link.hang_up(number)
            self._gone(f"they left the battle ({msg.reason})")
        elif not isinstance(msg, Pong | Hello):
            self._strike(number, caller, "Only the host sends that.")

    def _sheet(self, number: int, msg: Deployed | Tell) -> None:
        """A guest's own sheet (X16): its set-up, taken or refused; its telling for the host's
        action, which is then played and sent; what it opened at the end (the host's screen
        shows it from the session)."""
        s = self.session
        if isinstance(msg, Tell):
            self._send(number, s.told_back(msg))
            self._lied(number)
        elif s.ready:
            self._send(number, [Refused(message="The battle has begun.")])
        else:
            problem = s.deployed(msg)
            if problem:
                self.notes.append(f"The guest's defense could not be taken: {problem}.")
                self._end(number, f"Your defense could not be taken: {problem}.")
            else:
                self._send(number, s.welcome())
                self.notes.append(DEPLOYED)

    def _lied(self, number: int) -> None:
        """A guest caught lying about its sheet is let go; the host is told why."""
        if self.session.lied and number == self.guest:
            self.notes.append(self.session.lied)
            self._end(number, self.session.lied)

    def _strike(self, number: int, caller: _Caller, words: str) -> None:
        now = self.clock()
        caller.strikes = max(0.0, caller.strikes - (now - caller.stamp) / FORGIVE) + 1
        caller.stamp = now
        if caller.strikes >= STRIKES:
            self._end(number, "Too many broken messages came.")
        else:
            self._send(number, [Refused(message=words)])

    def _end(self, number: int, reason: str, version: int = VERSION) -> None:
        """The connection let go, with the reason in a Bye of the caller's version."""
        caller = self.callers.get(number)
        if caller is not None:
            caller.ending = True
        self.link.send(bye_for(version, reason), number)
        self.link.hang_up(number)
        if number == self.guest:
            self._gone(reason)

    def _send(self, number: int, messages: list[Message]) -> None:
        for message in messages:
            self.link.send(write(message), number)

    def _gone(self, reason: str) -> None:
        if self.guest:
            self.guest = 0
            self.notes.append(f"The guest is gone: {reason}")

    def play(self, action: Action) -> None:
        """The host's own action (RuleError when refused): played, and sent to the guest -
        or, where the guest keeps its own sheet, asked about first (`waiting`)."""
        applied = self.session.host_act(action)
        if self.guest:
            self.link.send(write(applied), self.guest)

    def renew_code(self) -> str:
        """A new join code: the old one opens nothing any more (the direct link's gate)."""
        return self.gate.renew() if self.gate is not None else ""

    @property
    def code_shown(self) -> str:
        return shown(self.gate.code) if self.gate is not None else ""


class GuestEnd:
    def __init__(self, session: GuestSession, link: Wire) -> None:
        self.session = session
        self.link = link
        self.closed = ""                       # the link's word when the connection ended
        self._held: deque[tuple[str, int, object]] = deque()    # taken, not yet read
        self._ponged = False
        link.send(write(session.hello()))

    def pump(self, budget: int = LINES_A_FRAME) -> None:
        """Take at most `budget` lines; a joined battle is replayed a part a frame, and what
        came after it waits here meanwhile."""
        s = self.session
        self._ponged = False
        offered = s.offered
        if not self._held:
            self._held.extend(self.link.take(budget))
        while True:
            if s.catching_up:
                self._reply(s.advance())
                if s.catching_up:
                    return
            if not self._held or s.offered - offered >= WELCOMES_A_FRAME:
                return
            kind, _, data = self._held.popleft()
            if kind == "line" and isinstance(data, bytes):
                self._reply(s.receive(data))
            elif kind == "closed":
                self.closed = str(data)

    def _reply(self, messages: list[Message]) -> None:
        for message in messages:
            if isinstance(message, Pong):
                if self._ponged:
                    continue                   # a ping flood gets one answer a frame
                self._ponged = True
            self.link.send(write(message))
            if isinstance(message, Bye):
                self.link.hang_up()

    def play(self, action: Action) -> None:
        """The guest's own action, sent: the battle moves when the host says it did."""
        self.link.send(write(self.session.act(action)))


def _lower(sentence: str) -> str:
    """A sentence carried on after a colon."""
    return sentence[:1].lower() + sentence[1:]

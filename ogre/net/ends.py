"""Each end of a network game (X10): a session on its link, pumped once a frame.

`pump` takes what the link's thread has read and never waits; what a session answers goes back
on the connection its question came from, so a guest that left and one that came after are
never confused.
"""

from __future__ import annotations

from ..rules import Action
from .link import Link
from .messages import write
from .session import GuestSession, HostSession


class HostEnd:
    def __init__(self, session: HostSession, link: Link) -> None:
        self.session = session
        self.link = link
        self.guest = 0                        # the joined guest's connection number
        self.notes: list[str] = []            # for the player: who came, who left, and why

    def pump(self) -> None:
        while not self.link.inbox.empty():
            kind, number, data = self.link.inbox.get()
            if kind == "line" and isinstance(data, bytes):
                self._line(number, data)
            elif kind == "closed" and number == self.guest:
                self._gone(str(data))

    def _line(self, number: int, data: bytes) -> None:
        if self.session.joined and number != self.guest:
            return                            # a guest already gone: its last words
        replies, hang_up = self.session.receive(data)
        if self.session.joined and not self.guest:
            self.guest = number
            self.notes.append("The guest has joined.")
        for message in replies:
            self.link.send(write(message), number)
        if hang_up:
            if number == self.guest:
                self._gone("they left the battle.")
            self.link.hang_up(number)

    def _gone(self, reason: str) -> None:
        self.session.guest_left()
        self.guest = 0
        self.notes.append(f"The guest is gone: {reason}")

    def play(self, action: Action) -> None:
        """The host's own action (RuleError when refused): played, and sent to the guest."""
        applied = self.session.host_act(action)
        if self.guest:
            self.link.send(write(applied), self.guest)


class GuestEnd:
    def __init__(self, session: GuestSession, link: Link) -> None:
        self.session = session
        self.link = link
        self.closed = ""
        link.send(write(session.hello()))

    def pump(self) -> None:
        while not self.link.inbox.empty():
            kind, _, data = self.link.inbox.get()
            if kind == "line" and isinstance(data, bytes):
                for message in self.session.receive(data):
                    self.link.send(write(message))
            elif kind == "closed":
                self.closed = str(data)

    def play(self, action: Action) -> None:
        """The guest's own action, sent: the battle moves when the host says it did."""
        self.link.send(write(self.session.act(action)))

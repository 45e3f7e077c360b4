"""The link protocol (X10, X14): what each end of a network game asks of the wire under it.

Two links keep it: `link.Link`, a direct TCP connection on the home network, and
`wormhole_link.WormholeLink`, the internet's way, through a magic-wormhole mailbox and relay. The
session and the ends (`session.py`, `ends.py`) are the same on both; only the link differs.

Whatever the link, it moves bytes on a thread of its own and the frame loop never waits on it:
`take` hands over at most `budget` events, in order for each connection -
("joined", n, address) once connection n has sent its first line, ("line", n, bytes) for each
line, and ("closed", n, reason) when it ended - and every other call only posts work to the
link's thread. A connection is numbered from 1 (a guest's one connection is 1).
"""

from __future__ import annotations

from typing import Protocol

Event = tuple[str, int, object]


class Wire(Protocol):
    @property
    def connected(self) -> bool:
        """Some peer is on the line."""
        ...

    def is_open(self, number: int) -> bool: ...

    def unsent(self, number: int) -> int:
        """Bytes waiting to go to connection `number`."""
        ...

    def take(self, budget: int = 64) -> list[Event]:
        """At most `budget` events; never waits."""
        ...

    def send(self, data: bytes, number: int = 1) -> None:
        """Send on connection `number`; dropped if it has gone."""
        ...

    def hang_up(self, number: int = 1) -> None:
        """End connection `number` once what was sent on it has gone."""
        ...

    def admit(self, number: int) -> None:
        """The host let this connection in: it is the guest, with a guest's limits."""
        ...

    def close(self) -> None: ...

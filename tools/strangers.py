"""Strangers at a host's door (X10): silent connections from many loopback addresses, at a rate.

    python -m tools.strangers --port 4986 --rate 2000 --addresses 256 --seconds 10

Each connection comes from another loopback address in turn (127.0.0.2, 127.0.0.3, ...: see
`address`), says nothing, and is held until HOLD later ones have come, so that the host must
make room for the guest among them.
The tests and tools.bench_door run it in a process of its own, as another computer would be.
"""

from __future__ import annotations

import argparse
import socket
import time
from collections import deque

HOLD = 400          # connections held open at once (a process's files are limited)


def address(n: int) -> str:
    """The n-th stranger's loopback address; never 127.0.0.1, the guest's in the tests."""
    return f"127.0.{n // 250}.{2 + n % 250}"


def flood(port: int, rate: int, addresses: int, seconds: float) -> int:
    """Connect `rate` times a second for `seconds`; returns how many connections were made."""
    held: deque[socket.socket] = deque()
    made, start = 0, time.monotonic()
    while (now := time.monotonic()) - start < seconds:
        due = int((now - start) * rate)
        if made >= due:
            time.sleep(min(0.001, (made + 1 - due) / rate))
            continue
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((address(made % addresses), 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))
        except OSError:
            sock.close()
            made += 1
            continue
        held.append(sock)
        made += 1
        while len(held) > HOLD:
            held.popleft().close()
    for sock in held:
        sock.close()
    return made


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--rate", type=int, default=2000, help="connections a second")
    p.add_argument("--addresses", type=int, default=256)
    p.add_argument("--seconds", type=float, default=10.0)
    args = p.parse_args(argv)
    made = flood(args.port, args.rate, args.addresses, args.seconds)
    print(f"{made} connections in {args.seconds:g} s from {args.addresses} addresses")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

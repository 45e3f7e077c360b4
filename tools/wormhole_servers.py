"""A magic-wormhole mailbox server and transit relay on 127.0.0.1, for the tests and the benches
of the internet game (X14): two processes of their own (`python -m twisted wormhole-mailbox`
and `... transitrelay`), on free ports, their database in a temporary folder.

    with LocalServers() as servers:       # servers.mailbox, servers.relay
        ...
        servers.stop_relay()              # as if the relay went down
        servers.start_relay()             # and came back, on the same port

`available()` says why they cannot run here ("" when they can): the packages are the `test`
extra's (pyproject.toml), so a test skips with that reason where they are missing.
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from ogre.net.servers import Servers

LOOPBACK = "127.0.0.1"
READY_WAIT = 20.0          # seconds for a server to listen (twisted's start is slow on CI)


def available() -> str:
    for package, name in (("wormhole", "magic-wormhole"),
                          ("wormhole_mailbox_server", "magic-wormhole-mailbox-server"),
                          ("wormhole_transit_relay", "magic-wormhole-transit-relay")):
        if importlib.util.find_spec(package) is None:
            return f"{name} is not installed (pip install -e '.[test]')"
    return ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return int(s.getsockname()[1])


def unused_url() -> str:
    """A mailbox address on this computer where nothing listens: a mailbox out of reach."""
    return f"ws://{LOOPBACK}:{free_port()}/v1"


class LocalServers:
    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="ogre-wormhole-"))
        self.mailbox_port, self.relay_port = free_port(), free_port()
        self.mailbox_proc: subprocess.Popen[bytes] | None = None
        self.relay_proc: subprocess.Popen[bytes] | None = None

    @property
    def servers(self) -> Servers:
        return Servers(self.mailbox, self.relay)

    @property
    def mailbox(self) -> str:
        return f"ws://{LOOPBACK}:{self.mailbox_port}/v1"

    @property
    def relay(self) -> str:
        return f"tcp:{LOOPBACK}:{self.relay_port}"

    def __enter__(self) -> LocalServers:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()

    def start(self) -> None:
        self.mailbox_proc = _twist("wormhole-mailbox",
                                   f"--port=tcp:{self.mailbox_port}:interface={LOOPBACK}",
                                   f"--channel-db={self.folder / 'mailbox.sqlite'}")
        self.start_relay()
        _ready(self.mailbox_port, self.mailbox_proc)

    def start_relay(self) -> None:
        self.relay_proc = _twist("transitrelay",
                                 f"--port=tcp:{self.relay_port}:interface={LOOPBACK}")
        _ready(self.relay_port, self.relay_proc)

    def stop_relay(self) -> None:
        _end(self.relay_proc)
        self.relay_proc = None

    def stop(self) -> None:
        _end(self.mailbox_proc)
        self.stop_relay()
        self.mailbox_proc = None


def _twist(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "twisted", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _ready(port: int, proc: subprocess.Popen[bytes]) -> None:
    end = time.monotonic() + READY_WAIT
    while True:
        try:
            socket.create_connection((LOOPBACK, port), timeout=0.5).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"a local wormhole server did not start on port {port}")
            time.sleep(0.05)


def _end(proc: subprocess.Popen[bytes] | None) -> None:
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)

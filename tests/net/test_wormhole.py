"""The internet link's own promises (X14), through a mailbox and relay on 127.0.0.1: a wrong code
burns the code and both sides are told; a mailbox out of reach is said in one sentence within
10 seconds while the frame loop runs on; what crosses the wire is encrypted; and strangers at
the mailbox never reach the game."""

from __future__ import annotations

import socket
import threading
import time

import pytest
from peers import InternetHost, RawInternet, joined

from ogre.net.messages import Hello, read, write
from ogre.net.servers import Servers
from ogre.net.wormhole_link import WormholeLink
from tools.wormhole_servers import LOOPBACK, unused_url

FRAME = 0.05          # seconds: a frame loop's call to the link never takes longer


@pytest.fixture
def servers(local_servers) -> Servers:
    return local_servers.servers


def _closed(link: WormholeLink, seconds: float) -> tuple[str, list[float]]:
    """The guest link's ending sentence, and how long each of the frame loop's calls took."""
    took, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        events = link.take()
        took.append(time.perf_counter() - t0)
        for kind, _, data in events:
            if kind == "closed":
                return str(data), took
        time.sleep(0.005)
    return "", took


def _news(link: WormholeLink, seconds: float) -> tuple[list[tuple[str, str]], list[float]]:
    took, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        t0 = time.perf_counter()
        news = [n for n in link.take_news() if n[0] != "code"]
        link.take()
        took.append(time.perf_counter() - t0)
        if news:
            return news, took
        time.sleep(0.005)
    return [], took


# A wrong code ------------------------------------------------------------------------------

def test_x14_a_wrong_code_burns_the_code_the_guest_hears_why_and_the_host_is_told(servers):
    host = InternetHost(servers)
    try:
        code = host.code
        wrong = code.split("-")[0] + "-wrong-guess"
        guest = WormholeLink.join(wrong, servers)
        said, _ = _closed(guest, 10)
        assert said == "That code is wrong, or it was used already: ask the host for a new one."
        news, _ = _news(host.link, 5)
        assert news == [("burned", f"Someone typed a wrong code, so {code} no longer works: "
                                   "New Code makes another to read out.")]
        late = WormholeLink.join(code, servers, answer_wait=1.5)
        said, _ = _closed(late, 10)                  # the right code, too late: burned
        assert said.startswith(f"No game answered the code {code}")
        assert not host.joined and not host.link.connected and host.link.code == code
        host.used.add(code)                          # the host presses New Code...
        assert joined(host)                          # ...and the guest is in with the new one
    finally:
        host.link.close()


def test_x14_a_code_that_is_not_one_is_said_at_once(servers):
    said, _ = _closed(WormholeLink.join("not a code", servers), 5)
    assert said == "A code is a number and two words, like 7-crossover-clockwork."


# The mailbox out of reach ------------------------------------------------------------------

def test_x14_a_mailbox_where_nothing_listens_is_said_in_a_sentence_at_once(servers):
    gone = Servers(unused_url(), servers.relay)
    news, took = _news(WormholeLink.host(gone), 10)
    assert news == [("failed", "The mailbox server (127.0.0.1) cannot be reached: check that "
                               "this computer is on the internet, then try again.")]
    said, took_too = _closed(WormholeLink.join("7-crossover-clockwork", gone), 10)
    assert "cannot be reached" in said
    assert max(took + took_too) < FRAME


def test_x14_a_mailbox_that_never_answers_is_said_within_10_seconds_and_nothing_waits():
    """Connections are taken and never answered: as a network that swallows packets."""
    silent = socket.create_server((LOOPBACK, 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def swallow() -> None:
        silent.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(silent.accept()[0])
            except OSError:
                pass
    taker = threading.Thread(target=swallow, daemon=True)
    taker.start()
    try:
        mute = Servers(f"ws://{LOOPBACK}:{silent.getsockname()[1]}/v1", "tcp:127.0.0.1:9")
        t0 = time.monotonic()
        said, took = _closed(WormholeLink.join("7-crossover-clockwork", mute), 12)
        assert "cannot be reached" in said and time.monotonic() - t0 < 10
        assert max(took) < FRAME
    finally:
        stop.set()
        taker.join(timeout=2)
        for sock in held:
            sock.close()
        silent.close()


# Encrypted ---------------------------------------------------------------------------------

class _Tap:
    """A TCP relay on 127.0.0.1 in front of a server, keeping every byte that passes."""

    def __init__(self, port: int) -> None:
        self.server = socket.create_server((LOOPBACK, 0))
        self.port = self.server.getsockname()[1]
        self.target = port
        self.seen = bytearray()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.server.accept()
            except OSError:
                return
            far = socket.create_connection((LOOPBACK, self.target))
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                with self.lock:
                    self.seen += data
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def close(self) -> None:
        self.server.close()


def test_x14_what_crosses_the_mailbox_and_the_relay_is_encrypted(local_servers):
    mailbox, relay = _Tap(local_servers.mailbox_port), _Tap(local_servers.relay_port)
    tapped = Servers(f"ws://{LOOPBACK}:{mailbox.port}/v1", f"tcp:{LOOPBACK}:{relay.port}")
    host = InternetHost(tapped)
    try:
        guest = RawInternet(host)
        guest.send(write(Hello(code="", name="Zebedee Quartermaine")))   # no cipher makes it
        [welcome] = guest.lines(host)
        seat = read(welcome).seat
        assert host.session.guest_name == "Zebedee Quartermaine" and len(seat) == 32
        with mailbox.lock, relay.lock:
            seen = bytes(mailbox.seen + relay.seen)
        assert len(relay.seen) > 1000                    # the battle went through the relay
        for secret in (b"Zebedee", seat.encode(), b'"kind"', b"defense"):   # the game's words
            assert secret not in seen
    finally:
        host.link.close()
        mailbox.close()
        relay.close()


# Strangers at the mailbox ------------------------------------------------------------------

def test_x14_a_flood_of_strangers_at_the_mailbox_never_reaches_the_game(servers,
                                                                       local_servers):
    host = InternetHost(servers)
    sockets: list[socket.socket] = []
    others: list[WormholeLink] = []
    try:
        code = host.code
        host.link.take_news()                            # its code: heard
        for n in range(100):                             # bare connections, saying nothing
            sockets.append(socket.create_connection((LOOPBACK, local_servers.mailbox_port)))
        for n in range(10):                              # games with codes of their own
            others.append(WormholeLink.join(f"{1000 + n}-some-words", servers,
                                            answer_wait=2))
        end = time.monotonic() + 2.5
        while time.monotonic() < end:
            host.pump()
            assert host.link.take() == [] and host.link.take_news() == []
            time.sleep(0.01)
        assert not host.end.callers and host.link.code == code
        assert joined(host)                               # and the guest gets in
    finally:
        for s in sockets:
            s.close()
        for link in others:
            link.close()
        host.link.close()

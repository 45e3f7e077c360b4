"""Every guarantee of docs/network.md on both links (X10, X14): the same hostile peer on the direct
TCP link and on the internet's wormhole (through a local mailbox and relay) meets the same
limits, the same refusals and the same cleaning, and the game plays on. Each loop is bounded in
count and time."""

from __future__ import annotations

import json
import socket
import time

import pytest
from peers import (
    DEEP,
    LOOPBACK,
    Host,
    InternetHost,
    RawInternet,
    free,
    joined,
    new_battle,
    raw,
)

from ogre.ai.protocol import make_controller
from ogre.net.ends import SEAT_KEPT, STRIKES, GuestEnd
from ogre.net.guest_session import GuestSession
from ogre.net.link import Link
from ogre.net.messages import (
    MAX_LINE,
    VERSION,
    Act,
    Hello,
    LogPart,
    Ping,
    Resync,
    Welcome,
    digest,
    read,
    state_data,
    write,
)
from ogre.net.wormhole_link import WormholeLink
from ogre.rules.hidden import blind

NASTY = "Gi\u0000l\u202e\u2066\u200b\u0007 " + "x" * 30


@pytest.fixture(params=["tcp", "internet"])
def link_kind(request):
    """Each link the game plays on: direct TCP, and the internet's wormhole (whose servers
    start only for the tests that use it)."""
    if request.param == "internet":
        request.getfixturevalue("local_servers")
    return request.param


def _host(kind: str, request, clock=time.monotonic, **limits) -> Host:
    if kind == "internet":
        return InternetHost(request.getfixturevalue("local_servers").servers, clock, **limits)
    return Host(clock, **limits)


@pytest.fixture
def host(link_kind, request):
    h = _host(link_kind, request)
    yield h
    h.link.close()


def _kinds(lines: list[bytes]) -> list[str]:
    return [read(line).kind for line in lines]


def _reasons(lines: list[bytes]) -> list[str]:
    return [json.loads(line).get("reason", "") for line in lines]


def _pongs_left_out(lines: list[bytes]) -> list[bytes]:
    """What the host said, less its heartbeat (a slow machine's test may last seconds)."""
    return [line for line in lines if read(line).kind != "ping"]


# Lines too deep, too long, of another version, broken: refused, and the host serves on -----

def test_x10_x14_a_line_nested_3000_deep_is_refused_and_the_guest_plays_on(host):
    guest = joined(host)
    guest.send(DEEP)
    [refused] = guest.lines(host)
    assert json.loads(refused)["message"] == ("The message cannot be read: it is nested more "
                                              "than 24 deep.")
    guest.send(write(Ping()))
    assert _kinds(guest.lines(host)) == ["pong"]


def test_x10_x14_before_the_hello_a_line_over_a_kilobyte_is_hung_up_on(host):
    stranger = raw(host)
    stranger.send(DEEP)                         # six kilobytes where a Hello is a hundred bytes
    assert _reasons(stranger.lines(host)) == ["A message was too long."]
    assert joined(host)                         # and the real guest gets in


def test_x10_x14_a_line_of_100_kib_is_hung_up_on(host):
    guest = joined(host)
    guest.send(b"x" * (100 * 1024) + b"\n")
    assert "A message was too long." in _reasons(guest.lines(host))
    assert MAX_LINE < 100 * 1024


@pytest.mark.parametrize("version", ["1.0", '"3"'])
def test_x10_x14_the_version_is_an_integer_nothing_else(host, version):
    guest = joined(host)
    guest.send(b'{"v": ' + version.encode() + b', "kind": "ping"}\n')
    assert json.loads(guest.lines(host)[0])["message"] == "The message has no version number."


@pytest.mark.parametrize("line, words", [
    (b"this is not json\n", "The message is not JSON."),
    (json.dumps({"v": VERSION, "kind": "launch", "x": 1}).encode() + b"\n",
     "The message is not one this game knows."),
    (write(Act(action="warp 0101")), "That is not an action."),
])
def test_x10_x14_broken_messages_are_refused_and_change_nothing(host, line, words):
    guest = joined(host)
    before = host.session.state
    guest.send(line)
    [reply] = guest.lines(host)
    assert json.loads(reply) == {"v": VERSION, "kind": "refused", "message": words}
    assert host.session.state is before


# Floods: lines a second, broken lines, resyncs -------------------------------------------------

def test_x10_x14_a_flood_of_lines_hangs_up_and_the_guest_sits_down_again(host):
    guest = joined(host)
    guest.send(write(Ping()) * 2000)
    assert any(b"Too many messages" in line for line in guest.lines(host, 2100))
    again = joined(host, guest.seat)            # its own guest sits down again
    again.send(write(Ping()))
    assert "pong" in _kinds(again.lines(host))


def test_x10_x14_refusals_by_the_rules_never_count_and_ten_broken_lines_at_once_do(link_kind,
                                                                                  request):
    now = [0.0]
    h = _host(link_kind, request, clock=lambda: now[0])
    try:
        guest = joined(h)
        for _ in range(20):                           # out of turn: the game's message
            guest.send(write(Act(action="done")))
            assert json.loads(guest.lines(h)[0])["message"] == "It is not your turn."
        guest.send(write(Act(action="warp 0101")) * STRIKES)
        lines = guest.lines(h, want=STRIKES)
        assert _reasons(lines)[-1] == "Too many broken messages came."
    finally:
        h.link.close()


def test_x10_x14_resyncs_are_answered_once_a_second_at_most(host):
    guest = joined(host)
    guest.send(write(Resync()) * 200)
    answered = _pongs_left_out(guest.lines(host, want=200, seconds=1.5))
    assert 1 <= _kinds(answered).count("welcome") <= 3


def test_x10_x14_a_silent_peer_is_given_up(link_kind, request):
    h = _host(link_kind, request, dead=0.6, heartbeat=0.2)
    try:
        peer = raw(h)                                 # connects, then never says a word
        said = peer.lines(h, 20, seconds=4)
        assert any(b"stopped answering" in line for line in said)
        free(h)
        assert not h.link.connected and not h.joined
    finally:
        h.link.close()


# Text cleaned where it is read ------------------------------------------------------------------

def test_x10_x14_a_guests_name_with_nul_and_bidi_marks_is_cleaned_before_the_host_keeps_it(host):
    free(host)
    guest = raw(host)
    code = "" if isinstance(host, InternetHost) else host.code
    guest.send(json.dumps({"v": VERSION, "kind": "hello", "code": code, "name": NASTY}).encode()
               + b"\n")
    assert _kinds(guest.lines(host)) == ["welcome"]
    name = host.session.guest_name
    assert name.startswith("Gil ") and name.isprintable() and len(name) <= 40
    assert not any(ch in name for ch in "\u0000\u202e\u2066\u200b\u0007")


# The seat -------------------------------------------------------------------------------------

def test_x10_x14_only_the_guest_that_sat_down_takes_its_seat_again(host):
    guest = joined(host)
    assert len(guest.seat) == 32
    if isinstance(guest, RawInternet):
        guest.close()                                 # dropped
    else:
        guest.sock.close()
    deadline = time.monotonic() + 5
    while host.joined:
        assert time.monotonic() < deadline
        host.pump()
        time.sleep(0.005)
    free(host)
    stranger = raw(host)                              # with the code, but not the secret
    code = "" if isinstance(host, InternetHost) else host.code
    stranger.send(write(Hello(code=code, name="Gil")))
    assert _reasons(stranger.lines(host)) == [SEAT_KEPT]
    back = joined(host, seat=guest.seat)
    assert host.joined and back.seat == guest.seat
    where = "the internet" if isinstance(host, InternetHost) else LOOPBACK
    assert f"has joined again from {where}" in host.end.notes[-1]


# A host's floods and a host's lies reach the guest within limits ------------------------------

class _RawHost:
    """A host that speaks bytes to a GuestEnd on the link being tried."""

    def __init__(self, kind: str, request) -> None:
        self.guest = GuestSession("ABCDEF")
        if kind == "tcp":
            self.listener = socket.create_server((LOOPBACK, 0))
            self.link = Link.join(LOOPBACK, self.listener.getsockname()[1], rate=0)
            self.peer, _ = self.listener.accept()
            self.wormhole = None
        else:
            servers = request.getfixturevalue("local_servers").servers
            self.wormhole = WormholeLink.host(servers, rate=0)
            code = _code_of(self.wormhole)
            self.link = WormholeLink.join(code, servers, rate=0)
        self.end = GuestEnd(self.guest, self.link)
        self.number = self._hello()

    def _hello(self) -> int:
        if self.wormhole is None:
            return 1
        end = time.monotonic() + 10
        while True:
            for kind, number, _ in self.wormhole.take():
                if kind == "line":
                    self.wormhole.admit(number)
                    return number
            assert time.monotonic() < end
            time.sleep(0.005)

    def send(self, data: bytes) -> None:
        if self.wormhole is None:
            self.peer.sendall(data)
        else:
            self.wormhole.send(data, self.number)

    def close(self) -> None:
        self.link.close()
        if self.wormhole is None:
            self.peer.close()
            self.listener.close()
        else:
            self.wormhole.close()


def _code_of(link: WormholeLink) -> str:
    end = time.monotonic() + 10
    while not link.code:
        assert time.monotonic() < end, link.take_news()
        time.sleep(0.005)
    return link.code


def test_x10_x14_a_hosts_flood_of_pings_is_taken_a_frame_at_a_time(link_kind, request):
    h = _RawHost(link_kind, request)
    try:
        h.send(write(Ping()) * 400)
        time.sleep(0.5)
        for _ in range(3):                              # three frames...
            h.end.pump()
        assert len(h.end._held) + _waiting(h.link) >= 400 - 3 * 64    # ...of 64 lines each
    finally:
        h.close()


def _waiting(link) -> int:
    peers = link._conns if isinstance(link, Link) else link.desk.peers
    return sum(len(p.lines) for p in peers.values())


def test_x10_x14_a_log_part_with_more_dice_than_its_actions_roll_is_refused(link_kind, request):
    h = _RawHost(link_kind, request)
    start = new_battle()
    try:
        h.send(write(Welcome(side="defense", start=state_data(start), total=2,
                             digest=digest(start))))
        h.send(write(LogPart(first=0, actions=[], dice=[6] * 1200)))
        end = time.monotonic() + 5
        while not h.guest.refused:
            assert time.monotonic() < end
            h.end.pump()
            time.sleep(0.005)
        assert "more dice than its actions roll" in h.guest.refused
    finally:
        h.close()


def _guest_on(h: Host) -> tuple[GuestSession, GuestEnd]:
    if isinstance(h, InternetHost):
        code = h.code
        h.used.add(code)
        link = WormholeLink.join(code, h.servers)
        session = GuestSession("")
    else:
        link, session = Link.join(LOOPBACK, h.link.port), GuestSession(h.code)
    return session, GuestEnd(session, link)


def test_x10_x14_two_games_play_in_step_on_the_link_until_shots_are_fired(link_kind, request):
    """The computer plays the host's side on the host's end and the guest's on a GuestEnd of
    its own, over the link, until shots were fired: the guest's blind copy is the host's, told
    die by die, with no battle asked for again."""
    h = _host(link_kind, request)
    session, guest = _guest_on(h)
    players = {side: make_controller(side, "Low", seed=3) for side in ("ogre", "defense")}
    sent_for = None
    try:
        end = time.monotonic() + 60
        while "fire" not in h.session.log or session.state != blind(h.session.state):
            assert time.monotonic() < end, "the battle did not go on"
            h.pump()
            guest.pump()
            s = h.session.state
            if not h.joined or session.state is None or session.state != blind(s):
                time.sleep(0.001)
            elif session.my_turn() and sent_for is not s:
                sent_for = s
                guest.play(players["defense"].choose(session.state))
            elif not session.my_turn():
                h.play(players["ogre"].choose(s))
        assert session.log == h.session.log and session.resyncs == 0 and session.tape
    finally:
        guest.link.close()
        h.link.close()

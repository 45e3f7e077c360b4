"""A game of another network version (X10, X14, X16): the protocol went to version 4 with the
files' version 2 (a state names its scenario, its Ogres and its options), and to 5 with a guest
that sets up and keeps its own mines and markers, so an older game cannot play with this one.
Each side is told so in one sentence, on the direct link and on the internet's, and the host
serves on: a guest of this version still sits down after it."""

from __future__ import annotations

import json
import socket
import time

import pytest
from peers import LOOPBACK, Host, InternetHost, Raw, joined

from ogre.net.ends import TOLD_AGAIN, GuestEnd
from ogre.net.guest_session import GuestSession
from ogre.net.link import Link
from ogre.net.messages import (
    VERSION,
    Bye,
    Welcome,
    digest,
    other_version,
    read,
    state_data,
    state_of,
    write,
)
from ogre.net.wormhole_link import WormholeLink
from ogre.rules import new_game
from ogre.rules.hidden import blind
from ogre.rules.options import Options
from ogre.storage.fields import load_predesigned

OLD = 4                       # the version before this one: no guest's own sheet


def one_sentence(words: str) -> bool:
    body = words.rstrip(".")
    return words.endswith(".") and ". " not in body and "\n" not in words


def test_x10_x16_the_protocol_is_version_5_and_an_old_peer_hears_both_numbers():
    assert VERSION == 5
    said = other_version(OLD)
    assert said == ("The other computer runs another version of OGRE (network version 4, this "
                    "one 5): both need the same version.")
    assert one_sentence(said)
    assert one_sentence(other_version("three")) and "network version 5" in other_version(None)


# The direct link ----------------------------------------------------------------------------

@pytest.fixture
def host():
    clock = [0.0]
    h = Host(clock=lambda: clock[0])
    h.clock = clock
    yield h
    h.link.close()


def _old_hello(code: str) -> bytes:
    """A version-3 guest's Hello, as 93edb34's game writes it."""
    return json.dumps({"v": OLD, "kind": "hello", "code": code, "name": "", "seat": ""},
                      separators=(",", ":")).encode() + b"\n"


def test_x10_an_old_guest_is_told_in_a_bye_of_its_own_version_and_the_host_serves_on(host):
    old = Raw(host.link.port)
    old.send(_old_hello(host.code))
    [bye] = old.lines(host)
    # what a version-3 game reads: its own Bye, with the sentence from its side
    assert json.loads(bye) == {"v": OLD, "kind": "bye", "reason": other_version(VERSION, OLD)}
    assert not host.joined and host.end.gate.wrong == 0        # no wrong code counted
    assert list(host.end.notes) == ["A guest could not join: the other computer runs another "
                                    "version of OGRE (network version 4, this one 5): both "
                                    "need the same version."]
    assert joined(host)                                        # this version's guest sits down


def test_x10_the_host_hears_of_old_guests_once_a_minute_not_once_a_line(host):
    for _ in range(3):
        old = Raw(host.link.port)
        old.send(_old_hello(host.code))
        assert old.lines(host)
    assert len(host.end.notes) == 1
    host.clock[0] += TOLD_AGAIN
    old = Raw(host.link.port)
    old.send(_old_hello(host.code))
    assert old.lines(host) and len(host.end.notes) == 2


def test_x10_a_newer_guest_is_answered_in_this_version():
    """A Bye is only written in the other's number when that number is an older one."""
    h = Host()
    try:
        newer = Raw(h.link.port)
        newer.send(b'{"v": 6, "kind": "hello", "code": "X"}\n')
        [bye] = newer.lines(h)
        assert read(bye) == Bye(reason=other_version(VERSION, 6))
    finally:
        h.link.close()


def test_x10_a_guest_meeting_an_older_host_is_told_in_one_sentence():
    """An older host cannot read this game's Hello and turns it away in its own version's Bye
    ("The join code must come first."): the guest says why in its own words."""
    listener = socket.create_server((LOOPBACK, 0))
    link = Link.join(LOOPBACK, listener.getsockname()[1], rate=0)
    peer, _ = listener.accept()
    try:
        session = GuestSession("ABCDEF")
        end = GuestEnd(session, link)
        peer.settimeout(5)
        assert read(peer.recv(4096).split(b"\n")[0]).kind == "hello"
        peer.sendall(b'{"v":4,"kind":"bye","reason":"The join code must come first."}\n')
        deadline = time.monotonic() + 5
        while not session.refused:
            assert time.monotonic() < deadline
            end.pump()
            time.sleep(0.005)
        assert session.refused == other_version(OLD) and one_sentence(session.refused)
    finally:
        link.close()
        peer.close()
        listener.close()


# The internet's link ------------------------------------------------------------------------

def _closed(link: WormholeLink, seconds: float = 10) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for kind, _, data in link.take():
            if kind == "closed":
                return str(data)
        time.sleep(0.005)
    return ""


def _news(link: WormholeLink, seconds: float = 10) -> list[tuple[str, str]]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        news = [n for n in link.take_news() if n[0] != "code"]
        link.take()
        if news:
            return news
        time.sleep(0.005)
    return []


def test_x14_an_old_guest_over_the_internet_and_its_host_are_each_told_in_one_sentence(
        local_servers):
    servers = local_servers.servers
    host = InternetHost(servers)
    try:
        code = host.code
        host.used.add(code)
        old = WormholeLink.join(code, servers, protocol=OLD)
        assert _closed(old) == other_version(VERSION, OLD)
        assert _news(host.link) == [("burned", other_version(OLD))]
        assert joined(host)                          # New Code, and this version's guest is in
    finally:
        host.link.close()


def test_x14_a_guest_meeting_an_older_host_over_the_internet_is_told_in_one_sentence(
        local_servers):
    servers = local_servers.servers
    old = WormholeLink.host(servers, protocol=OLD)
    try:
        deadline = time.monotonic() + 10
        while not old.code:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        guest = WormholeLink.join(old.code, servers)
        said = _closed(guest)
        assert said == other_version(OLD) and one_sentence(said)
    finally:
        old.close()


# What crosses the wire: the files' version-2 state ----------------------------------------------

def test_x10_x15_a_welcome_carries_the_scenario_the_ogres_and_the_options():
    state = new_game(load_predesigned()[3].field, 5, 3,
                     options=Options(time_limit=10, hardened_cp=1))
    sent = state_data(state)
    assert (sent["scenario"], [o["id"] for o in sent["ogres"]], sent["options"]) == (
        "advanced", [0], {"time_limit": 10, "command_crawler": False, "hardened_cp": 1})
    welcome = read(write(Welcome(side="defense", start=sent, total=0, digest=digest(state))))
    assert state_of(welcome.start) == blind(state)
    assert digest(state) != digest(new_game(load_predesigned()[3].field, 5, 3))


def test_x10_x15_a_host_battle_with_two_ogres_of_one_id_is_refused_in_one_sentence():
    state = new_game(load_predesigned()[0].field, 3, 3)
    sent = state_data(state)
    sent["ogres"] = sent["ogres"] * 2
    guest = GuestSession("ABCDEF")
    [bye] = guest.receive(write(Welcome(side="defense", start=sent, total=0,
                                        digest=digest(state))))
    assert bye.kind == "bye" and guest.state is None
    assert guest.refused == ("The host's battle could not be taken: it does not hold together: "
                             "two Ogres have the id 0 (at ogres).")

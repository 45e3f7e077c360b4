"""Network play (X10): a host and a guest on 127.0.0.1 play a battle to the end in step, and every
hostile or broken peer is refused without touching the battle or stopping the host."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pytest
from peers import LOOPBACK, Host, Raw, joined, new_battle

from ogre.ai.protocol import make_controller
from ogre.net.ends import SEAT_KEPT, GuestEnd
from ogre.net.guest_session import GuestSession
from ogre.net.link import Link
from ogre.net.messages import (
    MAX_LINE,
    VERSION,
    Act,
    Hello,
    Ping,
    Resync,
    digest,
    other_version,
    read,
    write,
)
from ogre.net.session import HostSession
from ogre.rules import new_game
from ogre.rules.hidden import blind
from ogre.rules.options import Options
from ogre.storage.fields import load_predesigned


@pytest.fixture
def host():
    h = Host()
    yield h
    h.link.close()


def _guest_link(host: Host, seat: str = "", **limits) -> tuple[GuestSession, Link]:
    guest = GuestSession(host.code, seat=seat)
    link = Link.join(LOOPBACK, host.link.port, **limits)
    _GUESTS[id(guest)] = GuestEnd(guest, link)          # sends its Hello
    return guest, link


_GUESTS: dict[int, GuestEnd] = {}


def _pump_guest(guest: GuestSession, link: Link) -> None:
    _GUESTS[id(guest)].pump()


def test_x10_two_games_on_the_loopback_play_a_battle_to_the_end_in_step(host):
    _play_to_the_end(host)


def test_x10_x15_mark_iiis_attacking_is_played_over_the_network_in_step():
    from ogre.rules.scenarios import MARK_IIIS_ATTACKING

    battle = new_game(next(f.field for f in load_predesigned() if f.mark == 5), 5, 9,
                      MARK_IIIS_ATTACKING.key)
    host = _hosted(battle, until_turn=4)
    assert len(host.session.state.ogres) == 2
    assert any(a.startswith("move O2 ") for a in host.session.log)


@pytest.mark.parametrize("guest_side", ["defense", "ogre"])
def test_x10_x15_ogre_defending_is_played_over_the_network_to_the_end_on_either_side(guest_side):
    """9.03: the guest defends with the watchdog Ogre, or attacks with the force; every unit's
    entry, aim at a unit and escape crosses the network as any action does."""
    from ogre.ai.deploy import watched
    from ogre.rules.scenarios import OGRE_DEFENDING

    field = watched(next(f.field for f in load_predesigned() if f.mark == 3))
    battle = new_game(field, 3, 9, OGRE_DEFENDING.key)
    host = Host(session=HostSession(battle, guest_side, start=battle))
    try:
        _play_to_the_end(host, guest_side=guest_side)
    finally:
        host.link.close()
    s = host.session.state
    assert s.over and s.scenario == OGRE_DEFENDING.key
    log = host.session.log
    assert any(a.startswith("move 1001 ") for a in log)               # a unit came on
    assert any(" unit=" in a for a in log)                              # units fired at units


def test_x10_x15_mark_iii_on_defense_is_played_over_the_network_to_the_end():
    """9.01: the guest defends with its own Mark III against the host's Mark V; the Ogres'
    aims at each other's parts cross the network as any action does."""
    from ogre.ai.deploy import defended
    from ogre.rules.scenarios import MARK_III_ON_DEFENSE

    field = defended(next(f.field for f in load_predesigned() if f.mark == 3))
    battle = new_game(field, 3, 9, MARK_III_ON_DEFENSE.key)
    host = _hosted(battle)
    s = host.session.state
    assert s.over and [o.mark for o in s.ogres] == [5, 3]
    assert any(" part=" in a and " by=O2" in a for a in host.session.log)    # the guest's Ogre


def _hosted(battle, until_turn: int = 0) -> Host:
    """`battle` hosted with the guest defending, played to the end (or `until_turn`), closed."""
    host = Host(session=HostSession(battle, "defense", start=battle))
    try:
        _play_to_the_end(host, until_turn)
    finally:
        host.link.close()
    return host


def _play_to_the_end(host: Host, until_turn: int = 0, guest_side: str = "defense",
                     seen=blind, **limits) -> GuestSession:
    """The host plays the Ogre, the guest the defense (or the other way round), both the
    computer at Med: to the end, or to the start of `until_turn`. `seen` is the host's battle
    as the guest's copy holds it in step (its view, where the host keeps a sheet, X16);
    `limits` the guest's link's (two computers with no thinking to do outrun its rate)."""
    guest, link = _guest_link(host, **limits)
    host_side = "ogre" if guest_side == "defense" else "defense"
    hosts = make_controller(host_side, "Med", seed=1)
    guests = make_controller(guest_side, "Med", seed=1)
    sent_for = None
    deadline = time.monotonic() + 600        # a bound on a hang, never a timing: a busy machine
    try:                                      # spins fewer of them in the same time
        while time.monotonic() < deadline:
            host.pump()
            _pump_guest(guest, link)
            s = host.session.state
            if s.over or (until_turn and s.turn >= until_turn):
                break
            if not host.joined or guest.state is None:
                time.sleep(0.001)
                continue
            if guest.my_turn() and guest.state == seen(s) and sent_for is not s:
                sent_for = s                      # the guest acts from its own copy
                link.send(write(guest.act(guests.choose(guest.state))))
            elif not guest.my_turn() and guest.state == seen(s):
                host.play(hosts.choose(s))
            else:
                time.sleep(0.0005)
        for _ in range(200):                       # the last Applied on its way
            host.pump()
            _pump_guest(guest, link)
            if guest.state == blind(host.session.state):
                break
            time.sleep(0.01)
    finally:
        link.close()
    s = host.session.state
    assert s.over or s.turn >= until_turn > 0
    assert guest.state == blind(s) and digest(guest.state) == digest(s)
    assert guest.log == host.session.log and guest.resyncs == 0 and not guest.notes
    return guest


def test_x10_a_wrong_code_is_turned_away_and_the_host_serves_on(host):
    raw = Raw(host.link.port)
    raw.send(write(Hello(code="WRONG1")))
    [bye] = raw.lines(host)
    assert read(bye).kind == "bye" and not host.joined
    joined(host)                                 # the right code still gets in


@pytest.mark.parametrize("line, words", [
    (b"this is not json\n", "The message is not JSON."),
    (b"[1, 2, 3]\n", "The message is not a JSON object."),
    (json.dumps({"v": 9, "kind": "act", "action": "done"}).encode() + b"\n",
     other_version(VERSION, 9)),            # from the guest's side
    (json.dumps({"v": VERSION, "kind": "launch", "x": 1}).encode() + b"\n",
     "The message is not one this game knows."),
    (write(Act(action="warp 0101")), "That is not an action."),
])
def test_x10_broken_messages_are_refused_and_change_nothing(host, line, words):
    raw = joined(host)
    before = host.session.state
    raw.send(line)
    [reply] = raw.lines(host)
    assert json.loads(reply) == {"v": VERSION, "kind": "refused", "message": words}
    assert host.session.state is before
    raw.send(write(Ping()))
    assert read(raw.lines(host)[0]).kind == "pong"       # and it keeps serving


def test_x10_an_action_out_of_turn_or_against_the_rules_is_refused(host):
    raw = joined(host)
    before = host.session.state                   # the Ogre's entry: not the guest's phase
    raw.send(write(Act(action="done")))
    assert json.loads(raw.lines(host)[0])["message"] == "It is not your turn."
    host.play(host.session.state and _entry(host))
    raw.lines(host)                               # its Applied
    host.play(_done())                            # to the defence's move
    host.play(_done())
    raw.lines(host, 2)
    raw.send(write(Act(action="move 1 0101")))    # the Command Post cannot move
    refusal = json.loads(raw.lines(host)[0])["message"]
    assert refusal == "PIECE CANNOT MOVE" and host.session.state is not before


def _entry(host: Host):
    from ogre.rules import legal_actions
    return legal_actions(host.session.state)[0]


def _done():
    from ogre.rules import Done
    return Done()


def test_x10_a_line_too_long_or_a_flood_hangs_up_and_the_host_takes_a_new_guest(host):
    raw = joined(host)
    raw.send(b"x" * (MAX_LINE + 10))
    assert b"too long" in b"".join(raw.lines(host))
    time.sleep(0.1)
    host.pump()
    assert not host.joined
    flood = joined(host, raw.seat)               # its own guest sits down again
    flood.send(write(Ping()) * 2000)
    assert any(b"Too many messages" in line for line in flood.lines(host, 2100))
    joined(host, raw.seat)                       # and again


def test_x10_a_second_guest_is_turned_away():
    h = Host()
    try:
        first = joined(h)                        # stays connected
        second = Raw(h.link.port)
        second.send(write(Hello(code=h.code)))      # even with the right code
        [bye] = second.lines(h)
        assert json.loads(bye)["reason"] == SEAT_KEPT
        first.send(write(Ping()))
        assert read(first.lines(h)[0]).kind == "pong"      # the first guest plays on
    finally:
        h.link.close()


def test_x10_a_silent_peer_is_given_up():
    h = Host(dead=0.5, heartbeat=0.2)
    try:
        raw = Raw(h.link.port)                    # connects, then never says a word
        lines = raw.lines(h, 20, seconds=3)                # pings, then the end
        assert any(b"stopped answering" in line for line in lines)
        h.pump()
        assert not h.link.connected and not h.joined       # given up; it listens on
    finally:
        h.link.close()


def test_x10_a_dropped_guest_rejoins_mid_phase_and_the_battle_goes_on(host):
    guest, link = _guest_link(host)
    for _ in range(200):
        host.pump()
        _pump_guest(guest, link)
        if guest.state is not None:
            break
        time.sleep(0.01)
    host.play(_entry(host))
    link.close()                                  # dropped
    host.play(_done())                            # the host plays on meanwhile
    for _ in range(300):
        host.pump()
        if not host.joined and not host.link.connected:
            break
        time.sleep(0.01)
    assert not host.link.connected
    again, link = _guest_link(host, guest.seat)   # rejoins with the code and its seat
    try:
        for _ in range(300):
            host.pump()
            _pump_guest(again, link)
            if again.state == blind(host.session.state):
                break
            time.sleep(0.01)
        assert again.state == blind(host.session.state) and again.log == host.session.log
    finally:
        link.close()


def test_x10_a_guest_out_of_step_asks_again_and_is_put_right(host):
    raw = joined(host)
    raw.send(write(Resync()))
    welcome = read(raw.lines(host)[0])
    assert welcome.kind == "welcome" and welcome.digest == digest(host.session.state)


def test_x10_x15_the_guest_plays_the_hosts_optional_rules():
    rules = Options(time_limit=20, command_crawler=True, hardened_cp=1)
    battle = replace(new_battle(), options=rules)
    host = Host(session=HostSession(battle, "defense", start=battle))
    guest, link = _guest_link(host)
    try:
        deadline = time.monotonic() + 20
        while guest.state is None and time.monotonic() < deadline:
            host.pump()
            _pump_guest(guest, link)
            time.sleep(0.001)
    finally:
        link.close()
        host.link.close()
    assert guest.state is not None and guest.state.options == rules
    assert digest(guest.state) == digest(host.session.state)


@pytest.mark.parametrize("battle_key", ["duel", "three-way-duel"])
def test_x10_x15_a_duel_is_played_over_the_network_to_the_end(battle_key):
    """9.04: the guest's seat is the second Ogre (and the third: the others'); each Ogre's
    entry at its own edge, its rams and its aims at the others cross the network."""
    from ogre.rules.scenarios import SCENARIOS

    battle = new_game(load_predesigned()[0].field, SCENARIOS[battle_key].against, 9,
                      battle_key)
    host = _hosted(battle)
    s = host.session.state
    assert s.over and s.result.endswith("Holds the Field")
    assert any(" by=O2" in a for a in host.session.log)                # the guest's Ogre fired

"""Issue 28 (X10): what a hostile peer on 127.0.0.1 can send, one test per finding - nothing
it sends ends the game, fills its memory, takes the guest's place, reads the dice, or freezes
the frame loop. Every loop here is bounded in count and time."""

from __future__ import annotations

import json
import socket
import time

import pytest
from peers import DEEP, LOOPBACK, Host, Raw, free, joined, new_battle, play_both_sides

from ogre.net.ends import LINES_A_FRAME, WELCOMES_A_FRAME, GuestEnd
from ogre.net.gate import BURST, FREE_TRIES, Gate, new_code
from ogre.net.guest_session import GuestSession
from ogre.net.link import WAITING, Link
from ogre.net.messages import (
    MAX_LINE,
    Act,
    Hello,
    Ping,
    Resync,
    Welcome,
    digest,
    read,
    state_data,
    write,
)
from ogre.net.session import PHASE_ACTIONS, HostSession
from ogre.rules import Done, Move, Undo, apply, legal_actions
from ogre.rules.hidden import BLIND, blind
from ogre.storage.games import LOG_STEPS, log_problem


def _kinds(lines: list[bytes]) -> list[str]:
    return [read(line).kind for line in lines]


def _reasons(lines: list[bytes]) -> list[str]:
    return [json.loads(line).get("reason", "") for line in lines]


@pytest.fixture
def host():
    h = Host()
    yield h
    h.link.close()


# 1. One line kills the game --------------------------------------------------------------

def test_x10_a_line_nested_3000_deep_before_the_code_is_refused_and_the_host_serves_on(host):
    stranger = Raw(host.link.port)
    stranger.send(b"[" * 400 + b"]" * 400 + b"\n")        # deep, and short enough to be read
    assert _reasons(stranger.lines(host)) == ["The join code must come first."]
    stranger = Raw(host.link.port)
    stranger.send(DEEP)                                    # before the code: a hundred bytes
    assert _reasons(stranger.lines(host)) == ["A message was too long."]
    guest = joined(host)                                   # and the real guest gets in
    guest.send(DEEP)
    [refused] = guest.lines(host)
    assert json.loads(refused)["message"] == "The message cannot be read: it is nested more " \
                                             "than 24 deep."


def test_x10_a_host_that_sends_deep_nesting_or_huge_numbers_mid_battle_is_only_noted():
    guest = GuestSession("ABCDEF")
    start = new_battle()
    guest.receive(write(Welcome(side="defense", start=state_data(start), total=0,
                                digest=digest(start))))
    guest.advance()
    assert guest.state is not None
    assert guest.receive(DEEP) == []
    assert guest.receive(b'{"v": 5, "kind": "ping", "n": ' + b"9" * 5000 + b"}") == []
    assert "nested more than 24 deep" in guest.notes[0]
    assert "longer than 24 digits" in guest.notes[1] and not guest.refused


def test_x10_a_battle_the_guest_cannot_read_while_joining_is_refused_at_once_in_a_sentence():
    """A Welcome whose turn is 10**30 is not a battle: the guest says so at once, rather than
    waiting for the host to stop answering."""
    start = state_data(new_battle())
    line = write(Welcome(side="defense", start=start, total=0, digest="0" * 16))
    line = line.replace(b'"turn":1,', b'"turn":' + str(10 ** 30).encode() + b",")
    guest = GuestSession("ABCDEF")
    [bye] = guest.receive(line)
    assert bye.kind == "bye" and guest.refused == bye.reason
    assert guest.refused.startswith("The host's battle could not be taken: ")
    assert "longer than 24 digits" in guest.refused


# 2. Strangers starve the host ------------------------------------------------------------

def test_x10_strangers_refused_lines_are_not_kept(host):
    for _ in range(40):
        raw = Raw(host.link.port)
        raw.send(b"nonsense\n" + b"x" * 500 + b"\n")
        raw.lines(host)
        raw.sock.close()
    free(host)
    host.pump()
    assert host.end.callers == {} and len(host.end.notes) == 0
    assert not hasattr(host.session, "refusals")


def test_x10_a_connection_that_trickles_bytes_never_holds_the_guests_place():
    h = Host(hello_wait=0.6)
    try:
        slow = Raw(h.link.port)
        slow.send(b"{")                                   # and a byte now and then after
        guest = joined(h)                                 # the real guest gets in at once
        guest.send(write(Ping()))
        assert _kinds(guest.lines(h)) == ["pong"]
        end = time.monotonic() + 3
        said: list[bytes] = []
        while time.monotonic() < end and not said:
            slow.send(b" ")
            said = slow.lines(h, seconds=0.2)
        assert _reasons(said) == ["No join code came in time."]
    finally:
        h.link.close()


def test_x10_wrong_codes_slow_their_sender_down_and_a_burst_after_them_starts_nothing(host):
    for _ in range(FREE_TRIES):
        raw = Raw(host.link.port)
        raw.send(write(Hello(code="WRONG1")))
        assert _reasons(raw.lines(host)) == ["The join code is wrong."]
    raw = Raw(host.link.port)                              # wrong, then right, in one burst
    raw.send(write(Hello(code="WRONG1")) + write(Hello(code=host.code)))
    lines = raw.lines(host, want=2, seconds=1)
    assert _kinds(lines) == ["bye"] and not host.joined
    raw = Raw(host.link.port)                              # even the right code must wait now
    raw.send(write(Hello(code=host.code)))
    [bye] = raw.lines(host)
    assert "Too many wrong join codes came from your computer" in json.loads(bye)["reason"]
    assert not host.joined
    guest = Raw(host.link.port, "127.0.0.2")               # another computer is not slowed
    guest.send(write(Hello(code=host.code)))
    assert _kinds(guest.lines(host)) == ["welcome"]


def test_x10_only_the_host_renews_the_code_and_strangers_wrong_codes_never_do():
    gate = Gate("AAAAAAAA")
    old = gate.code
    new = gate.renew()
    assert new != old and gate.check("10.0.0.1", old, now=0.0) == "wrong"
    assert gate.check("10.0.0.2", new, now=0.0) == "right"
    for n in range(BURST):                                # from many addresses at once
        gate.check(f"10.0.{n // 200}.{n % 200}", "WRONG!", now=0.0)
    assert gate.code == new and gate.renewed == 1


# 3. The guest knows the dice -------------------------------------------------------------

def _play_until_a_shot(host: Host | HostSession, guest_session: GuestSession | None = None) -> None:
    """The computer plays both sides on the host until some shot has been fired."""
    session = host.session if isinstance(host, Host) else host
    play_both_sides(session, lambda s: "fire" in s.log, guest_session)


def test_x10_nothing_the_guest_is_sent_holds_the_dice_state(host):
    guest = joined(host)
    seen = [json.dumps(state_data(host.session.state))]
    for message in host.session.welcome():
        seen.append(write(message).decode())
    watcher = GuestSession(host.code)
    for line in seen[1:]:
        watcher.receive(line.encode())
    watcher.advance()
    _play_until_a_shot(host.session, watcher)
    seen += [write(m).decode() for m in host.session.welcome()]
    key = host.session.dice._key
    assert len(key) * 8 >= 128 and guest
    assert watcher.state == blind(host.session.state) and watcher.state.rng == BLIND
    assert not any(key.hex() in line or str(int.from_bytes(key)) in line for line in seen)
    assert watcher.tape and watcher.resyncs == 0      # each shot's face, told after it


def test_x10_the_guests_copy_is_blind_and_still_plays_every_shot_as_the_host_did():
    start = new_battle()
    session = HostSession(start, "defense", start=start)
    guest = GuestSession("ABCDEF")
    for message in session.welcome():
        guest.receive(write(message))
    guest.advance()
    _play_until_a_shot(session, guest)
    assert guest.state == blind(session.state) and guest.state.rng == BLIND
    assert guest.resyncs == 0 and len(guest.tape) > 0


# 4. Strikes count against the battle, not the sender ------------------------------------

def test_x10_a_strangers_bad_lines_spend_nothing_of_the_guests(host):
    for _ in range(25):
        raw = Raw(host.link.port)
        raw.send(b"garbage\n")
        raw.lines(host)
    guest = joined(host)
    guest.send(write(Act(action="warp 0101")) * 5)        # five broken lines: a warning each
    assert _kinds(guest.lines(host, want=5)) == ["refused"] * 5
    guest.send(write(Ping()))
    assert _kinds(guest.lines(host)) == ["pong"]


def test_x10_refusals_by_the_rules_never_count_and_broken_lines_are_forgiven_in_time():
    now = [0.0]
    h = Host(clock=lambda: now[0])
    try:
        guest = joined(h)
        for _ in range(40):                               # out of turn: the game's message
            guest.send(write(Act(action="done")))
            assert json.loads(guest.lines(h)[0])["message"] == "It is not your turn."
        for _ in range(3):                                # 9 broken lines, 10 s apart: forgiven
            guest.send(write(Act(action="warp 0101")) * 3)
            assert _kinds(guest.lines(h, want=3)) == ["refused"] * 3
            now[0] += 30.0
        guest.send(write(Act(action="warp 0101")) * 10)  # ten at once: that is abuse
        lines = guest.lines(h, want=10)
        assert _reasons(lines)[-1] == "Too many broken messages came."
    finally:
        h.link.close()


# 5. Floods freeze or swell -----------------------------------------------------------------

def test_x10_resyncs_are_coalesced_and_a_guest_that_never_reads_is_let_go(host):
    guest = joined(host)
    guest.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    guest.send(write(Resync()) * 400)                     # and never reads the answers
    for _ in range(40):
        host.pump()
        time.sleep(0.01)
    assert host.link.unsent(host.end.guest) < 2 * len(b"".join(
        write(m) for m in host.session.welcome()))
    answered = guest.lines(host, want=400, seconds=1)
    assert 1 <= _kinds(answered).count("welcome") <= 3


def test_x10_a_hosts_flood_is_taken_a_frame_at_a_time_and_pings_get_one_answer_a_frame():
    listener = socket.create_server((LOOPBACK, 0))
    link = Link.join(LOOPBACK, listener.getsockname()[1], rate=0)
    peer, _ = listener.accept()
    guest = GuestEnd(GuestSession("ABCDEF"), link)
    try:
        peer.sendall(write(Ping()) * 400)
        deadline = time.monotonic() + 5
        while not link._conns.get(1) or not link._conns[1].lines:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(0.2)
        for _ in range(3):                                 # three frames...
            guest.pump()
        left = len(guest._held) + len(link._conns[1].lines)
        assert left >= 400 - 3 * LINES_A_FRAME             # ...took at most 64 lines each
        peer.settimeout(0.5)
        data = b""
        try:
            while True:
                chunk = peer.recv(65536)
                if not chunk:
                    break
                data += chunk
        except TimeoutError:
            pass
        assert 1 <= data.count(b'"pong"') <= 3            # and answered one ping a frame
    finally:
        link.close()
        peer.close()
        listener.close()


def test_x10_joining_a_host_that_does_not_answer_never_holds_the_frame_loop():
    listener = socket.create_server((LOOPBACK, 0), backlog=0)
    stuck = []
    for _ in range(8):                                    # fill its queue, never accepted
        sock = socket.socket()
        sock.setblocking(False)
        sock.connect_ex((LOOPBACK, listener.getsockname()[1]))
        stuck.append(sock)
    link = Link.join(LOOPBACK, listener.getsockname()[1])
    try:
        assert not link.connected and link.take() == []   # it connects on its own thread
    finally:
        link.close()
        for s in stuck:
            s.close()
        listener.close()


# 6. Long battles break ---------------------------------------------------------------------

def _long_battle(pairs: int) -> HostSession:
    """A legal battle of 2 x `pairs` + 3 actions: a defender moved and moved back, again
    and again (the host plays the defence here)."""
    start = new_battle()
    s = start
    for action in (legal_actions(s)[0], Done()):
        s, _ = apply(s, action)
    s, _ = apply(s, Done())                               # the Ogre fired at nothing
    move = next(a for a in legal_actions(s) if isinstance(a, Move))
    log = [str(a) for a in (legal_actions(start)[0], Done(), Done())]
    for _ in range(pairs):
        s, _ = apply(s, move)
        s, _ = apply(s, Undo(move.piece))
        log += [str(move), str(Undo(move.piece))]
    return HostSession(s, "ogre", log, start)


def test_x10_a_battle_of_9000_actions_is_joined_whole_in_parts_under_the_line_limit():
    session = _long_battle(4500)
    h = Host(session=session)
    try:
        guest = GuestSession(h.code)
        link = Link.join(LOOPBACK, h.link.port)
        end_ = GuestEnd(guest, link)
        deadline = time.monotonic() + 20
        while guest.state is None and time.monotonic() < deadline:
            h.pump()
            end_.pump()
            time.sleep(0.002)
        assert guest.state == blind(session.state) and guest.log == session.log
        assert all(len(write(m)) <= MAX_LINE for m in session.welcome())
        link.close()
    finally:
        h.link.close()


def test_x10_a_guest_cannot_inflate_the_log_with_moves_and_undos(host):
    guest = joined(host)
    s = host.session.state
    for action in (legal_actions(s)[0], Done(), Done()):
        host.play(action)
    guest.lines(host, want=3)
    move = next(a for a in legal_actions(host.session.state) if isinstance(a, Move))
    pairs = PHASE_ACTIONS                                  # twice what a phase may take
    for _ in range(pairs):
        guest.send(write(Act(action=str(move))) + write(Act(action=str(Undo(move.piece)))))
        guest.lines(host, want=2)
    assert len(host.session.log) == 3 + PHASE_ACTIONS < LOG_STEPS
    guest.send(write(Act(action="done")))                  # Done is always taken
    assert _kinds(guest.lines(host)) == ["applied"]


# 7. The guest cannot keep the battle -------------------------------------------------------

def test_x10_the_guests_battle_replays_from_its_start_after_a_join_mid_battle(host):
    _play_until_a_shot(host.session)
    guest = GuestSession(host.code)
    link = Link.join(LOOPBACK, host.link.port)
    end_ = GuestEnd(guest, link)
    try:
        deadline = time.monotonic() + 10
        while guest.state is None and time.monotonic() < deadline:
            host.pump()
            end_.pump()
            time.sleep(0.002)
        assert guest.start is not None and guest.state is not None
        assert log_problem(guest.start, guest.log, guest.state, guest.tape) is None
        assert guest.start.rng == BLIND and len(guest.tape) > 0
    finally:
        link.close()


# 10. Smaller -------------------------------------------------------------------------------

@pytest.mark.parametrize("version", ["1.0", "true", '"2"', "2.0"])
def test_x10_the_version_is_an_integer_nothing_else(host, version):
    guest = joined(host)
    guest.send(b'{"v": ' + version.encode() + b', "kind": "ping"}\n')
    assert json.loads(guest.lines(host)[0])["message"] == "The message has no version number."


def test_x10_the_guest_checks_the_hosts_log_and_refuses_what_does_not_replay():
    start = new_battle()
    guest = GuestSession("ABCDEF")
    welcome = Welcome(side="defense", start=state_data(start), total=2000,
                      digest=digest(start))
    guest.receive(write(welcome))
    from ogre.net.messages import LogPart
    for first in range(0, 2000, 400):
        guest.receive(write(LogPart(first=first, actions=["done"] * 400)))
    for _ in range(5):
        guest.advance()
    assert guest.state is None                            # 2,000 Dones do not replay


def test_x10_a_battle_without_its_command_post_is_refused_from_a_peer():
    start = new_battle()
    data = state_data(start)
    data["pieces"] = [p for p in data["pieces"] if p["kind"] != "cp"]
    guest = GuestSession("ABCDEF")
    answer = guest.receive(write(Welcome(side="defense", start=data, total=0,
                                         digest=digest(start))))
    assert guest.state is None and "could not be taken" in guest.refused
    assert _kinds([write(m).rstrip(b"\n") for m in answer]) == ["bye"]


def test_x10_hosts_gate_keeps_no_more_addresses_than_it_remembers():
    from ogre.net.gate import REMEMBERED
    gate = Gate(new_code())
    for n in range(REMEMBERED * 3):
        gate.check(f"10.1.{n // 256}.{n % 256}", "WRONG!", now=0.0)
    assert len(gate._tries) <= REMEMBERED


def test_x10_silent_strangers_take_no_guests_place(host):
    waiting = [Raw(host.link.port, f"127.0.0.{n}") for n in range(2, 9)]   # say nothing
    guest = Raw(host.link.port)
    guest.send(write(Hello(code=host.code)))
    assert _kinds(guest.lines(host)) == ["welcome"] and host.joined and waiting


def test_x10_a_flood_of_battles_from_a_host_is_read_two_a_frame():
    listener = socket.create_server((LOOPBACK, 0))
    link = Link.join(LOOPBACK, listener.getsockname()[1], rate=0)
    peer, _ = listener.accept()
    session = GuestSession("ABCDEF")
    guest = GuestEnd(session, link)
    start = new_battle()
    welcome = write(Welcome(side="defense", start=state_data(start), total=0,
                            digest=digest(start)))
    try:
        peer.sendall(welcome * 400)
        deadline = time.monotonic() + 5
        while not link._conns.get(1) or len(link._conns[1].lines) < 20:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        for frame in range(1, 4):
            guest.pump()
            assert session.offered <= WELCOMES_A_FRAME * frame
        assert session.state == blind(start)           # and each one it read was taken
    finally:
        link.close()
        peer.close()
        listener.close()


def test_x10_strangers_filling_every_waiting_place_cannot_keep_the_guest_out(host):
    """Silent connections, two from each of many computers, hold every place for the code;
    the guest who knocks next still gets in (the oldest silent one makes room)."""
    silent = [Raw(host.link.port, f"127.0.0.{2 + n // 2}") for n in range(WAITING)]
    deadline = time.monotonic() + 5
    while len(host.link._conns) < WAITING:                 # all taken by the host's thread
        assert time.monotonic() < deadline
        time.sleep(0.01)
    guest = Raw(host.link.port, "127.0.0.200")
    guest.send(write(Hello(code=host.code)))
    assert _kinds(guest.lines(host)) == ["welcome"] and host.joined
    assert _reasons(silent[0].lines(host, seconds=1)) == ["The host is busy: try again in a "
                                                          "moment."]
    waiting = [c for c in list(host.link._conns.values()) if not c.admitted]
    assert len(waiting) == WAITING - 1                     # the oldest alone made room

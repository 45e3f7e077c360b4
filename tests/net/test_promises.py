"""What docs/network.md promises (X10), each tried as a hostile peer would: dice no guest can
foresee, text that is cleaned where it is read, told dice bounded by their actions, a door that
strangers can neither renew nor crowd nor guess, and a seat only its own guest takes back."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from peers import LOOPBACK, Host, Raw, joined, new_battle, play_both_sides

from ogre.ai.protocol import make_controller
from ogre.net import dice as net_dice
from ogre.net.dice import SecretDice
from ogre.net.ends import SEAT_KEPT, GuestEnd
from ogre.net.gate import BUDGET, BURST, REFILL, Gate, new_code, odds_of_a_guess
from ogre.net.guest_session import GuestSession
from ogre.net.link import Link
from ogre.net.messages import VERSION, Hello, LogPart, Welcome, digest, read, state_data, write
from ogre.net.session import HostSession
from ogre.rules import apply
from ogre.rules.dice import roll
from ogre.rules.sides import acting_side
from ogre.storage.games import log_problem

ROOT = Path(__file__).resolve().parents[2]


def _play(session: HostSession, dice_wanted: int) -> None:
    """The Low computer plays both sides on the host until `dice_wanted` dice were rolled."""
    play_both_sides(session, lambda s: len(s.tape) >= dice_wanted)


# 1. Dice no guest can foresee --------------------------------------------------------------

def test_x10_a_hosted_battle_rolls_a_secret_stream_never_the_seeds_and_new_each_time():
    """The seed's stream is what a guest could find from a dozen faces; the hosted battle's
    faces are not it, and the same battle hosted twice rolls other faces."""
    start = new_battle()                                   # seed 7
    seeded, rng = [], start.rng
    for _ in range(40):
        face, rng = roll(rng)
        seeded.append(face)
    tapes = []
    for _ in range(2):
        session = HostSession(start, "defense", start=start)
        _play(session, 13)
        assert len(session.tape) >= 13
        tapes.append(session.tape[:13])
    assert tapes[0] != seeded[:13] and tapes[1] != seeded[:13] and tapes[0] != tapes[1]


def test_x10_each_battle_hosted_is_keyed_with_at_least_128_bits_from_the_system(monkeypatch):
    asked: list[int] = []
    real = net_dice.secrets.token_bytes

    def token_bytes(n: int) -> bytes:
        asked.append(n)
        return real(n)
    monkeypatch.setattr(net_dice.secrets, "token_bytes", token_bytes)
    start = new_battle()
    first = HostSession(start, "defense", start=start)
    second = HostSession(start, "defense", start=start)
    assert len(asked) == 2 and min(asked) * 8 >= 128
    assert first.dice._key != second.dice._key
    assert "key" not in repr(first.dice).replace("<key hidden>", "")


def test_x10_the_secret_dice_are_even_and_a_short_key_is_refused():
    faces = SecretDice(bytes(range(32))).take(6000)
    counts = [faces.count(f) for f in range(1, 7)]
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 20.5                                     # 5 degrees of freedom, p = 0.001
    try:
        SecretDice(bytes(8))
    except ValueError:
        pass
    else:
        raise AssertionError("a 64-bit key was taken")


def test_x10_a_local_battle_hosted_on_keeps_its_rolled_faces_and_replays_from_its_start():
    start = new_battle()
    log, state = [], start
    players = {side: make_controller(side, "Low", seed=5) for side in ("ogre", "defense")}
    while len(log) < 60:                                   # played here, on the seed's dice
        action = players[acting_side(state)].choose(state)
        state, _ = apply(state, action)
        log.append(str(action))
    session = HostSession(state, "defense", log, start)
    assert session.state.rng == session.start.rng == 0       # blind from here on
    _play(session, len(session.tape) + 10)
    assert log_problem(session.start, session.log, session.state, session.tape) is None
    guest = GuestSession("ABCDEFGH")
    for message in session.welcome():
        guest.receive(write(message))
    guest.advance()
    assert guest.state == session.state and guest.tape == session.tape


# 2. Text from a peer ------------------------------------------------------------------------

NASTY = "Gi\u0000l\u202e\u2066\ud800\u200b\u0007 " + "x" * 30


def _line(data: dict) -> bytes:
    return json.dumps(data).encode() + b"\n"


def test_x10_every_text_a_peer_sends_is_cleaned_where_it_is_read():
    start = new_battle()
    hello = read(_line({"v": VERSION, "kind": "hello", "code": "acde-fh34", "name": NASTY}))
    bye = read(_line({"v": VERSION, "kind": "bye", "reason": NASTY * 5}))
    refused = read(_line({"v": VERSION, "kind": "refused", "message": NASTY}))
    welcome = read(_line({"v": VERSION, "kind": "welcome", "side": "defense", "total": 0,
                          "start": state_data(start), "digest": digest(start), "name": NASTY}))
    texts = [hello.name, bye.reason, refused.message, welcome.name]
    assert hello.code == "ACDEFH34" and all(t.startswith("Gil ") for t in texts)
    for text in texts:
        assert text.isprintable() and len(text) <= 200
        assert not any(ch in text for ch in "\u0000\u202e\u2066\u200b\u0007")
        text.encode("utf-8")                               # no lone surrogate left


# 3. Told dice bounded by their actions ------------------------------------------------------

def test_x10_a_log_part_with_more_dice_than_its_actions_roll_is_refused():
    start = new_battle()
    guest = GuestSession("ABCDEFGH")
    welcome = Welcome(side="defense", start=state_data(start), total=2, digest=digest(start))
    assert guest.receive(write(welcome)) == []
    for _ in range(50):                                    # parts of dice and no actions
        answer = guest.receive(write(LogPart(first=0, actions=[], dice=[6] * 1200)))
        if answer:
            break
    assert [m.kind for m in answer] == ["bye"] and guest._coming is None
    assert guest.refused == ("The host's battle could not be taken: its log tells more dice "
                             "than its actions roll.")
    guest = GuestSession("ABCDEFGH")
    guest.receive(write(welcome))
    [bye] = guest.receive(write(LogPart(first=0, actions=["done"], dice=[1, 2, 3, 4, 5])))
    assert bye.kind == "bye"                               # five dice for one action


# 5. The door ------------------------------------------------------------------------------

def test_x10_wrong_codes_from_every_address_spend_one_budget_and_the_odds_stay_below_1e_6():
    gate = Gate(new_code())
    for n in range(BURST):                                 # a burst from 100 computers
        assert gate.check(f"10.0.{n // 200}.{n % 200}", "WRONG", now=0.0) == "wrong"
    assert gate.check("10.9.9.9", gate.code, now=0.0) == "rest"     # not even checked
    assert gate.check("10.9.9.9", gate.code, now=REFILL) == "right"
    checked, now = gate.wrong, REFILL
    while gate.wrong < BUDGET:                             # a year of strangers, all told
        now += REFILL
        assert gate.check(f"10.1.{gate.wrong % 250}.{gate.wrong // 250 % 250}", "WRONG",
                          now=now) == "wrong"
    assert gate.wrong - checked == BUDGET - BURST and now / 3600 / 24 > 8     # days, not hours
    assert gate.check("10.9.9.9", gate.code, now=now + 1e6) == "shut"
    assert gate.renewed == 0 and odds_of_a_guess() < 1e-6


def test_x10_a_guest_whose_hello_has_come_is_never_pushed_out_by_strangers():
    host = Host()
    try:
        guest = Raw(host.link.port)
        guest.send(write(Hello(code=host.code)))
        deadline = time.monotonic() + 2
        while not any(c.knocked for c in list(host.link._conns.values())):
            assert time.monotonic() < deadline
            time.sleep(0.001)
        crowd = [Raw(host.link.port, f"127.0.{n // 200}.{2 + n % 200}") for n in range(60)]
        time.sleep(0.2)                                    # all taken, before any frame
        assert read(guest.lines(host)[0]).kind == "welcome" and host.joined and crowd
    finally:
        host.link.close()


def test_x10_at_2000_strangers_a_second_from_256_addresses_the_guest_gets_in_at_once():
    first_try = 0
    for _ in range(10):
        host = Host()
        flood = subprocess.Popen([sys.executable, "-m", "tools.strangers", "--port",
                                  str(host.link.port), "--rate", "2000", "--addresses", "256",
                                  "--seconds", "1.5"], cwd=ROOT, stdout=subprocess.DEVNULL)
        link = None
        try:
            time.sleep(0.4)                                # the flood under way
            guest = GuestSession(host.code)
            link = Link.join(LOOPBACK, host.link.port)
            end = GuestEnd(guest, link)
            deadline = time.monotonic() + 5
            while guest.state is None and not end.closed and time.monotonic() < deadline:
                host.pump()
                end.pump()
                time.sleep(0.005)
            first_try += guest.state is not None
        finally:
            flood.wait(timeout=10)
            if link is not None:
                link.close()
            host.link.close()
    assert first_try >= 9


# 6. The seat ------------------------------------------------------------------------------

def test_x10_only_the_guest_that_sat_down_takes_its_seat_again_not_a_computer_with_the_code():
    host = Host()
    try:
        guest = joined(host)
        assert len(guest.seat) == 32                       # 128 bits, in hex
        guest.sock.close()                                 # dropped
        deadline = time.monotonic() + 3
        while host.joined:
            assert time.monotonic() < deadline
            host.pump()
            time.sleep(0.005)
        stranger = Raw(host.link.port, "127.0.0.7")        # the code travels in clear
        stranger.send(write(Hello(code=host.code, name="Gil")))
        assert [json.loads(b)["reason"] for b in stranger.lines(host)] == [SEAT_KEPT]
        wrong = Raw(host.link.port, "127.0.0.8")
        wrong.send(write(Hello(code=host.code, seat="0" * 32)))
        assert [json.loads(b)["reason"] for b in wrong.lines(host)] == [SEAT_KEPT]
        assert not host.joined
        back = joined(host, seat=guest.seat, source="127.0.0.9")    # from a new address too
        assert host.joined and back.seat == guest.seat
        assert "has joined again from 127.0.0.9" in host.end.notes[-1]
    finally:
        host.link.close()


def test_x10_a_guest_coming_back_on_a_new_connection_replaces_its_old_one():
    host = Host()
    try:
        old = joined(host)
        new = joined(host, seat=old.seat)                  # the old one has not dropped yet
        reasons = [json.loads(b).get("reason") for b in old.lines(host, want=5, seconds=0.5)]
        assert "The guest joined again on a new connection." in reasons
        assert host.joined and not any("gone" in n for n in host.end.notes) and new
    finally:
        host.link.close()


def test_x10_the_host_is_told_once_that_the_door_is_shut_however_many_come_after(monkeypatch):
    from ogre.net import ends
    host = Host()
    try:
        monkeypatch.setattr(host.end.gate, "wrong", BUDGET)          # the budget all spent
        told = []
        for n in range(3):
            raw = Raw(host.link.port, f"127.0.3.{2 + n}")
            raw.send(write(Hello(code=host.code)))
            assert "it takes no more" in json.loads(raw.lines(host)[0])["reason"]
            told.append(list(host.end.notes))
            host.end.notes.clear()                                   # the screen shows them
        assert told == [[ends.SHUT], [], []]
    finally:
        host.link.close()

"""The network's promises on screen (X10): text a hostile peer sends never stops either game,
the host shows one waiting box whatever happens, and a guest whose game was restarted takes
its seat back from the secret kept in its recovery slot."""

from __future__ import annotations

import json
import socket

import pygame
from driver import Driver
from test_network_endings import _battle, _close, _pair, _play_turns
from test_network_ui import _app, _steps

from ogre.net.messages import VERSION, digest, state_data
from ogre.rules.hidden import blind
from ogre.storage.recovery import RecoverySlot
from ogre.ui.commands.crash import keep_battle
from ogre.ui.commands.network import Hosted, NetworkGuest, NetworkHost

NASTY = "Ho\u0000st\u202e\ud800\u2066"


def _drawn(app) -> None:
    app.dirty = True
    app.step([])


def _wire(data: dict) -> bytes:
    return json.dumps(data).encode() + b"\n"


def _peer(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A raw connection from `source` (another loopback address is another computer)."""
    return socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))


def test_x10_a_host_whose_name_and_goodbye_hold_nul_and_bidi_marks_never_stops_the_guest(
        tmp_path):
    guest = _app(tmp_path, "guest")
    listener = socket.create_server(("127.0.0.1", 0))
    start = _battle()
    guest.network = NetworkGuest(guest, "127.0.0.1", listener.getsockname()[1], "ABCDEFGH")
    peer = None
    try:
        peer, _ = listener.accept()
        peer.sendall(_wire({"v": VERSION, "kind": "welcome", "side": "defense", "total": 0,
                            "start": state_data(start), "digest": digest(start),
                            "name": NASTY}))
        _steps(guest, guest, lambda: guest.battle is not None)
        _drawn(guest)
        assert "\u0000" not in guest.battle.sides["ogre"]
        peer.sendall(_wire({"v": VERSION, "kind": "bye", "reason": NASTY + " left."}))
        peer.close()
        _steps(guest, guest, lambda: guest.network is None)
        _drawn(guest)
        message = guest.dialog.message
        assert message.startswith("The host ended the network game: host")
        assert message.isprintable() and "\u202e" not in message
    finally:
        _close(guest)
        if peer is not None:
            peer.close()
        listener.close()


def test_x10_a_guest_whose_name_holds_nul_and_bidi_marks_never_stops_the_host(tmp_path):
    host = _app(tmp_path, "host")
    state = _battle()
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    try:
        raw = _peer(host.network.link.port)
        raw.sendall(_wire({"v": VERSION, "kind": "hello", "code": host.network.code,
                           "name": NASTY}))
        _steps(host, host, lambda: host.battle is not None)
        _drawn(host)
        side = host.battle.sides["defense"]
        assert side == "Guest Defense (Host)" and side.isprintable()
        raw.sendall(_wire({"v": VERSION, "kind": "bye", "reason": NASTY}))
        _steps(host, host, lambda: host.dialog is not None)
        _drawn(host)
        assert host.dialog.message.isprintable() and "\u0000" not in host.dialog.message
    finally:
        _close(host)


def _waiting_boxes(app) -> list:
    return [d for d in app.dialogs.items if d.title == "Host a Network Game"]


def test_x10_the_host_shows_one_waiting_box_whatever_happens(tmp_path):
    host = _app(tmp_path, "host")
    state = _battle()
    host.network = n = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    try:
        codes, hands = {n.code}, Driver(host)
        for _ in range(4):                                  # the host asks for new codes
            hands.click(next(b for b in host.dialog.buttons if b.label == "New Code").rect.center)
            _drawn(host)
            codes.add(n.code)
            assert n.code in host.dialog.message and len(_waiting_boxes(host)) == 1
        for k in range(40):                                 # strangers' wrong codes
            with _peer(n.link.port, f"127.0.0.{2 + k}") as stranger:
                stranger.sendall(_wire({"v": VERSION, "kind": "hello", "code": "WRONGCODE"}))
                _steps(host, host, lambda: n.gate.wrong == k + 1)
        _drawn(host)
        assert len(codes) == 5 and n.code in host.dialog.message
        assert len(_waiting_boxes(host)) == 1 and n.gate.renewed == 4
    finally:
        _close(host)


def test_x10_a_restarted_guest_takes_its_seat_back_with_the_secret_in_its_recovery_slot(
        tmp_path):
    host, guest = _pair(tmp_path)
    try:
        _play_turns(host, guest, 1)
        port, code = host.network.link.port, host.network.code
        assert keep_battle(guest)                           # as after every turn
        secret = guest.network.session.seat
        assert RecoverySlot.default().seat("127.0.0.1", port) == secret
        guest.network.close()                               # the guest's game dies
        _steps(host, host, lambda: host.dialog is not None and "gone" in host.dialog.message)
        host.dialog = None
        restarted = _app(tmp_path, "restarted")             # nothing of the last run in memory
        restarted.network = NetworkGuest(restarted, "127.0.0.1", port, code)
        _steps(host, restarted, lambda: restarted.battle is not None
               and restarted.battle.state == blind(host.battle.state))
        _drawn(host)
        assert "The guest (Gil) has joined again from 127.0.0.1" in host.dialog.message
    finally:
        _close(host, guest)
        pygame.event.clear()

"""Issue 28 (X10) on screen: each way a join or a network battle ends has its own sentence,
said once; the battle is whole on both sides (saved, recorded, kept after every turn) and can
be hosted again from where a game died."""

from __future__ import annotations

import socket

from test_network_ui import _app, _steps

from ogre.ai.protocol import make_controller
from ogre.net.messages import Welcome, digest, state_data, write
from ogre.rules import new_game
from ogre.rules.hidden import blind
from ogre.storage.fields import load_predesigned
from ogre.storage.games import GameStore
from ogre.storage.record import load_record
from ogre.storage.recovery import RecoverySlot
from ogre.ui.commands import battle_files
from ogre.ui.commands.network import Hosted, NetworkGuest, NetworkHost


def _battle():
    return new_game(load_predesigned()[0].field, 3, 5)


def _pair(tmp_path, code: str | None = None, state=None):
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = state or _battle()
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0, name="Hana")
    guest.network = NetworkGuest(guest, "127.0.0.1", host.network.link.port,
                                 code or host.network.code, name="Gil")
    return host, guest


def _close(*apps) -> None:
    for app in apps:
        if app.network is not None:
            app.network.close()


def _play_turns(host, guest, turns: int) -> None:
    """The computer plays both screens' sides until `turns` turns have passed."""
    players = {"ogre": make_controller("ogre", "Low", seed=2),
               "defense": make_controller("defense", "Low", seed=2)}

    def step() -> bool:
        hb = host.battle
        if hb is not None and (hb.state.turn > turns or hb.state.over):
            return True                          # far enough: the screens catch up
        for app, side in ((host, "ogre"), (guest, "defense")):
            b = app.battle
            if b is None:
                continue
            if b.dialog is not None and b.dialog.title == "Ogre Entry":
                b.dialog = None
            b.banner = []                            # a turning point's banner, read (X11)
            if (b.state.over or app.dialog is not None or b.dialog is not None
                    or app.commands.computer_acting()):
                continue
            from ogre.rules.sides import acting_side
            if acting_side(b.state) == side:
                b.act(players[side].choose(b.state), confirmed=True)
        return False
    # A bound on a hang, not a timing: a whole battle took 120 s on a loaded 2-core machine.
    _steps(host, guest, lambda: step() and guest.battle.state == blind(host.battle.state),
           seconds=600)


def test_x10_a_wrong_code_says_the_host_turned_you_away(tmp_path):
    host, guest = _pair(tmp_path, code="WRONG1")
    try:
        _steps(host, guest, lambda: guest.network is None)
        assert guest.dialog.message == "The host turned you away: the join code is wrong."
        assert guest.battle is None
    finally:
        _close(host, guest)


def test_x10_a_battle_that_has_its_guest_says_so_to_the_second(tmp_path):
    host, guest = _pair(tmp_path)
    third = _app(tmp_path, "third")
    try:
        _steps(host, guest, lambda: guest.battle is not None)
        RecoverySlot.default().clear()     # the third computer's data folder: no seat kept
        third.network = NetworkGuest(third, "127.0.0.1", host.network.link.port,
                                     host.network.code)
        _steps(host, third, lambda: third.network is None)
        assert third.dialog.message == ("The host turned you away: this battle already has "
                                        "its guest; only their computer can sit down again.")
    finally:
        _close(host, guest, third)


def test_x10_a_host_killed_mid_battle_leaves_the_guests_battle_waiting_not_hot_seat(tmp_path):
    host, guest = _pair(tmp_path)
    try:
        _play_turns(host, guest, 1)
        for conn in list(host.network.link._conns.values()):
            conn.sock.shutdown(socket.SHUT_RDWR)     # as when its process dies: no goodbye
        _steps(host, guest, lambda: guest.network is None)
        assert guest.dialog.message.startswith("The connection to the host is gone")
        assert "Join again with the same code" in guest.dialog.message
        guest.dialog = None
        for _ in range(30):
            guest.step([])
        assert guest.dialog is None                  # nothing says the computer failed
        c = guest.commands
        assert c.controller is None and c.absent == "ogre"   # the host's turns wait
    finally:
        _close(host, guest)


def test_x10_the_guest_shows_why_it_refused_an_impossible_battle(tmp_path):
    guest = _app(tmp_path, "guest")
    listener = socket.create_server(("127.0.0.1", 0))
    start = _battle()
    data = state_data(start)
    data["pieces"] = [p for p in data["pieces"] if p["kind"] != "cp"]
    guest.network = NetworkGuest(guest, "127.0.0.1", listener.getsockname()[1], "ABCDEF")
    peer = None
    try:
        peer, _ = listener.accept()
        peer.sendall(write(Welcome(side="defense", start=data, total=0, digest=digest(start))))
        _steps(guest, guest, lambda: guest.network is None)
        assert guest.dialog.message.startswith("The host's battle could not be taken:")
        assert "Command Post" in guest.dialog.message and guest.battle is None
    finally:
        _close(guest)
        if peer is not None:
            peer.close()
        listener.close()


def test_x10_both_sides_record_the_person_on_the_other_computer_and_save_two_players(tmp_path):
    host, guest = _pair(tmp_path)
    try:
        _play_turns(host, guest, 1)
        assert host.commands.players().count == 2 and guest.commands.players().count == 2
        battle_files.save_game(guest.commands)       # the guest's battle, whole
        next(b for b in guest.dialog.buttons if b.label == "OK").on_click()   # slot 1
        assert guest.dialog.message == "The battle is saved in game 1."
        guest.dialog = None
        saved = GameStore.default().load(1)
        assert saved.state == guest.battle.state and saved.dice == tuple(guest.battle.told)
        assert load_record()[0] == []                # nothing recorded before the end
        _play_turns(host, guest, 99)                 # to the end: each side records it
        for app in (host, guest):
            app.aftermath.settle()                   # written beside the frame loop
        whom = sorted((e.ogre.who, e.defense.who, e.ogre.name + e.defense.name)
                      for e in load_record()[0])
        assert whom == [("player", "remote", "Gil"), ("remote", "player", "Hana")]
    finally:
        _close(host, guest)


def test_x10_a_network_battle_is_kept_each_turn_and_can_be_hosted_again_from_there(tmp_path):
    host, guest = _pair(tmp_path)
    try:
        _play_turns(host, guest, 2)
        kept = RecoverySlot.default().read()
        assert kept is not None and kept.state.turn >= 2 and kept.start is not None
    finally:
        _close(host, guest)                          # as if both games died: nothing cleared
    again, joiner = _app(tmp_path, "again"), _app(tmp_path, "joiner")
    again.network = NetworkHost(again, Hosted(kept.state, list(kept.log), kept.start,
                                              tuple(kept.dice)), "ogre", 0)
    joiner.network = NetworkGuest(joiner, "127.0.0.1", again.network.link.port,
                                  again.network.code)
    try:
        _steps(again, joiner, lambda: joiner.battle is not None and again.battle is not None)
        assert joiner.battle.state == blind(kept.state) and joiner.battle.log == list(kept.log)
    finally:
        _close(again, joiner)

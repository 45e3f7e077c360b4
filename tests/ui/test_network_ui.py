"""Network play on screen (X10): two games in one test process, on 127.0.0.1, play a battle to
the end and end in the same state; each screen shows the other side's moves as they come."""

from __future__ import annotations

import os
import time

import pygame

from ogre.ai.protocol import make_controller
from ogre.net.messages import Resync, write
from ogre.rules import new_game
from ogre.rules.hidden import blind
from ogre.storage.fields import load_predesigned
from ogre.ui.app import App
from ogre.ui.commands import network
from ogre.ui.commands.network import Hosted, NetworkGuest, NetworkHost

SHOTS = os.environ.get("OGRE_NETWORK_SHOTS")


def _app(tmp_path, name: str) -> App:
    app = App(prefs_folder=tmp_path / name)
    app.prefs = app.prefs.model_copy(update={"message_speed": "Hi", "reminders": False})
    app.commands.clock = lambda: time.monotonic() * 100    # the other side's steps paced fast
    return app


def _my_turn(app: App) -> bool:
    b = app.battle
    if b is not None and b.dialog is not None and b.dialog.title == "Ogre Entry":
        b.dialog = None                          # read: the Ogre comes on where it is dragged
    if b is not None and b.banner:
        b.banner = []                            # a turning point's banner, read (X11)
    return (b is not None and not b.state.over and app.dialog is None and b.dialog is None
            and not app.commands.computer_acting())


def test_x10_two_games_host_and_join_and_play_a_battle_to_the_end(tmp_path, monkeypatch):
    assert network.LISTEN == "127.0.0.1"                   # conftest keeps tests local
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = new_game(load_predesigned()[0].field, 3, 5)
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    assert host.dialog is not None and host.network.code in host.dialog.message
    if SHOTS:
        host.dirty = True
        host.step([])
        pygame.image.save(host.canvas.surface, os.path.join(SHOTS, "host-waiting.png"))
    guest.network = NetworkGuest(guest, "127.0.0.1", host.network.link.port, host.network.code)
    ogre = make_controller("ogre", "Low", seed=1)
    defence = make_controller("defense", "Low", seed=1)
    end = time.monotonic() + 240
    try:
        _play(host, guest, ogre, defence, end)
    finally:
        host.network.close()
        guest.network.close()
    assert host.battle.state.over and guest.battle.state == blind(host.battle.state)
    assert guest.battle.log == host.battle.log


def _play(host: App, guest: App, ogre, defence, end: float) -> None:
    shot = False
    while time.monotonic() < end:
        host.step([])
        guest.step([])
        hb, gb = host.battle, guest.battle
        if hb is not None and hb.state.over and gb is not None and gb.state == blind(hb.state):
            break
        for app, player in ((host, ogre), (guest, defence)):
            b = app.battle
            if _my_turn(app) and b is not None and player.side == network_side(app):
                b.act(player.choose(b.state), confirmed=True)
        if SHOTS and not shot and hb is not None and hb.state.turn == 3:
            for app, name in ((host, "host"), (guest, "guest")):
                app.dirty = True
                app.step([])
                pygame.image.save(app.window, os.path.join(SHOTS, f"{name}-turn3.png"))
            shot = True
        for app in (host, guest):
            t = app.commands.thinking
            if t is not None and t.done() is False:
                time.sleep(0.0005)


def play_both(host: App, guest: App, players: dict, done, each_frame, seconds: float = 300):
    """Both screens stepped, each side played by its computer player from what its screen
    shows (`players` by side), until `done()`; `each_frame()` looks between frames."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the battle never ended"
        host.step([])
        guest.step([])
        each_frame()
        for app in (host, guest):
            b, side = app.battle, network_side(app)
            if _my_turn(app) and b is not None and side is not None and not app.network.pending:
                b.act(players[side].choose(b.seen), confirmed=True)
        time.sleep(0.0005)


def network_side(app: App) -> str | None:
    """The side this screen's player plays: the one the network does not."""
    net = app.network
    if net is None or net.remote is None:
        return None
    return "defense" if net.remote.side == "ogre" else "ogre"


def test_x10_a_dropped_guest_is_said_on_both_screens_and_joins_again(tmp_path):
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = new_game(load_predesigned()[0].field, 3, 5)
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    port, code = host.network.link.port, host.network.code
    guest.network = NetworkGuest(guest, "127.0.0.1", port, code)
    try:
        _steps(host, guest, lambda: guest.battle is not None and host.battle is not None)
        host.battle.dialog = None                              # the Ogre Entry note, read
        host.battle.act(make_controller("ogre", "Low", seed=1).choose(host.battle.state))
        guest.network.link.close()                             # the guest's line drops
        _steps(host, guest, lambda: host.dialog is not None and guest.dialog is not None)
        assert "The guest is gone" in host.dialog.message and code in host.dialog.message
        assert "The connection to the host is gone" in guest.dialog.message
        assert guest.network is None and host.network is not None   # the host waits
        host.dialog = guest.dialog = None
        guest.network = NetworkGuest(guest, "127.0.0.1", port, code)     # joins again
        _steps(host, guest, lambda: guest.battle is not None
               and guest.battle.state == blind(host.battle.state)
               and guest.network.remote is not None)
        assert guest.battle.log == host.battle.log and len(host.battle.log) == 1
        assert "joined again" in host.dialog.message
    finally:
        for app in (host, guest):
            if app.network is not None:
                app.network.close()


def _steps(host: App, guest: App, done, seconds: float = 20) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "it never came about"
        host.step([])
        guest.step([])
        time.sleep(0.002)


def test_x10_a_guest_out_of_step_is_put_right_from_the_host(tmp_path):
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    state = new_game(load_predesigned()[0].field, 3, 5)
    host.network = NetworkHost(host, Hosted(state, [], state), "ogre", 0)
    guest.network = NetworkGuest(guest, "127.0.0.1", host.network.link.port, host.network.code)
    try:
        _steps(host, guest, lambda: guest.battle is not None and host.battle is not None)
        first = guest.battle
        guest.network.end.link.send(write(Resync()))     # as after a digest mismatch
        _steps(host, guest, lambda: guest.battle is not first)
        assert guest.battle.state == blind(host.battle.state)
        assert guest.network.session.welcomes == 2
    finally:
        for app in (host, guest):
            if app.network is not None:
                app.network.close()

"""Internet play on screen (X14): two games in one test process meet through a mailbox and relay
on 127.0.0.1, chosen from the menus with a player's clicks and keys, play a battle to its end,
and come back after the relay dies; a wrong code and a mailbox out of reach each say so in one
sentence, and the frames go on meanwhile."""

from __future__ import annotations

import os
import time

import pygame
import pytest
from driver import Driver
from test_network_endings import _close, _play_turns
from test_network_ui import SHOTS, _app, _play, _steps

from ogre.ai.protocol import make_controller
from ogre.net.servers import MAILBOX_ENV, RELAY_ENV
from ogre.net.wormhole_link import WormholeLink
from ogre.rules.hidden import blind
from ogre.storage.recovery import RecoverySlot
from ogre.ui.commands.crash import keep_battle
from ogre.ui.commands.network_play import MARK_PORT, MARKED
from ogre.ui.dialogs.network_boxes import HOST, JOIN
from tools.wormhole_servers import LocalServers, available, unused_url


@pytest.fixture
def servers(local_servers, monkeypatch):
    """The games of this test meet through the local servers (as `--mailbox` would name)."""
    monkeypatch.setenv(MAILBOX_ENV, local_servers.mailbox)
    monkeypatch.setenv(RELAY_ENV, local_servers.relay)
    return local_servers


def _host_by_menu(app, you_play: str = "The Ogre") -> Driver:
    """Menu > Host a Network Game: over the internet (the first way, already chosen), Mark III,
    the side, no name; as a player's clicks."""
    hands = Driver(app)
    hands.menu("Menu", "Host a Network Game")
    box = app.dialog
    assert box.title == HOST and box.chosen[0] == 0         # the internet comes first
    for g, i, rect in box.option_rects():
        if i >= 0 and box.groups[g][1][i][0] == you_play:
            hands.click(rect.center)
    hands.answer("OK")
    hands.answer("OK")                                      # the name, left empty
    return hands


def _code_shown(host, guest=None) -> str:
    _steps(host, guest or host, lambda: host.network.code != "")
    return host.network.code


def _join_by_menu(app, code: str, name: str = "Gil") -> Driver:
    hands = Driver(app)
    hands.menu("Menu", "Join a Network Game")
    if any(b.label == "Don't Save" for b in app.dialog.buttons):
        hands.answer("Don't Save")                          # the battle on screen: kept anyway
    assert app.dialog.title == JOIN
    hands.answer("OK")                                      # over the internet
    hands.type(code.replace("-", " ").upper())              # as a player might type it
    hands.answer("OK")
    hands.type(name)
    hands.answer("OK")
    return hands


def _shot(app, name: str) -> None:
    if SHOTS:
        app.dirty = True
        app.step([])
        pygame.image.save(app.canvas.surface, os.path.join(SHOTS, name))


def test_x14_two_games_meet_by_code_from_the_menus_and_play_a_battle_to_the_end(tmp_path,
                                                                               servers):
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    try:
        _host_by_menu(host)
        code = _code_shown(host)
        assert code in host.dialog.message and "Read this code out" in host.dialog.message
        _shot(host, "host-internet-waiting.png")
        _join_by_menu(guest, code)
        ogre = make_controller("ogre", "Low", seed=1)
        defence = make_controller("defense", "Low", seed=1)
        _play(host, guest, ogre, defence, time.monotonic() + 240)
        assert host.battle.state.over and guest.battle.state == blind(host.battle.state)
        assert guest.battle.log == host.battle.log
        assert guest.network.session.host_name == "" and host.network.session.guest_name == "Gil"
    finally:
        _close(host, guest)


def test_x14_a_guest_in_a_process_of_its_own_plays_a_battle_to_the_end_with_the_host(servers):
    """Two processes, as two computers: the host's app here, the guest's game in another
    process (tools.bench_wormhole's guest: the net layer and the Low computer, no window)."""
    from tools.bench_wormhole import one_round
    connecting, playing, over = one_round(servers.servers, seconds=120, direct=False, pace=0)
    assert over and connecting and playing


def test_x14_a_wrong_code_is_said_to_the_guest_and_the_host_makes_a_new_one(tmp_path, servers):
    host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
    try:
        hands = _host_by_menu(host)
        code = _code_shown(host)
        _join_by_menu(guest, code.split("-")[0] + "-wrong-guess")
        _steps(host, guest, lambda: guest.network is None and "wrong" in host.dialog.message)
        assert guest.dialog.message == ("That code is wrong, or it was used already: ask the "
                                        "host for a new one.")
        assert host.dialog.message == (f"Someone typed a wrong code, so {code} no longer "
                                       "works: New Code makes another to read out.")
        _shot(host, "host-internet-burned.png")
        waiting = [d for d in host.dialogs.items if d.title == HOST]
        assert len(waiting) == 1
        hands.answer("New Code")
        new = _code_shown(host, guest)
        assert new != code and new in host.dialog.message
        guest.dialog = None
        _join_by_menu(guest, new)
        _steps(host, guest, lambda: guest.battle is not None and host.battle is not None)
    finally:
        _close(host, guest)


def test_x14_a_mailbox_out_of_reach_is_said_within_10_seconds_and_the_frames_go_on(
        tmp_path, monkeypatch):
    monkeypatch.setenv(MAILBOX_ENV, unused_url())
    host = _app(tmp_path, "host")
    try:
        _host_by_menu(host)
        t0, frames = time.monotonic(), []
        while host.network is not None:
            assert time.monotonic() - t0 < 10, "no sentence in 10 seconds"
            f0 = time.perf_counter()
            host.step([])
            frames.append(time.perf_counter() - f0)
            time.sleep(0.005)
        assert host.dialog.title == HOST and "cannot be reached" in host.dialog.message
        message = host.dialog.message                       # one sentence
        assert message.endswith(".") and ". " not in message and max(frames) < 0.25
    finally:
        _close(host)


def _sooner(monkeypatch) -> None:
    """Each game's link gives a silent peer up after 1.5 seconds, not 20."""
    real = WormholeLink.__init__

    def sooner(self, servers, code="", *, hosting, **limits):
        real(self, servers, code, hosting=hosting, **limits, dead=1.5, heartbeat=0.5)
    monkeypatch.setattr(WormholeLink, "__init__", sooner)


def test_x14_the_relay_dies_mid_battle_both_keep_it_and_the_guest_comes_back_by_a_new_code(
        tmp_path, monkeypatch):
    """The guest's game is even restarted meanwhile: it finds the seat's secret in its recovery
    slot, kept under the host's mark, and takes its seat back."""
    why = available()
    if why:
        pytest.skip(why)
    with LocalServers() as own:                             # this test kills its relay
        monkeypatch.setenv(MAILBOX_ENV, own.mailbox)
        monkeypatch.setenv(RELAY_ENV, own.relay)
        _sooner(monkeypatch)
        host, guest = _app(tmp_path, "host"), _app(tmp_path, "guest")
        restarted = _app(tmp_path, "restarted")
        try:
            _host_by_menu(host)
            _join_by_menu(guest, _code_shown(host))
            _play_turns(host, guest, 1)
            played = list(host.battle.log)
            mark = MARKED + host.network.wormhole.mark
            assert keep_battle(guest)                       # as after every turn
            assert RecoverySlot.default().seat(mark, MARK_PORT) == guest.network.session.seat
            own.stop_relay()
            _steps(host, guest, lambda: guest.network is None and "new code" in (
                host.dialog.message if host.dialog else ""), seconds=30)
            assert "The connection to the host is gone" in guest.dialog.message
            assert "Join again with the new code the host reads out" in guest.dialog.message
            kept = RecoverySlot.default().read()
            assert kept is not None and list(kept.log) == played
            new = host.network.code
            assert new in host.dialog.message and "The guest is gone" in host.dialog.message
            own.start_relay()
            host.dialog = None
            _join_by_menu(restarted, new)                   # nothing of the last run in memory
            _steps(host, restarted, lambda: restarted.battle is not None
                   and restarted.network is not None and restarted.network.remote is not None
                   and restarted.battle.state == blind(host.battle.state), seconds=30)
            assert restarted.battle.log == host.battle.log == played
            assert "(Gil) has joined again from the internet" in host.dialog.message
        finally:
            _close(host, guest, restarted)

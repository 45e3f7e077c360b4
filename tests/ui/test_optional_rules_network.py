"""X15 over the network: Host a Network Game offers Play a Game's optional rules for a new
battle, and the hosted battle is played with them (the guest gets them in the battle's start)."""

from __future__ import annotations

import socket

import pytest
from driver import Driver

from ogre.rules.options import NO_OPTIONS, Options
from ogre.ui.app import App
from ogre.ui.dialogs.network_boxes import HOST

RULES = Options(time_limit=15, command_crawler=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _host(app: App, rules_row: str | None) -> None:
    hands = Driver(app)
    hands.menu("Menu", "Host a Network Game")
    box = app.dialog
    assert box.title == HOST
    groups = [name for name, _ in box.groups]
    assert ("Optional rules" in groups) == (rules_row is not None)
    for g, i, rect in box.option_rects():
        words = box.groups[g][1][i][0] if i >= 0 else ""
        if words.startswith("On this network") or (rules_row and words.startswith(rules_row)):
            hands.click(rect.center)
    hands.answer("OK")
    app.dialog.name = str(_free_port())                     # the port
    hands.answer("OK")
    hands.answer("OK")                                      # the name, left empty


@pytest.mark.parametrize("row, played", [("Play a Game's: 15 turns, Command Crawler", RULES),
                                        ("None", NO_OPTIONS)])
def test_x15_a_hosted_new_battle_is_played_with_play_a_games_optional_rules_or_none(row,
                                                                                    played):
    app = App()
    app.commands.play.options = RULES                       # as Play a Game last chose them
    try:
        _host(app, row)
        assert app.network.session.state.options == played
    finally:
        app.network.close()


def test_x15_with_no_optional_rules_chosen_the_host_box_does_not_ask():
    app = App()
    try:
        _host(app, None)
        assert app.network.session.state.options == NO_OPTIONS
    finally:
        app.network.close()


def _host_hidden(app: App, defending: bool) -> Driver:
    app.commands.play.options = Options(mines=10, camouflage=True)
    hands = Driver(app)
    hands.menu("Menu", "Host a Network Game")
    box = app.dialog
    for g, i, rect in box.option_rects():
        words = box.groups[g][1][i][0] if i >= 0 else ""
        if words.startswith(("Play a Game's: 10 Mines", "On this network")) or \
                (defending and words.startswith("The Defense")):
            hands.click(rect.center)
    hands.answer("OK")
    return hands


def _hosting_hidden(app: App, defending: bool) -> None:
    """Hosted on this network with Play a Game's mines and camouflage, on a free port."""
    hands = _host_hidden(app, defending)
    app.dialog.name = str(_free_port())                     # the port
    hands.answer("OK")
    hands.answer("OK")                                      # the name, left empty


def test_x16_a_host_attacking_with_mines_and_camouflage_hosts_a_battle_for_the_guest_to_set_up():
    app = App()
    _hosting_hidden(app, defending=False)
    try:
        session = app.network.session
        assert session.guest_side == "defense" and not session.ready
        assert session.sealed is None and session.frame.options == Options(mines=10,
                                                                           camouflage=True)
    finally:
        app.network.close()


def test_x16_a_host_defending_with_mines_and_camouflage_hosts_its_sheet_sealed():
    app = App()
    _hosting_hidden(app, defending=True)
    try:
        session = app.network.session
        assert session.guest_side == "ogre" and session.sealed is not None
        assert len(session.sealed.mines) == 10 and session.state.options.camouflage
    finally:
        app.network.close()

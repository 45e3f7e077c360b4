"""Network play (X10, X14): Menu > Host a Network Game and Join a Network Game.

Each asks the way first - over the internet by a short code, or on this network by address,
port and join code - then what it needs for that way, and starts the host's or the guest's side
(`network_play.py`, which says how a network battle plays on screen).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from ogre.net.servers import Servers, chosen
from ogre.net.wormhole_link import missing
from ogre.rules.options import NO_OPTIONS
from ogre.rules.scenarios import OFFERED
from ogre.rules.secrets import NO_SECRETS
from ogre.rules.views import is_view
from ogre.ui.commands.network_guest import NetworkGuest
from ogre.ui.commands.network_play import LISTEN, PORT, App, Hosted, NetworkHost
from ogre.ui.commands.play_fields import battle_on
from ogre.ui.dialogs import network_boxes as boxes
from ogre.ui.toolkit.choices import NameDialog

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["LISTEN", "Hosted", "NetworkGuest", "NetworkHost", "ask_host", "ask_join"]


BEGUN = ("This battle of mines and camouflage has begun with the defense's sheet on this "
         "computer: host it playing the Defense, or host a new battle for the guest to set up.")
VIEW_HELD = ("This battle is one side's view of it: only the computer that held its whole "
             "sheet can host it.")


def ask_host(app: App) -> None:
    """Menu > Host a Network Game: over the internet or on this network; the battle on
    screen, or a new one on the editor's field; which side this player plays; on this network
    the port; the player's name; then wait for the guest."""
    b = app.battle
    ongoing = b is not None and app.screen is b and not b.state.over

    def picked(picks: list[int] | None) -> None:
        if picks is None:
            return
        side = "ogre" if picks[-1] == 0 else "defense"
        told: list[int] = []
        if ongoing and b is not None:
            state, log, start, told = b.state, list(b.log), b.start_state, list(b.told)
        else:
            # its dice are the hosted battle's secret ones, never the seed's (HostSession)
            field = app.editor.field if app.editor is not None else app.commands.first_field()
            options = app.commands.next_options if len(picks) == 4 and picks[2] else NO_OPTIONS
            scenario = OFFERED[picks[1]]
            # the computer's mines are a secret from the guest: their chance is the OS's
            state, _ = battle_on(field, scenario.against, app.seed, scenario.key, options,
                                 secrets.randbits(128))
            log, start = [], state
        # 8.03, 8.04: a guest that defends sets up and keeps its own sheet in a new battle
        if state.secrets is not NO_SECRETS or start.secrets is not NO_SECRETS:
            begun = bool(log) or state != start
            refused = VIEW_HELD if is_view(state) else BEGUN if side == "ogre" and begun else ""
            if refused:
                app.show(boxes.HOST, refused)
                return
        battle = Hosted(state, log, start, tuple(told))
        if picks[0] == boxes.INTERNET:
            _ask_name(app, boxes.HOST, lambda name: _host_internet(app, battle, side, name))
            return

        def port_given(text: str | None) -> None:
            if text is not None:
                _ask_name(app, boxes.HOST, lambda name: _host(app, text, battle, side, name))
        app.dialog = NameDialog(boxes.HOST, "The port to listen on (1024-65535):", str(PORT),
                                port_given)
    app.dialog = boxes.host_box(ongoing, picked, app.commands.next_options)


def _ask_name(app: App, title: str, then: Callable[[str], object]) -> None:
    """The player's name (which may be left empty), then `then(name)`; Cancel stops."""
    app.dialog = NameDialog(title, "Your name, for the other player's record (you may leave "
                            "it empty):", "", lambda name: name is not None and then(name),
                            optional=True)


def _host(app: App, text: str, battle: Hosted, side: str, name: str) -> None:
    port = int(text) if text.isdigit() else 0
    if not 1024 <= port <= 65535:
        app.show(boxes.HOST, "A port is a number from 1024 to 65535.")
        return
    try:
        app.network = NetworkHost(app, battle, side, port, name)
    except OSError as err:
        app.show(boxes.HOST, f"Port {port} cannot be used ({err.strerror or err}).")


def _host_internet(app: App, battle: Hosted, side: str, name: str) -> None:
    if missing():
        app.show(boxes.HOST, missing())
    else:
        app.network = NetworkHost(app, battle, side, name=name, servers=_servers(app))


def ask_join(app: App) -> None:
    """Menu > Join a Network Game: over the internet, the code the host reads out; on this
    network, the host's address, its port and the join code; then the player's name."""
    def way_given(picks: list[int] | None) -> None:
        if picks is None:
            return
        if picks[0] == boxes.INTERNET:
            app.dialog = boxes.code_box(code_given)
        else:
            app.dialog = NameDialog(boxes.JOIN, "The host's address:", "", address_given)

    def code_given(typed: str | None) -> None:
        code = boxes.wormhole_code(typed or "")
        if typed is not None and not code:
            app.show(boxes.JOIN, boxes.BAD_CODE)
        elif code and missing():
            app.show(boxes.JOIN, missing())
        elif code:
            _ask_name(app, boxes.JOIN, lambda name: _join_internet(app, code, name))

    def address_given(address: str | None) -> None:
        if address is not None:
            app.dialog = NameDialog(boxes.JOIN, "The host's port:", str(PORT),
                                    lambda port: port_given(address, port))

    def port_given(address: str, port: str | None) -> None:
        if port is None:
            return
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            app.show(boxes.JOIN, "A port is a number from 1 to 65535.")
            return

        def join_code_given(code: str | None) -> None:
            if code is not None:
                _ask_name(app, boxes.JOIN,
                          lambda name: _join(app, address, int(port), code, name))
        app.dialog = NameDialog(boxes.JOIN, "The join code the host shows:", "",
                                join_code_given)

    app.dialog = boxes.join_box(way_given)


def _join(app: App, address: str, port: int, code: str, name: str) -> None:
    app.network = NetworkGuest(app, address, port, code.upper(), name)


def _join_internet(app: App, code: str, name: str) -> None:
    app.network = NetworkGuest(app, "", 0, code, name, servers=_servers(app))


def _servers(app: App) -> Servers:
    """The mailbox and relay: Preferences', `--mailbox`'s, or the public ones; a test's or the
    monkey's game (OGRE_LISTEN) never reaches beyond this computer."""
    return chosen(app.prefs.mailbox, stay_local=bool(LISTEN))

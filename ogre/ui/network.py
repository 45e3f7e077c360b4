"""Network play on screen (X10): Menu > Host a Network Game and Join a Network Game.

The other computer's side is played on this screen as the computer's is: a RemotePlayer stands
in for it, its choose() waiting (on the computer-player thread, never the frame loop) for the
actions the network brings, which then show one by one with the usual pacing. Once a frame the
link is pumped: the host sends its own player's actions, the guest its own; the host's game
holds the battle and the dice.
"""

from __future__ import annotations

import os
import queue
import socket
import threading
from typing import TYPE_CHECKING

from ogre.net.ends import GuestEnd, HostEnd
from ogre.net.link import Link
from ogre.net.session import GuestSession, HostSession, new_code
from ogre.rules import Action, GameState, new_game, parse_action

from .choices import NameDialog, OptionsDialog
from .widgets import Dialog

if TYPE_CHECKING:
    from .app import App
    from .battle import Battle

PORT = 4986
# Every interface, so the guest's computer can reach it; tests and the monkey set
# OGRE_LISTEN=127.0.0.1 so that they never listen beyond this computer.
LISTEN = os.environ.get("OGRE_LISTEN", "")
TITLE = "Network Game"


class RemotePlayer:
    """The side the other computer plays (X5): its actions come from the network."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.actions: queue.Queue[Action] = queue.Queue()
        self.stopped = threading.Event()

    def choose(self, state: GameState) -> Action:
        while not self.stopped.is_set():
            try:
                return self.actions.get(timeout=0.1)
            except queue.Empty:
                continue                     # the battle waits for them (a drop pauses it)
        raise RuntimeError("the network game has ended")


def other(side: str) -> str:
    return "defense" if side == "ogre" else "ogre"


def addresses() -> str:
    """This computer's addresses, for the host to tell the guest."""
    found = []
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.connect(("192.0.2.1", 9))       # no packet is sent: only the route is chosen
        found.append(probe.getsockname()[0])
        probe.close()
    except OSError:
        pass
    return ", ".join(found or ["127.0.0.1"])


class NetworkHost:
    def __init__(self, app: App, state: GameState, log: list[str], my_side: str,
                 port: int, start: GameState | None = None) -> None:
        self.app = app
        self.start = start
        self.battle: Battle | None = None
        self.code = new_code()
        self.session = HostSession(state, "defense" if my_side == "ogre" else "ogre",
                                   self.code, log)
        self.link = Link.host(port, LISTEN)
        self.end = HostEnd(self.session, self.link)
        self.my_side = my_side
        self.remote = RemotePlayer(self.session.guest_side)
        self.started = False
        self.waiting = Dialog("Host a Network Game",
                              f"Your address: {addresses()}, port {self.link.port}. The join "
                              f"code is {self.code}. Waiting for the guest to join...",
                              ("Cancel",), lambda b: self.close())
        app.dialog = self.waiting

    def pump(self) -> None:
        before = len(self.end.notes)
        self.end.pump()
        for note in self.end.notes[before:]:
            self._note(note)
        while self.session.from_guest:
            self.remote.actions.put(parse_action(self.session.from_guest.pop(0)))
        b = self.app.battle
        if self.started and b is not self.battle:
            self.close()                      # the player left the network battle
            return
        if self.started and b is not None:
            for text in b.log[len(self.session.log):]:    # the host player's own, to send
                self.end.play(parse_action(text))

    def _note(self, note: str) -> None:
        a = self.app
        if note == "The guest has joined." and not self.started:
            self.started = True
            if a.dialog is self.waiting:
                a.dialog = None
            a.start_battle(self.session.state, log=list(self.session.log), start=self.start)
            a.commands.set_computer(self.remote.side)
            a.commands.controller = self.remote
            self.battle = a.battle
            self._label()
            if self.battle is not None:
                self.battle.other = "guest"
            return
        if note.startswith("The guest is gone"):
            a.show(TITLE, f"{note} The battle waits: they can join again with the code "
                          f"{self.code} on port {self.link.port}.")
        elif note == "The guest has joined.":
            a.show(TITLE, "The guest has joined again: the battle goes on.")

    def _label(self) -> None:
        b = self.app.battle
        if b is not None:
            b.sides[self.remote.side] = "Guest " + ("Ogre" if self.remote.side == "ogre"
                                                   else "defence")

    def close(self) -> None:
        self.remote.stopped.set()
        self.link.close()
        if self.app.network is self:
            self.app.network = None


class NetworkGuest:
    def __init__(self, app: App, address: str, port: int, code: str) -> None:
        self.app = app
        self.session = GuestSession(code)
        self.link = Link.join(address, port)
        self.end = GuestEnd(self.session, self.link)
        self.remote: RemotePlayer | None = None
        self.battle: Battle | None = None
        self.welcomed = 0
        self.queued = 0                   # entries of the host's log handed to the screen
        self.sent = 0                     # entries of the battle's log sent or confirmed
        self.waiting = Dialog("Join a Network Game", f"Joining the host at {address}, port "
                              f"{port}...", ("Cancel",), lambda b: self.close())
        app.dialog = self.waiting

    def pump(self) -> None:
        s = self.session
        self.end.pump()
        a = self.app
        if s.welcomes != self.welcomed and s.state is not None and s.side is not None:
            # the battle, whole: on joining, and again when ours went out of step (a resync)
            self.welcomed = s.welcomes
            if self.remote is not None:
                self.remote.stopped.set()
            if a.dialog is self.waiting:
                a.dialog = None
            a.start_battle(s.state, log=list(s.log))
            self.remote = RemotePlayer(other(s.side))
            a.commands.set_computer(self.remote.side)
            a.commands.controller = self.remote
            b = self.battle = a.battle
            if b is not None:
                b.sides[self.remote.side] = "Host " + ("Ogre" if s.side != "ogre" else "defence")
                b.other = "host"
            self.queued = self.sent = len(s.log)
        if self.end.closed:
            self._lost(self.end.closed)
            return
        b = a.battle
        if self.remote is not None and b is not self.battle:
            self.close()                      # the player left the network battle
            return
        if self.remote is None or b is None:
            return
        # The host's actions: shown as the computer's are, once each.
        for i in range(self.queued, len(s.log)):
            if i >= len(b.log):
                self.remote.actions.put(parse_action(s.log[i]))
        self.queued = max(self.queued, len(s.log))
        # Ours: what the battle has that the host has not yet confirmed, sent once each.
        for i in range(self.sent, len(b.log)):
            if i >= len(s.log):
                self.end.play(parse_action(b.log[i]))
        self.sent = len(b.log)

    def _lost(self, reason: str) -> None:
        self.close()
        self.app.show(TITLE, f"The connection to the host is gone ({reason}). Join again to "
                             "go on.")

    def close(self) -> None:
        if self.remote is not None:
            self.remote.stopped.set()
        self.link.close()
        if self.app.network is self:
            self.app.network = None


# ------------------------------------------------------------------ the menus' questions

def ask_host(app: App) -> None:
    """Menu > Host a Network Game: the battle on screen, or a new one on the editor's field;
    which side this player plays; the port; then wait for the guest."""
    b = app.battle
    ongoing = b is not None and app.screen is b and not b.state.over
    groups = [] if ongoing else [("Scenario", [("Mark III", True), ("Mark V", True)])]
    groups.append(("You play", [("The Ogre", True), ("The Defence", True)]))

    def chosen(button: str, picks: list[int]) -> None:
        if button != "OK":
            return
        side = "ogre" if picks[-1] == 0 else "defense"
        if ongoing and b is not None:
            state, log, start = b.state, list(b.log), b.start_state
        else:
            field = app.editor.field if app.editor is not None else app.commands.first_field()
            state = new_game(field, 3 if picks[0] == 0 else 5, app.seed)
            log, start = [], state
        app.dialog = NameDialog("Host a Network Game", "The port to listen on (1024-65535):",
                                str(PORT), lambda button, text: _host(app, button, text, state,
                                                                      log, side, start))
    what = "This battle, played on with a guest." if ongoing else "A battle on the field in "\
        "the editor."
    app.dialog = OptionsDialog("Host a Network Game", what, groups, chosen)


def _host(app: App, button: str, text: str, state: GameState, log: list[str], side: str,
          start: GameState | None) -> None:
    if button != "OK":
        return
    port = int(text) if text.isdigit() else 0
    if not 1024 <= port <= 65535:
        app.show("Host a Network Game", "A port is a number from 1024 to 65535.")
        return
    try:
        app.network = NetworkHost(app, state, log, side, port, start)
    except OSError as err:
        app.show("Host a Network Game", f"Port {port} cannot be used ({err.strerror or err}).")


def ask_join(app: App) -> None:
    """Menu > Join a Network Game: the host's address, its port and the join code."""
    def address_given(button: str, address: str) -> None:
        if button == "OK":
            app.dialog = NameDialog("Join a Network Game", "The host's port:", str(PORT),
                                    lambda b, port: port_given(b, address, port))

    def port_given(button: str, address: str, port: str) -> None:
        if button != "OK":
            return
        if not port.isdigit() or not 1 <= int(port) <= 65535:
            app.show("Join a Network Game", "A port is a number from 1 to 65535.")
            return
        app.dialog = NameDialog("Join a Network Game", "The join code the host shows:", "",
                                lambda b, code: _join(app, b, address, int(port), code))

    app.dialog = NameDialog("Join a Network Game", "The host's address:", "", address_given)


def _join(app: App, button: str, address: str, port: int, code: str) -> None:
    if button != "OK":
        return
    try:
        app.network = NetworkGuest(app, address, port, code.upper())
    except OSError as err:
        app.show("Join a Network Game", f"The host at {address}, port {port}, cannot be "
                                        f"reached ({err.strerror or err}).")

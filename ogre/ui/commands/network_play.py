"""The network battle on screen (X10, X14, X16): what both sides share, and the host's side (the
guest's is network_guest.py).

Either way to play - over the internet by a short code (X14), or on this network by address,
port and join code - runs the same session over its own link (`net.wire`); only the boxes and
the sentences differ, and the internet's door gives a new code when the guest has gone.

The other computer's side is played on this screen as the computer's is: a RemotePlayer stands
in for it, its choose() waiting (on the computer-player thread, never the frame loop) for the
actions the network brings, which then show one by one with the usual pacing. Once a frame the
link is pumped. The host's game holds the battle and its secret dice (net.dice): the host's
battle on screen plays each action on the faces its session rolled for it, its own actions
rolled there first. The guest's battle plays every action on the dice the host told (an action
of its own that rolls goes to the host first and comes back with its dice). Where the guest
defends with mines or camouflage it keeps the sheet: the host's battle is its view, and the
host's own actions go to the guest first, to come back with what they show opened.

Either side keeps the battle in the recovery slot after every turn, so when a game dies the
next start offers it, to be hosted again from there.
"""

from __future__ import annotations

import os
import queue
import socket
import threading
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ogre.match import Seat
from ogre.net.ends import DEPLOYED, JOINED, HostEnd
from ogre.net.gate import Gate, new_code
from ogre.net.guest_session import GuestSession
from ogre.net.link import Link
from ogre.net.servers import Servers
from ogre.net.session import HostSession
from ogre.net.wormhole_link import WormholeLink
from ogre.rules import Action, GameState, parse_action
from ogre.rules.hidden import apply_from_tape
from ogre.rules.options import Options
from ogre.rules.sides import Side, acting_side, other, role
from ogre.storage.errors import StorageError
from ogre.storage.recovery import GuestSeat, RecoverySlot
from ogre.ui.commands.crash import keep_battle
from ogre.ui.dialogs import network_boxes as boxes
from ogre.ui.dialogs.network_boxes import AGAIN_BUTTONS, Waiting
from ogre.ui.toolkit.stack import DialogStack
from ogre.ui.toolkit.widgets import Answer, Dialog

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ogre.ai.protocol import Controller
    from ogre.net.guest_sheet import OwnSheet
    from ogre.rules import Field
    from ogre.storage.preferences import Preferences
    from ogre.ui.scenes.battle import Battle
    from ogre.ui.scenes.editor import Editor


class Turns(Protocol):
    """What the network game asks of the computer's turn driver."""

    def set_computer(self, side: str | None, controller: Controller | None = None) -> None: ...
    def wait_for_absent(self) -> None: ...
    def first_field(self) -> Field: ...
    @property
    def next_options(self) -> Options: ...


class App(Protocol):
    """What the network game uses of the window that holds it (a screen never imports the App)."""

    dialog: Dialog | None
    dialogs: DialogStack
    network: NetworkSide | None
    guest_seats: dict[tuple[str, int], str]
    guest_sheets: dict[tuple[str, int], OwnSheet]
    seed: int
    prefs: Preferences

    @property
    def battle(self) -> Battle | None: ...
    @property
    def editor(self) -> Editor | None: ...
    @property
    def screen(self) -> object: ...
    @property
    def commands(self) -> Turns: ...
    def show(self, title: str, message: str) -> None: ...
    def every_frame(self, task: Callable[[], None]) -> None: ...
    def stop_every_frame(self, task: Callable[[], None]) -> None: ...
    def start_battle(self, state: GameState, computer: str | None = None,
                     log: Iterable[str] = (), start: GameState | None = None,
                     advice_asked: int = 0, told: Iterable[int] = (), *,
                     seats: dict[Side, Seat] | None = None) -> None: ...

PORT = 4986
# Every interface, so the guest's computer can reach it; tests and the monkey set
# OGRE_LISTEN=127.0.0.1 so that they never listen beyond this computer.
LISTEN = os.environ.get("OGRE_LISTEN", "")
TITLE = "Network Game"
# A guest keeps the seat's secret of an internet host under the host's mark, as the recovery
# slot keeps a seat by address and port (the port is a placeholder: a wormhole has none).
MARKED, MARK_PORT = "internet:", 1
SETTING_UP = ("The guest{name} has joined and is setting up their defense: their mines and what "
              "their markers hide stay on their computer. The battle begins when they are ready.")


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


def remote_seats(side: str, name: str) -> dict[Side, Seat]:
    """The other computer plays `side`, the player here the other: never a hot-seat battle,
    whose screen would be a hand-over's (8.03, 8.04)."""
    theirs: Side = "ogre" if side == "ogre" else "defense"
    return {theirs: Seat("remote", name=name), other(theirs): Seat()}


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


def after_colon(sentence: str) -> str:
    """A sentence carried on after a colon."""
    return sentence[:1].lower() + sentence[1:]


class NetworkSide:
    """What the host's and the guest's screens share: the stand-in player, the battle's
    labels, keeping the battle after every turn, and leaving."""

    app: App
    link: Link | WormholeLink
    session: HostSession | GuestSession
    used = 0                          # dice of the session's tape the battle on screen played
    opened = 0                        # of the tellings of a sheet kept on the other computer
    pending = ""                      # an action of ours with the other computer (X10, X16)
    battle: Battle | None = None
    remote: RemotePlayer | None = None
    peer_name = ""                    # the other player's name, if they gave one
    _kept_turn = 0

    def pump(self) -> None:
        raise NotImplementedError

    def seat(self) -> GuestSeat | None:
        """What a guest keeps to sit down again at its host (a host keeps none)."""
        return None

    def _told_rules(self, state: GameState, action: Action):
        """An action played on the next faces of the session's tape (ValueError when it rolls
        dice not yet on it)."""
        after, events, took = apply_from_tape(state, action, self.session.tape, self.used)
        if self.battle is not None:
            self.battle.match.told_more(self.session.tape[self.used:self.used + took])
        self.used += took
        return after, events

    def _open_next(self, b: Battle) -> None:
        """What the keeper of the sheet told with the battle's next action, opened in it once:
        the rules then judge that action as the keeper's did (X16)."""
        i, told = len(b.log), self.session.told_at
        if self.opened <= i < len(told):
            b.match.told_sheet(told[i])
            self.opened = i + 1

    def _play_remote(self, side: str, peer: str, name: str) -> None:
        a = self.app
        self.remote = RemotePlayer(side)
        self.peer_name = name
        a.commands.set_computer(side, controller=self.remote)
        self.battle = b = a.battle
        if b is not None:
            b.match.seat("ogre" if side == "ogre" else "defense", Seat("remote", name=name))
            b.sides[side] = (f"{peer} {role(b.state.scenario, side)}"
                             + (f" ({name[:12]})" if name else ""))
            b.other = peer.lower()
        self._kept_turn = 0

    def keep_each_turn(self) -> None:
        """The battle into the recovery slot once a turn; out of it once it is over."""
        b = self.battle
        if b is None or b is not self.app.battle:
            return
        if b.state.over:
            self._forget()
        elif b.state.turn != self._kept_turn and keep_battle(self.app):
            self._kept_turn = b.state.turn

    def _forget(self) -> None:
        if self._kept_turn:
            self._kept_turn = 0
            try:
                RecoverySlot.default().clear()
            except StorageError:
                pass                           # offered at the next start: nothing lost

    def finish(self) -> None:
        """The player left the network battle, or quit (answering the Save question): the
        battle kept for a game that dies is not needed."""
        self._forget()
        self.close()

    def close(self) -> None:
        a = self.app
        if self.remote is not None:
            if a.battle is self.battle and a.battle is not None:
                a.commands.wait_for_absent()   # its turns wait; nothing says the computer failed
            self.remote.stopped.set()
        self.link.close()
        a.stop_every_frame(self.pump)
        if a.network is self:
            a.network = None


class Hosted(NamedTuple):
    """The battle a host offers: where it stands, its log from `start`, the dice it was told
    (a guest's battle, hosted on)."""
    state: GameState
    log: list[str]
    start: GameState | None = None
    told: tuple[int, ...] = ()


class NetworkHost(NetworkSide):
    """The host's side: on this network (a port and a join code) or, given `servers`, over the
    internet (a wormhole's code, X14)."""

    session: HostSession

    def __init__(self, app: App, battle: Hosted, my_side: str, port: int = 0,
                 name: str = "", servers: Servers | None = None) -> None:
        self.app = app
        self.session = HostSession(battle.state, "defense" if my_side == "ogre" else "ogre",
                                   battle.log, battle.start, name, list(battle.told))
        self.gate: Gate | None = None
        self.wormhole: WormholeLink | None = None
        if servers is None:
            self.gate = Gate(new_code())
            self.link = Link.host(port, LISTEN)
        else:                   # the internet: a code from the mailbox, and nothing listens
            self.link = self.wormhole = WormholeLink.host(servers)
        self.end = HostEnd(self.session, self.link, self.gate)
        self.my_side = my_side
        self.started = False
        self.renewed = 0
        self.door = ""                        # the internet's code, as the screen shows it
        self.trouble = ""                     # why the internet's door is shut, for the box
        self.gone = ""                        # the guest's leaving, told with the next code
        self.waiting: Dialog | None = None
        self.all_shown = False                # the guest's whole sheet opened at the end
        self._wait()
        app.every_frame(self.pump)            # the link pumped once a frame while it lasts

    @property
    def code(self) -> str:
        return self.door if self.wormhole is not None else self.end.code_shown

    def _wait(self) -> None:
        """The one waiting box, with the code as it is now (a new code replaces the box)."""
        if self.waiting is not None:
            self.app.dialogs.close(self.waiting)
        if self.wormhole is not None:
            words = boxes.internet_words(self.code, self.trouble)
        else:
            assert isinstance(self.link, Link)
            words = boxes.direct_words(addresses(), self.link.port, self.code)
        self.waiting = boxes.waiting_box(words, self._waiting_closed)
        self.app.dialog = self.waiting

    def _waiting_closed(self, answer: Waiting) -> None:
        if answer is Waiting.NEW_CODE:
            self._new_code()
        else:
            self.close()

    def _new_code(self) -> None:
        if self.wormhole is not None:
            self.trouble = self.door = ""
            self.wormhole.renew()
            if not self.started:
                self._wait()                  # "asking for a code" until it comes
        else:
            self.end.renew_code()

    def pump(self) -> None:
        self.end.pump()
        while self.end.notes:
            self._note(self.end.notes.popleft())
        if self.wormhole is not None:
            for kind, words in self.wormhole.take_news():
                self._door(kind, words)
            if self.app.network is not self:
                return                        # the door could not open: it is over
        elif self.gate is not None and self.gate.renewed != self.renewed:
            self.renewed = self.gate.renewed
            if not self.started:
                self._wait()                  # the new code on the screen
        if self.remote is not None:
            while self.session.from_guest:
                self.remote.actions.put(parse_action(self.session.from_guest.popleft()))
        b = self.app.battle
        if self.started and b is not self.battle:
            self.finish()                     # the player left the network battle
            return
        if self.started and b is not None:
            if b is self.battle:
                self._answered(b)
            self.keep_each_turn()

    def _wait_for_set_up(self) -> None:
        """The guest has joined and sets up its defense, out of our sight (X16)."""
        if self.waiting is not None:
            self.app.dialogs.close(self.waiting)
        name = f" ({self.session.guest_name})" if self.session.guest_name else ""
        self.waiting = Dialog(TITLE, SETTING_UP.format(name=name), (("Cancel", Answer.CANCEL),),
                              lambda _: self.close())
        self.app.dialog = self.waiting

    def _door(self, kind: str, words: str) -> None:
        """The internet's door: a code came, a wrong guess burned it, or none can be had."""
        a = self.app
        self.trouble = "" if kind == "code" else words
        self.door = words if kind == "code" else self.door
        if not self.started:
            if kind == "failed":
                self.close()
                if a.dialog is self.waiting:
                    a.dialog = None
                a.show(boxes.HOST, words)
            else:
                self._wait()
            return
        gone, self.gone = self.gone, ""
        if kind == "code":
            a.show(TITLE, f"{gone} The battle waits: they can join again with the new code "
                          f"{words}." if gone else f"The new code is {words}: the guest can "
                          "join again with it.")
            return
        a.dialog = Dialog(TITLE, f"{gone} {words}" if gone else words, AGAIN_BUTTONS,
                          self._waiting_closed_in_battle)

    def _waiting_closed_in_battle(self, answer: Waiting) -> None:
        if answer is Waiting.NEW_CODE:
            self._new_code()                  # Not Now: the battle waits, without a door

    def _rules(self, state: GameState, action: Action):
        """How the host's battle plays an action: the guest's on the faces the session rolled
        for it; the host's own rolled by the session first (and sent to the guest), RuleError
        when the rules refuse it. Where the guest keeps its own sheet, the host's own action
        waits for the guest to tell what it shows (None: `_answered` plays it)."""
        b = self.battle
        if b is not None and len(b.log) >= len(self.session.log):
            self.end.play(action)
            if self.session.asking:
                self.pending = str(action)
                return None
        return self._told_rules(state, action)

    def _wait_for_guest(self, action: Action) -> str | None:
        """While the guest looks at its sheet for an action of ours, nothing else is played."""
        return "The guest is looking at its sheet..." if self.pending else None

    def _answered(self, b: Battle) -> None:
        """Our own actions the guest told of, played once each with what they show opened;
        at the end, the guest's whole sheet opened in the battle (X16)."""
        s = self.session
        if s.guests is None:
            return
        while len(b.log) < len(s.log) and acting_side(b.state) != s.guest_side:
            had = len(b.log)
            self.pending = ""
            self._open_next(b)
            b.act(parse_action(s.log[had]), confirmed=True)
            if len(b.log) == had:
                break
        last = s.guests.last
        if last is not None and not self.all_shown and len(b.log) == len(s.log):
            self.all_shown = True
            b.match.told_sheet(last)

    def _note(self, note: str) -> None:
        a = self.app
        if note == JOINED and not self.started and not self.session.ready:
            self._wait_for_set_up()
            return
        if note in (JOINED, DEPLOYED) and not self.started:
            self.started = True
            if self.waiting is not None:
                a.dialogs.close(self.waiting)
            s = self.session
            a.start_battle(s.state, log=list(s.log), start=s.start, told=s.tape,
                           seats=remote_seats(s.guest_side, s.guest_name))
            self._play_remote(s.guest_side, "Guest", s.guest_name)
            self.used = len(s.tape)
            if self.battle is not None:
                self.battle.match.played_with(self._rules)
                if s.guests is not None:
                    battle = self.battle
                    battle.match.vetted_by(self._wait_for_guest)
                    battle.match.opened_with(lambda: self._open_next(battle))
            return
        if note.startswith("The guest is gone") and self.wormhole is not None:
            self.gone = note                  # said with the new code, which is on its way
        elif note.startswith("The guest is gone"):
            assert isinstance(self.link, Link)
            a.show(TITLE, f"{note} The battle waits: they can join again from their computer "
                          f"with the code {self.code} on port {self.link.port}.")
        elif "has joined again" in note:
            a.show(TITLE, f"{note} The battle goes on.")
        else:
            a.show(TITLE, note)

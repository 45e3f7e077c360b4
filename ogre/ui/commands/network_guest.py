"""The guest's side of a network battle on screen (X10, X14, X16): joining the host, taking its
battle, playing the host's actions as they come and sending our own (network_play says how a
network battle plays on screen). A guest that defends with mines or camouflage sets up its own
defense from its Field Editor's field, out of the host's sight (net.guest_sheet).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from ogre.net.ends import GuestEnd
from ogre.net.guest_session import GuestSession
from ogre.net.guest_sheet import OwnSheet
from ogre.net.link import Link
from ogre.net.servers import Servers
from ogre.net.wormhole_link import WormholeLink
from ogre.resources import standard_board
from ogre.rules import Action, GameState, check, parse_action
from ogre.rules.field import validate
from ogre.rules.hexes import label, parse
from ogre.rules.scenarios import SCENARIOS
from ogre.rules.secrets import NO_SECRETS
from ogre.rules.sides import acting_side, other
from ogre.rules.units import MARKS
from ogre.rules.views import offered
from ogre.storage.errors import StorageError
from ogre.storage.recovery import GuestSeat, RecoverySlot, SheetSalts
from ogre.ui.commands.network_play import (
    MARK_PORT,
    MARKED,
    TITLE,
    App,
    NetworkSide,
    after_colon,
    remote_seats,
)
from ogre.ui.commands.play_fields import battle_on, played_as
from ogre.ui.dialogs import network_boxes as boxes
from ogre.ui.toolkit.widgets import Answer, Dialog

if TYPE_CHECKING:
    from ogre.net.messages import Frame
    from ogre.rules import Field
    from ogre.ui.scenes.battle import Battle


class NetworkGuest(NetworkSide):
    """The guest's side: joins the host at `address` and `port` with its join code or, given
    `servers`, meets it over the internet with the wormhole's `code` (X14)."""

    session: GuestSession
    end: GuestEnd

    def __init__(self, app: App, address: str, port: int, code: str, name: str = "",
                 servers: Servers | None = None) -> None:
        self.app = app
        self.address, self.port = address, port
        self.internet = servers is not None
        self.met = servers is None            # the internet: once the host's mark is known
        self.laid = 0                     # mines of our own defense the computer laid (X16)
        if servers is None:
            self.session = GuestSession(code, name, _kept_seat(app, address, port),
                                        self._deploy)
            self.session.own = _kept_sheet(app, address, port)
            self.link: Link | WormholeLink = Link.join(address, port)
            self.end = GuestEnd(self.session, self.link)
            words = f"Joining the host at {address}, port {port}..."
        else:                   # the wormhole checks the code: the Hello carries none
            self.session = GuestSession("", name, deploy=self._deploy)
            self.link = WormholeLink.join(code, servers)
            words = f"Meeting the host with the code {code}..."
        self.welcomed = 0
        self.queued = 0                   # entries of the host's log handed to the screen
        self.opened = 0                   # of the host's tellings of its sheet (X16)
        self.sent = 0                     # entries of the battle's log sent or confirmed
        self.pending = ""                 # an action of ours with the host for its dice
        self.waiting = Dialog(boxes.JOIN, words, (("Cancel", Answer.CANCEL),),
                              lambda _: self.close())
        app.dialog = self.waiting
        app.every_frame(self.pump)            # the link pumped once a frame while it lasts

    def _meet(self) -> bool:
        """Over the internet, the Hello waits for the host's mark: the seat's secret kept for
        that host goes with it, and none goes to another host."""
        link = self.link
        assert isinstance(link, WormholeLink)
        if link.failed:
            self._ended(link.failed)
        elif link.mark:
            self.address, self.port, self.met = MARKED + link.mark, MARK_PORT, True
            self.session.seat = _kept_seat(self.app, self.address, self.port)
            self.session.own = _kept_sheet(self.app, self.address, self.port)
            self.end = GuestEnd(self.session, link)
        return self.met

    def pump(self) -> None:
        s = self.session
        if not self.met and not self._meet():
            return
        self.end.pump()
        if s.refused:
            self._ended(s.refused)
            return
        if s.welcomes != self.welcomed and s.state is not None and s.side is not None:
            self._take_battle()
        if self.end.closed:
            self._lost()
            return
        b = self.app.battle
        if self.remote is not None and b is not self.battle:
            self.finish()                     # the player left the network battle
            return
        if self.remote is None or b is None:
            return
        self._from_host(b)
        self._send_ours(b)
        while s.notes:
            self.pending = ""                 # the host refused it: its sentence is shown
            b.refuse(s.notes.popleft())
        self.keep_each_turn()

    def seat(self) -> GuestSeat | None:
        s = self.session
        if not s.seat:
            return None
        sheet = None
        if s.own is not None:                 # our own sheet's salts go with it (X16)
            mines, units = s.own.salts()
            sheet = SheetSalts(mines={label(h): salt for h, salt in mines.items()},
                               units={str(pid): salt for pid, salt in units.items()})
        return GuestSeat(address=self.address, port=self.port, secret=s.seat, sheet=sheet)

    def _take_battle(self) -> None:
        """The battle, whole: on joining, and again when ours went out of step (a resync)."""
        s, a = self.session, self.app
        assert s.state is not None and s.side is not None
        self.welcomed = s.welcomes
        if self.remote is not None:
            self.remote.stopped.set()
        if a.dialog is self.waiting:
            a.dialog = None
        a.start_battle(s.state, log=list(s.log), start=s.start, told=s.tape,
                       seats=remote_seats(other(s.side), s.host_name))
        if s.seat:
            a.guest_seats[(self.address, self.port)] = s.seat
        if s.own is not None:                 # to go on with it, should the line drop
            a.guest_sheets[(self.address, self.port)] = s.own
        self._play_remote(other(s.side), "Host", s.host_name)
        if self.battle is not None:
            battle = self.battle
            battle.match.played_with(self._rules)
            battle.match.vetted_by(self._wait_for_dice)
            battle.match.opened_with(lambda: self._open_next(battle))
        self.queued = self.sent = len(s.log)
        self.opened = len(s.told_at)          # the sheet told so far is in the start taken
        self.pending = ""
        self.used = len(s.tape)
        if s.own is not None and self.welcomed == 1 and not s.log:     # the battle begins
            a.show(TITLE, _own_defense_words(s.own.start, self.laid))

    def _deploy(self, frame: Frame) -> GameState:
        """Our own defense for the host's battle (X16), set up out of its sight: the Field
        Editor's field (ValueError: why it cannot be)."""
        a = self.app
        field = a.editor.field if a.editor is not None else a.commands.first_field()
        # the computer's mines are a secret from the host: their chance from the OS
        state, self.laid = guest_defense(field, frame, secrets.randbits(128))
        return state

    def _rules(self, state: GameState, action: Action):
        """How the guest's battle plays an action: on the dice the host told for it, or - an
        action of ours that rolls - sent to the host, to come back with its dice (None). In a
        battle of the host's sheet every action of ours goes to the host first: only it knows
        what the action shows (X16)."""
        b = self.battle
        if state.secrets is not NO_SECRETS and b is not None \
                and len(b.log) >= len(self.session.log):
            check(state, action)               # the rules' refusal, at once, as ever
            self._send_ours(b)
            self.end.play(action)
            self.pending = str(action)
            return None
        try:
            return self._told_rules(state, action)
        except ValueError:
            if b is not None and len(b.log) < len(self.session.log):
                self.welcomed = -1             # out of step with the host: take its battle
                return None
            if b is not None:
                self._send_ours(b)             # what came before it goes first
            self.end.play(action)
            self.pending = str(action)
            return None

    def _wait_for_dice(self, action: Action) -> str | None:
        """While an action of ours is with the host for its dice, nothing else is played."""
        return "The host is rolling the dice..." if self.pending else None

    def _from_host(self, b: Battle) -> None:
        """The host's actions, shown as the computer's are, once each; an action of ours that
        came back with its dice, played at once. What each told of the host's sheet is opened
        in the battle just before it is judged (X16, `_open_next`)."""
        s = self.session
        assert self.remote is not None
        while len(b.log) < len(s.log) and acting_side(b.state) == s.side \
                and len(b.log) >= self.queued:
            had = len(b.log)
            self.pending = ""
            self._open_next(b)
            b.act(parse_action(s.log[had]), confirmed=True)
            if len(b.log) == had:
                break                          # out of step: the battle is taken again
        for i in range(max(self.queued, len(b.log)), len(s.log)):
            self.remote.actions.put(parse_action(s.log[i]))
        self.queued = max(self.queued, len(s.log))

    def _send_ours(self, b: Battle) -> None:
        """What the battle has that the host has not yet confirmed, sent once each."""
        s = self.session
        for i in range(max(self.sent, len(s.log)), len(b.log)):
            self.end.play(parse_action(b.log[i]))
        self.sent = max(self.sent, len(b.log))

    def _lost(self) -> None:
        """The connection ended: why, in the sentence that fits."""
        s, reason = self.session, self.end.closed
        if self.battle is None:
            self._ended(f"The host turned you away: {after_colon(s.bye)}" if s.bye else reason)
        elif s.bye:
            self._ended(f"The host ended the network game: {after_colon(s.bye)} Your battle is "
                        "kept: Save a Game keeps it, and either of you can host it again.")
        else:
            again = ("the new code the host reads out" if self.internet else "the same code")
            self._ended(f"The connection to the host is gone: {after_colon(reason)} Join again "
                        f"with {again} to go on; your battle is kept meanwhile.")

    def _ended(self, sentence: str) -> None:
        self.close()
        if self.app.dialog is self.waiting:
            self.app.dialog = None
        self.app.show(TITLE, sentence)


def guest_defense(field: Field, frame: Frame, seed: int) -> tuple[GameState, int]:
    """A guest's defense for the host's frame (8.03, 8.04): its field as the battle plays
    it, the mines it has not laid laid by the computer; and how many those are. ValueError
    where it cannot be: a battle this game does not set up a defense for, or a field no
    battle can start on."""
    if frame.scenario not in SCENARIOS or not offered(frame.scenario) \
            or frame.mark not in MARKS:
        raise ValueError("the host's battle is not one this game sets up a defense for.")
    battle = SCENARIOS[frame.scenario]
    fatal = next((f for f in validate(played_as(field, frame.scenario), battle,
                                      standard_board()) if f.fatal), None)
    if fatal is not None:
        raise ValueError(f"the field in your Field Editor cannot start a battle: "
                         f"{after_colon(fatal.message)}")
    return battle_on(field, frame.mark, seed, frame.scenario, frame.options.options())


def _own_defense_words(start: GameState, laid: int) -> str:
    """What a guest defending with its own sheet is told as the battle begins."""
    options = start.options
    kept = " and ".join(x for x, on in (("what each marker hides", options.camouflage),
                                         ("where your mines lie", options.mines)) if on)
    words = (f"You defend with the field in your Field Editor. The host never learns {kept} "
             "until the battle shows it.")
    if laid:
        words += (f" The computer laid {laid} of your {len(start.secrets.mines)} mines across "
                  "the Ogre's likely ways.")
    return words


def _kept_seat(app: App, address: str, port: int) -> str:
    """The seat's secret this computer was handed by that host, if it kept one: in this run,
    else in the recovery slot (the game was restarted)."""
    try:
        return app.guest_seats.get((address, port)) or RecoverySlot.default().seat(address,
                                                                                   port)
    except StorageError:
        return ""


def _kept_sheet(app: App, address: str, port: int) -> OwnSheet | None:
    """Our own sheet of the battle at that host (X16): in this run, else in the recovery slot
    with the seat (the game was restarted)."""
    own = app.guest_sheets.get((address, port))
    if own is not None:
        return own
    try:
        kept = RecoverySlot.default().sheet(address, port)
    except StorageError:
        return None
    if kept is None:
        return None
    start, salts = kept
    return OwnSheet.kept(start, {parse(h): salt for h, salt in salts.mines.items()},
                         {int(pid): salt for pid, salt in salts.units.items()})


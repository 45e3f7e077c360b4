"""A guest's end of a network game (X10), fed one message at a time: no sockets.

Its copy of the battle is kept in step with the host's (net.session says how the host holds
it): a whole battle - its blind start, its log, the dice the host told - whenever `state` is
set. A battle of the host's mines and markers is opened as the host tells it (net.sheet); one
of our own is set up and kept here, and told to the host as it is shown (net.guest_sheet).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

from ..rules import Action, GameState, RuleError, parse_action
from ..rules.dice import MOST_ROLLS
from ..rules.hidden import apply_told, blind, replay_told
from ..rules.secrets import NO_SECRETS
from ..rules.sides import acting_side
from ..rules.telling import to_tell
from ..rules.views import (
    NOTHING_TOLD,
    OWNER,
    Told,
    opened,
)
from .guest_sheet import OwnSheet
from .messages import (
    Act,
    Applied,
    Ask,
    BadMessage,
    Bye,
    Frame,
    Hello,
    LogPart,
    Message,
    OtherVersion,
    Ping,
    Pong,
    Refused,
    Resync,
    SetUp,
    Side,
    Tell,
    Welcome,
    digest,
    read,
    state_of,
)
from .sheet import Checked, Lie

__all__ = ["GuestSession"]
CATCH_UP = 500           # actions of a joined battle replayed per frame


class GuestSession:
    """A guest's copy of the battle, kept in step with the host's: a whole battle (its blind
    start, its log, the told dice) whenever `state` is set."""

    def __init__(self, code: str, name: str = "", seat: str = "",
                 deploy: Callable[[Frame], GameState] | None = None) -> None:
        self.code = code
        # a guest that defends with mines or markers sets up its own defense (X16): `deploy`
        # makes its whole start for the host's frame (ValueError: why it cannot), `own` keeps
        # its sheet
        self.deploy = deploy
        self.own: OwnSheet | None = None
        self.name = name
        self.seat = seat                        # shown to sit down again; the host's to give
        self.state: GameState | None = None
        self.start: GameState | None = None
        self.side: Side | None = None
        self.log: list[str] = []
        self.tape: list[int] = []               # the told dice, in order
        self.host_name = ""
        self.notes: deque[str] = deque(maxlen=20)   # sentences for the player
        self.resyncs = 0
        self.welcomes = 0                       # battles taken whole from the host
        self.offered = 0                        # battles the host began to send
        self.bye = ""                           # the host's last word
        self.refused = ""                       # why this guest would not take the battle
        self._coming: tuple[Welcome, GameState, list[str], list[int]] | None = None
        self._catching: tuple[Welcome, list[str], list[int],
                              Iterator[tuple[GameState, list]]] | None = None
        self._asked = False                     # a Resync is on its way
        self._failed = 0                        # battles in a row that did not replay
        self._last: GameState | None = None     # where the replay of a joined battle is
        self._taken_start: GameState | None = None     # its start (opened, X16)
        # a battle of the host's mines and markers (X16): its commitments and what each
        # action of the log told of them (nothing for those the joined start holds opened)
        self.checked: Checked | None = None
        self.told_at: list[Told] = []
        self._checking: Checked | None = None

    def hello(self) -> Message:
        return Hello(code=self.code, name=self.name, seat=self.seat)

    def act(self, action: Action) -> Message:
        """The guest's own action, sent; the battle changes when the host's Applied comes.
        With our own sheet, what it shows goes with it."""
        own, state = self.own, self.state
        if own is None or state is None:
            return Act(action=str(action))
        try:
            told = to_tell(state, action)
        except RuleError:
            told = NOTHING_TOLD                  # the host refuses it in the rules' words
        return Act(action=str(action), told=own.opening(told) if told else None)

    def my_turn(self) -> bool:
        return self.state is not None and acting_side(self.state) == self.side

    @property
    def catching_up(self) -> bool:
        """A joined battle is being replayed; what the host sends next waits for it."""
        return self._catching is not None

    def receive(self, line: bytes) -> list[Message]:
        """Messages to send back for one line from the host."""
        try:
            msg = read(line)
        except BadMessage as exc:
            if self.state is None and not self.catching_up:     # joining: nothing to play on
                if isinstance(exc, OtherVersion):               # an older host's Bye: why
                    return self._refuse(str(exc))
                return self._refuse(f"The host's battle could not be taken: {_lower(str(exc))}")
            self.notes.append(f"The host sent something this game cannot read: {exc}")
            return []
        if isinstance(msg, Welcome):
            return self._welcome(msg)
        if isinstance(msg, LogPart):
            return self._part(msg)
        if isinstance(msg, Applied):
            return self._applied(msg)
        if isinstance(msg, SetUp):
            return self._set_up(msg)
        if isinstance(msg, Ask):
            return self._question(msg)
        if isinstance(msg, Refused):
            self.notes.append(msg.message)
        elif isinstance(msg, Ping):
            return [Pong()]
        elif isinstance(msg, Bye):
            self.bye = msg.reason
        return []

    def _set_up(self, msg: SetUp) -> list[Message]:
        """Our own defense for the host's frame, laid out of its sight: the attacker's view of
        it and our commitments go back."""
        if self.state is not None or self.catching_up:
            return []                            # a battle taken is not set up again
        self.offered += 1                        # as costly as a battle offered: a few a frame
        if self.deploy is None or msg.side != OWNER:
            return self._refuse("The host's battle could not be taken: this game cannot set "
                                "up a defense for it.")
        try:            # new salts every time: a sheet's are never used for two battles
            self.own = OwnSheet.laid(blind(self.deploy(msg.frame)))
        except ValueError as exc:
            return self._refuse(f"Your defense could not be set up: {_lower(str(exc))}")
        self.side, self.host_name = msg.side, msg.name
        self.seat = msg.seat or self.seat
        return [self.own.deployed()]

    def _question(self, msg: Ask) -> list[Message]:
        """What the host's next action shows of our sheet - asked once for each entry of the
        log, and only of an action the rules take in the host's turn."""
        own, state = self.own, self.state
        if own is None or state is None or msg.seq != len(self.log) \
                or acting_side(state) == self.side:
            return []
        if own.answered is not None and own.answered[0] == msg.seq \
                and own.answered[1] != msg.action:
            return self._refuse("The host asked what two actions would show in one place: it "
                                "may not look at the sheet without playing.")
        try:
            told = to_tell(state, parse_action(msg.action))
        except (ValueError, RuleError):
            return self._resync()                # not the battle we hold
        own.answered = (msg.seq, msg.action)
        return [Tell(seq=msg.seq, told=own.opening(told))]

    def _welcome(self, msg: Welcome) -> list[Message]:
        self.offered += 1
        try:
            start = state_of(msg.start)
        except ValueError as exc:
            return self._refuse(f"The host's battle could not be taken: {exc}.")
        self._checking = None
        if msg.set_up:
            if self.own is None:
                return self._refuse("The host's battle could not be taken: its defense was "
                                    "set up on another computer, which alone can go on with "
                                    "it.")
            self._coming = (msg, self.own.start, [], [])
            return self._part(None)
        if msg.sheet is not None or start.secrets is not NO_SECRETS:
            refusal = self._sheet_of(msg)
            if refusal:
                return self._refuse(f"The host's battle could not be taken: {refusal}")
            assert self._checking is not None and msg.told is not None
            try:
                start = opened(start, self._checking.told(msg.told))
            except ValueError as exc:                  # a Lie, or a telling that does not fit
                return self._refuse(f"The host's battle could not be taken: its sheet lied: "
                                    f"{exc}.")
        self._coming = (msg, start, [], [])
        return self._part(None)

    def _sheet_of(self, msg: Welcome) -> str:
        """Why a battle of mines and markers cannot be taken ('' when it can): the guest
        attacks, and the host's commitments come with it (then checked as they are opened)."""
        if msg.sheet is None or msg.told is None:
            return "it has mines or camouflage, and the host did not commit to them."
        if msg.side == OWNER:
            return "the host holds the sheet of the defense you would play."
        self._checking = Checked.of(msg.sheet)
        return ""

    def _part(self, msg: LogPart | None) -> list[Message]:
        if self._coming is None:
            return self._resync()
        welcome, start, actions, dice = self._coming
        if msg is not None:
            if msg.first != len(actions) or len(actions) + len(msg.actions) > welcome.total:
                self._coming = None
                return self._resync()
            if len(dice) + len(msg.dice) > MOST_ROLLS * (len(actions) + len(msg.actions)):
                self._coming = None                 # more dice than its actions can roll
                return self._refuse("The host's battle could not be taken: its log tells more "
                                    "dice than its actions roll.")
            actions += msg.actions
            dice += msg.dice
        if len(actions) == welcome.total:
            self._coming = None
            try:
                parsed = [parse_action(t) for t in actions]
            except ValueError:
                return self._refuse("The host's battle could not be taken: its log holds "
                                    "something that is not an action.")
            own = self.own if welcome.set_up else None
            steps = own.replayed(parsed, dice) if own is not None else replay_told(start,
                                                                                  parsed, dice)
            self._catching = (welcome, actions, dice, steps)
            self._last = self._taken_start = start
        return []

    def advance(self, budget: int = CATCH_UP) -> list[Message]:
        """Replay up to `budget` actions of a joined battle; when it is all played, take it if
        it leads where the host said."""
        if self._catching is None:
            return []
        welcome, actions, dice, steps = self._catching
        try:
            for _ in range(budget):
                self._last = next(steps)[0]
        except StopIteration:
            pass
        except (ValueError, RuleError):
            self._catching = None
            return self._not_replayed()
        else:
            return []
        self._catching = None
        own = self.own if welcome.set_up else None
        seen = self._last if own is None or self._last is None else own.seen(self._last)
        if seen is None or digest(seen) != welcome.digest:
            return self._not_replayed()
        if own is None:
            self.own = None                      # a battle of another's sheet, or of none
        self.start = self._taken_start
        self.state, self.side, self.log, self.tape = self._last, welcome.side, actions, dice
        self.checked, self._checking = self._checking, None
        self.told_at = [NOTHING_TOLD] * len(actions)
        self.host_name = welcome.name
        self.seat = welcome.seat or self.seat
        self.welcomes += 1
        self._asked = False
        self._failed = 0
        return []

    def _not_replayed(self) -> list[Message]:
        self._failed += 1
        if self._failed >= 3:
            return self._refuse("The host's battle could not be taken: its log does not lead "
                                "to the position it sent.")
        self._asked = False
        return self._resync()

    def _refuse(self, sentence: str) -> list[Message]:
        self.refused = sentence
        return [Bye(reason=sentence[:200])]

    def _applied(self, msg: Applied) -> list[Message]:
        if self.state is None or self._coming is not None:
            return self._resync()
        if msg.seq != len(self.log):
            return self._resync()
        if self.own is not None:
            return self._applied_to_own(msg)
        told = NOTHING_TOLD
        if msg.told is not None:
            if self.checked is None:
                return self._refuse("The host told secrets of a battle it committed to none of.")
            try:
                told = self.checked.told(msg.told)
            except Lie as exc:
                return self._refuse(f"The host's sheet lied: {exc}.")
        try:
            state, _ = apply_told(opened(self.state, told), parse_action(msg.action), msg.dice)
        except (ValueError, RuleError):
            return self._resync()
        if digest(state) != msg.digest:
            return self._resync()                # ours went another way: take the host's
        assert self.start is not None            # a battle taken has its start
        self.start = opened(self.start, told)
        self.state = state
        self.log.append(msg.action)
        self.tape += msg.dice
        self.told_at.append(told)
        if state.over and self.checked is not None:
            return self._last_word()
        return []

    def _applied_to_own(self, msg: Applied) -> list[Message]:
        """An action of a battle whose sheet we keep, played on our whole state: the host's
        own only as it asked about it; once the battle is over, the rest of the sheet opened."""
        own, state = self.own, self.state
        assert own is not None and state is not None
        if acting_side(state) != self.side and own.answered != (msg.seq, msg.action):
            return self._refuse("The host played an action it did not ask about first.")
        try:
            action = parse_action(msg.action)
            told = to_tell(state, action)
            after, _ = apply_told(state, action, msg.dice)
        except (ValueError, RuleError):
            return self._resync()
        if digest(own.seen(after, told)) != msg.digest:
            return self._resync()                # ours went another way: take the host's
        own.told = own.told + told
        self.state = after
        self.log.append(msg.action)
        self.tape += msg.dice
        self.told_at.append(NOTHING_TOLD)        # our battle is whole: nothing to open in it
        if after.over:
            return [Tell(seq=len(self.log), told=own.the_rest())]
        return []

    def _last_word(self) -> list[Message]:
        """The battle is over and the host has opened its whole sheet: every commitment, and
        the battle replayed from the opened start on the told dice leads where it did."""
        assert self.checked is not None and self.start is not None and self.state is not None
        if not self.checked.all_opened:
            return self._refuse("The host's sheet lied: it left secrets unopened at the end.")
        last = self.start
        try:
            for last, _ in replay_told(self.start, [parse_action(t) for t in self.log],
                                       self.tape):
                pass
        except (ValueError, RuleError):
            last = self.start
        if digest(last) != digest(self.state):
            return self._refuse("The host's sheet lied: its mines and markers, opened, do not "
                                "make the battle it played.")
        return []

    def _resync(self) -> list[Message]:
        if self._asked:
            return []                            # one question at a time
        self._asked = True
        self.resyncs += 1
        return [Resync()]


def _lower(sentence: str) -> str:
    """A sentence carried on after a colon."""
    return sentence[:1].lower() + sentence[1:]

"""The two ends of a network game (X10), as plain objects fed one message at a time: no sockets.

The host holds the battle and the dice. A guest's action is checked with the rules core and, if
taken, played on the host's battle and sent back to the guest as Applied with the dice it
rolled and the digest of the state after it; the host's own actions go out the same way. The
guest plays what it is sent on its own copy, whose dice state it never sees (rules.hidden):

- Why the guest cannot foresee a shot: the host's dice are a secret stream (net.dice, keyed
  from the operating system for each battle hosted); the only dice state that crosses the wire
  is BLIND; each die's face is told after the action that rolled it was played and checked.
- Why the guest's copy stays checkable: the guest plays every action itself, on a stand-in dice
  state that rolls exactly the told faces, so every move and every result is the rules' own;
  the digests both sides compare are of the blind state. All the guest takes on trust is the
  face of each die - as at a table, where the host's dice roll out of sight.
- Why the battle stays whole on both sides: the host's battle replays from its start with its
  own dice; the guest's from the blind start with the told faces in order (its `tape`), so
  either side can save, export and report it.

A mismatch, or a gap in the sequence, asks for the battle again (Resync). Nothing a guest sends
can act outside its own phases or reach anything but the battle.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ..rules import Action, Event, GameState, RuleError, parse_action
from ..rules.dice import MOST_ROLLS, rolls_between
from ..rules.hidden import apply_from_tape, apply_told, blind, replay_told
from ..rules.secrets import NO_SECRETS
from ..rules.sides import acting_side
from ..rules.state import Phase
from ..rules.views import NOTHING_TOLD, OWNER, Told, is_view, opened, told_by, untold, view
from ..storage.games import LOG_STEPS
from .dice import SecretDice
from .gate import new_code
from .messages import (
    PART,
    Act,
    Applied,
    BadMessage,
    Bye,
    Hello,
    LogPart,
    Message,
    OtherVersion,
    Ping,
    Pong,
    Refused,
    Resync,
    Side,
    Welcome,
    digest,
    read,
    state_data,
    state_of,
)
from .sheet import Checked, Lie, Sealed

__all__ = ["GuestSession", "HostSession", "new_code"]
PHASE_ACTIONS = 150      # a guest's actions in one phase: an honest phase needs a few dozen
CATCH_UP = 500           # actions of a joined battle replayed per frame


class HostSession:
    """The battle's authority: `guest_acts` answers a guest's action, `host_act` plays the
    host's own; `welcome` is the whole battle for a guest that joins.

    Its battle is blind from the start, as the guest's is: what was rolled before it was
    hosted becomes the first of its `tape`, and every die after comes from `dice`, a secret
    stream keyed anew for each battle hosted - never the local game's seeded one."""

    def __init__(self, state: GameState, guest_side: Side, log: list[str] | None = None,
                 start: GameState | None = None, name: str = "", told: list[int] | None = None,
                 dice: SecretDice | None = None) -> None:
        if start is None:
            start, log, told = state, [], []    # a battle without its start goes on from here
        try:      # the dice it rolled itself (a guest's battle: after its told ones)
            self.tape: list[int] = list(told or []) + rolls_between(start.rng, state.rng)
        except ValueError:                      # not one stream: it goes on from here
            start, log, self.tape = state, [], []
        self.start = blind(start)
        self.state = blind(state)
        self.dice = dice or SecretDice()
        self.log: list[str] = list(log or [])
        self.guest_side = guest_side
        self.name = name
        self.guest_name = ""
        self.seat = ""                  # the secret of the guest who sat down first
        self.from_guest: deque[str] = deque()          # taken from the guest, for the screen
        self._phase: tuple[int, Phase] = (state.turn, state.phase)
        self._in_phase = 0
        self.sealed: Sealed | None = None       # a battle of mines and markers (X16)
        self.told = NOTHING_TOLD                # what the battle has shown of the sheet
        if self.start.secrets is not NO_SECRETS or self.state.secrets is not NO_SECRETS:
            self._seal()

    def _seal(self) -> None:
        """The sheet's salts, and what the battle so far has told (X16, net.sheet). Only a
        host that defends holds a sheet: a guest lays no mines yet."""
        if self.guest_side == OWNER:
            raise ValueError("a guest cannot defend with mines or camouflage yet")
        if is_view(self.start) or is_view(self.state):
            raise ValueError("this battle is a side's view of another's: only its host has "
                             "the whole of it")
        try:
            s, actions = self.start, [parse_action(t) for t in self.log]
            for after, events in replay_told(self.start, actions, self.tape):
                self.told = self.told + self._shown(s, after, events)
                s = after
        except (ValueError, RuleError):          # not replayable: it goes on from here
            self.start, self.log, self.tape, self.told = self.state, [], [], NOTHING_TOLD
        self.sealed = Sealed.of(self.start)

    def welcome(self) -> list[Message]:
        """The battle from its start, blind, and its log in parts with the dice it rolled."""
        tape = self.tape
        parts = max((len(self.log) + PART - 1) // PART, (len(tape) + 3 * PART - 1) // (3 * PART))
        sealed = self.sealed
        start = self.start if sealed is None else view(self.start, self.guest_side)
        out: list[Message] = [Welcome(side=self.guest_side, start=state_data(start),
                                      total=len(self.log), digest=self._digest(),
                                      name=self.name, seat=self.seat,
                                      sheet=None if sealed is None else sealed.commitments(),
                                      told=None if sealed is None else sealed.opening(self.told))]
        for n in range(parts):
            out.append(LogPart(first=min(n * PART, len(self.log)),
                               actions=self.log[n * PART:(n + 1) * PART],
                               dice=tape[n * 3 * PART:(n + 1) * 3 * PART]))
        return out

    def guest_acts(self, text: str) -> tuple[Message, bool]:
        """(the answer, whether the line was broken - a strike); a refusal by the rules is the
        game's message, never a strike."""
        try:
            action = parse_action(text)
        except ValueError:
            return Refused(message="That is not an action."), True
        if acting_side(self.state) != self.guest_side:
            return Refused(message="It is not your turn."), False
        if len(self.log) >= LOG_STEPS:
            return Refused(message=f"The battle's log is full ({LOG_STEPS:,} actions): it "
                                   "cannot go on."), False
        if self._count() >= PHASE_ACTIONS and text != "done":
            return Refused(message=f"That is {PHASE_ACTIONS} actions this phase, more than it "
                                   "needs: end it with Done."), False
        try:
            applied = self._play(action)
        except RuleError as err:
            return Refused(message=err.message), False
        self._in_phase += 1
        self.from_guest.append(applied.action)
        return applied, False

    def _count(self) -> int:
        now = (self.state.turn, self.state.phase)
        if now != self._phase:
            self._phase, self._in_phase = now, 0
        return self._in_phase

    def host_act(self, action: Action) -> Applied:
        """The host's own action; RuleError (the state untouched) when the rules refuse it."""
        if acting_side(self.state) == self.guest_side:
            raise RuleError("move_a_piece", "it is the guest's turn")
        return self._play(action)

    def _play(self, action: Action) -> Applied:
        """The action on the secret stream's next faces: it takes as many as it rolls; with
        what it shows of the sheet, opened."""
        before = self.state
        self.state, events, took = apply_from_tape(before, action, self.dice.peek(MOST_ROLLS), 0)
        rolled = self.dice.take(took)
        self.log.append(str(action))
        self.tape += rolled
        opening = None
        if self.sealed is not None:
            shown = self._shown(before, self.state, events)
            self.told = self.told + shown
            opening = self.sealed.opening(shown) if shown else None
        return Applied(seq=len(self.log) - 1, action=str(action), dice=rolled,
                       digest=self._digest(), told=opening)

    def _shown(self, before: GameState, after: GameState, events: list[Event]) -> Told:
        """What an action shows the guest: its markers and mines; at the battle's end, all."""
        shown = told_by(before, events)
        return shown + untold(before, self.told + shown) if after.over else shown

    def _digest(self) -> str:
        """Of the battle as the guest holds it: its side's view, where there is a sheet."""
        return digest(self.state if self.sealed is None else view(self.state, self.guest_side))


class GuestSession:
    """A guest's copy of the battle, kept in step with the host's: a whole battle (its blind
    start, its log, the told dice) whenever `state` is set."""

    def __init__(self, code: str, name: str = "", seat: str = "") -> None:
        self.code = code
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
        """The guest's own action, sent; the battle changes when the host's Applied comes."""
        return Act(action=str(action))

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
        if isinstance(msg, Refused):
            self.notes.append(msg.message)
        elif isinstance(msg, Ping):
            return [Pong()]
        elif isinstance(msg, Bye):
            self.bye = msg.reason
        return []

    def _welcome(self, msg: Welcome) -> list[Message]:
        self.offered += 1
        try:
            start = state_of(msg.start)
        except ValueError as exc:
            return self._refuse(f"The host's battle could not be taken: {exc}.")
        self._checking = None
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
            return "a guest cannot defend with mines or camouflage yet."
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
            self._catching = (welcome, actions, dice, replay_told(start, parsed, dice))
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
        if self._last is None or digest(self._last) != welcome.digest:
            return self._not_replayed()
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

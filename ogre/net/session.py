"""The host's end of a network game (X10), a plain object fed one message at a time: no
sockets (the guest's end: net.guest_session).

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

from ..rules import Action, Event, GameState, RuleError, check, parse_action
from ..rules.dice import MOST_ROLLS, rolls_between
from ..rules.hidden import apply_from_tape, blind, replay_told
from ..rules.secrets import NO_SECRETS
from ..rules.sides import acting_side
from ..rules.state import Phase
from ..rules.views import (
    NOTHING_TOLD,
    OWNER,
    Told,
    is_view,
    offered,
    opened,
    told_by,
    untold,
    view,
)
from ..storage.games import LOG_STEPS
from .dice import SecretDice
from .gate import new_code
from .guest_sheet import GuestsSheet, deployment_problem, frame_of
from .messages import (
    PART,
    Applied,
    Ask,
    Bye,
    Deployed,
    LogPart,
    Message,
    Refused,
    SetUp,
    Side,
    Tell,
    Welcome,
    digest,
    state_data,
    state_of,
)
from .sheet import Checked, Lie, Opening, Sealed

__all__ = ["HostSession", "new_code"]
PHASE_ACTIONS = 150      # a guest's actions in one phase: an honest phase needs a few dozen


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
        # a guest that defends with its own sheet (X16, net.guest_sheet): the battle waits
        # for its set-up on this frame, then holds only the guest's view
        self.frame: GameState | None = None
        self.guests: GuestsSheet | None = None
        self.asking = ""                        # the host's own action, told of by the guest
        self.lied = ""                          # the guest's sheet was caught lying: why
        if guest_side == OWNER and state.options.hidden and offered(state.scenario):
            self._await_set_up()
        elif self.start.secrets is not NO_SECRETS or self.state.secrets is not NO_SECRETS:
            self._seal()

    def _await_set_up(self) -> None:
        s = self.state
        if self.log or s != self.start:
            raise ValueError("a guest sets up its own mines and markers only in a new battle")
        self.frame, self.tape = self.start, []

    @property
    def ready(self) -> bool:
        """Whether the battle can be played: not waiting for a guest's set-up."""
        return self.frame is None or self.guests is not None

    def deployed(self, msg: Deployed) -> str:
        """The guest's set-up taken (''), or why not: the battle starts from its view."""
        assert self.frame is not None
        if self.guests is not None:
            return "it set up its defense already"
        try:
            seen = state_of(msg.start)
        except ValueError as exc:
            return str(exc)
        problem = deployment_problem(self.frame, seen, msg.sheet)
        if problem:
            return problem
        self.start = self.state = blind(seen)
        self.guests = GuestsSheet(Checked.of(msg.sheet))
        return ""

    def _seal(self) -> None:
        """The sheet's salts, and what the battle so far has told (X16, net.sheet)."""
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
        """The battle from its start, blind, and its log in parts with the dice it rolled (a
        guest that sets up its own defense is first sent the frame to set up on)."""
        if not self.ready:
            assert self.frame is not None
            return [SetUp(side=self.guest_side, frame=frame_of(self.frame), name=self.name,
                          seat=self.seat)]
        tape = self.tape
        parts = max((len(self.log) + PART - 1) // PART, (len(tape) + 3 * PART - 1) // (3 * PART))
        sealed = self.sealed
        start = self.start if sealed is None else view(self.start, self.guest_side)
        out: list[Message] = [Welcome(side=self.guest_side, start=state_data(start),
                                      total=len(self.log), digest=self._digest(),
                                      name=self.name, seat=self.seat,
                                      sheet=None if sealed is None else sealed.commitments(),
                                      told=None if sealed is None else sealed.opening(self.told),
                                      set_up=self.guests is not None)]
        for n in range(parts):
            out.append(LogPart(first=min(n * PART, len(self.log)),
                               actions=self.log[n * PART:(n + 1) * PART],
                               dice=tape[n * 3 * PART:(n + 1) * 3 * PART]))
        if self.asking:
            out.append(Ask(seq=len(self.log), action=self.asking))    # still unanswered
        return out

    def guest_acts(self, text: str, told: Opening | None = None) -> tuple[Message, bool]:
        """(the answer, whether the line was broken - a strike); a refusal by the rules is the
        game's message, never a strike. A guest keeping its own sheet opens what the action
        shows with it (a lie ends the battle: `lied`)."""
        try:
            action = parse_action(text)
        except ValueError:
            return Refused(message="That is not an action."), True
        if not self.ready or self.lied:
            return Refused(message="The battle has not begun."), False
        if acting_side(self.state) != self.guest_side:
            return Refused(message="It is not your turn."), False
        if len(self.log) >= LOG_STEPS:
            return Refused(message=f"The battle's log is full ({LOG_STEPS:,} actions): it "
                                   "cannot go on."), False
        if self._count() >= PHASE_ACTIONS and text != "done":
            return Refused(message=f"That is {PHASE_ACTIONS} actions this phase, more than it "
                                   "needs: end it with Done."), False
        try:
            applied = self._play(action) if self.guests is None else self._play_told(action,
                                                                                       told)
        except RuleError as err:
            return Refused(message=err.message), False
        except Lie as exc:
            return self._caught(exc), False
        self._in_phase += 1
        self.from_guest.append(applied.action)
        return applied, False

    def _count(self) -> int:
        now = (self.state.turn, self.state.phase)
        if now != self._phase:
            self._phase, self._in_phase = now, 0
        return self._in_phase

    def host_act(self, action: Action) -> Applied | Ask:
        """The host's own action; RuleError (the state untouched) when the rules refuse it.
        Where the guest keeps its own sheet the action is not played yet: the guest is asked
        what it shows, and `told_back` plays it."""
        if acting_side(self.state) == self.guest_side or not self.ready or self.asking:
            raise RuleError("move_a_piece", "it is the guest's turn")
        if self.guests is None:
            return self._play(action)
        check(self.state, action)
        self.asking = str(action)
        return Ask(seq=len(self.log), action=self.asking)

    def told_back(self, msg: Tell) -> list[Message]:
        """The guest's telling: for the host's action it was asked about, which is played
        now; once the battle is over, everything left, and the whole battle checked."""
        guests = self.guests
        if guests is None or self.lied:
            return []
        try:
            if self.state.over and guests.last is None and msg.seq == len(self.log):
                self.start, self.state = guests.last_word(
                    self.start, self.state, [parse_action(t) for t in self.log], self.tape,
                    msg.told)
                return []
            if not self.asking or msg.seq != len(self.log):
                return []                        # an answer to no question: nothing to play
            applied = self._play_told(parse_action(self.asking), msg.told)
        except Lie as exc:
            return [self._caught(exc)]
        except RuleError:                        # not the battle the guest holds: it resyncs
            return []
        self.asking = ""
        return [applied]

    def _play_told(self, action: Action, opening: Opening | None) -> Applied:
        """An action of a battle whose sheet the guest keeps: the host's view opened with what
        it shows, checked, then played on the secret dice as any other."""
        assert self.guests is not None
        seen, told, checked = self.guests.take(self.state, action, opening)
        self.state = seen
        self.start = opened(self.start, told)
        self.guests.played(told, checked)
        return self._play(action)

    def _caught(self, exc: Lie) -> Bye:
        self.lied = f"The guest's sheet lied: {exc}."
        return Bye(reason=self.lied)

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
        """Of the battle as the guest holds it: its side's view, where there is a sheet (where
        the guest keeps the sheet, as told so far)."""
        return digest(self.state if self.sealed is None else view(self.state, self.guest_side))

    @property
    def told_at(self) -> list[Told]:
        """What each entry of the log told of a guest's sheet (X16); none of another's."""
        return self.guests.told_at if self.guests is not None else []

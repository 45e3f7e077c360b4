"""The two ends of a network game (X10), as plain objects fed one line at a time: no sockets.

The host holds the battle and the dice. A guest's action is checked with the rules core and, if
taken, played on the host's battle and sent back to the guest as Applied with the digest of the
state after it; the host's own actions go out the same way. The guest plays what it is sent on
its own copy and compares digests; a mismatch, or a gap in the sequence, asks for the battle
again (Resync). Nothing a guest sends can act outside its own phases or reach anything but
the battle.
"""

from __future__ import annotations

import hmac
import secrets

from ..ai.advice import side_to_act
from ..rules import Action, GameState, RuleError, apply, parse_action
from .messages import (
    Act,
    Applied,
    BadMessage,
    Bye,
    Hello,
    Message,
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

CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"      # no look-alikes: 0/O, 1/I/L, 2/Z, 5/S, 8/B
CODE_LENGTH = 6
STRIKES = 20          # bad messages a guest may send before the host hangs up


def new_code() -> str:
    """A short join code the host shows and the guest types."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class HostSession:
    """The battle's authority. `receive` answers a guest's line; `host_act` plays the host's
    own action. Both return the messages to send to the guest."""

    def __init__(self, state: GameState, guest_side: Side, code: str,
                 log: list[str] | None = None) -> None:
        self.state = state
        self.log: list[str] = list(log or [])
        self.guest_side = guest_side
        self.code = code
        self.joined = False
        self.strikes = 0
        self.refusals: list[str] = []             # what was refused, for the host's record
        self.from_guest: list[str] = []           # the guest's actions taken, for the screen

    def guest_left(self) -> None:
        """The connection ended: the next guest must give the code again."""
        self.joined = False

    def receive(self, line: bytes) -> tuple[list[Message], bool]:
        """(messages to send back, whether to hang up) for one line from the guest."""
        try:
            msg = read(line)
        except BadMessage as exc:
            return self._refuse(str(exc))
        if not self.joined:
            if isinstance(msg, Hello) and hmac.compare_digest(msg.code.encode(),
                                                                self.code.encode()):
                self.joined = True
                return [self.welcome()], False
            self.refusals.append("a wrong join code")
            return [Bye(reason="The join code is wrong.")], True
        if isinstance(msg, Ping):
            return [Pong()], False
        if isinstance(msg, Pong):
            return [], False
        if isinstance(msg, Resync):
            return [self.welcome()], False
        if isinstance(msg, Bye):
            return [], True
        if isinstance(msg, Act):
            return self._guest_acts(msg.action)
        return self._refuse("Only the host sends that.")

    def _refuse(self, words: str) -> tuple[list[Message], bool]:
        self.strikes += 1
        self.refusals.append(words)
        if self.strikes >= STRIKES:
            return [Bye(reason="Too many messages were refused.")], True
        return [Refused(message=words)], False

    def _guest_acts(self, text: str) -> tuple[list[Message], bool]:
        try:
            action = parse_action(text)
        except ValueError:
            return self._refuse("That is not an action.")
        if side_to_act(self.state) != self.guest_side:
            return self._refuse("It is not your turn.")
        try:
            applied = self._play(action)
        except RuleError as err:
            return self._refuse(err.message)
        self.from_guest.append(applied.action)
        return [applied], False

    def host_act(self, action: Action) -> Applied:
        """The host's own action; RuleError (the state untouched) when the rules refuse it."""
        if side_to_act(self.state) == self.guest_side:
            raise RuleError("move_a_piece", "it is the guest's turn")
        return self._play(action)

    def _play(self, action: Action) -> Applied:
        self.state, events = apply(self.state, action)
        self.log.append(str(action))
        return Applied(seq=len(self.log) - 1, action=str(action),
                       events=[e.text[:200] for e in events][:200], digest=digest(self.state))

    def welcome(self) -> Welcome:
        return Welcome(side=self.guest_side, state=state_data(self.state), log=self.log[-10_000:],
                       digest=digest(self.state))


class GuestSession:
    """A guest's copy of the battle, kept in step with the host's."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.state: GameState | None = None
        self.side: Side | None = None
        self.log: list[str] = []
        self.notes: list[str] = []              # sentences for the player (refusals, problems)
        self.resyncs = 0
        self.welcomes = 0                       # battles taken whole from the host
        self.closed = ""

    def hello(self) -> Hello:
        return Hello(code=self.code)

    def act(self, action: Action) -> Act:
        """The guest's own action, sent; the battle changes when the host's Applied comes."""
        return Act(action=str(action))

    def my_turn(self) -> bool:
        return self.state is not None and side_to_act(self.state) == self.side

    def receive(self, line: bytes) -> list[Message]:
        """Messages to send back for one line from the host."""
        try:
            msg = read(line)
        except BadMessage as exc:
            self.notes.append(f"The host sent something this game cannot read: {exc}")
            return []
        if isinstance(msg, Welcome):
            return self._welcome(msg)
        if isinstance(msg, Applied):
            return self._applied(msg)
        if isinstance(msg, Refused):
            self.notes.append(msg.message)
        elif isinstance(msg, Ping):
            return [Pong()]
        elif isinstance(msg, Bye):
            self.closed = msg.reason
        return []

    def _welcome(self, msg: Welcome) -> list[Message]:
        try:
            state = state_of(msg.state)
        except ValueError as exc:
            self.notes.append(f"The host's battle could not be read: {exc}.")
            return []
        if digest(state) != msg.digest:
            return self._resync()
        self.state, self.side, self.log = state, msg.side, list(msg.log)
        self.welcomes += 1
        return []

    def _applied(self, msg: Applied) -> list[Message]:
        if self.state is None or msg.seq != len(self.log):
            return self._resync()
        try:
            state, _ = apply(self.state, parse_action(msg.action))
        except (ValueError, RuleError):
            return self._resync()
        if digest(state) != msg.digest:
            return self._resync()                # ours went another way: take the host's
        self.state = state
        self.log.append(msg.action)
        return []

    def _resync(self) -> list[Message]:
        self.resyncs += 1
        return [Resync()]

"""The computer's turn (G2), one step a frame: think on the state off the frame loop, then the
match plays what was chosen (`Match.computer_step`), the screen draws it, and it is held for the
Ogre Message Speed before the next (the driver is the match's; the screen only shows it).

The clock is handed in, so tests pace a turn without waiting; the thinking is handed in too (a
worker process or a thread: the window's), as a callable that returns something with `done`,
`result` and `cancel` - a `concurrent.futures.Future` has them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ..rules import Action, Done, GameState
from ..rules.events import Event

# How long each computer step stays up, by Ogre Message Speed (G2): a step that put a message in
# the result window (the Ogre's moves, rams, overruns, aims, fire results) holds for the message
# pause; a quiet one (a defender's move, the end of a phase) only a moment.
MESSAGE_PAUSE = {"Low": 2.4, "Med": 1.2, "Hi": 0.45}
QUIET_PAUSE = {"Low": 0.5, "Med": 0.3, "Hi": 0.15}


def step_pause(speed: str, action: Action, shown: int) -> float:
    """The hold after a computer step that showed `shown` result lines: what the step showed
    decides it, never how long the result log is.

    >>> step_pause("Hi", Done(), 3), step_pause("Low", Done(), 0)
    (0.15, 0.5)
    """
    if shown and not isinstance(action, Done):
        return MESSAGE_PAUSE[speed]
    return QUIET_PAUSE[speed]


class Thought(Protocol):
    def done(self) -> bool: ...
    def result(self) -> Action: ...
    def cancel(self) -> bool: ...


@dataclass
class Chosen:
    """What a step found: the action the computer chose, or the error its thinking raised."""

    action: Action | None = None
    error: BaseException | None = None


@dataclass
class ComputerPlay:
    """One step of the computer's turn as the match played it, for the screen to draw: the
    action, the position before it and its events (None: sent to the host to roll its dice,
    X10); or why nothing was played: the error its thinking raised (or no action at all), or
    the refusal (a lesson's or the rules') of what it chose."""

    action: Action | None = None
    before: GameState | None = None
    events: list[Event] | None = None
    error: BaseException | None = None
    refused: str = ""


class ComputerTurn:
    """Think, poll, hand over the choice, hold: the computer's turn as a small state machine."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.thinking: Thought | None = None
        self.thinking_from: GameState | None = None      # the state it is thinking on
        self.hold_until = 0.0

    def step(self, state: GameState, think: Callable[[GameState], Thought]) -> Chosen | None:
        """One frame: start thinking once the last step's hold is over; when the thinking is
        done, what it chose (None meanwhile, or when the battle changed under it: then it
        thinks again)."""
        if self.thinking is None:
            if self.clock() >= self.hold_until:
                self.thinking, self.thinking_from = think(state), state
            return None
        if not self.thinking.done():
            return None
        thought, self.thinking = self.thinking, None
        if self.thinking_from is not state:
            return None                          # the battle changed under it (a load)
        try:
            return Chosen(thought.result())
        except Exception as error:               # a broken plugin, a worker gone: the caller's
            return Chosen(error=error)

    def hold(self, speed: str, action: Action, shown: int) -> None:
        """The step played showed `shown` lines: keep it up for its pause."""
        self.hold_until = self.clock() + step_pause(speed, action, shown)

    def hurry(self) -> None:
        """A click or a key: the next step comes at once."""
        self.hold_until = 0.0

    def cancel(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None

"""Battles whose dice are hidden (X10): the network guest's copy of the host's battle.

The host keeps the dice state; a guest who had it could foresee every shot. So the guest's copy
holds BLIND where the dice state would be, and the host tells each action's rolls after it was
played. The guest plays the action itself with a stand-in dice state that rolls exactly those
dice (dice.rng_for), so it still checks every move and every result against the rules; all it
takes on trust is the face of each die.

Such a battle replays from its start with its `tape`, the told dice in order: each action is
played on a stand-in for the next die and takes as many dice as it rolled. After the tape is
spent (the battle saved by the guest and played on here) the state's own dice go on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .actions import Action
from .dice import MOST_ROLLS, rng_for, rolls_between
from .events import Event
from .game import apply
from .state import GameState, evolve

BLIND = 0            # the dice state of a guest's copy: a guest never holds the host's


def blind(state: GameState) -> GameState:
    """The state as the guest may see it: the same battle without its dice state."""
    return state if state.rng == BLIND else evolve(state, rng=BLIND)


def apply_told(state: GameState, action: Action,
               dice: Sequence[int]) -> tuple[GameState, list[Event]]:
    """apply, the action rolling exactly `dice` (told by the host); ValueError when it rolls
    other dice (the host's battle and ours differ), RuleError when the rules refuse it."""
    stand_in = rng_for(dice)
    after, events = apply(evolve(state, rng=stand_in), action)
    if rolls_between(stand_in, after.rng) != list(dice):
        raise ValueError("the action rolled other dice than the host told")
    return evolve(after, rng=state.rng), events


def replay_told(start: GameState, actions: Iterable[Action],
                tape: Sequence[int]) -> Iterator[tuple[GameState, list[Event]]]:
    """Each state and its events along `actions` from `start`, the dice taken from `tape` while
    it lasts (RuleError where an action does not replay, ValueError where the tape runs out or
    is left over)."""
    s, used = start, 0
    for action in actions:
        if used >= len(tape):
            s, events = apply(s, action)
        else:
            s, events, took = apply_from_tape(s, action, tape, used)
            used += took
        yield s, events
    if used != len(tape):
        raise ValueError(f"the battle's told dice are {len(tape)}, but its actions rolled {used}")


def apply_from_tape(s: GameState, action: Action, tape: Sequence[int],
                    used: int) -> tuple[GameState, list[Event], int]:
    """(state, events, dice taken): the action on the tape's next dice (a stand-in for the
    next die; if it rolled more, again on as many as it rolled). ValueError when it rolls
    more dice than the tape has left - the host has not told them yet."""
    stand_in = rng_for(tape[used:used + 1])
    after, events = apply(evolve(s, rng=stand_in), action)
    took = len(rolls_between(stand_in, after.rng))
    if took > min(MOST_ROLLS, len(tape) - used):
        raise ValueError("the action rolls dice that were not told")
    if took > 1:
        after, events = apply_told(s, action, tape[used:used + took])
    return evolve(after, rng=s.rng), events, took

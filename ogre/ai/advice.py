"""Advice (X8): what the computer's Hi player would do for the side to act, in this phase.

The player's own side is asked of the same computer player the opponent is made from, on a
copy of the battle, and its actions are played out on that copy only, up to the first die
(a Fire, or a ram of mobile armor): what comes after would depend on a roll the player has not
made, and showing it would give the dice away. Nothing here touches the battle itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..rules.actions import Action, Done, Enter, Fire, Move
from ..rules.game import aim_kill_probability, apply, check
from ..rules.sides import acting_side
from ..rules.state import GameState
from ..rules.views import view
from .base import rolls_dice
from .belief import believed
from .protocol import make_controller

ACTIONS_CAP = 200          # a phase's plan is a few dozen actions; this only stops a runaway


@dataclass(frozen=True)
class Step:
    """A piece's advised move, start to end (an Ogre's entry starts at 0)."""

    piece: int
    start: int
    end: int


@dataclass(frozen=True)
class Shot:
    """An advised attack: who fires at what, and the chance it kills."""

    attackers: tuple[int, ...]     # piece ids; an Ogre's id when it fires
    target: int                    # a defender's id, or the Ogre's when the defence fires
    part: str                      # the Ogre part the defence aims at ("" for the Ogre's fire)
    kill: Fraction


@dataclass(frozen=True)
class Advice:
    side: str                      # "ogre" or "defense"
    actions: tuple[Action, ...]    # legal in turn from the state advised, none applied to it
    moves: tuple[Step, ...]
    shots: tuple[Shot, ...]

    @property
    def empty(self) -> bool:
        return not self.moves and not self.shots


def _advised_side(state: GameState) -> str:
    side = acting_side(state)
    if side is None:
        raise ValueError("the battle is over: there is nothing to advise")
    return side


def advise(state: GameState, seed: int = 0, skill: str = "Hi") -> Advice:
    """The `skill` computer player's plan for the side to act in this phase, up to the first
    die; raises ValueError when the battle is over."""
    return advice_of(state, advised_actions(state, seed, skill))


def advice_of(state: GameState, actions: tuple[Action, ...]) -> Advice:
    """The advice the actions make from this state: its moves and its first volley. Cheap: the
    thinking is in advised_actions, which may run elsewhere (the game's worker process)."""
    side = _advised_side(state)
    seen = view(state, side)
    # a shot at a marker has the chance the attacker believes it has (ai.belief)
    return Advice(side, actions, _moves(seen, actions), _shots(believed(seen), actions))


def advised_actions(state: GameState, seed: int = 0, skill: str = "Hi") -> tuple[Action, ...]:
    """The actions of advise(): the player's plan, each checked, up to the first die, drawn
    from what the advised side may know (rules.views)."""
    side = _advised_side(state)
    state = view(state, side)
    player = make_controller(side, skill, seed=seed)
    phase, s = state.phase, state
    actions: list[Action] = []
    while len(actions) < ACTIONS_CAP and s.phase is phase and not s.over:
        action = player.choose(s)
        if isinstance(action, Done):
            break
        check(s, action)                 # the player's own rules: never advise what is refused
        actions.append(action)
        if rolls_dice(s, action):
            break                        # a ram to come is shown; a Fire is not played
        s, _ = apply(s, action)
    return tuple(actions)


def _moves(state: GameState, actions: Sequence[Action]) -> tuple[Step, ...]:
    """Each moved piece from where it stands to where the advice leaves it."""
    ends: dict[int, int] = {}
    for a in actions:
        if isinstance(a, Move):
            ends[a.piece] = a.to
        elif isinstance(a, Enter):
            ends[a.piece] = a.to          # each Ogre its own entry, in a battle of several
    out = []
    for pid, end in ends.items():
        start = getattr(state.piece(pid) or state.ogre_unit(pid), "hex", 0)
        if start != end:
            out.append(Step(pid, start, end))
    return tuple(out)


def _shots(state: GameState, actions: Sequence[Action]) -> tuple[Shot, ...]:
    """The first volley: what is aimed when the advice fires, with its kill probability."""
    s = state
    for a in actions:
        if isinstance(a, Fire):
            break
        s, _ = apply(s, a)            # aims, and a Clear of what the player had aimed
    aim = s.aim
    if aim is None or not actions or not isinstance(actions[-1], Fire):
        return ()
    kill = aim_kill_probability(s, aim)
    if aim.part is None and not aim.attackers:
        return (Shot((aim.ogre,), aim.target, "", kill),)      # the Ogre that fires
    if aim.part is None:                                       # units at a unit (9.03)
        return (Shot(tuple(dict.fromkeys(aim.attackers)), aim.target, "", kill),)
    return (Shot(tuple(dict.fromkeys(aim.attackers)), aim.ogre, aim.part.value, kill),)


__all__ = ["Advice", "Shot", "Step", "advice_of", "advise", "advised_actions"]

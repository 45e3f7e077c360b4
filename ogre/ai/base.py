"""A computer player that plans a phase, then hands its actions out one by one.

Subclasses implement `plan(state) -> list[Action]`. `choose` returns the plan's next action
while the game follows the expected course (the state is the one the plan predicted), and
plans again as soon as it does not (a die roll, a ram, a human Undo, a loaded game). Every
action returned has passed `check`; if a plan ever goes wrong, a safe legal action is
returned instead, so a computer player can never stall a game.
"""

from __future__ import annotations

import random

from ..rules.actions import Action, Clear, Done, Fire, Group, Move
from ..rules.errors import RuleError
from ..rules.game import apply, check, legal_actions, must_leave
from ..rules.sides import PHASES_OF
from ..rules.state import FIRE_PHASES, MOVE_PHASES, OGRE_ID, GameState, Phase

OGRE_SIDE_PHASES = PHASES_OF["ogre"]
DEFENSE_SIDE_PHASES = PHASES_OF["defense"]


class PhasePlayer:
    side: str = ""
    phases: frozenset[Phase] = frozenset()

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._expect: list[tuple[GameState, Action]] = []

    # -- the protocol
    def choose(self, state: GameState) -> Action:
        if state.over:
            raise ValueError("the battle is over")
        if state.phase not in self.phases:
            raise ValueError(f"it is not the {self.side}'s phase ({state.phase.value})")
        while self._expect:
            expected, action = self._expect.pop(0)
            if expected == state:
                if self._ok(state, action):
                    return action
                break
        self._expect = []
        try:
            plan = self.plan(state)
        except RuleError:
            plan = []
        if plan and self._ok(state, plan[0]):
            self._remember(state, plan)
            return plan[0]
        return safe_action(state)

    # -- for subclasses
    def plan(self, state: GameState) -> list[Action]:
        raise NotImplementedError

    def rng(self, state: GameState, salt: int = 0) -> random.Random:
        """A generator seeded from the game's dice state: the same state, the same choices."""
        return random.Random((state.rng * 1_000_003 + self.seed * 7919 + salt) & ((1 << 64) - 1))

    # -- helpers
    @staticmethod
    def _ok(state: GameState, action: Action) -> bool:
        try:
            check(state, action)
            return True
        except RuleError:
            return False

    def _remember(self, state: GameState, plan: list[Action]) -> None:
        """Predict the states the plan passes through, up to the first action with a die roll."""
        expect = []
        s = state
        for i, action in enumerate(plan):
            if i:
                expect.append((s, action))
            if i + 1 == len(plan) or rolls_dice(s, action):
                break
            try:
                s, _ = apply(s, action)
            except RuleError:
                break
        self._expect = expect


def rolls_dice(state: GameState, action: Action) -> bool:
    if isinstance(action, Fire):
        return True
    if isinstance(action, Move) and state.phase is Phase.OGRE_MOVE:
        try:
            return check(state, action).kind == "ram"
        except RuleError:
            return True
    return False


def safe_action(state: GameState) -> Action:
    """A legal action that moves the game on: Done, or whatever resolves a crowded hex or takes
    armor out from under the Ogre."""
    actions = legal_actions(state)
    if state.phase in FIRE_PHASES and state.aim is not None:
        return Fire()
    for a in actions:
        if isinstance(a, Done):
            return a
    for a in actions:
        if isinstance(a, Group):
            return a
    crowded = state.crowded_hex()
    leaving = None if crowded else must_leave(state)     # armor under the Ogre moves off
    for a in actions:
        if isinstance(a, Move) and a.piece > OGRE_ID and (
                state.known(a.piece).hex == crowded if crowded else
                leaving is None or a.piece == leaving.id):
            return a
    if actions:
        return actions[0]
    return Clear() if state.phase in FIRE_PHASES else Done()


__all__ = ["PhasePlayer", "safe_action", "rolls_dice", "OGRE_SIDE_PHASES", "DEFENSE_SIDE_PHASES",
           "MOVE_PHASES"]

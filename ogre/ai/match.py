"""Play one battle between two controllers, headless (X2): the arena's and the tests' loop."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules.errors import RuleError
from ..rules.game import apply, check
from ..rules.state import GameState
from .base import OGRE_SIDE_PHASES
from .protocol import Controller

UNFINISHED = "Unfinished"


@dataclass
class GameRecord:
    result: str = ""
    turns: int = 0
    actions: int = 0
    illegal: list[str] = field(default_factory=list)
    ogre_turn_times: list[float] = field(default_factory=list)      # seconds per Ogre turn
    ogre_mobile_times: list[float] = field(default_factory=list)    # ... in turns it could move
    defense_turn_times: list[float] = field(default_factory=list)   # seconds per defence turn
    log: list[str] = field(default_factory=list)
    final: GameState | None = None


def play(state: GameState, ogre: Controller, defense: Controller, max_turns: int = 60,
         max_actions: int = 20000, keep_log: bool = False) -> GameRecord:
    """Run the battle to its end (or `max_turns`), checking every action the players choose."""
    rec = GameRecord()
    ogre_t: dict[int, float] = {}
    def_t: dict[int, float] = {}
    mobile: set[int] = set()
    while not state.over and state.turn <= max_turns and rec.actions < max_actions:
        side_is_ogre = state.phase in OGRE_SIDE_PHASES
        if side_is_ogre and state.ogre.treads > 0:
            mobile.add(state.turn)
        player = ogre if side_is_ogre else defense
        t0 = time.perf_counter()
        action = player.choose(state)
        dt = time.perf_counter() - t0
        bucket = ogre_t if side_is_ogre else def_t
        bucket[state.turn] = bucket.get(state.turn, 0.0) + dt
        try:
            check(state, action)
        except RuleError as exc:
            rec.illegal.append(f"turn {state.turn} {state.phase.value}: {action} ({exc.message})")
            break
        if keep_log:
            rec.log.append(f"{state.turn} {state.phase.value}: {action}")
        state, _ = apply(state, action)
        rec.actions += 1
    rec.result = state.result if state.over else UNFINISHED
    rec.turns = state.turn
    rec.final = state
    rec.ogre_turn_times = [ogre_t[t] for t in sorted(ogre_t)]
    rec.ogre_mobile_times = [ogre_t[t] for t in sorted(ogre_t) if t in mobile]
    rec.defense_turn_times = [def_t[t] for t in sorted(def_t)]
    return rec

"""Play one battle between two controllers, headless (X2): the one loop of the arena, the
tools (soak, fuzz, ceiling, fit_leaf, position, report_screenshot) and the tests (issue 29, 5).

`until` ends it early at a state (a phase reached, a Command Post fallen); `on_step` sees each
action with the states either side and may hand back the state to go on from (the soak's
loaded twin of a saved battle)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..rules.actions import Action
from ..rules.errors import RuleError
from ..rules.events import Event
from ..rules.game import apply, check
from ..rules.sides import ogre_in_play
from ..rules.state import GameState
from ..rules.views import view
from .base import OGRE_SIDE_PHASES
from .protocol import Controller

UNFINISHED = "Unfinished"

# (state before, action, state after, events) -> the state to go on from, None for `after`
OnStep = Callable[[GameState, Action, GameState, list[Event]], GameState | None]


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
         max_actions: int = 20000, keep_log: bool = False,
         until: Callable[[GameState], bool] | None = None,
         on_step: OnStep | None = None,
         clock: Callable[[], float] = time.perf_counter) -> GameRecord:
    """Run the battle to its end (or `max_turns`, `max_actions`, or a state `until` accepts),
    checking every action the players choose; `clock` times their choices."""
    rec = GameRecord()
    ogre_t: dict[int, float] = {}
    def_t: dict[int, float] = {}
    mobile: set[int] = set()
    while (not state.over and state.turn <= max_turns and rec.actions < max_actions
           and not (until is not None and until(state))):
        side_is_ogre = state.phase in OGRE_SIDE_PHASES
        if side_is_ogre and ogre_in_play(state).treads > 0:
            mobile.add(state.turn)
        player = ogre if side_is_ogre else defense
        t0 = clock()
        action = player.choose(view(state, "ogre" if side_is_ogre else "defense"))
        dt = clock() - t0
        bucket = ogre_t if side_is_ogre else def_t
        bucket[state.turn] = bucket.get(state.turn, 0.0) + dt
        try:
            check(state, action)
        except RuleError as exc:
            rec.illegal.append(f"turn {state.turn} {state.phase.value}: {action} ({exc.message})")
            break
        if keep_log:
            rec.log.append(f"{state.turn} {state.phase.value}: {action}")
        after, events = apply(state, action)
        rec.actions += 1
        instead = on_step(state, action, after, events) if on_step is not None else None
        state = after if instead is None else instead
    rec.result = state.result if state.over else UNFINISHED
    rec.turns = state.turn
    rec.final = state
    rec.ogre_turn_times = [ogre_t[t] for t in sorted(ogre_t)]
    rec.ogre_mobile_times = [ogre_t[t] for t in sorted(ogre_t) if t in mobile]
    rec.defense_turn_times = [def_t[t] for t in sorted(def_t)]
    return rec


def play_duel(state: GameState, players: dict[int, Controller], max_turns: int = 60,
              max_actions: int = 20000, keep_log: bool = False,
              clock: Callable[[], float] = time.perf_counter) -> GameRecord:
    """A Duel (9.04) to its end: `players` by Ogre id, each asked in its own Ogre's phases.
    The record's Ogre think times are per Ogre's turn, every Ogre's together."""
    rec = GameRecord()
    times: dict[tuple[int, int], float] = {}
    while not state.over and state.turn <= max_turns and rec.actions < max_actions:
        who = state.duellist
        t0 = clock()
        action = players[who].choose(state)
        times[(state.turn, who)] = times.get((state.turn, who), 0.0) + clock() - t0
        try:
            check(state, action)
        except RuleError as exc:
            rec.illegal.append(f"turn {state.turn} {state.phase.value} O{1 - who}: {action} "
                               f"({exc.message})")
            break
        if keep_log:
            rec.log.append(f"{state.turn} {state.phase.value}: {action}")
        state, _ = apply(state, action)
        rec.actions += 1
    rec.result = state.result if state.over else UNFINISHED
    rec.turns = state.turn
    rec.final = state
    rec.ogre_turn_times = [times[k] for k in sorted(times)]
    return rec

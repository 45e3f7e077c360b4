"""A random legal-action policy that keeps Mark III games short, for the random-play test and
tools/bench_rules.py (which imports this module as tests.rules.random_play).

The policy only ever picks from `legal_actions`; it leans the Ogre towards the Command Post and
the defenders towards the Ogre so battles end in tens of turns, fires as soon as something is
aimed, ends move phases early, and undoes only rarely (or when nothing else is left).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from dataclasses import field as dc_field

from ogre.rules import (
    Aim,
    Clear,
    Done,
    Exit,
    Fire,
    GameState,
    Group,
    Move,
    OgreAim,
    Phase,
    Split,
    Undo,
    apply,
    legal_actions,
    new_game,
)
from ogre.rules.hexes import distance
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.state import OGRE_ID

from .helpers import mark_iii_field

ACTION_CAP = 20_000   # a generous cap: the random-play test asserts no game gets near it


def choose(state: GameState, legal: list, rnd: random.Random):
    """One random legal action."""
    phase = state.phase
    if len(legal) == 1:
        return legal[0]
    if phase is Phase.OGRE_ENTRY:
        return rnd.choice(legal)
    if phase in (Phase.OGRE_FIRE, Phase.DEFENSE_FIRE):
        return _choose_fire(state, legal, rnd)
    return _choose_move(state, legal, rnd)


def _choose_fire(state: GameState, legal: list, rnd: random.Random):
    aims = [a for a in legal if isinstance(a, (Aim, OgreAim))]
    defense = state.phase is Phase.DEFENSE_FIRE
    if state.aim is not None:
        r = rnd.random()
        if r < 0.03:
            return Clear()
        if r < (0.35 if defense else 0.65) or not aims:
            return Fire()
        return rnd.choice(aims)
    if aims and rnd.random() < 0.9:
        if defense and rnd.random() < 0.5:
            # lean on the Ogre's guns: the easiest part to kill that is still there
            weakest = [a for a in aims if a.part.value in ("ap", "secondary", "missile")]
            if weakest:
                return rnd.choice(weakest)
        return rnd.choice(aims)
    return Done()


def _choose_move(state: GameState, legal: list, rnd: random.Random):
    undos, others, can_end = [], [], False
    for a in legal:
        t = type(a)
        if t is Undo:
            undos.append(a)
        elif t is Done:
            can_end = True
        else:
            others.append(a)
    crowded = state.crowded_hex() if state.phase is not Phase.OGRE_MOVE else 0
    if crowded:     # M3 lets any stack go first; this policy resolves the first one (the golden)
        others = [a for a in others if state.piece(a.piece).hex == crowded] or (
            others if not undos else [])
    if not others and not can_end:
        return rnd.choice(undos)
    if undos and rnd.random() < 0.02:
        return rnd.choice(undos)
    if state.phase is Phase.OGRE_MOVE:
        if not others or (can_end and rnd.random() < 0.1):
            return Done()
        if Exit() in others and rnd.random() < 0.05:
            return Exit()
        moves = [a for a in others if isinstance(a, Move)]
        goal = state.command_post or (state.pieces[0] if state.pieces else None)
        if moves and goal is not None and rnd.random() < 0.7:
            best = min(distance(m.to, goal.hex) for m in moves)
            return rnd.choice([m for m in moves if distance(m.to, goal.hex) == best])
        return rnd.choice(others)
    # Defense and GEV movement: move a few pieces, mostly towards the Ogre.
    if not others or (can_end and rnd.random() < 0.12):
        return Done()
    pick = rnd.choice(others)
    ogre_hexes = [o.hex for o in state.ogres if o.hex]
    if isinstance(pick, Move) and ogre_hexes and rnd.random() < 0.6:
        pid = pick.piece
        mine = [(min(distance(m.to, h) for h in ogre_hexes), m) for m in others
                if type(m) is Move and m.piece == pid]
        best = min(d for d, _ in mine)
        pick = rnd.choice([m for d, m in mine if d == best])
    return pick


def choose_chaotic(state: GameState, legal: list, rnd: random.Random):
    """In the defenders' moves any legal action, Undo/Group/Split half the time they are
    offered (stresses M3-M5); elsewhere the usual policy, so battles still end."""
    if state.phase not in (Phase.DEFENSE_MOVE, Phase.GEV_MOVE):
        return choose(state, legal, rnd)
    if rnd.random() < 0.08 and Done() in legal:
        return Done()
    special = [a for a in legal if type(a) in (Undo, Group, Split)]
    if special and rnd.random() < 0.5:
        return rnd.choice(special)
    return rnd.choice(legal)


@dataclass
class GameRecord:
    seed: int
    final: GameState
    actions: list = dc_field(default_factory=list)
    events: list = dc_field(default_factory=list)
    n: int = 0                     # actions played


def damaged_ogre(state: GameState, rnd: random.Random) -> GameState:
    """The same battle against an Ogre already worn down (so the defense can win too)."""
    o = state.ogre
    treads = rnd.randint(1, o.treads // 2)
    weapons = tuple(rnd.randint(0, n) for n in o.weapons)
    return replace(state, ogres=(replace(o, treads=treads, weapons=weapons,
                                       missiles_spent=o.weapons[0] - weapons[0]),))


def play_random_game(seed: int, mark: int = 3, field=None, on_step=None,
                     cap: int = ACTION_CAP, record: bool = False,
                     damaged: bool | None = None, policy=None,
                     options: Options = NO_OPTIONS, scenario: str | None = None) -> GameRecord:
    """Play one whole game from the standard Mark III field by random legal actions.

    Every fourth seed (unless `damaged` says otherwise) starts with a worn-down Ogre.
    on_step(before, action, after, events) is called after every action (the invariant
    checks). The game stops at `cap` actions; callers assert that never happens.
    """
    rnd = random.Random(seed)
    state = new_game(field or mark_iii_field(), mark, seed, scenario, options)
    if damaged if damaged is not None else seed % 4 == 3:
        state = damaged_ogre(state, rnd)
    rec = GameRecord(seed, state)
    n = 0
    while not state.over and n < cap:
        legal = legal_actions(state)
        assert legal, f"seed {seed}: a live battle with no legal action ({state.phase.value})"
        action = (policy or choose)(state, legal, rnd)
        after, events = apply(state, action)
        if on_step is not None:
            on_step(state, action, after, events)
        if record:
            rec.actions.append(action)
            rec.events.append(events)
        state = after
        n += 1
    rec.final = state
    rec.n = n
    return rec


__all__ = ["ACTION_CAP", "choose", "choose_chaotic", "play_random_game", "GameRecord",
           "OGRE_ID"]

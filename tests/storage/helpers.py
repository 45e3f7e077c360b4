"""Helpers for the storage tests: small fields, seeded random games, slot fillers."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ogre.resources import standard_board
from ogre.rules import Aim, Clear, Done, Fire, Move, OgreAim, Undo, apply, legal_actions, new_game
from ogre.rules.field import Field, Placement
from ogre.rules.hexes import distance
from ogre.rules.options import NO_OPTIONS, Options
from ogre.rules.state import OGRE_ID, GameState
from ogre.rules.units import Kind
from ogre.storage import load_predesigned


def small_field(name: str = "Small") -> Field:
    """A Command Post with a few defenders on the standard map."""
    return Field(standard_board(), (
        Placement(Kind.CP, 802), Placement(Kind.INFANTRY, 803, 3), Placement(Kind.INFANTRY, 702, 2),
        Placement(Kind.HEAVY, 605), Placement(Kind.MISSILE, 1005), Placement(Kind.GEV, 810),
        Placement(Kind.HOWITZER, 903)), name)


def field_json(**changes) -> str:
    """A valid field file's text with top-level keys replaced."""
    from ogre.storage.fields import field_to_text
    doc = json.loads(field_to_text(small_field(), "Small", 3))
    doc.update(changes)
    return json.dumps(doc)


def _choose(state: GameState, legal: list, rnd: random.Random):
    """A random policy that keeps games moving: the Ogre heads for the CP, everyone fires."""
    if len(legal) == 1:
        return legal[0]
    aims = [a for a in legal if isinstance(a, (Aim, OgreAim))]
    if state.aim is not None and (not aims or rnd.random() < 0.5):
        return Clear() if rnd.random() < 0.05 and Clear() in legal else Fire()
    if aims and rnd.random() < 0.8:
        return rnd.choice(aims)
    moves = [a for a in legal if isinstance(a, Move)]
    cp = state.command_post
    if moves and rnd.random() < 0.85:
        ogre_moves = [a for a in moves if a.piece == OGRE_ID]
        if ogre_moves and cp is not None and rnd.random() < 0.8:
            return min(ogre_moves, key=lambda a: (distance(a.to, cp.hex), rnd.random()))
        return rnd.choice(moves)
    if Done() in legal:
        return Done()
    others = [a for a in legal if not isinstance(a, Undo)]
    return rnd.choice(others or legal)


def random_game(field: Field, mark: int, seed: int, limit: int = 4000,
                options: Options = NO_OPTIONS):
    """Play a seeded random game (with these optional rules); yields (state, actions so far)
    after every action."""
    rnd = random.Random(seed)
    state = new_game(field, mark, seed, options=options)
    log: list = []
    yield state, tuple(log)
    for _ in range(limit):
        if state.over:
            return
        action = _choose(state, legal_actions(state), rnd)
        state, _ = apply(state, action)
        log.append(action)
        yield state, tuple(log)


def predesigned(n: int) -> Field:
    return load_predesigned()[n].field


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in a folder, by name, for checking that nothing else was touched."""
    return {p.name: p.read_bytes() for p in sorted(Path(folder).iterdir()) if p.is_file()}

"""Invariants every game state must keep, checked after every action of the random games."""

from __future__ import annotations

from ogre.rules import (
    Aim,
    Clear,
    Enter,
    Exit,
    Fire,
    GameState,
    Group,
    Kind,
    Move,
    RuleError,
    Split,
    Undo,
    check,
)
from ogre.rules.invariants import problems


def check_state(s: GameState) -> None:
    """The state alone is sound: every invariant of ogre.rules.invariants (the same check every
    loaded game and every Keep old Ogre edit passes). It includes that the battle can go on:
    mid-phase a piece may stop on a friend, and Undo (always allowed, M3) may bring several back
    onto one hex, but the pieces of a stack can always move apart, so Done comes again."""
    found = problems(s)
    assert not found, found


def _refused(state: GameState, action) -> bool:
    try:
        check(state, action)
    except RuleError:
        return True
    return False


def check_step(before: GameState, action, after: GameState, events) -> None:
    """The transition: the new state is sound and one-shot actions cannot be repeated."""
    check_state(after)
    assert before.over is False
    if after.over:
        return
    # Phase changes only by Done (or Enter, which starts the Ogre's move).
    if after.phase is not before.phase:
        assert type(action).__name__ in ("Done", "Enter"), (action, before.phase, after.phase)
    if isinstance(action, (Enter, Exit, Undo, Fire, Clear, Group, Split)):
        assert _refused(after, action), f"{action} accepted twice"
    elif isinstance(action, Aim):
        p = after.piece(action.piece)
        if p.kind is not Kind.INFANTRY or after.aim.attackers.count(p.id) + p.fired >= p.squads:
            assert _refused(after, action), f"{action} accepted twice"
    elif isinstance(action, Move):
        # A second identical drag is refused, except an Ogre staying to ram/overrun again.
        ogre = after.ogre_unit(action.piece)
        if ogre is None or not after.at(ogre.hex):
            assert _refused(after, action), f"{action} accepted twice"
        if ogre is None and after.piece(action.piece) is not None:
            p = after.piece(action.piece)
            assert p.moved > before.piece(action.piece).moved
    # Treads and weapons never grow back.
    for was, now in zip(before.ogres, after.ogres):
        assert now.id == was.id and now.treads <= was.treads
        assert all(a <= b for a, b in zip(now.weapons, was.weapons))

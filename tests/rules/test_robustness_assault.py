"""The hostile side of Ogre Defending (X15, 9.03): any well-typed action, however odd (the ids of
units waiting, escaped or never there; hex 0 and the escaped units' hex; the Ogre's id where a
unit's belongs), is played or refused with RuleError and leaves the state as it was, and every
position played to keeps the invariants."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ogre.ai.deploy import watched
from ogre.rules import (
    Aim,
    Clear,
    Done,
    Enter,
    Exit,
    Fire,
    Group,
    Move,
    OgreAim,
    Split,
    Undo,
    Weapon,
    apply,
    new_game,
)
from ogre.rules.actions import AimAt
from ogre.rules.hexes import ALL_HEXES
from ogre.rules.invariants import first_problem

from .helpers import mark_iii_field, played_or_refused, refused
from .test_ogre_defending import KEY, _leaning_choice


def _positions():
    """A few states of every phase, aimed and not, from two random battles of Ogre Defending."""
    out = []
    for seed in (1, 2):
        s = new_game(watched(mark_iii_field()), 3, seed, KEY)
        rnd = random.Random(seed)
        seen: dict = {}
        while not s.over and s.turn < 14:
            key = (s.phase, s.turn % 3, s.aim is None)
            if seen.get(key, 0) < 2:
                seen[key] = seen.get(key, 0) + 1
                out.append(s)
            s, _ = apply(s, _leaning_choice(s, rnd))
    return out


POSITIONS = _positions()

ids = st.one_of(st.integers(-3, 30), st.integers(995, 1030))
hexes = st.one_of(st.sampled_from(ALL_HEXES), st.integers(-3, 3), st.integers(-200, 2500))
counts = st.tuples(*[st.integers(-1, 9)] * 4)
parts = st.one_of(st.none(), st.sampled_from(list(Weapon)))
actions = st.one_of(
    st.builds(Move, ids, hexes), st.builds(Enter, hexes, ids), st.builds(Undo, ids),
    st.builds(Group, ids), st.builds(Split, ids), st.builds(Exit, ids),
    st.builds(OgreAim, ids, counts, st.integers(-2, 1), parts),
    st.builds(Aim, ids, st.sampled_from(list(Weapon)), st.integers(-2, 1)),
    st.builds(AimAt, ids, ids), st.just(Clear()), st.just(Fire()), st.just(Done()),
)


def test_x15_the_positions_cover_every_phase_of_ogre_defending():
    assert len({s.phase for s in POSITIONS}) == 6
    assert any(s.aim is not None for s in POSITIONS)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), actions)
def test_x15_any_action_in_ogre_defending_is_played_or_refused_cleanly(state, action):
    after = played_or_refused(state, action)
    assert after is None or first_problem(after) is None, (str(action), first_problem(after))


def test_x15_malformed_actions_in_ogre_defending_are_refused_not_crashes():
    for s in POSITIONS[::3]:
        for a in (AimAt(None, 1), AimAt(1001, "1"), AimAt([1], 2), Move(1001, None),
                  Move("1001", 1121), Exit("1001"), Exit(None), Undo(None), Group(None),
                  Split("a"), OgreAim(1001, "abc"), OgreAim(1001, (1, 0, 0, 0), "O"),
                  Aim(1001, "main"), Enter(None, 1001), 42, None):
            assert refused(s, a).message

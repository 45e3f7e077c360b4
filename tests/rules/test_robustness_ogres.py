"""The hostile side of the battles where Ogres fight Ogres (X15: the Duel, 9.04; the defense's
own Ogre, 9.01): any well-typed action, however odd, is played or refused with RuleError and
leaves the state as it was, and every position played to keeps the invariants."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ogre.resources import standard_board
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
    legal_actions,
    new_game,
)
from ogre.rules.field import Field
from ogre.rules.hexes import ALL_HEXES
from ogre.rules.invariants import first_problem

from .helpers import mark_iii_field, played_or_refused, refused


def _positions():
    """A few states of every phase from random Duels, three-way Duels and 9.01 battles."""
    out = []
    starts = [new_game(Field(standard_board()), 5, 3, "duel"),
              new_game(Field(standard_board()), 3, 4, "three-way-duel"),
              new_game(replace(mark_iii_field(), ogres=(906,)), 5, 5, "mark-iii-on-defense")]
    for n, s in enumerate(starts):
        rnd = random.Random(n)
        seen: dict = {}
        while not s.over and s.turn < 12:
            key = (s.phase, s.turn % 3, s.aim is None)
            if seen.get(key, 0) < 2:
                seen[key] = seen.get(key, 0) + 1
                out.append(s)
            s, _ = apply(s, rnd.choice(legal_actions(s)))
    return out


POSITIONS = _positions()

ids = st.integers(-3, 30)
hexes = st.one_of(st.sampled_from(ALL_HEXES), st.integers(-200, 2500))
counts = st.tuples(*[st.integers(-1, 7)] * 4)
parts = st.one_of(st.none(), st.sampled_from(list(Weapon)))
actions = st.one_of(
    st.builds(Move, ids, hexes), st.builds(Enter, hexes, st.integers(-3, 1)),
    st.builds(Undo, ids), st.builds(Group, ids), st.builds(Split, ids),
    st.builds(Exit, st.integers(-3, 1)), st.builds(OgreAim, ids, counts, st.integers(-3, 1), parts),
    st.builds(Aim, ids, st.sampled_from(list(Weapon)), st.integers(-3, 1)),
    st.just(Clear()), st.just(Fire()), st.just(Done()),
)


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), actions)
def test_x15_any_action_where_ogres_fight_ogres_is_played_or_refused_cleanly(state, action):
    after = played_or_refused(state, action)
    assert after is None or first_problem(after) is None, (str(action), first_problem(after))


def test_x15_malformed_actions_where_ogres_fight_ogres_are_refused_not_crashes():
    for s in POSITIONS[::3]:
        for a in (OgreAim(-1, "abc", 0, Weapon.MAIN), OgreAim(-1, (1, 0, 0, 0), 0, "main"),
                  OgreAim(None, (0, 1, 0, 0), 0, Weapon.MAIN), Enter(None, 0), Enter(101, None),
                  Move(0, None), Move(None, 101), Exit(None), Undo(None), 42, None):
            assert refused(s, a).message

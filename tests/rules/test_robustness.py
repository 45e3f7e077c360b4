"""A refused action changes nothing, and nonsense is refused with RuleError, never a crash
(M1, C5, C6: every refusal happens in `check`)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    Phase,
    RuleError,
    Split,
    Undo,
    Weapon,
)
from ogre.rules.hexes import ALL_HEXES

from .helpers import played_or_refused, refused, scenario
from .random_play import play_random_game


def _positions():
    """States from two random games, a few from every phase, and some hand-made ones."""
    out = []
    for seed in (5, 11):
        seen = {}

        def keep(before, action, after, events, seen=seen):
            key = (after.phase, after.turn % 3)
            if not after.over and seen.get(key, 0) < 2:
                seen[key] = seen.get(key, 0) + 1
                out.append(after)
        play_random_game(seed, on_step=keep)
    out.append(scenario([("infantry", 808, 3), ("heavy", 807)], ogre=808,
                        phase=Phase.DEFENSE_FIRE))
    out.append(scenario([("heavy", 807, 1, {"disabled_turn": 2})], ogre=807,
                        phase=Phase.OGRE_MOVE, rams=1))
    return out


POSITIONS = _positions()

pids = st.integers(-2, 45)
hexes = st.one_of(st.sampled_from(ALL_HEXES), st.integers(-200, 2500))
counts = st.tuples(*[st.integers(-1, 9)] * 4)
actions = st.one_of(
    st.builds(Move, pids, hexes), st.builds(Enter, hexes), st.builds(Undo, pids),
    st.builds(Group, pids), st.builds(Split, pids), st.just(Exit()),
    st.builds(OgreAim, pids, counts), st.builds(Aim, pids, st.sampled_from(list(Weapon))),
    st.just(Clear()), st.just(Fire()), st.just(Done()),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(POSITIONS), actions)
def test_m1_any_action_is_either_played_or_refused_cleanly(state, action):
    played_or_refused(state, action)


def test_m1_pieces_and_hexes_that_do_not_exist_are_refused_with_rule_errors():
    s = scenario([("heavy", 808), ("infantry", 809, 2)], ogre=810, phase=Phase.DEFENSE_MOVE)
    for a in (Move(99, 808), Move(1, 9999), Move(1, 0), Move(1, -808), Move(1, 122),
              Undo(99), Group(99), Split(99), Aim(99, Weapon.MAIN)):
        assert isinstance(refused(s, a), RuleError)
    s = scenario([("heavy", 808)], ogre=810, phase=Phase.OGRE_FIRE)
    for a in (OgreAim(99, (0, 1, 0, 0)), OgreAim(0, (0, 1, 0, 0)), OgreAim(1, (0, -1, 0, 0)),
              OgreAim(1, (0, 1)), OgreAim(1, (0, 0, 0, 0))):
        refused(s, a)
    s = scenario([("heavy", 808)], ogre=0, phase=Phase.OGRE_ENTRY)
    for a in (Enter(0), Enter(9999), Enter(-121), Enter(1522), Move(0, 9999)):
        refused(s, a)


def test_m1_malformed_actions_are_refused_not_crashes():
    for phase in [p for p in Phase if p is not Phase.OVER]:
        s = scenario([("heavy", 808), ("infantry", 809, 2)], ogre=810, phase=phase)
        for a in (OgreAim(1, "abc"), OgreAim(1, (None, 1, 1, 1)), Enter(None), Enter("0121"),
                  Move(0, None), Move(None, 101), Move(1, "0809"), Aim(1, "main"),
                  Aim(None, Weapon.MAIN), Undo(None), Group("a"), Split(None), 42, None):
            err = refused(s, a)
            assert err.message


def test_m1_a_hex_or_weapon_count_that_is_not_a_whole_number_is_refused():
    for phase in (Phase.OGRE_ENTRY, Phase.OGRE_MOVE, Phase.OGRE_FIRE, Phase.DEFENSE_MOVE):
        s = scenario([("heavy", 808), ("infantry", 809, 2)], ogre=810, phase=phase)
        for a in (Enter(822.0), Move(0, 811.0), Move(1, 807.0), OgreAim(1, (0, 0.5, 0, 0)),
                  OgreAim(1, (1.0, 0, 0, 0))):
            assert refused(s, a).message

"""U1-U3: unit statistics, the two Ogres, and the Ogre's move value."""

from __future__ import annotations

import pytest

from ogre.rules import Kind, Ogre, OgreAim, Phase, Piece, Weapon, check
from ogre.rules.units import MARKS, STATS, WEAPON_STATS, attack_points, ogre_move_value

from .helpers import EMPTY, events_of, message, play, scenario, seed_for

# ---------------------------------------------------------------- U1

@pytest.mark.parametrize("kind, attack, rng, defense, move, second, cost", [
    (Kind.HEAVY, 4, 2, 3, 3, 0, 1),
    (Kind.MISSILE, 3, 4, 2, 2, 0, 1),
    (Kind.HOWITZER, 6, 8, 1, 0, 0, 2),
    (Kind.GEV, 2, 2, 2, 4, 3, 1),
    (Kind.CP, 0, 0, 0, 0, 0, 0),
])
def test_u1_armor_and_cp_stats(kind, attack, rng, defense, move, second, cost):
    st = STATS[kind]
    assert (st.attack, st.range, st.defense, st.move, st.second_move, st.armor_cost) == \
        (attack, rng, defense, move, second, cost)
    p = Piece(1, kind, 808)
    assert (p.attack, p.range, p.defense) == (attack, rng, defense)


def test_u1_infantry_attack_and_defense_equal_squads():
    for n in (1, 2, 3):
        p = Piece(1, Kind.INFANTRY, 808, n)
        assert (p.attack, p.defense, p.range) == (n, n, 1)
        assert attack_points(Kind.INFANTRY, n) == n
        assert p.name == f"Infantry ({n})"
    assert STATS[Kind.INFANTRY].move == 2 and STATS[Kind.INFANTRY].armor_cost == 0


def test_u1_any_ogre_attack_destroys_the_command_post():
    # One antipersonnel gun (attack 1) on the CP (defense 0) on the worst die there is.
    s = scenario([("cp", 801), ("heavy", 1001)], ogre=802, phase=Phase.OGRE_FIRE,
                 seed=seed_for(1))
    assert check(s, OgreAim(1, (0, 0, 0, 1))).kind == "aim"
    s, ev = play(s, OgreAim(1, (0, 0, 0, 1)), "fire")
    assert s.command_post is None
    assert ev[0].odds == "5-1" and ev[0].die == 1 and ev[0].result == "destroyed"


def test_u1_a_ram_destroys_the_command_post_at_no_tread_cost():
    s = scenario([("cp", 801), ("heavy", 1001)], ogre=802, phase=Phase.OGRE_MOVE)
    s, ev = play(s, "move O 0801")
    assert s.command_post is None and s.ogre.treads == 45 and s.ogre.rams == 1
    assert events_of(ev, "ram")[0].treads_lost == 0


# ---------------------------------------------------------------- U2

def test_u2_mark_iii_and_mark_v():
    assert MARKS[3].weapons == (2, 1, 4, 8) and MARKS[3].treads == 45
    assert MARKS[5].weapons == (6, 2, 6, 12) and MARKS[5].treads == 60
    o = Ogre.fresh(3)
    assert (o.weapons, o.treads, o.move_value, o.hex) == ((2, 1, 4, 8), 45, 3, 0)
    o = Ogre.fresh(5)
    assert (o.weapons, o.treads, o.move_value) == ((6, 2, 6, 12), 60, 3)


@pytest.mark.parametrize("weapon, attack, rng, defense", [
    (Weapon.MISSILE, 6, 5, 3), (Weapon.MAIN, 4, 3, 4), (Weapon.SECONDARY, 3, 2, 3),
    (Weapon.AP, 1, 1, 1), (Weapon.TREADS, 0, 0, 1),
])
def test_u2_ogre_weapon_stats(weapon, attack, rng, defense):
    w = WEAPON_STATS[weapon]
    assert (w.attack, w.range, w.defense) == (attack, rng, defense)


# ---------------------------------------------------------------- U3

@pytest.mark.parametrize("mark, treads, move", [
    (3, 45, 3), (3, 31, 3), (3, 30, 2), (3, 16, 2), (3, 15, 1), (3, 1, 1), (3, 0, 0),
    (5, 60, 3), (5, 41, 3), (5, 40, 2), (5, 21, 2), (5, 20, 1), (5, 1, 1), (5, 0, 0),
])
def test_u3_move_value_thresholds(mark, treads, move):
    assert ogre_move_value(treads, MARKS[mark].treads) == move
    o = Ogre(mark=mark, treads=treads, weapons=MARKS[mark].weapons)
    assert o.move_value == move


def test_u3_ogre_with_no_treads_cannot_move_but_can_fire():
    s = scenario([("heavy", 810)], ogre=808, phase=Phase.OGRE_MOVE, treads=0)
    assert message(s, "move O 0809") == "NO TREADS LEFT!"
    s, _ = play(s, "done", "target 1 main=1", "fire")
    assert s.ogre.fired == (0, 1, 0, 0)


def test_u3_a_ram_that_drops_the_move_value_limits_the_rest_of_the_move():
    # Pocket 5.03.2's example: a Mark V with 41 treads rams a missile tank as its first hex:
    # 40 treads, move 2, so one more hex this turn.
    s = scenario([("missile", 809), ("cp", 101)], ogre=810, phase=Phase.OGRE_MOVE, mark=5,
                 treads=41, seed=seed_for(6), board=EMPTY)
    s, ev = play(s, "move O 0809")
    assert s.piece(1) is None and s.ogre.treads == 40
    assert (s.ogre.move_value, s.ogre.moved, s.ogre.moves_left) == (2, 1, 1)
    s, _ = play(s, "move O 0808")
    assert message(s, "move O 0807") == "THIS UNIT HAS MOVED"


def test_u3_a_ram_that_drops_the_move_value_can_end_the_move():
    # Mark III, 31 treads, one hex moved, rams a heavy tank: 29 treads, move 2, 2 spent.
    s = scenario([("heavy", 809), ("cp", 101)], ogre=811, phase=Phase.OGRE_MOVE, treads=31,
                 seed=seed_for(6), board=EMPTY)
    s, _ = play(s, "move O 0810", "move O 0809")
    assert s.ogre.treads == 29 and s.ogre.move_value == 2 and s.ogre.moves_left == 0
    assert message(s, "move O 0808") == "THIS UNIT HAS MOVED"

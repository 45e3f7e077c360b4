"""Ogres ramming Ogres, by the pocket edition's sections (5.03.4, 5.03.5): what each Ogre loses,
how many dice, where the rammer stops and what is left of its turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.rules.dice import rolls_between, seed_state
from ogre.rules.rams import may_ram_ogre, ram_cost, ram_dice, ram_ogre
from ogre.rules.state import Ogre
from ogre.rules.units import ogre_id


def _ogre(mark: int, n: int, hex: int, **changes) -> Ogre:
    return replace(Ogre.fresh(mark, id=ogre_id(n)), hex=hex, **changes)


@pytest.mark.parametrize("rammer, rammed, cost", [(3, 5, 5), (5, 3, 3), (3, 3, 3), (5, 5, 3)])
def test_5_03_4_the_rammer_loses_five_treads_against_a_larger_ogre_else_three(rammer, rammed,
                                                                              cost):
    a, b = _ogre(rammer, 1, 1010), _ogre(rammed, 2, 1011)
    assert ram_cost(a, b) == cost
    assert ram_ogre(a, b, seed_state(3)).rammer.treads == a.treads - cost


@pytest.mark.parametrize("mark, dice", [(3, 2), (5, 4)])
def test_5_03_4_the_rammed_ogre_loses_the_total_of_two_dice_for_a_mark_iii_four_for_a_v(mark,
                                                                                        dice):
    a, b = _ogre(mark, 1, 1010), _ogre(5, 2, 1011)
    rng = seed_state(11)
    done = ram_ogre(a, b, rng)
    assert ram_dice(a) == dice and len(done.faces) == dice
    assert list(done.faces) == rolls_between(rng, done.rng)         # the battle's own dice
    assert done.rammed.treads == b.treads - sum(done.faces) == b.treads - done.treads_lost


def test_5_03_4_only_treads_are_lost_and_never_below_none():
    a, b = _ogre(5, 1, 1010, treads=2), _ogre(3, 2, 1011, treads=3)
    done = ram_ogre(a, b, seed_state(5))
    assert done.rammer.treads == 0 and done.rammed.treads == 0
    assert done.rammer.weapons == a.weapons and done.rammed.weapons == b.weapons


def test_5_03_4_the_rammer_stays_in_its_hex_and_its_move_ends():
    a, b = _ogre(3, 1, 1010, moved=1), _ogre(5, 2, 1011)
    done = ram_ogre(a, b, seed_state(7))
    assert done.rammer.hex == 1010 and done.rammed.hex == 1011
    assert done.rammer.moves_left == 0
    assert (done.rammer.undo_hex, done.rammer.undo_moved) == (1010, done.rammer.moved)   # M4


def test_5_03_5_twice_a_turn_or_one_enemy_ogre():
    fresh = _ogre(5, 1, 1010)
    assert may_ram_ogre(fresh)
    assert may_ram_ogre(replace(fresh, rams=1))               # one tank rammed: an Ogre still
    assert not may_ram_ogre(replace(fresh, rams=2))           # two rams this turn
    after = ram_ogre(fresh, _ogre(3, 2, 1011), seed_state(2)).rammer
    assert not may_ram_ogre(replace(after, moved=0))          # one Ogre rammed: no more rams
    assert not may_ram_ogre(replace(fresh, hex=0))            # off the map
    assert not may_ram_ogre(replace(fresh, moved=3))          # no move left

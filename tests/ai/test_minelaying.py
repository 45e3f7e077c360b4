"""The computer defense and its mines (X16, 8.03): where it lays them, and that its own units
never roll for one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.ai.match import play
from ogre.ai.minelaying import FURTHEST, NEAREST, with_mines
from ogre.ai.protocol import make_controller
from ogre.rules import new_game
from ogre.rules.hexes import distance
from ogre.rules.options import Options
from ogre.rules.units import CP, is_ogre_id
from ogre.storage.fields import load_predesigned


def _umbrella():
    return next(r.field for r in load_predesigned() if r.name == "Howitzer Umbrella")


def test_x16_8_03_the_computer_lays_its_mines_on_open_hexes_far_out_from_the_cp():
    field = _umbrella()
    laid = with_mines(field, 10, 1).mines
    cp = next(p.hex for p in field.placements if p.kind is CP)
    assert len(laid) == len(set(laid)) == 10
    assert not set(laid) & (field.board.craters | {p.hex for p in field.placements})
    assert all(NEAREST <= distance(h, cp) <= FURTHEST for h in laid)
    assert with_mines(field, 10, 1).mines == laid              # the same seed, the same field
    assert with_mines(field, 10, 2).mines != laid              # another battle, another field


def test_x16_8_03_a_field_s_own_mines_are_kept_and_the_rest_laid():
    field = replace(_umbrella(), mines=(1212,))
    laid = with_mines(field, 5, 1).mines
    assert laid[0] == 1212 and len(laid) == 5
    assert with_mines(field, 1, 1) is field


@pytest.mark.parametrize("skill", ["Med", "Hi"])
def test_x16_8_03_the_computer_defense_never_rolls_for_its_own_mines(skill):
    rolled = []
    for seed in (1, 2, 3):
        s = new_game(with_mines(_umbrella(), 10, seed), 3, seed,
                     options=Options(mines=10, camouflage=True))
        play(s, make_controller("ogre", "Hi", seed), make_controller("defense", skill, seed),
             on_step=lambda b, a, after, ev: rolled.extend(
                 e.piece for e in ev if e.kind == "mine"))
    assert rolled and all(is_ogre_id(pid) for pid in rolled)

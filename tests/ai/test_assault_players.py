"""The computer on both sides of Ogre Defending (X15, 9.03): whole battles at every level with
nothing refused, the same seeds giving the same battle, and the behaviour each level is meant
to have: the CP shot first, the force gone by the bottom row once it fell, the Hi force waiting
short of the CP out of reach, the defense's Ogre ramming."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ogre.ai.assault_players import ForcePlayer, GuardPlayer, make_assault_player
from ogre.ai.deploy import watched
from ogre.ai.match import UNFINISHED, play
from ogre.rules import Phase, apply, check, new_game
from ogre.rules.actions import AimAt, Exit, Fire, Move
from ogre.rules.hexes import DISTANCE
from ogre.rules.options import Options
from tests.rules.helpers import mark_iii_field
from tests.rules.test_ogre_defending import CP_FAR, defending

ROOT = Path(__file__).resolve().parents[2]
KEY = "ogre-defending"


@pytest.mark.parametrize("attack, defense", [("Low", "Hi"), ("Med", "Med"), ("Hi", "Low")])
def test_x15_both_sides_play_whole_battles_with_nothing_refused(attack, defense):
    for seed in range(3):
        s = new_game(watched(mark_iii_field()), 3, seed, KEY)
        rec = play(s, make_assault_player("ogre", attack, seed),
                   make_assault_player("defense", defense, seed), max_turns=100)
        assert rec.illegal == [] and rec.result != UNFINISHED


def test_x15_the_same_seeds_give_the_same_battle():
    def one():
        s = new_game(watched(mark_iii_field()), 3, 5, KEY)
        return play(s, ForcePlayer("Hi", 5), GuardPlayer("Hi", 5), keep_log=True).log
    assert one() == one()


def test_x15_the_force_fires_on_the_command_post_before_anything_else():
    s = defending([("cp", 505), ("heavy", 507)], [("heavy", 506), ("gev", 508)], dog=1515,
                  phase=Phase.OGRE_FIRE)
    for level in ("Med", "Hi"):
        first = ForcePlayer(level, 1).choose(s)
        assert isinstance(first, AimAt) and first.target == 1
    check(s, ForcePlayer("Low", 1).choose(s))          # Low picks any target in reach
    aimed, _ = apply(s, ForcePlayer("Hi").choose(s))
    assert ForcePlayer("Hi").choose(aimed) == Fire()


def test_x15_once_the_cp_fell_the_force_leaves_by_the_bottom_row():
    s = defending([("heavy", 505)], [("gev", 1121), ("heavy", 1010)], dog=301)
    for level in ("Low", "Med", "Hi"):
        assert ForcePlayer(level).choose(s) == Exit(1001)
    gone, _ = apply(s, Exit(1001))
    a = ForcePlayer("Med").choose(gone)
    assert isinstance(a, Move) and a.to % 100 > 10        # the heavy tank heads south


def test_x15_hi_waits_short_of_the_cp_where_med_goes_straight_in():
    # a Mark III four hexes in front of the CP: both tanks come on, Hi's further from the Ogre
    s = defending([("cp", 801)], [("heavy", 813)], dog=805)
    med, hi = ForcePlayer("Med").choose(s), ForcePlayer("Hi").choose(s)
    assert isinstance(med, Move) and isinstance(hi, Move)
    assert DISTANCE[hi.to][801] < DISTANCE[813][801]
    assert DISTANCE[hi.to][805] > DISTANCE[med.to][805]


def test_x15_the_defenses_ogre_rams_attacking_armor_in_reach():
    s = defending([CP_FAR], [("missile", 1010)], dog=1012, phase=Phase.DEFENSE_MOVE)
    for level in ("Med", "Hi"):
        assert GuardPlayer(level).choose(s) == Move(0, 1010)


def test_x15_the_arena_plays_ogre_defending():
    run = subprocess.run([sys.executable, "-m", "tools.arena", "--scenario", KEY, "--ogre", "Hi",
                          "--defense", "Med", "--games", "4", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Ogre Hi vs defense Med: 4 games" in run.stdout and "ILLEGAL" not in run.stdout
    assert "Attack Victory" in run.stdout


def test_x15_8_02_a_command_crawler_keeps_away_from_the_attackers():
    s = defending([("cp", 808)], [("infantry", 811, 3)], dog=812, phase=Phase.DEFENSE_MOVE,
                  options=Options(command_crawler=True))
    for level in ("Low", "Med", "Hi"):
        a = GuardPlayer(level).choose(s)
        assert isinstance(a, Move) and a.piece == 1 and DISTANCE[a.to][811] > DISTANCE[808][811]

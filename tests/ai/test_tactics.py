"""Tactical cases with a known right answer (G2, G3, X1)."""

from __future__ import annotations

import pytest

from ogre.ai import make_controller
from ogre.ai.analysis import ogre_approach, steps_to_fire
from ogre.ai.defense_player import DefensePlayer
from ogre.rules import Aim, Done, Exit, Fire, Move, OgreAim, Phase, check
from ogre.rules.hexes import BOTTOM_ROW, distance
from ogre.rules.state import OGRE_ID

from .helpers import run_phase, scenario

SMART = ("Med", "Hi")
ALL = ("Low", "Med", "Hi")


@pytest.mark.parametrize("level", ALL)
def test_missile_in_range_of_an_unprotected_howitzer_is_fired_at_it(level):
    # The howitzer is 5 hexes away: only a missile reaches it, and a missile kills it outright.
    s = scenario([("cp", 101), ("howitzer", 1010)], ogre=1015, phase=Phase.OGRE_FIRE)
    assert distance(1015, 1010) == 5
    action = make_controller("ogre", level).choose(s)
    assert isinstance(action, OgreAim) and action.target == 2 and action.weapons[0] >= 1
    s2, chosen = run_phase(s, make_controller("ogre", level))
    assert s2.piece(2) is None                      # 6 against 1: automatic kill
    assert chosen[-1] == Done()


def test_smart_ogre_keeps_its_last_missile_for_better_than_an_infantry_squad():
    s = scenario([("cp", 101), ("infantry", 1011, 1)], ogre=1015, phase=Phase.OGRE_FIRE,
                 weapons=(1, 1, 4, 8))
    assert distance(1015, 1011) == 4
    assert make_controller("ogre", "Med").choose(s) == Done()


@pytest.mark.parametrize("level", SMART)
def test_disabled_unit_under_the_ogre_is_rammed_again_when_treads_allow(level):
    # The Ogre rammed the heavy tank this turn and it survived, disabled: one more move point
    # destroys it for sure, rather than leaving it to recover under the Ogre's guns.
    s = scenario([("cp", 105), ("heavy", 1015, 1, {"disabled_turn": 3}), ("gev", 1213),
                  ("missile", 813)], ogre=1015, phase=Phase.OGRE_MOVE, moved=1, rams=1,
                 treads=40, weapons=(0, 1, 2, 8))
    action = make_controller("ogre", level).choose(s)
    assert action == Move(OGRE_ID, 1015)
    assert check(s, action).kind == "ram"


@pytest.mark.parametrize("level", SMART)
def test_no_second_ram_without_the_treads_for_it(level):
    s = scenario([("cp", 105), ("heavy", 1015, 1, {"disabled_turn": 3})], ogre=1015,
                 phase=Phase.OGRE_MOVE, moved=1, rams=1, treads=1, weapons=(0, 1, 2, 8))
    assert make_controller("ogre", level).choose(s) != Move(OGRE_ID, 1015)


@pytest.mark.parametrize("level", SMART)
def test_ogre_leaves_by_the_bottom_row_once_the_command_post_is_gone_and_it_is_threatened(level):
    threats = [("heavy", 818), ("heavy", 1019), ("missile", 617), ("infantry", 720, 3)]
    s = scenario(threats, ogre=822, phase=Phase.OGRE_MOVE)
    assert 822 in BOTTOM_ROW
    assert make_controller("ogre", level).choose(s) == Exit()
    # Two rows up, it makes for the edge and leaves in the same turn.
    s = scenario([("heavy", 816), ("heavy", 1017), ("missile", 615), ("infantry", 718, 3)],
                 ogre=820, phase=Phase.OGRE_MOVE)
    end, chosen = run_phase(s, make_controller("ogre", level))
    assert chosen[-1] == Exit()
    assert end.over and end.result == "Ogre Victory"


@pytest.mark.parametrize("level", SMART)
def test_ogre_with_the_command_post_alive_never_leaves(level):
    s = scenario([("cp", 801), ("heavy", 818), ("heavy", 1019)], ogre=822, phase=Phase.OGRE_MOVE)
    end, chosen = run_phase(s, make_controller("ogre", level))
    assert Exit() not in chosen


@pytest.mark.parametrize("level", ALL)
def test_ogre_in_range_of_the_command_post_destroys_it(level):
    s = scenario([("cp", 1012), ("heavy", 1013), ("heavy", 912)], ogre=1015,
                 phase=Phase.OGRE_FIRE)
    end, _ = run_phase(s, make_controller("ogre", level))
    assert end.command_post is None


@pytest.mark.parametrize("level", SMART)
def test_lone_gev_fires_then_retreats_beyond_the_ogres_reach(level):
    # The Ogre (treads 25: 2 hexes a turn; secondaries at range 2 its longest weapon) can hit
    # hexes within 4 next turn. The GEV fires from 2 hexes, then moves 3 away.
    s = scenario([("cp", 101), ("gev", 1017)], ogre=1019, phase=Phase.DEFENSE_FIRE, treads=25,
                 weapons=(0, 0, 4, 8))
    defense = make_controller("defense", level)
    s2, fired = run_phase(s, defense)
    assert isinstance(fired[0], Aim) and fired[0].piece == 2 and Fire() in fired
    assert s2.phase is Phase.GEV_MOVE
    s3, moved = run_phase(s2, defense)
    gev = s3.piece(2)
    assert any(isinstance(a, Move) for a in moved)
    reach = ogre_approach(s3.board, s3.ogre.hex, s3.ogre.move_value)
    assert reach[gev.hex] > 2, "still within the Ogre's secondary battery after its move"


@pytest.mark.parametrize("level", ALL)
def test_two_defenders_in_one_hex_are_sorted_out_before_done(level):
    # Two single squads stopped in one hex: the defence must group them or move one first.
    s = scenario([("cp", 101), ("infantry", 505, 1), ("infantry", 505, 1), ("heavy", 707),
                  ("heavy", 606)], ogre=1015, phase=Phase.DEFENSE_MOVE)
    assert s.crowded_hex() == 505
    end, chosen = run_phase(s, make_controller("defense", level))
    assert chosen[-1] == Done()
    assert end.phase is Phase.DEFENSE_FIRE and not any(
        len(end.at(h)) > 1 for h in {p.hex for p in end.pieces})


@pytest.mark.parametrize("level", ALL)
def test_defense_fires_everything_in_range(level):
    s = scenario([("cp", 101), ("heavy", 1013), ("heavy", 1113), ("infantry", 1014, 3),
                  ("missile", 1011), ("howitzer", 1008)], ogre=1015, phase=Phase.DEFENSE_FIRE)
    end, chosen = run_phase(s, make_controller("defense", level))
    assert chosen[-1] == Done()
    assert all(p.fired for p in end.pieces if p.kind.value != "cp")   # everything fired


def test_ogre_entry_is_on_the_bottom_row():
    s = scenario([("cp", 801)], ogre=0, phase=Phase.OGRE_ENTRY)
    for level in ALL:
        action = make_controller("ogre", level).choose(s)
        assert action.to in BOTTOM_ROW and check(s, action).kind == "enter"


def test_low_ogre_charges_and_crushes_what_is_in_its_way():
    # A howitzer stands on the straight road to the Command Post: Low rams it.
    s = scenario([("cp", 1005), ("howitzer", 1012)], ogre=1013, phase=Phase.OGRE_MOVE)
    end, chosen = run_phase(s, make_controller("ogre", "Low"))
    assert Move(OGRE_ID, 1012) in chosen and end.piece(2) is None


@pytest.mark.parametrize("level", ALL)
def test_a_unit_behind_rubble_walks_round_to_finish_a_crippled_ogre(level):
    """Soak game 1157 (seed 11) stalled 150 turns: the Low defence's missile tank stepped
    straight at the Ogre, and rubble held it six hexes off. It must go round."""
    s = scenario([("howitzer", 1102), ("missile", 1107)], ogre=1113, phase=Phase.DEFENSE_MOVE,
                 treads=0, weapons=(0, 0, 0, 1), missiles_spent=2)
    assert distance(1107, 1113) == 6
    ogre, defense = make_controller("ogre", "Med"), make_controller("defense", level)
    for _ in range(60):
        if s.over:
            break
        s, _ = run_phase(s, ogre if s.phase.value.startswith("ogre") else defense)
    assert s.over and s.turn <= 8


@pytest.mark.parametrize("treads, walk_penalty", [(45, 0.6), (0, 0.0)])
def test_med_defence_judges_waiting_hexes_in_hexes_unless_the_ogre_is_stopped(treads, walk_penalty):
    """G3: Med measures the way to a firing hex as the crow flies (Hi counts the steps round
    rubble), but against an Ogre with no treads it walks round too, or it would wait forever."""
    s = scenario([("howitzer", 1102), ("missile", 1107)], ogre=1113, phase=Phase.DEFENSE_MOVE,
                 treads=treads)
    tank, nxt = s.piece(2), (1113,)
    # Rubble: four steps to a hex in range, though the straight line needs only two.
    assert steps_to_fire(s.board, tank.kind, 1107, nxt) == 4 and distance(1107, 1113) - 4 == 2
    approach = ogre_approach(s.board, s.ogre.hex, s.ogre.move_value)

    def value(**options):
        return DefensePlayer("Med", **options).score(s, tank, 1107, False, approach, nxt, None)

    assert value(walk_round=True) == pytest.approx(value() - walk_penalty)


@pytest.mark.parametrize("level", ALL)
def test_recovered_armor_under_the_ogre_moves_off_in_the_defence_move(level):
    """Pocket rules 6.14.1: armor that recovered under the Ogre must leave its hex; every
    level's movement plan takes it off, and the phase ends."""
    s = scenario([("cp", 105), ("heavy", 1015), ("gev", 1310)], ogre=1015, phase=Phase.DEFENSE_MOVE)
    s2, chosen = run_phase(s, make_controller("defense", level))
    assert s2.phase is Phase.DEFENSE_FIRE and chosen[-1] == Done()
    assert s2.piece(2).hex != 1015

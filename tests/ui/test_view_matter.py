"""B4 (issue 13, part 2): which pieces matter at the start of each phase - ogre.ui.drawing.framing's
pure ranking, nearest the Ogre first, that the map view frames."""

from __future__ import annotations

from dataclasses import replace

from test_battle_setup import CP, GEV, HEAVY, HOWITZER, INF, MISSILE, P, battle_state

from ogre.rules.state import Phase
from ogre.ui.drawing.framing import hexes_that_matter

# around the Ogre at 0812: (kind, hex, distance from 0812)
FIELD = [P(CP, 807),          # 5 away
         P(HEAVY, 809),       # 3: move 3 + range 2
         P(GEV, 806),         # 6: move 4 + 2, second move 3 + 2
         P(MISSILE, 820),     # 8: move 2 + range 4 = 6, too far
         P(HOWITZER, 804),    # 8: cannot move, range 8
         P(INF, 813, 3)]      # 1


def matter(phase: Phase, **ogre) -> list[int]:
    return hexes_that_matter(battle_state(FIELD, phase, 812, **ogre))


def test_b4_defence_moves_matter_by_move_plus_range():
    # the Command Post cannot fire; the missile tank cannot reach 8
    assert matter(Phase.DEFENSE_MOVE) == [812, 813, 809, 806, 804]


def test_b4_defence_fire_matters_by_range_alone():
    assert matter(Phase.DEFENSE_FIRE) == [812, 813, 804]


def test_b4_gev_move_matters_by_the_gevs_second_move():
    assert matter(Phase.GEV_MOVE) == [812, 813, 804]     # the GEV's 3 + 2 fall short of 6
    s = battle_state(FIELD, Phase.GEV_MOVE, 812)
    s = s.replace_piece(replace(s.piece(3), hex=807), 3)   # five away: within 3 + 2
    assert hexes_that_matter(s) == [812, 813, 807, 804]


def test_b4_a_disabled_defender_does_not_matter_to_its_side():
    s = battle_state(FIELD, Phase.DEFENSE_MOVE, 812)
    s = s.replace_piece(replace(s.piece(2), disabled_turn=1), 2)
    assert 809 not in hexes_that_matter(s)


def test_b4_the_ogres_targets_are_within_its_move_and_longest_live_weapon():
    # Mark III: move 3 + missiles 5 = 8 reaches everything, the Command Post too
    assert matter(Phase.OGRE_MOVE) == [812, 813, 809, 807, 806, 804, 820]
    assert matter(Phase.OGRE_FIRE) == [812, 813, 809, 807]         # the missiles' 5
    # missiles gone: the main battery's 3
    assert matter(Phase.OGRE_FIRE, weapons=(0, 1, 4, 8)) == [812, 813, 809]
    # treads gone too: it cannot move, only the main battery reaches
    assert matter(Phase.OGRE_MOVE, weapons=(0, 1, 4, 8), treads=0) == [812, 813, 809]


def test_b4_nothing_matters_before_the_ogre_enters():
    assert hexes_that_matter(battle_state(FIELD, Phase.OGRE_ENTRY)) == []

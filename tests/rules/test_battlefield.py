"""B1-B3: the standard battlefield, craters and rubble."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ogre.resources import data_dir, standard_board
from ogre.rules import Aim, Move, Phase, Weapon, check
from ogre.rules.board import behind_crater_line, edge_craters, in_clear_area, side
from ogre.rules.hexes import (
    ALL_HEXES,
    BOTTOM_ROW,
    distance,
    label,
    neighbours,
    on_map,
    parse,
    within,
)

from .helpers import EMPTY, message, play, scenario

SHARED_MAP = Path(__file__).resolve().parents[3] / "shared" / "data" / "standard-map.json"


# ---------------------------------------------------------------- B1

def test_b1_standard_map_file_equals_the_shared_data():
    if not SHARED_MAP.exists():
        pytest.skip("../shared is not beside this checkout")
    ours = json.loads((data_dir("fields") / "standard-map.json").read_text())
    theirs = json.loads(SHARED_MAP.read_text())
    assert ours == theirs


def test_b1_grid_is_15_columns_odd_21_even_22_rows():
    assert len(ALL_HEXES) == 8 * 21 + 7 * 22 == 322
    assert on_map(101) and on_map(1521) and on_map(1422) and on_map(222)
    assert not on_map(122) and not on_map(1522) and not on_map(1601) and not on_map(100)
    assert min(ALL_HEXES) == 101 and max(ALL_HEXES) == 1521
    assert label(107) == "0107" and parse("1507") == 1507
    with pytest.raises(ValueError):
        parse("0122")
    with pytest.raises(ValueError):
        parse("107")


def test_b1_bottom_row_is_21_in_odd_columns_22_in_even():
    assert BOTTOM_ROW == frozenset({121, 222, 321, 422, 521, 622, 721, 822, 921, 1022, 1121,
                                    1222, 1321, 1422, 1521})


def test_b1_quick_checks_from_the_data_readme():
    b = standard_board()
    assert len(b.craters) == 17 and len(b.rubble) == 63
    assert edge_craters(b) == [107, 1507]           # the crater line's two ends
    assert {611, 711} <= b.craters and 711 in neighbours(611)
    assert {1303, 1403} <= b.craters and 1403 in neighbours(1303)
    for a, c in b.rubble:
        assert c in neighbours(a), (a, c)
    assert distance(101, 201) == 1
    assert distance(101, 1521) == 27


def test_b1_neighbours_follow_the_odd_even_column_rule():
    # odd column: N, NE (c+1,r), SE (c+1,r+1), S, SW (c-1,r+1), NW (c-1,r)
    assert set(neighbours(505)) == {504, 605, 606, 506, 406, 405}
    # even column: N, NE (c+1,r-1), SE (c+1,r), S, SW (c-1,r), NW (c-1,r-1)
    assert set(neighbours(605)) == {604, 704, 705, 606, 505, 504}
    assert set(neighbours(101)) == {201, 202, 102}           # corner
    for h in ALL_HEXES:
        assert all(distance(h, n) == 1 for n in neighbours(h))
        assert h in neighbours(neighbours(h)[0])
    assert len(within(808, 3)) == 37


def test_b1_areas_and_crater_line():
    b = standard_board()
    assert all(h % 100 <= 16 for h in b.craters)
    assert all(a % 100 <= 16 and c % 100 <= 16 for a, c in b.rubble)
    assert in_clear_area(817) and not in_clear_area(816)
    assert behind_crater_line(807) and not behind_crater_line(808)


# ---------------------------------------------------------------- B2 craters

def test_b2_no_defender_may_move_onto_a_crater():
    s = scenario([("heavy", 1009)], ogre=820, phase=Phase.DEFENSE_MOVE)
    assert message(s, "move 1 0907") == "CAN'T MOVE ONTO A CRATER"


def test_b2_the_ogre_may_not_move_onto_a_crater():
    s = scenario([("cp", 801)], ogre=1008, phase=Phase.OGRE_MOVE)
    assert message(s, "move O 0907") == "CAN'T MOVE ONTO A CRATER"


def test_b2_nothing_moves_over_a_crater():
    # An empty field with a crater at 0808: the only two-step way from 0807 to 0809 is over it.
    board = EMPTY.with_crater(808, True)
    s = scenario([("heavy", 807)], ogre=1520, phase=Phase.DEFENSE_MOVE,
                 board=board)
    assert distance(807, 809) == 2
    assert check(s, Move(1, 809)).cost == 3          # round the crater
    s = scenario([("missile", 807)], ogre=1520, phase=Phase.DEFENSE_MOVE, board=board)
    assert message(s, "move 1 0809") == "NO CLEAR PATH"
    s = scenario([("infantry", 807, 3)], ogre=1520, phase=Phase.DEFENSE_MOVE, board=board)
    assert message(s, "move 1 0809") == "NO CLEAR PATH"
    s = scenario([("cp", 101)], ogre=807, phase=Phase.OGRE_MOVE, board=board, moved=1)
    assert message(s, "move O 0809") == "NO CLEAR PATH"


def test_b2_fire_passes_over_craters():
    # 0907 (a crater) lies between a heavy tank at 0906 and the Ogre at 0908.
    s = scenario([("heavy", 906)], ogre=908, phase=Phase.DEFENSE_FIRE)
    assert 907 in standard_board().craters and distance(906, 908) == 2
    s, _ = play(s, "aim 1 main")
    assert s.aim.attackers == (1,)


# ---------------------------------------------------------------- B3 rubble

def test_b3_rubble_blocks_armor_not_infantry():
    assert side(908, 808) in standard_board().rubble
    s = scenario([("heavy", 808), ("infantry", 706, 1)], ogre=1520, phase=Phase.DEFENSE_MOVE)
    assert check(s, Move(1, 908)).cost == 2          # round by 0809, never across the ridge
    s = scenario([("heavy", 808, 1, {"moved": 2})], ogre=1520, phase=Phase.DEFENSE_MOVE)
    assert message(s, "move 1 0908") == "NO CLEAR PATH"
    s = scenario([("infantry", 808, 2, {"moved": 1})], ogre=1520, phase=Phase.DEFENSE_MOVE)
    assert check(s, Move(1, 908)).cost == 1
    s, _ = play(s, "move 1 0908")
    assert s.piece(1).hex == 908


def test_b3_the_ogre_crosses_rubble():
    s = scenario([("cp", 801)], ogre=808, phase=Phase.OGRE_MOVE, moved=2)
    s, _ = play(s, "move O 0908")
    assert s.ogre.hex == 908 and s.ogre.moves_left == 0


def test_b3_fire_passes_over_rubble():
    s = scenario([("missile", 808)], ogre=908, phase=Phase.DEFENSE_FIRE)
    s, ev = play(s, Aim(1, Weapon.SECONDARY), "fire")
    assert s.piece(1).fired == 1 and ev[-1].kind == "fire"

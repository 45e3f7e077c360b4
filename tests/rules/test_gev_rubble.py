"""M1, M6, B3: a GEV among the rubble of the standard map, as a new player met it (turn 10).

Hex 1012 has rubble on five of its six sides; only 1011 is open. So 1013, one hex away, is
four hexes away for armor: 1012, 1011, 0911, 0912, 1013. The 1986 manual counts a move along
its path ("there is no path of empty hexes short enough to complete the move": NO CLEAR PATH),
a GEV moves "once (up to 4 hexes) during the defender's Movement Phase, and again (up to 3
hexes) during the GEV Movement Phase", and Range disregards rubble. So "Moved 4" for that
one-hex step is right, and each movement phase's count starts afresh.
"""

from __future__ import annotations

from ogre.rules import Move, Phase, check
from ogre.rules.board import side
from ogre.rules.movement import range_umbrella

from .helpers import message, play, scenario

GM = Phase.GEV_MOVE


def test_b3_1012_is_walled_by_rubble_but_on_the_way_to_1011():
    s = scenario([("gev", 1012), ("cp", 101)], ogre=1520, phase=GM, turn=10)
    open_sides = [n for n in (1011, 1111, 1112, 1013, 912, 911)
                  if side(1012, n) not in s.board.rubble]
    assert open_sides == [1011]


def test_m6_m1_a_gev_round_rubble_spends_4_on_one_hex_and_each_phase_counts_afresh():
    s = scenario([("gev", 1010), ("cp", 101)], ogre=1520, phase=GM, turn=10)
    green, _ = range_umbrella(s.board, 1010, 3, 2)
    assert 1013 in green                               # S2: Range disregards rubble
    assert message(s, "move 1 1013") == "NO CLEAR PATH"
    s, _ = play(s, "move 1 1012")
    assert s.piece(1).moved == 2
    assert message(s, "move 1 1013") == "NO CLEAR PATH"    # 1 of its 3 left; the way is 4
    s, _ = play(s, "done", "done", "done")                 # the Ogre's turn 11 passes
    assert s.phase is Phase.DEFENSE_MOVE and s.turn == 11
    assert s.piece(1).moved == 0                           # its own move starts afresh
    assert check(s, Move(1, 1013)).cost == 4
    s, _ = play(s, "move 1 1013")
    assert (s.piece(1).hex, s.piece(1).moved) == (1013, 4)
    assert message(s, "move 1 1014") == "THIS UNIT HAS MOVED"
    s, _ = play(s, "done", "done")                         # the defence fires, then GEVs
    assert s.phase is GM and s.piece(1).moved == 0         # the second move: 3 afresh
    s, _ = play(s, "move 1 1016")
    assert s.piece(1).moved == 3

"""7.02 and the computer Ogre (X15): with the CP destroyed, a battle with a time limit is won
only off the map, so the Ogre leaves once the turns left are barely enough to get there."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.ai import make_controller
from ogre.ai.analysis import exit_distance
from ogre.ai.ogre_player import time_to_leave
from ogre.rules import Phase, apply
from ogre.rules.options import NO_OPTIONS, Options

from .helpers import scenario


def _after_the_cp(turn: int, options: Options, ogre: int = 1006):
    """The CP gone, a heavy tank far off, the Ogre deep in the defense's rows."""
    s = scenario([("heavy", 1503)], ogre=ogre, phase=Phase.OGRE_MOVE, turn=turn)
    return replace(s, options=options)


@pytest.mark.parametrize("turn, leave", [(3, False), (12, False), (15, True), (20, True)])
def test_7_02_the_ogre_leaves_when_the_turns_left_barely_reach_the_bottom_row(turn, leave):
    # From row 6 the bottom row is about 16 steps away: six turns at move 3, one in hand.
    assert time_to_leave(_after_the_cp(turn, Options(time_limit=20))) is leave


def test_7_02_without_a_time_limit_the_ogre_is_in_no_hurry():
    assert not time_to_leave(_after_the_cp(18, NO_OPTIONS))


@pytest.mark.parametrize("level", ["Low", "Med", "Hi"])
def test_7_02_the_computer_ogre_heads_for_the_bottom_row_as_time_runs_out(level):
    s = _after_the_cp(16, Options(time_limit=20))
    ogre = make_controller("ogre", level, seed=3)
    start = exit_distance(s.board)[s.ogre.hex]
    while s.phase is Phase.OGRE_MOVE:
        s, _ = apply(s, ogre.choose(s))
    assert exit_distance(s.board)[s.ogre.hex] == start - 3          # three hexes nearer

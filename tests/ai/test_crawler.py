"""8.02 and the computer defense (X15): its Command Crawler runs from an Ogre within two turns'
moves, goes first in the defense's move, and stays among its defenders while the Ogre is far."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ogre.ai import make_controller
from ogre.ai.analysis import ogre_distance_to
from ogre.ai.crawler import crawler_retreat
from ogre.rules import Phase, apply
from ogre.rules.actions import Move
from ogre.rules.options import NO_OPTIONS, Options

from .helpers import scenario

CRAWLER = Options(command_crawler=True)


def _defense_move(ogre: int, options: Options = CRAWLER):
    s = scenario([("cp", 1005), ("heavy", 1503)], ogre=ogre, phase=Phase.DEFENSE_MOVE)
    return replace(s, options=options)


@pytest.mark.parametrize("level", ["Low", "Med", "Hi"])
def test_8_02_the_computer_crawler_runs_from_an_ogre_that_could_ram_it_within_two_turns(level):
    s = _defense_move(ogre=1009)
    steps = ogre_distance_to(s.board, (s.ogre.hex,))
    plan = make_controller("defense", level, seed=2).plan(s)
    assert plan[0] == crawler_retreat(s) and plan[0].piece == 1
    for action in plan:
        s, _ = apply(s, action)
    assert steps[s.command_post.hex] == steps[1005] + 1


def test_8_02_the_crawler_stays_while_the_ogre_is_far():
    assert crawler_retreat(_defense_move(ogre=1020)) is None


def test_8_02_the_1986_command_post_never_moves():
    s = _defense_move(ogre=1009, options=NO_OPTIONS)
    assert crawler_retreat(s) is None
    plan = make_controller("defense", "Hi", seed=2).plan(s)
    assert not [a for a in plan if isinstance(a, Move) and a.piece == 1]

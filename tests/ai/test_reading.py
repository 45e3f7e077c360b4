"""Issue 32: the Hi defence reads the Ogre it faces (X1, G3). An Ogre that stops short of its way
to the Command Post is read as wary, and the defence's look ahead then models the wary Hi Ogre;
one that keeps to its course is met as before."""

from __future__ import annotations

import pytest

from ogre.ai import make_controller
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.match import play
from ogre.ai.reading import CourseReading
from ogre.rules import Phase, new_game
from ogre.storage.fields import load_predesigned

from .helpers import scenario


def defence_turn(turn: int, ogre: int):
    return scenario([("cp", 802), ("heavy", 810), ("missile", 909), ("infantry", 806, 3)],
                    ogre=ogre, phase=Phase.DEFENSE_MOVE, turn=turn)


def read(moves: list[tuple[int, int]]) -> CourseReading:
    """A reading of the Ogre at these (turn, hex) defence turns."""
    player = DefensePlayer("Hi", 3)
    reading = CourseReading()
    for turn, h in moves:
        s = defence_turn(turn, h)
        reading.observe(s, player.course_ends(s))
    return reading


def test_x1_an_ogre_that_stops_short_of_its_course_reads_wary():
    stays = read([(2, 1215), (3, 1215)])
    assert stays.on_course == [False] and stays.wary(3)
    # 1213 is two hexes nearer the CP: as far along its way as the Ogre could come
    comes_on = read([(2, 1215), (3, 1213)])
    assert comes_on.on_course == [True] and not comes_on.wary(3)


def test_x1_the_reading_counts_each_turn_once_and_not_the_ogres_first_move():
    reading = read([(1, 1215), (2, 1215), (2, 1215), (3, 1213), (4, 1211), (5, 1211)])
    # turn 1's expectation is not kept (its move off the entry row says nothing); turn 2's
    # twice is one turn; 1213 and 1211 were on its way, 1211 again was not
    assert reading.on_course == [True, True, False]
    assert not reading.wary(3)


def test_x1_more_asides_than_not_in_the_turns_read_make_it_wary():
    reading = CourseReading(on_course=[False, True, False, True, True])
    assert reading.wary(3) and not reading.wary(5) and not reading.wary(2)
    assert not CourseReading().wary(3)          # a fresh reading: met as before


def test_x1_against_a_wary_ogre_the_look_ahead_models_the_wary_hi_ogre():
    player = DefensePlayer("Hi", 3, read_ogre=3, wary_focus=0.2)
    s = defence_turn(4, 1215)
    player.read(s)
    assert player.skill == player.base_skill and player.skill.bold_reply
    player.reading.on_course[:] = [False, False]
    player.reading._turn = 0
    player.read(s)
    assert not player.skill.bold_reply and player.skill.danger_focus == 0.2
    # its style planners plan with the same options, and read nothing themselves
    styled = player._styled({"approach_weight": 5.0})
    assert styled.skill.danger_focus == 0.2 and styled.skill.read_ogre == 0
    assert styled.skill.approach_weight == 5.0


def test_x1_a_defence_that_does_not_read_keeps_its_options():
    player = DefensePlayer("Hi", 3, read_ogre=0)
    player.reading.on_course[:] = [False, False, False]
    player.plan(defence_turn(4, 1215))
    assert player.skill is player.base_skill


def opening_reading(ogre: str, seed: int, turns: int = 5) -> CourseReading:
    field = next(r.field for r in load_predesigned() if r.mark == 3)
    defence = make_controller("defense", "Hi", seed=seed, read_ogre=3)
    play(new_game(field, 3, seed), make_controller("ogre", ogre, seed=seed), defence,
         max_turns=turns)
    return defence.reading


@pytest.mark.parametrize("seed", [5, 6])
def test_x1_the_hi_ogre_reads_wary_and_the_med_ogre_bold(seed):
    hi = opening_reading("Hi", seed)
    med = opening_reading("Med", seed)
    assert len(hi.on_course) >= 2 and hi.wary(3), hi.on_course
    assert len(med.on_course) >= 2 and not med.wary(3), med.on_course


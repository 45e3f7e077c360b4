"""The 1986 scenarios as data (G1, G4, E9): a battle names its scenario, and what was asked of
"Mark III or Mark V?" - the defense's allowance, the Complete Defense points - is the
scenario's."""

from __future__ import annotations

import pytest

from ogre.rules import new_game
from ogre.rules.scenarios import ADVANCED, BASIC, SCENARIOS, for_mark
from ogre.rules.units import MARKS

from .helpers import mark_iii_field


@pytest.mark.parametrize("scenario, mark, title", [(BASIC, 3, "Basic (Mark III)"),
                                                   (ADVANCED, 5, "Advanced (Mark V)")])
def test_g4_e9_each_1986_scenario_is_its_marks_allowance_and_victory(scenario, mark, title):
    assert SCENARIOS[scenario.key] is scenario is for_mark(mark)
    assert scenario.title == title and scenario.mark is MARKS[mark]
    assert scenario.complete_defense_points == (30 if mark == 3 else 50)
    assert (scenario.mark.armor_units, scenario.mark.infantry_squads) == (
        (12, 20) if mark == 3 else (20, 30))


def test_g1_a_battle_names_its_scenario_and_a_kept_ogre_keeps_the_fields():
    field = mark_iii_field()
    assert new_game(field, 3, 1).scenario == "basic"
    assert new_game(field, 5, 1).scenario == "advanced"
    kept = new_game(field, 5, 1, scenario="basic")        # a Mark V kept on a Mark III field
    assert kept.scenario == "basic" and kept.ogre.mark == 5
    with pytest.raises(KeyError):
        for_mark(4)

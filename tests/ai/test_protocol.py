"""The controller protocol and how controllers are named (X5, G3)."""

from __future__ import annotations

import pytest

from ogre.ai import Controller, load_controller, make_controller
from ogre.ai.deploy import standard_deployment
from ogre.ai.match import play
from ogre.ai.protocol import controller_from_arg
from ogre.resources import standard_board
from ogre.rules import VICTORY_LEVELS, Done, GameState, Phase, legal_actions, new_game


class FirstLegalDefender:
    """A third-party defender in a few lines: the first legal action that is not a move."""

    side = "defense"

    def choose(self, state: GameState):
        actions = legal_actions(state)
        return next((a for a in actions if isinstance(a, Done)), actions[0])


def test_built_in_players_follow_the_protocol():
    for side in ("ogre", "defense"):
        for level in ("Low", "Med", "Hi", "low", "high", "medium"):
            c = make_controller(side, level)
            assert isinstance(c, Controller) and c.side == side


def test_load_controller_by_module_and_class():
    c = load_controller("ogre.ai.ogre_player:OgrePlayer", skill="Hi")
    assert c.side == "ogre" and c.skill.name == "Hi"
    c = load_controller("tests.ai.test_protocol:FirstLegalDefender")
    assert c.side == "defense"


@pytest.mark.parametrize("spec", ["nonsense", "no.such.module:X", "ogre.ai.ogre_player:Nope",
                                  "ogre.ai.skill:level_name"])
def test_load_controller_refuses_what_is_not_a_controller(spec):
    with pytest.raises((ValueError, TypeError)):
        load_controller(spec)


def test_unknown_skill_or_side_is_refused():
    with pytest.raises(ValueError):
        make_controller("ogre", "Expert")
    with pytest.raises(ValueError):
        make_controller("referee", "Low")


def test_command_line_names():
    assert controller_from_arg("ogre", "Med").skill.name == "Med"
    defender = controller_from_arg("defense", "tests.ai.test_protocol:FirstLegalDefender")
    assert defender.side == "defense"
    with pytest.raises(ValueError):
        controller_from_arg("ogre", "tests.ai.test_protocol:FirstLegalDefender")


def test_a_plugin_defender_plays_a_whole_battle_against_a_built_in_ogre():
    state = new_game(standard_deployment(standard_board(), 1), 3, 1)
    rec = play(state, make_controller("ogre", "Med"), FirstLegalDefender())
    assert rec.illegal == [] and rec.result in VICTORY_LEVELS


def test_skill_options_can_be_overridden_by_keyword():
    c = make_controller("defense", "Med", gev_retreat=False)
    assert c.skill.gev_retreat is False and c.skill.name == "Med"


def test_choose_refuses_the_other_sides_phase():
    state = new_game(standard_deployment(standard_board(), 1), 3, 1)
    assert state.phase is Phase.OGRE_ENTRY
    with pytest.raises(ValueError):
        make_controller("defense", "Low").choose(state)

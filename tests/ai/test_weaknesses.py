"""Issue 17's weaknesses of the reference players, each in a position taken from an arena game
(tools/position.py; the reference players of tag ai-reference-1 played both sides up to it),
with the choice the reference made there and the one today's Hi player makes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ogre.ai import make_controller
from ogre.ai.analysis import ogre_approach, ogre_danger, ogre_distance_to
from ogre.net.messages import state_of
from ogre.rules import Move, Phase, apply
from ogre.rules.state import OGRE_ID

from .helpers import run_phase

POSITIONS = Path(__file__).parent / "positions"


def position(name: str):
    return state_of(json.loads((POSITIONS / name).read_text()))


def test_x1_hi_gev_ends_its_second_move_out_of_the_ogres_guns_when_a_safe_hex_is_in_reach():
    # GEV Screen, arena seed 7 game 1, turn 4: the reference Hi defence moved GEV 7 from 0415 to
    # 0412, inside the reach of the Ogre's secondaries, while 0113-0116 were out of it.
    s = position("gev-screen-turn-4-second-move.json")
    assert s.phase is Phase.GEV_MOVE and s.piece(7).hex == 415
    reference_choice = 412
    o = s.ogre
    approach = ogre_approach(s.board, o.hex, o.move_value)
    guns_only = replace(s, ogres=(replace(o, weapons=(0, *o.weapons[1:])),))   # missiles aside

    def gun_danger(h: int) -> float:
        return ogre_danger(guns_only, h, s.piece(7).kind, approach)

    assert gun_danger(reference_choice) > 0
    end, _ = run_phase(s, make_controller("defense", "Hi"))
    new_hex = end.piece(7).hex
    assert new_hex != reference_choice
    assert gun_danger(new_hex) == 0.0


def test_g3_hi_ogre_on_15_treads_keeps_to_the_command_post_rather_than_turn_aside():
    # Arena seed 7 game 14, turn 8: the reference Hi Ogre, slowed to one hex a turn, stepped
    # from 1209 to 1210, away from the Command Post, to go after the defenders.
    s = position("ogre-15-treads-turn-8.json")
    assert s.phase is Phase.OGRE_MOVE and s.ogre.treads == 15 and s.ogre.move_value == 1
    goal = ogre_distance_to(s.board, (s.command_post.hex,))
    start = goal[s.ogre.hex]
    assert goal[1210] > start                      # where the reference went
    action = make_controller("ogre", "Hi").choose(s)
    assert isinstance(action, Move) and action.piece == OGRE_ID
    after, _ = apply(s, action)
    assert goal[after.ogre.hex] < start            # one step nearer the Command Post


def test_g3_pace_is_what_turns_the_hi_ogre_back_to_the_command_post():
    # The same position without the option: the old choice, so the test above pins the option.
    s = position("ogre-15-treads-turn-8.json")
    goal = ogre_distance_to(s.board, (s.command_post.hex,))
    action = make_controller("ogre", "Hi", pace=False).choose(s)
    after, _ = apply(s, action)
    assert goal[after.ogre.hex] >= goal[s.ogre.hex]


def test_g3_the_wary_hi_ogre_keeps_to_the_command_post_because_slow_caution_scales_its_fear():
    # The Hi Ogre weighs the fire it draws three times over; at 15 treads, without scaling that
    # by its speed, it would step back out of the volley's reach, as the reference did.
    s = position("ogre-15-treads-turn-8.json")
    goal = ogre_distance_to(s.board, (s.command_post.hex,))
    action = make_controller("ogre", "Hi", slow_caution=False).choose(s)
    after, _ = apply(s, action)
    assert goal[after.ogre.hex] > goal[s.ogre.hex]

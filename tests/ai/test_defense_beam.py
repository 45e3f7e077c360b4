"""Issue 32: the Hi defence's beam over its units' own moves (X1, G3): every deployment it offers
is legal and the same for the same state, and its judge sees what the Med planner's
unit-by-unit scores cannot (how many shots the Ogre's guns have)."""

from __future__ import annotations

import json
from pathlib import Path

from ogre.ai.analysis import ogre_approach, ogre_danger
from ogre.ai.defense_beam import beam_deployments, make_view, value
from ogre.ai.defense_lookahead import start_plan
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.skill import LOOKAHEAD_HI
from ogre.net.messages import state_of
from ogre.rules import Move, Phase
from ogre.rules.hexes import distance

from .helpers import scenario

POSITIONS = Path(__file__).parent / "positions"


def position(name: str):
    return state_of(json.loads((POSITIONS / name).read_text()))

# the beam is an option of the look ahead, the Hi defence before issue 32's third round
BEAM = {**LOOKAHEAD_HI, "beam": 6, "beam_mode": "only"}


def opening_position():
    # A Mark III Ogre three turns in, the defence spread in front of the Command Post.
    return scenario([("cp", 802), ("howitzer", 703), ("heavy", 810), ("heavy", 910),
                     ("missile", 709), ("missile", 909), ("gev", 1110), ("gev", 511),
                     ("infantry", 806, 3), ("infantry", 1008, 3), ("infantry", 708, 2)],
                    ogre=1215, phase=Phase.DEFENSE_MOVE, treads=43)


def test_x1_every_beam_deployment_is_legal_and_places_every_mover():
    s = opening_position()
    player = DefensePlayer("Hi", 3, **BEAM)
    deployments = beam_deployments(player, s, player.ogre_ends(s))
    assert len(deployments) == 3
    movers = {p.id for p in s.pieces if player._can_move(s, p)}
    for dest, plan in zip(deployments, player.beam_plans(s)):
        assert set(dest) == movers
        assert start_plan(s, plan, s.rng) is not None        # the rules accept every move


def test_g3_x1_the_same_state_gets_the_same_beam_plans_from_fresh_players():
    s = opening_position()
    first = DefensePlayer("Hi", 3, **BEAM).beam_plans(s)
    again = DefensePlayer("Hi", 3, **BEAM).beam_plans(s)
    assert first == again and first


def test_x1_the_beams_judge_knows_the_ogres_guns_run_out_of_shots():
    # An Ogre left with its main battery alone shoots one tank a turn. A tank in its reach costs
    # the defence that shot's damage; a second one beside it costs nothing more and adds its
    # attack next turn. The Med planner's per-unit score counts each tank's danger alone.
    s = scenario([("cp", 802), ("heavy", 810), ("heavy", 710)], ogre=1215,
                 phase=Phase.DEFENSE_MOVE, weapons=(0, 1, 0, 0))
    player = DefensePlayer("Hi", 0, **BEAM)
    v = make_view(s, player.ogre_ends(s), player.skill)
    back = value(v, {2: 810, 3: 710}, player.skill)
    one = value(v, {2: 1110, 3: 710}, player.skill)
    two = value(v, {2: 1110, 3: 1111}, player.skill)
    assert one < back                     # the first tank in reach is shot at
    assert two > one                      # the second is not: the one gun is spent


def waiting_in_the_guns(s, plan) -> int:
    """Units that cannot fire this turn yet end their move where the Ogre's guns (a gun more
    than its missiles) can reach them next turn."""
    o = s.ogre
    approach = ogre_approach(s.board, o.hex, o.move_value)
    dest = {a.piece: a.to for a in plan if isinstance(a, Move)}
    exposed = 0
    for p in s.pieces:
        h = dest.get(p.id, p.hex)
        if p.kind.value != "cp" and distance(h, o.hex) > p.range:
            exposed += ogre_danger(s, h, p.kind, approach) >= 1.0
    return exposed


def test_x1_units_that_cannot_fire_this_turn_do_not_walk_into_the_ogres_guns_to_wait():
    # Howitzer Umbrella, arena seed 47 game 9, turn 4 (tools/position.py, Hi against Hi): the Ogre
    # creeps a hex a turn at 1214. The Med planner's plan, the first style, walks four infantry
    # stacks forward into reach of its secondaries, none able to fire (the style plans lost that
    # battle in 12 turns). No deployment the beam offers does: two stay there, as before the
    # move (with the beam's plans the defence won it in 15).
    s = position("howitzer-umbrella-turn-4-waiting.json")
    assert s.phase is Phase.DEFENSE_MOVE and s.ogre.hex == 1214
    player = DefensePlayer("Hi", 0, **BEAM)
    assert waiting_in_the_guns(s, player._styled({}).plan_move(s)) >= 4
    offered = player.beam_plans(s)
    assert offered and all(waiting_in_the_guns(s, plan) <= 2 for plan in offered)

"""Issue 32: the Hi defence holds back a trickle attack far from the Command Post (X1, G3).

Against today's Hi Ogre, which stops short of the defence's volleys and picks off what comes to
it, a defence that strikes with whatever can reach loses its units a few at a time. The Hi
defence strikes when 30% of its attack can fire together, or once the Ogre is 11 steps from the
CP (docs/computer-players.md, issue 32's second and third rounds)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ogre.ai import make_controller
from ogre.ai.analysis import ogre_distance_to
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.match import play
from ogre.net.messages import state_of
from ogre.rules import Aim, Phase
from ogre.rules.units import Kind

POSITIONS = Path(__file__).parent / "positions"
# Arena seed 61, game 7 (the GEV Screen), turn 3, written by `python -m tools.position --seed 61
# --game 7 --turn 3 --phase defense_move`: the Ogre 15 steps from the Command Post at full
# treads, a few defenders able to reach it and most not.
TRICKLE = "gev-screen-turn-3-trickle.json"
SEED = 610428901330          # the arena's seed of that game: the players' own seed
STRIKE_ANY = {"strike_fraction": 0.0, "strike_distance": 14}     # the Hi defence before


def position():
    return state_of(json.loads((POSITIONS / TRICKLE).read_text()))


def aims_this_turn(s, **options) -> list[Aim]:
    """The defence's aims in its whole turn from this position (movement, then fire)."""
    defence = make_controller("defense", "Hi", seed=SEED, **options)
    chosen: list = []
    play(s, defence, defence, until=lambda st: st.phase is Phase.GEV_MOVE or st.turn > s.turn,
         on_step=lambda _b, action, _a, _e: chosen.append(action))
    return [a for a in chosen if isinstance(a, Aim)]


def attack_of(s, aims: list[Aim]) -> int:
    return sum(s.known(pid).attack for pid in {a.piece for a in aims})


def test_x1_far_from_the_cp_the_hi_defence_does_not_strike_with_a_few():
    s = position()
    total = sum(p.attack for p in s.pieces if p.kind is not Kind.CP)
    assert ogre_distance_to(s.board, (s.command_post.hex,))[s.ogre.hex] > 11
    before = aims_this_turn(s, **STRIKE_ANY)
    assert before and attack_of(s, before) < 0.3 * total      # the trickle attack
    assert aims_this_turn(s) == []                            # now it waits for more


def test_x1_the_hold_back_ends_when_the_ogre_nears_the_cp():
    s = position()
    player = DefensePlayer("Hi", SEED)
    movers = [p for p in s.pieces if player._can_move(s, p)]
    assert not player.strike_now(s, movers)
    goal = ogre_distance_to(s.board, (s.command_post.hex,))
    near = min((h for h, d in goal.items() if d == 11), key=lambda h: abs(h - s.ogre.hex))
    closer = replace(s, ogre=replace(s.ogre, hex=near))
    assert player.strike_now(closer, movers)

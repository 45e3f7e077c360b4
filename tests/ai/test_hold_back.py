"""Issue 32: the Hi defence holds back a trickle attack far from the Command Post, and keeps its
waiting infantry near it (X1, G3).

Against today's Hi Ogre, which stops short of the defence's volleys and picks off what comes to
it, a defence that strikes with whatever can reach loses its units a few at a time. The Hi
defence strikes when 30% of its attack can fire together, or once the Ogre is 11 steps from the
CP; its infantry wait within 5 hexes of the CP, out of a wary Ogre's reach, one of them in its
way when it can (docs/computer-players.md, issue 32's second to fourth rounds)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ogre.ai import make_controller
from ogre.ai.analysis import ogre_distance_to
from ogre.ai.defense_player import DefensePlayer
from ogre.ai.match import play
from ogre.net.messages import state_of
from ogre.rules import Aim, Move, Phase
from ogre.rules.hexes import distance
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
    closer = replace(s, ogres=(replace(s.ogre, hex=near),))
    assert player.strike_now(closer, movers)


# Arena seed 73, game 0 (the Howitzer Umbrella), turn 3, written by `python -m tools.position
# --seed 73 --game 0 --turn 3 --phase defense_move`: the Ogre 14 hexes from the Command Post,
# the infantry within 5 hexes of it. Today's Hi Ogre stood there until turn 6 and then, on turn
# 7, destroyed 10 infantry squads that had walked out to meet it (docs/computer-players.md).
INFANTRY = "howitzer-umbrella-turn-3-infantry.json"


def infantry_hexes(s, **options) -> list[int]:
    """Where the Hi defence's plan for this movement phase leaves each infantry unit."""
    plan = DefensePlayer("Hi", 730513191533, **options).plan_move(s)
    dest = {a.piece: a.to for a in plan if isinstance(a, Move)}
    return [dest.get(p.id, p.hex) for p in s.pieces if p.kind is Kind.INFANTRY]


def test_x1_waiting_infantry_stay_the_command_posts_close_guard():
    s = state_of(json.loads((POSITIONS / INFANTRY).read_text()))
    cp = s.command_post.hex
    assert s.phase is Phase.DEFENSE_MOVE and distance(s.ogre.hex, cp) == 14
    # without the post the infantry walk out towards the Ogre, beyond 5 hexes of the CP
    free = infantry_hexes(s, infantry_post=0)
    assert max(distance(h, cp) for h in free) > 5
    # the Hi defence keeps every infantry unit within 5 hexes of it
    kept = infantry_hexes(s)
    assert len(kept) == len(free) == 7 and max(distance(h, cp) for h in kept) <= 5


# Arena seed 73, game 12 (the Howitzer Umbrella), turn 4, written by `python -m tools.position
# --seed 73 --game 12 --turn 4 --phase defense_move`: today's Hi Ogre 13 hexes from the Command
# Post after turning aside twice. The third round's defence (approach_weight 3) won the Ogre this
# battle; today's, which keeps a waiting infantry unit where it can strike the Ogre's next end
# hexes, held it (docs/computer-players.md, issue 32's fourth round).
SCREEN = "howitzer-umbrella-turn-4-screen.json"


def test_x1_waiting_infantry_screen_where_the_ogre_is_going():
    s = state_of(json.loads((POSITIONS / SCREEN).read_text()))
    cp = s.command_post.hex
    assert s.phase is Phase.DEFENSE_MOVE and distance(s.ogre.hex, cp) == 13
    ends = DefensePlayer("Hi").ogre_ends(s)

    def screening(hexes: list[int]) -> int:
        """Infantry units that could strike the Ogre next turn (move 2, range 1) wherever it
        ends its move nearest the CP."""
        return sum(1 for h in hexes if min(distance(h, e) for e in ends) <= 3)

    # with the third round's pull every infantry unit waits out of striking distance
    before = infantry_hexes(s, approach_weight=3.0)
    assert screening(before) == 0
    # the Hi defence puts one in the Ogre's way, the rest still by the CP
    now = infantry_hexes(s)
    assert len(now) == len(before) == 7 and screening(now) >= 1
    assert sorted(distance(h, cp) for h in now)[-2] <= 5

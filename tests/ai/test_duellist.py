"""The computer's duelling Ogre (X15, 9.04) and the arena's Duels: every action one the rules
accept, the same game from the same seeds, and the choices each level is built on."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from ogre.ai.duellist import Duellist
from ogre.ai.match import UNFINISHED, play_duel
from ogre.resources import standard_board
from ogre.rules import Phase, check, new_game
from ogre.rules.actions import Done, Enter, Fire, Move, OgreAim
from ogre.rules.duel import entry_edge
from ogre.rules.field import Field
from ogre.rules.hexes import DISTANCE
from ogre.rules.units import TREADS, ogre_id

ROOT = Path(__file__).resolve().parents[2]
O, O2, O3 = ogre_id(1), ogre_id(2), ogre_id(3)  # noqa: E741 (the notation's names)


def _duel(places: dict[int, int], phase=Phase.OGRE_MOVE, key="duel", **changes):
    s = new_game(Field(standard_board()), 5, 1, key)
    ogres = tuple(replace(o, hex=places.get(o.id, 0), undo_hex=places.get(o.id, 0),
                          **changes.get(f"o{1 - o.id}", {})) for o in s.ogres)
    return replace(s, ogres=ogres, phase=phase, turn=3, duellist=O)


@pytest.mark.parametrize("key, lineup", [("duel", ("Low", "Hi")), ("duel", ("Med", "Med")),
                                         ("three-way-duel", ("Hi", "Low", "Med"))])
def test_x15_duellists_play_to_the_end_with_nothing_refused(key, lineup):
    for seed in range(6):
        s = new_game(Field(standard_board()), 5, seed, key)
        players = {o.id: Duellist(skill, seed) for o, skill in zip(s.ogres, lineup)}
        rec = play_duel(s, players, max_turns=100)
        assert rec.illegal == [] and rec.result != UNFINISHED


def test_x15_the_same_seeds_give_the_same_duel():
    def one():
        s = new_game(Field(standard_board()), 5, 7, "three-way-duel")
        players = {o.id: Duellist(k, 7) for o, k in zip(s.ogres, ("Low", "Med", "Hi"))}
        return play_duel(s, players, keep_log=True).log
    assert one() == one()


def test_x15_med_and_hi_come_on_nearest_the_middle_low_anywhere_on_its_edge():
    s = new_game(Field(standard_board()), 5, 1, "duel")
    for level in ("Med", "Hi"):
        a = Duellist(level).choose(s)
        assert isinstance(a, Enter) and a.to in entry_edge(O) and a.to // 100 in (7, 8, 9)
    assert Duellist("Low", 3).choose(s).to in entry_edge(O)


def test_x15_med_and_hi_ram_an_enemy_in_reach_low_never_does():
    s = _duel({O: 1015, O2: 1013})
    for level in ("Med", "Hi"):
        assert Duellist(level).choose(s) == Move(O, 1013)
    low = Duellist("Low", 1).choose(s)
    assert not (isinstance(low, Move) and low.to == 1013)
    check(s, low)


def test_x15_hi_never_rams_an_ogre_with_no_treads_and_stands_off_its_guns():
    # the prey cannot move and has its main battery (range 3): Hi's two secondaries (range 2)
    # cannot outrange it, so it comes in where its guns reach rather than wait forever
    s = _duel({O: 1015, O2: 1012}, o1={"weapons": (0, 0, 2, 12)},
              o2={"treads": 0, "weapons": (0, 1, 0, 0)})
    a = Duellist("Hi").choose(s)
    assert isinstance(a, Move) and a.to != 1012 and DISTANCE[a.to][1012] <= 2
    # with a main battery of its own it keeps to range 3, out of nothing but the main
    s = _duel({O: 1016, O2: 1012}, o1={"weapons": (0, 1, 0, 12)},
              o2={"treads": 0, "weapons": (0, 0, 2, 0)})
    a = Duellist("Hi").choose(s)
    assert isinstance(a, Move) and DISTANCE[a.to][1012] == 3


def test_x15_hi_keeps_its_missiles_from_an_armed_enemy_and_spends_them_on_an_unarmed_one():
    armed = _duel({O: 1015, O2: 1012}, phase=Phase.OGRE_FIRE)
    shot = Duellist("Hi").choose(armed)
    assert isinstance(shot, OgreAim) and shot.weapons[0] == 0
    unarmed = _duel({O: 1015, O2: 1011}, phase=Phase.OGRE_FIRE, o1={"weapons": (6, 0, 0, 12)},
                    o2={"weapons": (0, 0, 0, 12)})
    shot = Duellist("Hi").choose(unarmed)
    assert isinstance(shot, OgreAim) and shot.part is TREADS and shot.weapons == (1, 0, 0, 0)
    check(unarmed, shot)


def test_x15_hi_fires_what_it_aimed_and_stops_when_nothing_reaches():
    s = _duel({O: 1015, O2: 1012}, phase=Phase.OGRE_FIRE)
    shot = Duellist("Hi").choose(s)
    from ogre.rules import apply
    aimed, _ = apply(s, shot)
    assert Duellist("Hi").choose(aimed) == Fire()
    far = _duel({O: 1015, O2: 101}, phase=Phase.OGRE_FIRE)
    assert Duellist("Hi").choose(far) == Done()


def test_x15_hi_lets_two_enemies_fight_each_other():
    # O2 and O3 stand two hexes apart, at each other; Hi keeps beyond both their strikes
    s = _duel({O: 822, O2: 1010, O3: 1012}, key="three-way-duel")
    a = Duellist("Hi").choose(s)
    to = a.to if isinstance(a, Move) else 822
    assert all(DISTANCE[to][h] > 3 + 5 for h in (1010, 1012))


def test_x15_the_arena_plays_a_three_way_duel_and_the_levels_table():
    run = subprocess.run([sys.executable, "-m", "tools.arena", "--scenario", "three-way-duel",
                          "--duellists", "Hi,Hi,Hi", "--games", "6", "--jobs", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Hi, Hi, Hi: 6 duels" in run.stdout and "ILLEGAL" not in run.stdout
    assert "Hi holds the field" in run.stdout
    table = subprocess.run([sys.executable, "-m", "tools.arena", "--scenario", "duel", "--all",
                            "--games", "4", "--jobs", "1"],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert table.returncode == 0, table.stderr
    assert "each skill against 1 Med" in table.stdout and "Paired on 4 seeds" in table.stdout


@pytest.mark.parametrize("argv, words", [
    (["--scenario", "duel", "--duellists", "Hi,Hi,Hi"], "2 of Low, Med, Hi"),
    (["--scenario", "three-way-duel", "--duellists", "Hi,Best,Low"], "3 of Low, Med, Hi"),
    (["--duellists", "Hi,Hi"], "--duellists is for a Duel"),
    (["--scenario", "duel", "--all", "--duellists", "Hi,Hi"], "names one lineup"),
])
def test_x15_the_arena_refuses_a_lineup_that_does_not_fit_in_one_sentence(argv, words):
    run = subprocess.run([sys.executable, "-m", "tools.arena", *argv, "--games", "1"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr


def test_x15_9_04_the_built_in_players_of_each_seat_play_a_whole_duel():
    """make_controller's Ogre and defense players, seated as a screen seats a Duel (the first
    Ogre, the others), play it to its end with nothing refused."""
    from ogre.ai import make_controller
    from ogre.rules import apply, check, new_game
    from ogre.rules.scenarios import DUEL, THREE_WAY_DUEL
    from ogre.rules.sides import acting_side
    from ogre.storage.fields import load_predesigned
    for battle in (DUEL, THREE_WAY_DUEL):
        s = new_game(load_predesigned()[0].field, 3, 4, battle.key)
        seats = {side: make_controller(side, "Hi", seed=4) for side in ("ogre", "defense")}
        for _ in range(5000):
            if s.over:
                break
            action = seats[acting_side(s)].choose(s)
            check(s, action)
            s, _ = apply(s, action)
        assert s.over and s.result


def test_x8_x15_9_04_the_advice_advises_the_ogre_whose_turn_it_is():
    from ogre.ai.advice import advised_actions
    from ogre.rules import apply, check, new_game
    from ogre.rules.scenarios import THREE_WAY_DUEL
    from ogre.storage.fields import load_predesigned
    s = new_game(load_predesigned()[0].field, 3, 5, THREE_WAY_DUEL.key)
    player = Duellist("Med", 5)
    advised = set()
    while not s.over and s.turn <= 3:
        state = s
        for action in advised_actions(s, 1):
            check(state, action)                        # each one the rules take, in turn
            state, _ = apply(state, action)
        if s.phase.value == "ogre_move":
            advised.add(s.duellist)
        s, _ = apply(s, player.choose(s))
    assert advised == {o.id for o in s.ogres}

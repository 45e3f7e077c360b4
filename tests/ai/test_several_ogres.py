"""The computer in a battle of several Ogres (X15, 9.02 Mark IIIs Attacking): each Ogre is
planned in turn on a view where it is the one in play, its actions named for it; the defense
plans against the enemy Ogre that can soonest destroy its CP, the others' reach
weighed at Hi. Battles between the computer's sides end at
every level with no action the rules refuse."""

from __future__ import annotations

import pytest

from ogre.ai import make_controller
from ogre.ai.match import play
from ogre.ai.several import defense_focus, focused, named
from ogre.rules import new_game, parse_action
from ogre.rules.actions import Aim, Enter, Exit, Move, OgreAim
from ogre.rules.scenarios import MARK_IIIS_ATTACKING
from ogre.rules.sides import ogre_in_play
from ogre.rules.units import OGRE_ID, Weapon, ogre_id
from ogre.storage.fields import load_predesigned

O2 = ogre_id(2)


def _battle(seed: int):
    fields = [f.field for f in load_predesigned() if f.mark == 5]
    return new_game(fields[seed % len(fields)], 5, seed, MARK_IIIS_ATTACKING.key)


def test_x15_a_view_puts_one_ogre_in_play_and_its_actions_are_named_for_it():
    s = _battle(1)
    view = focused(s, O2)
    assert ogre_in_play(view).id == O2 and {o.id for o in view.ogres} == {OGRE_ID, O2}
    assert named(Enter(822), O2) == Enter(822, O2) and named(Exit(), O2) == Exit(O2)
    assert named(OgreAim(3, (0, 1, 0, 0)), O2) == OgreAim(3, (0, 1, 0, 0), O2)
    assert named(Aim(4, Weapon.MAIN), O2) == Aim(4, Weapon.MAIN, O2)
    assert named(Move(O2, 1021), O2) == Move(O2, 1021)


@pytest.mark.parametrize("level", ["Low", "Med", "Hi"])
def test_x15_9_02_computer_battles_end_with_both_ogres_playing_and_nothing_refused(level):
    for seed in (3, 4):
        rec = play(_battle(seed), make_controller("ogre", level, seed=seed),
                   make_controller("defense", level, seed=seed), max_turns=60, keep_log=True)
        assert rec.final.over and rec.illegal == [], (seed, rec.result, rec.illegal[:3])
        actions = [parse_action(line.split(": ", 1)[1]) for line in rec.log]
        moved = {a.piece for a in actions if isinstance(a, Move) and a.piece <= OGRE_ID}
        assert moved == {OGRE_ID, O2}
        entries = [a.to for a in actions if isinstance(a, Enter)]
        assert len(entries) == 2 == len(set(entries))


def test_x15_the_defense_plans_against_the_fighting_ogre_nearest_its_command_post():
    from dataclasses import replace

    s = _battle(2)
    cp = s.command_post
    o1, o2 = s.ogres
    near, far = cp.hex + 3, cp.hex + 9
    s = replace(s, ogres=(replace(o1, hex=far), replace(o2, hex=near)))
    assert ogre_in_play(defense_focus(s)).id == O2


def test_x15_an_ogre_that_can_neither_move_nor_reach_the_cp_is_planned_against_last():
    from dataclasses import replace

    s = _battle(2)
    cp = s.command_post
    o1, o2 = s.ogres
    stopped, coming = cp.hex + 5, cp.hex + 9      # 5 hexes off: beyond a Mark III's guns
    s = replace(s, ogres=(replace(o1, hex=coming),
                          replace(o2, hex=stopped, treads=0, weapons=(0, 1, 4, 8))))
    assert ogre_in_play(defense_focus(s)).id == OGRE_ID


def test_x15_9_01_the_defense_never_plans_against_its_own_ogre():
    from ogre.rules.scenarios import MARK_III_ON_DEFENSE
    from ogre.storage.fields import load_battle_fields

    field = next(r.field for r in load_battle_fields()
                 if r.scenario == MARK_III_ON_DEFENSE.key)
    s = new_game(field, 5, 7, MARK_III_ON_DEFENSE.key)
    dog = s.ogres[1]
    assert dog.on_map and ogre_in_play(defense_focus(s)).id == OGRE_ID   # not yet entered
    from dataclasses import replace
    far = s.command_post.hex + 12                   # the Mark V further off than the dog
    s = replace(s, ogres=(replace(s.ogres[0], hex=far), dog))
    assert ogre_in_play(defense_focus(s)).id == OGRE_ID


def test_x15_the_hi_defense_keeps_its_gevs_out_of_the_other_ogres_reach_too():
    """A GEV's second move (Hi: out of every gun's reach) weighs both Ogres, not the one
    planned against alone."""
    from dataclasses import replace

    from ogre.ai.analysis import ogre_danger
    from ogre.ai.defense_player import DefensePlayer
    from ogre.rules.state import Ogre, Phase
    from ogre.rules.units import Kind

    from .helpers import scenario

    s = scenario([("cp", 801), ("gev", 910)], ogre=906, phase=Phase.GEV_MOVE)
    s = replace(s, scenario=MARK_IIIS_ATTACKING.key,
                ogres=(s.ogres[0], replace(Ogre.fresh(3, id=O2), hex=1413, undo_hex=1413)))

    def end(**options) -> int:
        plan = DefensePlayer("Hi", 1, **options).plan(s)
        return next(a.to for a in plan if isinstance(a, Move))

    def guns(oid: int, h: int) -> float:               # missiles reach too far to hide from
        view = focused(s, oid)
        o = view.ogres[0]
        return ogre_danger(view.with_ogre(replace(o, weapons=(0, *o.weapons[1:]))), h, Kind.GEV)

    both, one = end(), end(other_ogres=0.0)
    assert guns(OGRE_ID, both) == 0.0 == guns(O2, both)
    assert guns(O2, one) > 0.0                      # weighing one Ogre alone, it ends in reach


@pytest.mark.parametrize("level", ["Low", "Med", "Hi"])
def test_x15_the_defense_fires_at_another_ogre_when_nothing_reaches_the_nearest(level):
    from dataclasses import replace

    from ogre.rules.state import Ogre, Phase

    from .helpers import scenario

    s = scenario([("cp", 801), ("heavy", 1515)], ogre=805, phase=Phase.DEFENSE_FIRE)
    s = replace(s, scenario=MARK_IIIS_ATTACKING.key,
                ogres=(s.ogres[0], replace(Ogre.fresh(3, id=O2), hex=1516)))
    plan = make_controller("defense", level, seed=1).plan(s)
    aims = [a for a in plan if isinstance(a, Aim)]
    assert aims and all(a.ogre == O2 and a.piece == 2 for a in aims)


def test_x8_x15_advice_for_the_ogres_shows_each_ogres_entry_and_names_the_ogre_that_fires():
    from dataclasses import replace

    from ogre.ai.advice import advice_of, advise
    from ogre.rules.actions import Fire
    from ogre.rules.state import Phase
    s = _battle(1)
    assert {step.piece for step in advise(s, seed=1).moves} == {OGRE_ID, O2}   # both come on
    from ogre.rules.hexes import neighbours
    target, near = next((p, h) for p in s.pieces for h in neighbours(p.hex)
                        if not s.at(h) and not s.board.is_crater(h))
    o, o2 = s.ogres
    fire = replace(s, phase=Phase.OGRE_FIRE,
                   ogres=(replace(o, hex=101), replace(o2, hex=near, undo_hex=near)))
    shot = OgreAim(target.id, (0, 1, 0, 0), O2)
    (advised,) = advice_of(fire, (shot, Fire())).shots
    assert advised.attackers == (O2,) and advised.target == target.id

"""The defense's own Ogre (X15, 9.01 Mark III on Defense): it moves in the Defense Movement,
fires in the Defense Attack and rams the attacker; the attacking Ogre fires on it and rams it
(5.03.4, 6.11); neither side's units share its hex; the 1986 battles never see any of it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ogre.rules import Phase, apply, check, legal_actions, new_game
from ogre.rules.combat import crt, odds
from ogre.rules.invariants import first_problem
from ogre.rules.state import Ogre
from ogre.rules.units import ogre_id
from ogre.rules.victory import victory_level

from .helpers import dice_from, events_of, mark_iii_field, message, play, scenario, seed_for

O, DOG = ogre_id(1), ogre_id(2)   # noqa: E741 (the notation's names)
KEY = "mark-iii-on-defense"


def watched(pieces=(), ogre: int = 1015, dog: int = 1012, phase=Phase.DEFENSE_MOVE,
            seed: int = 0, dog_changes: dict | None = None, **ogre_changes):
    """A Mark V attacking at `ogre`, the defense's Mark III at `dog`, the units as `scenario`
    takes them."""
    s = scenario(pieces, ogre=ogre, phase=phase, seed=seed, mark=5, **ogre_changes)
    w = replace(Ogre.fresh(3, id=DOG), hex=dog, undo_hex=dog, **(dog_changes or {}))
    return replace(s, scenario=KEY, ogres=(s.ogres[0], w))


def test_x15_the_defenses_ogre_stands_where_the_field_has_it_and_never_enters():
    field = replace(mark_iii_field(), ogres=(906,))
    s = new_game(field, 5, 1, KEY)
    assert [(o.id, o.mark, o.hex) for o in s.ogres] == [(O, 5, 0), (DOG, 3, 906)]
    assert first_problem(s) is None
    assert all(getattr(a, "piece", O) == O for a in legal_actions(s))
    assert message(s, "enter O2 0822") == "PLEASE MOVE A PIECE"


def test_x15_it_moves_in_the_defense_movement_only():
    assert message(watched(phase=Phase.OGRE_MOVE), "move O2 1011") == "PLEASE MOVE A PIECE"
    assert message(watched(phase=Phase.GEV_MOVE), "move O2 1011") == "PLEASE MOVE A PIECE"
    s, ev = play(watched(), "move O2 1010")
    assert s.ogres[1].hex == 1010 and events_of(ev, "move")[0].text == "Ogre 2 to 1010"
    assert message(watched(phase=Phase.OGRE_MOVE), "exit O2") == "PLEASE STAY ON THE MAP"


def test_x15_it_passes_through_its_units_but_never_stops_on_one_nor_they_on_it():
    s = watched([("heavy", 1011), ("infantry", 1013, 2)])
    assert message(s, "move O2 1011") == "THIS HEX IS FULL"
    assert "move O2 1010" in [str(a) for a in legal_actions(s)]     # straight past the tank
    assert message(s, "move 1 1012") == "THIS HEX IS FULL"
    assert message(s, "move 2 1012") == "THIS HEX IS FULL"
    assert not [a for a in legal_actions(s) if getattr(a, "to", 0) == 1012]


def test_x15_undo_never_brings_a_unit_and_its_ogre_together():
    s, _ = play(watched([("heavy", 1011)]), "move 1 1009", "move O2 1011")
    assert message(s, "undo 1") == "THIS HEX IS FULL"
    assert "undo 1" not in [str(a) for a in legal_actions(s)]


def test_x15_the_attacker_rams_it_from_beside_it_and_cannot_pass_through():
    seed = 5
    s = watched(phase=Phase.OGRE_MOVE, ogre=1014, dog=1012, seed=seed)
    s, ev = play(s, "move O 1012")
    o, dog = s.ogres
    assert o.hex == 1013 and o.treads == 60 - 3           # a Mark V rams a smaller Ogre
    assert dog.treads == 45 - sum(dice_from(seed, 4))     # four dice for a Mark V
    assert o.moves_left == 0 and events_of(ev, "ram_ogre")
    # 0822's way north lies through 0821 and 0921: the defense's Ogre and a tank close it
    blocked = watched([("heavy", 921)], phase=Phase.OGRE_MOVE, ogre=822, dog=821)
    assert message(blocked, "move O 1021") == "NO CLEAR PATH"
    assert {"move O 0821", "move O 0921"} <= {str(a) for a in legal_actions(blocked)}


def test_x15_it_rams_the_attacker_back_at_a_larger_ogres_price():
    s, _ = play(watched(ogre=1014, dog=1012), "move O2 1014")
    o, dog = s.ogres
    assert dog.treads == 45 - 5 and o.treads == 60 - sum(dice_from(0, 2))
    assert dog.hex == 1013


@pytest.mark.parametrize("die", [3, 5])
def test_x15_the_attacker_fires_on_its_weapons_and_it_fires_back(die):
    s = watched(phase=Phase.OGRE_FIRE, ogre=1014, dog=1012, seed=seed_for(die))
    assert message(s, "target O main=1 part=main by=O2") == "NO ATTACKER"
    s, ev = play(s, "target O2 main=1 secondary=1 part=main", "fire")
    hit = crt(odds(7, 4), die) == "X"
    assert s.ogres[1].weapons[1] == (0 if hit else 1)
    back = watched(phase=Phase.DEFENSE_FIRE, ogre=1014, dog=1012, seed=seed_for(die))
    back, _ = play(back, "target O secondary=1 part=treads by=O2", "fire")
    assert back.ogres[0].treads == 60 - (3 if die >= 5 else 0)


def test_x15_the_units_never_aim_at_their_own_ogre_and_aims_do_not_mix():
    s = watched([("heavy", 1013)], phase=Phase.DEFENSE_FIRE, ogre=1014, dog=1012)
    assert message(s, "aim 1 main at=O2") == "NO TARGET"
    aimed, _ = play(s, "aim 1 main")
    assert message(aimed, "target O main=1 part=main by=O2") == "TARGET ONE UNIT AT A TIME"
    dog_aimed, _ = play(s, "target O main=1 part=main by=O2")
    assert message(dog_aimed, "aim 1 main") == "TARGET ONE UNIT AT A TIME"


def test_x15_an_ogre_names_a_part_only_where_two_ogres_fight():
    s = scenario([("heavy", 1013)], ogre=1014, phase=Phase.OGRE_FIRE, mark=5)
    assert message(s, "target 1 main=1 part=main") == "NO TARGET"


def test_x15_the_battle_is_1_03_with_the_defenses_ogre_on_its_side():
    cp = [("cp", 101)]
    dead = {"treads": 0, "weapons": (0, 0, 0, 0)}
    assert victory_level(watched(cp, **dead)) == "Defense Victory"  # the attacker destroyed
    assert victory_level(watched([("heavy", 1013)], dog_changes=dead)) == ""
    assert victory_level(watched((), dog_changes=dead)) == "Complete Ogre Victory"
    assert victory_level(watched(())) == ""                        # its Ogre fights on


def test_x15_random_battles_with_the_defenses_ogre_keep_every_invariant():
    field = replace(mark_iii_field(), ogres=(906,))
    for seed in range(10):
        s = new_game(field, 5, seed, KEY)
        rnd = random.Random(seed)
        while not s.over and s.turn < 30:
            acts = legal_actions(s)
            for a in acts:
                check(s, a)
            s, _ = apply(s, rnd.choice(acts))
            assert first_problem(s) is None, (seed, first_problem(s))


def test_x15_m3_while_units_share_a_hex_the_defenses_ogre_waits():
    s = watched([("heavy", 1009), ("missile", 1009)])
    assert message(s, "move O2 1010") == "2 UNITS IN HEX PLEASE MOVE 1"
    assert not [a for a in legal_actions(s) if getattr(a, "piece", 0) == DOG]

"""C1-C8: range, odds, the Combat Results Table, kill probabilities, Ogre and defender fire."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ogre.rules import (
    Aim,
    Aiming,
    Done,
    OgreAim,
    Phase,
    Weapon,
    aim_kill_probability,
    check,
    combat,
    legal_actions,
)
from ogre.rules.combat import crt, kill_probability, odds, percent

from .helpers import EMPTY, message, play, scenario, seed_for

OF, DF = Phase.OGRE_FIRE, Phase.DEFENSE_FIRE


# ---------------------------------------------------------------- C1 range

def test_c1_range_is_hex_distance():
    s = scenario([("heavy", 810), ("heavy", 811), ("missile", 812), ("missile", 813)],
                 ogre=808, phase=DF, board=EMPTY)
    assert check(s, Aim(1, Weapon.MAIN)).kind == "aim"               # heavy, range 2, at 2
    assert message(s, "aim 2 main") == "TARGET OUT OF ATTACK RANGE"  # at 3
    assert check(s, Aim(3, Weapon.MAIN)).kind == "aim"               # missile tank, 4, at 4
    assert message(s, "aim 4 main") == "TARGET OUT OF ATTACK RANGE"  # at 5
    s = scenario([("heavy", 810), ("heavy", 811)], ogre=808, phase=OF, board=EMPTY)
    assert check(s, OgreAim(2, (0, 1, 0, 0))).kind == "aim"          # main battery, 3, at 3
    assert message(s, OgreAim(2, (0, 0, 1, 0))) == "TARGET OUT OF ATTACK RANGE"
    assert message(s, OgreAim(2, (1, 1, 1, 0))) == "TARGET OUT OF ATTACK RANGE"


def test_c1_units_in_the_same_hex_fight_as_if_adjacent():
    s = scenario([("infantry", 808, 2)], ogre=808, phase=DF, board=EMPTY)
    s, _ = play(s, "aim 1 ap", "aim 1 ap")
    assert s.aim.attackers == (1, 1)
    s = scenario([("infantry", 808, 2)], ogre=808, phase=OF, board=EMPTY)
    assert check(s, OgreAim(1, (0, 0, 0, 1))).kind == "aim"


# ---------------------------------------------------------------- C2 odds and the CRT

@pytest.mark.parametrize("attack, defense, column", [
    (2, 1, "2-1"), (2, 2, "1-1"), (3, 2, "1-1"), (2, 3, "1-2"), (6, 1, "5-1"),   # the manual
    (1, 3, "<1-2"), (1, 2, "1-2"), (4, 2, "2-1"), (5, 2, "2-1"), (9, 3, "3-1"), (8, 2, "4-1"),
    (14, 3, "4-1"), (15, 3, "5-1"), (30, 1, "5-1"), (1, 0, "5-1"), (0, 0, "5-1"),
])
def test_c2_odds_round_in_the_targets_favour(attack, defense, column):
    assert odds(attack, defense) == column


POCKET_CRT = {   # die 1..6 per column, the pocket edition's table
    "1-2": "NE NE NE NE D X", "1-1": "NE NE D D X X", "2-1": "NE D D X X X",
    "3-1": "D D X X X X", "4-1": "D X X X X X",
}


def test_c2_combat_results_table():
    for column, row in POCKET_CRT.items():
        assert [crt(column, d) for d in range(1, 7)] == row.split()
    # The 1986 manual's flattened table reads D at 4-1 on a 2; its own kill table (83%) and
    # the pocket edition say X, and the engine follows them (documented in combat.py).
    assert crt("4-1", 2) == "X"
    assert all(crt("<1-2", d) == "NE" for d in range(1, 7))
    assert all(crt("5-1", d) == "X" for d in range(1, 7))


def test_c2_below_1_2_never_hurts_and_5_1_always_kills():
    # One infantry squad (1) on the main battery (4): below 1-2, even on a 6.
    s = scenario([("infantry", 809, 1)], ogre=808, phase=DF, seed=seed_for(6), board=EMPTY)
    s, ev = play(s, "aim 1 main", "fire")
    assert (ev[0].odds, ev[0].die, ev[0].result) == ("<1-2", 6, "miss")
    assert s.ogre.weapons == (2, 1, 4, 8)
    # Main battery and two secondaries (10) on a GEV (2): 5-1, destroyed even on a 1.
    s = scenario([("gev", 809)], ogre=808, phase=OF, seed=seed_for(1), board=EMPTY)
    s, ev = play(s, OgreAim(1, (0, 1, 2, 0)), "fire")
    assert (ev[0].odds, ev[0].die, ev[0].result) == ("5-1", 1, "destroyed")
    assert s.piece(1) is None


# ---------------------------------------------------------------- C3 results

def test_c3_d_on_the_ogre_is_glanced_x_destroys_the_part():
    s = scenario([("heavy", 809)], ogre=808, phase=DF, seed=seed_for(3), board=EMPTY)
    s, ev = play(s, "aim 1 main", "fire")                 # 4 vs 4: 1-1, a 3 is D
    assert (ev[0].odds, ev[0].result) == ("1-1", "Glanced")
    assert ev[0].text == "Defense fires at Main Battery: Glanced"
    assert s.ogre.weapons == (2, 1, 4, 8)
    s = scenario([("heavy", 809)], ogre=808, phase=DF, seed=seed_for(5), board=EMPTY)
    s, ev = play(s, "aim 1 main", "fire")
    assert ev[0].result == "hit: Main Battery destroyed" and s.ogre.weapons == (2, 0, 4, 8)


def test_c3_d_reduces_infantry_disables_armor_destroys_disabled_armor():
    # Main battery (4) vs infantry 3: 1-1, die 3 = D.
    s = scenario([("infantry", 809, 3)], ogre=808, phase=OF, seed=seed_for(3), board=EMPTY)
    s, ev = play(s, "target 1 main=1", "fire")
    assert ev[0].result == "reduced" and s.piece(1).squads == 2
    assert ev[0].text == "Ogre fires 1 Main Battery at Infantry (3): reduced"
    s = scenario([("heavy", 809)], ogre=808, phase=OF, seed=seed_for(3), turn=5, board=EMPTY)
    s, ev = play(s, "target 1 main=1", "fire")
    assert ev[0].result == "disabled" and s.piece(1).disabled_turn == 5
    s = scenario([("heavy", 809, 1, {"disabled_turn": 4})], ogre=808, phase=OF, turn=5,
                 seed=seed_for(3), board=EMPTY)
    s, ev = play(s, "target 1 main=1", "fire")
    assert ev[0].result == "destroyed" and s.piece(1) is None


def test_c3_x_destroys_any_defender():
    s = scenario([("infantry", 809, 3)], ogre=808, phase=OF, seed=seed_for(5), board=EMPTY)
    s, ev = play(s, "target 1 main=1", "fire")
    assert ev[0].result == "destroyed" and s.piece(1) is None


def test_c3_a_squad_reduced_to_nothing_is_gone():
    s = scenario([("infantry", 809, 1)], ogre=808, phase=OF, seed=seed_for(1), board=EMPTY)
    s, ev = play(s, "target 1 secondary=1", "fire")       # 3 vs 1 is 3-1: a 1 is D
    assert ev[0].result == "reduced" and s.piece(1) is None


# ---------------------------------------------------------------- C4 disabled and fired

def test_c4_fired_pieces_are_marked_until_the_ogre_has_fired_again():
    s = scenario([("heavy", 809), ("cp", 101)], ogre=808, phase=DF, seed=seed_for(1),
                 board=EMPTY)
    s, _ = play(s, "aim 1 secondary", "fire")
    assert s.piece(1).fired == 1
    assert message(s, "aim 1 secondary") == "UNIT ALREADY FIRED THIS TURN"
    s, _ = play(s, "done", "done", "done")               # GEV move, Ogre move, Ogre fire
    assert s.piece(1).fired == 1
    s, _ = play(s, "done")
    assert s.phase is Phase.DEFENSE_MOVE and s.piece(1).fired == 0


# ---------------------------------------------------------------- C5 Ogre attacks

def test_c5_kill_probabilities_match_the_manuals_table():
    active = [percent(kill_probability(c)) for c in combat.COLUMNS]
    disabled = [percent(kill_probability(c, True)) for c in combat.COLUMNS]
    assert active == [17, 33, 50, 67, 83]
    assert disabled == [33, 67, 83, 100, 100]
    assert kill_probability("<1-2") == 0 == kill_probability("<1-2", True)
    assert kill_probability("5-1") == 1 == kill_probability("5-1", True)


def test_c5_manual_example_main_battery_on_a_missile_tank():
    s = scenario([("missile", 810), ("missile", 811, 1, {"disabled_turn": 1})], ogre=808,
                 phase=OF, board=EMPTY)
    assert aim_kill_probability(s, Aiming(target=1, weapons=(0, 1, 0, 0))) == Fraction(1, 2)
    assert aim_kill_probability(s, Aiming(target=2, weapons=(0, 1, 0, 0))) == Fraction(5, 6)
    # Combining does not always help: main + 1 AP is not allowed on armor, main + secondary
    # (7 vs 2) is still 3-1.
    assert aim_kill_probability(s, Aiming(target=1, weapons=(0, 1, 1, 0))) == Fraction(2, 3)


def test_c5_weapons_combine_on_one_target():
    s = scenario([("heavy", 809)], ogre=808, phase=OF, seed=seed_for(2), board=EMPTY)
    s, _ = play(s, "target 1 main=1", "target 1 main=1 secondary=2")
    assert s.aim.weapons == (0, 1, 2, 0)
    assert aim_kill_probability(s, s.aim) == Fraction(2, 3)         # 10 vs 3: 3-1
    s, ev = play(s, "fire")
    assert (ev[0].odds, ev[0].die, ev[0].result) == ("3-1", 2, "disabled")
    assert ev[0].text == "Ogre fires 1 Main Battery, 2 Secondary Battery at Heavy Tank: disabled"
    assert s.ogre.fired == (0, 1, 2, 0)


def test_c5_antipersonnel_only_against_infantry_and_the_cp():
    s = scenario([("heavy", 809), ("infantry", 807, 2), ("cp", 708)], ogre=808, phase=OF,
                 board=EMPTY)
    assert message(s, OgreAim(1, (0, 0, 0, 1))) == "NO TARGET"
    assert check(s, OgreAim(2, (0, 0, 0, 2))).kind == "aim"
    assert check(s, OgreAim(3, (0, 0, 0, 1))).kind == "aim"
    assert OgreAim(1, (0, 0, 0, 1)) not in legal_actions(s)


def test_c5_antipersonnel_hits_an_infantry_unit_once_a_turn():
    s = scenario([("infantry", 809, 3), ("infantry", 807, 3), ("cp", 101)], ogre=808,
                 phase=OF, seed=seed_for(1, 1), board=EMPTY)
    s, _ = play(s, OgreAim(1, (0, 0, 0, 2)), "fire")
    assert s.ap_hit == {1} and s.ogre.fired == (0, 0, 0, 2)
    assert message(s, OgreAim(1, (0, 0, 0, 1))) == "NO TARGET"
    assert OgreAim(1, (0, 0, 0, 1)) not in legal_actions(s)
    assert check(s, OgreAim(1, (0, 0, 1, 0))).kind == "aim"        # other weapons may
    assert check(s, OgreAim(2, (0, 0, 0, 1))).kind == "aim"        # other infantry may
    s, _ = play(s, "done", "done", "done", "done", "done")         # the next Ogre move
    assert s.phase is OF and s.ap_hit == frozenset()
    assert check(s, OgreAim(1, (0, 0, 0, 1))).kind == "aim"


def test_c5_missiles_are_one_shot():
    s = scenario([("heavy", 811), ("heavy", 812), ("cp", 101)], ogre=808, phase=OF,
                 seed=seed_for(1, 1), board=EMPTY)
    s, _ = play(s, "target 1 missile=1", "fire")
    assert (s.ogre.weapons[0], s.ogre.missiles_spent) == (1, 1)
    assert message(s, OgreAim(2, (2, 0, 0, 0))) == "UNIT ALREADY FIRED THIS TURN"
    s, _ = play(s, "target 2 missile=1", "fire")                   # the other missile
    assert (s.ogre.weapons[0], s.ogre.missiles_spent) == (0, 2)
    s, _ = play(s, "done", "done", "done", "done", "done")          # next turn's fire
    assert s.phase is OF and s.ogre.weapons[0] == 0
    assert message(s, OgreAim(1, (1, 0, 0, 0))) == "UNIT ALREADY FIRED THIS TURN"


def test_c5_each_weapon_fires_once_a_turn():
    s = scenario([("heavy", 809), ("heavy", 810), ("cp", 101)], ogre=808, phase=OF,
                 seed=seed_for(1, 1), board=EMPTY)
    s, _ = play(s, "target 1 main=1 secondary=3", "fire")
    assert s.ogre.fired == (0, 1, 3, 0)
    assert message(s, OgreAim(2, (0, 1, 0, 0))) == "UNIT ALREADY FIRED THIS TURN"
    assert message(s, OgreAim(2, (0, 0, 2, 0))) == "UNIT ALREADY FIRED THIS TURN"
    s, _ = play(s, "target 2 secondary=1", "fire")
    assert s.ogre.fired == (0, 1, 4, 0)
    s, _ = play(s, "done", "done", "done", "done", "done")
    assert s.phase is OF and s.ogre.fired == (0, 0, 0, 0)
    assert check(s, OgreAim(2, (0, 1, 4, 0))).kind == "aim"


def test_c5_target_one_unit_at_a_time():
    s = scenario([("heavy", 809), ("heavy", 810)], ogre=808, phase=OF, board=EMPTY)
    s, _ = play(s, "target 1 main=1")
    assert message(s, "target 2 secondary=1") == "TARGET ONE UNIT AT A TIME"
    s, _ = play(s, "clear")
    assert s.aim is None
    assert check(s, OgreAim(2, (0, 0, 1, 0))).kind == "aim"


def test_c5_nothing_aimed_nothing_to_fire_or_clear():
    s = scenario([("heavy", 809)], ogre=808, phase=OF, board=EMPTY)
    assert message(s, "fire") == "NO ATTACKER"
    assert message(s, "clear") == "NO ATTACKER"
    assert message(s, OgreAim(1, (0, 0, 0, 0))) == "NO ATTACKER"
    assert message(s, OgreAim(7, (0, 1, 0, 0))) == "NO TARGET"


# ---------------------------------------------------------------- C6 defender attacks

def test_c6_command_posts_cant_attack():
    s = scenario([("cp", 809)], ogre=808, phase=DF, board=EMPTY)
    assert message(s, "aim 1 ap") == "COMMAND POSTS CAN'T ATTACK"


def test_c6_disabled_cant_attack_this_turn():
    s = scenario([("gev", 809, 1, {"disabled_turn": 2})], ogre=808, phase=DF, turn=2,
                 board=EMPTY)
    assert message(s, "aim 1 ap") == "DISABLED CAN'T ATTACK THIS TURN"
    assert legal_actions(s) == [Done()]


def test_c6_unit_already_aimed_and_already_fired():
    s = scenario([("heavy", 809), ("missile", 810)], ogre=808, phase=DF, seed=seed_for(1),
                 board=EMPTY)
    s, _ = play(s, "aim 1 secondary")
    assert message(s, "aim 1 secondary") == "UNIT ALREADY AIMED THIS TURN"
    s, _ = play(s, "aim 2 secondary", "fire")
    assert message(s, "aim 1 secondary") == "UNIT ALREADY FIRED THIS TURN"
    assert message(s, "aim 2 ap") == "UNIT ALREADY FIRED THIS TURN"


def test_c6_several_defenders_on_one_part():
    s = scenario([("heavy", 809), ("missile", 810), ("gev", 908)], ogre=808, phase=DF,
                 seed=seed_for(1), board=EMPTY)
    s, _ = play(s, "aim 1 secondary", "aim 2 secondary", "aim 3 secondary")
    assert aim_kill_probability(s, s.aim) == Fraction(2, 3)         # 9 vs 3: 3-1
    assert message(s, "aim 1 main") == "UNIT ALREADY AIMED THIS TURN"
    s, ev = play(s, "fire")
    assert ev[0].odds == "3-1" and ev[0].result == "Glanced"        # a 1 at 3-1 is D
    assert [p.fired for p in s.pieces] == [1, 1, 1]


def test_c6_one_part_at_a_time():
    s = scenario([("heavy", 809), ("missile", 810)], ogre=808, phase=DF, board=EMPTY)
    s, _ = play(s, "aim 1 secondary")
    assert message(s, "aim 2 main") == "TARGET ONE UNIT AT A TIME"


def test_c6_target_out_of_attack_range():
    s = scenario([("heavy", 811)], ogre=808, phase=DF, board=EMPTY)
    assert message(s, "aim 1 secondary") == "TARGET OUT OF ATTACK RANGE"


def test_c6_no_attacker():
    s = scenario([("heavy", 809)], ogre=808, phase=DF, board=EMPTY)
    assert message(s, "aim 5 secondary") == "NO ATTACKER"
    assert message(s, "fire") == "NO ATTACKER"
    s = scenario([("heavy", 809)], ogre=808, phase=OF, board=EMPTY)
    assert message(s, "aim 1 secondary") == "NO ATTACKER"


def test_c6_no_target_when_the_part_is_gone():
    s = scenario([("heavy", 809)], ogre=808, phase=DF, board=EMPTY, weapons=(0, 0, 4, 8),
                 missiles_spent=2)
    assert message(s, "aim 1 main") == "NO TARGET"
    assert message(s, "aim 1 missile") == "NO TARGET"      # fired missiles cannot be hit
    s = scenario([("heavy", 809)], ogre=808, phase=DF, board=EMPTY, treads=0)
    assert message(s, "aim 1 treads") == "NO TARGET"
    assert Aim(1, Weapon.TREADS) not in legal_actions(s)


def test_c6_entire_squad_has_aimed_or_fired():
    s = scenario([("infantry", 809, 3)], ogre=808, phase=DF, seed=seed_for(1), board=EMPTY)
    s, _ = play(s, "aim 1 secondary", "aim 1 secondary")
    assert aim_kill_probability(s, s.aim) == Fraction(1, 6)        # 2 vs 3: 1-2
    s, _ = play(s, "aim 1 secondary")
    assert message(s, "aim 1 secondary") == "ENTIRE SQUAD HAS AIMED OR FIRED"
    s, _ = play(s, "fire")
    assert s.piece(1).fired == 3
    assert message(s, "aim 1 ap") == "ENTIRE SQUAD HAS AIMED OR FIRED"


# ---------------------------------------------------------------- C7 treads, squads

def test_c7_treads_are_always_1_1_and_lose_the_attack_strength():
    s = scenario([("howitzer", 815)], ogre=808, phase=DF, seed=seed_for(5), board=EMPTY)
    s, _ = play(s, "aim 1 treads")
    assert aim_kill_probability(s, s.aim) == Fraction(1, 3)
    s, ev = play(s, "fire")
    assert (ev[0].odds, ev[0].result, ev[0].treads_lost) == ("1-1", "hit: 6 treads", 6)
    assert s.ogre.treads == 39 and ev[0].text == "Defense fires at Treads: hit: 6 treads"
    s = scenario([("howitzer", 815)], ogre=808, phase=DF, seed=seed_for(4), board=EMPTY)
    s, ev = play(s, "aim 1 treads", "fire")
    assert ev[0].result == "Glanced" and s.ogre.treads == 45


def test_c7_a_tread_hit_takes_no_more_treads_than_are_left():
    s = scenario([("heavy", 809)], ogre=808, phase=DF, seed=seed_for(6), board=EMPTY, treads=3)
    s, ev = play(s, "aim 1 treads", "fire")
    assert s.ogre.treads == 0 and ev[0].treads_lost == 3


def test_c7_no_combined_attacks_on_treads_except_infantry():
    s = scenario([("heavy", 809), ("missile", 810), ("infantry", 807, 3), ("infantry", 907, 1)],
                 ogre=808, phase=DF, seed=seed_for(6), board=EMPTY)
    s1, _ = play(s, "aim 1 treads")
    assert message(s1, "aim 2 treads") == "NO COMBINED ATTACKS ON TREADS"
    assert message(s1, "aim 3 treads") == "NO COMBINED ATTACKS ON TREADS"
    s2, _ = play(s, "aim 3 treads")
    assert message(s2, "aim 1 treads") == "NO COMBINED ATTACKS ON TREADS"
    s2, _ = play(s2, "aim 3 treads", "aim 3 treads", "aim 4 treads")
    assert s2.aim.attackers == (3, 3, 3, 4)
    assert aim_kill_probability(s2, s2.aim) == Fraction(1, 3)     # still 33%
    s2, ev = play(s2, "fire")
    assert ev[0].treads_lost == 4 and s2.ogre.treads == 41
    assert s2.piece(3).fired == 3 and s2.piece(4).fired == 1


def test_c7_infantry_aims_squad_by_squad():
    s = scenario([("infantry", 809, 3)], ogre=808, phase=DF, seed=seed_for(5, 5), board=EMPTY)
    s, _ = play(s, "aim 1 ap", "aim 1 ap", "fire")               # 2 vs 1: 2-1, a 5 is X
    assert s.ogre.weapons == (2, 1, 4, 7) and s.piece(1).fired == 2
    s, ev = play(s, "aim 1 ap", "fire")                           # the third squad alone
    assert ev[0].odds == "1-1" and s.ogre.weapons == (2, 1, 4, 6)
    assert message(s, "aim 1 ap") == "ENTIRE SQUAD HAS AIMED OR FIRED"


# ---------------------------------------------------------------- C8 result words

def test_c8_results_are_reported_in_the_sidebars_words():
    words = set()
    for die in range(1, 7):
        for piece in (("heavy", 809), ("infantry", 809, 3)):
            s = scenario([piece], ogre=808, phase=OF, seed=seed_for(die), board=EMPTY)
            _, ev = play(s, OgreAim(1, (0, 1, 0, 0)), "fire")
            words.add(ev[0].result)
        s = scenario([("heavy", 809)], ogre=808, phase=DF, seed=seed_for(die), board=EMPTY)
        _, ev = play(s, "aim 1 secondary", "fire")
        words.add(ev[0].result)
    assert words == {"miss", "disabled", "destroyed", "reduced", "Glanced",
                     "hit: Secondary Battery destroyed"}

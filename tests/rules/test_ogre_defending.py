"""Ogre Defending (X15, pocket edition 9.03): a force of units enters at the bottom of the map to
destroy a Command Post that a watchdog Ogre and half that force guard; any attacking unit may
leave by the bottom to escape. Units fire on units (6.06-6.09), the Ogre rams and overruns the
attackers (5.03.1, 5.04) and they ram it (5.03.6); the victory levels are 1.03's by analogy."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ogre.ai.deploy import watched
from ogre.rules import GameState, Kind, Phase, Piece, apply, check, legal_actions, new_game
from ogre.rules.actions import Enter, Move, OgreAim
from ogre.rules.assault import ESCAPED, FIRST_ID
from ogre.rules.board import EMPTY_BOARD
from ogre.rules.dice import seed_state
from ogre.rules.invariants import first_problem
from ogre.rules.levels import (
    ATTACK_VICTORY,
    COMPLETE_ATTACK,
    COMPLETE_DEFENSE,
    DEFENSE_VICTORY,
    MARGINAL_ATTACK,
    MARGINAL_DEFENSE,
)
from ogre.rules.options import Options
from ogre.rules.state import Ogre
from ogre.rules.victory import victory_level

from .helpers import events_of, mark_iii_field, message, play, seed_for

KEY = "ogre-defending"
A1, A2, A3 = FIRST_ID, FIRST_ID + 1, FIRST_ID + 2


def defending(defense=(), attack=(), dog: int = 808, phase=Phase.OGRE_MOVE, turn: int = 2,
              seed: int = 0, board=EMPTY_BOARD, options=None, **dog_changes) -> GameState:
    """An Ogre Defending battle mid-way: the defense's units (ids 1, 2 ...) and the attacking
    force's (ids 1001, 1002 ...) as (kind, hex[, squads[, changes]]), the watchdog Mark III
    at `dog`."""
    def pieces(specs, first):
        out = []
        for i, (kind, h, *rest) in enumerate(specs):
            p = Piece(first + i, Kind(kind), h, rest[0] if rest else 1, start=h)
            out.append(replace(p, **rest[1]) if len(rest) > 1 else p)
        return tuple(out)
    o = replace(Ogre.fresh(3), hex=dog, undo_hex=dog, **dog_changes)
    ps = pieces(defense, 1) + pieces(attack, FIRST_ID)
    return GameState(board=board, scenario=KEY, pieces=ps, ogres=(o,), phase=phase, turn=turn,
                     rng=seed_state(seed), next_id=max(len(defense), len(attack)) + 1,
                     options=options or Options())


CP_FAR = ("cp", 801)


# ---------------------------------------------------------------- the battle's set-up

def test_x15_the_force_waits_off_the_map_and_the_watchdog_stands_on_the_field():
    s = new_game(watched(mark_iii_field()), 3, 1, KEY)
    force = [p for p in s.pieces if p.id >= FIRST_ID]
    assert sum(p.kind.value != "infantry" for p in force) == 12
    assert sum(p.squads for p in force if p.kind is Kind.INFANTRY) == 20
    assert all(p.hex == 0 for p in force) and s.phase is Phase.OGRE_MOVE
    defense = [p for p in s.pieces if p.id < FIRST_ID]
    assert sum(p.squads for p in defense if p.kind is Kind.INFANTRY) == 10
    assert s.ogres[0].hex and s.ogres[0].mark == 3 and first_problem(s) is None
    # the watchdog is the scenario's Mark III whatever Mark the field was played against
    assert new_game(watched(mark_iii_field()), 5, 1, KEY).ogres[0].mark == 3


# ---------------------------------------------------------------- entering and escaping

def test_x15_a_unit_enters_on_the_bottom_row_for_its_first_point_and_goes_on():
    s = defending([CP_FAR], [("heavy", 0)], turn=1)
    s, ev = play(s, "move 1001 1020")             # 1121, then two more hexes
    assert s.known(A1).hex == 1020 and s.known(A1).moved == 3
    assert events_of(ev, "enter")[0].text == "Heavy Tank enters at 1020"
    assert message(defending([CP_FAR], [("heavy", 0)]), "move 1001 1017") == "CAN'T MOVE THAT FAR"
    s, _ = play(s, "undo 1001")
    assert s.known(A1).hex == 0 and first_problem(s) is None


def test_x15_a_unit_on_the_bottom_row_may_leave_to_escape():
    s = defending([CP_FAR], [("gev", 1121), ("gev", 1020)])
    assert message(s, "exit 1002") == "PLEASE STAY ON THE MAP"          # not on the bottom row
    s, ev = play(s, "exit 1001")
    assert s.known(A1).hex == ESCAPED and events_of(ev, "exit")[0].text == "GEV leaves the map"
    assert message(defending([CP_FAR], [("gev", 1121, 1, {"moved": 4})]),
                   "exit 1001") == "PLEASE STAY ON THE MAP"                # no point left
    assert message(defending([CP_FAR], [("heavy", 1020)], phase=Phase.DEFENSE_MOVE),
                   "exit 1001") == "PLEASE STAY ON THE MAP"


def test_x15_the_ogre_never_leaves_and_no_unit_enters_by_enter():
    s = defending([CP_FAR], [("heavy", 0)])
    assert message(s, "enter 1121") == "PLEASE MOVE A PIECE"
    assert message(replace(s, phase=Phase.DEFENSE_MOVE), "exit") == "PLEASE STAY ON THE MAP"


# ---------------------------------------------------------------- moving among enemies

def test_x15_5_02_2_no_unit_passes_through_an_enemy_but_through_its_friends():
    # 1009 is the one hex between 1010 and 1008: infantry (M2) gets there only through it
    s = defending([CP_FAR, ("infantry", 1009, 1)], [("infantry", 1010, 1)], dog=301)
    assert message(s, "move 1001 1008") == "NO CLEAR PATH"
    assert message(s, "move 1001 1009") == "THIS HEX IS FULL"
    s2 = replace(s, phase=Phase.DEFENSE_MOVE)
    assert message(s2, "move 2 1011") == "NO CLEAR PATH"
    s3, _ = play(defending([CP_FAR], [("infantry", 1010, 1), ("heavy", 1009)], dog=301),
                 "move 1001 1008")                                         # through its friend
    assert s3.known(A1).hex == 1008


def test_x15_the_defenses_units_never_share_their_ogres_hex():
    s = defending([CP_FAR, ("heavy", 807)], [], dog=808, phase=Phase.DEFENSE_MOVE)
    assert message(s, "move 2 0808") == "THIS HEX IS FULL"
    assert not [a for a in legal_actions(s) if getattr(a, "to", 0) == 808]


def test_x15_5_03_6_attacking_armor_rams_the_ogre_and_is_destroyed():
    s, ev = play(defending([CP_FAR], [("missile", 810)], dog=809), "move 1001 0809")
    assert s.piece(A1) is None and s.ogres[0].treads == 44
    assert events_of(ev, "ram_ogre")[0].text.startswith("Missile Tank rams the Ogre")


def test_x15_6_14_1_infantry_may_stand_with_the_ogre_but_must_leave_it_next_move():
    s, _ = play(defending([CP_FAR], [("infantry", 810, 3)], dog=809), "move 1001 0809")
    assert s.known(A1).hex == 809
    s = s.with_pieces(tuple(replace(p, moved=0, start=p.hex) for p in s.pieces))   # next turn
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"
    s, _ = play(s, "move 1001 0810", "done")
    assert s.phase is Phase.OGRE_FIRE


# ---------------------------------------------------------------- the Ogre against the force

def test_x15_5_03_1_the_ogre_rams_attacking_armor_through_its_own_units():
    seed = seed_for(5)                                  # 4-6: the rammed tank is destroyed
    s = defending([CP_FAR, ("heavy", 807)], [("gev", 806)], dog=808,
                  phase=Phase.DEFENSE_MOVE, seed=seed)
    s, ev = play(s, "move O 0806")                       # through its heavy tank at 0807
    assert s.piece(A1) is None and s.ogres[0].hex == 806 and s.ogres[0].treads == 44
    assert events_of(ev, "ram")[0].text == "Ogre rams GEV: destroyed"


def test_x15_5_04_the_ogre_overruns_attacking_infantry():
    s = defending([CP_FAR], [("infantry", 807, 3)], dog=808, phase=Phase.DEFENSE_MOVE)
    s, ev = play(s, "move O 0807")
    assert s.known(A1).squads == 2 and events_of(ev, "overrun")[0].result == "reduced"
    s, _ = play(s, "move O 0807")                         # stays and overruns again
    assert s.known(A1).squads == 1


def test_x15_the_ogre_fires_on_attacking_units_in_the_defense_attack_only():
    s = defending([CP_FAR], [("heavy", 806), ("infantry", 807, 3)], dog=808,
                  phase=Phase.DEFENSE_FIRE, seed=seed_for(6))
    assert message(s, "target 1001 ap=1") == "NO TARGET"                 # 6.10.1
    s, ev = play(s, "target 1001 main=1 secondary=2", "fire")            # 4+3+3 vs 3: 3-1
    assert s.piece(A1) is None and events_of(ev, "fire")[0].odds == "3-1"
    assert message(replace(s, phase=Phase.OGRE_FIRE), "target 1002 ap=1") == "NO ATTACKER"


def test_x15_attacking_units_fire_on_the_ogres_parts_and_combine_only_squads_on_treads():
    s = defending([CP_FAR], [("heavy", 810), ("missile", 811), ("infantry", 807, 3)], dog=808,
                  phase=Phase.OGRE_FIRE, seed=seed_for(6))
    s2, _ = play(s, "aim 1002 treads")
    assert message(s2, "aim 1003 treads") == "NO COMBINED ATTACKS ON TREADS"
    s3, ev = play(s, "aim 1001 main", "aim 1002 main", "fire")           # 7 vs 4: 1-1, a 6
    assert s3.ogres[0].weapons[1] == 0
    assert events_of(ev, "fire")[0].text == (
        "Attack fires at Main Battery: hit: Main Battery destroyed")
    assert message(replace(s, phase=Phase.DEFENSE_FIRE), "aim 1001 main") == "NO ATTACKER"


# ---------------------------------------------------------------- units against units

def test_x15_6_06_units_combine_on_one_enemy_unit_d_disables_and_x_destroys():
    s = defending([CP_FAR, ("heavy", 505)], [("heavy", 507), ("missile", 508),
                                             ("infantry", 506, 2)], dog=1515,
                  phase=Phase.OGRE_FIRE, seed=seed_for(3))
    s, _ = play(s, "aim 1001 unit=2", "aim 1003 unit=2")
    assert message(s, "aim 1002 unit=1") == "TARGET ONE UNIT AT A TIME"
    s, ev = play(s, "aim 1002 unit=2", "fire")          # 4+3+1 vs 3: 2-1, a 3: D
    assert s.known(2).disabled and events_of(ev, "fire")[0].result == "disabled"
    assert events_of(ev, "fire")[0].text == "Attack fires at Heavy Tank: disabled"
    assert message(s, "aim 1001 unit=2") == "UNIT ALREADY FIRED THIS TURN"


def test_x15_the_command_post_falls_to_any_attack_and_then_the_force_runs():
    s = defending([("cp", 505)], [("infantry", 506, 1)], dog=1515, phase=Phase.OGRE_FIRE)
    s, ev = play(s, "aim 1001 unit=1", "fire")
    assert s.command_post is None and not s.over       # the force must still escape
    assert message(s, "aim 1001 unit=1") in ("NO TARGET", "ENTIRE SQUAD HAS AIMED OR FIRED")


def test_x15_the_defense_fires_on_attacking_units_in_its_own_attack():
    s = defending([CP_FAR, ("missile", 505)], [("gev", 507)], dog=1515,
                  phase=Phase.DEFENSE_FIRE, seed=seed_for(6))
    s, ev = play(s, "aim 2 unit=1001", "fire")          # 3 vs 2: 1-1, a 6: X
    assert s.piece(A1) is None
    assert events_of(ev, "fire")[0].text == "Defense fires at GEV: destroyed"
    assert message(replace(s, phase=Phase.OGRE_FIRE), "aim 2 unit=1001") == "NO ATTACKER"


def test_x15_4_02_a_unit_disabled_misses_its_sides_next_turn_and_then_recovers():
    # attacking armor disabled in the defense's fire of turn 2: out of turn 3, back for turn 4
    s = defending([CP_FAR], [("heavy", 1010, 1, {"disabled_turn": 2})], dog=1515,
                  phase=Phase.GEV_MOVE, turn=2)
    s, _ = play(s, "done")
    assert s.turn == 3 and s.known(A1).disabled
    assert message(s, "move 1001 1009") == "DISABLED CAN'T MOVE THIS TURN"
    s, _ = play(s, *["done"] * 6)
    assert s.turn == 4 and not s.known(A1).disabled
    # a defender disabled in the attack's fire of turn 2 misses that turn's defense
    d = defending([CP_FAR, ("heavy", 505, 1, {"disabled_turn": 2})], [("heavy", 1010)],
                  dog=1515, phase=Phase.ATTACK_GEV_MOVE, turn=2)
    d, _ = play(d, "done")
    assert d.known(2).disabled
    assert d.phase is Phase.DEFENSE_MOVE and message(d, "move 2 0504") == (
        "DISABLED CAN'T MOVE THIS TURN")
    d, _ = play(d, *["done"] * 6)                        # to turn 3's defense movement
    assert d.turn == 3 and d.phase is Phase.DEFENSE_MOVE and not d.known(2).disabled


def test_x15_the_attacking_gevs_move_again_after_their_fire_and_nothing_else_does():
    s = defending([CP_FAR], [("gev", 1010), ("heavy", 1110)], dog=1515,
                  phase=Phase.ATTACK_GEV_MOVE)
    assert message(s, "move 1002 1109") == "PIECE CANNOT MOVE"
    s, _ = play(s, "move 1001 1007")
    assert s.known(A1).hex == 1007
    assert message(s, "move 1001 1006") == "THIS UNIT HAS MOVED"


# ---------------------------------------------------------------- the end (1.03 by analogy)

@pytest.mark.parametrize("defense, attack, dog_destroyed, level", [
    ([], [("heavy", ESCAPED)], True, COMPLETE_ATTACK),
    ([("heavy", 505)], [("heavy", ESCAPED)], False, ATTACK_VICTORY),
    ([("heavy", 505)], [], False, MARGINAL_ATTACK),
    ([CP_FAR], [("heavy", ESCAPED)], True, MARGINAL_DEFENSE),
    ([CP_FAR], [], True, DEFENSE_VICTORY),
    ([CP_FAR], [], False, COMPLETE_DEFENSE),
    ([CP_FAR], [("heavy", 0)], False, ""),                  # one still to enter
    ([("heavy", 505)], [("heavy", 1010)], False, ""),       # the CP fell; it must get out
])
def test_x15_the_victory_levels_by_analogy_with_1_03(defense, attack, dog_destroyed, level):
    gone = {"treads": 0, "weapons": (0, 0, 0, 0)} if dog_destroyed else {}
    s = defending(defense, [(k, h, 1, {"start": h}) for k, h in attack], dog=1515, **gone)
    assert victory_level(s) == level


def test_x15_7_02_time_up_is_a_marginal_defense_victory():
    s = defending([CP_FAR], [("heavy", 1010)], dog=1515, phase=Phase.GEV_MOVE, turn=3,
                  options=Options(time_limit=3))
    s, ev = play(s, "done")
    assert s.result == MARGINAL_DEFENSE and events_of(ev, "time_up")


# ---------------------------------------------------------------- whole battles

def _leaning_choice(s: GameState, rnd: random.Random):
    """A random action, leaning to fire and to moves northward, so that the sides meet."""
    acts = legal_actions(s)
    if rnd.random() < 0.08 and str(acts[-1]) == "done":
        return acts[-1]
    fire = [a for a in acts if str(a) == "fire"]
    if fire and rnd.random() < 0.7:
        return fire[0]
    aims = [a for a in acts if str(a).startswith(("aim", "target"))]
    if aims and rnd.random() < 0.6:
        return rnd.choice(aims)
    moves = [a for a in acts if str(a).startswith("move")]
    if moves and rnd.random() < 0.8:
        return min(rnd.sample(moves, min(4, len(moves))), key=lambda a: a.to % 100
                   if a.piece >= FIRST_ID else -(a.to % 100))
    return rnd.choice(acts)


@pytest.mark.parametrize("seed", range(4))
def test_x15_random_battles_keep_every_invariant_and_every_listed_action_is_accepted(seed):
    rnd = random.Random(seed)
    s = new_game(watched(mark_iii_field()), 3, seed, KEY)
    for _ in range(3000):
        if s.over:
            break
        for a in legal_actions(s):
            check(s, a)
        s, _ = apply(s, _leaning_choice(s, rnd))
        assert first_problem(s) is None, (str(s.phase), first_problem(s))
    assert s.over or s.turn > 5


# ---------------------------------------------------------------- infantry and Undo (M4, M5)

def test_x15_m5_each_sides_squads_split_off_with_ids_of_their_own_side():
    s = defending([CP_FAR, ("infantry", 505, 3)], [("infantry", 1010, 3)], dog=1515)
    s, _ = play(s, "split 1001")
    attack_new = max(p.id for p in s.pieces)
    assert attack_new > A1 and s.known(attack_new).squads == 1
    s, _ = play(s, f"move {attack_new} 1009")
    for _ in range(3):                                  # to the defense's movement
        s, _ = play(s, "done")
    assert s.phase is Phase.DEFENSE_MOVE
    s, _ = play(s, "split 2")
    defense_new = max(p.id for p in s.pieces if p.id < FIRST_ID)
    assert 2 < defense_new < FIRST_ID and first_problem(s) is None


def test_x15_m5_infantry_of_the_two_sides_never_groups():
    s = defending([CP_FAR, ("infantry", 505, 1)], [("infantry", 506, 1)], dog=1515)
    assert message(s, "move 1001 0505") == "THIS HEX IS FULL"
    assert message(s, "group 1001") == "PLEASE MOVE A PIECE"


def test_x15_m4_the_ogres_undo_stops_at_its_ram_and_never_lands_on_its_own_unit():
    seed = seed_for(1)                                   # 1-3: the rammed GEV is disabled
    s = defending([CP_FAR], [("gev", 806)], dog=808, phase=Phase.DEFENSE_MOVE, seed=seed)
    s, _ = play(s, "move O 0806", "move O 0805")
    s, _ = play(s, "undo O")
    assert s.ogres[0].hex == 806                         # back to the ram, not before it
    t = defending([CP_FAR, ("heavy", 1010)], [("heavy", 1520)], dog=808,
                  phase=Phase.DEFENSE_MOVE)
    t, _ = play(t, "move O 0809", "move 2 0808")
    assert message(t, "undo O") == "THIS HEX IS FULL"


# ---------------------------------------------------------------- found by a hostile review

def test_x15_m3_the_defense_never_sticks_its_ogre_may_move_while_its_units_share_a_hex():
    s = defending([CP_FAR, ("heavy", 809), ("howitzer", 812), ("infantry", 707, 1),
                   ("infantry", 907, 1)], [("heavy", 1520)], dog=808, phase=Phase.DEFENSE_MOVE)
    s, _ = play(s, "move 2 0810", "move O 0809", "move 4 0808", "move 5 0808", "group 4",
                "move 2 0812")
    assert legal_actions(s)
    s, _ = play(s, "move O 0709", "undo 2", "done")
    assert s.phase is Phase.DEFENSE_FIRE


def test_x15_6_14_1_stepping_off_the_ogre_and_back_does_not_leave_it():
    s = defending([CP_FAR], [("infantry", 809, 3)], dog=809)
    s, _ = play(s, "move 1001 0810", "move 1001 0809")
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"


def test_x15_the_ogres_stay_and_ram_is_listed_only_when_it_may_ram():
    s = defending([CP_FAR], [("gev", 808, 1, {"disabled_turn": 2})], dog=808,
                  phase=Phase.DEFENSE_MOVE, rams=2)
    assert not [a for a in legal_actions(s) if getattr(a, "to", 0) == 808]
    assert message(s, "move O 0808") == "ONLY TWO RAMS PER TURN"


def test_x15_the_defenses_new_squads_never_take_the_forces_ids():
    s = defending([CP_FAR, ("infantry", 505, 3)], [("heavy", 1010)], dog=1515,
                  phase=Phase.DEFENSE_MOVE)
    s = replace(s, next_id=FIRST_ID)
    assert message(s, "split 2") == "PLEASE MOVE A PIECE"


def test_x15_a_wreck_blocks_its_hex_and_is_never_rammed():
    s = defending([CP_FAR, ("heavy", 505)], [("heavy", 810)], dog=809, treads=0,
                  weapons=(0, 0, 0, 0))
    assert message(s, "move 1001 0809") == "THIS HEX IS FULL"


@pytest.mark.parametrize("action", [Move(1001, 1009.0), Move(0, 809.0), Enter(822.0)])
def test_x15_a_hex_that_is_not_a_whole_number_is_refused(action):
    for s in (defending([CP_FAR], [("heavy", 1010)], dog=808),
              defending([CP_FAR], [("heavy", 1010)], dog=808, phase=Phase.DEFENSE_MOVE)):
        assert message(s, action)


def test_x15_weapon_counts_that_are_not_whole_numbers_are_refused():
    s = defending([CP_FAR], [("heavy", 806)], dog=808, phase=Phase.DEFENSE_FIRE)
    for counts in ((0.5, 0, 0, 0), (0, 0.5, 0, 0)):
        assert message(s, OgreAim(1001, counts)) == "NO ATTACKER"


# ---------------------------------------------------------------- positions no battle reaches

@pytest.mark.parametrize("position, problem", [
    (lambda: defending([CP_FAR], [("heavy", 1010), ("infantry", 1010, 3)],
                       phase=Phase.ATTACK_GEV_MOVE),
     "pieces share a hex that none of them moved into"),              # no move, no Undo: stuck
    (lambda: defending([CP_FAR, ("heavy", 1012)],
                       [("heavy", 1010, 1, {"moved": 2, "start": 1012})]),
     "a unit's way back is taken by the enemy"),                      # Undo would meet it
    (lambda: defending([CP_FAR], [("heavy", 1010, 1, {"start": 1012, "moved": 2})],
                       phase=Phase.DEFENSE_MOVE),
     "piece 1001 would undo a move outside its side's movement"),
    (lambda: defending([CP_FAR], [("heavy", ESCAPED, 1, {"start": ESCAPED, "fired": 1})]),
     "piece 1001 fired, was hit or moved too far to have escaped"),
    (lambda: defending([CP_FAR], [("heavy", 0, 1, {"start": 0, "base_moved": 5})]),
     "piece 1001 has moved, fired or been hit before it entered"),
    (lambda: defending([CP_FAR, ("heavy", 1012, 1, {"disabled_turn": 1})],
                       phase=Phase.DEFENSE_MOVE),
     "piece 2 is still disabled in its side's next turn"),
])
def test_x15_g6_a_position_ogre_defending_never_reaches_is_named(position, problem):
    """What a hostile file could hold: each is refused in its own words (rules.invariants),
    so a loaded battle never stands where no action can go on or Undo breaks a rule."""
    assert first_problem(position()) == problem


def test_x15_g6_mark_iii_on_defense_has_no_entry_once_its_mark_v_is_on_the_map():
    from ogre.ai.deploy import defended
    s = new_game(defended(mark_iii_field()), 3, 1, "mark-iii-on-defense")
    entered = replace(s, ogres=(replace(s.ogres[0], hex=1021, undo_hex=1021), s.ogres[1]))
    assert first_problem(entered) == "it is the Ogre's entry but no attacking Ogre waits to enter"

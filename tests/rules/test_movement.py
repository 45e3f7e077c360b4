"""M1-M9: moving, stacking, undo, grouping, GEVs, ramming, overruns, leaving the map."""

from __future__ import annotations

from ogre.rules import Done, Exit, Group, Move, Phase, Split, Undo, check, legal_actions
from ogre.rules.game import MARGINAL_DEFENSE, OGRE_VICTORY

from .helpers import EMPTY, message, play, refused, scenario, seed_for

DM, GM, OM = Phase.DEFENSE_MOVE, Phase.GEV_MOVE, Phase.OGRE_MOVE
# 0801 on the top edge touches only 0701, 0802 and 0901: craters on two make a dead end.
DEAD_END = EMPTY.with_crater(701, True).with_crater(901, True)


# ---------------------------------------------------------------- M1: every error message

def test_m1_cant_move_onto_a_crater():
    s = scenario([("heavy", 1008)], ogre=820, phase=DM)
    assert message(s, "move 1 0907") == "CAN'T MOVE ONTO A CRATER"


def test_m1_cant_move_that_far():
    s = scenario([("heavy", 808), ("infantry", 1010, 1), ("gev", 1212)], ogre=820, phase=DM,
                 board=EMPTY)
    assert check(s, Move(1, 805)).cost == 3
    assert message(s, "move 1 0804") == "CAN'T MOVE THAT FAR"
    assert message(s, "move 2 1013") == "CAN'T MOVE THAT FAR"
    assert check(s, Move(3, 1208)).cost == 4
    assert message(s, "move 3 1207") == "CAN'T MOVE THAT FAR"


def test_m1_no_clear_path_a_defender_never_passes_the_ogre():
    s = scenario([("missile", 801)], ogre=802, phase=DM, board=DEAD_END)
    assert message(s, "move 1 0803") == "NO CLEAR PATH"
    assert check(s, Move(1, 802)).kind == "ram_ogre"      # onto the Ogre is a ram, not a path


def test_m1_no_clear_path_the_ogre_never_passes_a_defender():
    s = scenario([("infantry", 802, 1), ("cp", 1501)], ogre=801, phase=OM, board=DEAD_END)
    assert message(s, "move O 0803") == "NO CLEAR PATH"
    assert check(s, Move(0, 802)).kind == "overrun"


def test_m1_this_unit_has_moved():
    s = scenario([("heavy", 808, 1, {"moved": 3})], ogre=820, phase=DM)
    assert message(s, "move 1 0809") == "THIS UNIT HAS MOVED"
    s = scenario([("cp", 101)], ogre=810, phase=OM, moved=3)
    assert message(s, "move O 0809") == "THIS UNIT HAS MOVED"


def test_m1_piece_cannot_move():
    s = scenario([("cp", 801), ("howitzer", 803)], ogre=820, phase=DM)
    assert message(s, "move 1 0802") == "PIECE CANNOT MOVE"
    assert message(s, "move 2 0804") == "PIECE CANNOT MOVE"
    s = scenario([("heavy", 808), ("infantry", 810, 2), ("gev", 812)], ogre=820, phase=GM)
    assert message(s, "move 1 0809") == "PIECE CANNOT MOVE"
    assert message(s, "move 2 0811") == "PIECE CANNOT MOVE"
    assert check(s, Move(3, 813)).kind == "move"


def test_m1_please_move_a_piece():
    s = scenario([("heavy", 808)], ogre=820, phase=OM)
    assert message(s, "move 1 0809") == "PLEASE MOVE A PIECE"        # the opponent's piece
    s = scenario([("heavy", 808)], ogre=820, phase=DM)
    assert message(s, "move O 0819") == "PLEASE MOVE A PIECE"        # the opponent's Ogre
    assert message(s, "move 9 0809") == "PLEASE MOVE A PIECE"        # from a blank hex
    assert message(s, "undo 1") == "PLEASE MOVE A PIECE"             # nothing to undo


def test_m1_disabled_cant_move_this_turn():
    s = scenario([("gev", 808, 1, {"disabled_turn": 2})], ogre=820, phase=DM, turn=2)
    assert message(s, "move 1 0809") == "DISABLED CAN'T MOVE THIS TURN"
    assert all(a.piece != 1 for a in legal_actions(s) if isinstance(a, Move))


def test_m1_no_treads_left():
    s = scenario([("cp", 101)], ogre=810, phase=OM, treads=0)
    assert message(s, "move O 0809") == "NO TREADS LEFT!"
    assert legal_actions(s) == [Done()]


def test_m1_please_stay_on_the_map():
    s = scenario([("heavy", 101)], ogre=820, phase=DM)
    assert message(s, Move(1, 100)) == "PLEASE STAY ON THE MAP"
    assert message(s, Move(1, 1601)) == "PLEASE STAY ON THE MAP"
    s = scenario([("cp", 101)], ogre=121, phase=OM)
    assert message(s, Move(0, 122)) == "PLEASE STAY ON THE MAP"
    s = scenario([("cp", 101)], ogre=120, phase=OM)
    assert message(s, Exit()) == "PLEASE STAY ON THE MAP"


# ---------------------------------------------------------------- M2: several drags

def test_m2_a_piece_moves_in_several_drags_up_to_its_move():
    s = scenario([("heavy", 808)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807")
    assert (s.piece(1).hex, s.piece(1).moved, s.piece(1).start) == (807, 1, 808)
    s, _ = play(s, "move 1 0806", "move 1 0805")
    assert (s.piece(1).hex, s.piece(1).moved) == (805, 3)
    assert message(s, "move 1 0804") == "THIS UNIT HAS MOVED"
    s, _ = play(s, "undo 1")
    assert (s.piece(1).hex, s.piece(1).moved) == (808, 0)


def test_m2_the_ogre_moves_in_several_drags():
    s = scenario([("cp", 101)], ogre=810, phase=OM, board=EMPTY)
    s, _ = play(s, "move O 0809", "move O 0808")
    assert (s.ogre.hex, s.ogre.moved, s.ogre.moves_left) == (808, 2, 1)
    assert message(s, "move O 0806") == "CAN'T MOVE THAT FAR"
    s, _ = play(s, "move O 0807")
    assert message(s, "move O 0806") == "THIS UNIT HAS MOVED"


# ---------------------------------------------------------------- M3: stacking

def test_m3_pieces_pass_through_friends():
    s = scenario([("heavy", 808), ("infantry", 807, 1)], ogre=820, phase=DM, board=EMPTY)
    assert check(s, Move(1, 806)).cost == 2          # the only two-step way is through 0807


def test_m3_a_piece_stopped_on_a_friend_must_be_moved_off_first():
    s = scenario([("heavy", 808), ("infantry", 807, 1), ("missile", 1010), ("gev", 1212),
                  ("infantry", 1014, 2)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 4 1211", "move 1 0807")
    assert s.crowded_hex() == 807
    assert message(s, "move 3 1009") == "2 UNITS IN HEX PLEASE MOVE 1"
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"
    assert message(s, "split 5") == "2 UNITS IN HEX PLEASE MOVE 1"
    assert Undo(4) in legal_actions(s)               # undoing elsewhere is still allowed
    assert not any(isinstance(a, Move) and a.piece in (3, 4) for a in legal_actions(s))
    s, _ = play(s, "move 2 0707")                    # either of the two may move off
    assert s.crowded_hex() == 0
    s, _ = play(s, "move 3 1009", "done")
    assert s.phase is Phase.DEFENSE_FIRE


def test_m3_this_hex_is_full_under_the_ogre():
    # A disabled heavy tank lies under the Ogre: no other defender may join it there.
    s = scenario([("heavy", 808, 1, {"disabled_turn": 2}), ("infantry", 806, 2),
                  ("gev", 811)], ogre=808, phase=DM, turn=2, board=EMPTY)
    assert message(s, "move 2 0808") == "THIS HEX IS FULL"
    assert message(s, "move 3 0808") == "THIS HEX IS FULL"
    assert Move(2, 808) not in legal_actions(s)
    # Alone, the Ogre's hex can be entered: infantry joins it, armor rams it.
    s = scenario([("infantry", 806, 2), ("gev", 811)], ogre=808, phase=DM, board=EMPTY)
    assert check(s, Move(1, 808)).kind == "join_ogre"
    assert check(s, Move(2, 808)).kind == "ram_ogre"


def test_m3_undo_back_under_the_ogre_onto_a_defender_must_be_resolved():
    # Infantry 1 starts under the Ogre and leaves; infantry 2 joins the Ogre; infantry 1's Undo
    # puts two defenders under the Ogre, and one of them must move off before Done.
    s = scenario([("infantry", 808, 1), ("infantry", 806, 1)], ogre=808, phase=DM,
                 board=EMPTY)
    s, _ = play(s, "move 1 0809", "move 2 0808", "undo 1")
    assert len(s.at(808)) == 2 and s.crowded_hex() == 808
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"
    s, _ = play(s, "move 1 0810", "done")
    assert len(s.at(808)) == 1 and s.phase is Phase.DEFENSE_FIRE


def test_m3_infantry_stacks_to_three_squads_only():
    s = scenario([("infantry", 808, 2), ("infantry", 807, 2)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807")
    assert message(s, "group 1") == "THIS HEX IS FULL"
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"


# ---------------------------------------------------------------- M4: undo

def test_m4_undo_returns_a_defender_to_its_phase_start():
    s = scenario([("gev", 808)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0806", "move 1 0805")
    s, ev = play(s, "undo 1")
    assert (s.piece(1).hex, s.piece(1).moved) == (808, 0)
    assert ev[0].text == "GEV move undone"
    assert message(s, "undo 1") == "PLEASE MOVE A PIECE"


def test_m4_ogre_undo_returns_to_the_start_of_its_move():
    s = scenario([("cp", 101)], ogre=810, phase=OM, board=EMPTY)
    assert Undo(0) not in legal_actions(s)
    s, _ = play(s, "move O 0809", "move O 0808")
    s, _ = play(s, "undo O")
    assert (s.ogre.hex, s.ogre.moved) == (810, 0)


def test_m4_ogre_undo_goes_back_only_to_the_ram_hex():
    s = scenario([("missile", 808), ("cp", 101)], ogre=810, phase=OM, seed=seed_for(5),
                 board=EMPTY)
    s, _ = play(s, "move O 0809", "move O 0808", "move O 0807")
    assert s.piece(1) is None and s.ogre.treads == 44
    s, _ = play(s, "undo O")
    assert (s.ogre.hex, s.ogre.moved, s.ogre.treads) == (808, 2, 44)
    assert message(s, "undo O") == "PLEASE MOVE A PIECE"


def test_m4_ogre_undo_goes_back_only_to_the_overrun_hex():
    s = scenario([("infantry", 809, 3), ("cp", 101)], ogre=810, phase=OM, board=EMPTY)
    s, _ = play(s, "move O 0809", "move O 0808")
    s, _ = play(s, "undo O")
    assert (s.ogre.hex, s.ogre.moved, s.piece(1).squads) == (809, 1, 2)
    assert message(s, "undo O") == "PLEASE MOVE A PIECE"


def test_m4_grouped_infantry_cannot_be_undone():
    s = scenario([("infantry", 808, 1), ("infantry", 807, 1)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807", "group 1")
    assert message(s, "undo 1") == "PLEASE MOVE A PIECE"
    assert Undo(1) not in legal_actions(s)


def test_m4_undo_belongs_to_the_movement_phases():
    s = scenario([("heavy", 808)], ogre=810, phase=Phase.DEFENSE_FIRE)
    assert message(s, "undo O") == "PLEASE MOVE A PIECE"
    assert message(s, "undo 1") == "PIECE CANNOT MOVE"


# ---------------------------------------------------------------- M5: group and split

def test_m5_group_takes_the_larger_distance_moved_as_in_the_manual():
    # An INF1 moves one hex onto an unmoved INF2; grouped, they are an INF3 that has moved 1.
    s = scenario([("infantry", 808, 1), ("infantry", 807, 2)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807")
    assert check(s, Undo(1)).kind == "undo"               # before grouping it can be undone
    assert Group(1) in legal_actions(s)
    s, ev = play(s, "group 1")
    assert [(p.id, p.squads, p.moved, p.hex) for p in s.pieces] == [(1, 3, 1, 807)]
    assert ev[0].text == "Grouped into Infantry (3)"
    assert message(s, "undo 1") == "PLEASE MOVE A PIECE"
    assert message(s, "move 1 0805") == "CAN'T MOVE THAT FAR"
    s, _ = play(s, "move 1 0806")
    assert message(s, "move 1 0805") == "THIS UNIT HAS MOVED"


def test_m5_group_by_either_piece_keeps_that_pieces_id():
    s = scenario([("infantry", 808, 1), ("infantry", 807, 1)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807")
    s2, _ = play(s, "group 2")
    assert [(p.id, p.squads, p.moved) for p in s2.pieces] == [(2, 2, 1)]


def test_m5_split_keeps_the_moved_status_and_both_undo_to_the_same_hex():
    s = scenario([("infantry", 808, 2)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0807")
    assert Split(1) in legal_actions(s)
    s, ev = play(s, "split 1")
    assert ev[0].text == "One squad split off" and s.next_id == 3
    assert [(p.id, p.squads, p.hex, p.moved, p.start) for p in s.pieces] == \
        [(1, 1, 807, 1, 808), (2, 1, 807, 1, 808)]
    assert Group(1) in legal_actions(s) and Split(1) not in legal_actions(s)
    s, _ = play(s, "move 2 0806", "undo 2", "undo 1")
    assert [(p.hex, p.moved) for p in s.pieces] == [(808, 0), (808, 0)]


def test_m5_split_then_group_again():
    s = scenario([("infantry", 808, 3)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "split 1", "group 1")
    assert [(p.id, p.squads) for p in s.pieces] == [(1, 3)]


def test_m5_split_only_a_lone_two_or_three_squad_unit():
    s = scenario([("infantry", 808, 1), ("infantry", 810, 2), ("heavy", 812)], ogre=820,
                 phase=DM, board=EMPTY)
    assert message(s, "split 1") == "PLEASE MOVE A PIECE"
    assert message(s, "split 3") == "PLEASE MOVE A PIECE"
    s, _ = play(s, "move 3 0810")
    assert message(s, "split 2") == "THIS HEX IS FULL"
    s = scenario([("infantry", 808, 2)], ogre=808, phase=DM, board=EMPTY)
    assert message(s, "split 1") == "THIS HEX IS FULL"     # under the Ogre
    s = scenario([("infantry", 808, 2)], ogre=820, phase=Phase.DEFENSE_FIRE, board=EMPTY)
    assert message(s, "split 1") == "PIECE CANNOT MOVE"


# ---------------------------------------------------------------- M6: GEV second move

def test_m6_gev_moves_4_then_3_after_defense_fire():
    s = scenario([("gev", 808), ("heavy", 1010)], ogre=820, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0804", "done", "done")
    assert s.phase is GM and s.piece(1).moved == 0
    assert message(s, "move 1 1204") == "CAN'T MOVE THAT FAR"
    assert message(s, "move 2 1009") == "PIECE CANNOT MOVE"
    s, _ = play(s, "move 1 0807")
    assert s.piece(1).moved == 3
    assert message(s, "move 1 0808") == "THIS UNIT HAS MOVED"
    s, _ = play(s, "done")
    assert s.phase is OM and s.turn == 3


# ---------------------------------------------------------------- M7: ramming

def _ram(kind, die, **ogre):
    s = scenario([(kind, 809), ("cp", 101)], ogre=810, phase=OM, seed=seed_for(die),
                 board=EMPTY, **ogre)
    v = check(s, Move(0, 809))
    return s, v, *play(s, "move O 0809")


def test_m7_ram_heavy_tank_costs_two_treads():
    s, v, after, ev = _ram("heavy", 5)
    assert (v.kind, v.target, v.confirm, v.cost) == ("ram", 1, True, 1)
    assert after.ogre.treads == 43 and after.piece(1) is None and after.ogre.rams == 1
    assert ev[0].text == "Ogre rams Heavy Tank: destroyed" and ev[0].treads_lost == 2


def test_m7_ram_other_armor_costs_one_tread():
    for kind in ("missile", "gev", "howitzer"):
        s, v, after, ev = _ram(kind, 6)
        assert after.ogre.treads == 44 and after.piece(1) is None, kind


def test_m7_ram_mobile_armor_is_disabled_on_1_to_3_destroyed_on_4_to_6():
    for die in range(1, 7):
        s, v, after, ev = _ram("gev", die)
        assert ev[0].die == die
        if die <= 3:
            assert ev[0].result == "disabled"
            assert after.piece(1).disabled_turn == s.turn and after.piece(1).hex == 809
        else:
            assert ev[0].result == "destroyed" and after.piece(1) is None


def test_m7_ram_immobile_armor_is_destroyed_without_a_roll():
    s, v, after, ev = _ram("howitzer", 1)
    assert after.piece(1) is None and ev[0].die == 0 and after.rng == s.rng
    s = scenario([("heavy", 809, 1, {"disabled_turn": 1}), ("cp", 101)], ogre=810, phase=OM,
                 turn=2, seed=seed_for(1), board=EMPTY)
    after, ev = play(s, "move O 0809")
    assert after.piece(1) is None and after.ogre.treads == 43 and after.rng == s.rng


def test_m7_ram_a_disabled_survivor_again_by_staying():
    s, v, after, ev = _ram("heavy", 2)
    assert after.piece(1).hex == after.ogre.hex == 809 and after.ogre.treads == 43
    assert Move(0, 809) in legal_actions(after)
    v = check(after, Move(0, 809))
    assert (v.kind, v.cost) == ("ram", 1)
    after, ev = play(after, "move O 0809")
    assert after.piece(1) is None and after.ogre.treads == 41
    assert (after.ogre.moved, after.ogre.rams) == (2, 2)


def test_m7_only_two_rams_per_turn():
    s = scenario([("gev", 809), ("gev", 808), ("missile", 807), ("infantry", 806, 2),
                  ("cp", 101)], ogre=810, phase=OM, seed=seed_for(6, 6), board=EMPTY)
    s, _ = play(s, "move O 0809", "move O 0808")
    assert s.ogre.rams == 2 and s.ogre.treads == 43
    assert message(s, "move O 0807") == "ONLY TWO RAMS PER TURN"
    assert Move(0, 807) not in legal_actions(s)
    # the next turn the count starts again
    s, _ = play(s, "done", "done", "done", "done", "done")
    assert s.phase is OM and s.ogre.rams == 0
    assert check(s, Move(0, 807)).kind == "ram"


def test_m7_overruns_do_not_count_as_rams():
    s = scenario([("gev", 809), ("gev", 808), ("infantry", 807, 2), ("cp", 101)], ogre=810,
                 phase=OM, seed=seed_for(6, 6), board=EMPTY)
    s, _ = play(s, "move O 0809", "move O 0808", "move O 0807")
    assert s.piece(3).squads == 1 and s.ogre.rams == 2


def test_m7_not_enough_treads_to_ram():
    s = scenario([("heavy", 809), ("missile", 811), ("cp", 101)], ogre=810, phase=OM,
                 treads=1, seed=seed_for(6), board=EMPTY)
    assert message(s, "move O 0809") == "NOT ENOUGH TREADS TO RAM"
    assert Move(0, 809) not in legal_actions(s)
    s, _ = play(s, "move O 0811")
    assert s.ogre.treads == 0 and s.ogre.moves_left == 0
    s = scenario([("heavy", 809), ("cp", 101)], ogre=810, phase=OM, treads=2,
                 seed=seed_for(6), board=EMPTY)
    s, _ = play(s, "move O 0809")
    assert s.ogre.treads == 0


def test_m7_defender_ramming_the_ogre_is_destroyed_and_costs_one_tread():
    for kind in ("heavy", "missile", "gev"):
        s = scenario([(kind, 808), ("cp", 101)], ogre=809, phase=DM, board=EMPTY)
        v = check(s, Move(1, 809))
        assert (v.kind, v.confirm) == ("ram_ogre", True)
        s, ev = play(s, "move 1 0809")
        assert s.piece(1) is None and s.ogre.treads == 44
        assert ev[0].kind == "ram_ogre" and ev[0].treads_lost == 1


def test_m7_gev_may_ram_the_ogre_in_its_second_move():
    s = scenario([("gev", 806), ("cp", 101)], ogre=809, phase=GM, board=EMPTY)
    s, _ = play(s, "move 1 0809")
    assert s.piece(1) is None and s.ogre.treads == 44


def test_m7_ramming_a_treadless_ogre_costs_it_nothing_more():
    s = scenario([("heavy", 808), ("cp", 101)], ogre=809, phase=DM, treads=0, board=EMPTY)
    s, ev = play(s, "move 1 0809")
    assert s.piece(1) is None and s.ogre.treads == 0 and ev[0].treads_lost == 0


def test_m7_infantry_joining_the_ogre_is_no_ram():
    s = scenario([("infantry", 808, 2), ("cp", 101)], ogre=809, phase=DM, board=EMPTY)
    v = check(s, Move(1, 809))
    assert (v.kind, v.confirm) == ("join_ogre", False)
    s, _ = play(s, "move 1 0809")
    assert s.piece(1).hex == 809 and s.piece(1).squads == 2 and s.ogre.treads == 45


# ---------------------------------------------------------------- M8: overruns

def test_m8_overrun_reduces_one_squad_per_move_point_without_limit():
    s = scenario([("infantry", 809, 3), ("cp", 101)], ogre=810, phase=OM, board=EMPTY)
    v = check(s, Move(0, 809))
    assert (v.kind, v.confirm) == ("overrun", True)
    s, ev = play(s, "move O 0809")
    assert s.piece(1).squads == 2 and ev[0].result == "reduced"
    s, _ = play(s, "move O 0809")
    assert s.piece(1).squads == 1
    s, _ = play(s, "move O 0809")
    assert s.piece(1) is None and s.ogre.treads == 45 and s.ogre.weapons == (2, 1, 4, 8)
    assert message(s, "move O 0808") == "THIS UNIT HAS MOVED"


def test_m8_no_antipersonnel_no_overrun():
    s = scenario([("infantry", 809, 3), ("cp", 101)], ogre=810, phase=OM, board=EMPTY,
                 weapons=(2, 1, 4, 0))
    s, ev = play(s, "move O 0809")
    assert s.piece(1).squads == 3 and ev[0].result == "no effect"


def test_m8_infantry_on_the_ogre_loses_a_squad_when_the_ogre_moves_next():
    s = scenario([("infantry", 808, 3), ("cp", 101)], ogre=809, phase=DM, board=EMPTY)
    s, _ = play(s, "move 1 0809", "done", "done")
    assert s.phase is GM and s.piece(1).squads == 3            # no immediate effect
    s, ev = play(s, "done")
    assert (s.phase, s.turn, s.piece(1).squads) == (OM, 3, 2)
    assert ev[0].text == "Infantry (3) under the Ogre: reduced"
    assert s.ogre.moved == 0                                   # no move points spent


def test_m8_infantry_on_the_ogre_is_safe_when_it_has_no_antipersonnel():
    s = scenario([("infantry", 808, 3), ("cp", 101)], ogre=809, phase=DM, board=EMPTY,
                 weapons=(2, 1, 4, 0))
    s, _ = play(s, "move 1 0809", "done", "done", "done")
    assert s.phase is OM and s.piece(1).squads == 3


# ---------------------------------------------------------------- M9: leaving the map

def test_m9_ogre_leaves_from_the_bottom_row_with_a_move_left():
    s = scenario([("cp", 101)], ogre=821, phase=OM, moved=1)
    assert message(s, "exit") == "PLEASE STAY ON THE MAP"      # 0821 is not column 8's bottom
    s, _ = play(s, "move O 0822")
    assert Exit() in legal_actions(s)
    v = check(s, Exit())
    assert (v.kind, v.confirm) == ("exit", True)
    s, ev = play(s, "exit")
    assert s.over and s.ogre.exited and s.ogre.hex == 0
    assert s.result == MARGINAL_DEFENSE
    assert [e.kind for e in ev] == ["exit", "victory"]


def test_m9_no_exit_without_a_move_left_or_outside_the_move_phase():
    s = scenario([("cp", 101)], ogre=721, phase=OM, moved=3)
    assert message(s, "exit") == "PLEASE STAY ON THE MAP"
    s = scenario([("cp", 101)], ogre=721, phase=Phase.OGRE_FIRE)
    assert message(s, "exit") == "PLEASE STAY ON THE MAP"
    s = scenario([("heavy", 101)], ogre=721, phase=OM)
    s, _ = play(s, "exit")
    assert s.result == OGRE_VICTORY


def test_m9_exit_right_after_entry():
    from ogre.rules import new_game

    from .helpers import mark_iii_field
    s = new_game(mark_iii_field(), 3, seed=3)
    s, _ = play(s, "enter 1422", "exit")
    assert s.result == MARGINAL_DEFENSE


def test_m1_refusals_leave_the_state_unchanged():
    s = scenario([("heavy", 808), ("cp", 801)], ogre=820, phase=DM)
    for text in ("move 1 0907", "move 1 0804", "move 2 0802", "move O 0819", "move 9 0101"):
        refused(s, text)


def test_m7_recovered_armor_under_the_ogre_must_leave_its_hex():
    """Pocket rules 6.14.1 (the 1986 manual is silent): a unit rammed, disabled and since
    recovered under the Ogre must leave the Ogre's hex in its movement; infantry may stay."""
    s = scenario([("heavy", 809), ("cp", 101)], ogre=809, phase=DM, board=EMPTY)
    assert Done() not in legal_actions(s)
    assert message(s, "done") == "2 UNITS IN HEX PLEASE MOVE 1"
    after, _ = play(s, "move 1 0808")
    assert Done() in legal_actions(after)
    assert message(play(after, "undo 1")[0], "done") == "2 UNITS IN HEX PLEASE MOVE 1"
    still_disabled = scenario([("heavy", 809, 1, {"disabled_turn": 2}), ("cp", 101)], ogre=809,
                              phase=DM, board=EMPTY)
    assert Done() in legal_actions(still_disabled)            # it cannot move this turn
    infantry = scenario([("infantry", 809, 2), ("cp", 101)], ogre=809, phase=DM, board=EMPTY)
    assert Done() in legal_actions(infantry)

"""Moving pieces on the battle screen by dragging them (M1-M6), through the real App.

Each refused move must leave the state exactly as it was (the very same object) and
show the 1986 message in the Tactical Display (battle.message).
"""

from __future__ import annotations

import pytest
from driver import Driver
from test_battle_setup import (
    CP,
    GEV,
    HEAVY,
    HOWITZER,
    INF,
    MISSILE,
    P,
    battle_app,
    battle_state,
    below_map,
    button,
    labels,
    sidebar_blank,
    with_piece,
)

from ogre.rules.state import OGRE_ID, Phase
from ogre.ui.app import App
from ogre.ui.scenes import battle_draw, sidebar

# ---------------------------------------------------------------- M1: a drag is a move

def test_m1_drag_moves_a_piece_along_a_legal_path():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    d.drag_hex(1018, 1016)
    s = app.battle.state
    assert s.piece(2).hex == 1016 and s.piece(2).moved == 2
    assert app.battle.message == ""
    assert app.battle.selected == 2
    assert "move 2 1016" in app.battle.log
    assert "Moved 2" in sidebar.piece_lines(s, app.battle.selected)


def test_m1_ogre_drag_moves_the_ogre():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1020)
    d.drag_hex(1020, 1017)
    assert app.battle.state.ogre.hex == 1017 and app.battle.state.ogre.moved == 3
    assert app.battle.selected == OGRE_ID


def _refused(app, d, src, dst, message, drop=None):
    before = app.battle.state
    log = list(app.battle.log)
    if drop is None:
        d.drag_hex(src, dst)
    else:
        d.drag_between(d.hex_pos(src), drop)
    assert app.battle.message == message
    assert app.battle.state is before                 # untouched: the very same state
    assert app.battle.log == log
    assert app.battle.dialog is None


def test_m1_crater_refused():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1014)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 1014, 913, "CAN'T MOVE ONTO A CRATER")


def test_m1_too_far_refused():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 1018, 1014, "CAN'T MOVE THAT FAR")


def test_m1_no_clear_path_refused():
    # A missile tank on 0816 is walled by rubble on three sides: 0915 is next door but
    # three steps away for armor (infantry could cross).
    app, d = battle_app([P(CP, 1418), P(MISSILE, 816)], Phase.DEFENSE_MOVE, 1022)
    _refused(app, d, 816, 915, "NO CLEAR PATH")


def test_m1_unit_has_moved_refused():
    s = battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    s = with_piece(s, 2, hex=1015, moved=3)
    app = App(state=s)
    d = Driver(app)
    _refused(app, d, 1015, 1016, "THIS UNIT HAS MOVED")


@pytest.mark.parametrize("kind", [HOWITZER, CP], ids=["howitzer", "command_post"])
def test_m1_piece_cannot_move_refused(kind):
    app, d = battle_app([P(kind, 1218), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 1218, 1217, "PIECE CANNOT MOVE")


def test_m1_please_move_a_piece_from_an_empty_hex():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 1118, 1117, "PLEASE MOVE A PIECE")


def test_m1_please_move_a_piece_from_a_crater():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1014)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 913, 914, "PLEASE MOVE A PIECE")


def test_m1_please_move_a_piece_the_opponents():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 820, 819, "PLEASE MOVE A PIECE")        # the Ogre in the defense's move
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_MOVE, 820)
    _refused(app, d, 1018, 1017, "PLEASE MOVE A PIECE")      # a defender in the Ogre's move


def test_m1_disabled_refused():
    s = battle_state([P(CP, 1418), P(MISSILE, 1218)], Phase.DEFENSE_MOVE, 820)
    app = App(state=with_piece(s, 2, disabled_turn=1))
    d = Driver(app)
    _refused(app, d, 1218, 1217, "DISABLED CAN'T MOVE THIS TURN")


def test_m1_dropped_off_the_map_refused():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    _refused(app, d, 1018, None, "PLEASE STAY ON THE MAP", drop=below_map(app, 1018))
    app.battle.message = ""
    _refused(app, d, 1018, None, "PLEASE STAY ON THE MAP", drop=sidebar_blank(app))


def test_m1_a_good_move_clears_the_message():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    d.drag_hex(1018, 1014)
    assert app.battle.message == "CAN'T MOVE THAT FAR"
    d.drag_hex(1018, 1017)
    assert app.battle.message == "" and app.battle.state.piece(2).hex == 1017


# ---------------------------------------------------------------- M2: several drags

def test_m2_several_drags_up_to_the_move_value():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 1218)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1018, 1017)
    d.drag_hex(1017, 1016)
    assert b.state.piece(2).hex == 1016 and b.state.piece(2).moved == 2
    d.drag_hex(1016, 1014)
    assert b.message == "CAN'T MOVE THAT FAR"                 # one point left, not two
    d.drag_hex(1016, 1015)
    assert b.state.piece(2).moved == 3
    _refused(app, d, 1015, 1014, "THIS UNIT HAS MOVED")
    # a GEV's 4 in two drags
    d.drag_hex(1218, 1216)
    d.drag_hex(1216, 1214)
    assert b.state.piece(3).hex == 1214 and b.state.piece(3).moved == 4
    # moved pieces are dimmed (green); the unmoved Command Post is not
    assert battle_draw.piece_state(b, b.state.piece(2), set()) == "moved"
    assert battle_draw.piece_state(b, b.state.piece(1), set()) == "normal"
    assert "Moved 3" in sidebar.piece_lines(b.state, 2)


# ---------------------------------------------------------------- M3: stacking

def test_m3_stacked_pieces_one_must_move():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 1016), P(MISSILE, 1218)],
                        Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1018, 1016)                       # onto the friendly GEV
    s = b.state
    assert s.piece(2).hex == 1016 and s.piece(3).hex == 1016 and s.crowded_hex() == 1016
    assert b.selected == 2 and b.top_at(1016) == 2      # the piece that moved is on top
    # anything else is refused until one of them moves off
    _refused(app, d, 1218, 1217, "2 UNITS IN HEX PLEASE MOVE 1")
    d.button("Done")
    assert b.dialog is None and b.message == "2 UNITS IN HEX PLEASE MOVE 1"
    assert b.state.phase is Phase.DEFENSE_MOVE
    # clicking the hex brings the other piece up; a drag from it now takes that one
    d.click_hex(1016)
    assert b.selected == 3 and b.top_at(1016) == 3
    d.click_hex(1016)
    assert b.selected == 2 and b.top_at(1016) == 2
    d.click_hex(1016)
    assert b.selected == 3
    d.drag_hex(1016, 1014)
    assert b.state.piece(3).hex == 1014 and b.state.piece(2).hex == 1016
    assert b.state.crowded_hex() == 0
    d.drag_hex(1218, 1217)                       # free again
    assert b.state.piece(4).hex == 1217 and b.message == ""


def test_m3_undo_of_a_stacked_piece_is_allowed():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 1016)], Phase.DEFENSE_MOVE, 820)
    d.drag_hex(1018, 1016)
    d.button("Undo")                             # undoing is one of the allowed actions
    assert app.battle.state.piece(2).hex == 1018 and app.battle.state.crowded_hex() == 0


def test_m3_hex_with_the_ogre_and_a_defender_is_full():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 1), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1019, 1020)                        # infantry may join the Ogre's hex (M8)
    assert b.state.piece(2).hex == 1020 and b.dialog is None
    _refused(app, d, 1018, 1020, "THIS HEX IS FULL")


# ---------------------------------------------------------------- M4: Undo

def test_m4_undo_enabled_only_for_a_moved_selected_piece():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 1218)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    undo = button(app, "Undo")
    assert not undo.enabled()                     # nothing selected
    d.click_hex(1018)
    assert b.selected == 2 and not undo.enabled()  # selected but not moved
    d.drag_hex(1018, 1015)
    assert undo.enabled()
    d.click_hex(1218)
    assert not button(app, "Undo").enabled()       # another, unmoved piece selected
    before = b.state
    d.button("Undo")                              # a dimmed button does nothing
    assert b.state is before
    d.click_hex(1015)
    d.button("Undo")
    assert b.state.piece(2).hex == 1018 and b.state.piece(2).moved == 0
    assert not button(app, "Undo").enabled()


def test_m4_ogre_undo_stops_at_a_ram():
    app, d = battle_app([P(CP, 1418), P(HOWITZER, 1019)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1020, 1019)                        # ram the howitzer: destroyed (immobile)
    assert b.dialog is not None and b.dialog.title == "Ram"
    d.answer("OK")
    assert b.state.piece(2) is None and b.state.ogre.hex == 1019
    d.drag_hex(1019, 1017)
    assert b.state.ogre.hex == 1017 and b.state.ogre.moved == 3
    assert button(app, "Undo").enabled()
    d.button("Undo")
    assert b.state.ogre.hex == 1019 and b.state.ogre.moved == 1   # back to the ram hex only
    assert b.state.ogre.treads == 44                               # the ram stands
    assert not button(app, "Undo").enabled()


def test_m4_ogre_undo_of_a_plain_move():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1020)
    d.drag_hex(1020, 1018)
    d.button("Undo")
    assert app.battle.state.ogre.hex == 1020 and app.battle.state.ogre.moved == 0


# ---------------------------------------------------------------- M5: Group and Split

def test_m5_group_then_split():
    app, d = battle_app([P(CP, 1418), P(INF, 1018, 1), P(INF, 1017, 1)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.click_hex(1018)
    assert labels(app)[1] == "Group" and not button(app, "Group").enabled()
    d.drag_hex(1018, 1017)                        # onto the other squad
    assert b.state.crowded_hex() == 1017
    assert button(app, "Group").enabled()
    d.button("Group")
    s = b.state
    here = s.at(1017)
    assert len(here) == 1 and here[0].squads == 2 and here[0].moved == 1   # the larger move
    assert s.crowded_hex() == 0
    assert not button(app, "Undo").enabled()      # grouping cannot be undone
    assert labels(app)[1] == "Split"              # a lone 2-squad unit: the button reads Split
    d.button("Split")
    here = b.state.at(1017)
    assert sorted(p.squads for p in here) == [1, 1]
    assert all(p.moved == 1 for p in here)        # both keep the moved status
    assert labels(app)[1] == "Group"              # and it changes straight back
    d.button("Group")
    assert [p.squads for p in b.state.at(1017)] == [2]
    d.drag_hex(1017, 1016)                        # one move point left
    assert b.state.at(1016)[0].squads == 2
    d.drag_hex(1016, 1015)
    assert b.message == "THIS UNIT HAS MOVED"


def test_m5_split_a_three_squad_unit_then_move_both():
    app, d = battle_app([P(CP, 1418), P(INF, 1018, 3)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.click_hex(1018)
    assert labels(app)[:2] == ["Undo", "Split"] and button(app, "Split").enabled()
    d.button("Split")
    assert sorted(p.squads for p in b.state.at(1018)) == [1, 2]
    d.drag_hex(1018, 1016)                        # the top piece moves off
    d.drag_hex(1018, 1017)
    assert sorted((p.hex, p.squads) for p in b.state.pieces if p.kind is INF) in (
        [(1016, 1), (1017, 2)], [(1016, 2), (1017, 1)])


def test_m5_a_lone_squad_unit_reads_split_even_when_another_hex_is_crowded():
    """The manual: Split shows whenever a 2- or 3-squad unit is selected and alone in its
    hex; while another hex holds two units the split is refused, so it shows dimmed."""
    app, d = battle_app([P(CP, 1418), P(INF, 1018, 2), P(HEAVY, 1016), P(GEV, 1014)],
                        Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1016, 1014)                        # two units in 1014: the stack must be sorted
    assert b.state.crowded_hex() == 1014
    d.click_hex(1018)
    assert labels(app)[1] == "Split" and not button(app, "Split").enabled()
    d.drag_hex(1014, 1015)                        # sorted out
    d.click_hex(1018)
    assert labels(app)[1] == "Split" and button(app, "Split").enabled()


# ---------------------------------------------------------------- M6: GEV second move

def test_m6_gev_moves_again_after_defense_fire():
    app, d = battle_app([P(CP, 1418), P(GEV, 1218), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1218, 1214)                        # 4 hexes
    d.drag_hex(1018, 1017)
    d.button("Done")
    assert b.state.phase is Phase.DEFENSE_FIRE
    d.button("Done")
    assert b.state.phase is Phase.GEV_MOVE
    assert b.state.piece(2).moved == 0
    _refused(app, d, 1214, 1218, "CAN'T MOVE THAT FAR")           # 3 this time, not 4
    _refused(app, d, 1017, 1016, "PIECE CANNOT MOVE")             # only GEVs move now
    d.drag_hex(1214, 1217)
    assert b.state.piece(2).hex == 1217 and b.state.piece(2).moved == 3
    _refused(app, d, 1217, 1218, "THIS UNIT HAS MOVED")
    d.button("Done")
    assert b.state.phase is Phase.OGRE_MOVE and b.state.turn == 2

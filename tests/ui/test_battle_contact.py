"""Rams, overruns, leaving the map and the Ogre's entry on the battle screen (M7-M9, T2).

Everything that cannot be undone asks first; Cancel must leave the state exactly as it was.
"""

from __future__ import annotations

from dataclasses import replace

from driver import Driver
from test_battle_setup import (
    CP,
    GEV,
    HEAVY,
    INF,
    P,
    battle_app,
    battle_state,
    below_map,
    button,
    sidebar_blank,
)

from ogre.resources import standard_board
from ogre.rules import Move, apply
from ogre.rules.state import OGRE_ID, Phase
from ogre.ui.app import App


def _cancelled(app, d, do) -> None:
    """`do` opens a confirmation; Cancel leaves everything as it was."""
    before, log = app.battle.state, list(app.battle.log)
    do()
    assert app.battle.dialog is not None
    d.answer("Cancel")
    assert app.battle.dialog is None
    assert app.battle.state is before and app.battle.log == log


# ---------------------------------------------------------------- M7: ramming

def _seed_where_ram_disables() -> int:
    placements = [P(CP, 1418), P(HEAVY, 1019)]
    for seed in range(1, 200):
        s = battle_state(placements, Phase.OGRE_MOVE, 1020, seed=seed)
        _, events = apply(s, Move(OGRE_ID, 1019))
        if any(e.kind == "ram" and e.result == "disabled" for e in events):
            return seed
    raise AssertionError("no seed gives a disabling ram")


def test_m7_ram_asks_first_cancel_then_ok():
    seed = _seed_where_ram_disables()
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1019)], Phase.OGRE_MOVE, 1020, seed=seed)
    b = app.battle
    _cancelled(app, d, lambda: d.drag_hex(1020, 1019))
    d.drag_hex(1020, 1019)
    assert b.dialog.title == "Ram" and "Heavy Tank" in b.dialog.message
    d.answer("OK")
    s = b.state
    assert s.ogre.hex == 1019 and s.ogre.treads == 43 and s.ogre.rams == 1   # a heavy tank: 2
    assert s.piece(2).disabled and s.piece(2).hex == 1019                     # under the Ogre
    assert any("Ogre rams Heavy Tank at 1019: disabled" in line for line in b.results)
    # the Ogre may spend another move point to ram it again: drag out of its hex and back
    d.drag_hex(1019, 1019, via=1018)
    assert b.dialog is not None and b.dialog.title == "Ram"
    d.answer("OK")
    s = b.state
    assert s.piece(2) is None and s.ogre.rams == 2 and s.ogre.moved == 2 and s.ogre.treads == 41
    assert any("Ogre rams Heavy Tank at 1019: destroyed" in line for line in b.results)


def test_m7_only_two_rams_a_turn():
    app, d = battle_app([P(CP, 1418), P(GEV, 1019)], Phase.OGRE_MOVE, 1020, rams=2)
    before = app.battle.state
    d.drag_hex(1020, 1019)
    assert app.battle.message == "ONLY TWO RAMS PER TURN"
    assert app.battle.dialog is None and app.battle.state is before


def test_m7_not_enough_treads_to_ram():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1019)], Phase.OGRE_MOVE, 1020, treads=1)
    before = app.battle.state
    d.drag_hex(1020, 1019)
    assert app.battle.message == "NOT ENOUGH TREADS TO RAM"
    assert app.battle.dialog is None and app.battle.state is before


def test_m7_ram_the_command_post_costs_nothing():
    app, d = battle_app([P(CP, 1019), P(HEAVY, 1418)], Phase.OGRE_MOVE, 1020)
    d.drag_hex(1020, 1019)
    d.answer("OK")
    s = app.battle.state
    assert s.command_post is None and s.ogre.treads == 45 and s.ogre.hex == 1019


def test_m7_a_defender_rams_the_ogre():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    _cancelled(app, d, lambda: d.drag_hex(1018, 1020))
    d.drag_hex(1018, 1020)
    assert b.dialog.title == "Ram the Ogre"
    d.answer("OK")
    assert b.state.piece(2) is None and b.state.ogre.treads == 44
    assert any("rams the Ogre" in line for line in b.results)
    assert b.selected is None                      # the rammer is gone: nothing selected


def test_m7_m8_g7_with_reminders_off_rams_and_overruns_go_ahead_but_leaving_still_asks():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3), P(HEAVY, 1120)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    b.reminders = lambda: False                    # Preferences: Reminders No
    d.drag_hex(1020, 1019)
    assert b.dialog is None and b.state.piece(2).squads == 2      # overrun, no question
    d.drag_hex(1019, 1020)
    d.drag_hex(1020, 1120)
    assert b.dialog is None and b.state.ogre.treads == 43         # rammed the heavy tank
    app2, d2 = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022)
    app2.battle.reminders = lambda: False
    d2.click_at(below_map(app2, 1022))
    assert app2.battle.dialog is not None and app2.battle.dialog.title == "Leave the Map"


# ---------------------------------------------------------------- M8: overrun

def test_m8_overrun_asks_first_and_may_be_repeated():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3)], Phase.OGRE_MOVE, 1020)
    b = app.battle
    _cancelled(app, d, lambda: d.drag_hex(1020, 1019))
    d.drag_hex(1020, 1019)
    assert b.dialog.title == "Overrun" and "Infantry (3)" in b.dialog.message
    d.answer("OK")
    assert b.state.ogre.hex == 1019 and b.state.piece(2).squads == 2
    assert b.state.ogre.treads == 45                           # no damage to the Ogre
    assert not button(app, "Undo").enabled()                   # no undoing an overrun
    d.drag_hex(1019, 1019, via=1018)                           # stay and overrun again
    d.answer("OK")
    assert b.state.piece(2).squads == 1 and b.state.ogre.moved == 2
    d.drag_hex(1019, 1019, via=1020)
    d.answer("OK")
    assert b.state.piece(2) is None and b.state.ogre.moved == 3
    assert sum("Ogre overruns" in line for line in b.results) == 3


def test_m8_infantry_on_the_ogre_loses_a_squad_when_the_ogre_moves_again():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 2)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    d.drag_hex(1019, 1020)                                     # no dialog: no immediate effect
    assert b.dialog is None and b.state.piece(2).hex == 1020 and b.state.piece(2).squads == 2
    d.button("Done")
    assert b.state.phase is Phase.DEFENSE_FIRE
    d.button("Done")                                           # it could fire: a reminder
    d.answer("OK")
    d.button("Done")                                           # GEV movement: nothing to move
    assert b.state.phase is Phase.OGRE_MOVE and b.state.piece(2).squads == 1
    assert any("under the Ogre: reduced" in line for line in b.results)


# ---------------------------------------------------------------- M9: leaving the map

def test_m9_ogre_leaves_the_map_and_the_battle_is_scored():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1218)], Phase.OGRE_MOVE, 1022)
    b = app.battle
    _cancelled(app, d, lambda: d.click_at(below_map(app, 1022)))
    d.click_at(below_map(app, 1022))
    assert b.dialog.title == "Leave the Map"
    d.answer("OK")
    s = b.state
    assert s.over and s.ogre.exited and s.ogre.hex == 0
    assert s.result == "Marginal Defense Victory"               # the Command Post stands
    assert b.dialog is not None and b.dialog.title == "The Battle Is Over"
    assert "Marginal Defense Victory" in b.dialog.message
    d.answer("OK")
    assert b.dialog is None
    assert not button(app, "Done").enabled()


def test_m9_a_click_in_the_sidebar_off_its_buttons_also_asks_to_leave():
    """The manual: clicking anywhere off the map but in a command area."""
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022)
    b = app.battle
    d.click_at(sidebar_blank(app))
    assert b.dialog is not None and b.dialog.title == "Leave the Map"
    d.answer("OK")
    assert b.state.over and b.state.ogre.exited


def test_m9_only_from_the_bottom_row_with_a_move_left():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1020)
    before = app.battle.state
    d.click_at(below_map(app, 1020))
    assert app.battle.message == "PLEASE STAY ON THE MAP" and app.battle.dialog is None
    assert app.battle.state is before
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022, moved=3)
    d.click_at(below_map(app, 1022))
    assert app.battle.message == "PLEASE STAY ON THE MAP" and app.battle.dialog is None
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_FIRE, 1022)
    d.click_at(below_map(app, 1022))
    assert app.battle.message == "PLEASE STAY ON THE MAP" and app.battle.dialog is None


def test_m9_command_areas_never_take_the_ogre_off():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1022)
    b = app.battle
    for name in ("top", "up", "down", "bottom"):
        d.click_at(b.map.arrows[name].center)
        assert b.dialog is None
    d.click_at(button(app, "Range").rect.center)               # a dimmed command button
    assert b.dialog is None and not b.state.over


def test_m9_ogre_victory_when_the_command_post_is_gone():
    app, d = battle_app([P(HEAVY, 1218)], Phase.OGRE_MOVE, 1121)
    d.click_at(below_map(app, 1121))
    d.answer("OK")
    assert app.battle.state.result == "Ogre Victory"


# ---------------------------------------------------------------- T2: the Ogre's entry

def test_t2_entry_on_the_bottom_row():
    board = standard_board().with_crater(1022, True)
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1218)], Phase.OGRE_ENTRY, board=board)
    b = app.battle
    assert b.dialog is not None and b.dialog.title == "Ogre Entry"
    d.click_hex(921)                                            # the dialog is modal
    assert b.state.ogre.hex == 0 and b.dialog is not None
    d.answer("OK")
    assert labels_dimmed(app)
    before = b.state
    for h, message in ((1021, "OGRE ENTERS ON BOTTOM ROW ONLY"),
                       (1022, "OGRE CAN'T ENTER ON A CRATER")):
        d.click_hex(h)
        assert b.message == message and b.state is before
    d.click_at(sidebar_blank(app))
    assert b.message == "PLEASE STAY ON THE MAP" and b.state is before
    d.click_hex(921)
    s = b.state
    assert s.phase is Phase.OGRE_MOVE and s.ogre.hex == 921 and s.ogre.moved == 1
    assert b.selected == OGRE_ID and b.message == ""
    d.drag_hex(921, 920)
    d.drag_hex(920, 919)                                         # two more hexes after entry
    assert b.state.ogre.hex == 919
    d.drag_hex(919, 918)
    assert b.message == "THIS UNIT HAS MOVED"


def test_t2_entry_by_drag_and_onto_a_defender():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1222)], Phase.OGRE_ENTRY)
    b = app.battle
    d.answer("OK")
    d.click_hex(1222)
    assert b.message == "THIS HEX IS FULL" and b.state.ogre.hex == 0
    d.drag_hex(1218, 1121)                                       # a drag drops it where released
    assert b.state.ogre.hex == 1121


def labels_dimmed(app) -> bool:
    """While the Ogre waits to enter, no command button is active."""
    app.step([])
    return not any(bt.enabled() for bt in app.battle.buttons)


def test_t2_new_game_state_starts_with_the_entry_dialog():
    s = battle_state([P(CP, 1418)], Phase.OGRE_ENTRY)
    app = App(state=replace(s))
    d = Driver(app)
    assert d.dialog is not None and d.dialog.title == "Ogre Entry"
    d.answer("OK")
    assert d.dialog is None

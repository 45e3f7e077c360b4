"""Aiming and firing on the battle screen (C5-C8): the Ogre's weapon dialog, the defenders'
part dialog, the kill probability in the sidebar, Clear and Fire, and the refusals.
"""

from __future__ import annotations

from dataclasses import replace

from driver import Driver
from test_battle_setup import (
    CP,
    GEV,
    HEAVY,
    INF,
    MISSILE,
    P,
    battle_app,
    battle_state,
    button,
    drawn_text,
    shown_text,
    with_piece,
)

from ogre.rules.state import Phase
from ogre.rules.units import Weapon
from ogre.ui.app import App
from ogre.ui.scenes import battle_draw

MISSILES, MAIN, SECONDARY, AP, TREADS = range(5)


def _refused(app, d, src, dst, message):
    before = app.battle.state
    d.drag_hex(src, dst)
    assert app.battle.message == message
    assert app.battle.state is before and app.battle.dialog is None


def _up(d, row, times=1):
    for _ in range(times):
        d.dialog_click(d.dialog.arrows(row)[0])


def _down(d, row, times=1):
    for _ in range(times):
        d.dialog_click(d.dialog.arrows(row)[1])


# ---------------------------------------------------------------- C5: the Ogre attacks

OGRE_FIRE_FIELD = [P(CP, 1418), P(HEAVY, 1017), P(INF, 1019, 2), P(MISSILE, 1014)]


def test_c5_ogre_attack_dialog_counts_and_kill_probability():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1017)                        # the heavy tank, 3 hexes away
    dlg = b.dialog
    assert dlg is not None and dlg.title == "Ogre Attack" and dlg.message == "Target: Heavy Tank"
    # in reach: missiles (5) and the main battery (3); the secondaries (2) and the
    # antipersonnel (infantry and CP only) are dimmed
    assert dlg.limits == [2, 1, 0, 0]
    assert not dlg.buttons[0].enabled() and dlg.kill_text() == "Choose weapons"
    _up(d, SECONDARY)
    _up(d, AP)
    assert dlg.counts == [0, 0, 0, 0]             # dimmed rows take no clicks
    _up(d, MISSILES, 3)
    assert dlg.counts == [2, 0, 0, 0]             # no more than there are
    assert dlg.kill_text() == "Probability of kill: 83%"          # 12 to 3: 4-1
    _down(d, MISSILES)
    assert dlg.kill_text() == "Probability of kill: 50%"          # 6 to 3: 2-1
    _up(d, MAIN)
    assert dlg.counts == [1, 1, 0, 0]
    assert dlg.kill_text() == "Probability of kill: 67%"          # 10 to 3: 3-1
    assert "Probability of kill: 67%" in shown_text(app)          # drawn in the dialog
    assert dlg.buttons[0].enabled()
    d.answer("OK")
    s = b.state
    assert b.dialog is None and s.aim is not None
    assert s.aim.target == 2 and s.aim.weapons == (1, 1, 0, 0)
    assert "Probability of kill: 67%" in shown_text(app)          # now in the sidebar
    assert button(app, "Clear").enabled() and button(app, "Fire").enabled()


def test_c5_cancel_aims_nothing():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    before = app.battle.state
    d.drag_hex(1020, 1017)
    _up(d, MISSILES)
    d.answer("Cancel")
    assert app.battle.state is before and app.battle.state.aim is None


def test_c5_ok_then_clear():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1017)
    _up(d, MAIN)
    d.answer("OK")
    assert b.state.aim is not None
    d.button("Clear")
    assert b.state.aim is None
    assert not button(app, "Clear").enabled() and not button(app, "Fire").enabled()
    assert not any(w.startswith("Probability of kill") for w in shown_text(app))
    assert b.state.ogre.fired == (0, 0, 0, 0)


def test_c5_ok_then_fire_shows_a_result():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1017)
    _up(d, MISSILES)
    d.answer("OK")
    d.button("Fire")
    s = b.state
    assert s.aim is None and s.ogre.weapons[0] == 1 and s.ogre.missiles_spent == 1
    line = b.results[-1]
    assert line == "Ogre fires 1 Missile at Heavy Tank at 1017: disabled (die 3, 2-1)"   # seeded
    shown = shown_text(app)
    assert any(line.startswith(w) for w in shown)                 # its head, wrapped ...
    assert any(w.endswith("(die 3, 2-1)") for w in shown)         # ... and its tail
    # missiles are one-shot: one left now
    if s.piece(2) is not None:
        d.drag_hex(1020, 1017)
        assert b.dialog.limits[MISSILES] == 1 and b.dialog.limits[MAIN] == 1
        d.answer("Cancel")


def test_c5_antipersonnel_on_infantry_once_a_turn():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1019)
    assert b.dialog.limits == [2, 1, 4, 8]
    _up(d, AP)
    d.answer("OK")
    d.button("Fire")
    assert "Antipersonnel" in b.results[-1]
    if b.state.piece(3) is not None:
        d.drag_hex(1020, 1019)
        assert b.dialog.limits[AP] == 0          # no infantry unit is hit by AP twice a turn
        assert b.dialog.limits[SECONDARY] == 4
        d.answer("Cancel")


def test_c5_refusals():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    _refused(app, d, 1020, 1014, "TARGET OUT OF ATTACK RANGE")      # 6 hexes: nothing reaches
    _refused(app, d, 1020, 1118, "NO TARGET")                       # an empty hex
    _refused(app, d, 1118, 1017, "NO ATTACKER")                     # not from the Ogre
    _refused(app, d, 1017, 1019, "NO ATTACKER")                     # defenders don't fire now
    d.drag_hex(1020, 1017)
    _up(d, MAIN)
    d.answer("OK")
    before = app.battle.state
    d.drag_hex(1020, 1019)
    assert app.battle.message == "TARGET ONE UNIT AT A TIME"
    assert app.battle.state is before and app.battle.dialog is None
    d.drag_hex(1020, 1017)                        # the same target: add to the aim
    assert app.battle.dialog.counts == [0, 1, 0, 0]
    _up(d, MISSILES)
    d.answer("OK")
    assert app.battle.state.aim.weapons == (1, 1, 0, 0)


def test_c5_fired_weapons_are_dimmed_after_firing():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(GEV, 1220)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1018)
    _up(d, SECONDARY, 4)
    d.answer("OK")
    d.button("Fire")
    d.drag_hex(1020, 1220)
    assert b.dialog.limits[SECONDARY] == 0          # every secondary has fired this turn
    assert b.dialog.limits[MAIN] == 1
    d.answer("Cancel")


# ---------------------------------------------------------------- C6: the defenders attack

def _defense_app(**ogre):
    placements = [P(CP, 1418), P(HEAVY, 1018), P(MISSILE, 1016), P(INF, 1019, 3), P(GEV, 1014),
                  P(GEV, 1220)]
    s = battle_state(placements, Phase.DEFENSE_FIRE, 1020, **ogre)
    s = with_piece(s, 6, disabled_turn=1)              # the GEV on 1220 is disabled
    app = App(state=s)
    return app, Driver(app)


def test_c6_part_dialog_destroyed_parts_dimmed():
    app, d = _defense_app(weapons=(2, 0, 4, 8))        # the main battery is gone
    b = app.battle
    d.drag_hex(1018, 1020)
    dlg = b.dialog
    assert dlg is not None and dlg.title == "Defense Attack"
    assert dlg.message == "Heavy Tank aims at:"
    assert dlg.selected == MISSILES
    assert not dlg._live(Weapon.MAIN)
    d.dialog_click(dlg.row_rect(MAIN))
    assert dlg.selected == MISSILES                    # a destroyed part cannot be chosen
    assert dlg.kill_text() == "Probability of kill: 33%"   # 4 to 3: 1-1
    d.dialog_click(dlg.row_rect(AP))
    assert dlg.selected == AP and dlg.kill_text() == "Probability of kill: 83%"   # 4 to 1
    d.dialog_click(dlg.row_rect(TREADS))
    assert dlg.kill_text() == "Probability of kill: 33%"   # treads: always 1-1
    assert "Probability of kill: 33%" in shown_text(app)
    d.dialog_click(dlg.row_rect(SECONDARY))
    d.answer("OK")
    assert b.state.aim.part is Weapon.SECONDARY and b.state.aim.attackers == (2,)


def test_c6_more_defenders_at_the_same_part_then_fire():
    app, d = _defense_app()
    b = app.battle
    d.drag_hex(1018, 1020)
    d.answer("OK")                                     # missiles, the first live part
    assert b.state.aim.part is Weapon.MISSILE
    assert "Probability of kill: 33%" in shown_text(app)
    d.drag_hex(1016, 1020)                             # the missile tank joins: no dialog
    assert b.dialog is None and b.state.aim.attackers == (2, 3)
    assert "Probability of kill: 50%" in shown_text(app)     # 7 to 3: 2-1
    _refused(app, d, 1018, 1020, "UNIT ALREADY AIMED THIS TURN")
    d.button("Fire")
    s = b.state
    assert s.aim is None and s.piece(2).fired == 1 and s.piece(3).fired == 1
    assert b.results[-1].startswith("Defense fires at Missiles: ")
    assert battle_draw.piece_state(b, s.piece(2), set()) == "fired"      # dimmed red
    _refused(app, d, 1018, 1020, "UNIT ALREADY FIRED THIS TURN")


def test_c6_refusals():
    app, d = _defense_app()
    _refused(app, d, 1418, 1020, "COMMAND POSTS CAN'T ATTACK")
    _refused(app, d, 1220, 1020, "DISABLED CAN'T ATTACK THIS TURN")
    _refused(app, d, 1014, 1020, "TARGET OUT OF ATTACK RANGE")     # a GEV 6 hexes off
    _refused(app, d, 1118, 1020, "NO ATTACKER")
    _refused(app, d, 1018, 1118, "NO TARGET")
    _refused(app, d, 1018, 1016, "NO TARGET")                      # a friend is no target


def test_c6_cancel_aims_nothing():
    app, d = _defense_app()
    before = app.battle.state
    d.drag_hex(1018, 1020)
    d.answer("Cancel")
    assert app.battle.state is before


# ---------------------------------------------------------------- C7: treads and squads

def test_c7_no_combined_attacks_on_treads_but_infantry():
    app, d = _defense_app(seed=3)                           # dice that hit
    b = app.battle
    d.drag_hex(1018, 1020)
    d.dialog_click(b.dialog.row_rect(TREADS))
    d.answer("OK")
    assert b.state.aim.part is Weapon.TREADS
    _refused(app, d, 1016, 1020, "NO COMBINED ATTACKS ON TREADS")
    _refused(app, d, 1019, 1020, "NO COMBINED ATTACKS ON TREADS")
    d.button("Clear")
    # infantry aim squad by squad, and may combine on the treads
    d.drag_hex(1019, 1020)
    d.dialog_click(b.dialog.row_rect(TREADS))
    d.answer("OK")
    d.drag_hex(1019, 1020)
    d.drag_hex(1019, 1020)
    assert b.state.aim.attackers == (4, 4, 4)
    assert "Probability of kill: 33%" in shown_text(app)       # still 1-1 on treads
    _refused(app, d, 1019, 1020, "ENTIRE SQUAD HAS AIMED OR FIRED")
    _refused(app, d, 1018, 1020, "NO COMBINED ATTACKS ON TREADS")
    treads = b.state.ogre.treads
    d.button("Fire")
    s = b.state
    assert s.piece(4).fired == 3
    assert b.results[-1].startswith("Defense fires at Treads: hit: 3 treads")
    assert s.ogre.treads == treads - 3                        # a hit takes 3: the squads' attack


def test_c7_infantry_squads_add_up_on_a_weapon():
    app, d = _defense_app()
    b = app.battle
    d.drag_hex(1019, 1020)
    d.dialog_click(b.dialog.row_rect(SECONDARY))
    assert b.dialog.kill_text() == "Probability of kill: 0%"   # 1 to 3: less than 1-2
    d.answer("OK")
    d.drag_hex(1019, 1020)
    assert "Probability of kill: 17%" in shown_text(app)       # 2 to 3: 1-2
    d.drag_hex(1019, 1020)
    assert "Probability of kill: 33%" in shown_text(app)       # 3 to 3: 1-1
    d.drag_hex(1018, 1020)                                     # a heavy tank joins: 7 to 3
    assert "Probability of kill: 50%" in shown_text(app)
    assert b.state.aim.attackers == (4, 4, 4, 2)


def test_c8_results_at_the_bottom_of_the_sidebar():
    app, d = _defense_app()
    b = app.battle
    d.drag_hex(1018, 1020)
    d.answer("OK")
    d.button("Fire")
    assert b.results[-1].split(": ")[1].split(" ")[0] in ("miss", "Glanced", "hit")
    # drawn in the results window at the bottom of the sidebar, the newest line lowest
    from ogre.ui.scenes import sidebar
    from ogre.ui.toolkit import theme
    window = [(text, pos) for text, pos in drawn_text(app)
              if pos[1] >= sidebar.RESULT.top and pos[0] < theme.SIDEBAR_W]
    ys = [pos[1] for _, pos in window]
    assert len(window) >= 2 and ys == sorted(ys)
    assert b.results[-1].endswith(window[-1][0].strip())      # the lowest line: the newest result
    # the phase change is written there too
    d.button("Done")
    d.answer("OK")                                    # others could still fire: a reminder
    assert b.state.phase is Phase.GEV_MOVE
    assert "-- GEV Movement --" in b.results


def test_c6_drag_from_a_unit_on_the_ogres_hex():
    """Units in the Ogre's hex fire as if adjacent: drag out of the hex and back in."""
    s = battle_state([P(CP, 1418), P(INF, 1020, 1)], Phase.DEFENSE_FIRE, 1020)
    app = App(state=replace(s))
    d = Driver(app)
    d.drag_hex(1020, 1020, via=1019)
    assert app.battle.dialog is not None and app.battle.dialog.title == "Defense Attack"
    d.answer("OK")
    assert app.battle.state.aim.attackers == (2,)


def test_c8_the_newest_result_always_shows():
    """With the kill probability up and long result lines, the newest line must still be
    drawn: older ones give way at the top, never the latest at the bottom."""
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    b.results = [f"Ogre fires 2 Secondary Battery at Heavy Tank number {i}: destroyed (die 5, 2-1)"
                 for i in range(10)] + ["the newest line"]
    d.drag_hex(1018, 1020)
    d.answer("OK")
    words = shown_text(app)
    assert "Probability of kill: 33%" in words
    assert "the newest line" in words
    assert any("number 9" in w for w in words)


# ---------------------------------------------------------------- C5, C6: attributes in the sidebar

def test_c5_the_picked_weapons_attributes_show_in_the_sidebar():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1020, 1017)
    assert b.dialog.selected == MISSILES                      # the first weapon in reach
    words = shown_text(app)
    assert "Missiles" in words and "Attack 6 Range 5" in words and "2 left of 2" in words
    d.dialog_click(b.dialog.row_rect(MAIN))
    words = shown_text(app)
    assert "Main Battery" in words and "Attack 4 Range 3" in words and "Defense 4" in words
    assert "Attack 6 Range 5" not in words
    d.answer("Cancel")
    assert "Main Battery" not in shown_text(app)              # back to the selected piece


def test_c6_the_picked_parts_attributes_show_in_the_sidebar():
    app, d = _defense_app(weapons=(2, 0, 4, 8))
    b = app.battle
    d.drag_hex(1018, 1020)
    d.dialog_click(b.dialog.row_rect(SECONDARY))
    words = shown_text(app)
    assert "Secondary Battery" in words and "Defense 3" in words and "4 left of 4" in words
    d.dialog_click(b.dialog.row_rect(TREADS))
    words = shown_text(app)
    assert "Treads" in words and "45 of 45 left" in words and "Move value 3" in words



def test_c6_s1_the_tactical_display_counts_a_part_as_the_dialog_does():
    """Issue 30 (6): 2 Secondary Batteries lost, 2 fired this turn: the dialog says "2 left"
    and so does the Tactical Display (it said "0 ready of 4")."""
    app, d = _defense_app(weapons=(2, 1, 2, 8), fired=(0, 0, 2, 0))
    b = app.battle
    d.drag_hex(1018, 1020)
    d.dialog_click(b.dialog.row_rect(SECONDARY))
    words = shown_text(app)
    assert "2 left" in words                                  # the dialog's row
    assert "2 left of 4" in words and "0 ready, 2 fired, 2 lost" in words
    assert not any("ready of" in w for w in words)

def test_s5_a_missile_shot_plays_the_missile_sound_unless_it_kills():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    b = app.battle
    played = []
    b.play = played.append
    d.drag_hex(1020, 1017)
    _up(d, MISSILES)
    d.answer("OK")
    d.button("Fire")
    killed = b.state.piece(2) is None
    assert played == (["explosion"] if killed else ["missile"])


def test_c5_the_sidebars_kill_window_follows_the_choice_in_the_dialog():
    app, d = battle_app(OGRE_FIRE_FIELD, Phase.OGRE_FIRE, 1020)
    d.drag_hex(1020, 1017)
    _up(d, MISSILES, 2)
    assert shown_text(app).count("Probability of kill: 83%") == 2      # dialog and sidebar
    d.answer("OK")
    d.drag_hex(1020, 1017)                                            # open it again on the aim
    _down(d, MISSILES)
    words = shown_text(app)
    assert words.count("Probability of kill: 50%") == 2 and "Probability of kill: 83%" not in words


def test_c6_the_sidebars_kill_window_shows_the_picked_part():
    app, d = _defense_app(weapons=(2, 0, 4, 8))
    d.drag_hex(1018, 1020)
    d.dialog_click(d.dialog.row_rect(AP))
    assert shown_text(app).count("Probability of kill: 83%") == 2

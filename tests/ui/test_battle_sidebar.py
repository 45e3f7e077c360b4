"""The sidebar's buttons, the Range umbrella, the map's arrows and whole-map view, the
Reminder on Done and the final dialog (S1, S2, B4, T3, G4), through the real App.
"""

from __future__ import annotations

import pygame
from test_battle_setup import (
    CP,
    GEV,
    HEAVY,
    HOWITZER,
    INF,
    P,
    battle_app,
    button,
    labels,
    shown_text,
)

from ogre.rules.hexes import ALL_HEXES, distance
from ogre.rules.state import OGRE_ID, Phase
from ogre.rules.units import WEAPONS, Weapon
from ogre.ui.scenes import battle_draw
from ogre.ui.toolkit import theme


def drawn_colours(app) -> dict[str, tuple]:
    """The colour each string was last drawn in during one full redraw."""
    seen: dict[str, tuple] = {}
    real = theme.text

    def spy(surface, text, pos, size=20, colour=theme.TEXT, *args, **kwargs):
        seen[text] = tuple(colour)
        return real(surface, text, pos, size, colour, *args, **kwargs)

    theme.text = spy
    try:
        app.dirty = True
        app.step([])
    finally:
        theme.text = real
    return seen


def enabled(app) -> dict[str, bool]:
    app.step([])
    return {b.label: b.enabled() for b in app.battle.buttons}


# ---------------------------------------------------------------- S1: the buttons

def test_s1_move_phase_buttons_and_dimming():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 820)
    assert labels(app) == ["Undo", "Group", "Range", "Done"]
    assert enabled(app) == {"Undo": False, "Group": False, "Range": False, "Done": True}
    colours = drawn_colours(app)
    assert colours["Undo"] == theme.TEXT_DIM and colours["Group"] == theme.TEXT_DIM
    assert colours["Done"] == theme.TEXT
    d.click_hex(1018)
    assert enabled(app) == {"Undo": False, "Group": False, "Range": True, "Done": True}
    d.drag_hex(1018, 1017)
    assert enabled(app)["Undo"] and drawn_colours(app)["Undo"] == theme.TEXT


def test_s1_fire_phase_buttons_and_dimming():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_FIRE, 1020)
    assert labels(app) == ["Clear", "Fire", "Range", "Done"]
    assert enabled(app) == {"Clear": False, "Fire": False, "Range": False, "Done": True}
    d.drag_hex(1020, 1018)
    d.dialog_click(d.dialog.arrows(1)[0])
    d.answer("OK")
    assert enabled(app) == {"Clear": True, "Fire": True, "Range": True, "Done": True}
    assert app.battle.selected == 2                        # the target shows in the display
    d.button("Done")                                       # aimed, not fired: T3 asks
    assert d.dialog is not None and d.dialog.title == "Reminder"
    d.answer("OK")
    assert app.battle.state.phase is Phase.DEFENSE_MOVE
    assert labels(app) == ["Undo", "Group", "Range", "Done"]


def test_s1_dimmed_buttons_do_nothing():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.OGRE_FIRE, 1020)
    b = app.battle
    before = b.state
    for label in ("Clear", "Fire", "Range"):
        d.click_at(button(app, label).rect.center)
        assert b.state is before and b.dialog is None and b.message == "" and b.umbrella is None


def test_s1_tactical_display_shows_the_clicked_piece_and_the_ogre_summary():
    app, d = battle_app([P(CP, 1418), P(GEV, 1018)], Phase.DEFENSE_MOVE, 1020, treads=29)
    d.click_hex(1018)
    words = shown_text(app)
    assert "GEV at 1018" in words and "Defense 2 Move 4, 3" in words
    d.click_hex(1020)
    words = shown_text(app)
    assert "Ogre Summary - Mark III" in words
    assert "Move value 2 Moved 0" in words and "Treads 29 of 45" in words
    d.drag_hex(1018, 1013)
    words = shown_text(app)
    assert "CAN'T MOVE THAT FAR" in words                  # errors show there too


# ---------------------------------------------------------------- S2: Range

def test_s2_range_shows_the_umbrella_any_click_clears_it_and_a_drag_also_moves():
    app, d = battle_app([P(CP, 411), P(HEAVY, 1018), P(GEV, 1014), P(INF, 1418)],
                        Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    d.click_hex(1018)
    d.button("Range")
    assert b.umbrella is not None
    green, blue = b.umbrella
    assert 1018 in green and 1015 in green and 1014 not in green   # move 3
    assert 1014 in blue and 1013 in blue and 1012 not in blue      # then range 2
    assert not green & blue
    lit = battle_draw.umbrella_pieces(b)
    assert OGRE_ID in lit and 3 in lit and 1 not in lit           # pieces inside are lit
    # any click removes it, and only that
    before = b.state
    d.click_hex(1418)
    assert b.umbrella is None and b.selected == 2 and b.state is before
    d.button("Range")
    d.button("Done")                                              # only clears the umbrella
    assert b.umbrella is None and b.state is before and b.dialog is None
    d.button("Range")
    d.drag_hex(1018, 1017)               # issue 30 (7): a drag clears it and also moves
    assert b.umbrella is None and b.state.piece(2).hex == 1017


def test_s2_ogre_range_uses_its_move_value_and_longest_weapon():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1020, weapons=(0, 1, 4, 8))
    b = app.battle
    d.click_hex(1020)

    def hex_colours():
        app.dirty = True
        app.step([])
        return [tuple(app.canvas.get_at(b.map.layout.center(h))) for h in (1016, 1017)]

    plain = hex_colours()
    d.button("Range")
    green, blue = b.umbrella
    assert max(distance(1020, h) for h in green) == 3
    assert max(distance(1020, h) for h in blue) == 6          # move 3 + main battery 3
    assert 1017 in green and 1016 in blue - green
    shaded = hex_colours()
    assert shaded[0] != plain[0] and shaded[1] != plain[1]    # it draws: both shades show
    assert shaded[0] != shaded[1]
    d.click_at(app.battle.map.arrows["up"].center)
    assert b.umbrella is None and b.map.top_row == 11         # the click only cleared it


def test_s2_m6_a_gevs_range_shows_its_second_move_in_the_gev_phase():
    for phase, move in ((Phase.DEFENSE_MOVE, 4), (Phase.GEV_MOVE, 3)):
        app, d = battle_app([P(CP, 411), P(GEV, 1014)], phase, 1020)
        b = app.battle
        d.click_hex(1014)
        d.button("Range")
        green, blue = b.umbrella
        assert max(distance(1014, h) for h in green) == move, phase
        assert max(distance(1014, h) for h in blue) == move + 2, phase


# ---------------------------------------------------------------- B4: the corner arrows

def test_b4_corner_arrows_scroll():
    app, d = battle_app([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020)
    m = app.battle.map
    before = app.battle.state
    assert m.top_row == 11 and m.hex_visible(1022) and not m.hex_visible(801)
    d.click_at(m.arrows["top"].center)                        # barred: the top half
    assert m.top_row == 1 and m.hex_visible(801) and not m.hex_visible(1022)
    d.click_at(m.arrows["down"].center)                       # plain: one row
    assert m.top_row == 2
    d.click_at(m.arrows["down"].center)
    assert m.top_row == 3
    d.click_at(m.arrows["up"].center)
    assert m.top_row == 2
    d.click_at(m.arrows["up"].center)
    d.click_at(m.arrows["up"].center)
    assert m.top_row == 1                                     # no further than the top
    d.click_at(m.arrows["bottom"].center)                     # barred: the bottom half
    assert m.top_row == 11
    d.click_at(m.arrows["down"].center)
    assert m.top_row == 11
    assert app.battle.state is before and app.battle.message == ""
    # the hexes under the pointer follow the scroll
    d.click_at(m.arrows["up"].center)
    assert m.hex_at(m.layout.center(1012)) == 1012


def test_b4_keys_scroll_and_tab_shows_the_whole_map():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020)
    m = app.battle.map
    d.key(pygame.K_HOME)
    assert m.top_row == 1
    d.key(pygame.K_PAGEDOWN)
    assert m.top_row == 2
    d.key(pygame.K_PAGEUP)
    assert m.top_row == 1
    d.key(pygame.K_END)
    assert m.top_row == 11
    d.key(pygame.K_TAB)
    assert m.whole
    assert all(m.hex_visible(h) for h in ALL_HEXES)
    assert all(m.hex_at(m.layout.center(h)) == h for h in (101, 801, 1022, 1521, 1418))
    d.click_at(m.arrows["top"].center)                        # nothing to scroll
    assert m.whole
    d.drag_hex(1018, 1016)                                    # play goes on in this view
    assert app.battle.state.piece(2).hex == 1016
    app.dirty = True
    app.step([])                                              # and it draws: the moved tank
    assert app.canvas.get_at(m.layout.center(1016)) != app.canvas.get_at(m.layout.center(1018))
    d.key(pygame.K_TAB)
    assert not m.whole and m.top_row == 11


# ---------------------------------------------------------------- T3: the Reminder

def test_t3_reminder_on_done_with_unmoved_pieces():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(HOWITZER, 1218)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.button("Done")
    assert b.dialog is not None and b.dialog.title == "Reminder"
    assert "moved" in b.dialog.message
    d.answer("Cancel")
    assert b.state.phase is Phase.DEFENSE_MOVE
    d.button("Done")
    d.answer("OK")
    assert b.state.phase is Phase.DEFENSE_FIRE


def test_t3_no_reminder_when_everything_moved_or_cannot():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(HOWITZER, 1218)], Phase.DEFENSE_MOVE, 820)
    b = app.battle
    d.drag_hex(1018, 1017)                # the howitzer and the CP cannot move anyway
    d.button("Done")
    assert b.dialog is None and b.state.phase is Phase.DEFENSE_FIRE


def test_t3_reminder_in_a_fire_phase_and_when_switched_off():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    d.button("Done")
    assert b.dialog.title == "Reminder" and "fired" in b.dialog.message
    d.answer("Cancel")
    b.reminders = lambda: False           # Preferences: Reminders No
    d.button("Done")
    assert b.dialog is None and b.state.phase is Phase.GEV_MOVE


def test_t3_reminder_when_an_aim_is_left_unfired():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    d.drag_hex(1018, 1020)
    d.answer("OK")                        # the heavy tank aims at the missiles
    assert b.state.aim is not None
    b.reminders = lambda: True
    d.button("Done")
    assert b.dialog is not None and b.dialog.title == "Reminder"
    assert "aimed units have not fired" in b.dialog.message
    d.answer("Cancel")
    assert b.state.phase is Phase.DEFENSE_FIRE and b.state.aim is not None
    d.button("Fire")
    assert b.state.aim is None and b.state.piece(2).fired


def test_t3_reminder_for_the_ogre():
    app, d = battle_app([P(CP, 1418)], Phase.OGRE_MOVE, 1020)
    d.button("Done")
    assert d.dialog is not None and d.dialog.title == "Reminder"
    d.answer("OK")
    assert app.battle.state.phase is Phase.OGRE_FIRE


# ---------------------------------------------------------------- G4: the final dialog

def _heavies_near(h, n):
    near = (x for x in ALL_HEXES if 1 <= distance(h, x) <= 2)
    return sorted(near, key=lambda x: (x % 100, x))[:n]


def test_g4_defense_victory_dialog():
    pieces = [P(CP, 1418)] + [P(HEAVY, h) for h in _heavies_near(1020, 2)]
    app, d = battle_app(pieces, Phase.DEFENSE_FIRE, 1020, treads=0, weapons=(0, 0, 0, 1))
    b = app.battle
    a, c = _heavies_near(1020, 2)
    d.drag_hex(a, 1020)
    assert [w for w in WEAPONS if b.dialog._live(w)] == [Weapon.AP]     # all that is left
    d.answer("OK")
    d.drag_hex(c, 1020)                   # 8 to 1: an automatic hit
    d.button("Fire")
    s = b.state
    assert s.over and s.result == "Defense Victory"
    assert b.dialog.title == "The Battle Is Over"
    assert b.dialog.message.startswith("Defense Victory.")
    assert "The Ogre is destroyed." in b.dialog.message
    assert "The Battle Is Over" in shown_text(app)
    d.answer("OK")
    assert b.dialog is None
    assert not any(on for label, on in enabled(app).items() if label != "Range")
    before = b.state
    d.drag_hex(a, 1019)
    assert b.state is before
    assert "Battle Over" in shown_text(app)


def test_g4_complete_defense_victory_dialog():
    hexes = _heavies_near(1020, 9)
    pieces = [P(CP, 1418)] + [P(HEAVY, h) for h in hexes]     # 36 attack points
    app, d = battle_app(pieces, Phase.DEFENSE_FIRE, 1020, treads=0, weapons=(0, 0, 0, 1))
    d.drag_hex(hexes[0], 1020)
    d.answer("OK")
    d.drag_hex(hexes[1], 1020)
    d.button("Fire")
    assert app.battle.state.result == "Complete Defense Victory"
    assert "Complete Defense Victory" in d.dialog.message

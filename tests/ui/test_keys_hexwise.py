"""S4, issue 13.5: the arrow keys move the keyboard pointer a hex at a time on the map (Shift:
three), scroll the map at its edge, step from control to control in the sidebar, the editor's
piece window and dialogs; a whole defence turn is played with the keys alone."""

from __future__ import annotations

import pygame
from driver import Driver

from ogre.rules import Phase
from ogre.rules.hexes import col_row
from ogre.ui.app import App
from ogre.ui.overlays.keyboard import step_hex
from tests.rules.helpers import scenario

LEFT, RIGHT, UP, DOWN = pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN


def _app(tmp_path, state) -> tuple[App, Driver]:
    app = App(state=state, prefs_folder=tmp_path, size=(1024, 720))
    return app, Driver(app)


def _pointer_hex(app) -> int:
    return app.screen.map.hex_at(app.pointer.pos)


def _walk(d: Driver, app, to: int) -> None:
    """Arrow keys only, as a player would: columns first, then rows."""
    for _ in range(60):
        here = _pointer_hex(app)
        if here == to:
            return
        (c, r), (tc, tr) = col_row(here), col_row(to)
        d.key(RIGHT if tc > c else LEFT if tc < c else DOWN if tr > r else UP)
    raise AssertionError(f"the pointer never reached {to:04d}")


def test_s4_step_hex_keeps_the_row_across_and_stops_at_the_edges():
    assert step_hex(809, 1, 0) == 909 and step_hex(809, -1, 0) == 709
    assert step_hex(809, 0, 1, 3) == 812
    assert step_hex(802, 0, -1, 3) == 801                   # the top edge stops it
    assert step_hex(905, -1, 0, 9) == 0                      # past the left edge: off the map
    assert step_hex(222, 1, 0) == 321                        # odd columns end at row 21


def test_s4_an_arrow_moves_the_pointer_one_hex_and_shift_three(tmp_path):
    app, d = _app(tmp_path, scenario([("heavy", 1010)], ogre=1015, phase=Phase.DEFENSE_MOVE))
    _walk(d, app, 1012)
    d.key(RIGHT)
    assert _pointer_hex(app) == 1112
    d.key(UP, pygame.KMOD_SHIFT)
    assert _pointer_hex(app) == 1109
    x, y = app.pointer.pos
    assert (x, y) == tuple(int(v) for v in app.screen.map.layout.center(1109))   # on its centre


def test_s4_the_map_scrolls_when_the_pointer_reaches_its_edge(tmp_path):
    app, d = _app(tmp_path, scenario([("heavy", 1010)], ogre=1015, phase=Phase.DEFENSE_MOVE))
    m = app.screen.map
    _walk(d, app, 805)
    top = m.top_row
    for _ in range(8):
        d.key(UP)
    assert _pointer_hex(app) == 801
    assert m.top_row < top and m.hex_visible(801)
    x, y = app.pointer.pos
    assert m.rect.collidepoint(x, y)


def test_s4_left_of_the_map_the_arrows_step_through_the_sidebar_buttons(tmp_path):
    app, d = _app(tmp_path, scenario([("heavy", 1010)], ogre=1015, phase=Phase.DEFENSE_MOVE))
    b = app.battle
    _walk(d, app, 112)
    d.key(LEFT)                                             # off the map's left edge
    on = [btn.label for btn in b.buttons if btn.rect.collidepoint(app.pointer.pos)]
    assert on, "the pointer should sit on a sidebar button"
    seen = {on[0]}
    for key in (UP, LEFT, DOWN, RIGHT) * 2:            # round the 2 x 2 buttons
        d.key(key)
        seen |= {btn.label for btn in b.buttons if btn.rect.collidepoint(app.pointer.pos)}
    assert seen == {"Undo", "Group", "Range", "Done"}
    done = next(btn for btn in b.buttons if btn.label == "Done")
    if not done.rect.collidepoint(app.pointer.pos):
        d.key(RIGHT)
    assert done.rect.collidepoint(app.pointer.pos)
    d.key(RIGHT)                                            # nothing further right: the map
    assert _pointer_hex(app) == 112


def test_s4_down_from_the_bottom_row_leaves_the_map_and_space_takes_the_ogre_off(tmp_path):
    app, d = _app(tmp_path, scenario([("heavy", 310)], ogre=822, phase=Phase.OGRE_MOVE))
    _walk(d, app, 822)
    d.key(DOWN)
    assert _pointer_hex(app) == 0                           # below the map
    d.key(UP)
    assert _pointer_hex(app) == 822                         # and back
    d.key(DOWN)
    d.key(pygame.K_SPACE)                                   # a click off the map (M9)
    assert app.battle.dialog is not None and app.battle.dialog.title == "Leave the Map"


def test_s4_the_editor_piece_window_is_stepped_choice_by_choice(tmp_path):
    app = App(prefs_folder=tmp_path, size=(1024, 720))
    d = Driver(app)
    ed = app.editor
    d.key(LEFT, pygame.KMOD_SHIFT)
    for _ in range(6):
        d.key(LEFT)
    rects = ed.key_controls()
    assert any(r.collidepoint(app.pointer.pos) for r in rects)
    picked = []
    for key in (UP, UP, RIGHT, DOWN):
        d.key(key)
        d.key(pygame.K_SPACE)
        picked.append(ed.selected)
    assert picked == ["infantry3", "infantry2", "cp", "blank"]    # up from the Mine, lowest


def test_s4_a_whole_defence_turn_by_keys_alone(tmp_path):
    state = scenario([("heavy", 1010), ("missile", 1210)], ogre=1013, phase=Phase.DEFENSE_MOVE)
    app, d = _app(tmp_path, state)
    b = app.battle
    _walk(d, app, 1010)
    d.key(pygame.K_z)                                       # pick up the heavy tank
    _walk(d, app, 1011)
    d.key(pygame.K_z)                                       # and drop it a hex on
    assert b.state.piece(1).hex == 1011
    d.key(pygame.K_d)                                       # Done: the defence fires
    if b.dialog is not None:
        d.key(pygame.K_RETURN)                              # the reminder: end anyway
    assert b.state.phase is Phase.DEFENSE_FIRE
    for unit in (1011, 1210):
        _walk(d, app, unit)
        d.key(pygame.K_z)
        _walk(d, app, 1013)
        d.key(pygame.K_z)                                   # aim at the Ogre
        if b.dialog is not None:
            d.key(pygame.K_RETURN)                          # the part: the first live one
    assert b.state.aim is not None and set(b.state.aim.attackers) == {1, 2}
    d.key(pygame.K_f)                                       # Fire
    assert b.state.aim is None and any("Defense fires" in r for r in b.results)
    d.key(pygame.K_d)
    assert b.state.phase is Phase.GEV_MOVE                  # no GEV here: nothing to move
    d.key(pygame.K_d)
    assert b.state.phase is Phase.OGRE_MOVE and b.state.turn == state.turn + 1

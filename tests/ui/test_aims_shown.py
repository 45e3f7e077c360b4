"""Issue 30 (4): a multi-squad unit aims one squad per drag, as the 1986 manual has it, and the
player sees so ("1 of 3 squads aimed" on the counter and in the Tactical Display); Shift+drag
aims every squad that can still fire; a line joins each aimed unit to what it aims at (C5, C6).
Issue 30 (17): the hex under the pointer and the selected piece's hex are named (B1, S1)."""

from __future__ import annotations

import pygame
import pytest
from test_battle_setup import CP, HEAVY, INF, P, battle_app, drawn_text, shown_text, with_piece

from ogre.rules.state import Phase
from ogre.rules.units import Weapon
from ogre.ui.toolkit import theme

SECONDARY = 2                   # the part dialog's row of the Secondary Battery


@pytest.fixture
def shift():
    """Shift held down, as SDL reports it, for the drags made while it is on."""
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    yield
    pygame.key.set_mods(pygame.KMOD_NONE)


def aim_at_secondary(d, src: int, ogre: int = 1020) -> None:
    d.drag_hex(src, ogre)
    d.dialog_click(d.dialog.row_rect(SECONDARY))
    d.answer("OK")


def drawn_in(app, words: str, rect: pygame.Rect) -> bool:
    return any(t == words and rect.collidepoint(pos) for t, pos in drawn_text(app))


def test_c6_one_drag_aims_one_squad_and_the_unit_says_how_many_of_its_squads():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3)], Phase.DEFENSE_FIRE, 1020)
    b = app.battle
    aim_at_secondary(d, 1019)
    assert b.state.aim.part is Weapon.SECONDARY and b.state.aim.attackers == (2,)
    words = shown_text(app)
    assert "1 of 3 squads aimed" in words                     # the Tactical Display
    assert drawn_in(app, "1/3", b.map.counter_rect(1019).inflate(8, 8))   # the counter
    d.drag_hex(1019, 1020)                                    # the manual's second drag
    assert b.state.aim.attackers == (2, 2)
    assert "2 of 3 squads aimed" in shown_text(app)
    assert drawn_in(app, "2/3", b.map.counter_rect(1019).inflate(8, 8))


def test_c6_shift_drag_aims_every_squad_that_can_still_fire(shift):
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3), P(INF, 1021, 2)], Phase.DEFENSE_FIRE,
                        1020)
    b = app.battle
    b.match.state = with_piece(b.state, 3, fired=1)                 # one of its two squads fired
    aim_at_secondary(d, 1019)                                 # the part asked once
    assert b.state.aim.attackers == (2, 2, 2)
    assert "3 of 3 squads aimed" in shown_text(app)
    d.drag_hex(1021, 1020)                                    # joins with what is left
    assert b.state.aim.attackers == (2, 2, 2, 3)
    assert b.message == ""                                    # no refusal for the spent squad
    d.drag_hex(1019, 1020)                                    # nothing left: the 1986 refusal
    assert b.message == "ENTIRE SQUAD HAS AIMED OR FIRED"


def _is_aim_red(app, a, b) -> bool:
    """The canvas halfway between two hexes' centres is the aim's red (a little see-through)."""
    m = app.battle.map
    (x0, y0), (x1, y1) = m.layout.center(a), m.layout.center(b)
    app.dirty = True
    app.step([])
    r, g, b = tuple(app.canvas.get_at((round((x0 + x1) / 2), round((y0 + y1) / 2))))[:3]
    return r > 200 and g < 160 and b < 140 and (r, g, b) != theme.MAP_CLEAR


def test_c6_a_line_joins_each_aimed_unit_to_the_ogre():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1018), P(HEAVY, 1220)], Phase.DEFENSE_FIRE, 1020)
    assert not _is_aim_red(app, 1018, 1020)
    aim_at_secondary(d, 1018)
    d.drag_hex(1220, 1020)
    assert _is_aim_red(app, 1018, 1020) and _is_aim_red(app, 1220, 1020)
    d.button("Clear")
    assert not _is_aim_red(app, 1018, 1020)


def test_c5_a_line_joins_the_ogre_to_its_target():
    app, d = battle_app([P(CP, 1418), P(HEAVY, 1017)], Phase.OGRE_FIRE, 1020)
    assert not _is_aim_red(app, 1020, 1017)
    d.drag_hex(1020, 1017)
    d.dialog_click(d.dialog.arrows(1)[0])                     # the main battery
    d.answer("OK")
    assert _is_aim_red(app, 1020, 1017)


def test_b1_the_hex_under_the_pointer_and_the_selected_pieces_hex_are_named():
    app, d = battle_app([P(CP, 1418), P(INF, 1019, 3)], Phase.DEFENSE_MOVE, 1020)
    b = app.battle
    d.send(pygame.MOUSEMOTION, d.hex_pos(1019))               # the counter hides "1019"
    assert drawn_in(app, "Hex 1019", b.map.rect)              # a label on the map
    d.send(pygame.MOUSEMOTION, d.hex_pos(1217))
    assert drawn_in(app, "Hex 1217", b.map.rect)
    d.click_hex(1019)
    assert "Infantry (3) at 1019" in shown_text(app)          # the Tactical Display
    d.click_hex(1020)
    assert "At 1020" in shown_text(app)                       # the Ogre Summary

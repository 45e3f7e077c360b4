"""X4 (issue 31 (11)): on a high-DPI screen the game is drawn at the window's own pixels.

A 3840 x 2160 window gets the 1920 x 1080 layout at two pixels a unit: the hex lines, the text
and the counters are drawn at that resolution (ogre/ui/toolkit/ink.py), never drawn small and
stretched, and the clicks still land where the player points. How fast such a frame draws is
measured in tools/bench_ui.py (docs/performance.md), never here.
"""

from __future__ import annotations

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, HEAVY, P, battle_state

from ogre.rules.state import Phase
from ogre.ui.app import App
from ogre.ui.drawing import art
from ogre.ui.toolkit import ink, theme


def battle(size) -> App:
    app = App(state=battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020),
              size=size)
    app.dirty = True
    app.step([])
    return app


def exact(surface: pygame.Surface, area: pygame.Rect, colour) -> int:
    """How many pixels of `area` are exactly `colour` (a stretched picture has few: its
    edges are smeared into the colours beside them)."""
    part = surface.subsurface(area)
    want = pygame.Color(*colour)
    return sum(1 for x in range(part.get_width()) for y in range(part.get_height())
               if part.get_at((x, y)) == want)


def test_x4_a_4k_window_gets_the_1080_layout_at_two_pixels_a_unit():
    app = battle((3840, 2160))
    assert app.canvas.get_size() == (1920, 1080) and app.canvas.scale == 2
    assert app.canvas.surface is app.window          # drawn straight on it: nothing stretched
    Driver(app).drag_hex(1018, 1016)                 # and the clicks land where pointed
    assert app.battle.state.piece(2).hex == 1016


def test_x4_hex_lines_are_drawn_at_every_pixel_not_stretched():
    """The same view at one and at two pixels a unit: the sharp hex edges come out twice as
    long and twice as wide, so four times as many pixels of their exact colour."""
    one, two = battle((1920, 1080)), battle((3840, 2160))
    area = one.battle.map.rect.inflate(-200, -200)
    at_one = exact(one.canvas.surface, area, theme.HEX_EDGE)
    at_two = exact(two.canvas.surface, two.canvas.box(area), theme.HEX_EDGE)
    assert at_one > 1000 and at_two >= 3 * at_one


def test_x4_text_is_set_at_the_canvas_pixels():
    canvas = ink.Canvas((400, 100), 2.5)
    canvas.fill(theme.BG)
    rect = theme.text(canvas, "CAN'T MOVE THAT FAR", (10, 20), 20, theme.TEXT)
    assert rect.size == theme.font(20).size("CAN'T MOVE THAT FAR")        # laid out in units
    sharp = theme.font(50).render("CAN'T MOVE THAT FAR", True, theme.TEXT, theme.BG)
    box = canvas.box(rect)
    assert abs(box.width - sharp.get_width()) <= 0.03 * box.width     # its line, in units
    glyph_pixels = exact(canvas.surface, box.inflate(0, 8), theme.TEXT)
    assert glyph_pixels >= 0.8 * exact(sharp, sharp.get_rect(), theme.TEXT)   # full strokes


def test_u1_counters_are_drawn_for_their_size_on_the_screen(monkeypatch):
    asked: list[int] = []
    real = art.counter
    monkeypatch.setattr(art, "counter", lambda kind, size, **k: (asked.append(size),
                                                                 real(kind, size, **k))[1])
    app = battle((3840, 2160))
    app.dirty = True
    app.step([])
    assert asked and set(asked) == {round(app.battle.map.counter_size * 2)}


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_x4_boxes_that_touch_still_touch_at_any_scale(scale):
    canvas = ink.Canvas((300, 300), scale)
    left, right = pygame.Rect(10, 10, 33, 50), pygame.Rect(43, 10, 20, 50)
    assert canvas.box(left).right == canvas.box(right).left


# ---------------------------------------------------------------- the Interface Size preference

@pytest.mark.parametrize("window, larger, canvas, scale", [
    ((1920, 1080), 1.5, (1280, 720), 1.5),
    ((3840, 2160), 1.25, (1536, 864), 2.5),
    ((1306, 918), 2.0, (1024, 720), 918 / 720),       # as large as the window allows
])
def test_x4_a_larger_interface_is_a_smaller_canvas_at_more_pixels(window, larger, canvas, scale):
    from ogre.ui.app import canvas_fit
    assert canvas_fit(window, larger) == (canvas, pytest.approx(scale))


def test_x4_interface_size_is_chosen_in_preferences_and_kept(tmp_path):
    from ogre.storage.preferences import load_preferences
    from ogre.ui.dialogs.options import PreferencesDialog
    app = App(prefs_folder=tmp_path, size=(1920, 1080),
              state=battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020))
    app.step([])
    assert app.canvas.scale == 1
    app.commands.preferences()
    dialog = app.dialog
    assert isinstance(dialog, PreferencesDialog)
    row = [name for name, _ in dialog.OPTIONS].index("interface_size")
    d = Driver(app)
    d.click_at(dialog.row_rect(row).center)                # 100% -> 125% -> 150%
    d.click_at(dialog.row_rect(row).center)
    d.answer("OK")
    assert load_preferences(tmp_path)[0].interface_size == 150
    app.dirty = True
    app.step([])
    assert app.canvas.get_size() == (1280, 720) and app.canvas.scale == 1.5
    assert app.canvas.surface is app.window                 # drawn at the window's pixels
    d.drag_hex(1018, 1016)                                  # and it plays at that size
    assert app.battle.state.piece(2).hex == 1016

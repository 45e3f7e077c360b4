"""B4, X4 (issue 13, part 2; issue 30 (16)): the window fits the player's desktop, and the
canvas takes the window's shape - a tall window shows more rows, a 1920 x 1080 screen the whole
map with its numbers - one pixel a unit up to 1080 lines and more past them (canvas_fit).

The whole map is "readable" from a hex radius of 25 (mapview.AUTO_WHOLE_SIZE): counters of
36 px, whose figures are drawn as large as the half view's hex numbers.
"""

from __future__ import annotations

import pygame
import pytest
from driver import Driver
from test_battle_setup import CP, HEAVY, P, battle_state
from test_view_framing import fully_shown

from ogre.rules.hexes import ALL_HEXES
from ogre.rules.state import Phase
from ogre.ui.app import App, canvas_fit, default_window_size
from ogre.ui.scenes.editor import Editor


def battle(size) -> App:
    app = App(state=battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020),
              size=size)
    app.step([])
    return app


def resize(app: App, size) -> None:
    """The player drags the window's edge: SDL resizes the surface and says so."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])


def numbers_drawn(monkeypatch) -> list[str]:
    """Every hex number (figures.draw's text) drawn from now on, in order."""
    from ogre.ui.drawing import figures
    drawn: list[str] = []
    real = figures.draw
    monkeypatch.setattr(figures, "draw", lambda s, text, *a, **k: (drawn.append(text),
                                                                  real(s, text, *a, **k))[1])
    return drawn


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


# ---------------------------------------------------------------- the first window

@pytest.mark.parametrize("desktop, window", [
    ((1920, 1080), (1422, 1000)),       # the height less 80 for a title bar and a panel,
    ((1366, 768), (978, 688)),          # in the canvas's shape
    ((3840, 2160), (2857, 2009)),       # 7% of a taller desktop
    ((800, 600), (740, 520)),           # smaller than the canvas: it is scaled down
    ((1080, 1920), (1026, 1786)),       # a portrait screen: the width bounds it, the height
                                        # is kept, and the whole map shows (below)
    (None, (1024, 720)),                # unknown: the canvas's own size
    ((0, 0), (1024, 720)),
])
def test_b4_default_window_fits_the_desktop(desktop, window):
    assert default_window_size(desktop) == window


def test_b4_a_new_player_on_a_1080_line_screen_sees_the_whole_map_with_its_numbers(
        monkeypatch):
    """Issue 42: the first window on a 1920 x 1080 desktop took 918 of its lines and showed
    half the map; it takes most of the desktop, leaving room for a title bar and a panel, and
    opens on the whole map with its numbers - in the Field Editor and in a battle."""
    from ogre.ui.drawing import art, mapview
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    drawn = numbers_drawn(monkeypatch)
    app = App()                                       # no size given, none remembered
    w, h = app.window.get_size()
    assert 1080 - 90 <= h <= 1080 - 60 and w <= 1920  # room for the title bar and a panel
    assert app.canvas.get_size() == (w, h) and app.canvas.scale == 1     # all of it map
    app.dirty = True
    app.step([])
    m = app.screen.map
    assert isinstance(app.screen, Editor) and m.whole
    assert all(fully_shown(m, hx) for hx in ALL_HEXES)
    assert {f"{hx:04d}" for hx in ALL_HEXES} <= set(drawn)                # numbered
    assert art.figure_height(m.counter_size) >= art.COMPACT_FLOOR       # figures readable
    assert mapview.hex_number_height(m.layout.size) >= 9
    fought = App(state=battle_state([P(CP, 1418), P(HEAVY, 1018)], Phase.DEFENSE_MOVE, 1020))
    assert fought.window.get_size() == (w, h) and fought.battle.map.whole
    d = Driver(fought)
    d.drag_hex(1018, 1016)                                                # and it plays
    assert fought.battle.state.piece(2).hex == 1016
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1080, 1920)])
    portrait = App(state=battle_state([P(CP, 1418)], Phase.DEFENSE_MOVE, 1020))
    assert portrait.window.get_size() == (1026, 1786) and portrait.battle.map.whole


# ---------------------------------------------------------------- the canvas follows the window

@pytest.mark.parametrize("window, canvas, scale", [
    ((1024, 720), (1024, 720), 1.0), ((1306, 918), (1306, 918), 1.0),
    ((1920, 1080), (1920, 1080), 1.0),          # one pixel a unit up to 1080 lines ...
    ((3840, 2160), (1920, 1080), 2.0),          # ... and a 4K screen the same layout, twice
    ((2560, 1440), (1920, 1080), 4 / 3),
    ((1000, 1400), (1024, 1434), 1.0),          # never narrower than 1024: shown shrunk
    ((800, 900), (1024, 1152), 1.0), ((1, 1), (1024, 1024), 1.0),
    ((1600, 500), (2048, 720), 1.0),            # at most 2048 units wide ...
    ((3840, 1080), (2048, 1080), 1.0),
    ((500, 1000), (1024, 2048), 1.0), ((1, 700), (1024, 2048), 1.0),    # ... and tall
])
def test_x4_the_canvas_takes_the_windows_shape_at_least_1024_by_720(window, canvas, scale):
    assert canvas_fit(window) == (canvas, pytest.approx(scale))


def test_b4_a_tall_window_shows_the_whole_map_without_bars():
    app = battle((1000, 1400))
    m = app.battle.map
    assert app.canvas.get_size() == (1024, 1434)
    # no bars above or below: the canvas's corners are the window's
    assert app.to_window((0, 0)) == (0, 0)
    assert app.to_window((1023, 1433)) == (999, 1399)
    assert m.rect.bottom == 1434
    assert m.whole and m.layout.size == 32               # as large as the half view
    assert all(fully_shown(m, h) for h in ALL_HEXES)
    d = Driver(app)
    d.drag_hex(1018, 1016)                                # and it plays
    assert app.battle.state.piece(2).hex == 1016
    d.click_at(m.arrows["down"].center)                   # the arrows have nothing to do
    assert m.whole
    key(app, pygame.K_TAB)                                # Tab: the half view, and back
    assert not m.whole and m.layout.size == 32
    key(app, pygame.K_TAB)
    assert m.whole


def test_b4_a_very_wide_window_keeps_bars_at_the_sides():
    app = battle((1600, 500))
    _, ox, oy = app._fit()
    assert app.canvas.get_size() == (2048, 720) and oy == 0 and ox > 50
    assert not app.battle.map.whole
    sliver = battle((400, 1000))                         # past twice as tall as wide: bars
    _, ox, oy = sliver._fit()
    assert sliver.canvas.get_size() == (1024, 2048) and ox == 0 and oy > 0
    d = Driver(sliver)
    d.drag_hex(1018, 1016)
    assert sliver.battle.state.piece(2).hex == 1016


def test_b4_the_whole_view_at_a_small_window_shows_every_hex():
    for size in ((1024, 720), (1306, 918), default_window_size((1366, 768))):
        app = battle(size)
        m = app.battle.map
        assert not m.whole                                # too short: the half view first
        key(app, pygame.K_TAB)
        assert m.whole
        assert all(fully_shown(m, h) for h in ALL_HEXES), size
        assert m.layout.size >= 18                        # the largest that fits, not 17


def test_x4_resizing_keeps_the_scroll_and_the_players_choice():
    app = battle((1024, 720))
    m = app.battle.map
    m.scroll_to(4)
    resize(app, (1000, 900))                               # taller: more rows, same top
    assert app.canvas.get_size() == (1024, 922) and m.rect.bottom == 922
    assert not m.whole and m.top_row == 4 and m.visible_rows > 12
    resize(app, (1000, 1400))                              # tall enough: the whole map
    assert m.whole
    key(app, pygame.K_TAB)                                 # the player wants the half view
    assert not m.whole and m.top_row == 1 and m.visible_rows >= 22   # every row fits
    resize(app, (1000, 1300))
    assert not m.whole                                     # ... and keeps it
    key(app, pygame.K_TAB)                                 # now the whole map ...
    resize(app, (1280, 720))                               # ... in a short window too
    assert app.canvas.get_size() == (1280, 720) and m.rect.bottom == 720
    assert m.whole and all(fully_shown(m, h) for h in ALL_HEXES)
    key(app, pygame.K_TAB)
    assert not m.whole and m.top_row == 1
    d = Driver(app)
    d.drag_hex(1018, 1017)                                 # play goes on
    assert app.battle.state.piece(2).hex == 1017


def test_x4_the_field_editor_follows_the_window_too():
    app = App(size=(1024, 720))
    ed = app.screen
    assert isinstance(ed, Editor) and not ed.map.whole
    resize(app, (1000, 1400))
    assert ed.map.whole and ed.map.rect.bottom == 1434
    assert all(fully_shown(ed.map, h) for h in ALL_HEXES)


def test_x4_dialogs_centre_on_the_tall_canvas_and_work():
    app = battle((1000, 1400))
    app.show("Notice", "A word.")
    app.step([])
    d = Driver(app)
    dialog = app.dialog
    assert dialog.rect.centery == 1434 // 2
    assert all(dialog.rect.contains(b.rect) for b in dialog.buttons)
    d.answer("OK")
    assert app.dialog is None
    # one opened before the window grew moves with it
    app.show("Notice", "Another.")
    app.step([])
    resize(app, (1000, 1100))
    assert app.dialog.rect.centery == app.canvas.get_height() // 2
    d.answer("OK")
    assert app.dialog is None


def test_x4_the_keyboard_pointer_reaches_the_bottom_of_a_tall_canvas():
    app = battle((1000, 1400))
    start = app.to_window((600, 1100))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(3):
        key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert 1100 < app.pointer.pos[1] < app.canvas.get_height()
    for _ in range(40):
        key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert 1100 < app.pointer.pos[1] < app.canvas.get_height()    # on the canvas, no further


def test_b1_the_tall_windows_whole_map_keeps_its_hex_numbers(monkeypatch):
    drawn = numbers_drawn(monkeypatch)
    app = battle((1000, 1400))
    assert app.battle.map.whole
    assert {f"{h:04d}" for h in ALL_HEXES} <= set(drawn)      # every hex numbered, readable
    small = battle((1024, 720))
    drawn.clear()                                              # its half view had them
    key(small, pygame.K_TAB)                                   # the small whole map: none
    assert small.battle.map.whole and not {f"{h:04d}" for h in ALL_HEXES} & set(drawn)


def test_x4_a_resized_window_opens_at_that_size_next_time(tmp_path):
    from ogre.storage.preferences import load_preferences
    app = App(prefs_folder=tmp_path, size=(1024, 720))
    app.remember_window()
    assert load_preferences(tmp_path)[0].window_size is None    # never resized: not kept
    resize(app, (900, 700))
    app.remember_window()                                        # what run() does at the end
    assert load_preferences(tmp_path)[0].window_size == (900, 700)
    again = App(prefs_folder=tmp_path)
    assert again.window.get_size() == (900, 700)


# ---------------------------------------------------------------- issue 30 (16): a 1080-line screen

def test_b4_a_1920_by_1080_screen_shows_the_whole_map_readable_with_its_numbers(monkeypatch):
    from ogre.ui.drawing import art, mapview
    drawn = numbers_drawn(monkeypatch)
    app = battle((1920, 1080))
    m = app.battle.map
    _, ox, oy = app._fit()
    assert (ox, oy) == (0, 0) and app.canvas.get_size() == (1920, 1080)      # no bars
    assert m.whole and all(fully_shown(m, h) for h in ALL_HEXES)             # by itself
    assert m.layout.size >= mapview.AUTO_WHOLE_SIZE                           # readable:
    assert art.figure_height(m.counter_size) >= art.COMPACT_FLOOR             # the figures
    assert {f"{h:04d}" for h in ALL_HEXES} <= set(drawn)                       # and numbers
    d = Driver(app)
    d.drag_hex(1018, 1016)                                                     # it plays
    assert app.battle.state.piece(2).hex == 1016


def test_x4_the_menus_sit_at_the_right_of_a_wide_canvas():
    app = battle((1920, 1080))
    titles = [m.title_rect for m in app.menubar.menus]
    assert titles[-1].right == 1920 - 8 and all(r.top == 0 for r in titles)
    Driver(app).click_at(titles[0].center)
    assert app.menubar.open is app.menubar.menus[0]
    assert app.canvas.get_rect().contains(app.menubar.open.rect)

"""Hex numbers and counter figures are legible at the default window (B1, U1, X4; issue 13).

The default window on a 1080-line desktop scales the logical canvas by about 1.27, so 9
logical pixels print 11 real ones. Figures use our stroke font, whose "1" has a flag and a
foot and cannot be read as an "l" or an "I".
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ogre.resources import standard_board  # noqa: E402
from ogre.rules.hexes import ALL_HEXES  # noqa: E402
from ogre.rules.units import Kind  # noqa: E402
from ogre.ui.drawing import art, figures, mapview
from ogre.ui.drawing.mapview import MapView  # noqa: E402
from ogre.ui.toolkit import theme  # noqa: E402

MAP_RECT = pygame.Rect(theme.SIDEBAR_W, theme.MENU_H, theme.LOGICAL_SIZE[0] - theme.SIDEBAR_W,
                       theme.LOGICAL_SIZE[1] - theme.MENU_H)


def ink_rows(surf: pygame.Surface, alpha: int = 110) -> list[int]:
    return [y for y in range(surf.get_height())
            if any(surf.get_at((x, y)).a >= alpha for x in range(surf.get_width()))]


def ink_width(surf: pygame.Surface, y: int, alpha: int = 110) -> int:
    xs = [x for x in range(surf.get_width()) if surf.get_at((x, y)).a >= alpha]
    return xs[-1] - xs[0] + 1 if xs else 0


def inside_polygon(pt, poly) -> bool:
    """Ray casting; points on the edge count as inside."""
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y):
            cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x <= cross:
                inside = not inside
    return inside


def drawn_hex_numbers(view: MapView, monkeypatch) -> list[tuple[str, int, pygame.Rect]]:
    """Draw the half map's terrain and keep every figure drawn: (text, height, rect)."""
    calls: list[tuple[str, int, pygame.Rect]] = []
    real = figures.draw

    def spy(surface, text, height, colour, **where):
        rect = real(surface, text, height, colour, **where)
        calls.append((text, height, rect.move(view.rect.topleft)))
        return rect

    prose: list[str] = []
    monkeypatch.setattr(figures, "draw", spy)
    monkeypatch.setattr(theme, "text", lambda surface, words, *a, **k: prose.append(words))
    view.terrain(standard_board())
    assert not prose, f"hex numbers drawn in the prose font: {prose[:4]}"
    return calls


def test_b1_every_hex_number_is_9_px_tall_inside_its_hex(monkeypatch):
    view = MapView(MAP_RECT)
    calls = drawn_hex_numbers(view, monkeypatch)
    shown = {h for h in ALL_HEXES if view.hex_visible(h)}
    assert {int(text) for text, _, _ in calls} >= shown
    L = view.layout
    for text, height, rect in calls:
        h = int(text)
        assert text == f"{h:04d}"
        assert height >= 9
        assert len(ink_rows(figures.render(text, height))) >= 9, text     # the real ink
        corners = L.corners(h)
        for pt in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
            assert inside_polygon(pt, corners), f"{text} at {rect} leaves its hex"


def test_b1_hex_numbers_never_cover_a_counters_figures(monkeypatch):
    """They sit under the counter (the terrain layer) and above its figures' band."""
    view = MapView(MAP_RECT)
    size = view.counter_size
    band_h = art.figure_height(size) + 3
    for text, _, rect in drawn_hex_numbers(view, monkeypatch):
        x, y = view.layout.center(int(text))
        figures_band = pygame.Rect(x - size / 2, y + size / 2 - band_h, size, band_h)
        assert not rect.colliderect(figures_band), text


@pytest.mark.parametrize("height", [9, 11, 20])
def test_x4_one_has_a_flag_and_a_foot_and_is_no_i(height):
    one, eye = figures.render("1", height), figures.render("I", height)
    top, bottom = ink_rows(one)[0], ink_rows(one)[-1]
    stem = ink_width(one, height // 2)
    assert ink_width(one, bottom) >= 2 * stem            # the foot
    assert ink_width(one, top) < 2 * stem                # a point at the top, not a bar
    flag_row = top + round(height * 0.2)
    assert ink_width(one, flag_row) > 1.5 * stem         # the flag reaches out left
    assert ink_width(eye, ink_rows(eye)[0]) >= 2 * stem       # the I has a bar at the top
    assert pygame.image.tobytes(one, "RGBA") != pygame.image.tobytes(eye, "RGBA")


def test_x4_the_figures_font_has_no_l_to_mistake():
    with pytest.raises(ValueError):
        figures.render("l01", 9)


@pytest.mark.parametrize("text", ["0123456789", "4/2 D3 M3", "2/2 2 4-3", "MK III", "MK V"])
def test_x4_figures_print_as_tall_as_asked(text):
    for height in (8, 9, 12):
        img = figures.render(text, height)
        rows = ink_rows(img)
        assert img.get_height() == height and len(rows) >= height - 1, (text, height, rows)
        assert img.get_width() == figures.size(text, height)[0]


def counter_figure_rows(kind: str, size: int, **kw) -> int:
    """How many rows of dark ink the counter's figures band holds, counted up from the
    bottom of its face until a blank row (the gap above the numbers)."""
    surf = art.counter(kind, size, **kw)
    inner = art._inner_rect(size)
    rows = 0
    for y in range(inner.bottom - 1, inner.top, -1):
        dark = any(sum(surf.get_at((x, y))[:3]) < 330 for x in range(inner.left + 1,
                                                                      inner.right - 1))
        if dark:
            rows += 1
        elif rows:
            break
    return rows


def test_u1_whole_map_counter_figures_are_as_tall_as_half_map_hex_numbers():
    whole = MapView(MAP_RECT)
    whole.toggle_whole()
    size = whole.counter_size
    hex_numbers = mapview.hex_number_height(MapView(MAP_RECT).layout.size)
    assert art.figure_height(size) >= hex_numbers
    for kind in ("heavy", "missile", "howitzer", "gev", "infantry", "cp"):
        assert counter_figure_rows(kind, size) >= hex_numbers - 1, kind


@pytest.mark.parametrize("size", [24, 28, 40, 46, 64])
def test_u1_every_label_fits_its_counter(size):
    width = art._inner_rect(size).width
    for kind in [None, *Kind]:
        for mark in (3, 5):
            text, height, squeeze = art._label(kind, size, 3, mark)
            assert figures.size(text, height, squeeze)[0] <= width, (kind, size, text)
            assert height >= (8 if size >= 46 else 9)


def test_u1_half_map_counters_print_defense_and_move():
    size = MapView(MAP_RECT).counter_size
    assert art._label(Kind.HEAVY, size, 1, 3)[0] == "4/2 3 3"
    assert art._label(Kind.GEV, size, 1, 3)[0] == "2/2 2 4-3"

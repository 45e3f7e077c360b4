"""Counters, craters and corner arrows drawn by code (U1, U2, M2, C4, B2, B4, X4)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from ogre.ui.drawing import art  # noqa: E402

FACES = [("heavy", {}), ("missile", {}), ("howitzer", {}), ("gev", {}),
         ("infantry", {"squads": 1}), ("infantry", {"squads": 2}), ("infantry", {"squads": 3}),
         ("cp", {}), ("ogre", {"mark": 3}), ("ogre", {"mark": 5})]
DEFENDERS = ["heavy", "missile", "howitzer", "gev", "infantry", "cp"]


def pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def differing(a: pygame.Surface, b: pygame.Surface, tolerance: int = 24) -> float:
    """The fraction of pixels whose colour or alpha differs by more than `tolerance`."""
    pa, pb = pixels(a), pixels(b)
    n = len(pa) // 4
    diff = sum(1 for i in range(n)
               if max(abs(pa[4 * i + k] - pb[4 * i + k]) for k in range(4)) > tolerance)
    return diff / n


def mean_luminance(surf: pygame.Surface) -> float:
    data = pixels(surf)
    total = weight = 0.0
    for i in range(0, len(data), 4):
        r, g, b, a = data[i:i + 4]
        total += (0.2126 * r + 0.7152 * g + 0.0722 * b) * a
        weight += a
    return total / weight


@pytest.mark.parametrize("size", [24, 28, 40, 46, 64])
@pytest.mark.parametrize("state", art.STATES)
@pytest.mark.parametrize("kind,kw", FACES)
def test_u1_every_kind_and_state_renders_at_size(kind, kw, state, size):
    surf = art.counter(kind, size, state=state, **kw)
    assert surf.get_size() == (size, size)
    assert surf.get_flags() & pygame.SRCALPHA
    # opaque in the middle, transparent in the very corner (a rounded counter)
    assert surf.get_at((size // 2, size // 2)).a == 255
    if state != "highlight":
        assert surf.get_at((0, 0)).a == 0


@pytest.mark.parametrize("size", [28, 40, 64])
def test_u1_u2_every_kind_looks_different(size):
    images = {f"{k}{kw}": art.counter(k, size, **kw) for k, kw in FACES}
    for (na, a), (nb, b) in itertools.combinations(images.items(), 2):
        assert differing(a, b) > 0.03, f"{na} and {nb} look alike at {size} px"


def test_u2_mark_v_is_bigger_and_busier_than_mark_iii():
    def ink(surf: pygame.Surface) -> int:      # light silhouette pixels on the dark Ogre face
        data = pixels(surf)
        return sum(1 for i in range(0, len(data), 4) if data[i] > 200 and data[i + 1] > 180)

    assert ink(art.counter("ogre", 64, mark=5)) > ink(art.counter("ogre", 64, mark=3)) * 1.2


def test_defenders_and_ogre_are_different_colour_families():
    blue = art.counter("heavy", 40).get_at((8, 20))
    red = art.counter("ogre", 40).get_at((8, 20))
    assert blue.b > blue.r and red.r > red.b


@pytest.mark.parametrize("kind,kw", FACES)
def test_m2_c4_every_state_looks_different(kind, kw):
    images = {s: art.counter(kind, 40, state=s, **kw) for s in art.STATES}
    for (sa, a), (sb, b) in itertools.combinations(images.items(), 2):
        assert differing(a, b) > 0.05, f"{kind} {sa} and {sb} look alike"


@pytest.mark.parametrize("kind", DEFENDERS)
def test_x4_states_differ_by_luminance_not_only_hue(kind):
    """Colour-blind safe: normal > moved > fired > disabled in brightness alone."""
    lum = [mean_luminance(art.counter(kind, 40, state=s))
           for s in ("normal", "moved", "fired", "disabled")]
    assert lum == sorted(lum, reverse=True)
    assert all(a - b > 12 for a, b in zip(lum, lum[1:])), lum


def test_m2_c4_state_tints_follow_the_manual():
    """Moved dims green, fired red, disabled blue (the 1986 manual's colours)."""
    def channel_means(surf):
        data = pixels(surf)
        n = len(data) // 4
        return [sum(data[k::4]) / n for k in range(3)]

    normal = channel_means(art.counter("heavy", 40))
    moved = channel_means(art.counter("heavy", 40, state="moved"))
    fired = channel_means(art.counter("heavy", 40, state="fired"))
    disabled = channel_means(art.counter("heavy", 40, state="disabled"))
    assert moved[1] > moved[0] and moved[1] > moved[2]          # green leads
    assert fired[0] > fired[1] and fired[0] > fired[2]          # red leads
    assert disabled[2] > disabled[0] and disabled[2] > disabled[1]  # blue leads
    assert all(sum(t) < sum(normal) for t in (moved, fired, disabled))   # all dimmed


def test_state_glyph_marks_the_corner():
    """The top-right corner carries a white glyph disc in every tinted state."""
    for state in ("moved", "fired", "disabled"):
        surf = art.counter("gev", 40, state=state)
        corner = surf.subsurface((26, 0, 14, 14))
        data = pixels(corner)
        white = sum(1 for i in range(0, len(data), 4) if min(data[i:i + 3]) > 230)
        assert white > 20, state
    letters = [art.counter("gev", 40, state=s).subsurface((26, 0, 14, 14)).copy()
               for s in ("moved", "fired", "disabled")]
    for a, b in itertools.combinations(letters, 2):
        assert pixels(a) != pixels(b)


def test_highlight_is_a_bright_outline():
    surf = art.counter("missile", 40, state="highlight")
    edge = [surf.get_at((20, y)) for y in range(0, 4)]
    assert any(c.r > 200 and c.g > 180 and c.b < 80 and c.a > 200 for c in edge)
    # the face itself is untouched
    normal = art.counter("missile", 40)
    assert surf.get_at((20, 20)) == normal.get_at((20, 20))


def test_counters_are_cached():
    a = art.counter("howitzer", 40, state="fired")
    assert art.counter("howitzer", 40, state="fired") is a
    assert art.counter("ogre", 46, mark=5) is art.counter("ogre", 46, mark=5)
    assert art.crater(40) is art.crater(40)
    assert art.arrow("up", True, 26) is art.arrow("up", True, 26)


def test_irrelevant_arguments_share_one_face():
    """Squads only matter for infantry and the mark only for the Ogre."""
    assert pixels(art.counter("heavy", 40, squads=3)) == pixels(art.counter("heavy", 40))
    assert pixels(art.counter("cp", 40, mark=5)) == pixels(art.counter("cp", 40))


@pytest.mark.parametrize("call", [
    lambda: art.counter("tank", 40),
    lambda: art.counter("heavy", 40, state="asleep"),
    lambda: art.counter("infantry", 40, squads=4),
    lambda: art.counter("ogre", 40, mark=4),
    lambda: art.counter("heavy", 4),
    lambda: art.arrow("left", False, 26),
])
def test_bad_arguments_are_refused(call):
    with pytest.raises(ValueError):
        call()


@pytest.mark.parametrize("size", [21, 40])
def test_b2_crater_is_a_dark_pit_with_a_rim(size):
    surf = art.crater(size)
    assert surf.get_size() == (size, size)
    middle = surf.get_at((size // 2, size // 2))
    rim = surf.get_at((size // 2, round(size * 0.08)))
    assert middle.a == 255 and max(middle.r, middle.g, middle.b) < 60
    assert rim.a > 128 and rim.r > middle.r + 40
    assert surf.get_at((0, 0)).a == 0


def test_b4_arrows_point_and_bar():
    up, down = art.arrow("up", False, 26), art.arrow("down", False, 26)
    up_bar, down_bar = art.arrow("up", True, 26), art.arrow("down", True, 26)
    for img in (up, down, up_bar, down_bar):
        assert img.get_size() == (26, 26)
    assert differing(up, down) > 0.05
    assert differing(up, up_bar) > 0.05 and differing(down, down_bar) > 0.05

    def light_rows(surf):
        return [y for y in range(26) if any(surf.get_at((x, y)).r > 200
                                            and surf.get_at((x, y)).a > 200 for x in range(26))]

    # the up arrow's head is at the top: its top light row is wider than its bottom one
    def width(surf, y):
        return sum(1 for x in range(26)
                   if surf.get_at((x, y)).r > 200 and surf.get_at((x, y)).a > 200)

    rows = light_rows(up)
    assert max(width(up, y) for y in rows[: len(rows) // 2]) > width(up, rows[-1])
    rows = light_rows(down)
    assert max(width(down, y) for y in rows[len(rows) // 2:]) > width(down, rows[0])
    # the bar: a wide light row at the tip end
    assert max(width(up_bar, y) for y in light_rows(up_bar)[:2]) >= 16
    assert max(width(down_bar, y) for y in light_rows(down_bar)[-2:]) >= 16
    assert max(width(up, y) for y in light_rows(up)[:2]) < 8        # a plain arrow ends in a point

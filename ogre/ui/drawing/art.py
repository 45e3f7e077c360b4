"""Unit counters, craters and the map's corner arrows, drawn by code (U1, U2, M2, C4, X4).

Nothing here loads an image: every shape is drawn with pygame.draw on a canvas four times
the requested size and smooth-scaled down, so counters stay crisp at any window scale.
The figures use our own stroke font (figures.py), whose 1 and I cannot be taken for an l.

Defenders use NATO's friendly blue family, the Ogre hostile red. Piece states follow the
1986 manual (moved green, fired red, disabled blue, all dimmed) and are also told apart by
luminance (moved > fired > disabled) and by a corner glyph "M", "F" or "D", so they read
without colour vision. Highlight is a bright yellow-and-black outline.

Figures read attack/range, defense, move, and stay readable, so a smaller counter prints
fewer of them: on big counters in full ("4/2 D3 M3", the GEV "2/2 D2 M4-3"), from the half
map's 46 px the board-game form "4/2 3 3" (8 px tall at least), and below that only "4/2",
never shorter than the half map's 9 px hex numbers.
Infantry print their squads ("3/1 3 2"), the Ogre "MK III" or "MK V" ("III", "V" when small).

Returned surfaces are cached and shared: blit them, never draw on them.

>>> import pygame
>>> counter("heavy", 40).get_size()
(40, 40)
>>> counter("ogre", 40, mark=5) is counter("ogre", 40, mark=5)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from ogre.rules.units import STATS, Kind
from ogre.ui.drawing import figures

KINDS: tuple[str, ...] = ("heavy", "missile", "howitzer", "gev", "infantry", "cp", "ogre")
STATES: tuple[str, ...] = ("normal", "moved", "fired", "disabled", "highlight")
MARK_NAMES = {3: "MK III", 5: "MK V"}
MARK_SHORT = {3: "III", 5: "V"}
FIGURE_FLOOR = 9        # "4/2" no shorter than the half map's hex numbers (mapview)
COMPACT_FLOOR = 8       # "4/2 3 3" at least this tall: 10 px in the default window (x1.27)
FULL_FORM_FLOOR = 11    # "4/2 D3 M3" only where it prints this tall
SQUEEZES = (1.0, 0.88, 0.78, 0.68)   # how much narrower a long label may be set

SS = 4   # supersampling factor

Colour = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class Palette:
    paper: Colour      # the counter face
    ink: Colour        # the silhouette and the numbers
    detail: Colour     # wheels, slits and panel lines drawn over the silhouette
    edge: Colour       # the counter's border


DEFENDER = Palette(paper=(188, 208, 230), ink=(22, 30, 44), detail=(150, 170, 196),
                   edge=(16, 24, 40))
OGRE = Palette(paper=(150, 34, 30), ink=(246, 232, 206), detail=(150, 34, 30),
               edge=(40, 6, 6))

# state -> (per-channel multiplier, glyph). Luminance of the multiplier falls
# moved > fired > disabled, so the states differ in grey as well as in hue.
STATE_TINT: dict[str, tuple[tuple[float, float, float], str]] = {
    "moved": ((0.58, 0.86, 0.58), "M"),
    "fired": ((0.90, 0.44, 0.40), "F"),
    "disabled": ((0.30, 0.38, 0.80), "D"),
}
OGRE_TINT_STRENGTH = 0.6   # the Ogre's face is already dark: tint it less so it stays legible
HIGHLIGHT = (255, 226, 0)
HIGHLIGHT_EDGE = (0, 0, 0)


# --------------------------------------------------------------------------- drawing helpers


class Pen:
    """Draws in unit coordinates (0..1 on both axes) inside a square box of a big canvas."""

    def __init__(self, surface: pygame.Surface, x: float, y: float, side: float) -> None:
        self.surface = surface
        self.x, self.y, self.side = x, y, side

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x + u * self.side, self.y + v * self.side)

    def n(self, d: float) -> int:
        return max(1, round(d * self.side))

    def poly(self, pts: Sequence[Point], colour: Colour) -> None:
        pygame.draw.polygon(self.surface, colour, [self.p(u, v) for u, v in pts])

    def rect(self, u0: float, v0: float, u1: float, v1: float, colour: Colour,
             radius: float = 0.0, width: float = 0.0) -> None:
        (x0, y0), (x1, y1) = self.p(u0, v0), self.p(u1, v1)
        r = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(self.surface, colour, r, self.n(width) if width else 0,
                         border_radius=round(radius * self.side) if radius else -1)

    def circle(self, u: float, v: float, r: float, colour: Colour, width: float = 0.0) -> None:
        pygame.draw.circle(self.surface, colour, self.p(u, v), r * self.side,
                           self.n(width) if width else 0)

    def ellipse(self, u0: float, v0: float, u1: float, v1: float, colour: Colour,
                width: float = 0.0) -> None:
        (x0, y0), (x1, y1) = self.p(u0, v0), self.p(u1, v1)
        pygame.draw.ellipse(self.surface, colour, pygame.Rect(x0, y0, x1 - x0, y1 - y0),
                            self.n(width) if width else 0)

    def bar(self, a: Point, b: Point, w: float, colour: Colour, round_ends: bool = False) -> None:
        """A straight bar of width w from a to b (a rotated rectangle)."""
        (ax, ay), (bx, by) = a, b
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * w / 2, dx / length * w / 2
        self.poly([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)],
                  colour)
        if round_ends:
            self.circle(ax, ay, w / 2, colour)
            self.circle(bx, by, w / 2, colour)


def _supersampled(size: int, draw: Callable[[pygame.Surface, int], None],
                  clear: Colour = (0, 0, 0)) -> pygame.Surface:
    """Call draw(big, big_size) on a transparent canvas SS times larger and scale it down."""
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    big.fill((*clear, 0))
    draw(big, size * SS)
    return pygame.transform.smoothscale(big, (size, size))


# --------------------------------------------------------------------------- silhouettes
# Each takes a Pen whose box is the art area and a Palette; units face right.


def _treads(pen: Pen, u0: float, u1: float, v0: float, v1: float, pal: Palette,
            wheels: int) -> None:
    h = v1 - v0
    pen.rect(u0, v0, u1, v1, pal.ink, radius=h / 2)
    r = h * 0.30
    step = (u1 - u0 - h) / max(1, wheels - 1)
    for i in range(wheels):
        pen.circle(u0 + h / 2 + i * step, (v0 + v1) / 2, r, pal.detail)


def _heavy(pen: Pen, pal: Palette) -> None:
    _treads(pen, 0.02, 0.86, 0.66, 0.94, pal, 5)
    pen.poly([(0.0, 0.66), (0.08, 0.48), (0.80, 0.48), (0.92, 0.66)], pal.ink)
    pen.poly([(0.18, 0.48), (0.26, 0.30), (0.56, 0.28), (0.64, 0.48)], pal.ink)     # turret
    pen.bar((0.52, 0.37), (1.0, 0.37), 0.085, pal.ink)                             # long gun
    pen.rect(0.92, 0.32, 1.0, 0.42, pal.ink)                                      # muzzle brake
    pen.rect(0.30, 0.20, 0.40, 0.29, pal.ink)                                     # hatch


def _missile_body(pen: Pen, tail: Point, angle: float, length: float, w: float,
                  pal: Palette, fins: float = 2.1) -> None:
    ca, sa = math.cos(angle), -math.sin(angle)
    tip = (tail[0] + ca * length, tail[1] + sa * length)
    neck = (tail[0] + ca * (length - w * 1.6), tail[1] + sa * (length - w * 1.6))
    nx, ny = -sa * w / 2, ca * w / 2
    pen.poly([(tail[0] + nx, tail[1] + ny), (neck[0] + nx, neck[1] + ny), tip,
              (neck[0] - nx, neck[1] - ny), (tail[0] - nx, tail[1] - ny)], pal.ink)
    fin = w * 0.9
    pen.poly([(tail[0] + nx * fins, tail[1] + ny * fins),
              (tail[0] + ca * fin + nx, tail[1] + sa * fin + ny),
              (tail[0] + ca * fin - nx, tail[1] + sa * fin - ny),
              (tail[0] - nx * fins, tail[1] - ny * fins)], pal.ink)


def _missile(pen: Pen, pal: Palette) -> None:
    _treads(pen, 0.08, 0.86, 0.70, 0.94, pal, 4)
    pen.poly([(0.04, 0.70), (0.10, 0.56), (0.80, 0.56), (0.92, 0.70)], pal.ink)
    pen.poly([(0.50, 0.56), (0.56, 0.44), (0.78, 0.44), (0.84, 0.56)], pal.ink)    # cab
    # the launcher rack raised at 30 degrees, two missiles on it
    angle = math.radians(30)
    pen.bar((0.14, 0.56), (0.30, 0.46), 0.07, pal.ink)                            # rack post
    for k, (u, v) in enumerate(((0.06, 0.50), (0.10, 0.34))):
        _missile_body(pen, (u, v), angle, 0.74 - 0.06 * k, 0.11, pal)


def _howitzer(pen: Pen, pal: Palette) -> None:
    # earthwork emplacement of sandbags
    pen.poly([(0.0, 0.96), (0.12, 0.70), (0.88, 0.70), (1.0, 0.96)], pal.ink)
    for i in range(5):
        pen.ellipse(0.12 + i * 0.152, 0.63, 0.27 + i * 0.152, 0.77, pal.ink)
    for i in range(4):
        pen.ellipse(0.14 + i * 0.19, 0.78, 0.30 + i * 0.19, 0.88, pal.detail, width=0.018)
    # mount, shield and a long barrel at 40 degrees
    pen.poly([(0.26, 0.66), (0.34, 0.48), (0.56, 0.48), (0.62, 0.66)], pal.ink)
    a = math.radians(32)
    pivot = (0.40, 0.52)
    end = (pivot[0] + math.cos(a) * 0.72, pivot[1] - math.sin(a) * 0.72)
    pen.bar(pivot, end, 0.085, pal.ink)
    pen.bar((pivot[0] - 0.04, pivot[1] + 0.03),
            (pivot[0] + math.cos(a) * 0.36, pivot[1] - math.sin(a) * 0.36 + 0.07), 0.07, pal.ink)
    pen.circle(pivot[0], pivot[1] + 0.02, 0.09, pal.ink)
    pen.circle(pivot[0], pivot[1] + 0.02, 0.035, pal.detail)
    pen.bar((end[0] - math.cos(a) * 0.07, end[1] + math.sin(a) * 0.07), end, 0.12, pal.ink)


def _gev(pen: Pen, pal: Palette) -> None:
    # the air-cushion skirt: a fat rounded band
    pen.rect(0.0, 0.62, 1.0, 0.86, pal.ink, radius=0.12)
    pen.rect(0.06, 0.70, 0.94, 0.78, pal.detail, radius=0.04)
    # low wedge hull
    pen.poly([(0.04, 0.63), (0.10, 0.48), (0.66, 0.44), (0.98, 0.63)], pal.ink)
    # small turret and short gun
    pen.poly([(0.40, 0.46), (0.46, 0.34), (0.64, 0.34), (0.70, 0.45)], pal.ink)
    pen.bar((0.60, 0.39), (0.94, 0.37), 0.06, pal.ink)
    # the rear fan duct, the hovercraft's mark
    pen.bar((0.12, 0.50), (0.20, 0.36), 0.07, pal.ink)
    pen.circle(0.20, 0.30, 0.16, pal.ink)
    pen.circle(0.20, 0.30, 0.105, pal.detail)
    pen.circle(0.20, 0.30, 0.035, pal.ink)
    # air spray beneath
    for i in range(5):
        u = 0.10 + i * 0.19
        pen.bar((u, 0.91), (u + 0.10, 0.91), 0.035, pal.ink, round_ends=True)


def _soldier(pen: Pen, u: float, scale: float, pal: Palette) -> None:
    """A rifleman in side view whose feet stand at v=0.96, width about 0.32*scale."""
    def q(x: float, y: float) -> Point:
        return (u + x * scale, 0.96 - (0.96 - y) * scale)

    hx, hy = q(0.0, 0.16)
    pen.circle(hx, hy, 0.085 * scale, pal.ink)                                     # head
    helmet = [q(-0.12, 0.15), q(-0.09, 0.05), q(0.0, 0.02), q(0.10, 0.06), q(0.13, 0.15)]
    pen.poly(helmet, pal.ink)
    pen.poly([q(-0.10, 0.26), q(0.10, 0.26), q(0.11, 0.60), q(-0.09, 0.60)], pal.ink)  # torso
    pen.bar(q(-0.05, 0.58), q(-0.13, 0.96), 0.07 * scale, pal.ink)                     # legs
    pen.bar(q(0.05, 0.58), q(0.13, 0.96), 0.07 * scale, pal.ink)
    pen.bar(q(-0.16, 0.50), q(0.22, 0.26), 0.045 * scale, pal.ink)                     # rifle
    pen.bar(q(0.0, 0.32), q(0.14, 0.42), 0.06 * scale, pal.ink)                        # arm


def _infantry(pen: Pen, pal: Palette, squads: int) -> None:
    places = {1: ((0.5, 1.0),), 2: ((0.30, 0.92), (0.70, 0.92)),
              3: ((0.17, 0.82), (0.5, 0.82), (0.83, 0.82))}[squads]
    for u, scale in places:
        _soldier(pen, u, scale, pal)


def _cp(pen: Pen, pal: Palette) -> None:
    # a domed bunker with a firing slit, a mast with a flag and an aerial
    pen.rect(0.04, 0.80, 0.96, 0.96, pal.ink, radius=0.02)
    pen.ellipse(0.10, 0.52, 0.90, 1.08, pal.ink)
    pen.rect(0.30, 0.70, 0.70, 0.76, pal.detail, radius=0.02)
    pen.bar((0.30, 0.60), (0.30, 0.04), 0.05, pal.ink)
    pen.poly([(0.31, 0.04), (0.72, 0.10), (0.62, 0.19), (0.74, 0.28), (0.31, 0.28)], pal.ink)
    pen.bar((0.72, 0.60), (0.86, 0.30), 0.03, pal.ink)
    pen.circle(0.86, 0.30, 0.035, pal.ink)


def _ogre(pen: Pen, pal: Palette, mark: int) -> None:
    """A towering armoured slab on a long tread bank, bristling with guns.

    The Mark III has one main battery, two secondaries and two missiles; the Mark V two main
    batteries, more secondaries and three missiles (and is drawn bigger by the caller).
    """
    big = mark == 5
    ink, det = pal.ink, pal.detail
    # the tread bank
    pen.rect(0.0, 0.77, 1.0, 0.97, ink, radius=0.10)
    wheels = 8 if big else 7
    for i in range(wheels):
        pen.circle(0.085 + i * (0.83 / (wheels - 1)), 0.87, 0.05, det)
    # the hull: a tall slab with a sloped glacis
    pen.poly([(0.02, 0.79), (0.02, 0.50), (0.08, 0.44), (0.84, 0.44), (0.98, 0.56),
              (0.98, 0.79)], ink)
    for i in range(5 if big else 4):                      # vents: they give it its scale
        u = 0.12 + i * (0.60 / (4 if big else 3))
        pen.rect(u, 0.56, u + 0.08, 0.65, det, radius=0.01)
    # the upper tier
    pen.poly([(0.16, 0.45), (0.21, 0.30), (0.72, 0.30), (0.80, 0.45)], ink)
    # main battery turret with the longest gun
    pen.poly([(0.34, 0.31), (0.38, 0.17), (0.62, 0.17), (0.68, 0.31)], ink)
    pen.bar((0.60, 0.235), (1.0, 0.235), 0.08, ink)
    pen.rect(0.92, 0.185, 1.0, 0.285, ink)
    if big:   # a second main battery in the glacis
        pen.bar((0.80, 0.52), (1.0, 0.52), 0.07, ink)
        pen.rect(0.93, 0.475, 1.0, 0.565, ink)
    # secondary batteries: small turrets with short guns
    secondaries = [(0.78, 0.44, 1), (0.12, 0.44, -1)]
    if big:
        secondaries += [(0.66, 0.30, 1), (0.26, 0.30, -1)]
    for u, v, d in secondaries:
        pen.rect(u - 0.055, v - 0.07, u + 0.055, v + 0.01, ink, radius=0.02)
        pen.bar((u, v - 0.035), (u + d * 0.16, v - 0.045), 0.035, ink)
    # missiles racked along the rear deck, nose up and forward
    angle = math.radians(12)
    tails = ((0.0, 0.36), (0.0, 0.27), (0.0, 0.18)) if big else ((0.0, 0.36), (0.0, 0.27))
    for u, v in tails:
        _missile_body(pen, (u, v), angle, 0.30, 0.065, pal, fins=1.5)
    # antipersonnel guns: bristles on the turret roof
    for u in ((0.42, 0.50, 0.58) if big else (0.44, 0.56)):
        pen.bar((u, 0.17), (u + 0.03, 0.11), 0.025, ink)
    # a sensor mast
    pen.bar((0.47, 0.17), (0.47, 0.03), 0.022, ink)
    pen.circle(0.47, 0.03, 0.03, ink)


# --------------------------------------------------------------------------- counters


def _labels(kind: Kind | None, squads: int, mark: int,
            cp: tuple[int, int] = (0, 0), number: int = 0) -> tuple[str, ...]:
    """The counter's figures, longest form first: attack/range, defense, move (the Ogre's
    mark, and its number from 2 among several). `cp` is the command post's defense and move
    under the optional rules (X15)."""
    if kind is None:
        tail = f" {number}" if number > 1 else ""
        return (MARK_NAMES[mark] + tail, MARK_SHORT[mark] + tail)
    s = STATS[kind]
    attack = squads if kind is Kind.INFANTRY else s.attack
    defense = squads if kind is Kind.INFANTRY else cp[0] if kind is Kind.CP else s.defense
    move = (f"{s.move}-{s.second_move}" if s.second_move
            else f"{cp[1]}" if kind is Kind.CP else f"{s.move}")
    return (f"{attack}/{s.range} D{defense} M{move}", f"{attack}/{s.range} {defense} {move}",
            f"{attack}/{s.range}")


def _label_width(size: int) -> int:
    return _inner_rect(size).width - 2


def _squeeze(text: str, width: int, height: int) -> float:
    """The least narrowing at which the figures fit `width` at `height`; 0 if none does."""
    for squeeze in SQUEEZES:
        if figures.size(text, height, squeeze)[0] <= width:
            return squeeze
    return 0.0


def _all_fit(form: int, width: int, height: int) -> bool:
    return all(_squeeze(_labels(k, 1, 3)[form], width, height) for k in Kind)


@cache
def _label_style(size: int) -> tuple[int, int]:
    """(form, height) of the defenders' figures at this counter size: the fullest form
    (0 full, 1 compact, 2 attack/range only) that every kind prints at least that form's
    floor tall, judged on all kinds so that they read alike; a longer label (the GEV's) is
    then set a little narrower, never shorter."""
    width = _label_width(size)
    largest = max(FIGURE_FLOOR, round(4 + size * 0.13))
    for form, floor in ((0, FULL_FORM_FLOOR), (1, COMPACT_FLOOR), (2, FIGURE_FLOOR)):
        for height in range(largest, floor - 1, -1):
            if _all_fit(form, width, height):
                return form, height
    for height in range(FIGURE_FLOOR - 1, 5, -1):      # a counter too small to read anyway
        if _all_fit(2, width, height):
            return 2, height
    return 2, 5


def figure_height(size: int) -> int:
    """How tall the figures print on a counter of this size, in pixels."""
    return _label_style(size)[1]


def _label(kind: Kind | None, size: int, squads: int, mark: int,
           cp: tuple[int, int] = (0, 0), number: int = 0) -> tuple[str, int, float]:
    """(text, height, squeeze) of a counter's figures. The Ogre prints its mark as tall as
    the defenders' figures: "MK III" where it fits, else "III" ("MK III 2", "III 2")."""
    width = _label_width(size)
    form, height = _label_style(size)
    labels = _labels(kind, squads, mark, cp, number)
    if kind is None:
        form = 0 if _squeeze(labels[0] if number > 1 else MARK_NAMES[3], width, height) else 1
    text = labels[form]
    return text, height, _squeeze(text, width, height) or SQUEEZES[-1]


def _body_rect(size: int) -> pygame.Rect:
    m = max(2, round(size * 0.065))
    return pygame.Rect(m, m, size - 2 * m, size - 2 * m)


def _edge_width(size: int) -> int:
    return max(1, round(size / 36))


def _inner_rect(size: int) -> pygame.Rect:
    e = _edge_width(size)
    return _body_rect(size).inflate(-2 * e, -2 * e)


# The unit-coordinate extent (u0, v0, u1, v1) of each silhouette, fitted into the art area.
EXTENT: dict[str, tuple[float, float, float, float]] = {
    "heavy": (0.0, 0.20, 1.0, 0.94),
    "missile": (0.0, 0.12, 0.94, 0.94),
    "howitzer": (0.0, 0.08, 1.0, 0.96),
    "gev": (0.0, 0.13, 1.0, 0.94),
    "infantry": (0.0, 0.02, 1.0, 0.96),
    "cp": (0.04, 0.04, 0.96, 0.96),
    "ogre": (0.0, 0.0, 1.0, 0.97),
}


def _draw_silhouette(pen: Pen, unit: Kind | None, pal: Palette, squads: int, mark: int) -> None:
    if unit is None:
        _ogre(pen, pal, mark)
    elif unit is Kind.HEAVY:
        _heavy(pen, pal)
    elif unit is Kind.MISSILE:
        _missile(pen, pal)
    elif unit is Kind.HOWITZER:
        _howitzer(pen, pal)
    elif unit is Kind.GEV:
        _gev(pen, pal)
    elif unit is Kind.INFANTRY:
        _infantry(pen, pal, squads)
    else:
        _cp(pen, pal)


@lru_cache(maxsize=512)
def _face(kind: str, size: int, squads: int, mark: int,
          cp: tuple[int, int] = (0, 0), number: int = 0) -> pygame.Surface:
    """The untinted counter: face, silhouette and numbers."""
    unit = None if kind == "ogre" else Kind(kind)
    pal = OGRE if unit is None else DEFENDER
    body = _body_rect(size)
    edge = _edge_width(size)
    inner = _inner_rect(size)
    text, px, squeeze = _label(unit, size, squads, mark, cp, number)
    text_h = px + 1
    # the art area: the face above the numbers, less a small pad
    pad = max(1.0, inner.width * 0.05)
    zone_w = inner.width - 2 * pad
    zone_h = inner.height - text_h - pad * 1.4
    u0, v0, u1, v1 = EXTENT[kind]
    side = min(zone_w / (u1 - u0), zone_h / (v1 - v0))
    if unit is None and mark == 3:
        side *= 0.82          # the Mark V is visibly bigger
    ox = inner.centerx - (u0 + u1) / 2 * side
    oy = inner.top + pad + zone_h - v1 * side

    def draw(big: pygame.Surface, n: int) -> None:
        b = pygame.Rect(body.x * SS, body.y * SS, body.w * SS, body.h * SS)
        radius = round(b.w * 0.14)
        pygame.draw.rect(big, pal.edge, b, border_radius=radius)
        inner_big = b.inflate(-2 * edge * SS, -2 * edge * SS)
        pygame.draw.rect(big, pal.paper, inner_big, border_radius=max(1, radius - edge * SS))
        _draw_silhouette(Pen(big, ox * SS, oy * SS, side * SS), unit, pal, squads, mark)

    surf = _supersampled(size, draw, clear=pal.edge)
    img = figures.render(text, px, pal.ink, squeeze)
    surf.blit(img, img.get_rect(centerx=inner.centerx, bottom=inner.bottom - 1))
    return surf


def _badge(size: int, letter: str) -> pygame.Surface:
    """A white disc with a black ring and a bold black letter: the state's corner glyph."""
    d = max(9, round(size * 0.34))

    def draw(big: pygame.Surface, n: int) -> None:
        pygame.draw.circle(big, (0, 0, 0), (n / 2, n / 2), n / 2)
        pygame.draw.circle(big, (255, 255, 255), (n / 2, n / 2), n / 2 - max(SS, n // 9))

    surf = _supersampled(d, draw)
    img = figures.render(letter, max(5, round(d * 0.56)), (0, 0, 0))
    surf.blit(img, img.get_rect(center=(d / 2, d / 2)))
    return surf


def _outline(size: int) -> pygame.Surface:
    """A yellow ring edged in black in the margin round the counter, whose own dark border
    edges it inside."""
    def draw(big: pygame.Surface, n: int) -> None:
        body = _body_rect(size)
        r = pygame.Rect(0, 0, n, n)
        radius = round(body.w * SS * 0.14) + body.x * SS
        line = SS if size >= 32 else SS // 2      # the black outer edge
        w = body.x * SS + SS // 2                 # the margin, just touching the counter's edge
        pygame.draw.rect(big, HIGHLIGHT_EDGE, r, w, border_radius=radius)
        pygame.draw.rect(big, HIGHLIGHT, r.inflate(-2 * line, -2 * line), w - 2 * line,
                         border_radius=radius - line)

    return _supersampled(size, draw)


@lru_cache(maxsize=2048)
def counter(kind: str, size: int, *, squads: int = 1, state: str = "normal",
            mark: int = 3, cp: tuple[int, int] = (0, 0), number: int = 0) -> pygame.Surface:
    """A size x size counter for a unit kind in a piece state (U1, U2, M2, C4).

    kind: "heavy", "missile", "howitzer", "gev", "infantry", "cp" or "ogre".
    squads: 1-3, for infantry only. mark: 3 or 5, for the Ogre only; number: an Ogre's among
    several (2, 3...; X15). cp: the command post's defense and move under the optional rules
    (X15), for the CP only.
    state: "normal", "moved" (green, glyph M), "fired" (red, F), "disabled" (blue, D),
    "highlight" (bright outline).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown unit kind {kind!r}; expected one of {', '.join(KINDS)}")
    if state not in STATES:
        raise ValueError(f"unknown piece state {state!r}; expected one of {', '.join(STATES)}")
    if size < 8:
        raise ValueError(f"counter size {size} is too small (8 px at least)")
    if kind == "infantry" and squads not in (1, 2, 3):
        raise ValueError(f"infantry has 1 to 3 squads, not {squads}")
    if kind == "ogre" and mark not in MARK_NAMES:
        raise ValueError(f"the Ogre is Mark 3 or Mark 5, not Mark {mark}")
    face = _face(kind, size, squads if kind == "infantry" else 1, mark if kind == "ogre" else 3,
                 cp if kind == "cp" else (0, 0), number if kind == "ogre" else 0)
    if state == "normal":
        return face
    surf = face.copy()
    if state == "highlight":
        surf.blit(_outline(size), (0, 0))
        return surf
    tint, letter = STATE_TINT[state]
    strength = OGRE_TINT_STRENGTH if kind == "ogre" else 1.0
    surf.fill(tuple(round((1 - (1 - c) * strength) * 255) for c in tint),
              special_flags=pygame.BLEND_RGB_MULT)
    badge = _badge(size, letter)
    body = _body_rect(size)
    surf.blit(badge, badge.get_rect(topright=(size, 0)) if body.x >= 3 else
              badge.get_rect(topright=(body.right + 1, body.top - 1)))
    return surf


@lru_cache(maxsize=8)
def emblem(size: int) -> pygame.Surface:
    """The game's icon (X13): the Mark V Ogre counter's face without its numbers, so the
    silhouette fills it and still reads at 32 px; transparent round its corners."""
    body, edge = _body_rect(size), _edge_width(size)
    inner = _inner_rect(size)
    pad = inner.width * 0.08
    u0, v0, u1, v1 = EXTENT["ogre"]
    side = min((inner.width - 2 * pad) / (u1 - u0), (inner.height - 2 * pad) / (v1 - v0))
    ox = inner.centerx - (u0 + u1) / 2 * side
    oy = inner.centery - (v0 + v1) / 2 * side

    def draw(big: pygame.Surface, n: int) -> None:
        b = pygame.Rect(body.x * SS, body.y * SS, body.w * SS, body.h * SS)
        radius = round(b.w * 0.14)
        pygame.draw.rect(big, OGRE.edge, b, border_radius=radius)
        pygame.draw.rect(big, OGRE.paper, b.inflate(-2 * edge * SS, -2 * edge * SS),
                         border_radius=max(1, radius - edge * SS))
        _ogre(Pen(big, ox * SS, oy * SS, side * SS), OGRE, 5)

    return _supersampled(size, draw, clear=OGRE.edge)


# --------------------------------------------------------------------------- map furniture


@lru_cache(maxsize=64)
def crater(size: int) -> pygame.Surface:
    """A crater (B2): a solid dark pit inside a lighter raised rim."""
    def draw(big: pygame.Surface, n: int) -> None:
        c = (n / 2, n / 2)
        pygame.draw.circle(big, (112, 96, 72), c, n * 0.48)      # outer rim
        pygame.draw.circle(big, (150, 132, 100), c, n * 0.44)     # lit rim
        pygame.draw.circle(big, (46, 40, 34), c, n * 0.36)        # the pit
        pygame.draw.circle(big, (30, 26, 22), (n * 0.53, n * 0.53), n * 0.27)

    return _supersampled(size, draw, clear=(112, 96, 72))


@lru_cache(maxsize=32)
def arrow(direction: str, barred: bool, size: int) -> pygame.Surface:
    """A corner arrow (B4): "up" or "down"; barred arrows have a bar across the tip."""
    if direction not in ("up", "down"):
        raise ValueError(f"arrow direction is 'up' or 'down', not {direction!r}")
    light, dark = (236, 236, 226), (20, 22, 26)

    def draw(big: pygame.Surface, n: int) -> None:
        def shape(colour: Colour, grow: float) -> None:
            pen = Pen(big, 0, 0, n)
            tip = 0.30 if barred else 0.14
            head = [(0.5, tip - grow), (0.84 + grow, tip + 0.36 + grow * 0.6),
                    (0.16 - grow, tip + 0.36 + grow * 0.6)]
            if direction == "down":
                head = [(u, 1 - v) for u, v in head]
            pen.poly(head, colour)
            y0, y1 = (tip + 0.30, 0.88) if direction == "up" else (0.12, 1 - tip - 0.30)
            pen.rect(0.40 - grow, y0 - grow, 0.60 + grow, y1 + grow, colour)
            if barred:
                bv = 0.12 if direction == "up" else 0.80
                pen.rect(0.14 - grow, bv - grow, 0.86 + grow, bv + 0.08 + grow, colour)

        shape(dark, 0.05)
        shape(light, 0.0)

    return _supersampled(size, draw, clear=dark)

"""The figures on the counters, drawn by code: each unit's silhouette in unit coordinates with a
Pen, on a canvas SS times the size asked for and smooth-scaled down (art.py puts them on
counters). Units face right; a Palette gives the face, the ink and the details.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ogre.rules.units import Kind

SS = 4   # supersampling factor

Colour = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class Palette:
    paper: Colour      # the counter face
    ink: Colour        # the silhouette and the numbers
    detail: Colour     # wheels, slits and panel lines drawn over the silhouette
    edge: Colour       # the counter's border


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


def supersampled(size: int, draw: Callable[[pygame.Surface, int], None],
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


def _marker(pen: Pen, pal: Palette) -> None:
    # camouflage netting over something: a low hump of blotches, a question for the attacker
    pen.ellipse(0.06, 0.46, 0.94, 1.02, pal.ink)
    for u0, v0, u1, v1 in ((0.16, 0.58, 0.42, 0.78), (0.48, 0.54, 0.80, 0.72),
                           (0.34, 0.76, 0.66, 0.94), (0.70, 0.78, 0.88, 0.92)):
        pen.ellipse(u0, v0, u1, v1, pal.detail)
    for u in (0.22, 0.42, 0.62, 0.82):          # the net's strands
        pen.bar((u - 0.12, 0.98), (u + 0.04, 0.50), 0.018, pal.paper)
    pen.circle(0.5, 0.22, 0.16, pal.ink, width=0.06)   # the question, a ring over it
    pen.circle(0.5, 0.22, 0.03, pal.ink)


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


# The unit-coordinate extent (u0, v0, u1, v1) of each silhouette, fitted into the art area.
EXTENT: dict[str, tuple[float, float, float, float]] = {
    "marker": (0.0, 0.04, 1.0, 1.02),
    "heavy": (0.0, 0.20, 1.0, 0.94),
    "missile": (0.0, 0.12, 0.94, 0.94),
    "howitzer": (0.0, 0.08, 1.0, 0.96),
    "gev": (0.0, 0.13, 1.0, 0.94),
    "infantry": (0.0, 0.02, 1.0, 0.96),
    "cp": (0.04, 0.04, 0.96, 0.96),
    "ogre": (0.0, 0.0, 1.0, 0.97),
}


def draw_silhouette(pen: Pen, unit: Kind | None, pal: Palette, squads: int, mark: int) -> None:
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
    elif unit is Kind.MARKER:
        _marker(pen, pal)
    else:
        _cp(pen, pal)

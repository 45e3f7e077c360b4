"""A small stroke font for the figures our own code draws: hex numbers and counter values
(B1, U1, X4).

pygame's default font is for prose; at 7-9 px its "1" reads as "l". These glyphs are drawn
as round-ended strokes on a canvas four times the size and smooth-scaled down, like the
counters' art, so they stay crisp and each one is unmistakable: the "1" has a flag and a
foot, the Roman "I" a bar at each end. Only what counters and hex numbers print is here:
the digits, "/", "-", "+", and the letters D, F, I, K, M, V.

`height` is always the ink height of a capital or a digit, in pixels.

>>> import pygame

from ogre.ui.toolkit import ink
>>> render("0101", 9).get_height()
9
>>> render("4/2", 9) is render("4/2", 9)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache, partial

import pygame

from ogre.ui.toolkit import ink

SS = 4            # supersampling factor
WEIGHT = 0.16     # stroke width, as a share of the height
SPACING = 0.16    # the gap between glyphs, as a share of the height
WORD_GAP = 0.36   # what a space adds to the gap, as a share of the height

Point = tuple[float, float]
Stroke = Sequence[Point]


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float,
         steps: int = 14) -> list[Point]:
    """Points along an ellipse from `start` to `end` degrees (0 = right, 90 = down)."""
    out = []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def _curve(a: Point, ctrl: Point, b: Point, steps: int = 10) -> list[Point]:
    """A quadratic Bezier from a to b bent towards ctrl."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1]))
    return out


# glyph -> (advance width, strokes). Stroke centres run from y=0 (top) to y=1 (baseline).
GLYPHS: dict[str, tuple[float, list[Stroke]]] = {
    "0": (0.56, [_arc(0.28, 0.5, 0.28, 0.5, 0, 360, 28)]),
    "1": (0.60, [[(0.02, 0.26), (0.30, 0.0), (0.30, 1.0)], [(0.0, 1.0), (0.60, 1.0)]]),
    "2": (0.56, [_arc(0.28, 0.27, 0.27, 0.27, 195, 360) + _curve((0.55, 0.30), (0.50, 0.55),
                                                                  (0.0, 1.0)),
                 [(0.0, 1.0), (0.56, 1.0)]]),
    "3": (0.56, [[(0.02, 0.0), (0.54, 0.0), (0.22, 0.40)],
                 [(0.22, 0.40)] + _arc(0.27, 0.69, 0.29, 0.31, -100, 150)]),
    "4": (0.58, [[(0.44, 1.0), (0.44, 0.0), (0.0, 0.68), (0.58, 0.68)]]),
    "5": (0.56, [[(0.52, 0.0), (0.08, 0.0), (0.04, 0.44)],
                 [(0.04, 0.44)] + _arc(0.27, 0.69, 0.29, 0.31, -130, 150)]),
    "6": (0.56, [_arc(0.28, 0.69, 0.28, 0.31, 0, 360, 24),
                 _curve((0.0, 0.69), (0.02, 0.02), (0.50, 0.02))]),
    "7": (0.56, [[(0.0, 0.0), (0.56, 0.0), (0.16, 1.0)]]),
    "8": (0.56, [_arc(0.28, 0.235, 0.23, 0.235, 0, 360, 22),
                 _arc(0.28, 0.735, 0.28, 0.265, 0, 360, 24)]),
    "9": (0.56, [_arc(0.28, 0.31, 0.28, 0.31, 0, 360, 24),
                 _curve((0.56, 0.31), (0.54, 0.98), (0.06, 0.98))]),
    "/": (0.44, [[(0.44, 0.0), (0.0, 1.0)]]),
    "-": (0.36, [[(0.02, 0.56), (0.34, 0.56)]]),
    "+": (0.50, [[(0.0, 0.56), (0.50, 0.56)], [(0.25, 0.31), (0.25, 0.81)]]),
    "D": (0.56, [[(0.0, 0.0), (0.0, 1.0)],
                 [(0.0, 0.0), (0.16, 0.0)] + _arc(0.16, 0.5, 0.40, 0.5, -90, 90) + [(0.0, 1.0)]]),
    "F": (0.46, [[(0.46, 0.0), (0.0, 0.0), (0.0, 1.0)], [(0.0, 0.48), (0.38, 0.48)]]),
    "I": (0.36, [[(0.0, 0.0), (0.36, 0.0)], [(0.18, 0.0), (0.18, 1.0)], [(0.0, 1.0), (0.36, 1.0)]]),
    "K": (0.54, [[(0.0, 0.0), (0.0, 1.0)], [(0.54, 0.0), (0.0, 0.62)],
                 [(0.17, 0.44), (0.56, 1.0)]]),
    "M": (0.70, [[(0.0, 1.0), (0.0, 0.0), (0.35, 0.62), (0.70, 0.0), (0.70, 1.0)]]),
    "V": (0.62, [[(0.0, 0.0), (0.31, 1.0), (0.62, 0.0)]]),
}
CHARACTERS = frozenset(GLYPHS) | {" "}
LIGHT = {"/": 0.7}      # a separator drawn thinner, so "0/0" never reads "070"


def _check(text: str) -> None:
    missing = sorted(set(text) - CHARACTERS)
    if missing:
        raise ValueError(f"the figures font has no {', '.join(map(repr, missing))}")


def _metrics(height: int) -> tuple[float, float]:
    """(stroke width, scale of the glyph box) in pixels for this ink height."""
    stroke = max(1.0, height * WEIGHT)
    return stroke, height - stroke


def _placements(text: str, height: int,
                squeeze: float) -> tuple[list[tuple[str, float]], float]:
    """Each glyph with the x of its box's left edge, and the text's whole ink width.
    `squeeze` narrows the glyphs and the gaps, never the strokes."""
    stroke, scale = _metrics(height)
    gap = max(1.0, height * SPACING * squeeze) + stroke
    x = stroke / 2
    out: list[tuple[str, float]] = []
    for ch in text:
        if ch == " ":
            x += max(2.0, height * WORD_GAP * squeeze)
            continue
        if out:
            x += gap
        out.append((ch, x))
        x += GLYPHS[ch][0] * scale * squeeze
    return out, x + stroke / 2


def size(text: str, height: int, squeeze: float = 1.0) -> tuple[int, int]:
    """The (width, height) in pixels that render(text, height, squeeze=...) takes."""
    _check(text)
    return math.ceil(_placements(text, height, squeeze)[1]), height


def _stroke(surface: pygame.Surface, points: list[Point], width: float, colour) -> None:
    """A polyline of the given width with round ends and joins."""
    r = width / 2
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        dx, dy = bx - ax, by - ay
        length = math.hypot(dx, dy)
        if length:
            nx, ny = -dy / length * r, dx / length * r
            pygame.draw.polygon(surface, colour, [(ax + nx, ay + ny), (bx + nx, by + ny),
                                                  (bx - nx, by - ny), (ax - nx, ay - ny)])
    for x, y in points:
        pygame.draw.circle(surface, colour, (x, y), r)


@lru_cache(maxsize=1024)
def render(text: str, height: int, colour: tuple[int, int, int] = (0, 0, 0),
           squeeze: float = 1.0) -> pygame.Surface:
    """The text in figures whose capitals and digits are `height` pixels tall, on a
    transparent surface exactly that tall; `squeeze` below 1 sets them narrower.
    Cached and shared: blit it, never draw on it."""
    if height < 5:
        raise ValueError(f"figures {height} px tall cannot be read (5 px at least)")
    w, h = size(text, height, squeeze)
    stroke, scale = _metrics(height)
    big = pygame.Surface((max(1, w) * SS, h * SS), pygame.SRCALPHA)
    big.fill((*colour, 0))
    placed, _ = _placements(text, height, squeeze)
    top = stroke / 2
    for ch, x in placed:
        for line in GLYPHS[ch][1]:
            pts = [((x + u * scale * squeeze) * SS, (top + v * scale) * SS) for u, v in line]
            _stroke(big, pts, stroke * SS * LIGHT.get(ch, 1.0), (*colour, 255))
    return pygame.transform.smoothscale(big, (max(1, w), h))


def draw(surface: ink.Target, text: str, height: int, colour, **where) -> pygame.Rect:
    """Blit the figures placed by a Rect keyword (center=, midtop=, topleft=...), set at the
    canvas's own pixels; their rect in units."""
    return ink.art(surface, partial(render, text, colour=tuple(colour)), height, **where)

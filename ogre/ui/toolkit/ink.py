"""The surface every screen draws on: the layout's units on the window's own pixels (X4).

The layout (menus, the sidebar, dialogs, the map's hexes) is worked out in logical units;
a Canvas holds `scale` window pixels to the unit, and the functions here draw lines,
shapes, text and the counters' art at that resolution. Nothing is drawn small and then
stretched, so on a high-DPI screen the hex lines, the text and the counters are as sharp as
the screen, and the clicks still land in logical units (App.to_logical).

The functions mirror pygame.draw's and take either a Canvas or a plain pygame.Surface (drawn
at one pixel to the unit, as the report's picture for a file is). At scale 1 a Canvas passes
every number through untouched, so it draws the very pixels a plain surface would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

Colour = Any            # pygame's colour forms: (r, g, b), (r, g, b, a), a name
Point = Sequence[float]
RectLike = Any          # a pygame.Rect or an (x, y, w, h)


class Canvas:
    """A pygame surface seen in logical units: `size` of them, `scale` pixels each."""

    def __init__(self, size: tuple[int, int], scale: float = 1.0,
                 surface: pygame.Surface | None = None, alpha: bool = False) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.scale = float(scale)
        if surface is None:
            surface = pygame.Surface(self.pixels_for(self.size, self.scale),
                                     pygame.SRCALPHA if alpha else 0)
        self.surface = surface
        self._clip: pygame.Rect | None = None

    @staticmethod
    def pixels_for(size: tuple[int, int], scale: float) -> tuple[int, int]:
        """How many pixels a canvas of `size` units takes at `scale`."""
        return (size[0], size[1]) if scale == 1 else \
            (round(size[0] * scale), round(size[1] * scale))

    # -- units to pixels --
    def px(self, units: float) -> float:
        return units if self.scale == 1 else units * self.scale

    def width_px(self, width: int) -> int:
        """A line's width in pixels: scaled, and never thinner than one pixel."""
        return width if self.scale == 1 or width <= 0 else max(1, round(width * self.scale))

    def point(self, p: Point) -> tuple[float, float]:
        return (p[0], p[1]) if self.scale == 1 else (p[0] * self.scale, p[1] * self.scale)

    def box(self, rect: RectLike) -> pygame.Rect:
        """A rect in pixels; each edge rounded on its own, so boxes that touch still touch."""
        if self.scale == 1:
            return pygame.Rect(rect)
        x, y, w, h = (float(v) for v in (
            (rect.x, rect.y, rect.w, rect.h) if isinstance(rect, pygame.Rect)
            else rect if len(rect) == 4 else (*rect[0], *rect[1])))
        s = self.scale
        left, top = round(x * s), round(y * s)
        return pygame.Rect(left, top, round((x + w) * s) - left, round((y + h) * s) - top)

    def unbox(self, rect: pygame.Rect) -> pygame.Rect:
        """Pixels back to units (what pygame.draw's bounding rects are turned into)."""
        if self.scale == 1:
            return pygame.Rect(rect)
        s = self.scale
        return pygame.Rect(int(rect.x / s), int(rect.y / s), round(rect.w / s), round(rect.h / s))

    # -- the pygame.Surface calls screens make, in units --
    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        return _placed(pygame.Rect((0, 0), self.size), where)

    def fill(self, colour: Colour, rect: RectLike | None = None) -> pygame.Rect:
        return self.unbox(self.surface.fill(colour, None if rect is None else self.box(rect)))

    def blit(self, source: Canvas | pygame.Surface, dest: RectLike | Point) -> pygame.Rect:
        """Another canvas at its pixels, or a plain picture drawn in units (stretched: what
        should be sharp is drawn through `art` or `theme.text` instead)."""
        at = self.point(dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft)
        image = source.surface if isinstance(source, Canvas) else source
        if self.scale == 1:
            return self.surface.blit(image, at)
        if not isinstance(source, Canvas):
            w, h = source.get_size()
            image = pygame.transform.smoothscale(
                source, (max(1, round(w * self.scale)), max(1, round(h * self.scale))))
        return self.unbox(self.surface.blit(image, (round(at[0]), round(at[1]))))

    def set_clip(self, rect: RectLike | None) -> None:
        self._clip = None if rect is None else pygame.Rect(rect)
        self.surface.set_clip(None if rect is None else self.box(rect))

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect(self._clip) if self._clip is not None else self.get_rect()

    def get_at(self, pos: Point) -> pygame.Color:
        x, y = self.point(pos)
        return self.surface.get_at((int(x), int(y)))

    def set_alpha(self, alpha: int | None) -> None:
        self.surface.set_alpha(alpha)

    def subsurface(self, rect: RectLike) -> Canvas:
        r = pygame.Rect(rect)
        return Canvas(r.size, self.scale, self.surface.subsurface(self.box(r)))


Target = Canvas | pygame.Surface


def _placed(rect: pygame.Rect, where: dict[str, Any]) -> pygame.Rect:
    for name, value in where.items():
        setattr(rect, name, value)
    return rect


def scale_of(surface: Target) -> float:
    return surface.scale if isinstance(surface, Canvas) else 1.0


def _split(surface: Target) -> tuple[pygame.Surface, Canvas | None]:
    """The pixels to draw on, and the canvas whose units the numbers are in (None: pixels)."""
    if isinstance(surface, Canvas):
        return surface.surface, (surface if surface.scale != 1 else None)
    return surface, None


# -- pygame.draw's calls, in units --
def rect(surface: Target, colour: Colour, area: RectLike, width: int = 0,
         border_radius: int = 0) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.rect(pixels, colour, area, width, border_radius=border_radius)
    return c.unbox(pygame.draw.rect(pixels, colour, c.box(area), c.width_px(width),
                                    border_radius=round(c.px(border_radius))))


def line(surface: Target, colour: Colour, start: Point, end: Point,
         width: int = 1) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.line(pixels, colour, start, end, width)
    return c.unbox(pygame.draw.line(pixels, colour, c.point(start), c.point(end),
                                    c.width_px(width)))


def lines(surface: Target, colour: Colour, closed: bool, points: Sequence[Point],
          width: int = 1) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.lines(pixels, colour, closed, points, width)
    return c.unbox(pygame.draw.lines(pixels, colour, closed, [c.point(p) for p in points],
                                     c.width_px(width)))


def aaline(surface: Target, colour: Colour, start: Point, end: Point) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.aaline(pixels, colour, start, end)
    return c.unbox(pygame.draw.aaline(pixels, colour, c.point(start), c.point(end)))


def polygon(surface: Target, colour: Colour, points: Sequence[Point],
            width: int = 0) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.polygon(pixels, colour, points, width)
    return c.unbox(pygame.draw.polygon(pixels, colour, [c.point(p) for p in points],
                                       c.width_px(width)))


def circle(surface: Target, colour: Colour, centre: Point, radius: float,
           width: int = 0) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.circle(pixels, colour, centre, radius, width)
    return c.unbox(pygame.draw.circle(pixels, colour, c.point(centre), c.px(radius),
                                      c.width_px(width)))


def ellipse(surface: Target, colour: Colour, area: RectLike, width: int = 0) -> pygame.Rect:
    pixels, c = _split(surface)
    if c is None:
        return pygame.draw.ellipse(pixels, colour, area, width)
    return c.unbox(pygame.draw.ellipse(pixels, colour, c.box(area), c.width_px(width)))


# -- pictures drawn for their size: the counters, craters, arrows, the stroke figures --
def art(surface: Target, make: Callable[[int], pygame.Surface], size: int,
        alpha: int | None = None, **where: Point) -> pygame.Rect:
    """Blit `make(pixels)`, a picture drawn by code for the size it is asked (art.counter,
    art.crater...), asked at this canvas's pixels so it is sharp, and placed by one anchor
    in units (center=(x, y), topleft=...). `alpha` makes it see-through. Returns its rect in
    units."""
    pixels, c = _split(surface)
    image = make(size if c is None else max(1, round(size * c.scale)))
    if alpha is not None:
        image = image.copy()
        image.set_alpha(alpha)
    if c is None:
        placed = image.get_rect(**where)
        pixels.blit(image, placed)
        return placed
    anchor = {name: _rounded(c.point(value)) for name, value in where.items()}
    placed = image.get_rect(**anchor)
    pixels.blit(image, placed)
    return c.unbox(placed)


def _rounded(p: tuple[float, float]) -> tuple[int, int]:
    return round(p[0]), round(p[1])


def fill(surface: Target, colour: Colour, area: RectLike | None = None,
         special_flags: int = 0) -> None:
    """Fill `area` (all of it when None), or blend the colour in by `special_flags`."""
    pixels, c = _split(surface)
    pixels.fill(colour, area if area is None or c is None else c.box(area), special_flags)


def blit(surface: Target, source: Canvas | pygame.Surface, dest: RectLike | Point) -> pygame.Rect:
    """A layer drawn on its own (the map's ground, a see-through tint) onto `surface`, which
    may be a plain pygame surface drawn at one pixel a unit."""
    if isinstance(surface, Canvas):
        return surface.blit(source, dest)
    return surface.blit(source.surface if isinstance(source, Canvas) else source, dest)

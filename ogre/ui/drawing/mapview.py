"""The map: terrain, pieces, highlights and the four corner arrows (B1-B4, S2).

Half the battlefield shows at a time like the 1986 game; `whole` shows all of it
at a smaller scale. The terrain layer is drawn once per scroll or terrain change
and cached, so a frame only blits it and the counters.
"""

from __future__ import annotations

import math
from functools import partial

import pygame

from ogre.rules.board import CRATER_LINE_ROW, OBSTRUCTED_LAST_ROW, Board
from ogre.rules.hexes import ALL_HEXES, col_row
from ogre.ui.drawing import art, figures
from ogre.ui.drawing.layout import HexLayout
from ogre.ui.toolkit import ink, theme

HALF_SIZE = 32      # hex radius in the half-map view; the whole map is never drawn larger
HEX_NUMBER = (88, 76, 52)   # dark enough to read on both the scorched and the clear ground
# The whole map shows by itself when it fits at this radius or more (B4): its counters are then
# 36 px or more, with their full figures, and the hex numbers have room above them. 25 is what
# a window on a 1080-line desktop, less its title bar and panel, fits (about 980 lines).
AUTO_WHOLE_SIZE = 25
LAST_ROW = 22
ARROW = 26          # the corner arrows' size


def map_rect(canvas_size: tuple[int, int]) -> pygame.Rect:
    """The map's place on a canvas of this size: right of the sidebar, below the menu bar."""
    w, h = canvas_size
    return pygame.Rect(theme.SIDEBAR_W, theme.MENU_H, w - theme.SIDEBAR_W, h - theme.MENU_H)


class MapView:
    def __init__(self, rect: pygame.Rect) -> None:
        self.top_row = 11        # the Ogre's end of the field first: rows 11-22
        self.chosen: bool | None = None    # whole (True) or half (False) once the player picks
        self._terrain_key: tuple[Board, bool, int, bool, float] | None = None
        self._terrain: ink.Canvas | None = None
        # fill_hexes' tinted layers and where they go
        self._overlays: dict[tuple, tuple[ink.Canvas, tuple[int, int]]] = {}
        self.resize(rect)

    def resize(self, rect: pygame.Rect) -> None:
        """Fit the view to a new rect (the window changed), keeping its scroll and the player's
        whole/half choice; until the player chooses, the whole map shows when it fits (B4)."""
        self.rect = pygame.Rect(rect)
        r, s = self.rect, ARROW
        self.arrows = {
            "top": pygame.Rect(r.left + 2, r.top + 2, s, s),
            "bottom": pygame.Rect(r.left + 2, r.bottom - s - 2, s, s),
            "up": pygame.Rect(r.right - s - 2, r.top + 2, s, s),
            "down": pygame.Rect(r.right - s - 2, r.bottom - s - 2, s, s),
        }
        self.whole_size = self._fit_whole()
        self.whole = self.chosen if self.chosen is not None else \
            self.whole_size >= AUTO_WHOLE_SIZE
        self._terrain_key = None
        self._overlays.clear()
        self.scroll_to(self.top_row)

    def _fit_whole(self) -> int:
        """The largest hex radius (at most the half view's) at which every counter of the whole
        map is fully in view: inside the rect and clear of the corner arrows."""
        for size in range(HALF_SIZE, 5, -1):
            self.layout = self._layout(size, 1)
            if all(self.fully_visible(h) for h in ALL_HEXES):
                return size
        return 6

    # -- geometry --
    @property
    def visible_rows(self) -> int:
        return LAST_ROW if self.whole else int(self.rect.height / (HALF_SIZE * 1.7320508) - 0.5)

    def max_top(self) -> int:
        return 1 if self.whole else max(1, LAST_ROW - self.visible_rows + 1)

    def _make_layout(self) -> HexLayout:
        if self.whole:
            return self._layout(self.whole_size, 1)
        return self._layout(HALF_SIZE, self.top_row)

    def _layout(self, size: int, top_row: int) -> HexLayout:
        width = size * (2 + 1.5 * 14)
        ox = self.rect.left + (self.rect.width - width) / 2
        return HexLayout(size, (ox, self.rect.top + 2), top_row=top_row)

    def scroll_to(self, top: int) -> None:
        """Scroll the half view; the whole view has nothing to scroll and keeps the half
        view's row for when Tab goes back to it."""
        if not self.whole:
            self.top_row = max(1, min(self.max_top(), top))
        self.layout = self._make_layout()

    def toggle_whole(self) -> None:
        """Tab: the player's choice, kept through window resizes."""
        self.whole = self.chosen = not self.whole
        self.scroll_to(self.top_row)

    def jump_half(self, bottom: bool) -> None:
        self.scroll_to(self.max_top() if bottom else 1)

    def click_arrow(self, pos) -> bool:
        """The corner arrows: barred ones jump to a half, plain ones scroll one row (B4)."""
        for name, rect in self.arrows.items():
            if rect.collidepoint(pos):
                if self.whole:
                    return True
                if name in ("top", "bottom"):
                    self.jump_half(name == "bottom")
                else:
                    self.scroll_to(self.top_row + (-1 if name == "up" else 1))
                return True
        return False

    def show_hex(self, h: int) -> None:
        """Scroll as little as needed so that hex h's counter is fully in view."""
        if self.whole or not h or self.fully_visible(h):
            return
        self.frame(h)

    def frame(self, focus: int, others=()) -> None:
        """Scroll so `focus` is fully in view with as many of `others` as fit; `others` come
        nearest first, and a view that shows a nearer one beats one that shows more far ones.
        Of equal views, the one nearest the current keeps the player's bearings."""
        if self.whole or not focus:
            return
        keep = self.top_row
        best = None
        for top in range(1, self.max_top() + 1):
            self.scroll_to(top)
            shown = [self.fully_visible(h) for h in others]
            prefix = shown.index(False) if False in shown else len(shown)
            score = (self.fully_visible(focus), prefix, sum(shown), -abs(top - keep))
            if best is None or score > best[0]:
                best = (score, top)
        self.scroll_to(best[1] if best else keep)

    def counter_rect(self, h: int) -> pygame.Rect:
        """Where hex h's counter is drawn (blit_counter's rect)."""
        x, y = self.layout.center(h)
        size = self.counter_size
        return pygame.Rect(0, 0, size, size).move(int(x) - size // 2, int(y) - size // 2)

    def fully_visible(self, h: int) -> bool:
        """A counter on hex h would show whole: not cut by the map's edge nor under an arrow."""
        r = self.counter_rect(h)
        return self.rect.contains(r) and r.collidelist(list(self.arrows.values())) < 0

    def hex_at(self, pos) -> int:
        if not self.rect.collidepoint(pos):
            return 0
        h = self.layout.hex_at(pos)
        return h if h and self.hex_visible(h) else 0

    def hex_visible(self, h: int) -> bool:
        """On screen enough to draw its counter and take clicks: its centre is in the view."""
        _, y = self.layout.center(h)
        return self.rect.top <= y <= self.rect.bottom

    # -- drawing --
    def terrain(self, board: Board, on: ink.Target | None = None,
                dotted_hexsides: bool = False) -> ink.Canvas:
        """The map's ground, hexsides, craters and numbers, drawn at the pixels of `on` (the
        canvas it will be blitted to; none: one pixel a unit) once per view."""
        scale = 1.0 if on is None else ink.scale_of(on)
        key = (board, self.whole, self.top_row, dotted_hexsides, scale)
        terrain = self._terrain
        if key != self._terrain_key or terrain is None:
            terrain = self._terrain = self._draw_terrain(board, dotted_hexsides, scale)
            self._terrain_key = key
        return terrain

    def _draw_terrain(self, board: Board, dotted: bool, scale: float) -> ink.Canvas:
        surf = ink.Canvas(self.rect.size, scale)
        surf.fill(theme.SWAMP)
        L = self.layout
        off = (-self.rect.left, -self.rect.top)

        def pts(h):
            return [(x + off[0], y + off[1]) for x, y in L.corners(h)]

        for h in ALL_HEXES:
            row = col_row(h)[1]
            fill = theme.MAP_CLEAR if row > OBSTRUCTED_LAST_ROW else theme.MAP_BG
            ink.polygon(surf, fill, pts(h))
        # the river south of the map
        bottom_y = max(L.center(h)[1] for h in ALL_HEXES) + L.size * 0.87 + off[1]
        ink.rect(surf, theme.RIVER, (0, bottom_y, self.rect.width, self.rect.height))
        for h in ALL_HEXES:
            if dotted:
                _dotted_polygon(surf, theme.DOTTED_EDGE, pts(h))
            else:
                ink.polygon(surf, theme.HEX_EDGE, pts(h), 1)
        self._draw_crater_line(surf, off)
        size = int(L.size * 1.25)
        for h in board.craters:
            x, y = L.center(h)
            ink.art(surf, art.crater, size, center=(x + off[0], y + off[1]))
        width = max(3, int(L.size / 6))
        for a, b in board.rubble:
            p, q = shared_edge(L, a, b)
            ink.line(surf, theme.RUBBLE, (p[0] + off[0], p[1] + off[1]),
                             (q[0] + off[0], q[1] + off[1]), width)
        self._draw_labels(surf, off)
        return surf

    def _draw_crater_line(self, surf, off) -> None:
        L = self.layout
        a = L.center(100 + CRATER_LINE_ROW)
        b = L.center(1500 + CRATER_LINE_ROW)
        ink.line(surf, theme.CRATER_LINE, (a[0] + off[0], a[1] + off[1]),
                         (b[0] + off[0], b[1] + off[1]), 1)

    def _draw_labels(self, surf, off) -> None:
        """B1: each hex's CCRR number just inside its top edge, in our figures (a "1" with a
        flag and a foot), under any counter, whose figures sit at its bottom."""
        if self.whole and self.layout.size < AUTO_WHOLE_SIZE:
            return          # the small whole map: numbers would crowd the counters' figures
        L = self.layout
        height = hex_number_height(L.size)
        for h in ALL_HEXES:
            x, y = L.center(h)
            figures.draw(surf, f"{h:04d}", height, HEX_NUMBER,
                         midtop=(round(x + off[0]), round(y + off[1] - L.row_h / 2 + 2)))

    def draw_arrows(self, surface: ink.Target) -> None:
        for name, rect in self.arrows.items():
            direction = "up" if name in ("top", "up") else "down"
            ink.rect(surface, theme.PANEL, rect, border_radius=4)
            ink.art(surface, partial(art.arrow, direction, name in ("top", "bottom")),
                    rect.width, topleft=rect.topleft)

    def fill_hexes(self, surface: ink.Target, hexes, colour, alpha: int = 90) -> None:
        if not hexes:
            return
        # The same tint is drawn every frame while it shows (the Range umbrella, the entry
        # row): build each layer once per view and keep the last few.
        key = (frozenset(hexes), tuple(colour), alpha, self.whole, self.top_row,
               ink.scale_of(surface))
        made = self._overlays.get(key)
        if made is None:
            made = self._overlays[key] = self._tint(hexes, colour, alpha, ink.scale_of(surface))
            if len(self._overlays) > 8:
                self._overlays.pop(next(iter(self._overlays)))
        layer, topleft = made
        ink.blit(surface, layer, topleft)

    def _tint(self, hexes, colour, alpha: int, scale: float) -> tuple[ink.Canvas, tuple[int, int]]:
        """The hexes filled see-through on a layer just their size (a see-through blit costs
        by the pixel, and on a 4K screen the whole map is six million of them)."""
        corners = [p for h in hexes for p in self.layout.corners(h)]
        box = pygame.Rect(math.floor(min(x for x, _ in corners)),
                          math.floor(min(y for _, y in corners)), 0, 0)
        box.width = math.ceil(max(x for x, _ in corners)) - box.left + 1
        box.height = math.ceil(max(y for _, y in corners)) - box.top + 1
        box = box.clip(self.rect)
        layer = ink.Canvas(box.size, scale, alpha=True)
        for h in hexes:
            ink.polygon(layer, (*colour, alpha),
                        [(x - box.left, y - box.top) for x, y in self.layout.corners(h)])
        return layer, box.topleft

    def outline_hex(self, surface: ink.Target, h: int, colour, width: int = 3) -> None:
        ink.polygon(surface, colour, self.layout.corners(h), width)

    def draw_counter(self, surface: ink.Target, h: int, kind: str, alpha: int | None = None,
                     **looks) -> None:
        """A counter (art.counter's kind and looks: squads, state, mark) on hex h."""
        x, y = self.layout.center(h)
        ink.art(surface, partial(art.counter, kind, **looks), self.counter_size, alpha,
                center=(int(x), int(y)))

    def draw_mine(self, surface: ink.Target, h: int, found: bool, corner: bool = False) -> None:
        """A mine (8.03) on hex h; small in the hex's lower corner, `corner`, where a counter
        stands on it."""
        x, y = self.layout.center(h)
        size = self.layout.size
        if corner:
            x, y = x + size * 0.55, y + size * 0.5
        ink.art(surface, partial(art.mine, found=found), int(size * (0.55 if corner else 1.0)),
                None, center=(int(x), int(y)))

    @property
    def counter_size(self) -> int:
        return int(self.layout.size * 1.45)


def hex_number_height(size: float) -> int:
    """How tall the hex numbers' digits are in a hex of this radius: 9 px at least (11 in
    the default window), and no more than fits above a counter's figures."""
    return max(9, round(size * 0.28))


def shared_edge(L: HexLayout, a: int, b: int):
    """The two corners that hexes a and b share."""
    ca = L.corners(a)
    cb = L.corners(b)
    pairs = sorted(((pa[0] - pb[0]) ** 2 + (pa[1] - pb[1]) ** 2, pa) for pa in ca for pb in cb)
    return pairs[0][1], pairs[1][1]


def _dotted_polygon(surf, colour, points) -> None:
    for i in range(len(points)):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % len(points)]
        for t in range(0, 10, 2):
            f1, f2 = t / 10, (t + 1) / 10
            ink.line(surf, colour, (x1 + (x2 - x1) * f1, y1 + (y2 - y1) * f1),
                             (x1 + (x2 - x1) * f2, y1 + (y2 - y1) * f2), 2)


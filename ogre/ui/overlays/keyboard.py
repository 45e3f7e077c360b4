"""Keyboard play (S4): a pointer moved with the arrow keys, Space to click, Z to drag.

On the map the arrows move the pointer a hex at a time (Shift: three), scrolling the map when
the next hex is out of view; past the map's left edge they reach the sidebar, where they step
from control to control, as they do in a dialog. Ctrl+arrows move it a few pixels, for what
lies between hex centres (the editor's hexsides). The pointer makes ordinary mouse events, so
everything the mouse can do, the keyboard can do, through the same code paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ogre.rules.hexes import ALL_HEXES, COLUMNS, col_row, hex_id, rows_in_column
from ogre.ui.toolkit import ink, keymap, theme

if TYPE_CHECKING:
    from ogre.ui.drawing.mapview import MapView

FINE_STEP = 6          # Ctrl+arrow: pixels
BIG_HEX_STEP = 3       # Shift+arrow: hexes
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


@dataclass
class KeyTargets:
    """What the arrows can reach on the current screen: its map (None when a dialog is open or
    the screen has none) and its controls (button rectangles), in canvas coordinates."""
    map: MapView | None = None
    controls: list[pygame.Rect] = field(default_factory=list)
    bounds: tuple[int, int] = theme.LOGICAL_SIZE


def step_hex(h: int, dx: int, dy: int, n: int = 1) -> int:
    """The hex n steps from h: left and right keep the row number (0809 -> 0909), up and down
    the column; the map's edges stop it. 0 when the step leaves the map past a side edge."""
    col, row = col_row(h)
    for _ in range(n):
        col, row = col + dx, row + dy
        if not 1 <= col <= COLUMNS:
            return 0
        row = max(1, min(rows_in_column(col), row))
    return hex_id(col, row)


def nearest_control(controls, pos, dx: int, dy: int) -> pygame.Rect | None:
    """The control whose centre lies nearest in the arrow's direction (within 60 degrees of it
    either side), counting distance across the direction double so rows and columns win."""
    best, best_cost = None, None
    for r in controls:
        vx, vy = r.centerx - pos[0], r.centery - pos[1]
        along = vx * dx + vy * dy
        across = abs(vx * dy) + abs(vy * dx)
        if along <= 0 or r.collidepoint(pos) or across > along * 1.8:
            continue
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = r, cost
    return best


class KeyPointer:
    def __init__(self, bounds: tuple[int, int] = theme.LOGICAL_SIZE) -> None:
        self.bounds = bounds       # the canvas: the pointer stays on it
        self.pos = (bounds[0] // 2, bounds[1] // 2)
        self.visible = False
        self.holding = False       # Z pressed once: the button is down until Z again
        self.last_hex = 0          # where the pointer left the map, to come back to

    def events_for(self, event: pygame.event.Event,
                   targets: KeyTargets | None = None) -> list[pygame.event.Event] | None:
        """The mouse events a key stands for, or None when the key is not the pointer's."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in ARROWS:
            self.pos = self._moved(event, targets or KeyTargets())
            self.visible = True
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos, rel=(0, 0),
                                       buttons=(1 if self.holding else 0, 0, 0))]
        command = keymap.command_of(event.key)
        if command == "click":
            self.visible = True
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos, button=1)]
        if command == "carry":
            self.visible = True
            self.holding = not self.holding
            kind = pygame.MOUSEBUTTONDOWN if self.holding else pygame.MOUSEBUTTONUP
            return [pygame.event.Event(kind, pos=self.pos, button=1)]
        return None

    def _moved(self, event, targets: KeyTargets) -> tuple[int, int]:
        dx, dy = ARROWS[event.key]
        w, h = targets.bounds
        if event.mod & pygame.KMOD_CTRL:
            x, y = self.pos[0] + dx * FINE_STEP, self.pos[1] + dy * FINE_STEP
            return max(0, min(w - 1, x)), max(0, min(h - 1, y))
        m = targets.map
        if m is not None and m.rect.collidepoint(self.pos):
            n = BIG_HEX_STEP if event.mod & pygame.KMOD_SHIFT else 1
            return self._on_map(m, targets, dx, dy, n)
        r = nearest_control(targets.controls, self.pos, dx, dy)
        if r is not None:
            return r.center
        if m is not None and dx > 0 and self.pos[0] < m.rect.left:
            return self._onto_map(m)          # right from the sidebar: back to the map
        return self.pos

    def _on_map(self, m, targets: KeyTargets, dx: int, dy: int, n: int) -> tuple[int, int]:
        here = m.hex_at(self.pos) or self.last_hex or _nearest_hex(m, self.pos)
        if not m.hex_at(self.pos) and dy < 0 and here:
            n -= 1                         # from below the bottom row, up comes back onto it
        if dy > 0 and col_row(here)[1] == rows_in_column(col_row(here)[0]):
            return self._below(m, here)    # off the map, for the Ogre leaving it (M9)
        to = step_hex(here, dx, dy, n) if n else here
        if not to:
            r = nearest_control(targets.controls, self.pos, dx, dy) if dx < 0 else None
            self.last_hex = here
            return r.center if r is not None else self.pos
        m.show_hex(to)
        self.last_hex = to
        x, y = m.layout.center(to)
        return int(x), int(y)

    def _below(self, m, h: int) -> tuple[int, int]:
        m.show_hex(h)
        self.last_hex = h
        x, y = m.layout.center(h)
        return int(x), int(min(m.rect.bottom - 2, y + m.layout.row_h))

    def _onto_map(self, m) -> tuple[int, int]:
        h = self.last_hex or _nearest_hex(m, (m.rect.left + 1, self.pos[1]))
        m.show_hex(h)
        x, y = m.layout.center(h)
        return int(x), int(y)

    def resize(self, bounds: tuple[int, int]) -> None:
        """The canvas changed height with the window: keep the pointer on it."""
        self.bounds = bounds
        self.pos = (min(self.pos[0], bounds[0] - 1), min(self.pos[1], bounds[1] - 1))

    def follow(self, pos) -> None:
        """The mouse moved: the keyboard pointer starts from there next time."""
        self.pos = pos
        self.visible = False
        self.last_hex = 0

    def draw(self, surface: ink.Target) -> None:
        if not self.visible:
            return
        x, y = self.pos
        pts = [(x, y), (x, y + 18), (x + 5, y + 13), (x + 12, y + 13)]
        ink.polygon(surface, (0, 0, 0), pts)
        ink.polygon(surface, (255, 255, 255), pts, 2)


def _nearest_hex(m, pos) -> int:
    """The visible hex whose centre is nearest a point (the pointer may sit between hexes)."""
    seen = [h for h in ALL_HEXES if m.hex_visible(h)]
    return min(seen, key=lambda h: (m.layout.center(h)[0] - pos[0]) ** 2
               + (m.layout.center(h)[1] - pos[1]) ** 2, default=0)

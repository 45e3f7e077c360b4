"""Keyboard play (S4): a pointer moved with the arrow keys, Space to click, Z to drag.

The pointer makes ordinary mouse events, so everything the mouse can do, the
keyboard can do, through the same code paths.
"""

from __future__ import annotations

import pygame

from . import theme

STEP = 6
BIG_STEP = 30
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


class KeyPointer:
    def __init__(self, bounds: tuple[int, int] = theme.LOGICAL_SIZE) -> None:
        self.bounds = bounds       # the canvas: the pointer stays on it
        self.pos = (bounds[0] // 2, bounds[1] // 2)
        self.visible = False
        self.holding = False       # Z pressed once: the button is down until Z again

    def events_for(self, event: pygame.event.Event) -> list[pygame.event.Event] | None:
        """The mouse events a key stands for, or None when the key is not the pointer's."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in ARROWS:
            dx, dy = ARROWS[event.key]
            step = BIG_STEP if event.mod & pygame.KMOD_SHIFT else STEP
            w, h = self.bounds
            self.pos = (max(0, min(w - 1, self.pos[0] + dx * step)),
                        max(0, min(h - 1, self.pos[1] + dy * step)))
            self.visible = True
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=self.pos, rel=(0, 0),
                                       buttons=(1 if self.holding else 0, 0, 0))]
        if event.key == pygame.K_SPACE:
            self.visible = True
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.pos, button=1)]
        if event.key == pygame.K_z:
            self.visible = True
            self.holding = not self.holding
            kind = pygame.MOUSEBUTTONDOWN if self.holding else pygame.MOUSEBUTTONUP
            return [pygame.event.Event(kind, pos=self.pos, button=1)]
        return None

    def resize(self, bounds: tuple[int, int]) -> None:
        """The canvas changed height with the window: keep the pointer on it."""
        self.bounds = bounds
        self.pos = (min(self.pos[0], bounds[0] - 1), min(self.pos[1], bounds[1] - 1))

    def follow(self, pos) -> None:
        """The mouse moved: the keyboard pointer starts from there next time."""
        self.pos = pos
        self.visible = False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        x, y = self.pos
        pts = [(x, y), (x, y + 18), (x + 5, y + 13), (x + 12, y + 13)]
        pygame.draw.polygon(surface, (0, 0, 0), pts)
        pygame.draw.polygon(surface, (255, 255, 255), pts, 2)

"""M1, S1: a refusal said where the player is looking, as well as in the Tactical Display.

A refused drag snaps the piece back, and the 1986 message at the foot of the sidebar is easily
missed there; so for a moment the message is also drawn in a small box beside the piece's hex.
It goes when its time is up, or sooner when the sidebar's message goes (the next move, a click).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from ogre.ui.drawing.mapview import MapView
from ogre.ui.toolkit import ink, theme

NOTE_SECONDS = 2.0
SIZE = 18                   # the note's letters: bold, the refusal's red
MAX_W = 240                 # wider messages wrap
PAD = 6


class RefusalNote:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock             # tests hand in their own
        self.message = ""
        self.hex = 0
        self.until = 0.0

    def show(self, message: str, h: int) -> None:
        """The refusal `message`, beside hex `h` (none when 0) for NOTE_SECONDS."""
        self.message, self.hex = message, h
        self.until = self.clock() + NOTE_SECONDS
        if h:
            # the app redraws only when something happens; an expose is such a thing, so one
            # is asked for when the note is due to go
            try:
                pygame.time.set_timer(pygame.event.Event(pygame.WINDOWEXPOSED),
                                      int(NOTE_SECONDS * 1000) + 50, 1)
            except pygame.error:
                pass

    def live(self, message: str) -> bool:
        """Is the note shown now? Only while the sidebar still says the same refusal."""
        return bool(self.hex and message) and message == self.message and (
            self.clock() < self.until)

    def rect(self, mapview: MapView) -> pygame.Rect:
        """Beside the counter, to its right (to its left at the map's right edge), inside the
        map."""
        r = mapview.counter_rect(self.hex)
        width = min(MAX_W, theme.font(SIZE, True).size(self.message)[0] + 2 * PAD + 2)
        para = theme.Para(self.message, SIZE, theme.ERROR, bold=True)
        tall = theme.paragraphs_height([para], width - 2 * PAD) + 2 * PAD
        box = pygame.Rect(0, 0, width, tall)
        box.midleft = (r.right + 6, r.centery)
        if box.right > mapview.rect.right - 4:
            box.midright = (r.left - 6, r.centery)
        return box.clamp(mapview.rect)

    def draw(self, surface: ink.Target, mapview: MapView, message: str) -> None:
        if not self.live(message) or not mapview.hex_visible(self.hex):
            return
        box = self.rect(mapview)
        ink.rect(surface, theme.BG, box, border_radius=5)
        ink.rect(surface, theme.ERROR, box, 2, border_radius=5)
        theme.draw_in_box(surface, self.message, box.inflate(-2 * PAD, -2 * PAD), SIZE,
                          theme.ERROR, bold=True, smallest=12)

"""The application: one window, a fixed logical canvas scaled to it, and one plain loop.

`step()` runs one frame's worth of events so tests can drive the real app
without a clock; `run()` loops and sleeps while nothing changes.
"""

from __future__ import annotations

import os

import pygame

from ogre.rules.field import Field, new_game
from ogre.rules.state import GameState

from . import theme
from .battle import Battle

IDLE_WAIT_MS = 250


class App:
    def __init__(self, *, state: GameState | None = None, field: Field | None = None,
                 size: tuple[int, int] | None = None, sounds=None, seed: int = 1) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("OGRE")
        self.window = pygame.display.set_mode(size or theme.LOGICAL_SIZE, pygame.RESIZABLE)
        self.canvas = pygame.Surface(theme.LOGICAL_SIZE)
        self.sounds = sounds
        self.running = True
        self.dirty = True
        self.frames = 0
        if state is None:
            state = new_game(field or default_field(), 3, seed)
        self.battle = Battle(state, sounds=sounds, on_change=self.touch)

    def touch(self) -> None:
        self.dirty = True

    # -- coordinates: the canvas is scaled to fit the window, letterboxed --
    def _fit(self) -> tuple[float, int, int]:
        w, h = self.window.get_size()
        lw, lh = theme.LOGICAL_SIZE
        scale = min(w / lw, h / lh)
        return scale, int((w - lw * scale) / 2), int((h - lh * scale) / 2)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        scale, ox, oy = self._fit()
        return int((pos[0] - ox) / scale), int((pos[1] - oy) / scale)

    def to_window(self, pos: tuple[int, int]) -> tuple[int, int]:
        scale, ox, oy = self._fit()
        return int(pos[0] * scale + ox + scale / 2), int(pos[1] * scale + oy + scale / 2)

    # -- the loop --
    def step(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle events (the queue's when None) and redraw if anything changed."""
        for event in pygame.event.get() if events is None else events:
            self.handle(event)
        if self.dirty:
            self.draw()
        return self.running

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWEXPOSED):
            self.dirty = True
            return
        if hasattr(event, "pos"):
            data = dict(event.__dict__)
            data["pos"] = self.to_logical(event.pos)
            event = pygame.event.Event(event.type, data)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.KEYDOWN):
            if self.handle_key(event):
                self.dirty = True
                return
            self.battle.handle_event(event)
            self.dirty = True

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or self.battle.dialog is not None:
            return False
        m = self.battle.map
        if event.key == pygame.K_TAB:
            m.toggle_whole()
        elif event.key == pygame.K_PAGEUP:
            m.scroll_to(m.top_row - 1)
        elif event.key == pygame.K_PAGEDOWN:
            m.scroll_to(m.top_row + 1)
        elif event.key == pygame.K_HOME:
            m.jump_half(bottom=False)
        elif event.key == pygame.K_END:
            m.jump_half(bottom=True)
        else:
            return False
        return True

    def draw(self) -> None:
        self.canvas.fill(theme.BG)
        self.battle.draw(self.canvas)
        scale, ox, oy = self._fit()
        self.window.fill((0, 0, 0))
        if abs(scale - 1.0) < 1e-6:
            self.window.blit(self.canvas, (ox, oy))
        else:
            size = (int(theme.LOGICAL_SIZE[0] * scale), int(theme.LOGICAL_SIZE[1] * scale))
            self.window.blit(pygame.transform.smoothscale(self.canvas, size), (ox, oy))
        pygame.display.flip()
        self.dirty = False
        self.frames += 1

    def run(self) -> None:
        while self.running:
            if not self.dirty:
                # Sleep until something happens: an idle game uses almost no CPU.
                first = pygame.event.wait(IDLE_WAIT_MS)
                if first.type != pygame.NOEVENT:
                    self.handle(first)
            self.step()
        pygame.quit()


def default_field() -> Field:
    """The field a new game starts on until the Field Editor lands: the first predesigned one."""
    from ogre.resources import standard_board
    try:
        from ogre.storage.fields import load_predesigned
        fields = load_predesigned()
        for f in fields:
            mark = getattr(f, "mark", 3)
            field = getattr(f, "field", f)
            if mark == 3:
                return field
    except Exception:   # storage not ready or files unreadable: fall back to a built-in field
        pass
    return fallback_field(standard_board())


def fallback_field(board) -> Field:
    from ogre.rules.field import Placement
    from ogre.rules.units import Kind
    P = Placement
    pl = [P(Kind.CP, 801), P(Kind.HOWITZER, 702), P(Kind.HOWITZER, 1002),
          P(Kind.HEAVY, 506), P(Kind.HEAVY, 1106), P(Kind.MISSILE, 604), P(Kind.MISSILE, 1005),
          P(Kind.GEV, 310), P(Kind.GEV, 710), P(Kind.GEV, 1110), P(Kind.GEV, 1210)]
    pl += [P(Kind.INFANTRY, h, 3) for h in (405, 607, 805, 906, 1205, 1304)]
    pl.append(P(Kind.INFANTRY, 703, 2))
    return Field(board, tuple(pl), "Standard defence")


def headless() -> None:
    """Use SDL's dummy drivers (tests, the monkey runner, screenshots without a display)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

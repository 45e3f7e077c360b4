"""The replay viewer (X3): a battle log stepped forward and back with keys, each action's
dice and results shown in the sidebar. Nothing can be moved; the map can be scrolled."""

from __future__ import annotations

import pygame

from ogre.rules.state import GameState
from ogre.storage.battlelog import Step

from . import theme
from .battle import Battle
from .widgets import Button


class ReplayScreen:
    KEYS_FORWARD = (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_PERIOD)
    KEYS_BACK = (pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_COMMA)

    def __init__(self, start: GameState, steps: list[Step], name: str = "") -> None:
        self.start = start
        self.steps = steps
        self.name = name
        self.index = 0                      # how many steps have been played
        self.battle = Battle(start)
        self.battle.dialog = None
        self.dialog = None
        self.map = self.battle.map
        self.buttons: list[Button] = []
        self._show()

    def go(self, index: int) -> None:
        self.index = max(0, min(len(self.steps), index))
        self._show()

    def _show(self) -> None:
        b = self.battle
        b.state = self.steps[self.index - 1].state if self.index else self.start
        b.selected = None
        if self.index == 0:
            b.message = f"REPLAY {self.name}: the start. Right arrow steps forward."
            b.results = []
            return
        step = self.steps[self.index - 1]
        b.message = f"REPLAY {self.index}/{len(self.steps)}: {step.text}"
        lines = []
        for e in step.events:
            dice = (f" (die {e.die}, {e.odds})" if e.die and e.odds
                    else (f" (die {e.die})" if e.die else ""))
            lines.append(e.text + dice)
        b.results = lines or [step.text]
        for e in step.events:
            if e.hex:
                self.map.show_hex(e.hex)

    def resize(self, canvas_size: tuple[int, int]) -> None:
        self.battle.resize(canvas_size)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in self.KEYS_FORWARD:
            self.go(self.index + 1)
        elif event.key in self.KEYS_BACK:
            self.go(self.index - 1)
        elif event.key == pygame.K_HOME and event.mod & pygame.KMOD_SHIFT:
            self.go(0)
        elif event.key == pygame.K_END and event.mod & pygame.KMOD_SHIFT:
            self.go(len(self.steps))
        else:
            return False
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.map.click_arrow(event.pos)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.battle.draw(surface)
        banner = pygame.Rect(theme.SIDEBAR_W + 40, theme.MENU_H + 4, 520, 26)
        pygame.draw.rect(surface, theme.PANEL, banner, border_radius=6)
        theme.text(surface, f"Replay  {self.index}/{len(self.steps)}   "
                   "Left/Right: step   Shift+Home/End: start/end", banner.center, 19,
                   theme.ACCENT, center=True)

"""The replay viewer (X3): a battle log stepped forward and back with keys, each action's
dice and results shown in the sidebar. Nothing can be moved; the map can be scrolled.

The sidebar says each step in the live panel's words (status.action_lines), never in the
log's notation, and the Tactical Display tells what is shown rather than inviting a move."""

from __future__ import annotations

import pygame

from ogre.rules import parse_action
from ogre.rules.state import GameState
from ogre.storage.battlelog import Step
from ogre.ui.drawing import status
from ogre.ui.scenes.battle import Battle
from ogre.ui.toolkit import ink, theme
from ogre.ui.toolkit.widgets import Button

BANNER_ROOM = 32        # the stripe above the map where the replay says where it is


def _never() -> bool:
    return False


class ReplayScreen:
    KEYS_FORWARD = (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_PERIOD)
    KEYS_BACK = (pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_COMMA)

    def __init__(self, start: GameState, steps: list[Step], name: str = "") -> None:
        self.start = start
        self.steps = steps
        self.name = name
        self.index = 0                      # how many steps have been played
        # 8.03, 8.04: a battle not yet over is replayed as its attacker may see it; an ended
        # one shows all, as the report does
        last = steps[-1].state if steps else start
        self.viewer = "defense" if last.over else "ogre"
        self.battle = _ReplayBattle(start, self)
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
        b.on_screen = self.steps[self.index - 1].state if self.index else self.start
        b.selected = None
        b.message = ""                      # red is for refusals; a replay refuses nothing
        b.results = self._history()
        if self.index == 0:
            return
        for e in self.steps[self.index - 1].events:
            if e.hex:
                self.map.show_hex(e.hex)

    def step_lines(self, index: int) -> list[str]:
        """Step `index` (from 1) in words."""
        step = self.steps[index - 1]
        before = self.steps[index - 2].state if index > 1 else self.start
        try:
            return status.action_lines(before, parse_action(step.text), step.events) or [
                step.text]
        except (ValueError, KeyError):      # read_log replayed it: this is only a fallback
            return [step.text]

    def _history(self, keep: int = 40) -> list[str]:
        """The result window: the steps up to this one, newest last, as the live panel
        keeps the battle's results."""
        lines: list[str] = []
        i = self.index
        while i > 0 and len(lines) < keep:
            lines[:0] = self.step_lines(i)
            i -= 1
        return lines[-keep:]

    def tactical_lines(self) -> list[str]:
        """What the Tactical Display says in a replay: where in it we are, and the step."""
        if self.index == 0:
            title = f"Replay of {self.name}" if self.name else "Replay"
            return [title, "The start of the battle.", "Right arrow: the first step."]
        return [f"Replay: step {self.index} of {len(self.steps)}",
                *self.step_lines(self.index)]

    def map_area(self, canvas_size: tuple[int, int]) -> pygame.Rect:
        return self.battle.map_area(canvas_size)

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

    def banner_rect(self) -> pygame.Rect:
        """Where the replay says where it is: a stripe of its own above the map."""
        m = self.map.rect
        return pygame.Rect(m.left + 40, m.top - BANNER_ROOM + 3, min(520, m.width - 80),
                           BANNER_ROOM - 6)

    def draw(self, surface: ink.Target) -> None:
        self.battle.draw(surface)
        banner = self.banner_rect()
        ink.rect(surface, theme.PANEL, banner, border_radius=6)
        theme.text(surface, f"Replay  {self.index}/{len(self.steps)}   "
                   "Left/Right: step   Shift+Home/End: start/end", banner.center, 19,
                   theme.ACCENT, center=True)


class _ReplayBattle(Battle):
    """The battle screen as the replay shows it: its Tactical Display says the step shown,
    where a live one would invite a move; its buttons are dim, as nothing can be played; the
    map starts below the replay's banner."""

    def __init__(self, start: GameState, replay: ReplayScreen) -> None:
        self.on_screen = start              # the step shown; nothing of the battle is played
        super().__init__(start)
        self.replay = replay
        self.eyes.viewer = lambda: replay.viewer
        self.top_inset = BANNER_ROOM
        for button in self.buttons:
            button.enabled = _never

    @property
    def state(self) -> GameState:
        return self.on_screen

    @property
    def seen(self) -> GameState:
        return self.eyes.seen(self.on_screen)

    def tactical_lines(self) -> list[str]:
        return self.replay.tactical_lines()
